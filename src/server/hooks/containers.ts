import { isValidContainerNo, normalizeContainerNo } from '../../domain/container';
import type { ResourceHooks } from '../engine/hooks';

/**
 * Container numbers are checked by their ISO 6346 check digit and stored without spaces. A
 * container carries its shipment's customer, so the goods form can offer only that customer's SKUs.
 */
export const containersHooks: ResourceHooks = {
  async beforeWrite(input, { tx }) {
    const no = String(input.containerNo ?? '');
    if (!isValidContainerNo(no)) return { problems: [{ field: 'containerNo', key: 'validation.containerNo' }] };
    const [shipment] = await tx.query<{ organization_id: number }>(
      'SELECT organization_id FROM shipments WHERE id = $1',
      [input.shipmentId],
    );
    return { columns: { container_no: normalizeContainerNo(no), organization_id: shipment?.organization_id ?? null } };
  },
};
