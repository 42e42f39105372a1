import type { FieldSchema, ResourceDef } from '../../domain/resource';
import { isIsoDate, isIsoDateTime } from '../../domain/iso-date';
import { badRequest } from '../errors';
import { fieldExpr, fieldSchema, sqlType } from './sql';

export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 20;
/** `after=<cursor>`: the page after the row a list's `next` named (keyset paging); `after=` the first. */
export const AFTER_PARAM = 'after';
const RESERVED = new Set(['pageIndex', 'pageSize', 'sort', 'q', AFTER_PARAM]);

export interface ListQuery {
  /** AND-ed conditions; more can be added with `bind` before building the WHERE clause. */
  conditions: string[];
  bind: (value: unknown) => string;
  params: unknown[];
  orderBy: string;
  limit: number;
  offset: number;
  includes: string[];
  /** A condition uses a computed (x-sql) field, which may read other tables. */
  computed: boolean;
  /**
   * Keyset paging (`after` given): the sort's values as text, each row's cursor, and the condition
   * that keeps the rows past the cursor, if one was given, bound last: the page's total ignores it.
   */
  keyset?: { cursor: string; seek?: (bind: (value: unknown) => string) => string };
}

/**
 * Turns the list contract (DESIGN 3) into SQL fragments. Every field name is checked against the
 * resource's schema before it becomes an identifier, and every value travels as a parameter, so an
 * unknown or hostile name is a 40001, never SQL.
 */
export function parseListQuery(
  r: ResourceDef,
  query: Record<string, unknown>,
  extraReserved: string[] = [],
  anyValue: Record<string, string> = {},
  /** Fields the caller may not read (engine/withheld.ts): to them no such field exists. */
  hidden: ReadonlySet<string> = new Set(),
): ListQuery {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const bind = (value: unknown) => `$${params.push(value)}`;
  let computed = false;

  const pageIndex = positiveInt(query.pageIndex, 1, 'pageIndex', 'errors.pageIndex', Number.MAX_SAFE_INTEGER);
  const pageSize = positiveInt(query.pageSize, DEFAULT_PAGE_SIZE, 'pageSize', 'errors.pageSize', MAX_PAGE_SIZE);

  const q = single(query.q, 'q').trim();
  const searched = r.search.filter((f) => !hidden.has(f));
  if (q && searched.length) {
    const pattern = bind(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    conditions.push(`(${searched.map((f) => `${fieldExpr(r, f)}::text ILIKE ${pattern}`).join(' OR ')})`);
    computed ||= searched.some((f) => r.schema.properties[f]?.['x-sql']);
  }

  const includes: string[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key) || raw === undefined || raw === '' || anyValue[key] === raw) continue;
    if (extraReserved.includes(key)) {
      if (['1', 'true'].includes(single(raw, key))) includes.push(key);
      continue;
    }
    const suffix = /^(.+)_(gte|lte|in)$/.exec(key);
    const field = suffix ? suffix[1] : key;
    const schema = hidden.has(field) ? undefined : fieldSchema(r, field);
    if (!schema || schema.type === 'object' || schema.type === 'array')
      throw badRequest('errors.unknownField', { field: key }, key);
    computed ||= Boolean(schema['x-sql']);
    if (suffix?.[2] === 'in') {
      // `id_in=3,5,8`: one call for the labels of many lookups, at most a page's worth: more are
      // refused rather than cut off, so no caller takes a part for the whole.
      const parts = single(raw, key).split(',');
      if (parts.length > MAX_PAGE_SIZE) throw badRequest('validation.maxItems', { limit: MAX_PAGE_SIZE }, key);
      const values = parts.map((v) => coerce(schema, v.trim(), key));
      conditions.push(`${fieldExpr(r, field)} = ANY(${bind(values)})`);
      continue;
    }
    const value = coerce(schema, single(raw, key), key);
    conditions.push(`${fieldExpr(r, field)} ${suffix ? (suffix[2] === 'gte' ? '>=' : '<=') : '='} ${bind(value)}`);
  }

  const sort = single(query.sort, 'sort') || r.sort;
  const keys = sortKeys(sort).map((key) => {
    if (!fieldSchema(r, key.field) || hidden.has(key.field))
      throw badRequest('errors.unknownField', { field: key.field }, 'sort');
    return key;
  });
  // No NULLS LAST: a btree scanned either way gives the default NULLS order, so the sort can walk an
  // index (sync.ts makes one for the default sort) instead of sorting the whole table.
  const total = withIdTiebreak(keys);
  const orderBy = total.map((key) => `${fieldExpr(r, key.field)} ${key.descending ? 'DESC' : 'ASC'}`);
  const keyset =
    query[AFTER_PARAM] === undefined ? undefined : keysetOf(r, total, single(query[AFTER_PARAM], AFTER_PARAM));
  if (keyset && query.pageIndex !== undefined && query.pageIndex !== '1')
    throw badRequest(
      'errors.badRequest',
      { detail: `${AFTER_PARAM} pages on from a row, pageIndex jumps` },
      AFTER_PARAM,
    );

  return {
    conditions,
    bind,
    params,
    orderBy: `ORDER BY ${orderBy.join(', ')}`,
    limit: pageSize,
    offset: (pageIndex - 1) * pageSize,
    includes,
    computed,
    keyset,
  };
}

/** A row's place in the sort as a cursor: its sort values as text (exact, unlike a JS date), in base64url JSON. */
export const encodeCursor = (values: (string | null)[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

function decodeCursor(text: string, length: number): (string | null)[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(text, 'base64url').toString());
  } catch {
    values = undefined;
  }
  if (!Array.isArray(values) || values.length !== length || !values.every((v) => v === null || typeof v === 'string'))
    throw badRequest(
      'errors.badRequest',
      { detail: `${AFTER_PARAM} is not a cursor of this list's sort` },
      AFTER_PARAM,
    );
  return values as (string | null)[];
}

/**
 * The rows after a cursor in the sort `keys` (the last is the id, never null). Where every key runs
 * one way and none can be null there, one row comparison, which an index on the keys seeks to;
 * otherwise key by key, with NULLs where the default order puts them (last ascending, first
 * descending), as the ORDER BY sorts them.
 */
function keysetOf(r: ResourceDef, keys: SortKey[], after: string) {
  const cursor = `ARRAY[${keys.map((key) => `${fieldExpr(r, key.field)}::text`).join(', ')}]`;
  if (!after) return { cursor };
  const values = decodeCursor(after, keys.length);
  const seek = (bind: (v: unknown) => string) => {
    const exprs = keys.map((key) => fieldExpr(r, key.field));
    const params = values.map((v, i) => (v === null ? null : `${bind(v)}::${sqlType(fieldSchema(r, keys[i].field)!)}`));
    const descending = keys[0].descending;
    const oneWay = keys.every((key) => key.descending === descending) && values.every((v) => v !== null);
    // Descending, a NULL sorts first and so is never after a cursor without one; ascending only never-null columns.
    if (oneWay && (descending || keys.every((key) => NOT_NULL.has(key.field))))
      return `(${exprs.join(', ')}) ${descending ? '<' : '>'} (${params.join(', ')})`;
    const past = (i: number): string => {
      const [expr, param, key] = [exprs[i], params[i], keys[i]];
      const rest = i + 1 < keys.length ? past(i + 1) : undefined;
      if (param === null) {
        const tail = rest ? `(${expr} IS NULL AND ${rest})` : 'FALSE';
        return key.descending ? `(${expr} IS NOT NULL OR ${tail})` : tail;
      }
      const parts = [`${expr} ${key.descending ? '<' : '>'} ${param}`];
      if (!key.descending) parts.push(`${expr} IS NULL`);
      if (rest) parts.push(`(${expr} = ${param} AND ${rest})`);
      return `(${parts.join(' OR ')})`;
    };
    return past(0);
  };
  return { cursor, seek };
}

/** Columns every row has a value in. */
const NOT_NULL = new Set(['id', 'version', 'createdAt', 'updatedAt']);

const single = (raw: unknown, key: string): string => {
  if (raw === undefined) return '';
  if (Array.isArray(raw)) throw badRequest('errors.badRequest', { detail: `${key} given twice` }, key);
  return String(raw);
};

function positiveInt(raw: unknown, fallback: number, field: string, key: string, max: number) {
  const text = single(raw, field);
  if (!text) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > max) throw badRequest(key, { max }, field);
  return value;
}

function coerce(schema: FieldSchema, text: string, field: string): unknown {
  const fail = (key: string) => badRequest(key, {}, field);
  switch (schema.type) {
    case 'integer':
      if (!/^-?\d{1,15}$/.test(text)) throw fail('validation.integer');
      return Number(text);
    case 'number':
      if (!/^-?\d+(\.\d+)?$/.test(text)) throw fail('validation.number');
      return text;
    case 'boolean':
      if (!['true', 'false', '1', '0'].includes(text)) throw fail('validation.boolean');
      return text === 'true' || text === '1';
    default:
      if (schema.format === 'date' && !isIsoDate(text)) throw fail('validation.date');
      if (schema.format === 'date-time' && !isIsoDateTime(text)) throw fail('validation.date');
      return text;
  }
}

export interface SortKey {
  field: string;
  descending: boolean;
}

/** `-a,b` as keys, in order. */
export const sortKeys = (sort: string): SortKey[] =>
  sort
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => ({ field: part.replace(/^[-+]/, ''), descending: part.startsWith('-') }));

/**
 * The sort made total by the id, running the way the last key runs, so one index (keys..., id)
 * serves it forwards or backwards.
 */
export const withIdTiebreak = (keys: SortKey[]): SortKey[] =>
  keys.some((key) => key.field === 'id')
    ? keys
    : [...keys, { field: 'id', descending: keys.at(-1)?.descending ?? false }];

export const whereClause = (conditions: string[]) => (conditions.length ? `WHERE ${conditions.join(' AND ')}` : '');
