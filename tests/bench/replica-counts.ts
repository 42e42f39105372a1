import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Replica } from '../../src/server/db/replica';
import type { Queryable } from '../../src/server/db/types';

/** Lagging reads (reports, dashboards, exports, large pages) by who was given them. */
export interface ReplicaCounts {
  replica: number;
  primary: number;
  /** Of those given to the replica, the reads it failed and the primary answered. */
  failedOver: number;
}

/**
 * A bench server that counts which side answered its lagging reads: startServer runs this file in
 * place of src/server/main.ts, with BENCH_REPLICA_COUNTS naming where the counts go when it is
 * stopped. The server's own `served` counts the replica's reads per query but the primary's per
 * request, so requests are counted here, around its reader; `served` still tells the failovers.
 */
export const COUNTING_SERVER = fileURLToPath(import.meta.url);

if (process.argv[1] === COUNTING_SERVER) {
  const counts = { replica: 0, primary: 0 };
  let served: Replica['served'] | undefined;
  const reader = Replica.prototype.reader;
  Replica.prototype.reader = function (this: Replica, primary: Queryable, after?: string) {
    served = this.served;
    const chosen = reader.call(this, primary, after);
    counts[chosen === primary ? 'primary' : 'replica']++;
    return chosen;
  };
  // Written as soon as it is told to stop: tsx passes the bench's SIGTERM on, and the second one
  // ends the server before any exit handler runs.
  process.once('SIGTERM', () => {
    const file = process.env.BENCH_REPLICA_COUNTS!;
    const failedOver = (served?.primary ?? 0) - counts.primary;
    // Renamed into place whole: the bench reads it as soon as it exists.
    writeFileSync(`${file}.part`, JSON.stringify({ ...counts, failedOver } satisfies ReplicaCounts));
    renameSync(`${file}.part`, file);
  });
  await import('../../src/server/main');
}

/** The counts a counting server wrote to `file` when stopped, once they are there. */
export async function readCounts(file: string): Promise<ReplicaCounts> {
  for (let waited = 0; !existsSync(file); waited += 100) {
    if (waited > 10_000) throw new Error(`no replica counts in ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}
