import { describe, expect, it } from 'vitest';
import { demoPasswords } from '../helpers/http-api';
import { twoInstances } from '../helpers/api';
import { until } from '../helpers/until';

const both = twoInstances();

/**
 * Issue 40 behind a load balancer: a customization applied through one instance is installed by
 * the other from the database's change feed (on PostgreSQL its own pool hears the notification),
 * which then serves the new shape: its registry's version, a filter on the new field, a create.
 */
describe('a customization applied on one instance', () => {
  it('is installed and served by the other one', async () => {
    const [first, second] = [
      await both.login(0, 'admin', demoPasswords.admin),
      await both.login(1, 'admin', demoPasswords.admin),
    ];
    const applied = await both.call(0, 'POST', '/system/customizations', first, {
      resource: 'warehouses',
      reason: 'Dock count for planning',
      changes: [{ op: 'addField', name: 'dockCount', type: 'integer', labels: { en: 'Docks' }, filter: true }],
    });
    expect(applied.code).toBe(20000);
    await until(
      async () => (await both.call(1, 'GET', '/system/customizations', second)).data.version === applied.data.id,
    );
    const filtered = await both.call(1, 'GET', '/config/warehouses?dockCount_gte=1', second);
    expect(filtered.code).toBe(20000);
    expect(filtered.data.rows).toEqual([]);
  });
});
