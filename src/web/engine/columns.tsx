import type { ColumnsType } from 'antd/es/table';
import { Space, Tag } from 'antd';
import { DeleteButton, EditButton, getDefaultSortOrder, ShowButton } from '@refinedev/antd';
import type { BaseRecord, CrudSort } from '@refinedev/core';
import type { TFunction } from 'i18next';
import type { ResourceDef } from '../../domain/resource';
import { fieldLabel, formatValue, listFields } from './fields';
import type { RefLabels } from './useRefLabels';

/** Status-like enums read better as tags: value 1 (valid) green, 0 (invalid) grey. */
const enumTag = (value: unknown, text: string) => <Tag color={String(value) === '1' ? 'green' : String(value) === '0' ? 'default' : 'blue'}>{text}</Tag>;

/** List columns from the schema; every column sorts on the server. */
export const buildColumns = (def: ResourceDef, t: TFunction, refs: RefLabels, sorters: CrudSort[]): ColumnsType<BaseRecord> => {
  const columns: ColumnsType<BaseRecord> = listFields(def).map(([field, schema]) => ({
    key: field,
    dataIndex: field,
    title: fieldLabel(def, field, t),
    sorter: true,
    defaultSortOrder: getDefaultSortOrder(field, sorters),
    ellipsis: schema.type === 'string' && !schema.enum,
    render: (value: unknown) => {
      if (schema['x-ref']) return value === null || value === undefined ? '' : (refs[field]?.get(String(value)) ?? String(value));
      const text = formatValue(schema, value, t);
      return schema['x-enum'] && text ? enumTag(value, text) : text;
    },
  }));

  const canEdit = def.actions.includes('edit');
  const canDelete = def.actions.includes('delete');
  columns.push({
    key: 'actions',
    title: t('table.actions'),
    fixed: 'right',
    width: 1,
    render: (_: unknown, record: BaseRecord) => (
      <Space size="small" style={{ whiteSpace: 'nowrap' }}>
        <ShowButton hideText size="small" resource={def.name} recordItemId={record.id} title={t('buttons.show')} />
        {canEdit && <EditButton hideText size="small" resource={def.name} recordItemId={record.id} title={t('buttons.edit')} />}
        {canDelete && (
          <DeleteButton
            hideText
            size="small"
            resource={def.name}
            recordItemId={record.id}
            title={t('buttons.delete')}
            confirmTitle={t('buttons.deleteConfirm')}
            confirmOkText={t('buttons.delete')}
            confirmCancelText={t('buttons.cancel')}
          />
        )}
      </Space>
    ),
  });
  return columns;
};
