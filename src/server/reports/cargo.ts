import { BillStatus } from '../../domain/finance/codes';
import { dayIn } from '../db/local-day';
import type { Queryable } from '../db/types';
import { arrayOf, fullObj, int, money, obj, orNull, str } from '../contract/route-schemas';
import { moneyOut } from '../engine/sql';
import { dailyMovements, movementsSchema } from './movements';
import { day } from '../contract/route-schemas';

const stockLine = fullObj({
  inventoryId: int(),
  warehouseId: int(),
  warehouseName: orNull(str()),
  skuId: int(),
  skuTitle: orNull(str()),
  pieces: int('On hand.'),
  pallets: int(),
  reserved: int('Promised to outbounds not yet shipped.'),
  available: int('On hand less reserved and less held (quarantined returns).'),
  daysInWarehouse: orNull(int('Days since its oldest lot still in stock came in; null without such a lot.')),
});

const atSea = fullObj({
  id: int(),
  blNo: orNull(str()),
  etd: orNull(day()),
  eta: orNull(day()),
  atd: day(),
  originCountryId: orNull(int()),
  destinationCountryId: orNull(int()),
});

const unpaidBill = fullObj({
  id: int(),
  billNo: orNull(str()),
  periodFrom: orNull(day()),
  periodTo: orNull(day()),
  issuedDate: orNull(day()),
  currency: orNull(int('1 CNY, 2 USD, 3 EUR.')),
  total: orNull(money()),
});

export const cargoDashboardSchema = fullObj({
  stock: arrayOf(stockLine, 'Up to 200 lines with pieces on hand, by warehouse and SKU.'),
  inTransit: arrayOf(atSea, 'Up to 100 shipments departed and not yet arrived, soonest ETA first.'),
  ordersByStatus: arrayOf(obj({ status: orNull(int('An order state.')), orders: int() }, ['status', 'orders'])),
  unpaidBills: arrayOf(unpaidBill, 'Up to 100 issued bills not yet paid, oldest first.'),
  movements: movementsSchema,
  stockByWarehouse: arrayOf(
    obj({ warehouse: str(), pallets: int() }, ['warehouse', 'pallets']),
    'Pallets on hand per warehouse, over all the stock.',
  ),
  totals: obj(
    { stock: int(), inTransit: int(), unpaidBills: int() },
    ['stock', 'inTransit', 'unpaidBills'],
    'How many stock lines, shipments in transit and unpaid bills there are in all, so a list that stops short can say so.',
  ),
});

/** The dashboard's lists show at most this many; `totals` says how many there are. */
const STOCK_LINES = 200;
const LISTED = 100;

/**
 * The cargo owner's dashboard lists, always of their own organization alone: stock by warehouse and
 * SKU with the days its oldest lot has waited, shipments departed but not yet arrived, and their
 * mall orders counted by state and their issued bills not yet paid.
 */
export async function cargoDashboard(db: Queryable, organizationId: number, zone: string) {
  const viewer = { userId: 0, all: false as const, organizationIds: [organizationId] };
  const [stock, inTransit, ordersByStatus, unpaidBills, movements, stockByWarehouse, [totals]] = await Promise.all([
    db.query(
      `SELECT i.id AS "inventoryId", i.warehouse_id AS "warehouseId", w.name AS "warehouseName", i.sku_id AS "skuId", s.title AS "skuTitle",
              i.pieces, coalesce(i.pallets, 0) AS pallets, coalesce(i.reserved, 0) AS reserved, i.pieces - coalesce(i.reserved, 0) - i.held AS available,
              (SELECT ${dayIn('w.time_zone')} - min(l.inbound_date) FROM lots l WHERE l.inventory_id = i.id AND l.pieces > 0) AS "daysInWarehouse"
         FROM inventory i JOIN warehouses w ON w.id = i.warehouse_id JOIN skus s ON s.id = i.sku_id
        WHERE i.organization_id = $1 AND i.pieces > 0 ORDER BY w.name, s.title, i.id LIMIT $2`,
      [organizationId, STOCK_LINES],
    ),
    db.query(
      `SELECT s.id, s.bl_no AS "blNo", to_char(s.etd, 'YYYY-MM-DD') AS etd, to_char(s.eta, 'YYYY-MM-DD') AS eta,
              to_char(s.atd, 'YYYY-MM-DD') AS atd, s.origin_country_id AS "originCountryId", s.destination_country_id AS "destinationCountryId"
         FROM shipments s WHERE s.organization_id = $1 AND s.atd IS NOT NULL AND s.ata IS NULL ORDER BY s.eta, s.id LIMIT $2`,
      [organizationId, LISTED],
    ),
    db.query(
      `SELECT status, count(*)::int AS orders FROM orders WHERE organization_id = $1 GROUP BY status ORDER BY status`,
      [organizationId],
    ),
    db.query(
      `SELECT b.id, b.bill_no AS "billNo", to_char(b.period_from, 'YYYY-MM-DD') AS "periodFrom", to_char(b.period_to, 'YYYY-MM-DD') AS "periodTo",
              to_char(b.issued_date, 'YYYY-MM-DD') AS "issuedDate", b.currency, ${moneyOut('b.total')} AS total
         FROM bills b WHERE b.organization_id = $1 AND b.status = $2 ORDER BY b.issued_date, b.id LIMIT $3`,
      [organizationId, BillStatus.issued, LISTED],
    ),
    dailyMovements(db, viewer, zone),
    db.query(
      `SELECT w.name AS warehouse, coalesce(sum(i.pallets), 0)::int AS pallets
         FROM inventory i JOIN warehouses w ON w.id = i.warehouse_id
        WHERE i.organization_id = $1 AND i.pieces > 0 GROUP BY w.id, w.name ORDER BY w.name`,
      [organizationId],
    ),
    db.query<{ stock: number; inTransit: number; unpaidBills: number }>(
      `SELECT (SELECT count(*) FROM inventory WHERE organization_id = $1 AND pieces > 0)::int AS stock,
              (SELECT count(*) FROM shipments WHERE organization_id = $1 AND atd IS NOT NULL AND ata IS NULL)::int AS "inTransit",
              (SELECT count(*) FROM bills WHERE organization_id = $1 AND status = $2)::int AS "unpaidBills"`,
      [organizationId, BillStatus.issued],
    ),
  ]);
  return { stock, inTransit, ordersByStatus, unpaidBills, movements, stockByWarehouse, totals };
}
