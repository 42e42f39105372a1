import { columnName, type ResourceDef } from '../../domain/resource';
import { conflict, validationError } from '../errors';

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
}

const fieldOfColumn = (r: ResourceDef, col?: string) =>
  col ? Object.keys(r.schema.properties).find((f) => columnName(f) === col) : undefined;

/** `Key (code)=(CN) already exists.` -> code; the constraint name is not always reported. */
const columnFromDetail = (detail?: string) => /Key \(([^)]+)\)/.exec(detail ?? '')?.[1];

/**
 * The field a duplicate is the user's to change: of a key over several columns (organization and
 * barcode), the one they typed rather than the read-only one the server filled in.
 */
const typedFieldOfKey = (r: ResourceDef, detail?: string) => {
  const fields = (columnFromDetail(detail) ?? '').split(', ').map((col) => fieldOfColumn(r, col));
  return fields.find((f) => f && !r.schema.properties[f].readOnly) ?? fields.find(Boolean);
};

/**
 * Constraint violations the client caused, as our errors: a duplicate unique value or a missing
 * referenced record is a field error, deleting a referenced record a 409. Anything else rethrows.
 */
export function mapDbError(r: ResourceDef, error: unknown, operation: 'write' | 'delete'): never {
  const e = error as PgError;
  if (e?.code === '23505') {
    const field = typedFieldOfKey(r, e.detail) ?? '_';
    throw validationError([{ field, key: 'validation.unique' }]);
  }
  if (e?.code === '23503') {
    if (operation === 'delete') throw conflict('errors.referenced');
    const field = fieldOfColumn(r, columnFromDetail(e.detail)) ?? '_';
    throw validationError([{ field, key: 'validation.ref' }]);
  }
  throw error;
}
