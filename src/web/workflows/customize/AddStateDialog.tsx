import type { ReactNode } from 'react';
import { Card, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusList } from '../../../../resources/overlay';
import type { ResourceDef } from '../../../domain/resource';
import { useRequiredRule } from '../../engine/use-required-rule';
import { ChangeDialog } from './ChangeDialog';
import { LabelInputs } from './LabelInputs';
import { stateChanges, type StateValues } from './state-values';

interface Props {
  open: boolean;
  onClose: () => void;
  /** A resource with a workflow, and its title. */
  def: ResourceDef;
  title: string;
}

/** An action leading into or out of the new state: its name and button, then what `children` ask. */
const ActionCard = ({ at, children }: { at: 'into' | 'outOf'; children: ReactNode }) => {
  const { t } = useTranslation();
  const title = t(`customize.state.${at}`);
  return (
    <Card size="small" title={title} style={{ marginBottom: 12 }}>
      <Form.Item name={[at, 'name']} label={t('customize.state.actionName')}>
        <Input maxLength={40} autoComplete="off" aria-label={`${title} ${t('customize.state.actionName')}`} />
      </Form.Item>
      <LabelInputs name={[at, 'labels']} path={[at, 'labels']} title={t('customize.state.button')} optional />
      {children}
    </Card>
  );
};

const TONES = ['processing', 'warning', 'success', 'error', 'default'] as const;
const INITIAL: StateValues = { tone: 'processing' };

/**
 * Adds a state to a resource's workflow (issue 40), with the action that leads into it and the one
 * that leads out: where it stands in the step bar, the buttons' words in four languages and the
 * confirmation asked. Each action's right joins the role tree; no code of ours runs for them.
 */
export const AddStateDialog = ({ open, onClose, def, title }: Props) => {
  const { t } = useTranslation();
  const required = useRequiredRule();
  const list = statusList(def.name);
  const states = (def.workflow?.machine?.states ?? []).map((s) => ({
    value: s.value,
    label: t(`enums.${list}.${s.value}`),
  }));
  return (
    <ChangeDialog
      open={open}
      onClose={onClose}
      title={t('customize.state.addTo', { resource: title })}
      width={760}
      initialValues={INITIAL}
      toRequest={(values) => ({ resource: def.name, changes: stateChanges(values) })}
      testId="customize-state"
    >
      <Form.Item
        name="value"
        label={t('customize.state.value')}
        rules={required}
        extra={t('customize.state.valueHint')}
      >
        <InputNumber precision={0} min={0} style={{ width: 120 }} aria-label={t('customize.state.value')} />
      </Form.Item>
      <LabelInputs name={['labels']} path={['labels']} title={t('customize.field.label')} />
      <Form.Item name="tone" label={t('customize.state.tone')}>
        <Select
          aria-label={t('customize.state.tone')}
          options={TONES.map((tone) => ({ value: tone, label: t(`customize.state.tones.${tone}`) }))}
        />
      </Form.Item>
      <Form.Item name="after" label={t('customize.state.after')}>
        <Select allowClear aria-label={t('customize.state.after')} options={states} />
      </Form.Item>
      <ActionCard at="into">
        <Form.Item name={['into', 'from']} label={t('customize.state.from')}>
          <Select mode="multiple" aria-label={t('customize.state.from')} options={states} />
        </Form.Item>
        <LabelInputs
          name={['into', 'confirmation']}
          path={['into', 'confirmation']}
          title={t('customize.state.confirmation')}
          optional
        />
      </ActionCard>
      <ActionCard at="outOf">
        <Form.Item name={['outOf', 'to']} label={t('customize.state.to')}>
          <Select aria-label={t('customize.state.to')} options={states} />
        </Form.Item>
      </ActionCard>
    </ChangeDialog>
  );
};
