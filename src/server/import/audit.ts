import { randomUUID } from 'node:crypto';
import { resourceByName } from '../../../resources/index';
import { callerApiKeyId } from '../auth/caller';
import type { Json } from '../contract/route-schemas';
import type { Queryable } from '../db/types';
import type { Viewer } from '../engine/scope';
import { column, table } from '../engine/sql';
import { uploadedName } from '../files/file-names';
import type { FileStorage } from '../files/storage';

/**
 * The organization an import's file belongs to (issue 37): the record's it went into, else the one
 * organization its importer acts for (a cargo owner, a key). Staff importing for many customers
 * keep theirs to themselves (null: only its uploader reads it).
 */
async function importedFor(tx: Queryable, entry: { entity: string; entityId: number | null; viewer: Viewer }) {
  const r = resourceByName(entry.entity);
  if (entry.entityId !== null && r?.tenant) {
    const [row] = await tx.query<{ organizationId: number }>(
      `SELECT ${column(r.tenant)} AS "organizationId" FROM ${table(r)} WHERE id = $1`,
      [entry.entityId],
    );
    if (row) return row.organizationId;
  }
  return !entry.viewer.all && entry.viewer.organizationIds.length === 1 ? entry.viewer.organizationIds[0] : null;
}

/**
 * The audit trail's row of an import (entity: the resource, or the record imported into; action
 * 'import'): who, how many records of each kind, and the uploaded file itself, kept in the file
 * storage under its own path (a stored file its importer may read back) and named by the row.
 * Kept only once every check has passed, in the import's transaction.
 */
export async function auditImport(
  tx: Queryable,
  files: FileStorage,
  entry: {
    entity: string;
    entityId: number | null;
    viewer: Viewer;
    file: { name: string; content: Buffer };
    counts: Json;
  },
) {
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const path = `imports/${month}/${randomUUID()}.xlsx`;
  const name = uploadedName(entry.file.name, 'xlsx');
  await files.put(path, entry.file.content);
  await tx.query(
    'INSERT INTO stored_files(path, uploaded_by, name, api_key_id, organization_id) VALUES ($1, $2, $3, $4, $5)',
    [path, entry.viewer.userId, name, callerApiKeyId() ?? null, await importedFor(tx, entry)],
  );
  await tx.query('INSERT INTO audit_log(user_id, entity, entity_id, action, after) VALUES ($1, $2, $3, $4, $5)', [
    entry.viewer.userId,
    entry.entity,
    entry.entityId,
    'import',
    JSON.stringify({ file: name, path, ...entry.counts }),
  ]);
}
