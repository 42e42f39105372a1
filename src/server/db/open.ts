import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './types';

/**
 * A real PostgreSQL when DATABASE_URL is set, otherwise PGlite persisted under DATA_DIR/pgdata (or
 * in memory); an empty PGlite starts as a copy of `template` when one is given (a test's seeded state).
 * Each driver is loaded only when chosen: a PGlite start does not load `pg`, nor a PostgreSQL one
 * the WebAssembly build.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string; template?: Blob }): Promise<Db> {
  if (options.databaseUrl) return (await import('./postgres')).openPostgres(options.databaseUrl);
  const { openPglite } = await import('./pglite');
  if (!options.dataDir) return openPglite(undefined, options.template);
  const dir = join(options.dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  return openPglite(dir, options.template);
}
