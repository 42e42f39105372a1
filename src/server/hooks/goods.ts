import { lineTotal } from '../../domain/money';
import type { ResourceHooks } from '../engine/hooks';
import { refreshWarehouseStatus } from '../workflows/stock';

export const SHIPPED_EVENT = 9;

/**
 * Goods belong to their container's shipment, and their SKU must be the shipment customer's. The
 * line total follows SPEC 5. Putting goods on a shipment marks the SKU shipped (3) unless it is
 * already in a warehouse, with a product log.
 */
export const goodsHooks: ResourceHooks = {
  async beforeWrite(input, { tx }) {
    const [container] = await tx.query<{ shipment_id: number; organization_id: number }>(
      'SELECT c.shipment_id, s.organization_id FROM containers c JOIN shipments s ON s.id = c.shipment_id WHERE c.id = $1',
      [input.containerId],
    );
    const [sku] = await tx.query<{ product_id: number; organization_id: number; price_type: number; quantity: string }>(
      'SELECT product_id, organization_id, price_type, quantity FROM skus WHERE id = $1',
      [input.skuId],
    );
    if (!container || !sku) return {};
    if (sku.organization_id !== container.organization_id)
      return { problems: [{ field: 'skuId', key: 'validation.skuOrganization' }] };
    const total = lineTotal(String(input.unitPrice ?? 0), String(input.quantity), sku.price_type, String(sku.quantity));
    return {
      columns: {
        shipment_id: container.shipment_id,
        organization_id: container.organization_id,
        product_id: sku.product_id,
        total_price: total,
      },
    };
  },
  async afterCreate(record, { tx }) {
    const [sku] = await tx.query<{ warehouse_status: number }>(
      'UPDATE skus SET warehouse_status = CASE WHEN warehouse_status = 6 THEN 6 ELSE 3 END WHERE id = $1 RETURNING warehouse_status',
      [record.skuId],
    );
    const [shipment] = await tx.query<{ bl_no: string | null; id: number }>(
      'SELECT s.id, s.bl_no FROM shipments s JOIN containers c ON c.shipment_id = s.id WHERE c.id = $1',
      [record.containerId],
    );
    if (sku.warehouse_status === 3)
      await refreshWarehouseStatus(tx, SHIPPED_EVENT, shipment.bl_no || `#${shipment.id}`, [
        { skuId: record.skuId as number, pieces: record.pieces as number },
      ]);
  },
};
