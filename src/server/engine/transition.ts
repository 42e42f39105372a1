import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buttonPermission, columnName, storedFields, tableName, type ResourceDef } from '../../domain/resource';
import { allows, matches, startsFrom, type WorkflowAction } from '../../domain/workflow';
import type { Queryable } from '../db/types';
import { conflict, forbidden, notFound, validationError, type FieldProblem } from '../errors';
import { schemaProblems } from '../contract/validator';
import { auditAndOutbox } from '../outbox/write';
import { recordId, requestViewer } from './request';
import { checkReferences, findRecord, type Rec } from './records';
import { refLabels } from './ref-labels';
import type { Viewer } from './scope';
import { followed } from '../contract/live-schemas';
import { transitionSchemas } from './transition-docs';
import { documented } from './openapi';
import { validateRecord } from './validate';
import { callerMay } from '../access/key-rights';

type Translate = FastifyRequest['t'];

/** What an effect is given: the locked record as read before the action, and the checked input. */
export interface EffectContext {
  r: ResourceDef;
  action: string;
  record: Rec;
  input: Rec;
  userId: number;
  /** Whose scope the action runs in: the caller's, or everything for an event another action causes. */
  viewer: Viewer;
  t: Translate;
  /** Resources by name, as the app mounts them (tests mount an edited copy). */
  resource: (name: string) => ResourceDef | undefined;
  /** Makes a declared action happen to another record in this transaction (applyEvent); answers its new state. */
  event: (tx: Queryable, resourceName: string, id: number, action: string) => Promise<number>;
}

/**
 * What an effect adds to the move: SQL columns set on the record with its state, what the audit
 * row notes besides the stored input (a trimmed reason), and what the answer carries besides the record.
 */
export interface EffectResult {
  columns?: Rec;
  note?: Rec;
  reply?: Rec;
}

/**
 * A server effect run inside the action's transaction (src/server/workflows/effects). Its `check`,
 * if any, names what the record lacks for the action (an inbound without lines), reported in one
 * 40001 with the input's own problems before anything is done.
 */
export type Effect = ((tx: Queryable, ctx: EffectContext) => Promise<EffectResult | void>) & {
  check?: (tx: Queryable, ctx: EffectContext) => Promise<FieldProblem[]>;
  /**
   * Locks the rows the effect will change that other actions lock before a record of this kind (a
   * held lot's inventory row: inventory rows by SKU, then lots by id). Run before the transition
   * locks the record, so the two never wait on each other in a circle.
   */
  lockFirst?: (tx: Queryable, id: number) => Promise<void>;
};

export type Effects = Readonly<Record<string, Effect>>;

const machineOf = (r: ResourceDef) => r.workflow?.machine;

/**
 * The 40901 of a record the action cannot start from: its state and the action, in the caller's
 * words. The action may be another resource's (a delivery's run refused by its order's state).
 */
export const wrongState = (t: Translate, r: ResourceDef, record: Rec, action: string, actionOf = r.name) => {
  const field = machineOf(r)!.field;
  const enumName = r.schema.properties[field]?.['x-enum'];
  return conflict('errors.wrongState', {
    status: enumName ? t(`enums.${enumName}.${String(record[field])}`) : String(record[field] ?? ''),
    action: t(`${actionOf}.actions.${action}`),
  });
};

/**
 * Why the action cannot start: the guard's own message when the state would allow it (a mall
 * order's outbound names its order), the state otherwise.
 */
async function refusal(tx: Queryable, ctx: EffectContext, a: WorkflowAction) {
  const { r, record, action, t, viewer, resource } = ctx;
  if (!a.refused || !a.when || !startsFrom(machineOf(r)!, action, record)) return wrongState(t, r, record, action);
  const fields = Object.keys(a.when);
  // Only the guard's fields looked up: the record read as a resource of just those.
  const guard = { ...r.schema, properties: Object.fromEntries(fields.map((f) => [f, r.schema.properties[f]])) };
  const labels = await refLabels(tx, { ...r, schema: guard }, [record], viewer);
  const params: Rec = {};
  for (const field of fields) {
    const target = r.schema.properties[field]?.['x-ref'];
    const names = labels?.[field]?.[String(record[field])];
    params[field] = (target && names?.[resource(target)!.label]) ?? record[field];
  }
  return conflict(a.refused, params);
}

/**
 * Moves a locked record: the state (when the action names one), the input fields it declares it
 * stores, the effect's columns, version and time, and the audit row the timeline reads (who, when,
 * from, to, the stored input by field names and the effect's note). Answers the state it is in now.
 */
async function move(tx: Queryable, ctx: EffectContext, a: WorkflowAction, effects: Effects) {
  const { r, record, input } = ctx;
  const machine = machineOf(r)!;
  const done = (a.effect ? await effects[a.effect](tx, ctx) : undefined) ?? {};
  const stored = new Set(storedFields(r));
  const columns: Rec = {
    ...Object.fromEntries(
      (a.stores ?? []).filter((f) => stored.has(f) && f in input).map((f) => [columnName(f), input[f]]),
    ),
    ...done.columns,
  };
  if (a.to !== undefined) columns[columnName(machine.field)] = a.to;
  if (Object.keys(columns).length) {
    const sets = Object.keys(columns).map((c, i) => `${c} = $${i + 2}`);
    await tx.query(
      `UPDATE ${tableName(r)} SET ${sets.join(', ')}, version = version + 1, updated_at = now() WHERE id = $1`,
      [record.id, ...Object.values(columns)],
    );
  }
  const state = (value: unknown) => (value === undefined ? {} : { [machine.field]: value });
  await auditAndOutbox(tx, {
    userId: ctx.userId,
    entity: r.name,
    entityId: record.id as number,
    action: ctx.action,
    before: state(record[machine.field]),
    // What it keeps, not all it was given: an outbound confirm's scanned takes would fill every row.
    after: {
      ...state(a.to ?? record[machine.field]),
      ...Object.fromEntries((a.stores ?? []).filter((f) => f in input).map((f) => [f, input[f]])),
      ...done.note,
    },
  });
  return done;
}

/**
 * An action that happens to a record because another one moved (an order shipped when its outbound
 * is confirmed, an approved order's outbound submitted): the declared from-states are checked
 * (40901 otherwise) and its effect runs, but no button right, version or guard, which are the
 * pressed action's. Answers the record's new state.
 */
async function applyEvent(
  tx: Queryable,
  ctx: Pick<EffectContext, 'userId' | 't' | 'resource' | 'event'>,
  resourceName: string,
  id: number,
  action: string,
  effects: Effects,
): Promise<number> {
  const r = ctx.resource(resourceName)!;
  const machine = machineOf(r)!;
  const a = machine.actions[action];
  const viewer: Viewer = { userId: ctx.userId, all: true };
  if (a.effect) await effects[a.effect].lockFirst?.(tx, id);
  const record = await findRecord(tx, r, id, viewer, true);
  if (!record) throw notFound();
  if (!startsFrom(machine, action, record)) throw wrongState(ctx.t, r, record, action);
  await move(tx, { ...ctx, r, action, record, input: {}, viewer }, a, effects);
  return a.to ?? (record[machine.field] as number);
}

/** Who acts, with the events their action may cause on other records. */
function actor(userId: number, t: Translate, resource: EffectContext['resource'], effects: Effects) {
  const ctx: Pick<EffectContext, 'userId' | 't' | 'resource' | 'event'> = {
    userId,
    t,
    resource,
    event: (tx, name, id, action) => applyEvent(tx, ctx, name, id, action, effects),
  };
  return ctx;
}

/**
 * The body as the action's input, its schema's problems as the compiler found them (transition-docs
 * documents that schema), then its references (an `x-ref` names a record the caller may see, as a
 * form's do) and what the effect needs of the record, all problems in one 40001, answered only
 * once the record, its state, version and rights have been checked: `version` is the concurrency
 * check, not input; no input schema reads nothing.
 */
async function checkedInput(
  tx: Queryable,
  a: WorkflowAction,
  body: Rec,
  schema: FieldProblem[],
  effects: Effects,
  ctx: EffectContext,
) {
  const { version: _version, ...given } = a.input ? body : {};
  // A written answer is stored and noted without its surrounding blanks (x-trim, trimmedText).
  const properties = a.input?.properties ?? {};
  const input = Object.fromEntries(
    Object.entries(given).map(([f, v]) => [f, properties[f]?.['x-trim'] && typeof v === 'string' ? v.trim() : v]),
  );
  const problems = [...schema];
  // The input read as a record of its own resource: no parent of the record's to check.
  if (a.input && !problems.length)
    problems.push(...(await checkReferences(tx, { ...ctx.r, schema: a.input, parent: undefined }, input, ctx.viewer)));
  const check = a.effect && effects[a.effect].check;
  if (check) problems.push(...(await check(tx, { ...ctx, input })));
  if (problems.length) throw validationError(problems);
  return input;
}

/**
 * `POST <api>/{id}/<action>` for every action with a button of a resource that declares a state
 * machine: one transaction locks the record in the caller's scope (404), checks its state and guard
 * (40901 naming both), the version when sent (40901), the extra right a state needs (403) and the
 * input (40001 with field errors), runs the effect, moves the state and writes the audit row, and
 * answers the record as it is now with what the effect adds.
 */
export function transitionRoutes(
  app: FastifyInstance,
  r: ResourceDef,
  effects: Effects,
  resource: (name: string) => ResourceDef | undefined,
) {
  const machine = machineOf(r);
  if (!machine) return;
  /** The handler of one action; the machine is read per request, as an admin may have added states since (issue 40). */
  const handle = (action: string, a: WorkflowAction) => async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const id = recordId(request.params.id);
    const viewer = await requestViewer(app, request);
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Rec;
    const userId = request.user!.id;
    const done = await app.db.transaction(async (tx) => {
      if (a.effect) await effects[a.effect].lockFirst?.(tx, id);
      const record = await findRecord(tx, r, id, viewer, true);
      if (!record) throw notFound();
      const ctx = { ...actor(userId, request.t, resource, effects), r, action, record, input: {}, viewer };
      if (!allows(machineOf(r)!, action, record)) throw await refusal(tx, ctx, a);
      if (body.version !== undefined && body.version !== record.version) throw conflict('errors.staleVersion');
      for (const need of a.alsoNeeds ?? [])
        if (
          matches(record, need.when) &&
          !(await callerMay(app.policy, request.user!, buttonPermission(r, need.action)))
        )
          throw forbidden();
      const input = await checkedInput(tx, a, body, schemaProblems(request), effects, ctx);
      return move(tx, { ...ctx, input }, a, effects);
    });
    if (a.answers) return done.reply;
    return { ...(await findRecord(app.db, r, id, viewer)), ...done.reply };
  };
  for (const [action, a] of Object.entries(machine.actions)) {
    if (a.button === false) continue;
    if (a.effect && !effects[a.effect]) throw new Error(`${r.name}.${action}: no effect named ${a.effect}`);
    // A name the action was published under before runs the same action, under its own name.
    for (const name of [action, ...(a.deprecatedNames ?? [])])
      app.post<{ Params: { id: string } }>(
        `${r.api}/:id/${name}`,
        {
          config: { permission: buttonPermission(r, action) },
          ...transitionSchemas(r, action, a, resource, name === action ? undefined : name),
          // Its answer is the record: it follows an admin's added fields (contract/live-schemas.ts).
          ...followed(
            'POST',
            `${r.api}/:id/${name}`,
            () => transitionSchemas(r, action, a, resource, name === action ? undefined : name).schema,
          ),
        },
        handle(action, a),
      );
  }
  // The actions an admin adds from the screen (issue 40): Fastify takes no route once started, so
  // one route finds them by name; the shipped ones above are matched first. Documented per action
  // (customize/openapi-overlay.ts), its right decided per request.
  const added = (request: FastifyRequest) => {
    const { action } = request.params as { action: string };
    const a = Object.hasOwn(machine.actions, action) ? undefined : machineOf(r)?.actions[action];
    return a && { action, a };
  };
  app.post<{ Params: { id: string; action: string } }>(
    `${r.api}/:id/:action`,
    {
      ...documented({ hide: true, body: { type: 'object' } }, { checkedByHandler: true }),
      config: {
        permission: (request) => {
          const found = added(request);
          return found && buttonPermission(r, found.action);
        },
      },
    },
    async (request) => {
      const found = added(request);
      if (!found) throw notFound();
      // Checked by the action's own input here: the route's schema is any action's.
      if (found.a.input) {
        const { version: _version, ...given } = (request.body ?? {}) as Rec;
        const problems = validateRecord(found.a.input, given);
        if (problems.length) throw validationError(problems);
      }
      return handle(found.action, found.a)(request);
    },
  );
}
