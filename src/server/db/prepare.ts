import { join } from 'node:path';
import { resources } from '../../../resources/index';
import { syncResourceTables } from '../engine/sync';
import { ROOT_DIR } from '../paths';
import { seedDemo } from '../seed/index';
import { migrate } from './migrate';
import type { Db } from './types';

/**
 * Brings any database up to date: migrations, resource tables from schemas/, demo data once.
 * Resolves true when it seeded an empty database.
 */
export async function prepareDatabase(db: Db) {
  await migrate(db);
  await db.transaction((tx) => syncResourceTables(tx, resources));
  return seedDemo(db, join(ROOT_DIR, 'policies'));
}
