import { useRef } from 'react';
import { Modal } from 'antd';
import { useCreate, useUpdate, type BaseKey, type BaseRecord } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../domain/resource';
import { savedNotice, toFormData } from './FormPage';
import { SchemaForm, type FormHandle, type Values } from './SchemaForm';
import { useStaleReload } from './useStaleReload';

interface Props {
  def: ResourceDef;
  /** The parent's key field and id: fixed, not shown. */
  foreignKey: string;
  parentId: BaseKey;
  /** The parent record itself, for lookups narrowed by one of its fields. */
  parentRecord?: BaseRecord;
  /** The record to edit; none to add one. */
  record?: BaseRecord;
  /** What a record added starts with besides its parent key: the parent's fields the relation carries. */
  carried?: Values;
  onClose: () => void;
  /** After closing, with the record added. */
  onCreated?: (record: BaseRecord) => void;
}

/** A child record (a contact of an organization) added or edited in place, on its parent's page. */
export const ChildFormModal = ({
  def,
  foreignKey,
  parentId,
  parentRecord,
  record,
  carried,
  onClose,
  onCreated,
}: Props) => {
  const translation = useTranslation();
  const { t } = translation;
  const formRef = useRef<FormHandle>(null);
  const { mutateAsync: create, mutation: creating } = useCreate();
  const { mutateAsync: update, mutation: updating } = useUpdate();
  const onStale = useStaleReload();

  const save = async (data: Values) => {
    const values = { ...data, [foreignKey]: parentId };
    try {
      let created: BaseRecord | undefined;
      if (record)
        await update({
          resource: def.name,
          id: record.id!,
          values: { ...values, version: record.version },
          successNotification: savedNotice(translation, def, 'edit'),
        });
      else
        created = (
          await create({ resource: def.name, values, successNotification: savedNotice(translation, def, 'create') })
        ).data;
      onClose();
      if (created) onCreated?.(created);
    } catch (err) {
      // Reloading a stale child is opening it again from the refreshed sub-list.
      onStale(err, onClose);
      throw err;
    }
  };

  return (
    <Modal
      open
      width={720}
      title={t(`${def.name}.titles.${record ? 'edit' : 'create'}`)}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      onOk={() => formRef.current?.submit()}
      onCancel={onClose}
      confirmLoading={creating.isPending || updating.isPending}
      okButtonProps={{ 'data-testid': 'modal-save' } as never}
      destroyOnHidden
    >
      <SchemaForm
        def={def}
        omit={[foreignKey]}
        initial={record ? toFormData(record, def) : carried}
        onSubmit={save}
        formRef={formRef}
        parent={parentRecord}
        narrow
      />
    </Modal>
  );
};
