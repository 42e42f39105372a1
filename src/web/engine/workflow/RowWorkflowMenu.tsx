import type { BaseRecord } from '@refinedev/core';
import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../../domain/resource';
import { MENU_TRIGGER } from '../column-layout';
import { actionLabel } from '../row-resource';
import { visibleActions } from './visible-actions';

export interface RowWorkflow {
  granted: ReadonlySet<string>;
  start: (action: string, record: BaseRecord) => void;
}

/**
 * A list row's workflow actions, folded into one "more" button beside Detail and Edit so the
 * row stays one line: the same actions, order and rules as the detail page's header.
 */
export const RowWorkflowMenu = ({
  def,
  record,
  workflow,
}: {
  def: ResourceDef;
  record: BaseRecord;
  workflow: RowWorkflow;
}) => {
  const { t } = useTranslation();
  const machine = def.workflow!.machine!;
  const actions = visibleActions(machine, record, workflow.granted);
  if (!actions.length) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: actions.map((action) => ({
          key: action,
          danger: machine.actions[action].danger,
          label: <span data-testid={`row-action-${action}`}>{actionLabel(def, action, t)}</span>,
        })),
        onClick: ({ key }) => workflow.start(key, record),
      }}
    >
      <Button
        size="small"
        type="text"
        icon={<MoreOutlined />}
        style={{ width: MENU_TRIGGER, minWidth: MENU_TRIGGER, paddingInline: 0 }}
        title={t('engine.workflow.more')}
        data-testid="row-actions-more"
      />
    </Dropdown>
  );
};
