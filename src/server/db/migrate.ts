import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR } from '../paths';
import type { Db } from './types';

// From the root, not from this module: `npm start` runs the server bundled into one file elsewhere.
const MIGRATIONS_DIR = join(ROOT_DIR, 'src', 'server', 'db', 'migrations');
/** Any fixed number: serializes migrations when several instances start against one database. */
const MIGRATION_LOCK = 7_310_001;

/** Applies the numbered SQL files not yet recorded in schema_migrations, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version]);
      if (seen.length) return false;
      for (const statement of splitStatements(readFileSync(join(MIGRATIONS_DIR, file), 'utf8')))
        await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations(version) VALUES ($1)', [version]);
      return true;
    });
    if (done) applied.push(version);
  }
  return applied;
}

/** Our migrations hold no semicolons inside literals or bodies, so a split on ';' at line ends is safe. */
const splitStatements = (sql: string) =>
  sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
