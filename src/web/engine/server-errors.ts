import type { HttpError } from '@refinedev/core';
import type { ErrorSchema } from '@rjsf/utils';

type Node = { __errors?: string[] } & { [key: string]: Node | string[] | undefined };

/**
 * Server 40001 `data.errors` (by field) -> RJSF extraErrors shown on the fields. A line's field
 * (`products.2.pieces`) lands on that line's input.
 */
export const toErrorSchema = (err: unknown): ErrorSchema | undefined => {
  const errors = (err as HttpError | undefined)?.errors as Record<string, string[] | string> | undefined;
  if (!errors || !Object.keys(errors).length) return undefined;
  const root: Node = {};
  for (const [field, msgs] of Object.entries(errors)) {
    let node = root;
    for (const part of field.split('.')) node = (node[part] ??= {}) as Node;
    (node.__errors ??= []).push(...(Array.isArray(msgs) ? msgs.map(String) : [String(msgs)]));
  }
  return root as ErrorSchema;
};

/** The server errors left once the user changed some fields: a touched field loses its own. */
export const untouchedErrors = (
  errors: ErrorSchema | undefined,
  before: Record<string, unknown> | undefined,
  now: Record<string, unknown>,
) => {
  if (!errors) return undefined;
  const left = Object.fromEntries(
    Object.entries(errors).filter(([f]) => JSON.stringify(now[f]) === JSON.stringify(before?.[f])),
  );
  return Object.keys(left).length ? (left as ErrorSchema) : undefined;
};
