import type { ResourceHooks } from '../engine/hooks';
import { nextDocumentNo } from '../workflows/documents';

/**
 * A count is numbered when it is planned (CC, the warehouse's day, its sequence): the document
 * number its adjustments are logged under, which a customer reads in their change log. The SKUs
 * it names must be its customer's, when it names one.
 */
export const countsHooks: ResourceHooks = {
  async beforeWrite(input, { tx, current }) {
    if (current) return {};
    const skuIds = (input.skuIds as number[] | undefined) ?? [];
    if (input.organizationId !== undefined && skuIds.length) {
      const [{ others }] = await tx.query<{ others: number }>(
        'SELECT count(*)::int AS others FROM skus WHERE id = ANY($1::int[]) AND organization_id <> $2',
        [skuIds, input.organizationId],
      );
      if (others) return { problems: [{ field: 'skuIds', key: 'validation.skuOrganization' }] };
    }
    return { columns: { count_no: await nextDocumentNo(tx, 'CC', input.warehouseId as number) } };
  },
};
