import {
  buttonPermission,
  includeParam,
  SYSTEM_FIELDS,
  type FieldSchema,
  type ResourceDef,
} from '../../domain/resource';
import { named, nameOf, unnamed } from '../contract/components';
import { singular } from '../contract/operation-names';
import { absentBodyIsEmpty, contractCompiler, refuseInvalidInput } from '../contract/validator';
import { AFTER_PARAM, MAX_PAGE_SIZE } from './list-query';
import { SUMS_PARAM, sumFields } from './sums';
import { systemColumns } from './sql';
import { followDeclarations } from '../contract/live-schemas';

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

/** A resource's name in the document's components: `products` -> `Product`. */
export const componentName = (r: ResourceDef) => {
  const one = singular(r.name);
  return one.charAt(0).toUpperCase() + one.slice(1);
};

/**
 * Whether a record's field may be answered null. One the resource requires is refused missing or
 * null by every create and edit, filled by a migration where it came later, so it holds a value,
 * unless the server's own rows leave it empty (`x-emptyWhenGenerated`) or SQL computes it.
 */
const answeredNullable = (r: ResourceDef, field: string, s: FieldSchema) =>
  !r.schema.required?.includes(field) || Boolean(s['x-emptyWhenGenerated'] || s['x-sql'] || s['x-right']);

/** A field only some callers read (x-right, engine/withheld.ts) says which right opens it. */
const answered = (r: ResourceDef, s: FieldSchema): FieldSchema =>
  s['x-right']
    ? {
        ...s,
        description: `${s.description ? `${s.description} ` : ''}Answered to callers holding ${buttonPermission(r, s['x-right'])}; null to others, whose lists may not filter or sort by it.`,
      }
    : s;

/**
 * A record as the API answers it: system columns, every readable field. Every one of them is
 * always sent (the select list names them all), null where unset, so all are required.
 */
export const recordSchema = (r: ResourceDef): Json => {
  const properties = {
    ...Object.fromEntries(Object.entries(systemColumns).map(([k, v]) => [k, { ...v.schema, readOnly: true }])),
    ...Object.fromEntries(
      Object.entries(r.schema.properties)
        .filter(([, s]) => !s.writeOnly)
        .map(([k, s]) => [k, answeredNullable(r, k, s) ? nullable(answered(r, s)) : s]),
    ),
  };
  return named(componentName(r), { type: 'object', properties, required: Object.keys(properties) });
};

/** A field of an edit: left out it stays as it is (no default applies), and null clears it. */
export const editedField = (schema: FieldSchema): Json => {
  const { default: _default, ...rest } = nullable(schema);
  return rest;
};

/**
 * What a client may send: the schema's fields, refusing any other. The record's own read-only
 * fields and system columns are accepted and ignored (a client may send back what it read), so
 * they are listed as such. An edit changes only the fields it sends, and a null clears one.
 */
export const inputSchema = (r: ResourceDef, edit: boolean): Json => {
  const ignored = { readOnly: true, description: 'Ignored: the server sets it.' };
  const fields = Object.entries(r.schema.properties).filter(([, s]) => !s.readOnly);
  // A field with a default may be left out of a create: the engine fills it before its own check
  // (a warehouse's time zone is the business's until it names one).
  const required = (r.schema.required ?? []).filter(
    (f) => f !== r.tenant && (edit || r.schema.properties[f]?.default === undefined),
  );
  return named(`${componentName(r)}${edit ? 'Update' : 'Create'}`, {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...Object.fromEntries(fields.map(([k, s]) => [k, edit ? editedField(s) : s])),
      ...Object.fromEntries(
        [...SYSTEM_FIELDS, ...Object.keys(r.schema.properties).filter((k) => r.schema.properties[k].readOnly)].map(
          (k) => [k, ignored],
        ),
      ),
      ...(edit && {
        version: {
          type: 'integer',
          description: 'The version the change starts from; a newer stored one answers 40901.',
        },
      }),
    },
    // A customer's record sent without its organization gets the caller's (crud.ts defaultTenant).
    ...(edit ? { required: ['version'] } : required.length ? { required } : {}),
  });
};

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
      pageIndex: named('PageIndex', { type: 'integer', minimum: 1, default: 1 }),
      pageSize: named('PageSize', { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 }),
      [AFTER_PARAM]: named('After', {
        type: 'string',
        description:
          'Keyset paging, for a client paging forward: empty for the first page, then the `next` of the page before. The page follows that row in the sort, so rows written meanwhile neither repeat nor go missing, and a deep page costs what the first does. pageIndex is for jumps; the two do not go together.',
      }),
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

export const idParams: Json = {
  type: 'object',
  required: ['id'],
  properties: { id: named('RecordId', { type: 'integer', minimum: 1 }) },
};

/** The success envelope around `data`. */
export const envelope = (data: Json): Json => ({
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: { code: { type: 'integer', enum: [20000] }, message: { type: 'string' }, data },
});

const labelMap: Json = named('Labels', {
  type: 'object',
  description:
    "Lookup field -> stored value (`<resource>:<id>` where the row names the resource, as an audit row does) -> the referenced record's naming fields (every language).",
  additionalProperties: {
    type: 'object',
    additionalProperties: { type: 'object', additionalProperties: { type: ['string', 'null'] } },
  },
});

const sumsSchema: Json = named('Sums', {
  type: 'array',
  description: 'With `sums=1`: each summed column over every row the filters keep, money per currency.',
  items: {
    type: 'object',
    required: ['field', 'currency', 'total'],
    properties: {
      field: { type: 'string' },
      currency: { type: ['string', 'null'], description: "A money column's currency; null for other columns." },
      total: {
        type: 'number',
        description: "Summed exactly; a money column's total rounded to the cent, as every amount answered is.",
      },
    },
  },
});

/**
 * A page of rows, with the names of the records they point at, whether the total is estimated and,
 * for a resource's own lists, the totals of its summed columns when asked.
 */
export const pageSchema = (row: Json, withSums = false): Json => {
  const page = {
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
  };
  // A page of named rows is a component too; with sums it is another one.
  const rowName = nameOf(row);
  return rowName ? named(`${rowName}${withSums ? 'PageWithSums' : 'Page'}`, page) : page;
};

const timelineRowSchema: Json = named('TimelineStep', {
  type: 'object',
  required: [
    'id',
    'at',
    'entity',
    'action',
    'actionLabel',
    'from',
    'to',
    'input',
    'reason',
    'userId',
    'userName',
    'apiKeyId',
    'apiKeyName',
  ],
  properties: {
    id: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
    entity: {
      type: 'string',
      description:
        "Whose step: the record's resource, or a related one its timeline merges in (an order's deliveries).",
    },
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
    reason: {
      type: ['string', 'null'],
      description: 'Why, where the step was given a reason (a rejection, a failed delivery).',
    },
    userId: { type: ['integer', 'null'] },
    userName: { type: ['string', 'null'], description: 'Who did it.' },
    apiKeyId: { type: ['integer', 'null'], description: "The API key it was done with; null for a person's session." },
    apiKeyName: {
      type: ['string', 'null'],
      description:
        "That key's name (\"shop-sync\"): a customer's system acted, on behalf of the key's creator (userName).",
    },
  },
});

const timelineSchema: Json = named('Timeline', {
  type: 'object',
  required: ['rows', 'total'],
  properties: {
    rows: { type: 'array', items: timelineRowSchema },
    total: { type: 'integer', description: 'Every step recorded; rows stop at 1000.' },
  },
});

type ResourceLookup = (name: string) => ResourceDef | undefined;

/**
 * A record with arrays of other resources' records beside its fields, named `name`; `always` when
 * the arrays are sent with every answer (an order's lines), not only when asked for.
 */
const withRecordArrays = (
  record: Json,
  name: string,
  arrays: [field: string, resource: string][],
  resourceByName: ResourceLookup,
  always: boolean,
): Json =>
  arrays.length
    ? named(name, {
        ...unnamed(record),
        properties: {
          ...(record.properties as Json),
          ...Object.fromEntries(
            arrays.map(([field, resource]) => [
              field,
              { type: 'array', items: recordSchema(resourceByName(resource)!) },
            ]),
          ),
        },
        ...(always && { required: [...(record.required as string[]), ...arrays.map(([field]) => field)] }),
      })
    : record;

/** A row with the children a list embeds on request (`includePorts=1`). */
const withIncludes = (r: ResourceDef, resourceByName: ResourceLookup): Json =>
  withRecordArrays(
    recordSchema(r),
    `${componentName(r)}Row`,
    Object.entries(r.includes ?? {}).map(([key, spec]) => [key, spec.resource]),
    resourceByName,
    false,
  );

/** A record with the relation rows its answer embeds (an order's lines). */
export const embeddedRecordSchema = (r: ResourceDef, resourceByName: ResourceLookup): Json =>
  withRecordArrays(
    recordSchema(r),
    `${componentName(r)}Detail`,
    Object.entries(r.embed ?? {}).map(([field, key]) => [field, r.relations![key].resource]),
    resourceByName,
    true,
  );

/**
 * A create's answer: the record, and for a resource that declares `onceOnCreate` the value its hook
 * makes and answers this once (an API key, a signing secret), never stored as sent nor read again.
 */
const createdSchema = (r: ResourceDef, record: Json): Json =>
  r.onceOnCreate
    ? named(`${componentName(r)}Created`, {
        ...unnamed(record),
        properties: {
          ...(record.properties as Json),
          [r.onceOnCreate]: { type: 'string', description: 'Answered by this create only, never again: keep it now.' },
        },
        required: [...(record.required as string[]), r.onceOnCreate],
      })
    : record;

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
    /**
     * A relation's list; `replacedBy`: at a key it was published under, deprecated for its own;
     * `whole`: every row at once, no query.
     */
    relation: (child: ResourceDef, replacedBy?: string, whole?: boolean) => ({
      tags,
      ...(replacedBy && {
        deprecated: true,
        description: `Deprecated: the old path of \`${r.api}/{id}/${replacedBy}\`, answering the same; call that instead.`,
      }),
      ...(whole && { description: 'Every row at once, in their order: no paging, no filters.' }),
      params: idParams,
      ...(!whole && { querystring: listQuerySchema(child) }),
      response: { 200: envelope(pageSchema(recordSchema(child), sumFields(child).length > 0)) },
    }),
    timeline: {
      tags,
      description: `Every audited step of the ${r.name} record, oldest first: its workflow's transitions (${Object.keys(r.workflow?.machine?.actions ?? {}).join(', ')}) and its creation and edits. Read like the record: a record the caller may not read answers 404.`,
      params: idParams,
      response: { 200: envelope(timelineSchema) },
    },
    create: { tags, body: inputSchema(r, false), response: { 200: envelope(createdSchema(r, record)) } },
    update: { tags, params: idParams, body: inputSchema(r, true), response: { 200: envelope(record) } },
    remove: {
      tags,
      params: idParams,
      response: { 200: envelope({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }) },
    },
  };
};

/**
 * A body refuses fields it does not name unless it says otherwise: it is checked by its schema,
 * so an unknown field answers 40001, and the document says so.
 */
const closed = (body: Json): Json =>
  body.type === 'object' && body.additionalProperties === undefined ? { ...body, additionalProperties: false } : body;

/**
 * Route options carrying the route's schemas. The answer's schema serializes it (Fastify's compiled
 * serializer: faster, and no field the contract does not name can leave). The body is checked by
 * the schema documented for it, through the one compiler (contract/validator.ts), so the document
 * and the check cannot differ. Its problems are refused once the caller has been let in, unless
 * `checkedByHandler`: a handler that must answer them together with its own rules' (a line's
 * foreign SKU beside another line's bad quantity) in one 40001, or only after refusing the record
 * (404, 40901, 403), takes them from the request (schemaProblems) at that point.
 */
export const documented = (raw: Json, { checkedByHandler = false } = {}) => {
  const schema = onceRequired(raw) as Json;
  return {
    schema: schema.body && !checkedByHandler ? { ...schema, body: closed(schema.body as Json) } : schema,
    validatorCompiler: contractCompiler,
    attachValidation: true,
    ...(schema.body !== undefined && { preValidation: absentBodyIsEmpty }),
    ...(!checkedByHandler && { preHandler: refuseInvalidInput }),
  };
};

/**
 * A route whose schemas follow the declarations in force (an admin's added field): `build` makes
 * its schemas from the declarations as they are now (contract/live-schemas.ts).
 */
export const liveDocumented = (
  method: string,
  url: string,
  build: () => Json,
  options?: Parameters<typeof documented>[1],
) => {
  followDeclarations(method, url, () => documented(build(), options).schema);
  return documented(build(), options);
};

/**
 * Each required name once: every field of a record is required, so an answer adding one of them
 * again beside the record (an order's outboundId after approve) would list it twice, which the
 * serializer's schema check refuses.
 */
const onceRequired = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(onceRequired);
  if (!node || typeof node !== 'object') return node;
  const copy = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, onceRequired(v)]));
  if (Array.isArray(copy.required)) copy.required = [...new Set(copy.required as unknown[])];
  return copy;
};
