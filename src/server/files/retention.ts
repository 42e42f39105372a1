import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/types';
import type { FileStorage } from './storage';

/**
 * How long an import's file is kept (days). It holds a customer's whole catalogue or document as
 * uploaded, which the audit row needs for a while to answer "what did that import say", not for
 * ever (issue 37: a file handed out should not outlive its purpose).
 */
export const IMPORT_FILE_RETENTION_DAYS = Number(process.env.IMPORT_FILE_RETENTION_DAYS ?? 90);
/** Files removed per statement: a pass never holds long locks, however far behind it is. */
const CHUNK = 1_000;
const HOUR_MS = 3_600_000;

/**
 * Removes import files past the retention, the row first: a crash between the two leaves a file
 * nobody can name (storage to spare), never a row naming a file that is gone. Answers how many.
 */
export async function pruneImportFiles(db: Db, storage: FileStorage): Promise<number> {
  const gone = await db.query<{ path: string }>(
    `DELETE FROM stored_files WHERE path IN (
       SELECT path FROM stored_files
        WHERE path LIKE 'imports/%' AND created_at < $now - make_interval(days => $1) LIMIT ${CHUNK})
     RETURNING path`,
    [IMPORT_FILE_RETENTION_DAYS],
  );
  for (const { path } of gone) await storage.remove(path);
  return gone.length;
}

/** Prunes hourly, from a first pass once the app is ready, until it closes. */
export function keepImportFilesPruned(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  const pass = async () => {
    try {
      while ((await pruneImportFiles(app.db, app.files)) === CHUNK);
    } catch (error) {
      app.log.warn({ err: error }, 'pruning import files failed; the next pass tries again');
    }
  };
  app.addHook('onReady', async () => {
    void pass();
    timer = setInterval(() => void pass(), HOUR_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
