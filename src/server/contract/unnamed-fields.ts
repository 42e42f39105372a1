type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The paths in `value` that its answer schema does not name. The compiled serializer drops such
 * fields silently, so a handler returning more than its schema says would lose data without a
 * sound; the API tests turn every such path into a failure. Only names are compared here: types
 * are the response validator's job.
 */
export function unnamedFields(schema: Schema | undefined, value: unknown, path = ''): string[] {
  if (!schema || value === null || value === undefined) return [];
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) {
    const tries = alternatives.map((s) => unnamedFields(s, value, path));
    return tries.find((t) => t.length === 0) ?? tries[0] ?? [];
  }
  if (Array.isArray(value))
    return value.flatMap((item, i) => unnamedFields(schema.items as Schema | undefined, item, `${path}/${i}`));
  if (!isObject(value) || value instanceof Date) return [];
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const extra = schema.additionalProperties;
  return Object.entries(value).flatMap(([key, v]) => {
    if (key in properties) return unnamedFields(properties[key], v, `${path}/${key}`);
    if (isObject(extra)) return unnamedFields(extra, v, `${path}/${key}`);
    return extra === true || (extra === undefined && !schema.properties) ? [] : [`${path}/${key}`];
  });
}

const allowsNull = (schema: Schema) =>
  schema.type === undefined ||
  schema.type === 'null' ||
  schema.nullable === true ||
  (Array.isArray(schema.type) && schema.type.includes('null'));

/**
 * The paths in `value` holding a null its answer schema does not allow. The compiled serializer
 * writes such a null as "", 0, false, [] or {} without a sound, so a field typed non-null that can
 * be empty would change the data it answers; the API tests turn every such path into a failure.
 */
export function unallowedNulls(schema: Schema | undefined, value: unknown, path = ''): string[] {
  if (!schema || value === undefined) return [];
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) {
    const tries = alternatives.map((s) => unallowedNulls(s, value, path));
    return tries.find((t) => t.length === 0) ?? tries[0] ?? [];
  }
  if (value === null) return allowsNull(schema) ? [] : [path || '/'];
  if (Array.isArray(value))
    return value.flatMap((item, i) => unallowedNulls(schema.items as Schema | undefined, item, `${path}/${i}`));
  if (!isObject(value) || value instanceof Date) return [];
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const extra = isObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
  return Object.entries(value).flatMap(([key, v]) => unallowedNulls(properties[key] ?? extra, v, `${path}/${key}`));
}
