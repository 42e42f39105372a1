import type { EntitySchema, FieldSchema, ResourceDef } from '../../domain/resource';
import type { WorkflowAction } from '../../domain/workflow';
import { idParams, routeSchemas, type Json } from '../contract/route-schemas';
import { recordSchema } from './openapi';
import { INT4_MAX } from './sql';

/** A schema as the document shows it: its rules and descriptions; which message a broken rule picks is the server's. */
const documentedField = ({ 'x-messages': _messages, ...rest }: FieldSchema): Json => ({
  ...rest,
  ...(rest.items && { items: documentedField(rest.items) }),
  ...(rest.properties && {
    properties: Object.fromEntries(Object.entries(rest.properties).map(([f, s]) => [f, documentedField(s)])),
  }),
});

const VERSION = {
  type: 'integer',
  description:
    'The version the action starts from, as last read; another stored one answers 40901 and nothing changes.',
};

/**
 * An integer input is stored in an int4 column: past that range it is refused as validateRecord
 * refuses a record's (a reference that large names no record), not left to fail the statement.
 */
const columnBounded = (s: FieldSchema): FieldSchema => {
  if (s.type !== 'integer') return s;
  const message = s['x-ref'] && !s['x-refKey'] ? 'validation.ref' : undefined;
  const bounds = {
    ...(s.minimum === undefined && { minimum: -INT4_MAX }),
    ...(s.maximum === undefined && { maximum: INT4_MAX }),
  };
  return {
    ...bounds,
    ...s,
    ...(message && {
      'x-messages': { ...Object.fromEntries(Object.keys(bounds).map((k) => [k, message])), ...s['x-messages'] },
    }),
  };
};

/**
 * The body: the action's input, and the version a client may send to act only on what it saw. It
 * keeps its `x-messages`: the compiler checks the body by this very schema, and they pick the
 * translated message of a broken rule.
 */
const bodyOf = (input: EntitySchema | undefined): Json => {
  const { $id: _id, properties = {}, ...rest } = input ?? { properties: {} };
  return {
    type: 'object',
    ...rest,
    properties: {
      ...Object.fromEntries(Object.entries(properties).map(([f, s]) => [f, columnBounded(s)])),
      version: VERSION,
    },
  };
};

/** The record answered (this one, or the one the action made) with the fields the effect adds to it. */
const answerOf = (r: ResourceDef, a: WorkflowAction, resource: (name: string) => ResourceDef | undefined): Json => {
  const record = recordSchema(a.answers ? resource(a.answers)! : r);
  if (!a.answer) return record;
  // Another shape than the record's: no longer the record's named component.
  const { 'x-component': _name, ...plain } = record;
  const extra = Object.fromEntries(Object.entries(a.answer).map(([f, s]) => [f, documentedField(s)]));
  return {
    ...plain,
    properties: { ...(plain.properties as Json), ...extra },
    required: [...(plain.required as string[]), ...Object.keys(extra)],
  };
};

const states = (values: readonly number[] | undefined) => values?.join(' or ');

/** What the transition does, read off its declaration: from where, to where, and how it is refused. */
const descriptionOf = (a: WorkflowAction) =>
  [
    a.from &&
      `From state ${states([...a.from, ...(a.alsoFrom?.flatMap((o) => o.states) ?? [])])}${a.to !== undefined ? ` to ${a.to}` : ''}, in one transaction; another state answers 40901 naming it.`,
    a.when && `Only for a record with ${JSON.stringify(a.when)} (40901 otherwise).`,
    ...(a.alsoNeeds ?? []).map((n) => `A record with ${JSON.stringify(n.when)} takes the ${n.action} right too (403).`),
    a.description,
  ]
    .filter(Boolean)
    .join(' ');

/**
 * The OpenAPI entry of `POST <api>/{id}/<action>`, from the declaration alone; `oldName`: of the
 * path under a name the action was published as before, deprecated.
 */
export const transitionSchemas = (
  r: ResourceDef,
  action: string,
  a: WorkflowAction,
  resource: (name: string) => ResourceDef | undefined,
  oldName?: string,
) => ({
  ...routeSchemas({
    summary: a.summary,
    description: [
      oldName &&
        `Deprecated: the old path of \`${r.api}/{id}/${action}\` (the action was called ${oldName}), doing the same; call that instead.`,
      descriptionOf(a) || `The ${action} action of a ${r.name} record.`,
    ]
      .filter(Boolean)
      .join(' '),
    ...(oldName && { deprecated: true }),
    params: idParams,
    body: bodyOf(a.input),
    answer: answerOf(r, a, resource),
  }),
});
