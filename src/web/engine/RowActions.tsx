import { memo, useCallback } from 'react';
import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useCan, useDelete, type BaseKey, type BaseRecord } from '@refinedev/core';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { isEditable, recordScreenPath, type ResourceDef } from '../../domain/resource';
import { usePageNavigate } from '../layout/tags/use-page-navigate';
import { RowButtons } from './RowButtons';
import { RowWorkflowMenu, type RowWorkflow } from './workflow/RowWorkflowMenu';

export interface RowAccess {
  canEdit: boolean;
  canDelete: boolean;
  /** The record whose deletion is under way: its button spins. */
  deleting?: BaseKey;
  remove: (id: BaseKey) => void;
  /** A resource with a state machine: the actions the user holds, and how a row starts one. */
  workflow?: RowWorkflow;
}

/**
 * What a list's rows may do, asked once per list rather than by each row's buttons: the policy
 * decides per resource and action, never per record (DESIGN 4), and a hook per button was most of
 * a tab switch's work. Show needs no question: it is the list's own permission.
 */
export function useRowAccess(def: ResourceDef): RowAccess {
  const edit = useCan({ resource: def.name, action: 'edit', queryOptions: { enabled: def.actions.includes('edit') } });
  const del = useCan({
    resource: def.name,
    action: 'delete',
    queryOptions: { enabled: def.actions.includes('delete') },
  });
  const { mutate, mutation } = useDelete();
  const remove = useCallback((id: BaseKey) => mutate({ resource: def.name, id }), [mutate, def.name]);
  return {
    canEdit: def.actions.includes('edit') && edit.data?.can === true,
    canDelete: def.actions.includes('delete') && del.data?.can === true,
    deleting: mutation.isPending ? mutation.variables?.id : undefined,
    remove,
  };
}

interface Props {
  def: ResourceDef;
  record: BaseRecord;
  canEdit: boolean;
  canDelete: boolean;
  deleting: boolean;
  remove: (id: BaseKey) => void;
  workflow?: RowWorkflow;
}

/**
 * A row's buttons: the resource's own extras (lazy), then Detail, Edit and Delete, built as
 * Refine's own were (a button named by its title inside a link, which opens in a new tab on a
 * modified click; Delete behind a confirmation), then the workflow actions the row's state allows. Memoised on the row, so a list read again with
 * the same records renders none of them anew.
 */
export const RowActions = memo(function RowActions({
  def,
  record,
  canEdit,
  canDelete,
  deleting,
  remove,
  workflow,
}: Props) {
  const { t } = useTranslation();
  const go = usePageNavigate();
  const id = record.id as BaseKey;
  const show = recordScreenPath(def, 'show', id);
  const edit = recordScreenPath(def, 'edit', id);
  return (
    <RowButtons def={def} record={record}>
      <a href={show} onClick={go(show)}>
        <Button size="small" icon={<EyeOutlined />} title={t('buttons.show')} />
      </a>
      {canEdit && isEditable(def, record) && (
        <a href={edit} onClick={go(edit)}>
          <Button size="small" icon={<EditOutlined />} title={t('buttons.edit')} />
        </a>
      )}
      {canDelete && (
        <Popconfirm
          title={t('buttons.deleteConfirm')}
          okText={t('buttons.delete')}
          cancelText={t('buttons.cancel')}
          okType="danger"
          okButtonProps={{ disabled: deleting }}
          onConfirm={() => remove(id)}
        >
          <Button size="small" danger loading={deleting} icon={<DeleteOutlined />} title={t('buttons.delete')} />
        </Popconfirm>
      )}
      {workflow && <RowWorkflowMenu def={def} record={record} workflow={workflow} />}
    </RowButtons>
  );
});
