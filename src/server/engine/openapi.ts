import { includeParam, type FieldSchema, type ResourceDef } from '../../domain/resource';
import { AFTER_PARAM, MAX_PAGE_SIZE } from './list-query';
import { SUMS_PARAM, sumFields } from './sums';
import { systemColumns } from './sql';

/**
 * The JSON schemas the engine's routes carry on themselves (params, query, body, answer), made from
 * the same declaration that mounts them; the OpenAPI document is read off the mounted routes, so a
 * generic route cannot exist without its documentation.
 */

type Json = Record<string, unknown>;

/** A stored value may be null (a column added later, an optional field): answers say so. */
const nullable = (schema: FieldSchema): Json => {
  const { type, enum: values, ...rest } = schema;
  return { ...rest, type: [type, 'null'], ...(values && { enum: [...values, null] }) };
};

/** A record as the API answers it: system columns, every readable field (null where unset). */
export const recordSchema = (r: ResourceDef): Json => ({
  type: 'object',
  properties: {
    ...Object.fromEntries(Object.entries(systemColumns).map(([k, v]) => [k, { ...v.schema, readOnly: true }])),
    ...Object.fromEntries(
      Object.entries(r.schema.properties)
        .filter(([, s]) => !s.writeOnly)
        .map(([k, s]) => [k, nullable(s)]),
    ),
  },
  required: ['id'],
});

/** What a client may send: the schema's fields without read-only ones (the server sets those). */
const inputSchema = (r: ResourceDef, withVersion: boolean): Json => ({
  type: 'object',
  properties: {
    ...Object.fromEntries(
      Object.entries(r.schema.properties)
        .filter(([, s]) => !s.readOnly)
        .map(([k, s]) => [k, s]),
    ),
    ...(withVersion && {
      version: {
        type: 'integer',
        description: 'The version the change starts from; a newer stored one answers 40901.',
      },
    }),
  },
  ...(withVersion ? { required: ['version'] } : r.schema.required?.length ? { required: r.schema.required } : {}),
});

const filterable = (s: FieldSchema) => s.type !== 'object' && s.type !== 'array';

/** The list contract of DESIGN 3, with the resource's own filters. */
export const listQuerySchema = (r: ResourceDef, extra: string[] = []): Json => {
  const fields = Object.entries({
    ...Object.fromEntries(Object.entries(systemColumns).map(([k, v]) => [k, v.schema])),
    ...r.schema.properties,
  }).filter(([, s]) => filterable(s) && !s.writeOnly);
  return {
    type: 'object',
    properties: {
      pageIndex: { type: 'integer', minimum: 1, default: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 },
      [AFTER_PARAM]: {
        type: 'string',
        description:
          'Keyset paging, for a client paging forward: empty for the first page, then the `next` of the page before. The page follows that row in the sort, so rows written meanwhile neither repeat nor go missing, and a deep page costs what the first does. pageIndex is for jumps; the two do not go together.',
      },
      sort: { type: 'string', description: 'Fields, comma separated; a leading - sorts descending.', example: r.sort },
      q: { type: 'string', description: r.search.length ? `Searches ${r.search.join(', ')}` : 'No search fields.' },
      ...Object.fromEntries(
        fields.flatMap(([name, s]) => [
          [name, { type: s.type, ...(s.format && { format: s.format }) }],
          ...(s['x-filter'] === 'range' || s.format === 'date' || s.format === 'date-time'
            ? ['gte', 'lte'].map((op) => [`${name}_${op}`, { type: s.type, ...(s.format && { format: s.format }) }])
            : []),
        ]),
      ),
      id_in: { type: 'string', description: 'Comma-separated ids.' },
      ...Object.fromEntries(extra.map((key) => [key, { type: 'string', enum: ['1', 'true'] }])),
      ...(sumFields(r).length && {
        [SUMS_PARAM]: {
          type: 'string',
          enum: ['1', 'true'],
          description: `Answer \`sums\`: the totals of ${sumFields(r)
            .map((f) => f.field)
            .join(', ')} over every row the filters keep.`,
        },
      }),
    },
  };
};

export const idParams: Json = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } };

/** The success envelope around `data`. */
export const envelope = (data: Json): Json => ({
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: { code: { type: 'integer', enum: [20000] }, message: { type: 'string' }, data },
});

const labelMap: Json = {
  type: 'object',
  description:
    "Lookup field -> stored value (`<resource>:<id>` where the row names the resource, as an audit row does) -> the referenced record's naming fields (every language).",
  additionalProperties: {
    type: 'object',
    additionalProperties: { type: 'object', additionalProperties: { type: ['string', 'null'] } },
  },
};

const sumsSchema: Json = {
  type: 'array',
  description: 'With `sums=1`: each summed column over every row the filters keep, money per currency.',
  items: {
    type: 'object',
    required: ['field', 'currency', 'total'],
    properties: {
      field: { type: 'string' },
      currency: { type: ['string', 'null'], description: "A money column's currency; null for other columns." },
      total: { type: 'string', description: 'Exact decimal text.' },
    },
  },
};

/**
 * A page of rows, with the names of the records they point at, whether the total is estimated and,
 * for a resource's own lists, the totals of its summed columns when asked.
 */
export const pageSchema = (row: Json, withSums = false): Json => ({
  type: 'object',
  required: ['rows', 'total'],
  properties: {
    rows: { type: 'array', items: row },
    total: { type: 'integer' },
    totalEstimated: {
      type: 'boolean',
      description: 'The total is the planner\'s estimate (a large table); shown as "about".',
    },
    next: {
      type: 'string',
      description: 'With `after`: the cursor of the page after this one, when this one is full.',
    },
    labels: labelMap,
    ...(withSums && { sums: sumsSchema }),
  },
});

const timelineRowSchema: Json = {
  type: 'object',
  required: ['id', 'at', 'action', 'actionLabel', 'from', 'to', 'input', 'userId', 'userName'],
  properties: {
    id: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
    action: { type: 'string', description: 'The action taken: create, edit, or one of the workflow.' },
    actionLabel: { type: 'string', description: "The action in the caller's language, as its button names it." },
    from: {
      type: ['integer', 'null'],
      description: 'The state before; null for a creation or a record without states.',
    },
    to: { type: ['integer', 'null'], description: 'The state after; null where the step records none.' },
    input: {
      type: ['object', 'null'],
      additionalProperties: true,
      description: 'What a workflow action was given or set beside the state (a date, a reason, a reference).',
    },
    userId: { type: ['integer', 'null'] },
    userName: { type: ['string', 'null'], description: 'Who did it.' },
  },
};

const timelineSchema: Json = {
  type: 'object',
  required: ['rows', 'total'],
  properties: {
    rows: { type: 'array', items: timelineRowSchema },
    total: { type: 'integer', description: 'Every step recorded; rows stop at 1000.' },
  },
};

type ResourceLookup = (name: string) => ResourceDef | undefined;

/** A record with arrays of other resources' records beside its fields. */
const withRecordArrays = (
  record: Json,
  arrays: [field: string, resource: string][],
  resourceByName: ResourceLookup,
): Json =>
  arrays.length
    ? {
        ...record,
        properties: {
          ...(record.properties as Json),
          ...Object.fromEntries(
            arrays.map(([field, resource]) => [
              field,
              { type: 'array', items: recordSchema(resourceByName(resource)!) },
            ]),
          ),
        },
      }
    : record;

/** A row with the children a list embeds on request (`includePorts=1`). */
const withIncludes = (r: ResourceDef, resourceByName: ResourceLookup): Json =>
  withRecordArrays(
    recordSchema(r),
    Object.entries(r.includes ?? {}).map(([key, spec]) => [key, spec.resource]),
    resourceByName,
  );

/** A record with the relation rows its answer embeds (an order's lines). */
export const embeddedRecordSchema = (r: ResourceDef, resourceByName: ResourceLookup): Json =>
  withRecordArrays(
    recordSchema(r),
    Object.entries(r.embed ?? {}).map(([field, key]) => [field, r.relations![key].resource]),
    resourceByName,
  );

export const engineRouteSchemas = (r: ResourceDef, resourceByName: ResourceLookup) => {
  const record = recordSchema(r);
  const tags = [r.name];
  const includeParams = Object.keys(r.includes ?? {}).map(includeParam);
  return {
    list: {
      tags,
      querystring: listQuerySchema(r, includeParams),
      response: { 200: envelope(pageSchema(withIncludes(r, resourceByName), sumFields(r).length > 0)) },
    },
    read: { tags, params: idParams, response: { 200: envelope(embeddedRecordSchema(r, resourceByName)) } },
    relation: (child: ResourceDef) => ({
      tags,
      params: idParams,
      querystring: listQuerySchema(child),
      response: { 200: envelope(pageSchema(recordSchema(child), sumFields(child).length > 0)) },
    }),
    timeline: {
      tags,
      description: `Every audited step of the ${r.name} record, oldest first: its workflow's transitions (${Object.keys(r.workflow?.machine?.actions ?? {}).join(', ')}) and its creation and edits. Read like the record: a record the caller may not read answers 404.`,
      params: idParams,
      response: { 200: envelope(timelineSchema) },
    },
    create: { tags, body: inputSchema(r, false), response: { 200: envelope(record) } },
    update: { tags, params: idParams, body: inputSchema(r, true), response: { 200: envelope(record) } },
    remove: {
      tags,
      params: idParams,
      response: { 200: envelope({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }) },
    },
  };
};

/** Record schemas by resource, as document components (clients generate their types from them). */
export const componentSchemas = (resources: ResourceDef[]) =>
  Object.fromEntries(resources.map((r) => [r.name, recordSchema(r)]));

/**
 * Route options carrying the route's schemas. The answer's schema serializes it (Fastify's compiled
 * serializer: faster, and no field the contract does not name can leave); input is validated by the
 * engine itself (translated messages, field by field), so Fastify neither validates nor coerces it.
 */
export const documented = (schema: Json) => ({
  schema,
  validatorCompiler: () => () => true,
});
