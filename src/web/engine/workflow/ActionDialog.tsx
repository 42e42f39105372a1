import { useMemo, useRef, useState } from 'react';
import { Modal } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { EntitySchema, ResourceDef } from '../../../domain/resource';
import type { ActionDialogProps } from '../detail-extensions';
import { SchemaForm, type FormHandle, type Values } from '../SchemaForm';
import { actionLabel } from '../row-resource';

/** A required day starts at today and a required moment at now: the usual answer, one click less. */
const startValues = (input: EntitySchema): Values =>
  Object.fromEntries(
    (input.required ?? []).flatMap((field) => {
      const format = input.properties[field]?.format;
      if (format === 'date') return [[field, dayjs().format('YYYY-MM-DD')]];
      if (format === 'date-time') return [[field, dayjs().toISOString()]];
      return [];
    }),
  );

/**
 * The dialog generated from an action's input schema: the engine's form (its widgets, lookups,
 * uploads and translated messages) over the action's fields, labelled as the resource's own fields
 * (else as the timeline names an input); a refusal's field errors land on the fields.
 */
export const ActionDialog = ({ def, action, run, onClose }: ActionDialogProps) => {
  const { t } = useTranslation();
  const declared = def.workflow!.machine!.actions[action];
  const input = declared.input!;
  const formRef = useRef<FormHandle>(null);
  const [busy, setBusy] = useState(false);
  // The form reads the action's fields as a resource of their own, under the resource's name for their labels.
  const formDef: ResourceDef = useMemo(() => ({ ...def, schema: input }), [def, input]);
  const initial = useMemo(() => startValues(input), [input]);
  const label = actionLabel(def, action, t);
  const submit = async (body: Values) => {
    setBusy(true);
    try {
      await run(body);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={label}
      okText={label}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ danger: declared.danger, ...{ 'data-testid': 'action-dialog-ok' } }}
      confirmLoading={busy}
      onOk={() => formRef.current?.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="action-dialog"
    >
      <SchemaForm def={formDef} initial={initial} onSubmit={submit} formRef={formRef} narrow />
    </Modal>
  );
};
