import { join } from 'node:path';
import { openDatabase } from './db/open';
import { ROOT_DIR } from './paths';

/** `npm start`: open (or create) the database, bring it up to date, seed it once, serve. */
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = process.env.DATA_DIR ?? join(process.cwd(), 'data');

const started = Date.now();
// The database opens while the app's modules load: much of PGlite's start waits on file reads and
// WebAssembly compiling off the main thread, time the modules' evaluation can use.
const opening = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
const [{ buildApp }, { prepareDatabase }, { seedActivity }] = await Promise.all([
  import('./app'),
  import('./db/prepare'),
  import('./seed/activity'),
]);
const db = await opening;
const seeded = await prepareDatabase(db);
const replicaUrl = process.env.DATABASE_REPLICA_URL;
const replica = replicaUrl ? new (await import('./db/replica')).Replica(replicaUrl, db) : undefined;
const app = await buildApp({
  db,
  replica,
  jwtSecret: process.env.JWT_SECRET,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  webDir: join(ROOT_DIR, 'dist'),
  filesDir: join(dataDir, 'files'),
});
// Shipments, stock and outbounds for the demo, through the workflows themselves (tests start
// from the master data alone, so their figures do not depend on this).
if (seeded) await seedActivity(app);
await app.listen({ port, host });
app.log.info(`ready in ${Date.now() - started} ms on ${db.kind}: http://${host}:${port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, async () => {
    await app.close();
    await replica?.close();
    await db.close();
    process.exit(0);
  });
