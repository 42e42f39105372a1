import { isValidContainerNo, normalizeContainerNo } from '../../domain/container';
import type { ResourceHooks } from '../engine/hooks';

/** Container numbers are checked by their ISO 6346 check digit and stored without spaces. */
export const containersHooks: ResourceHooks = {
  async beforeWrite(input) {
    const no = String(input.containerNo ?? '');
    if (!isValidContainerNo(no)) return { problems: [{ field: 'containerNo', key: 'validation.containerNo' }] };
    return { columns: { container_no: normalizeContainerNo(no) } };
  },
};
