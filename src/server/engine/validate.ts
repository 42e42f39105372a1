import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { isValidBarcode } from '../../domain/barcode';
import { isValidContainerNo } from '../../domain/container';
import type { EntitySchema, FieldSchema } from '../../domain/resource';
import { isTimeZone } from '../../domain/time-zone';
import type { FieldProblem } from '../errors';
import { INT4_MAX } from './sql';

const newAjv = (options: { useDefaults: boolean; verbose: boolean }) => {
  const made = new Ajv({ allErrors: true, strict: false, coerceTypes: false, ...options });
  addFormats.default(made, ['date', 'date-time', 'email', 'uri']);
  made.addFormat('barcode', isValidBarcode);
  made.addFormat('container-no', isValidContainerNo);
  made.addFormat('time-zone', isTimeZone);
  return made;
};

const ajv = newAjv({ useDefaults: true, verbose: false });
/**
 * Request bodies are checked by the schema their route documents, with the rules and formats
 * records are checked with. It leaves a body as it came: defaults are the handler's to apply (an
 * edit leaves a field it was not sent as it is); verbose errors carry the schema at fault, whose
 * `x-messages` name the message.
 */
const bodies = newAjv({ useDefaults: false, verbose: true });

export const compileBody = (schema: object): ValidateFunction => bodies.compile(schema);

const compiled = new Map<EntitySchema, ValidateFunction>();

/** Ajv checks a whole record against its resource schema; x- keywords are hints, not rules. */
export function validateRecord(schema: EntitySchema, record: Record<string, unknown>): FieldProblem[] {
  let validate = compiled.get(schema);
  if (!validate) {
    const { $id: _id, ...rest } = schema;
    validate = ajv.compile(rest);
    compiled.set(schema, validate);
  }
  const problems = validate(record) ? [] : ajvProblems(validate.errors ?? [], schema);
  return [...problems, ...outOfColumnRange(schema, record, new Set(problems.map((p) => p.field)))];
}

/**
 * Integer fields are stored in integer columns: a larger value would fail the statement (a 500)
 * rather than be refused. A lookup that large names no record; any other is over the column's limit.
 */
function outOfColumnRange(
  schema: EntitySchema,
  record: Record<string, unknown>,
  reported: Set<string>,
): FieldProblem[] {
  // Not an object at all: Ajv has said so already.
  if (typeof record !== 'object' || record === null) return [];
  return Object.entries(schema.properties).flatMap(([field, s]) => {
    const value = record[field];
    if (reported.has(field) || s.type !== 'integer' || typeof value !== 'number' || Math.abs(value) <= INT4_MAX)
      return [];
    if (s['x-ref'] && !s['x-refKey']) return [{ field, key: 'validation.ref' }];
    return [
      {
        field,
        key: value > 0 ? 'validation.maximum' : 'validation.minimum',
        params: { limit: value > 0 ? INT4_MAX : -INT4_MAX },
      },
    ];
  });
}

const typeKeys: Record<string, string> = {
  integer: 'validation.integer',
  number: 'validation.number',
  string: 'validation.string',
  boolean: 'validation.boolean',
};
const formatKeys: Record<string, string> = {
  date: 'validation.date',
  'date-time': 'validation.date',
  email: 'validation.email',
  'time-zone': 'validation.timeZone',
};

/** Ajv errors as one translated problem per field (the first one found for each field). */
export function ajvProblems(errors: ErrorObject[], schema?: EntitySchema): FieldProblem[] {
  const byField = new Map<string, FieldProblem>();
  for (const error of errors) {
    const params = error.params as Record<string, unknown>;
    const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const field = String(params.missingProperty ?? params.additionalProperty ?? path.split('.')[0]) || '_';
    if (byField.has(field)) continue;
    const custom = schema?.properties[field]?.['x-messages']?.[error.keyword];
    byField.set(field, custom ? { field, key: custom } : { field, ...problemOf(error.keyword, params) });
  }
  return [...byField.values()];
}

/**
 * A body's Ajv errors as one translated problem per field, named by its path (`products.0.skuId`,
 * as the workflows name a line's fields); the first error found for each field. A field whose
 * schema names its messages answers for what it holds (an outbound confirm's `takes`, whatever
 * line is at fault), as a record's field does.
 */
export function bodyProblems(errors: ErrorObject[], root?: FieldSchema): FieldProblem[] {
  const byField = new Map<string, FieldProblem>();
  for (const error of errors) {
    const params = error.params as Record<string, unknown>;
    const own = (params.missingProperty ?? params.additionalProperty) as string | undefined;
    const path = [...error.instancePath.split('/').filter(Boolean), ...(own === undefined ? [] : [own])];
    const speaking = root && speaker(root, path);
    if (speaking) path.length = speaking.depth;
    // A field is named by its property: `products.0.skuId`, but `paths` for a bad item of a list of texts.
    while (path.length && /^\d+$/.test(path[path.length - 1])) path.pop();
    const field = path.join('.') || '_';
    if (byField.has(field)) continue;
    const parent = (error.parentSchema ?? {}) as FieldSchema & { properties?: Record<string, FieldSchema> };
    const schema = speaking?.schema ?? (own === undefined ? parent : parent.properties?.[own]);
    const custom = schema?.['x-messages']?.[error.keyword];
    byField.set(field, custom ? { field, key: custom } : { field, ...problemOf(error.keyword, params) });
  }
  return [...byField.values()];
}

/** The outermost field on the path, above the one at fault, whose schema names its messages. */
function speaker(root: FieldSchema, path: string[]) {
  let node: FieldSchema | undefined = root;
  for (let depth = 0; node && depth < path.length - 1; depth++) {
    node = /^\d+$/.test(path[depth]) ? node.items : node.properties?.[path[depth]];
    if (node?.['x-messages']) return { depth: depth + 1, schema: node };
  }
  return undefined;
}

function problemOf(keyword: string, params: Record<string, unknown>): Omit<FieldProblem, 'field'> {
  switch (keyword) {
    case 'required':
      return { key: 'validation.required' };
    case 'additionalProperties':
      return { key: 'validation.additional' };
    case 'type':
      return { key: typeKeys[String(params.type).split(',')[0]] ?? 'validation.format' };
    case 'format':
      return { key: formatKeys[String(params.format)] ?? 'validation.format' };
    case 'enum':
      return { key: 'validation.enum' };
    case 'pattern':
      return { key: 'validation.pattern' };
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
    case 'minItems':
    case 'maxItems':
      return { key: `validation.${keyword}`, params: { limit: params.limit } };
    case 'exclusiveMinimum':
      return { key: 'validation.positive' };
    default:
      return { key: 'validation.format' };
  }
}
