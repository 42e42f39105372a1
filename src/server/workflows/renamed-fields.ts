import type { Json } from '../contract/route-schemas';
import type { Rec } from '../engine/records';
import { validationError } from '../errors';

/**
 * A body field the API published under one name (an order's `products`) and now names as the rest
 * of the contract does (`lines`, as its answer says): customers' clients still send the old name,
 * so both are read, never together, and the old one stays in the document, deprecated.
 */
export interface Renamed {
  name: string;
  old: string;
}

/**
 * The body with the old name read as the new one, and the name the client used, so that a
 * problem inside the field names what was sent. Both at once answer 40001 on the old one.
 */
export const readRenamed = (body: Rec, { name, old }: Renamed) => {
  if (body[old] === undefined) return { body, sent: name };
  if (body[name] !== undefined) throw validationError([{ field: old, key: 'validation.oldName', params: { name } }]);
  const { [old]: value, ...rest } = body;
  return { body: { ...rest, [name]: value }, sent: old };
};

/** The documented pair: the field under its name, and under its old one, deprecated. */
export const documentRenamed = ({ name, old }: Renamed, schema: Json): Record<string, Json> => ({
  [name]: schema,
  [old]: {
    ...schema,
    deprecated: true,
    description: `Deprecated: the old name of \`${name}\`, still read as it; send \`${name}\` instead (both at once answer 40001).`,
  },
});
