import { join } from 'node:path';
import { formatPolicyCsv, PolicyStore } from '../src/server/access/policy-store';
import { openDatabase } from '../src/server/db/open';

/**
 * Prints the live policy in the form of policies/policy.csv, for auditors. It opens the same
 * database as `npm start` (DATABASE_URL or DATA_DIR); the embedded one only while the app is stopped.
 */
const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? join(process.cwd(), 'data'),
});
const lines = await new PolicyStore(db, '').lines();
process.stdout.write(`# live policy exported ${new Date().toISOString()}\n${formatPolicyCsv(lines)}`);
await db.close();
