import type { BaseRecord } from '@refinedev/core';
import { allows, buttonsOf, matches, type StateMachine } from '../../../domain/workflow';

/** The actions whose button objects the policy is asked about: the buttons and the extra rights they may need. */
export const rightsAsked = (machine: StateMachine) => [
  ...new Set(
    buttonsOf(machine).flatMap((name) => [name, ...(machine.actions[name].alsoNeeds ?? []).map((n) => n.action)]),
  ),
];

/**
 * The buttons a record shows, in the declared order: its state allows the action (and the record
 * meets its guard), the policy grants `<permission>.<action>`, and any extra right the record asks
 * for (cancelling a done document takes the confirm right too).
 */
export const visibleActions = (machine: StateMachine, record: BaseRecord, granted: ReadonlySet<string>) =>
  buttonsOf(machine).filter(
    (name) =>
      granted.has(name) &&
      allows(machine, name, record) &&
      (machine.actions[name].alsoNeeds ?? []).every((need) => !matches(record, need.when) || granted.has(need.action)),
  );
