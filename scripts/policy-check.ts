import { join } from 'node:path';
import { policyDrift, readPolicyFiles } from '../src/server/access/policy-files';
import { openDatabase } from '../src/server/db/open';

/**
 * For a deploy pipeline (issue 39): compares a database's live policy with policies/ and exits 1 on
 * any drift, printing each line added or removed on the screen with who and when. It opens the same
 * database as `npm start` (DATABASE_URL or DATA_DIR); the embedded one only while the app is stopped.
 */
const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? join(process.cwd(), 'data'),
});
const drift = await policyDrift(db, readPolicyFiles());
await db.close();
const said = (line: { line: string; by: string | null; at: string | null }) =>
  `${line.line}${line.by ? `  (${line.by}, ${line.at})` : ''}`;
for (const line of drift.added) console.log(`+ ${said(line)}`);
for (const line of drift.removed) console.log(`- ${said(line)}`);
if (drift.added.length || drift.removed.length) {
  console.error(
    `The live policy differs from policies/: ${drift.added.length} added, ${drift.removed.length} removed.`,
  );
  process.exit(1);
}
console.log('The live policy is the files.');
