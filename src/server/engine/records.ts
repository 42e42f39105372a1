import { resourceByName } from '../../../resources/index';
import { includeParam, storedFields, type ResourceDef } from '../../domain/resource';
import type { Queryable } from '../db/types';
import type { FieldProblem } from '../errors';
import { encodeCursor, MAX_PAGE_SIZE, parseListQuery, whereClause } from './list-query';
import { refLabels } from './ref-labels';
import { scopeCondition, visibleConditions, type Viewer } from './scope';
import { column, fieldExpr, isRowId, selectList, table } from './sql';
import { declarationsVersion } from '../../../resources/overlay';
import { cachedRead, type Dep, type ReadKind } from './read-cache';
import { cacheableTables, listDeps, recordDeps } from './read-tables';
import { sumFields, sumRows, SUMS_PARAM } from './sums';
import { countRows } from './totals';
import { hiddenFields, withoutHidden } from './withheld';

export type Rec = Record<string, unknown>;

/** One record the viewer may see, or undefined (a foreign id looks exactly like a missing one). */
export async function findRecord(
  q: Queryable,
  r: ResourceDef,
  id: number,
  viewer: Viewer,
  lock = false,
): Promise<Rec | undefined> {
  if (!isRowId(id)) return undefined;
  const params: unknown[] = [id];
  const scope = scopeCondition(r, viewer, 't', (v) => `$${params.push(v)}`);
  const sql = `SELECT ${selectList(r)} FROM ${table(r)} t WHERE t.id = $1${scope ? ` AND ${scope}` : ''}${r.where ? ` AND (${r.where})` : ''}${lock ? ' FOR UPDATE OF t' : ''}`;
  // Keyed by what decides the statement, not by its text: a short key costs less to hash and to keep.
  const rows = await cachedRead(
    q,
    RECORDS,
    // The declarations' version: a record read before an admin added a field lacks it (resources/overlay.ts).
    `${r.name}\u0000${declarationsVersion()}\u0000${scope}\u0000${JSON.stringify(params)}`,
    lock ? undefined : recordDeps(r, id),
    () => q.query<Rec>(sql, params),
  );
  // A copy: callers add to the record they get (withEmbedded), and the cached one must stay as read.
  return rows[0] && withoutHidden(r, viewer, [{ ...rows[0] }])[0];
}

/** The records of these ids the viewer may see, in one statement (lines of a document naming many). */
export async function findRecords(q: Queryable, r: ResourceDef, ids: number[], viewer: Viewer): Promise<Rec[]> {
  const params: unknown[] = [ids.filter(isRowId)];
  const scope = scopeCondition(r, viewer, 't', (v) => `$${params.push(v)}`);
  const rows = await q.query<Rec>(
    `SELECT ${selectList(r)} FROM ${table(r)} t WHERE t.id = ANY($1::int[])${scope ? ` AND ${scope}` : ''}${r.where ? ` AND (${r.where})` : ''}`,
    params,
  );
  return withoutHidden(r, viewer, rows);
}

/** A page of records the viewer may see, with the total of those alone (no leak in counts). */
export async function listRecords(
  q: Queryable,
  r: ResourceDef,
  query: Rec,
  viewer: Viewer,
  within?: { foreignKey: string; id: number; anyValue?: Record<string, string> },
) {
  const includeKeys = Object.keys(r.includes ?? {});
  const extra = sumFields(r).length ? [...includeKeys.map(includeParam), SUMS_PARAM] : includeKeys.map(includeParam);
  const hidden = hiddenFields(r, viewer);
  const list = parseListQuery(r, query, extra, within?.anyValue, hidden);
  const scope = scopeCondition(r, viewer, 't', list.bind);
  if (scope) list.conditions.push(scope);
  if (r.where) list.conditions.push(`(${r.where})`);
  if (within) list.conditions.push(`t.${column(within.foreignKey)} = ${list.bind(within.id)}`);
  const where = whereClause(list.conditions);
  // The total and sums count every row the filters keep: without the cursor's parameters.
  const params = [...list.params];
  const seekWhere = list.keyset?.seek ? whereClause([...list.conditions, list.keyset.seek(list.bind)]) : where;
  const kept = !list.computed && !r.where;
  const deps = kept ? listDeps(r, viewer) : undefined;
  // An update keeps a page that does not show its rows unless it changed what the page's
  // conditions or sort read; a total only through its conditions.
  const pageDeps =
    kept && cacheableTables(r)
      ? (page: Rec[]) =>
          listDeps(
            r,
            viewer,
            `${seekWhere} ${list.orderBy}`,
            page.map((row) => row.id as number),
          )
      : undefined;
  // Side by side on PostgreSQL's pool; the total is usually cached (totals.ts).
  const [counted, rows, sums] = await Promise.all([
    countRows(q, `${table(r)} t`, where, params, kept ? listDeps(r, viewer, where) : undefined),
    readPage(
      q,
      list.keyset
        ? `SELECT ${selectList(r)}, ${list.keyset.cursor} AS ${CURSOR} FROM ${table(r)} t ${seekWhere} ${list.orderBy} LIMIT ${list.limit}`
        : list.offset
          ? deferredJoin(r, where, list.orderBy, list.limit, list.bind(list.offset))
          : `SELECT ${selectList(r)} FROM ${table(r)} t ${where} ${list.orderBy} LIMIT ${list.limit}`,
      list.params,
      pageDeps,
    ),
    list.includes.includes(SUMS_PARAM) ? sumRows(q, r, `${table(r)} t`, where, params, deps) : undefined,
  ]);
  const { total } = counted;
  const next = list.keyset && pageCursor(rows, list.limit);
  withoutHidden(r, viewer, rows);
  for (const key of includeKeys)
    if (list.includes.includes(includeParam(key))) await embedChildren(q, r, key, rows, viewer);
  // Lookup names travel with the rows (ref-labels.ts), so no screen paints a bare id.
  const labels = await refLabels(q, r, rows, viewer);
  const page = counted.estimated ? { rows, total, totalEstimated: true } : { rows, total };
  const shownSums = sums?.filter((sum) => !hidden.has(sum.field));
  return { ...page, ...(next && { next }), ...(labels && { labels }), ...(shownSums && { sums: shownSums }) };
}

/**
 * Every row of a record's relation `key` (a document's lines), a page of the largest size at a
 * time, as the relation's own list reads them: the one way a document's lines are read, whether
 * embedded in its answer, listed under `<api>/{id}/<key>` or answered by a workflow route.
 */
export async function relationRows(q: Queryable, r: ResourceDef, key: string, id: number, viewer: Viewer) {
  const relation = r.relations![key];
  const child = resourceByName(relation.resource)!;
  const rows: Rec[] = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const page = await listRecords(
      q,
      child,
      { pageIndex: String(pageIndex), pageSize: String(MAX_PAGE_SIZE) },
      viewer,
      { foreignKey: relation.foreignKey, id },
    );
    rows.push(...page.rows);
    if (page.rows.length < MAX_PAGE_SIZE) return rows;
  }
}

/**
 * The record with the relation rows its answer carries (`embed`: an order's `lines`), as the
 * record's own read answers it: every route answering that record answers it in this one form.
 */
export async function withEmbedded(q: Queryable, r: ResourceDef, record: Rec, viewer: Viewer): Promise<Rec> {
  for (const [field, key] of Object.entries(r.embed ?? {}))
    record[field] = await relationRows(q, r, key, record.id as number, viewer);
  return record;
}

/**
 * A page past the first: the rows skipped are found by their ids alone, which the indexes of the
 * filter and sort hold (an index-only scan), and only the page's own rows are read whole. Read
 * whole, page 500 of 20 fetched 10,000 rows from the table to throw them away (issue 31's admin
 * list, p99 28 ms at 4 connections). The page is sorted again, 20 rows, by the same expressions.
 */
const deferredJoin = (r: ResourceDef, where: string, orderBy: string, limit: number, offset: string) =>
  `SELECT ${selectList(r)} FROM ${table(r)} t JOIN (SELECT t.id FROM ${table(r)} t ${where} ${orderBy} LIMIT ${limit} OFFSET ${offset}) page ON page.id = t.id ${orderBy}`;

/** The column a keyset page's rows carry their cursor in, taken off before they are answered. */
const CURSOR = '__cursor';

/** The cursor of a full page's last row: `after` it is the next page. Every row loses its own. */
function pageCursor(rows: Rec[], limit: number): string | undefined {
  const last = rows.at(-1)?.[CURSOR] as (string | null)[] | undefined;
  for (const row of rows) delete row[CURSOR];
  return rows.length === limit && last ? encodeCursor(last) : undefined;
}

const RECORDS: ReadKind = { name: 'records', max: 20_000, again: true };
const PAGES = { name: 'pages', max: 2_000 };

/** A page of rows, kept like a record (computed filters read other tables: those pages are not). */
const readPage = async (q: Queryable, sql: string, params: unknown[], deps: ((page: Rec[]) => Dep[]) | undefined) => {
  const rows = await cachedRead(q, PAGES, `${sql}\u0000${JSON.stringify(params)}`, deps, () =>
    q.query<Rec>(sql, params),
  );
  // Copies: lists embed children and labels into their rows.
  return rows.map((row) => ({ ...row }));
};

async function embedChildren(q: Queryable, r: ResourceDef, key: string, rows: Rec[], viewer: Viewer) {
  const spec = r.includes![key];
  const child = resourceByName(spec.resource)!;
  const params: unknown[] = [rows.map((row) => row.id)];
  const extra = Object.entries(spec.where ?? {}).map(([f, v]) => ` AND ${fieldExpr(child, f)} = $${params.push(v)}`);
  const order = child.sort
    .split(',')
    .map((s) => `${fieldExpr(child, s.replace(/^-/, ''))}${s.startsWith('-') ? ' DESC' : ''}`)
    .join(', ');
  const children = await q.query<Rec>(
    `SELECT ${selectList(child)} FROM ${table(child)} t WHERE t.${column(spec.foreignKey)} = ANY($1)${extra.join('')} ORDER BY ${order}, t.id`,
    params,
  );
  withoutHidden(child, viewer, children);
  for (const row of rows) row[key] = children.filter((c) => c[spec.foreignKey] === row.id);
}

/**
 * Every lookup a record points at must exist, be visible to the viewer and be of the kind its
 * field accepts (`x-refFilter`: a trucking company is a partner of type trucking): a product cannot
 * be given to an organization the user cannot see. A miss is the field's error, not a 404. All
 * lookups of the record are counted in one statement, whatever their number.
 */
export async function checkReferences(
  q: Queryable,
  r: ResourceDef,
  record: Rec,
  viewer: Viewer,
): Promise<FieldProblem[]> {
  const params: unknown[] = [];
  const bind = (v: unknown) => `$${params.push(v)}`;
  const checks: { field: string; wanted: number; count: string }[] = [];
  const problems: FieldProblem[] = [];
  for (const field of storedFields(r)) {
    const { 'x-ref': target, 'x-refKey': key = 'id', 'x-refFilter': narrowed = {} } = r.schema.properties[field];
    const value = record[field];
    if (!target || value === undefined || value === null) continue;
    const wanted = [...new Set((Array.isArray(value) ? value : [value]).map(String))];
    checks.push({
      field,
      wanted: wanted.length,
      count: countVisible(resourceByName(target)!, key, wanted, narrowed, viewer, bind),
    });
  }
  const parentKey = r.parent?.foreignKey;
  if (parentKey && record[parentKey] !== undefined && !checks.some((c) => c.field === parentKey)) {
    const id = Number(record[parentKey]);
    if (isRowId(id))
      checks.push({
        field: parentKey,
        wanted: 1,
        count: countVisible(resourceByName(r.parent!.resource)!, 'id', [String(id)], {}, viewer, bind),
      });
    else problems.push({ field: parentKey, key: 'validation.ref' });
  }
  if (!checks.length) return problems;
  const [counts] = await q.query<Record<string, number>>(
    `SELECT ${checks.map((c, i) => `(${c.count}) AS c${i}`).join(', ')}`,
    params,
  );
  return [
    ...problems,
    ...checks.filter((c, i) => counts[`c${i}`] < c.wanted).map((c) => ({ field: c.field, key: 'validation.ref' })),
  ];
}

/**
 * SQL counting how many of the values name a record of r (by `key`) that the viewer may see and
 * that holds the narrowing values. Ids are compared as integers, so the primary key serves.
 */
function countVisible(
  r: ResourceDef,
  key: string,
  values: string[],
  narrowed: Record<string, string | number>,
  viewer: Viewer,
  bind: (v: unknown) => string,
) {
  const conditions = visibleConditions(r, viewer, bind, [
    // A value that can be no row's id names no record: left out, it counts as missing.
    key === 'id'
      ? `${fieldExpr(r, key)} = ANY(${bind(values.map(Number).filter(isRowId))}::int[])`
      : `${fieldExpr(r, key)}::text = ANY(${bind(values)}::text[])`,
    ...Object.entries(narrowed).map(([f, v]) => `${fieldExpr(r, f)}::text = ${bind(String(v))}`),
  ]);
  return `SELECT count(DISTINCT ${fieldExpr(r, key)})::int FROM ${table(r)} t WHERE ${conditions.join(' AND ')}`;
}

/** A stored record as the validator sees it: no nulls, timestamps as ISO strings. */
export const asInput = (r: ResourceDef, record: Rec): Rec =>
  Object.fromEntries(
    storedFields(r)
      .filter((f) => record[f] !== null && record[f] !== undefined)
      .map((f) => [f, record[f] instanceof Date ? (record[f] as Date).toISOString() : record[f]]),
  );
