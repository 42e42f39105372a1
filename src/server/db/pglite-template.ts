import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT_DIR } from '../paths';

/**
 * A PGlite that starts from nothing runs initdb inside WebAssembly: 6 to 10 s on a 2-core machine,
 * paid by every cold start and by every test database. The same cluster kept as a tarball loads in
 * about a second, so it is made once per PGlite version (and, for tests, once per migrated and seeded
 * state) and every later empty database begins as a copy of it.
 */
// Its package.json is not among the package's exports, so it is read as a file.
export const pgliteVersion = (
  JSON.parse(readFileSync(join(ROOT_DIR, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** Where the empty cluster of this PGlite version is kept: under build/, made by `npm start`'s build step or the first cold start. */
export const emptyClusterFile = () => join(ROOT_DIR, 'build', 'pglite', `empty-${pgliteVersion}.tar.gz`);

/** A database that can be dumped whole: a PGlite, or our Db over one. */
export interface Dumpable {
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

/** The tarball at `file`, made by `make` when it is not there yet (written whole, then renamed: parallel makers never read half a file). */
export async function cachedCluster(file: string, make: () => Promise<Dumpable>): Promise<Blob> {
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const db = await make();
  const dump = await db.dump();
  await db.close();
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}
