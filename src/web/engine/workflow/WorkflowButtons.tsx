import type { BaseRecord } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../../domain/resource';
import { actionLabel } from '../row-resource';
import { visibleActions } from './visible-actions';

interface Props {
  def: ResourceDef;
  record: BaseRecord;
  granted: ReadonlySet<string>;
  start: (action: string) => void;
}

/** A record's workflow buttons in its detail page's header: those its state and the policy allow, in declared order. */
export const WorkflowButtons = ({ def, record, granted, start }: Props) => {
  const { t } = useTranslation();
  const machine = def.workflow!.machine!;
  return (
    <>
      {visibleActions(machine, record, granted).map((action) => (
        <Button
          key={action}
          type={machine.actions[action].primary ? 'primary' : 'default'}
          danger={machine.actions[action].danger}
          onClick={() => start(action)}
          data-testid={`action-${action}`}
        >
          {actionLabel(def, action, t)}
        </Button>
      ))}
    </>
  );
};
