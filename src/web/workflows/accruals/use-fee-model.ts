import { useCan, useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../../resources';
import { recordLabel, recordScreenPath } from '../../../domain/resource';

/**
 * The fee model the charges are priced by, as the user may know it: its name and detail page for
 * who may read fee models, its number for a cargo owner, who may not (no lookup, so no refusal).
 */
export const useFeeModel = (id: number | null | undefined) => {
  const { t, i18n } = useTranslation();
  const def = resourceByName('feeModels')!;
  const readable = useCan({ resource: def.name, action: 'show' }).data?.can === true;
  const { result } = useOne({
    resource: def.name,
    id: id ?? undefined,
    queryOptions: { enabled: readable && !!id },
    meta: { silent: true },
  });
  if (!id) return { text: t('accruals.noFeeModel') };
  if (!readable) return { text: `#${id}` };
  return {
    text: result ? recordLabel(def, result, i18n.language) : `#${id}`,
    path: recordScreenPath(def, 'show', id),
  };
};
