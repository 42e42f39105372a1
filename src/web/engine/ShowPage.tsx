import { useParams } from 'react-router';
import { Show } from '@refinedev/antd';
import { useShow, type BaseRecord } from '@refinedev/core';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../domain/resource';
import { fieldLabel, fieldsOf, formatValue, SYSTEM_DETAIL } from './fields';
import { useRefLabels } from './useRefLabels';

/** The one detail screen for every resource: the schema's fields, then created/updated times. */
const ShowPage = ({ def }: { def: ResourceDef }) => {
  const { t } = useTranslation();
  const { id } = useParams();
  const { query } = useShow<BaseRecord>({ resource: def.name, id });
  const record = query.data?.data;
  const refs = useRefLabels(def, record ? [record] : []);
  const items = [...fieldsOf(def), ...SYSTEM_DETAIL].map(([field, schema]) => {
    const value = record?.[field];
    const text = schema['x-ref'] && value !== undefined && value !== null ? (refs[field]?.get(String(value)) ?? String(value)) : formatValue(schema, value, t);
    const label = SYSTEM_DETAIL.some(([f]) => f === field) ? t(`common.${field}`) : fieldLabel(def, field, t);
    return { key: field, label, children: text, span: schema['x-multiline'] ? 2 : 1 };
  });
  return (
    <Show
      resource={def.name}
      recordItemId={id}
      title={t(`${def.name}.titles.show`)}
      isLoading={query.isLoading}
      canEdit={def.actions.includes('edit')}
      canDelete={def.actions.includes('delete')}
      headerButtonProps={{}}
      deleteButtonProps={{ confirmTitle: t('buttons.deleteConfirm'), confirmOkText: t('buttons.delete'), confirmCancelText: t('buttons.cancel') }}
    >
      <Descriptions bordered column={2} size="middle" items={items} data-testid={`${def.name}-detail`} />
    </Show>
  );
};

export default ShowPage;
