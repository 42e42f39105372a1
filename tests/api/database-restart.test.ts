import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/open';
import { prepareDatabase } from '../../src/server/db/prepare';
import type { Db } from '../../src/server/db/types';
import { freePort } from '../bench/server-process';

/**
 * PostgreSQL stopped and started again under load: while it is down every answer is the 50000
 * envelope, and once it is back the same server process serves again. Runs where PostgreSQL's
 * binaries are installed (CI's PostgreSQL pass installs them), on a cluster of its own.
 */
const bin = existsSync('/usr/lib/postgresql')
  ? readdirSync('/usr/lib/postgresql')
      .sort()
      .map((v) => `/usr/lib/postgresql/${v}/bin`)
      .filter((b) => existsSync(`${b}/pg_ctl`))
      .pop()
  : undefined;
const root = process.getuid?.() === 0;
const asPostgres = (command: string, args: string[]) =>
  root
    ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'ignore' })
    : execFileSync(command, args, { stdio: 'ignore' });

let dir: string;
let port: number;
let db: Db;
let url: string;
let close: () => Promise<void>;
const pgCtl = (...args: string[]) => asPostgres(`${bin}/pg_ctl`, ['-D', join(dir, 'data'), ...args]);
/** The test's own server on its own port and socket directory; fsync off, as nothing here must survive a crash. */
const startServer = () =>
  pgCtl('-l', join(dir, 'log'), '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`, '-w', 'start');

describe.skipIf(!bin || !process.env.TEST_DATABASE_URL)('PostgreSQL restarted under load', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pg-restart-'));
    if (root)
      chownSync(
        dir,
        Number(execFileSync('id', ['-u', 'postgres']).toString()),
        Number(execFileSync('id', ['-g', 'postgres']).toString()),
      );
    port = await freePort();
    asPostgres(`${bin}/initdb`, ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    startServer();
    db = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await prepareDatabase(db);
    const app = await buildApp({ db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/1.0`;
    close = async () => {
      await app.close();
      await db.close();
    };
  }, 120_000);
  afterAll(async () => {
    await close?.();
    pgCtl('-m', 'immediate', 'stop');
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 50000 while the database is down and serves again when it is back', async () => {
    const login = async () => {
      const response = await fetch(`${url}/system/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin123' }),
      });
      return { status: response.status, body: (await response.json()) as { code: number; message: string; data: any } };
    };
    const before = await login();
    expect(before.body.code).toBe(20000);
    const token = `${before.body.data.token_type} ${before.body.data.access_token}`;
    // Each call its own search: a page read before stays in the engine's read cache, and is
    // served from there while the database is down (read-cache.ts).
    let calls = 0;
    const list = async () => {
      const response = await fetch(`${url}/config/countries?pageSize=5&q=${calls++ % 2 ? 'a' : 'e'}${calls}`, {
        headers: { authorization: token },
      });
      return { status: response.status, body: (await response.json()) as { code: number; message: string } };
    };
    expect((await list()).body.code).toBe(20000);

    pgCtl('-m', 'immediate', 'stop');
    const down = await Promise.all(Array.from({ length: 10 }, () => list()));
    for (const answer of down) {
      expect(answer.status).toBe(500);
      expect(answer.body.code).toBe(50000);
      expect(answer.body.message).not.toMatch(/ECONNREFUSED|at .*\.ts/);
    }

    startServer();
    // The pool drops the dead connections and opens new ones: the first calls may still fail.
    let back = await list();
    for (let tries = 0; back.body.code !== 20000 && tries < 20; tries++) back = await list();
    expect(back.body.code).toBe(20000);
    expect((await login()).body.code).toBe(20000);
  }, 120_000);
});
