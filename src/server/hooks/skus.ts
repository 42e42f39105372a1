import { lineTotal } from '../../domain/money';
import type { ResourceHooks } from '../engine/hooks';

/**
 * A SKU belongs to its product's organization (kept on the row so SKU lookups scope without a
 * join), and its total price follows the SPEC 5 line-total rule.
 */
export const skusHooks: ResourceHooks = {
  async beforeWrite(input, { tx }) {
    const [product] = await tx.query<{ organization_id: number }>(
      'SELECT organization_id FROM products WHERE id = $1',
      [input.productId],
    );
    return { columns: { organization_id: product?.organization_id ?? null, ...skusHooks.rowColumns!(input) } };
  },
  rowColumns: (input) => ({
    total_price: lineTotal(
      String(input.unitPrice ?? 0),
      String(input.count ?? 1),
      Number(input.priceType ?? 1),
      String(input.quantity ?? 1),
    ),
  }),
};
