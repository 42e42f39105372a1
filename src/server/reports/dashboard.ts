import type { Queryable } from '../db/types';
import type { Viewer } from '../engine/scope';
import { arrayOf, int, obj, orNull, str } from '../contract/route-schemas';
import { dailyMovements, movementsSchema } from './movements';
import { orgCondition, Params } from './sql';

const TOP_CUSTOMERS = 10;

export const staffDashboardSchema = obj(
  {
    stockByWarehouse: arrayOf(
      obj({ warehouseId: int(), warehouseName: orNull(str()), pieces: int(), pallets: int() }, [
        'warehouseId',
        'warehouseName',
        'pieces',
        'pallets',
      ]),
      'Warehouses holding stock, most pallets first.',
    ),
    movements: movementsSchema,
    topCustomers: arrayOf(
      obj({ organizationId: int(), organizationName: str(), pallets: int(), pieces: int() }, [
        'organizationId',
        'organizationName',
        'pallets',
        'pieces',
      ]),
      `The ${TOP_CUSTOMERS} organizations with the most pallets in stock.`,
    ),
  },
  ['stockByWarehouse', 'movements', 'topCustomers'],
);

/** The staff dashboard's charts and lists: stock by warehouse, 30 days of movements, top customers. */
export async function staffDashboard(db: Queryable, viewer: Viewer, zone: string) {
  const byWarehouse = new Params();
  const top = new Params();
  const [stockByWarehouse, movements, topCustomers] = await Promise.all([
    db.query(
      `SELECT i.warehouse_id AS "warehouseId", w.name AS "warehouseName", sum(i.pieces)::int AS pieces, coalesce(sum(i.pallets), 0)::int AS pallets
         FROM inventory i JOIN warehouses w ON w.id = i.warehouse_id
        WHERE ${orgCondition(viewer, 'i.organization_id', byWarehouse)}
        GROUP BY i.warehouse_id, w.name HAVING sum(i.pieces) > 0 ORDER BY pallets DESC, "warehouseId"`,
      byWarehouse.values,
    ),
    dailyMovements(db, viewer, zone),
    db.query(
      `SELECT t.organization_id AS "organizationId", o.organization_name AS "organizationName", t.pallets, t.pieces
         FROM (SELECT i.organization_id, coalesce(sum(i.pallets), 0)::int AS pallets, sum(i.pieces)::int AS pieces FROM inventory i
                WHERE ${orgCondition(viewer, 'i.organization_id', top)} GROUP BY i.organization_id HAVING sum(i.pieces) > 0
                ORDER BY pallets DESC, pieces DESC, i.organization_id LIMIT ${top.bind(TOP_CUSTOMERS)}) t
         JOIN organizations o ON o.id = t.organization_id ORDER BY t.pallets DESC, t.pieces DESC, t.organization_id`,
      top.values,
    ),
  ]);
  return { stockByWarehouse, movements, topCustomers };
}
