import { describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources';
import { listIndexes } from '../../src/server/engine/indexes';

describe('indexes a resource declares', () => {
  it('become a covering, partial index named by its content', () => {
    const sql = listIndexes(resourceByName('lots')!, false).map((s) => s.sql);
    expect(sql).toContain('("inventory_id") INCLUDE ("inbound_date", "pieces", "pallets") WHERE pieces > 0');
  });
});
