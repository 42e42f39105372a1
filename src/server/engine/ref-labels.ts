import { resourceByName } from '../../../resources/index';
import type { ResourceDef } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { cachedRead } from './read-cache';
import { cacheableTables } from './read-tables';
import { scopeCondition, type Viewer } from './scope';
import { fieldExpr, ident, table } from './sql';

type Rec = Record<string, unknown>;

/** A referenced record's naming fields: its `label` and the bilingual ones (`labels`), by field. */
export type LabelFields = Record<string, string | null>;

/**
 * `data.labels` of a list answer: lookup field -> stored value -> the referenced record's naming
 * fields, e.g. `{ countryId: { "7": { name: "China", nameCn: "中国" } } }`. Every language's field
 * travels, so the browser paints the names with the rows and a language switch needs no request.
 */
export type RefLabelMap = Record<string, Record<string, LabelFields>>;

interface Target {
  def: ResourceDef;
  key: string;
  fields: string[];
}

const targetsOf = (r: ResourceDef): Target[] => {
  const groups = new Map<string, Target>();
  for (const [field, s] of Object.entries(r.schema.properties)) {
    const def = s['x-ref'] ? resourceByName(s['x-ref']) : undefined;
    if (!def || s.writeOnly) continue;
    const key = s['x-refKey'] ?? 'id';
    const id = `${def.name}:${key}`;
    if (!groups.has(id)) groups.set(id, { def, key, fields: [] });
    groups.get(id)!.fields.push(field);
  }
  return [...groups.values()];
};

const LABELS = { name: 'labels', max: 2_000 };

const namingFields = (def: ResourceDef) =>
  [...new Set([def.label, ...Object.values(def.labels ?? {})])].filter((f): f is string => !!f);

/**
 * The names of the records the rows point at, in one query (a UNION ALL branch per referenced
 * resource and key), within what the viewer may see. Undefined when nothing is referenced, so a
 * list without lookups answers exactly `{ rows, total }`.
 */
export async function refLabels(
  q: Queryable,
  r: ResourceDef,
  rows: Rec[],
  viewer: Viewer,
): Promise<RefLabelMap | undefined> {
  const params: unknown[] = [];
  const bind = (v: unknown) => `$${params.push(v)}`;
  const branches: string[] = [];
  const used: Target[] = [];
  for (const target of targetsOf(r)) {
    const values = new Set<unknown>();
    for (const row of rows)
      for (const f of target.fields)
        for (const v of ([] as unknown[]).concat(row[f] ?? [])) if (v !== null && v !== '') values.add(v);
    if (!values.size) continue;
    const { def, key } = target;
    // As text whatever the column's type: a lot is named by its number.
    const names = namingFields(def)
      .map((f) => `'${f}', ${fieldExpr(def, f)}::text`)
      .join(', ');
    const conditions = [`${fieldExpr(def, key)} = ANY(${bind([...values])})`];
    const scope = scopeCondition(def, viewer, 't', bind);
    if (scope) conditions.push(scope);
    if (def.where) conditions.push(`(${def.where})`);
    branches.push(
      `SELECT ${used.length} AS target, ${fieldExpr(def, key)}::text AS ${ident('key')}, json_build_object(${names}) AS names FROM ${table(def)} t WHERE ${conditions.join(' AND ')}`,
    );
    used.push(target);
  }
  if (!branches.length) return undefined;
  const sql = branches.join(' UNION ALL ');
  // Kept like the rows they name (read-cache.ts) while every referenced resource reads only its tables.
  const tables = used.map(({ def }) => cacheableTables(def));
  const found = await cachedRead(
    q,
    LABELS,
    `${sql}\u0000${JSON.stringify(params)}`,
    tables.every(Boolean) ? (tables.flat() as string[]) : undefined,
    () => q.query<{ target: number; key: string; names: LabelFields }>(sql, params),
  );
  const out: RefLabelMap = {};
  for (const target of used) for (const f of target.fields) out[f] = {};
  for (const { target, key, names } of found) for (const f of used[target].fields) out[f][key] = names;
  return out;
}
