import { Ajv } from 'ajv';
import type { CustomizationProblem } from '../../domain/customization';

/**
 * The shape each change must have before its meaning is checked (customizationProblems): a body
 * is anyone's JSON, and a null, a number where labels go or an `op` of another kind must be
 * refused as such, never reach code that reads it as a change.
 */
const labels = { type: 'object', additionalProperties: { type: 'string' } };
const names = { type: 'array', items: { type: 'string' } };
const codes = { type: 'array', items: { type: 'integer' } };
const field = {
  type: 'object',
  required: ['name', 'type', 'labels'],
  properties: {
    name: { type: 'string' },
    type: { type: 'string' },
    labels,
    help: labels,
    required: { type: 'boolean' },
    default: { type: ['string', 'number', 'boolean'] },
    minLength: { type: 'integer' },
    maxLength: { type: 'integer' },
    minimum: { type: 'number' },
    maximum: { type: 'number' },
    unique: { type: 'boolean' },
    list: { type: 'boolean' },
    filter: { type: 'boolean' },
    group: { type: 'string' },
    ref: { type: 'string' },
    values: {
      type: 'array',
      items: { type: 'object', required: ['value', 'labels'], properties: { value: { type: 'number' }, labels } },
    },
  },
};
const named = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
const byOp: Record<string, object> = {
  addField: field,
  relabelField: { ...named, required: ['name', 'labels'], properties: { name: { type: 'string' }, labels } },
  removeField: named,
  restoreField: named,
  addValue: {
    type: 'object',
    required: ['name', 'value', 'labels'],
    properties: { name: { type: 'string' }, value: { type: 'number' }, labels },
  },
  retireValue: {
    type: 'object',
    required: ['name', 'value'],
    properties: { name: { type: 'string' }, value: { type: 'number' } },
  },
  addResource: {
    type: 'object',
    required: ['labels', 'organizationOwned'],
    properties: {
      labels,
      organizationOwned: { type: 'boolean' },
      icon: { type: 'string' },
      fields: { type: 'array', items: field },
    },
  },
  addState: {
    type: 'object',
    required: ['value', 'labels'],
    properties: { value: { type: 'number' }, labels, tone: { type: 'string' }, after: { type: 'number' } },
  },
  addAction: {
    type: 'object',
    required: ['name', 'from', 'to', 'labels'],
    properties: {
      name: { type: 'string' },
      from: codes,
      to: { type: 'integer' },
      labels,
      confirmation: labels,
      fields: names,
      event: { type: 'string' },
    },
  },
};

const ajv = new Ajv({ strict: false });
const checks = Object.fromEntries(Object.entries(byOp).map(([op, schema]) => [op, ajv.compile(schema)]));

/** The changes that are not changes at all, by their place in the list; none when every one has its op's shape. */
export function malformedChanges(changes: unknown): CustomizationProblem[] {
  if (!Array.isArray(changes) || !changes.length) return [{ key: 'noChanges' }];
  return changes.flatMap((change, i) => {
    const op = change && typeof change === 'object' ? (change as { op?: unknown }).op : undefined;
    const check = typeof op === 'string' && Object.hasOwn(checks, op) ? checks[op] : undefined;
    if (!check) return [{ key: 'unknownChange', field: `changes/${i}`, params: { name: String(op) } }];
    return check(change) ? [] : [{ key: 'changeShape', field: `changes/${i}`, params: { name: op as string } }];
  });
}
