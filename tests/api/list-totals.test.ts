import { beforeAll, describe, expect, it } from 'vitest';
import { EXACT_TOTAL_LIMIT } from '../../src/server/engine/totals';
import { fileApi } from '../helpers/api';

let admin: string;
let organizationId: number;

const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
  [{ id: organizationId }] = await api.db.query<{ id: number }>('SELECT id FROM organizations ORDER BY id LIMIT 1');
  // More suppliers than the exact limit, 30 of them in one organization.
  const [other] = await api.db.query<{ id: number }>(
    'SELECT id FROM organizations WHERE id <> $1 ORDER BY id LIMIT 1',
    [organizationId],
  );
  await api.db.query(
    `INSERT INTO suppliers(organization_id, name) SELECT CASE WHEN g <= 30 THEN $1::int ELSE $2::int END, 'Bulk supplier ' || g
       FROM generate_series(1, $3::int) g`,
    [organizationId, other.id, EXACT_TOTAL_LIMIT + 500],
  );
  await api.db.query('ANALYZE suppliers');
});

describe('list totals', () => {
  it('estimates a total above the exact limit and says so', async () => {
    const reply = await api.call('GET', '/organizations/suppliers?pageSize=5', { token: admin });
    expect(reply.data.rows).toHaveLength(5);
    expect(reply.data.totalEstimated).toBe(true);
    expect(reply.data.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
  });

  it('counts exactly below it, without the flag', async () => {
    const reply = await api.call('GET', '/organizations/suppliers?pageSize=5&q=Bulk supplier 1000', { token: admin });
    expect(reply.data.totalEstimated).toBeUndefined();
    expect(reply.data.total).toBe(11);
  });

  it('drops a cached total when the table is written, through the API or not', async () => {
    const list = `/organizations/suppliers?organizationId=${organizationId}`;
    const before = (await api.call('GET', list, { token: admin })).data.total;
    const created = await api.call('POST', '/organizations/suppliers', {
      token: admin,
      body: { organizationId, name: 'One more' },
    });
    expect(created.code).toBe(20000);
    expect((await api.call('GET', list, { token: admin })).data.total).toBe(before + 1);
    await api.db.query('DELETE FROM suppliers WHERE organization_id = $1 AND name LIKE $2', [
      organizationId,
      'Bulk supplier %',
    ]);
    expect((await api.call('GET', list, { token: admin })).data.total).toBe(before + 1 - 30);
  });
});
