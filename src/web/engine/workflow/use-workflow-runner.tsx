import { Suspense, useCallback, useState, type ReactNode } from 'react';
import type { BaseRecord } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { App, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../../resources';
import { recordLabel, recordScreenPath, type ResourceDef } from '../../../domain/resource';
import { usePageNavigator } from '../../layout/tags/use-page-navigate';
import { http } from '../../providers/http';
import { useExtensions } from '../detail-extensions';
import { actionLabel } from '../row-resource';
import { ActionDialog } from './ActionDialog';

interface Pending {
  action: string;
  record: BaseRecord;
  name: string;
}

export interface WorkflowRunner {
  /** Presses an action's button on a record (`name`: how the page names it, else its label field). */
  start: (action: string, record: BaseRecord, name?: string) => void;
  /** The open dialog, if any: rendered once by the page or list that owns the runner. */
  dialog: ReactNode;
}

/**
 * Runs a resource's workflow actions from its declaration: straight away, after "are you sure?"
 * where the action asks for confirmation, or through its dialog (a named one the composition root
 * registered, else the one generated from its input schema). Afterwards a message names what
 * happened, everything read from the server is read again (an action moves other records too:
 * stock, lots, the order of an outbound), and a record the action made (a copy, a shipment's
 * inbound) opens: its edit screen when it is of the same resource, to be changed, else its detail.
 */
export const useWorkflowRunner = (def: ResourceDef): WorkflowRunner => {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  // Not useNavigate: a list's rows hold this and must not re-render on each location change.
  const navigator = usePageNavigator();
  const dialogs = useExtensions().dialogs;
  const [pending, setPending] = useState<Pending>();
  const machine = def.workflow?.machine;

  const run = useCallback(
    async (action: string, record: BaseRecord, name: string, body: Record<string, unknown> = {}) => {
      const answer = await http.post<BaseRecord | undefined>(`${def.api}/${record.id}/${action}`, body);
      setPending(undefined);
      void message.success(
        t(`engine.workflow.done.${action}`, {
          name,
          defaultValue: t('engine.workflow.doneAs', { name, action: actionLabel(def, action, t) }),
        }),
      );
      await queryClient.invalidateQueries();
      const made = machine?.actions[action]?.answers;
      const madeDef = made ? resourceByName(made) : undefined;
      if (madeDef && answer?.id !== undefined)
        navigator.push(recordScreenPath(madeDef, madeDef === def ? 'edit' : 'show', answer.id));
      return answer;
    },
    [def, machine, message, navigator, queryClient, t],
  );

  const start = useCallback(
    (action: string, record: BaseRecord, name?: string) => {
      const declared = machine?.actions[action];
      if (!declared) return;
      const named = name || recordLabel(def, record, i18n.language) || String(record.id);
      if (declared.dialog || declared.input) return setPending({ action, record, name: named });
      if (!declared.confirm) return void run(action, record, named).catch(() => undefined);
      const label = actionLabel(def, action, t);
      modal.confirm({
        title: t(`${def.name}.ask.${action}`, {
          name: named,
          defaultValue: t('engine.workflow.ask', { name: named, action: label }),
        }),
        okText: label,
        cancelText: t('buttons.cancel'),
        okButtonProps: { danger: declared.danger, ...{ 'data-testid': 'confirm-ok' } },
        onOk: () => run(action, record, named).catch(() => undefined),
      });
    },
    [def, i18n.language, machine, modal, run, t],
  );

  let dialog: ReactNode = null;
  if (pending && machine) {
    const { action, record, name } = pending;
    const declared = machine.actions[action];
    const Named = declared.dialog ? dialogs[declared.dialog] : undefined;
    const props = {
      def,
      record,
      action,
      run: (body?: Record<string, unknown>) => run(action, record, name, body),
      onClose: () => setPending(undefined),
    };
    dialog = Named ? (
      <Suspense fallback={<Spin />}>
        <Named {...props} />
      </Suspense>
    ) : declared.input ? (
      <ActionDialog {...props} />
    ) : null;
  }
  return { start, dialog };
};
