import type { BaseRecord } from '@refinedev/core';
import { Alert, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../../domain/resource';
import type { StateMachine } from '../../../domain/workflow';
import { formatValue } from '../fields';
import { shownStates, stepStatuses } from './steps';

const stateOf = (machine: StateMachine, record: BaseRecord) =>
  machine.states.find((s) => s.value === record[machine.field]);

/**
 * The top of a workflow record's detail page: the machine's step bar and, where the state declares
 * one, what happens next and where.
 */
export const StatusSteps = ({ def, record }: { def: ResourceDef; record: BaseRecord }) => {
  const { t } = useTranslation();
  const machine = def.workflow!.machine!;
  const current = record[machine.field];
  const states = shownStates(machine, current);
  const state = stateOf(machine, record);
  if (!states.length) return null;
  const statuses = stepStatuses(states, current);
  const schema = def.schema.properties[machine.field];
  return (
    <div style={{ marginBottom: 16 }} data-testid="workflow-status">
      <Steps
        size="small"
        // A long path (an order's eight states) keeps whole titles under its dots.
        labelPlacement={states.length > 5 ? 'vertical' : 'horizontal'}
        data-testid="workflow-steps"
        items={states.map((s, i) => ({ title: formatValue(schema, s.value, t), status: statuses[i] }))}
      />
      {state?.hint && (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          message={t(`${def.name}.hints.${state.value}`)}
          data-testid="workflow-hint"
        />
      )}
    </div>
  );
};
