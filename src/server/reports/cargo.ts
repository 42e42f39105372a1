import type { Queryable } from '../db/types';
import { dailyMovements } from './movements';

/**
 * The cargo owner's dashboard lists, always of their own organization alone: stock by warehouse and
 * SKU with the days its oldest lot has waited, and shipments departed but not yet arrived.
 */
export async function cargoDashboard(db: Queryable, organizationId: number) {
  const viewer = { userId: 0, all: false as const, organizationIds: [organizationId] };
  const [stock, inTransit, movements] = await Promise.all([
    db.query(
      `SELECT i.id AS "inventoryId", i.warehouse_id AS "warehouseId", w.name AS "warehouseName", i.sku_id AS "skuId", s.title AS "skuTitle",
              i.pieces, i.pallets, i.reserved, (i.pieces - i.reserved) AS available,
              (SELECT current_date - min(l.inbound_date) FROM lots l WHERE l.inventory_id = i.id AND l.pieces > 0) AS "daysInWarehouse"
         FROM inventory i JOIN warehouses w ON w.id = i.warehouse_id JOIN skus s ON s.id = i.sku_id
        WHERE i.organization_id = $1 AND i.pieces > 0 ORDER BY w.name, s.title, i.id LIMIT 200`,
      [organizationId],
    ),
    db.query(
      `SELECT s.id, s.bl_no AS "blNo", to_char(s.etd, 'YYYY-MM-DD') AS etd, to_char(s.eta, 'YYYY-MM-DD') AS eta,
              to_char(s.atd, 'YYYY-MM-DD') AS atd, s.origin_country_id AS "originCountryId", s.destination_country_id AS "destinationCountryId"
         FROM shipments s WHERE s.organization_id = $1 AND s.atd IS NOT NULL AND s.ata IS NULL ORDER BY s.eta, s.id LIMIT 100`,
      [organizationId],
    ),
    dailyMovements(db, viewer),
  ]);
  return { stock, inTransit, movements };
}
