import { useEffect, useMemo } from 'react';
import { List, useTable } from '@refinedev/antd';
import type { BaseRecord } from '@refinedev/core';
import { Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../domain/resource';
import { ColumnPicker } from './ColumnPicker';
import { layoutColumns, ResizableHeaderCell, RowButtonsWatch, useRowButtonsRoom, useTableRoom } from './column-layout';
import { footerSummary, hasSums, type ServedSum } from './footer';
import { buildColumns, rowButtons } from './columns';
import { useRowAccess } from './RowActions';
import { ExportButton } from './ExportButton';
import { ImportButton } from './import/ImportButton';
import { treeParentField } from './fields';
import { filterFormValues, ListFilters, toCrudFilters, type FilterValues } from './ListFilters';
import { toTree } from './tree';
import { useColumnState } from './useColumnState';
import { useWithheldFields } from './use-withheld-fields';
import { PageTitle } from '../layout/PageTitle';
import { useCoveredTop } from '../layout/top-bar';
import { useRefLabels, type ServedLabels } from './useRefLabels';
import { useWorkflowGrants } from './workflow/use-workflow-grants';
import { useWorkflowRunner } from './workflow/use-workflow-runner';
import './engine.css';

const headerComponents = { header: { cell: ResizableHeaderCell } };

/**
 * The one list screen for every resource: columns, filters, search, paging and sort all come
 * from the declaration; page, sort and filters live in the URL (syncWithLocation). A resource
 * whose records point at a parent of their own kind is shown as a tree, all rows at once.
 * The table follows the chosen size (no size of its own), so Small makes its rows denser.
 */
const ListPage = ({ def }: { def: ResourceDef }) => {
  const { t } = useTranslation();
  const parentField = treeParentField(def);
  const { tableProps, tableQuery, searchFormProps, filters, sorters } = useTable<BaseRecord, never, FilterValues>({
    resource: def.name,
    syncWithLocation: true,
    pagination: parentField ? { mode: 'off' } : { pageSize: 20, mode: 'server' },
    // A page's footer totals every row the filters keep, summed by the server; a tree has them all.
    meta: !parentField && hasSums(def) ? { query: { sums: 1 } } : undefined,
    filters: { defaultBehavior: 'replace' },
    onSearch: (values) => toCrudFilters(def, values),
  });
  // Refine fills the search form from the URL as strings on mount; this runs after it (same
  // component, later hook) and puts back typed values, so an enum filter shows its label.
  useEffect(() => {
    searchFormProps.form?.setFieldsValue(filterFormValues(def, filters) as never);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, like Refine's own
  }, []);
  const columnState = useColumnState(def);
  // Fields the user may not read (a blind counter's expected pieces) are no columns of theirs.
  const withheld = useWithheldFields(def);
  const shown = columnState.visible.filter((f) => !withheld.has(f));
  const rowAccess = useRowAccess(def);
  const granted = useWorkflowGrants(def);
  const runner = useWorkflowRunner(def);
  const { start } = runner;
  // Stable while the grants are: the memoised rows keep their buttons.
  const workflow = useMemo(
    () => (def.workflow?.machine ? { granted, start } : undefined),
    [def.workflow?.machine, granted, start],
  );
  const coveredTop = useCoveredTop();
  const rows = tableProps.dataSource as BaseRecord[] | undefined;
  // The names of looked-up records come in the same answer as the rows: painted together.
  const refs = useRefLabels(def, rows, (tableQuery.data?.labels as ServedLabels | undefined) ?? null);
  const dataSource = useMemo(() => (parentField && rows ? toTree(rows, parentField) : rows), [rows, parentField]);
  const built = buildColumns(def, t, refs, {
    visible: shown,
    sorters,
    actions: rowButtons(def, { ...rowAccess, workflow }),
  });
  const [tableBox, room] = useTableRoom();
  const [watchButtons, buttons] = useRowButtonsRoom();
  const { columns, scrollX } = layoutColumns(def, built, {
    visible: shown,
    widths: columnState.widths,
    onResize: columnState.setWidth,
    room,
    buttons,
  });
  // The header row stays in view below the frame's fixed bar, and so does the horizontal scrollbar
  // at the bottom of the screen when the table is wider than it (antd's sticky table).
  const sticky = useMemo(() => ({ offsetHeader: coveredTop }), [coveredTop]);
  return (
    <div className="engine-list">
      <List
        resource={def.name}
        title={<PageTitle>{t(`${def.name}.titles.list`)}</PageTitle>}
        canCreate={def.actions.includes('create')}
        createButtonProps={{ children: t('buttons.create') }}
        headerButtons={({ defaultButtons }) => (
          <Space wrap>
            <ColumnPicker def={def} visible={columnState.visible} onChange={columnState.setVisible} />
            <ExportButton def={def} filters={filters} sorters={sorters} visible={shown} />
            <ImportButton def={def} />
            {defaultButtons}
          </Space>
        )}
      >
        <ListFilters def={def} formProps={searchFormProps} filters={filters} />
        <div ref={tableBox}>
          <RowButtonsWatch value={watchButtons}>
            <Table
              {...tableProps}
              dataSource={dataSource}
              rowKey="id"
              tableLayout="fixed"
              scroll={{ x: scrollX }}
              sticky={sticky}
              components={headerComponents}
              columns={columns}
              summary={footerSummary(def, columns, t, tableQuery.data?.sums as ServedSum[] | undefined)}
              pagination={
                tableProps.pagination
                  ? {
                      ...tableProps.pagination,
                      showSizeChanger: true,
                      showTotal: (total) =>
                        t(tableQuery.data?.totalEstimated ? 'table.totalAbout' : 'table.total', { total }),
                    }
                  : false
              }
              data-testid={`${def.name}-table`}
            />
          </RowButtonsWatch>
        </div>
        {runner.dialog}
      </List>
    </div>
  );
};

export default ListPage;
