import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resources } from '../../../resources/index';
import { syncResourceTables } from '../engine/sync';
import { ROOT_DIR } from '../paths';
import { applyPolicyFiles, readPolicyFiles } from '../access/policy-files';
import { seedDemo } from '../seed/index';
import { migrate } from './migrate';
import type { Db } from './types';

/** The code that turns declarations into tables, columns, indexes and triggers. */
const SYNC_CODE = ['sync.ts', 'co-located.ts', 'indexes.ts', 'sql.ts'].map((file) =>
  join(ROOT_DIR, 'src', 'server', 'engine', file),
);

/** What the resource tables were last made from: the declarations and the code that makes them. */
const schemaStamp = () => {
  const hash = createHash('sha256').update(JSON.stringify(resources));
  for (const file of SYNC_CODE) hash.update(readFileSync(file));
  return hash.digest('hex');
};

/**
 * Brings any database up to date: migrations, resource tables from schemas/, the policy files'
 * changes since the last start (access/policy-files.ts), demo data once.
 * The tables are synced only when a migration ran or the declarations changed since the last
 * sync, so a warm restart skips hundreds of statements. Resolves true when it seeded an empty database.
 */
export async function prepareDatabase(db: Db) {
  const applied = await migrate(db);
  const stamp = schemaStamp();
  const [synced] = await db.query<{ value: string }>("SELECT value FROM settings WHERE key = 'schema_stamp'");
  if (applied.length || synced?.value !== stamp)
    await db.transaction(async (tx) => {
      await syncResourceTables(tx, resources);
      await tx.query(
        "INSERT INTO settings(key, value) VALUES ('schema_stamp', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
        [stamp],
      );
    });
  const policy = await db.transaction((tx) => applyPolicyFiles(tx, readPolicyFiles()));
  for (const line of policy.conflicts)
    console.warn(
      `policies/policy.csv grants "${line}", which was removed on the screen: not granted again (npm run policy:check).`,
    );
  return seedDemo(db);
}
