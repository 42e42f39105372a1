import { describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources/index';
import { changedFixedFields } from '../../src/domain/resource';

describe('changedFixedFields', () => {
  const bills = resourceByName('bills')!;
  const current = { organizationId: 7, warehouseId: 2, periodFrom: '2026-10-01', periodTo: '2026-10-31', remarks: 'x' };

  it('names the fixed fields a body would change, and only those', () => {
    expect(
      changedFixedFields(bills, { organizationId: 8, periodTo: '2026-11-30', remarks: 'y' }, current).sort(),
    ).toEqual(['organizationId', 'periodTo']);
  });

  it('lets a body repeat or leave out what is fixed', () => {
    expect(changedFixedFields(bills, { ...current, remarks: 'y' }, current)).toEqual([]);
    expect(changedFixedFields(bills, { remarks: 'y', periodFrom: null }, current)).toEqual([]);
  });
});
