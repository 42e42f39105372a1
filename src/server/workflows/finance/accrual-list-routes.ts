import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../../resources/index';
import { siteSettings } from '../../../domain/site-settings';
import { arrayOf, day, fullObj, int, num, obj, orNull, str } from '../../contract/route-schemas';
import { dayIn } from '../../db/local-day';
import { documented, envelope } from '../../engine/openapi';
import { requestViewer } from '../../engine/request';
import { badRequest } from '../../errors';
import { readParams } from '../../reports/params';
import type { AccrualKeeper } from './accrual-keeper';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const ORDER: Record<string, string> = {
  forecast: 'k.forecast, o.organization_name, k.warehouse_id',
  '-forecast': 'k.forecast DESC, o.organization_name, k.warehouse_id',
  toDate: 'k.to_date, o.organization_name, k.warehouse_id',
  '-toDate': 'k.to_date DESC, o.organization_name, k.warehouse_id',
  organization: 'o.organization_name, k.warehouse_id, k.currency',
};

const row = fullObj({
  organizationId: int(),
  organizationName: str(),
  warehouseId: int(),
  warehouseName: str(),
  currency: int('enums.currency.'),
  toDate: num('What a bill from `from` to `today` would charge, as GET /finance/accruals answers it.'),
  forecast: num("The month's bill if today's stock stays to its end."),
  feeModelId: orNull(int()),
  from: day("The month's first day not on a bill."),
  today: day("The warehouse's day it was priced for."),
  computedAt: str('When it was priced (ISO 8601).'),
});

/**
 * `GET /finance/accruals/customers` (issue 43): every customer's month so far and forecast, for the
 * month-end review, from the kept totals (accrual-keeper.ts) rather than priced per request. It
 * says how many customers are still waiting to be priced again, and wakes the keeper.
 */
export function accrualListRoutes(app: FastifyInstance, keeper: AccrualKeeper) {
  const schemas = documented({
    summary: "Every customer's month so far and forecast",
    description:
      "The month-end review's list: one row per customer, warehouse and currency, as kept after each change to their stock, expenses, " +
      'bills or prices and at least hourly (`computedAt`); `pending` counts the customers waiting to be priced again. ' +
      'The current month (at the business time zone) unless month=YYYY-MM names the previous one; a cargo owner sees their own.',
    querystring: obj({
      month: { type: 'string', pattern: MONTH.source },
      organizationId: { type: 'integer', minimum: 1 },
      warehouseId: { type: 'integer', minimum: 1 },
      sort: { type: 'string', enum: Object.keys(ORDER), default: '-forecast' },
    }),
    response: {
      200: envelope(
        obj({ month: str('YYYY-MM.'), rows: arrayOf(row), total: int(), pending: int() }, [
          'month',
          'rows',
          'total',
          'pending',
        ]),
      ),
    },
  });
  app.get<{ Querystring: Record<string, unknown> }>(
    '/finance/accruals/customers',
    { config: { permission: resourceByName('bills')!.permission }, ...schemas },
    async (request) => {
      const { month, ...rest } = request.query;
      const { ints, choices } = readParams(rest, {
        ints: ['organizationId', 'warehouseId'],
        choices: { sort: Object.keys(ORDER) },
      });
      if (month !== undefined && (typeof month !== 'string' || !MONTH.test(month)))
        throw badRequest('validation.pattern', {}, 'month');
      keeper.wake();
      const viewer = await requestViewer(app, request);
      const zone = `'${siteSettings.timeZone.replace(/'/g, "''")}'`;
      const params: unknown[] = [month ? `${month}-01` : null, ints.organizationId ?? null, ints.warehouseId ?? null];
      const scoped = viewer.all ? '' : `AND k.organization_id = ANY($${params.push(viewer.organizationIds)}::int[])`;
      const rows = await app.db.query<Record<string, unknown>>(
        `SELECT k.organization_id AS "organizationId", o.organization_name AS "organizationName", k.warehouse_id AS "warehouseId",
                w.name AS "warehouseName", k.currency, k.to_date::float8 AS "toDate", k.forecast::float8 AS forecast,
                k.fee_model_id AS "feeModelId", to_char(k.from_day, 'YYYY-MM-DD') AS "from", to_char(k.today, 'YYYY-MM-DD') AS today,
                to_char(k.computed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "computedAt"
           FROM accrual_totals k JOIN organizations o ON o.id = k.organization_id JOIN warehouses w ON w.id = k.warehouse_id
          WHERE k.month = coalesce($1::date, date_trunc('month', ${dayIn(zone)})::date)
            AND ($2::int IS NULL OR k.organization_id = $2) AND ($3::int IS NULL OR k.warehouse_id = $3) ${scoped}
          ORDER BY ${ORDER[choices.sort ?? '-forecast']}`,
        params,
      );
      const own = viewer.all ? [] : [viewer.organizationIds];
      const [{ pending, shown }] = await app.db.query<{ pending: number; shown: string }>(
        `SELECT (SELECT count(*)::int FROM accrual_keeping k WHERE k.stale ${viewer.all ? '' : 'AND k.organization_id = ANY($2::int[])'}) AS pending,
                to_char(coalesce($1::date, date_trunc('month', ${dayIn(zone)})::date), 'YYYY-MM') AS shown`,
        [params[0], ...own],
      );
      return { month: shown, rows, total: rows.length, pending };
    },
  );
}
