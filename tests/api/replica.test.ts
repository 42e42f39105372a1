import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Replica } from '../../src/server/db/replica';
import type { Db } from '../../src/server/db/types';
import { freshDatabase } from '../helpers/database';
import { listeningApp } from '../helpers/other-instance';

/**
 * A real streaming replica (issue 38): TEST_REPLICA_URL is a replica of TEST_DATABASE_URL's server
 * (.ci/run makes one with pg_basebackup -R). Reports, dashboards and large pages read there while it
 * serves the caller's position, the primary otherwise; a caller that brings the position of its own
 * write always sees it; a replica that is down costs nothing but its share.
 */
const replicaServer = process.env.TEST_REPLICA_URL;

describe.skipIf(!replicaServer || !process.env.TEST_DATABASE_URL)('a streaming replica', () => {
  let database: { db: Db; drop(): Promise<void> };
  let replica: Replica;
  let instance: { app: FastifyInstance; url: string };
  let admin: string;

  /** The same database on the replica's server: a database made on the primary is replayed there too. */
  const onReplica = async (db: Db) => {
    const [{ name }] = await db.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(replicaServer!);
    url.pathname = `/${name}`;
    return url.toString();
  };

  const call = async (path: string, headers: Record<string, string> = {}, method = 'GET', body?: unknown) => {
    const response = await fetch(`${instance.url}/api/1.0${path}`, {
      method,
      headers: {
        authorization: admin,
        ...headers,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      position: response.headers.get('x-read-after'),
      ...((await response.json()) as { code: number; data: any }),
    };
  };

  /** Until the replica has been polled up: it has replayed the new database and answers. */
  const serving = async (r: Replica) => {
    while (!r.serves()) await r.poll();
  };

  beforeAll(async () => {
    database = await freshDatabase();
    replica = new Replica(await onReplica(database.db), database.db);
    instance = await listeningApp(database.db, { replica });
    const login = await call('/system/users/login', {}, 'POST', { username: 'admin', password: 'admin123' });
    admin = `${login.data.token_type} ${login.data.access_token}`;
  });
  afterAll(async () => {
    await instance.app.close();
    await replica.close();
    await database.drop();
  });

  it('serves reports, dashboards and large pages, and a page of 20 from the primary', async () => {
    await serving(replica);
    const before = replica.served.replica;
    for (const path of [
      '/statistics/counts',
      '/statistics/dashboard',
      '/statistics/inventory',
      '/statistics/shipments',
      '/products?pageSize=1000',
    ])
      expect((await call(path)).code, path).toBe(20000);
    expect(replica.served.replica - before).toBeGreaterThanOrEqual(5);
    const replicaReads = replica.served.replica;
    expect((await call('/products?pageSize=20')).code).toBe(20000);
    expect(replica.served.replica).toBe(replicaReads);
  });

  it('shows a caller their own write at once, wherever the read is served', async () => {
    for (let round = 0; round < 10; round++) {
      const { users } = (await call('/statistics/counts')).data;
      const made = await call('/system/users', {}, 'POST', {
        username: `replica${round}`,
        name: `Replica ${round}`,
        status: 1,
        roles: ['shipper'],
        password: 'secret1',
      });
      expect(made.code).toBe(20000);
      expect(made.position).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
      const counts = await call('/statistics/counts', { 'x-read-after': made.position! });
      expect(counts.data.users).toBe(users + 1);
    }
  });

  it('answers from the primary while the replica is down', async () => {
    const down = new Replica('postgres://postgres@127.0.0.1:1/none', database.db);
    const other = await listeningApp(database.db, { replica: down });
    try {
      await down.poll();
      expect(down.serves()).toBe(false);
      const response = await fetch(`${other.url}/api/1.0/statistics/counts`, { headers: { authorization: admin } });
      expect(((await response.json()) as { code: number }).code).toBe(20000);
      expect(down.served).toMatchObject({ replica: 0 });
      expect(down.served.primary).toBeGreaterThan(0);
    } finally {
      await other.close();
      await down.close();
    }
  });
});
