import { resourceByName } from '../../../resources/index';
import type { ResourceDef } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { cachedRead, isDb, onTables } from './read-cache';
import { cacheableTables } from './read-tables';
import { visibleConditions, type Viewer } from './scope';
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
const WHOLE = { name: 'labelsWhole', max: 500 };
/** Up to this many visible records, a referenced resource's names are kept whole. */
const WHOLE_MAX = 1_000;
/** Resources (and keys) found larger than WHOLE_MAX: named by the values a page holds. */
const large = new Set<string>();

const namingFields = (def: ResourceDef) =>
  [...new Set([def.label, ...Object.values(def.labels ?? {})])].filter((f): f is string => !!f);

/** The SELECT of a target's names: its key as text, and a JSON object of its naming fields. */
const namesQuery = (def: ResourceDef, key: string, conditions: string[]) => {
  // As text whatever the column's type: a lot is named by its number.
  const names = namingFields(def)
    .map((f) => `'${f}', ${fieldExpr(def, f)}::text`)
    .join(', ');
  return `${fieldExpr(def, key)}::text AS ${ident('key')}, json_build_object(${names}) AS names FROM ${table(def)} t WHERE ${conditions.join(' AND ')}`;
};

/**
 * The names of every record of `def` the viewer may see, kept until one of its tables is written,
 * or undefined when there are more than WHOLE_MAX. A page of products names a few of some 200
 * organizations and categories, different ones on every page: kept by the set a page held, the
 * names were read again for almost every page (a statement of each list request, issue 31).
 */
async function wholeNames(q: Queryable, def: ResourceDef, key: string, viewer: Viewer) {
  const tables = cacheableTables(def);
  const id = `${def.name}:${key}`;
  if (!tables || large.has(id) || !isDb(q)) return undefined;
  const params: unknown[] = [];
  const conditions = visibleConditions(def, viewer, (v) => `$${params.push(v)}`, ['true']);
  const sql = `SELECT ${namesQuery(def, key, conditions)} LIMIT ${WHOLE_MAX + 1}`;
  const names = await cachedRead(q, WHOLE, `${sql}\u0000${JSON.stringify(params)}`, onTables(tables), async () => {
    const rows = await q.query<{ key: string; names: LabelFields }>(sql, params);
    return rows.length > WHOLE_MAX ? null : new Map(rows.map((row) => [row.key, row.names]));
  });
  if (!names) large.add(id);
  return names ?? undefined;
}

/**
 * The names of the records the rows point at, within what the viewer may see: from a referenced
 * resource's names kept whole when it is small, the rest in one query (a UNION ALL branch per
 * referenced resource and key). Undefined when nothing is referenced, so a list without lookups
 * answers exactly `{ rows, total }`.
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
  const out: RefLabelMap = {};
  let referenced = false;
  for (const target of targetsOf(r, rows)) {
    const { def, key, values, fields, prefix } = target;
    if (!values.length) continue;
    referenced = true;
    for (const f of fields) out[f] ??= {};
    const whole = await wholeNames(q, def, key, viewer);
    if (whole) {
      for (const value of values) {
        const names = whole.get(String(value));
        if (names) for (const f of fields) out[f][`${prefix}${String(value)}`] = names;
      }
      continue;
    }
    const conditions = visibleConditions(def, viewer, bind, [`${fieldExpr(def, key)} = ANY(${bind(values)})`]);
    branches.push(`SELECT ${used.length} AS target, ${namesQuery(def, key, conditions)}`);
    used.push(target);
  }
  if (!referenced) return undefined;
  if (!branches.length) return out;
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
  for (const { target, key, names } of found)
    for (const f of used[target].fields) out[f][`${used[target].prefix}${key}`] = names;
  return out;
}
