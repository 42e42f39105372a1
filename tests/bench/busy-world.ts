import { prepareDatabase } from '../../src/server/db/prepare';
import type { Db } from '../../src/server/db/types';
import { BUSY_PASSWORD, seedBusyYear, type BusySize } from './busy-seed';
import type { BusyOrganization, BusyUser } from './busy-traffic';
import { login } from './lists';

type Recorder = (name: string, value: string) => void;

const int = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** Issue 31's busy year; BENCH_BUSY_* shrink it for a quick run. */
export const BUSY_SIZE: BusySize = {
  organizations: int('BENCH_BUSY_ORGANIZATIONS', 180),
  products: int('BENCH_BUSY_PRODUCTS', 1_000_000),
  changeLogs: int('BENCH_BUSY_CHANGE_LOGS', 2_000_000),
  orders: int('BENCH_BUSY_ORDERS', 200_000),
  skusPerOrganization: 40,
  awaiting: 1_000,
  staff: 50,
  customers: 200,
};
/** Records of each organization the users read by id: enough that a cache cannot hold the day. */
const SAMPLE = 200;

/** A seeded user: who it is and what it sees, before it signs in. */
export type BusyAccount = Omit<BusyUser, 'url' | 'token'> & { username: string };

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The demo database migrated and a busy year seeded into it (busy-seed.ts; each part's time
 * recorded under `label`), answering the bench's users in a fixed order with what each sees.
 */
export async function seedBusyWorld(db: Db, size: BusySize, label: string, record: Recorder) {
  await prepareDatabase(db);
  const seedFrom = performance.now();
  await seedBusyYear(db, size, async (part, run) => {
    const t0 = performance.now();
    await run();
    record(`${label}: seed ${part}`, seconds(performance.now() - t0));
  });
  record(`${label}: seed, all of it`, seconds(performance.now() - seedFrom));
  return usersOf(db, await sampleOrganizations(db));
}

/** The stocked organizations with what their users ask for by id, in one query. */
async function sampleOrganizations(db: Db) {
  return db.query<BusyOrganization>(
    `SELECT o.id,
            (SELECT json_agg(json_build_object('skuId', i.sku_id, 'warehouseId', i.warehouse_id)) FROM inventory i WHERE i.organization_id = o.id) AS stock,
            ARRAY(SELECT id FROM products WHERE organization_id = o.id ORDER BY id DESC LIMIT $1) AS products,
            ARRAY(SELECT id FROM orders WHERE organization_id = o.id ORDER BY id DESC LIMIT $1) AS orders
       FROM organizations o WHERE EXISTS (SELECT 1 FROM inventory i WHERE i.organization_id = o.id) ORDER BY o.id`,
    [SAMPLE],
  );
}

/** The bench's users in a fixed order, each with the organizations it sees. */
async function usersOf(db: Db, organizations: BusyOrganization[]): Promise<BusyAccount[]> {
  const byId = new Map(organizations.map((o) => [o.id, o]));
  const rows = await db.query<{ username: string; role: BusyUser['role']; organizations: number[] }>(
    `SELECT u.username, u.roles[1] AS role,
            CASE WHEN u.organization_id IS NOT NULL THEN ARRAY[u.organization_id]
                 ELSE ARRAY(SELECT organization_id FROM user_organizations x WHERE x.user_id = u.id) END AS organizations
       FROM users u WHERE u.username LIKE 'busy-%' ORDER BY u.id`,
  );
  return rows.map((u) => ({
    username: u.username,
    role: u.role,
    organizations: u.role === 'admin' ? organizations : u.organizations.map((id) => byId.get(id)!).filter(Boolean),
  }));
}

/** Every account signs in once, a few at a time (argon2id is the cost of a sign-in, by design). */
export async function signIn(url: string, accounts: { username: string }[]) {
  const tokens: string[] = [];
  for (let i = 0; i < accounts.length; i += 4)
    tokens.push(...(await Promise.all(accounts.slice(i, i + 4).map((a) => login(url, a.username, BUSY_PASSWORD)))));
  return tokens;
}

/** Signed-in accounts as the traffic's users, spread over the instances at `urls` in turn. */
export const asUsers = (accounts: BusyAccount[], tokens: string[], urls: string[]) =>
  accounts.map((a, i) => ({ ...a, url: urls[i % urls.length], token: tokens[i] }) satisfies BusyUser);
