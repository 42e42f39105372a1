import { createServer } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhookDispatcher } from '../../src/server/webhooks/dispatcher';
import { twoInstances } from '../helpers/api';

/**
 * Two API instances on one database, each with its dispatcher: every event reaches the endpoint
 * once. On PostgreSQL (TEST_DATABASE_URL) each instance has its own pool, so the two claim
 * deliveries concurrently and only SKIP LOCKED keeps them apart; on PGlite they share the database.
 */
const received: string[] = [];
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received.push(String(request.headers['webhook-id']));
    response.end('ok');
  });
});

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = 'true';
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
// Hooks run first to last and are undone last to first: the instances close before the endpoint.
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
});
const { instances, call, db } = twoInstances();

it('sends each event once with two instances dispatching from one database', async () => {
  const { data: session } = await call(0, 'POST', '/system/users/login', undefined, {
    username: 'admin',
    password: 'admin123',
  });
  const admin = `${session.token_type} ${session.access_token}`;
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;
  expect((await call(0, 'POST', '/system/webhooks', admin, { url, events: ['ports.created'] })).code).toBe(20000);
  const chinaId = (await call(0, 'GET', '/config/countries?code=CHN', admin)).data.rows[0].id;
  const events = 40;
  await Promise.all(
    Array.from({ length: events }, (_, i) =>
      call(i % 2, 'POST', '/config/ports', admin, {
        countryId: chinaId,
        code: `SO${String(i).padStart(3, '0')}`,
        nameCn: '港',
        nameEn: `Scale ${i}`,
        displayOrder: i,
        status: 1,
      }),
    ),
  );
  const settled = async () => {
    const [{ pending }] = await db().query<{ pending: number }>(
      'SELECT count(*)::int AS pending FROM webhook_deliveries WHERE status <> 1',
    );
    const [{ queued }] = await db().query<{ queued: number }>('SELECT count(*)::int AS queued FROM outbox_fanout');
    return pending === 0 && queued === 0 && received.length >= events;
  };
  while (!(await settled())) await new Promise((resolve) => setTimeout(resolve, 20));
  await Promise.all(
    instances.map(async ({ app }) => {
      while (webhookDispatcher(app.db).busy) await new Promise((resolve) => setTimeout(resolve, 20));
    }),
  );
  expect(received).toHaveLength(events);
  expect(new Set(received).size).toBe(events);
});
