import type { Queryable } from '../db/types';

/**
 * The name a stored file was uploaded under, for the record that takes it (a POD): kept on the
 * record, so its detail shows it without a lookup; null for files stored before names were kept.
 */
export const storedFileName = async (tx: Queryable, path: string) =>
  (await tx.query<{ name: string | null }>('SELECT name FROM stored_files WHERE path = $1', [path]))[0]?.name ?? null;
