import type { StateMachine, WorkflowState } from '../../../domain/workflow';

type StepStatus = 'wait' | 'process' | 'finish' | 'error';

/**
 * The step bar's states: the main path, and a side state (rejected, withdrawn, cancelled) only
 * when the record is in it, where the declaration places it.
 */
export const shownStates = (machine: StateMachine, current: unknown) =>
  machine.states.filter((state) => state.step || state.value === current);

/**
 * Each shown state's look: passed, the current one (a side state as a stop unless it is a warning),
 * or ahead. A side state declared after the whole main path (cancelled) may have been reached from
 * any step of it, so none of them reads as passed.
 */
export const stepStatuses = (states: readonly WorkflowState[], current: unknown): StepStatus[] => {
  const at = states.findIndex((state) => state.value === current);
  const last = states.length - 1;
  const offPath = at === last && !states[at]?.step;
  return states.map((state, i) => {
    if (i < at) return offPath ? 'wait' : 'finish';
    if (i > at) return 'wait';
    if (!state.step) return state.tone === 'warning' ? 'process' : 'error';
    return i === last ? 'finish' : 'process';
  });
};
