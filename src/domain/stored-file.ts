import type { FieldSchema } from './field-schema';

/**
 * A stored file's path as /oss/upload answers it (`<kind>/<yyyymm>/<uuid>.<ext>`): the upload route
 * makes it, and a workflow input naming a file (a proof of delivery) is checked against it.
 */
export const STORED_FILE_PATTERN = '^[A-Za-z0-9-]{1,40}/\\d{6}/[0-9a-f-]{36}\\.[a-z]{3,4}$';

/** A workflow input naming a proof of delivery: a stored file's path, any problem with it told as one. */
export const podFileField = (description: string): FieldSchema => ({
  type: 'string',
  maxLength: 200,
  pattern: STORED_FILE_PATTERN,
  'x-widget': 'file',
  description,
  'x-messages': {
    required: 'validation.podFile',
    type: 'validation.podFile',
    pattern: 'validation.podFile',
    maxLength: 'validation.podFile',
  },
});
