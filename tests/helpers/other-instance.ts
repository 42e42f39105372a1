import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/open';
import type { Db } from '../../src/server/db/types';

/**
 * Another handle on the database `db` is: on PostgreSQL (TEST_DATABASE_URL) a pool of its own, so
 * what one instance caches, claims or notifies reaches the other only through the database, as
 * behind a load balancer; on PGlite (one connection in one process) the same handle.
 */
export async function otherHandle(db: Db): Promise<Db> {
  if (!process.env.TEST_DATABASE_URL) return db;
  const [{ name }] = await db.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return openDatabase({ databaseUrl: url.toString() });
}

/** An API instance listening on a free port over `db`; close() stops it (not the database). */
export async function listeningApp(
  db: Db,
  options: Omit<AppOptions, 'db'> = {},
): Promise<{ app: FastifyInstance; url: string; close(): Promise<void> }> {
  const app = await buildApp({ db, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, url, close: () => app.close() };
}

/**
 * Calls over HTTP to instance `i` of a set (as behind a load balancer that sends each request
 * where it likes): its status and envelope, with a token and a JSON body when given; `login`
 * answers the Authorization header a sign-in on that instance gives.
 */
export function instanceCalls(instances: { url: string }[]) {
  const call = async (instance: number, method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${instances[instance].url}/api/1.0${path}`, {
      method,
      headers: {
        ...(token ? { authorization: token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, ...((await response.json()) as { code: number; data: any }) };
  };
  const login = async (instance: number, username: string, password: string) => {
    const { data } = await call(instance, 'POST', '/system/users/login', undefined, { username, password });
    return `${data.token_type} ${data.access_token}`;
  };
  return { call, login };
}
