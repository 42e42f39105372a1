/**
 * A resource's state machine, declared once beside its fields (DESIGN 5): the server's one
 * transition route, its OpenAPI entry, the buttons and dialogs, the step bar and the timeline are
 * all read from it. Pure data, shared by the server and the browser.
 */

import type { EntitySchema, FieldSchema } from './field-schema';

export type StateTone = 'default' | 'processing' | 'success' | 'error' | 'warning';

export interface WorkflowState {
  value: number;
  tone: StateTone;
  /** On the step bar's main path (draft -> awaiting -> done); side states (cancelled) show only when reached. */
  step?: boolean;
  /** The detail page says what happens next in this state, and where: `<resource>.hints.<value>`. */
  hint?: boolean;
}

/**
 * A condition on the record's own fields, read alike by the server (refuses) and the browser
 * (hides the button): every named field must match. `in` lists values, `empty` asks for null/absent
 * (true) or present (false).
 */
export type RecordCondition = Record<string, { in?: readonly unknown[]; empty?: boolean }>;

export interface WorkflowAction {
  /**
   * The states it starts from, and the one it ends in. An action without `to` moves no state (a
   * shipment's copy, a bill's regenerate that keeps it a draft may still name its state).
   */
  from?: readonly number[];
  to?: number;
  /**
   * Other starting states allowed only when the record matches (a customer pickup is completed
   * straight from awaiting dispatch).
   */
  alsoFrom?: readonly { states: readonly number[]; when: RecordCondition }[];
  /** Shown and allowed only when the record matches (a mall order's outbound has no Withdraw). */
  when?: RecordCondition;
  /**
   * The 40901 message key when `when` refuses (the state allows it), its params the guard's fields,
   * a lookup as the name of the record it points at: "belongs to mall order {{orderId}}".
   */
  refused?: string;
  /**
   * false: an event another workflow's effect makes happen to this record (an order shipped when
   * its outbound is confirmed): declared for its audit, label and event, with no route or button.
   */
  button?: boolean;
  /** The highlighted button; at most one per state. */
  primary?: boolean;
  danger?: boolean;
  /** Asks "are you sure?" before running (an action without input). */
  confirm?: boolean;
  /** What the action asks for, as a JSON schema object: a dialog in the browser, the body's check on the server. */
  input?: EntitySchema;
  /**
   * The server effect run inside the transaction, by name (src/server/workflows/effects): take
   * lots FIFO, reserve stock, write expenses, freeze a bill. Without one the action only moves the state.
   */
  effect?: string;
  /**
   * A dialog the browser registers by this name for input a schema cannot express (the confirm
   * dialog listing an inbound's lines); the engine's generated dialog otherwise.
   */
  dialog?: string;
  /**
   * Input fields written to the record's fields of the same name (a bill's paidDate). Named, never
   * implied: an input may share a name with a field it must not touch (a void's reason is not the
   * expense's reason).
   */
  stores?: readonly string[];
  /** Extra fields the answer carries besides the record (an approved order's `outboundId`). */
  answer?: Record<string, FieldSchema>;
  /**
   * The action makes a record of this resource and answers it instead of this one (a shipment's
   * inbound answers the inbound made with its lines, a copy answers the copy).
   */
  answers?: string;
  /** Extra rights needed when the record matches (cancelling a done document takes the confirm right too). */
  alsoNeeds?: readonly { action: string; when: RecordCondition }[];
  /**
   * What its event says happened, where the action's own participle would not say it (a return's
   * submit is `return.requested`, the name customers integrate on): `<record>.<event>`.
   */
  event?: string;
  /** OpenAPI summary and what it does beyond moving the state (English, for the contract). */
  summary: string;
  description?: string;
  /**
   * Names the action was published under before its consistent one (a delivery's `complete`, now
   * `sign`): `POST <api>/{id}/<old>` still runs it, marked deprecated in the document, since
   * customers' clients call it. What it does is this action's: its right, audit row and event.
   */
  deprecatedNames?: readonly string[];
}

export interface StateMachine {
  /** The status field of the schema; its `x-enum` names the states' labels. */
  field: string;
  states: readonly WorkflowState[];
  /** In button order. */
  actions: Readonly<Record<string, WorkflowAction>>;
}

/**
 * An action's written answer (a rejection's reason, a payment's reference): stored trimmed (the
 * transition route trims an input marked `x-trim`), blanks alone refused. The generic message says
 * only what is missing; a field's own message says what it takes, its length included, so it
 * answers every rule.
 */
export const trimmedText = (
  description: string,
  maxLength: number,
  { message, multiline = false }: { message?: string; multiline?: boolean } = {},
): FieldSchema => ({
  type: 'string',
  minLength: 1,
  maxLength,
  pattern: '\\S',
  description,
  'x-trim': true,
  ...(multiline && { 'x-multiline': true }),
  'x-messages': Object.fromEntries(
    (message ? ['required', 'type', 'minLength', 'maxLength', 'pattern'] : ['required', 'minLength', 'pattern']).map(
      (rule) => [rule, message ?? 'validation.required'],
    ),
  ),
});

/** Whether a record's fields meet a condition. */
export const matches = (record: Record<string, unknown>, condition: RecordCondition | undefined) =>
  !condition ||
  Object.entries(condition).every(([field, rule]) => {
    const value = record[field];
    if (rule.empty !== undefined && (value === null || value === undefined || value === '') !== rule.empty)
      return false;
    return !rule.in || rule.in.includes(value);
  });

/**
 * Whether the record's state is one the action starts from (`from`, or `alsoFrom` when the record
 * matches), its guard aside: an event another action causes has none, a refusal names the guard.
 */
export const startsFrom = (machine: StateMachine, action: string, record: Record<string, unknown>) => {
  const a = machine.actions[action];
  if (!a) return false;
  const state = record[machine.field] as number;
  if (!a.from) return true;
  return a.from.includes(state) || !!a.alsoFrom?.some((o) => o.states.includes(state) && matches(record, o.when));
};

/** Whether the action may start from the record's state and the record meets its guard. */
export const allows = (machine: StateMachine, action: string, record: Record<string, unknown>) =>
  startsFrom(machine, action, record) && matches(record, machine.actions[action].when);

/**
 * The action a name stands for: its own, or the one it was published as before (a delivery's
 * `complete` is `sign`), so that audit rows written under an old name read as the action.
 */
export const actionNamed = (machine: StateMachine | undefined, name: string) =>
  (machine && Object.keys(machine.actions).find((a) => machine.actions[a].deprecatedNames?.includes(name))) ?? name;

/** The actions a user presses (not the events another workflow makes happen), in button order. */
export const buttonsOf = (machine: StateMachine) =>
  Object.keys(machine.actions).filter((a) => machine.actions[a].button !== false);
