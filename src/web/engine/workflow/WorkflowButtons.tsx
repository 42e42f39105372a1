import type { BaseRecord } from '@refinedev/core';
import { Button } from 'antd';
import type { TFunction } from 'i18next';
import type { ResourceDef } from '../../../domain/resource';
import { actionLabel } from '../row-resource';
import { visibleActions } from './visible-actions';

/**
 * A record's workflow buttons in its detail page's header: those its state and the policy allow, in
 * declared order. Elements of their own rather than one component's, so the header's Space spaces
 * them and wraps them one by one on a phone.
 */
export const workflowButtons = (
  def: ResourceDef,
  record: BaseRecord,
  granted: ReadonlySet<string>,
  start: (action: string) => void,
  t: TFunction,
) => {
  const machine = def.workflow!.machine!;
  return visibleActions(machine, record, granted).map((action) => (
    <Button
      key={action}
      type={machine.actions[action].primary ? 'primary' : 'default'}
      danger={machine.actions[action].danger}
      onClick={() => start(action)}
      data-testid={`action-${action}`}
    >
      {actionLabel(def, action, t)}
    </Button>
  ));
};
