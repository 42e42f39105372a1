import type { Queryable } from '../db/types';

/** Where a stock change happened and which document caused it. */
export interface StockKey {
  organizationId: number;
  warehouseId: number;
  skuId: number;
}

export interface DocumentRef {
  documentNo: string;
  inboundId?: number;
  outboundId?: number;
}

/**
 * The inventory row of (organization, warehouse, SKU), created on first use and locked FOR UPDATE
 * for the rest of the transaction, so reservations and takes of one SKU queue up instead of racing.
 */
export async function lockInventory(tx: Queryable, key: StockKey, productId: number) {
  await tx.query(
    `INSERT INTO inventory(organization_id, warehouse_id, sku_id, product_id, pieces, pallets, reserved)
     VALUES ($1, $2, $3, $4, 0, 0, 0) ON CONFLICT (organization_id, warehouse_id, sku_id) DO NOTHING`,
    [key.organizationId, key.warehouseId, key.skuId, productId],
  );
  const [row] = await tx.query<{ id: number; pieces: number; pallets: number; reserved: number }>(
    `SELECT id, pieces, pallets, reserved FROM inventory
      WHERE organization_id = $1 AND warehouse_id = $2 AND sku_id = $3 FOR UPDATE`,
    [key.organizationId, key.warehouseId, key.skuId],
  );
  return row;
}

/**
 * One change of one lot: moves the lot and its inventory row by the (signed) quantities and writes
 * the change log with the lot's balance after it, all in the caller's transaction.
 */
export async function changeLot(
  tx: Queryable,
  change: { lotId: number; inventoryId: number; changeType: number; pieces: number; pallets: number; daysInWarehouse?: number } & DocumentRef,
) {
  const [lot] = await tx.query<{ pieces: number; organization_id: number; warehouse_id: number; sku_id: number }>(
    `UPDATE lots SET pieces = pieces + $2, pallets = GREATEST(pallets + $3, 0), updated_at = now(), version = version + 1
      WHERE id = $1 RETURNING pieces, organization_id, warehouse_id, sku_id`,
    [change.lotId, change.pieces, change.pallets],
  );
  await tx.query(
    `UPDATE inventory SET pieces = pieces + $2, pallets = GREATEST(pallets + $3, 0), updated_at = now(), version = version + 1 WHERE id = $1`,
    [change.inventoryId, change.pieces, change.pallets],
  );
  await tx.query(
    `INSERT INTO change_logs(change_type, document_no, inbound_id, outbound_id, organization_id, warehouse_id, sku_id, lot_id,
       pieces, pallets, balance_after, days_in_warehouse)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      change.changeType, change.documentNo, change.inboundId ?? null, change.outboundId ?? null, lot.organization_id,
      lot.warehouse_id, lot.sku_id, change.lotId, change.pieces, change.pallets, lot.pieces, change.daysInWarehouse ?? null,
    ],
  );
}

/**
 * Warehouse status of SKUs and their products after a stock change (0 not in warehouse, 6 in
 * warehouse; 3 shipped is kept until stock arrives), with a product log row per SKU and event.
 */
export async function refreshWarehouseStatus(
  tx: Queryable,
  events: { skuId: number; event: number; pieces: number; documentNo: string }[],
) {
  for (const e of events) {
    const [sku] = await tx.query<{ status: number; product_id: number; organization_id: number }>(
      `UPDATE skus s SET warehouse_status = CASE
          WHEN (SELECT coalesce(sum(i.pieces), 0) FROM inventory i WHERE i.sku_id = s.id) > 0 THEN 6
          WHEN s.warehouse_status = 3 THEN 3 ELSE 0 END
        WHERE s.id = $1 RETURNING warehouse_status AS status, product_id, organization_id`,
      [e.skuId],
    );
    await tx.query(
      `UPDATE products p SET warehouse_status = coalesce((SELECT max(s.warehouse_status) FROM skus s WHERE s.product_id = p.id), 0)
        WHERE p.id = $1`,
      [sku.product_id],
    );
    await tx.query(
      `INSERT INTO product_logs(organization_id, product_id, sku_id, event, warehouse_status, document_no, pieces)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [sku.organization_id, sku.product_id, e.skuId, e.event, sku.status, e.documentNo, e.pieces],
    );
  }
}
