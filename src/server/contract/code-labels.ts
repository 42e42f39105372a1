import { join } from 'node:path';
import { loadLocales, translator } from '../i18n';
import { ROOT_DIR } from '../paths';

/**
 * Integer and text codes (`inboundType`, `status`, `feeType`...) say what each value means in the
 * document: a client's developer reads `1 = Shipment inbound` instead of a bare 1. The schemas mark
 * a coded field with `x-enum` (its value list); the English labels are the ones the screens show.
 * Each value's label also goes into `x-enum-descriptions`, which client generators turn into
 * comments on the generated enum.
 */
type Json = Record<string, unknown>;

let english: ((key: string) => string) | undefined;
const label = (list: string, code: unknown) => {
  english ??= translator(loadLocales(join(ROOT_DIR, 'locales')), 'en');
  const key = `enums.${list}.${String(code)}`;
  const text = english(key);
  return text === key ? undefined : text;
};

const describe = (schema: Json): Json => {
  const list = schema['x-enum'];
  const values = (schema.enum as unknown[] | undefined)?.filter((v) => v !== null);
  if (typeof list !== 'string' || !values?.length) return schema;
  const labels = values.map((v) => label(list, v) ?? String(v));
  const meaning = values.map((v, i) => `${String(v)} = ${labels[i]}`).join(', ');
  const own = typeof schema.description === 'string' ? `${schema.description} ` : '';
  return { ...schema, description: `${own}Values: ${meaning}.`, 'x-enum-descriptions': labels };
};

/** A copy of `node` with every coded field inside it described; the route's own schema is untouched. */
export function describeCodes<T>(node: T): T {
  if (Array.isArray(node)) return node.map(describeCodes) as T;
  if (!node || typeof node !== 'object') return node;
  const copy: Json = {};
  for (const [key, value] of Object.entries(node as Json)) copy[key] = describeCodes(value);
  return describe(copy) as T;
}
