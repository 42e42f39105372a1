import { useState } from 'react';
import { ShowButton, useTable } from '@refinedev/antd';
import { useDelete, type BaseKey, type BaseRecord } from '@refinedev/core';
import { Button, Input, Popconfirm, Space, Table } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  buttonPermission,
  engineActions,
  isEditable,
  recordScreenPath,
  type Relation,
  type ResourceDef,
} from '../../domain/resource';
import { matches } from '../../domain/workflow';
import { usePageNavigator } from '../layout/tags/use-page-navigate';
import { Authorized } from './Authorized';
import { ChildFormModal } from './ChildFormModal';
import { footerSummary, hasSums, type ServedSum } from './footer';
import { buildColumns } from './columns';
import { useWithheldFields } from './use-withheld-fields';
import { layoutColumns, RowButtonsWatch, useRowButtonsRoom, useTableRoom } from './column-layout';
import { defaultColumns } from './useColumnState';
import { ImportButton } from './import/ImportButton';
import { RowButtons } from './RowButtons';
import { useRefLabels, type ServedLabels } from './useRefLabels';

interface Props {
  parent: ResourceDef;
  parentId: BaseKey;
  parentRecord?: BaseRecord;
  relationKey: string;
  relation: Relation;
  child: ResourceDef;
}

/**
 * One related list of a detail page: the child resource's generated list over
 * `<api>/{id}/<key>`. Children owned by this parent (their `parent` is it) are added, edited and
 * deleted in place; other related records link to their own detail page.
 */
export const SubList = ({ parent, parentId, parentRecord, relationKey, relation, child }: Props) => {
  const { t } = useTranslation();
  const owned = child.parent?.resource === parent.name && child.parent.foreignKey === relation.foreignKey;
  const [editing, setEditing] = useState<BaseRecord | 'new'>();
  const { tableProps, tableQuery, sorters, setFilters } = useTable<BaseRecord>({
    resource: child.name,
    syncWithLocation: false,
    pagination: { pageSize: 10, mode: 'server' },
    meta: { path: `${parent.api}/${parentId}/${relationKey}`, ...(hasSums(child) && { query: { sums: 1 } }) },
  });
  const { mutate: remove } = useDelete();
  const refs = useRefLabels(
    child,
    tableProps.dataSource as BaseRecord[] | undefined,
    (tableQuery.data?.labels as ServedLabels | undefined) ?? null,
  );
  // Only what the engine serves for the child: lines a workflow writes (lots taken) stay read-only.
  const can = (action: 'create' | 'edit' | 'delete') => owned && engineActions(child).includes(action);
  // Another resource's record (an order's delivery) is made here where the relation says when, the
  // child's create being its own or its workflow's; one the parent may have once, while it has none.
  const once = child.schema.properties[relation.foreignKey]?.['x-unique'];
  const made =
    !owned &&
    !!relation.createWhen &&
    !!parentRecord &&
    matches(parentRecord, relation.createWhen) &&
    child.actions.includes('create') &&
    (!once || tableQuery.data?.total === 0);
  const carried = Object.fromEntries(
    (relation.carries ?? []).flatMap((f) => (parentRecord?.[f] == null ? [] : [[f, parentRecord[f]]])),
  );
  const navigator = usePageNavigator();
  const withheld = useWithheldFields(child);
  const visible = defaultColumns(child).filter((f) => f !== relation.foreignKey && !withheld.has(f));

  // A row's own buttons (an attempt's send again) stand beside it here as on the child's list (RowButtons).
  const actions = (record: BaseRecord) =>
    owned ? (
      <RowButtons def={child} record={record}>
        {/* A child with lists of its own (a container's goods) opens on its own detail page. */}
        {child.relations && (
          <ShowButton hideText size="small" resource={child.name} recordItemId={record.id} title={t('buttons.show')} />
        )}
        {can('edit') && (
          <Authorized permission={buttonPermission(child, 'edit')}>
            <Button
              size="small"
              icon={<EditOutlined />}
              title={t('buttons.edit')}
              onClick={() => setEditing(record)}
              data-testid={`${child.name}-edit`}
            />
          </Authorized>
        )}
        {can('delete') && (
          <Authorized permission={buttonPermission(child, 'delete')}>
            <Popconfirm
              title={t('buttons.deleteConfirm')}
              okText={t('buttons.delete')}
              cancelText={t('buttons.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove({ resource: child.name, id: record.id! })}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                title={t('buttons.delete')}
                data-testid={`${child.name}-delete`}
              />
            </Popconfirm>
          </Authorized>
        )}
      </RowButtons>
    ) : (
      <RowButtons def={child} record={record}>
        <ShowButton hideText size="small" resource={child.name} recordItemId={record.id} title={t('buttons.show')} />
      </RowButtons>
    );

  const [tableBox, room] = useTableRoom();
  const [watchButtons, buttons] = useRowButtonsRoom();
  const { columns, scrollX } = layoutColumns(child, buildColumns(child, t, refs, { visible, sorters, actions }), {
    visible,
    room,
    buttons,
  });
  return (
    <div ref={tableBox} data-testid={`relation-${relationKey}`}>
      <Space wrap style={{ marginBottom: 12 }}>
        {(can('create') || made) && (
          <Authorized permission={buttonPermission(child, 'create')}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing('new')}
              data-testid={`${child.name}-add`}
            >
              {t(`${child.name}.titles.create`)}
            </Button>
          </Authorized>
        )}
        {/* Rows from a spreadsheet into this relation, while the record is a draft (issue 27). */}
        {parent.import?.into === relationKey && parentRecord && isEditable(parent, parentRecord) && (
          <ImportButton def={parent} into={parentId} onDone={() => void tableQuery.refetch()} />
        )}
        {/* The same q search as the child's own list, within this parent's records. */}
        {child.search.length > 0 && (
          <Input.Search
            allowClear
            placeholder={t('table.searchPlaceholder')}
            onSearch={(q) => setFilters(q ? [{ field: 'q', operator: 'eq', value: q }] : [], 'replace')}
            style={{ width: 240 }}
            data-testid={`${child.name}-search`}
          />
        )}
      </Space>
      <RowButtonsWatch value={watchButtons}>
        <Table
          {...tableProps}
          rowKey="id"
          size="small"
          tableLayout="fixed"
          scroll={{ x: scrollX }}
          columns={columns}
          summary={footerSummary(child, columns, t, tableQuery.data?.sums as ServedSum[] | undefined)}
          pagination={
            tableProps.pagination
              ? { ...tableProps.pagination, showTotal: (total) => t('table.total', { total }) }
              : false
          }
          data-testid={`${child.name}-table`}
        />
      </RowButtonsWatch>
      {editing && (
        <ChildFormModal
          def={child}
          foreignKey={relation.foreignKey}
          parentId={parentId}
          parentRecord={parentRecord}
          record={editing === 'new' ? undefined : editing}
          carried={carried}
          onClose={() => setEditing(undefined)}
          // A record of its own elsewhere opens on its page, where its work goes on (a delivery's dispatch).
          onCreated={made ? (created) => navigator.push(recordScreenPath(child, 'show', created.id!)) : undefined}
        />
      )}
    </div>
  );
};
