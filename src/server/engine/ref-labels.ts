import { resourceByName } from '../../../resources/index';
import type { ResourceDef } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { cachedRead, onTables } from './read-cache';
import { cacheableTables } from './read-tables';
import { scopeCondition, type Viewer } from './scope';
import { fieldExpr, ident, isRowId, table } from './sql';

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
  /** The stored values asked for, and the prefix their names are kept under (see refByTargets). */
  values: unknown[];
  prefix: string;
}

const targetsOf = (r: ResourceDef, rows: Rec[]): Target[] => {
  const groups = new Map<string, Target>();
  for (const [field, s] of Object.entries(r.schema.properties)) {
    const def = s['x-ref'] ? resourceByName(s['x-ref']) : undefined;
    if (!def || s.writeOnly) continue;
    const key = s['x-refKey'] ?? 'id';
    const id = `${def.name}:${key}`;
    if (!groups.has(id)) groups.set(id, { def, key, fields: [], values: [], prefix: '' });
    groups.get(id)!.fields.push(field);
  }
  for (const target of groups.values()) target.values = valuesIn(rows, target.fields);
  return [...groups.values(), ...refByTargets(r, rows)];
};

/** The values of these fields in the rows (arrays of ids included), each once. */
const valuesIn = (rows: Rec[], fields: string[]) => {
  const values = new Set<unknown>();
  for (const row of rows)
    for (const f of fields)
      for (const v of ([] as unknown[]).concat(row[f] ?? [])) if (v !== null && v !== '') values.add(v);
  return [...values];
};

/**
 * An `x-refBy` field points into whichever resource its row names (an audit row's record): one
 * target per resource the rows name, its names kept under `<resource>:<id>` as ids repeat across
 * resources. A value that can be no row's id, or a name that is no resource, names nothing.
 */
const refByTargets = (r: ResourceDef, rows: Rec[]): Target[] => {
  const targets: Target[] = [];
  for (const [field, s] of Object.entries(r.schema.properties)) {
    const by = s['x-refBy'];
    if (!by) continue;
    const ids = new Map<string, Set<number>>();
    for (const row of rows) {
      const id = Number(row[field]);
      const name = String(row[by]);
      if (!isRowId(id) || !resourceByName(name)) continue;
      if (!ids.has(name)) ids.set(name, new Set());
      ids.get(name)!.add(id);
    }
    for (const [name, values] of ids)
      targets.push({ def: resourceByName(name)!, key: 'id', fields: [field], values: [...values], prefix: `${name}:` });
  }
  return targets;
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
  for (const target of targetsOf(r, rows)) {
    const { def, key, values } = target;
    if (!values.length) continue;
    // As text whatever the column's type: a lot is named by its number.
    const names = namingFields(def)
      .map((f) => `'${f}', ${fieldExpr(def, f)}::text`)
      .join(', ');
    const conditions = [`${fieldExpr(def, key)} = ANY(${bind(values)})`];
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
    tables.every(Boolean) ? onTables(tables.flat() as string[]) : undefined,
    () => q.query<{ target: number; key: string; names: LabelFields }>(sql, params),
  );
  const out: RefLabelMap = {};
  for (const target of used) for (const f of target.fields) out[f] = {};
  for (const { target, key, names } of found)
    for (const f of used[target].fields) out[f][`${used[target].prefix}${key}`] = names;
  return out;
}
