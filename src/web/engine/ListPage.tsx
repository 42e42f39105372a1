import { List, useTable } from '@refinedev/antd';
import type { BaseRecord } from '@refinedev/core';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../domain/resource';
import { buildColumns } from './columns';
import { ListFilters, toCrudFilters, type FilterValues } from './ListFilters';
import { useRefLabels } from './useRefLabels';

/**
 * The one list screen for every resource: columns, filters, search, paging and sort all come
 * from the declaration; page, sort and filters live in the URL (syncWithLocation).
 */
const ListPage = ({ def }: { def: ResourceDef }) => {
  const { t } = useTranslation();
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, FilterValues>({
    resource: def.name,
    syncWithLocation: true,
    pagination: { pageSize: 20, mode: 'server' },
    filters: { defaultBehavior: 'replace' },
    onSearch: (values) => toCrudFilters(def, values),
  });
  const rows = tableProps.dataSource as BaseRecord[] | undefined;
  const refs = useRefLabels(def, rows);
  return (
    <List resource={def.name} title={t(`${def.name}.titles.list`)} canCreate={def.actions.includes('create')} createButtonProps={{ children: t('buttons.create') }}>
      <ListFilters def={def} formProps={searchFormProps} filters={filters} />
      <Table
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        columns={buildColumns(def, t, refs, sorters)}
        pagination={tableProps.pagination ? { ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('table.total', { total }) } : false}
        data-testid={`${def.name}-table`}
      />
    </List>
  );
};

export default ListPage;
