import type { FastifyInstance } from 'fastify';
import { ChangeType, DocStatus, inboundChangeType, type StockAction, isIsoDate } from '../../domain/stock-flow';
import { conflict, validationError } from '../errors';
import { chargeInboundConfirm } from './finance/event-expenses';
import { planRoutes } from './plan';
import { podRoutes } from './pod';
import { changeLot, lockInventory, refreshWarehouseStatus } from './stock';
import { stockActionRoute, type ActionBody } from './transition';

/**
 * Inbound workflow (DESIGN 5): plan, submit, withdraw, cancel, and confirm, which turns each line
 * into a lot and logs it; cancelling a done inbound takes its lots back out while none is touched.
 */
export function inboundRoutes(app: FastifyInstance) {
  planRoutes(app, { resource: 'inbounds', lines: 'inboundLines', foreignKey: 'inboundId', prefix: 'IN' });
  podRoutes(app, 'inbounds');

  const action = (name: StockAction, run: ActionBody) => stockActionRoute(app, 'inbounds', name, run);

  action('submit', async () => undefined);
  action('withdraw', async () => undefined);

  action('confirm', async (tx, doc, body) => {
    const inboundDate = body.inboundDate;
    const lines = await tx.query<{ id: number; sku_id: number; product_id: number; pieces: number; pallets: number }>(
      'SELECT id, sku_id, product_id, pieces, pallets FROM inbound_lines WHERE inbound_id = $1 ORDER BY id',
      [doc.id],
    );
    const problems = [];
    if (!isIsoDate(inboundDate))
      problems.push({ field: 'inboundDate', key: 'validation.inboundDate' });
    if (!lines.length) problems.push({ field: 'products', key: 'validation.products' });
    if (problems.length) throw validationError(problems);
    const changeType = inboundChangeType(doc.inboundType as number);
    for (const line of lines) {
      const key = { organizationId: doc.organizationId as number, warehouseId: doc.warehouseId as number, skuId: line.sku_id };
      const inventory = await lockInventory(tx, key, line.product_id);
      const [lot] = await tx.query<{ id: number }>(
        `INSERT INTO lots(inventory_id, organization_id, warehouse_id, sku_id, inbound_id, inbound_date, pieces_in, pallets_in, pieces, pallets)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 0) RETURNING id`,
        [inventory.id, key.organizationId, key.warehouseId, key.skuId, doc.id, inboundDate, line.pieces, line.pallets],
      );
      await tx.query('UPDATE inbound_lines SET lot_id = $2 WHERE id = $1', [line.id, lot.id]);
      await changeLot(tx, { lotId: lot.id, inventoryId: inventory.id, changeType, pieces: line.pieces, pallets: line.pallets, documentNo: doc.orderNo as string, inboundId: doc.id as number });
    }
    await refreshWarehouseStatus(tx, lines.map((l) => ({ skuId: l.sku_id, event: changeType, pieces: l.pieces, documentNo: doc.orderNo as string })));
    // Finance: unloading priced by the fee model valid that day, in this transaction (none: no expense).
    await chargeInboundConfirm(tx, doc, inboundDate as string);
    return { inbound_date: inboundDate };
  });

  action('cancel', async (tx, doc) => {
    if (doc.status !== DocStatus.done) return;
    const lots = await tx.query<{ id: number; inventory_id: number; sku_id: number; pieces: number; pieces_in: number; pallets: number }>(
      'SELECT id, inventory_id, sku_id, pieces, pieces_in, pallets FROM lots WHERE inbound_id = $1 ORDER BY inventory_id, id FOR UPDATE',
      [doc.id],
    );
    for (const lot of lots) {
      const [inventory] = await tx.query<{ pieces: number; reserved: number }>('SELECT pieces, reserved FROM inventory WHERE id = $1 FOR UPDATE', [lot.inventory_id]);
      // Untouched (C12): nothing taken from the lot, and removing it leaves every reservation covered.
      if (lot.pieces !== lot.pieces_in || inventory.pieces - lot.pieces < inventory.reserved) throw conflict('errors.lotsInUse');
    }
    for (const lot of lots)
      await changeLot(tx, { lotId: lot.id, inventoryId: lot.inventory_id, changeType: ChangeType.inboundCancelled, pieces: -lot.pieces, pallets: -lot.pallets, documentNo: doc.orderNo as string, inboundId: doc.id as number });
    await refreshWarehouseStatus(tx, lots.map((l) => ({ skuId: l.sku_id, event: ChangeType.inboundCancelled, pieces: -l.pieces, documentNo: doc.orderNo as string })));
  });
}
