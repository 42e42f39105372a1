import { dayIn } from '../db/local-day';
import type { Queryable } from '../db/types';
import type { Viewer } from '../engine/scope';
import { arrayOf, day, int, money, obj, orNull, str, type Json } from '../contract/route-schemas';
import { moneyOut } from '../engine/sql';
import { equalities, orgCondition, Params } from './sql';

export const INVENTORY_GROUPS = ['sku', 'warehouse', 'organization'] as const;
export type InventoryGroup = (typeof INVENTORY_GROUPS)[number];

export interface InventoryQuery {
  organizationId?: number;
  warehouseId?: number;
  skuId?: number;
  from: string;
  to: string;
  groupBy: InventoryGroup;
  page: { index: number; size: number };
}

/** What a row is keyed by: every grouping keeps the currency, so a value never mixes currencies. */
const KEYS: Record<InventoryGroup, string[]> = {
  sku: ['organization_id', 'warehouse_id', 'sku_id', 'currency'],
  warehouse: ['warehouse_id', 'currency'],
  organization: ['organization_id', 'currency'],
};

const SUMS = `coalesce(sum(pieces), 0)::bigint AS "onHand", coalesce(sum(reserved), 0)::bigint AS reserved,
  coalesce(sum(pieces), 0)::bigint - coalesce(sum(reserved), 0)::bigint - coalesce(sum(held), 0)::bigint AS available,
  coalesce(sum(pallets), 0)::bigint AS pallets, ${moneyOut('sum(value)')} AS value,
  coalesce(sum(age0), 0)::bigint AS "age0to30", coalesce(sum(age31), 0)::bigint AS "age31to60",
  coalesce(sum(age61), 0)::bigint AS "age61to90", coalesce(sum(age91), 0)::bigint AS "ageOver90",
  coalesce(sum(moved_in), 0)::bigint AS "movedIn", coalesce(sum(moved_out), 0)::bigint AS "movedOut"`;

const sums: Record<string, Json> = {
  currency: orNull(int('1 CNY, 2 USD, 3 EUR: values are never added across currencies.')),
  onHand: int('Pieces in stock.'),
  reserved: int('Pieces promised to outbounds not yet shipped.'),
  available: int('On hand less reserved and less held (quarantined returns).'),
  pallets: int(),
  value: orNull(money("On hand at the SKUs' unit prices; null when none has a price.")),
  age0to30: int('Pieces of lots in stock that came in 30 days ago or less.'),
  age31to60: int(),
  age61to90: int(),
  ageOver90: int(),
  movedIn: int('Pieces in during the period.'),
  movedOut: int('Pieces out during the period.'),
};

/** Which keys and names a row carries depends on `groupBy`; the sums are always there. */
export const inventoryReportSchema = obj(
  {
    total: int('Rows in all pages.'),
    rows: arrayOf(
      obj(
        {
          organizationId: int('Grouped by sku or organization.'),
          organizationName: str('Grouped by sku or organization.'),
          warehouseId: int('Grouped by sku or warehouse.'),
          warehouseName: orNull(str('Grouped by sku or warehouse.')),
          skuId: int('Grouped by sku.'),
          skuTitle: orNull(str('Grouped by sku.')),
          productName: orNull(str('Grouped by sku.')),
          ...sums,
        },
        Object.keys(sums),
      ),
    ),
    totals: arrayOf(obj(sums, Object.keys(sums)), 'Every row of every page summed, per currency.'),
    from: day('The first day of the movements counted, as sent or by default.'),
    to: day('The last day of the movements counted, as sent or by default.'),
  },
  ['total', 'rows', 'totals', 'from', 'to'],
);

/**
 * Stock per organization, warehouse and SKU (or summed per warehouse or organization), read from
 * the balances the stock changes keep: inventory rows for on hand, reserved and pallets, lots still
 * in stock for the ageing buckets, and the per-day totals for the movements of the period.
 */
export async function inventoryReport(db: Queryable, viewer: Viewer, q: InventoryQuery) {
  const p = new Params();
  const where = (alias: string) =>
    `${orgCondition(viewer, `${alias}.organization_id`, p)} AND ${equalities(
      [
        [`${alias}.organization_id`, q.organizationId],
        [`${alias}.warehouse_id`, q.warehouseId],
        [`${alias}.sku_id`, q.skuId],
      ],
      p,
    )}`;
  const keys = KEYS[q.groupBy];
  const from = p.bind(q.from);
  const to = p.bind(q.to);
  const sql = `
    WITH inv AS (
      SELECT i.id, i.organization_id, i.warehouse_id, i.sku_id, i.pieces, i.reserved, i.held, i.pallets, s.currency,
             CASE WHEN s.price_type = 1 THEN s.unit_price * i.pieces ELSE s.unit_price * i.pieces * s.quantity END AS value
        FROM inventory i JOIN skus s ON s.id = i.sku_id
       WHERE ${where('i')}),
    age AS (
      SELECT a.inventory_id AS id,
             sum(a.pieces) FILTER (WHERE a.days <= 30) AS age0,
             sum(a.pieces) FILTER (WHERE a.days BETWEEN 31 AND 60) AS age31,
             sum(a.pieces) FILTER (WHERE a.days BETWEEN 61 AND 90) AS age61,
             sum(a.pieces) FILTER (WHERE a.days > 90) AS age91
        FROM (SELECT l.inventory_id, l.pieces, ${dayIn('w.time_zone')} - l.inbound_date AS days
                FROM inv JOIN lots l ON l.inventory_id = inv.id JOIN warehouses w ON w.id = inv.warehouse_id
               WHERE l.pieces > 0) a
       GROUP BY a.inventory_id),
    moved AS (
      SELECT d.organization_id, d.warehouse_id, d.sku_id,
             sum(d.pieces) FILTER (WHERE d.pieces > 0) AS moved_in, -sum(d.pieces) FILTER (WHERE d.pieces < 0) AS moved_out
        FROM stock_daily d WHERE d.day BETWEEN ${from}::date AND ${to}::date AND ${where('d')} GROUP BY 1, 2, 3),
    lines AS (
      SELECT inv.*, age.age0, age.age31, age.age61, age.age91, moved.moved_in, moved.moved_out
        FROM inv LEFT JOIN age USING (id) LEFT JOIN moved USING (organization_id, warehouse_id, sku_id)),
    grouped AS (SELECT ${keys.join(', ')}, ${SUMS} FROM lines GROUP BY ${keys.join(', ')}),
    page AS (SELECT * FROM grouped ORDER BY ${keys.join(', ')} LIMIT ${p.bind(q.page.size)} OFFSET ${p.bind((q.page.index - 1) * q.page.size)})
    SELECT (SELECT count(*)::int FROM grouped) AS total,
      (SELECT coalesce(json_agg(r), '[]') FROM (
        SELECT page.*${labelColumns(q.groupBy)} FROM page ${labelJoins(q.groupBy)} ORDER BY ${keys.map((k) => `page.${k}`).join(', ')}) r) AS rows,
      (SELECT coalesce(json_agg(t), '[]') FROM (SELECT currency, ${SUMS} FROM lines GROUP BY currency ORDER BY currency) t) AS totals`;
  const [result] = await db.query<{
    total: number;
    rows: Record<string, unknown>[];
    totals: Record<string, unknown>[];
  }>(sql, p.values);
  return { total: result.total, rows: result.rows.map(camelKeys), totals: result.totals, from: q.from, to: q.to };
}

const labelColumns = (g: InventoryGroup) =>
  ({
    sku: ', o.organization_name AS "organizationName", w.name AS "warehouseName", s.title AS "skuTitle", pr.short_name AS "productName"',
    warehouse: ', w.name AS "warehouseName"',
    organization: ', o.organization_name AS "organizationName"',
  })[g];

const labelJoins = (g: InventoryGroup) =>
  ({
    sku: `JOIN organizations o ON o.id = page.organization_id JOIN warehouses w ON w.id = page.warehouse_id
          JOIN skus s ON s.id = page.sku_id LEFT JOIN products pr ON pr.id = s.product_id`,
    warehouse: 'JOIN warehouses w ON w.id = page.warehouse_id',
    organization: 'JOIN organizations o ON o.id = page.organization_id',
  })[g];

const camelKeys = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]),
  );
