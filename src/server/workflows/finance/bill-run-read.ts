import { BILL_RUN_RESULTS } from '../../../domain/finance/bill-run';
import type { Queryable } from '../../db/types';
import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from '../../engine/list-query';
import type { Viewer } from '../../engine/scope';
import { badRequest } from '../../errors';

type Query = Record<string, unknown>;

const text = (raw: unknown) => (Array.isArray(raw) ? String(raw[0] ?? '') : raw === undefined ? '' : String(raw));

/**
 * The list contract's paging (DESIGN 3) and the filters a list of runs or results offers, each
 * value checked before it reaches SQL; any other parameter answers 40001 like every list.
 */
function listParams(query: Query, filters: Record<string, (value: string) => unknown>) {
  const page = (field: 'pageIndex' | 'pageSize', fallback: number, max: number) => {
    const value = text(query[field]);
    if (!value) return fallback;
    if (!/^\d{1,9}$/.test(value) || Number(value) < 1 || Number(value) > max)
      throw badRequest(`errors.${field}`, { max }, field);
    return Number(value);
  };
  const pageIndex = page('pageIndex', 1, 999_999_999);
  const pageSize = page('pageSize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(query)) {
    if (key === 'pageIndex' || key === 'pageSize') continue;
    const parse = filters[key];
    if (!parse) throw badRequest('errors.unknownField', { field: key }, key);
    const value = text(query[key]);
    if (value) values[key] = parse(value);
  }
  return { limit: pageSize, offset: (pageIndex - 1) * pageSize, values };
}

const rowId = (field: string) => (value: string) => {
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw badRequest('validation.integer', {}, field);
  return Number(value);
};

const RUN_SELECT = `SELECT r.id, r.warehouse_id AS "warehouseId", w.name AS "warehouseName",
       to_char(r.period_from, 'YYYY-MM-DD') AS "periodFrom", to_char(r.period_to, 'YYYY-MM-DD') AS "periodTo",
       r.language, r.remarks, r.status::int AS status, r.total, r.done,
       json_build_object('billed', r.billed, 'alreadyBilled', r.already_billed, 'noFeeModel', r.no_fee_model,
                         'currencies', r.currencies, 'nothing', r.nothing, 'failed', r.failed) AS counts,
       r.error, r.created_by AS "createdBy", u.name AS "createdByName", r.created_at AS "createdAt",
       r.finished_at AS "finishedAt"
  FROM bill_runs r LEFT JOIN warehouses w ON w.id = r.warehouse_id LEFT JOIN users u ON u.id = r.created_by`;

const RESULT_SELECT = `SELECT x.organization_id AS "organizationId", o.organization_name AS "organizationName", x.result,
       x.bill_id AS "billId", b.bill_no AS "billNo", x.reason
  FROM bill_run_results x
  LEFT JOIN organizations o ON o.id = x.organization_id
  LEFT JOIN bills b ON b.id = x.bill_id`;

/**
 * One run as the API answers it, or undefined: with every customer's result so far (those the
 * viewer sees) unless `withResults` is false, as a page following the run's progress asks.
 */
export async function findBillRun(q: Queryable, id: number, viewer: Viewer, withResults = true) {
  const [run] = await q.query<Record<string, unknown>>(`${RUN_SELECT} WHERE r.id = $1`, [id]);
  if (!run || !withResults) return run;
  const scoped = viewer.all ? '' : 'AND x.organization_id = ANY($2::int[])';
  run.results = await q.query(`${RESULT_SELECT} WHERE x.run_id = $1 ${scoped} ORDER BY x.organization_id`, [
    id,
    ...(viewer.all ? [] : [viewer.organizationIds]),
  ]);
  return run;
}

/** A page of runs, newest first, with the total of those matching. */
export async function listBillRuns(q: Queryable, query: Query) {
  const { limit, offset, values } = listParams(query, { status: rowId('status'), warehouseId: rowId('warehouseId') });
  const params: unknown[] = [];
  const where = Object.entries(values).map(
    ([field, value]) => `r.${field === 'status' ? 'status' : 'warehouse_id'} = $${params.push(value)}`,
  );
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [rows, [{ total }]] = await Promise.all([
    q.query(`${RUN_SELECT} ${clause} ORDER BY r.id DESC LIMIT ${limit} OFFSET ${offset}`, params),
    q.query<{ total: number }>(`SELECT count(*)::int AS total FROM bill_runs r ${clause}`, params),
  ]);
  return { rows, total };
}

/**
 * A page of a run's per-customer results in customer id order, with the customer's name and the
 * bill; a viewer who does not see every organization reads the rows of their own ones alone.
 */
export async function listBillRunResults(q: Queryable, runId: number, query: Query, viewer: Viewer) {
  const { limit, offset, values } = listParams(query, {
    result: (value) => {
      if (!(BILL_RUN_RESULTS as readonly string[]).includes(value)) throw badRequest('validation.enum', {}, 'result');
      return value;
    },
    organizationId: rowId('organizationId'),
  });
  const params: unknown[] = [runId];
  const where = ['x.run_id = $1'];
  if (values.result) where.push(`x.result = $${params.push(values.result)}`);
  if (values.organizationId) where.push(`x.organization_id = $${params.push(values.organizationId)}`);
  if (!viewer.all) where.push(`x.organization_id = ANY($${params.push(viewer.organizationIds)}::int[])`);
  const clause = `WHERE ${where.join(' AND ')}`;
  const [rows, [{ total }]] = await Promise.all([
    q.query(`${RESULT_SELECT} ${clause} ORDER BY x.organization_id LIMIT ${limit} OFFSET ${offset}`, params),
    q.query<{ total: number }>(`SELECT count(*)::int AS total FROM bill_run_results x ${clause}`, params),
  ]);
  return { rows, total };
}
