import { useEffect } from 'react';
import { useMany, type BaseRecord } from '@refinedev/core';
import { useLocation } from 'react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../resources';
import { labelField, recordLabel, type ResourceDef } from '../../domain/resource';
import { nameView } from '../layout/tags/tags-store';
import { rowResourceText } from './row-resource';

/** A name whose words come from the resource the row names (an audit entry's action), as its list shows it. */
const nameOf = (def: ResourceDef, field: string, record: BaseRecord, t: TFunction) => {
  const schema = def.schema.properties[field];
  return schema && rowResourceText(field, schema, record, t);
};

/**
 * The name of the record a detail or edit page shows, in the screen's language, given to its tab
 * and page title (`Organization: Shenzhen Hengda`), so two tabs of one resource tell themselves
 * apart. A record named by a lookup (a stock row by its SKU) takes the looked-up record's name.
 */
export const useRecordName = (def: ResourceDef, record: BaseRecord | undefined) => {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const field = labelField(def, i18n.language);
  const target = def.schema.properties[field]?.['x-ref'];
  const targetDef = target ? resourceByName(target) : undefined;
  const refId =
    targetDef && record?.[field] !== undefined && record?.[field] !== null ? String(record[field]) : undefined;
  const { result } = useMany({
    resource: target ?? def.name,
    ids: refId ? [refId] : [],
    meta: { silent: true },
    queryOptions: { enabled: !!refId },
  });
  const referenced = result?.data?.[0];
  let name: string | undefined;
  if (record)
    name = targetDef
      ? referenced
        ? recordLabel(targetDef, referenced, i18n.language)
        : undefined
      : nameOf(def, field, record, t) || recordLabel(def, record, i18n.language) || undefined;
  useEffect(() => {
    nameView(pathname, name);
  }, [pathname, name]);
  return name;
};
