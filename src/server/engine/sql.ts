import { columnName, tableName, type FieldSchema, type ResourceDef } from '../../domain/resource';

/** Identifiers come from our own schemas, never from requests; quoting is belt and braces. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export const table = (r: ResourceDef) => ident(tableName(r));

export const column = (field: string) => ident(columnName(field));

/** Implicit columns every resource table has, by API name. */
export const systemColumns: Record<string, { column: string; schema: FieldSchema }> = {
  id: { column: 'id', schema: { type: 'integer' } },
  version: { column: 'version', schema: { type: 'integer' } },
  createdAt: { column: 'created_at', schema: { type: 'string', format: 'date-time' } },
  updatedAt: { column: 'updated_at', schema: { type: 'string', format: 'date-time' } },
};

export const fieldSchema = (r: ResourceDef, field: string): FieldSchema | undefined =>
  r.schema.properties[field]?.writeOnly ? undefined : (r.schema.properties[field] ?? systemColumns[field]?.schema);

export const fieldColumn = (field: string) => ident(systemColumns[field]?.column ?? columnName(field));

/** A field as SQL over the row alias: its column, or its `x-sql` expression. */
export const fieldExpr = (r: ResourceDef, field: string, alias = 't') => {
  const computed = r.schema.properties[field]?.['x-sql'];
  return computed ? `(${computed.replace(/\bt\./g, `${alias}.`)})` : `${alias}.${fieldColumn(field)}`;
};

/**
 * The SELECT list that turns a row into an API record (camelCase names). Decimals travel as JSON
 * numbers; sums that must be exact are done in SQL on the numeric columns.
 */
// By schema, not declaration: an installed customization gives the declaration a new schema (resources/overlay.ts).
const selectLists = new WeakMap<object, Map<string, string>>();

/** The select list of a resource's records; built once per declaration and alias, as every read asks for it. */
export const selectList = (r: ResourceDef, alias = 't') => {
  const byAlias = selectLists.get(r.schema) ?? new Map<string, string>();
  selectLists.set(r.schema, byAlias);
  let list = byAlias.get(alias);
  if (list === undefined) {
    list = [
      ...Object.keys(systemColumns),
      ...Object.keys(r.schema.properties).filter((f) => !r.schema.properties[f].writeOnly),
    ]
      .map((field) => {
        const cast = r.schema.properties[field]?.type === 'number' ? '::float8' : '';
        return `${fieldExpr(r, field, alias)}${cast} AS ${ident(field)}`;
      })
      .join(', ');
    byAlias.set(alias, list);
  }
  return list;
};

/**
 * Money in an answer: a JSON number rounded to the cent, the one representation the records'
 * amounts, prices, totals and bills already use (95% of the contract), so a client reads every
 * amount alike. Exactness stays in SQL: amounts are summed as numeric and rounded there, and a
 * float8 carries any amount below 10^13 to the cent unchanged.
 */
export const moneyOut = (expr: string) => `round(${expr}, 2)::float8`;

/** The largest value of an integer column: every id and integer field is stored in one. */
export const INT4_MAX = 2_147_483_647;

/** Whether a value can be a row's id at all; a larger one names no record and must not reach a query, where it would not fit. */
export const isRowId = (id: unknown): id is number =>
  Number.isInteger(id) && (id as number) >= 1 && (id as number) <= INT4_MAX;

export function sqlType(schema: FieldSchema): string {
  if (schema.type === 'integer') return 'integer';
  if (schema.type === 'number') return 'numeric(18,4)';
  if (schema.type === 'boolean') return 'boolean';
  if (schema.type === 'array' && schema.items?.type === 'string' && !schema.items.format) return 'text[]';
  if (schema.type === 'array' && schema.items?.type === 'integer') return 'integer[]';
  if (schema.type === 'object' || schema.type === 'array') return 'jsonb';
  if (schema.format === 'date') return 'date';
  if (schema.format === 'date-time') return 'timestamptz';
  return 'text';
}
