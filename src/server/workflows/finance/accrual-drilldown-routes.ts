import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../../resources/index';
import { readRefusals } from '../../contract/read-refusals';
import { arrayOf, bool, day, fullObj, int, num, obj, orNull, str } from '../../contract/route-schemas';
import { documented, envelope } from '../../engine/openapi';
import { requestViewer } from '../../engine/request';
import { badRequest, notFound, validationError } from '../../errors';
import { readParams } from '../../reports/params';
import { OPEN_EXPENSE_OF, storageRunsOf } from './bill-fill';
import { accrualMonth, pricedPeriods } from './accruals';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A drill-down's answer: its rows, and how many there are in all. */
const rowsOf = (row: ReturnType<typeof obj>) => obj({ rows: arrayOf(row), total: int() }, ['rows', 'total']);

/** A page read with `count(*) OVER () AS total` on each row, as its answer. */
const pageOf = (rows: (Record<string, unknown> & { total: number })[]) => ({
  rows: rows.map(({ total: _total, ...row }) => row),
  total: rows[0]?.total ?? 0,
});

const lotDay = fullObj({
  lotId: int(),
  skuId: int(),
  skuTitle: orNull(str()),
  inboundDate: day('Day 1 of its age.'),
  segmentFrom: int('The age band it is priced in, from this day of storage…'),
  segmentTo: orNull(int('…to this one; null for the open-ended last band.')),
  pallets: int('Pallets on hand each of these days.'),
  dateFrom: day(),
  dateTo: day(),
  days: int(),
  unitPrice: num('Per pallet per day, as the bill line keeps it (4 places).'),
  amount: num('pallets × days × unitPrice, unrounded: the line rounds its band’s sum to the cent.'),
  currency: int(),
});

const skuMonth = fullObj({
  skuId: int(),
  skuTitle: orNull(str()),
  currency: int(),
  palletDays: int('Pallet-days so far.'),
  averagePallets: num('Pallets on hand per day so far, on average.'),
  unitPrice: orNull(num('What a pallet-day cost on average so far (bands differ by age); null with none.')),
  toDate: num('Storage so far, unrounded.'),
  forecast: num("Storage to the month's end if today's stock stays, unrounded."),
});

/**
 * Issue 43's drill-down of a month's charges: the days of each lot behind the storage so far
 * (`/lots`, a page at a time, as a bill line explains itself) and, like Amazon FBA's storage fee
 * report, each SKU's average pallets, rate and fee so far and to the month's end (`/skus`), both the
 * storage runs month to date prices (accruals.ts), so they add up to its storage line; and the open
 * expenses behind every other charge, each naming the document that caused it (`/expenses`), which
 * a cargo owner may read where the expenses list is staff's.
 */
export function accrualDrilldownRoutes(app: FastifyInstance) {
  const permission = resourceByName('bills')!.permission;
  const place = {
    organizationId: { type: 'integer', minimum: 1 },
    warehouseId: { type: 'integer', minimum: 1 },
    month: { type: 'string', pattern: MONTH.source },
  };
  /** What monthOf reads: the month's place and, on a paged drill-down, the field narrowing it and the page. */
  const monthQuery = (narrowedBy?: 'skuId' | 'subType') =>
    obj(
      narrowedBy
        ? {
            ...place,
            [narrowedBy]: { type: 'integer', minimum: 1 },
            pageIndex: { type: 'integer', minimum: 1, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 1000, default: 20 },
          }
        : place,
    );
  const refusals = readRefusals({
    notFound: 'An organization or warehouse the caller may not see, or none such (40401).',
  });

  /** The month asked for, as the caller may see it, and its priced periods. */
  const monthOf = async (
    query: Record<string, unknown>,
    request: Parameters<typeof requestViewer>[1],
    narrowedBy: 'skuId' | 'subType' | undefined,
  ) => {
    const { month, ...rest } = query;
    const read = readParams(rest, {
      ints: narrowedBy ? ['organizationId', 'warehouseId', narrowedBy] : ['organizationId', 'warehouseId'],
      paging: narrowedBy !== undefined,
    });
    const { organizationId, warehouseId } = read.ints;
    if (organizationId === undefined || warehouseId === undefined)
      throw validationError(
        (['organizationId', 'warehouseId'] as const)
          .filter((field) => read.ints[field] === undefined)
          .map((field) => ({ field, key: 'validation.required' })),
      );
    if (month !== undefined && (typeof month !== 'string' || !MONTH.test(month)))
      throw badRequest('validation.pattern', {}, 'month');
    const viewer = await requestViewer(app, request);
    if (!viewer.all && !viewer.organizationIds.includes(organizationId)) throw notFound();
    const period = await accrualMonth(app.db, organizationId, warehouseId, month as string | undefined);
    if (!period) throw notFound();
    return { period, read, ...(await pricedPeriods(app.db, period)) };
  };

  app.get<{ Querystring: Record<string, unknown> }>(
    '/finance/accruals/lots',
    {
      config: { permission },
      ...documented({
        summary: "The lot-days behind a month's storage so far",
        description:
          "Each lot's runs of constant pallets in one age band from the month's first unbilled day to today, with the band's rate: " +
          'what the storage amount of GET /finance/accruals sums (each band rounded to the cent). Oldest lots first; skuId narrows to one SKU.',
        querystring: monthQuery('skuId'),
        response: { 200: envelope(rowsOf(lotDay)), ...refusals },
      }),
    },
    async (request) => {
      const { read, periods, params, priced, currencies } = await monthOf(request.query, request, 'skuId');
      const toDate = periods.filter((p) => p.key % 2 === 0).map((p) => p.key);
      if (!toDate.length) return { rows: [], total: 0 };
      const pageSize = read.page.size;
      const offset = (read.page.index - 1) * pageSize;
      const n = params.length;
      const rows = await app.db.query<Record<string, unknown> & { total: number }>(
        `WITH runs AS (${storageRunsOf(priced)})
         SELECT r.lot_id AS "lotId", r.sku_id AS "skuId", s.title AS "skuTitle", to_char(r.inbound_date, 'YYYY-MM-DD') AS "inboundDate",
                r.age_from AS "segmentFrom", r.age_to AS "segmentTo", r.pallets, to_char(r.day_from, 'YYYY-MM-DD') AS "dateFrom",
                to_char(r.day_to, 'YYYY-MM-DD') AS "dateTo", r.days, r.price::float8 AS "unitPrice",
                (r.pallets * r.days * r.price)::float8 AS amount, ($${n + 2}::int[])[r.bill_id / 2 + 1] AS currency,
                count(*) OVER ()::int AS total
           FROM runs r LEFT JOIN skus s ON s.id = r.sku_id
          WHERE r.bill_id = ANY($${n + 1}::int[]) AND ($${n + 3}::int IS NULL OR r.sku_id = $${n + 3})
          ORDER BY r.inbound_date, r.lot_id, r.day_from, r.age_from
          LIMIT $${n + 4} OFFSET $${n + 5}`,
        [...params, toDate, currencies, (read.ints as { skuId?: number }).skuId ?? null, pageSize, offset],
      );
      return pageOf(rows);
    },
  );

  app.get<{ Querystring: Record<string, unknown> }>(
    '/finance/accruals/skus',
    {
      config: { permission },
      ...documented({
        summary: "A month's storage per SKU",
        description:
          "Each SKU's pallet-days so far, its average pallets on hand per day, the average rate and its storage so far and to the month's end " +
          "(today's stock held), like a per-SKU storage fee report: the month's storage amounts, split by SKU. The largest forecast first.",
        querystring: monthQuery(),
        response: { 200: envelope(rowsOf(skuMonth)), ...refusals },
      }),
    },
    async (request) => {
      const { period, params, priced, currencies, periods } = await monthOf(request.query, request, undefined);
      if (!periods.length) return { rows: [], total: 0 };
      const n = params.length;
      // Days so far: none when a bill covers the whole month to today.
      const daysSoFar = period.today >= period.from ? dayCount(period.from, period.today) : 0;
      const rows = await app.db.query<Record<string, unknown>>(
        `WITH runs AS (${storageRunsOf(priced)}),
         per_sku AS (
           SELECT r.sku_id, r.bill_id / 2 AS n,
                  coalesce(sum(r.pallets * r.days) FILTER (WHERE r.bill_id % 2 = 0), 0) AS pallet_days,
                  coalesce(sum(r.pallets * r.days * r.price) FILTER (WHERE r.bill_id % 2 = 0), 0) AS to_date,
                  coalesce(sum(r.pallets * r.days * r.price) FILTER (WHERE r.bill_id % 2 = 1), 0) AS forecast
             FROM runs r GROUP BY r.sku_id, r.bill_id / 2)
         SELECT p.sku_id AS "skuId", s.title AS "skuTitle", ($${n + 1}::int[])[p.n + 1] AS currency,
                p.pallet_days::int AS "palletDays",
                CASE WHEN $${n + 2}::int > 0 THEN round(p.pallet_days::numeric / $${n + 2}, 2) ELSE 0 END::float8 AS "averagePallets",
                CASE WHEN p.pallet_days > 0 THEN round(p.to_date / p.pallet_days, 4) END::float8 AS "unitPrice",
                p.to_date::float8 AS "toDate", p.forecast::float8 AS forecast
           FROM per_sku p LEFT JOIN skus s ON s.id = p.sku_id
          ORDER BY p.forecast DESC, p.sku_id`,
        [...params, currencies, daysSoFar],
      );
      return { rows, total: rows.length };
    },
  );

  app.get<{ Querystring: Record<string, unknown> }>(
    '/finance/accruals/expenses',
    {
      config: { permission },
      ...documented({
        summary: "The open expenses behind a month's charges",
        description:
          "Every open expense the month's bill would take (handling, transport, manual, a dispute's credit), oldest first, each with the " +
          'document it charged: what the other amounts of GET /finance/accruals add up. subType narrows to one kind.',
        querystring: monthQuery('subType'),
        response: { 200: envelope(rowsOf(expense)), ...refusals },
      }),
    },
    async (request) => {
      const { period, read } = await monthOf(request.query, request, 'subType');
      const rows = await app.db.query<Record<string, unknown> & { total: number }>(
        `SELECT e.id, to_char(e.expense_date, 'YYYY-MM-DD') AS "expenseDate", e.fee_type AS "feeType", e.sub_type AS "subType",
                e.document_no AS "documentNo", e.inbound_id AS "inboundId", e.outbound_id AS "outboundId",
                e.delivery_id AS "deliveryId", e.quantity::float8 AS quantity, e.unit, e.unit_price::float8 AS "unitPrice",
                e.amount::float8 AS amount, e.currency, e.expense_date <= $4::date AS "toDate", count(*) OVER ()::int AS total
           FROM expenses e
          WHERE ${OPEN_EXPENSE_OF('e', '$1', '$2', '$3::date')} AND ($5::int IS NULL OR e.sub_type = $5)
          ORDER BY e.expense_date, e.id
          LIMIT $6 OFFSET $7`,
        [
          period.organizationId,
          period.warehouseId,
          period.to,
          period.today,
          (read.ints as { subType?: number }).subType ?? null,
          read.page.size,
          (read.page.index - 1) * read.page.size,
        ],
      );
      return pageOf(rows);
    },
  );
}

const expense = fullObj({
  id: int(),
  expenseDate: day(),
  feeType: int(),
  subType: orNull(int()),
  documentNo: orNull(str('The inbound, outbound or delivery it charged; for a dispute credit, the bill.')),
  inboundId: orNull(int()),
  outboundId: orNull(int()),
  deliveryId: orNull(int()),
  quantity: num(),
  unit: orNull(int()),
  unitPrice: num(),
  amount: num(),
  currency: int(),
  toDate: bool('Dated today or before: part of the amount so far; otherwise of the forecast alone.'),
});

const dayCount = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
