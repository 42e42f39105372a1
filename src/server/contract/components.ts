/**
 * Named component schemas: a schema built once and used by many operations (a resource's record,
 * its create and update bodies, the error envelopes, the id parameter) carries its name in
 * `x-component`, and the document lifts each named node into `components` and points at it with
 * `$ref`, so a generated client has one `Product` type instead of a copy per operation. The routes
 * keep their schemas whole: Fastify's serializer and validator read them as they are.
 */
type Json = Record<string, unknown>;

const MARK = 'x-component';

/** `schema` as the component `name`. */
export const named = (name: string, schema: Json): Json => ({ ...schema, [MARK]: name });

/** The component name `schema` carries, if any. */
export const nameOf = (schema: Json): string | undefined =>
  typeof schema[MARK] === 'string' ? (schema[MARK] as string) : undefined;

/** `schema` without its name, for a schema built from a named one that is no longer the same thing. */
export const unnamed = (schema: Json): Json => {
  const { [MARK]: _name, ...rest } = schema;
  return rest;
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

type Components = { schemas: Record<string, unknown>; parameters: Record<string, unknown> };

/**
 * The first node under a name defines it; a later one must be the same, or two schemas claim one
 * name and the document would lie about one of them.
 */
function register(store: Record<string, unknown>, name: string, node: Json, kind: string) {
  const existing = store[name];
  if (existing === undefined) store[name] = node;
  else if (JSON.stringify(existing) !== JSON.stringify(node))
    throw new Error(`Two different ${kind} are named ${name} in the OpenAPI document`);
  return { $ref: `#/components/${kind}/${name}` };
}

function lift(node: unknown, components: Components): unknown {
  if (Array.isArray(node)) return node.map((item) => lift(item, components));
  if (!isObject(node)) return node;
  const copy: Json = {};
  for (const [key, value] of Object.entries(node))
    copy[key] =
      key === 'parameters' && Array.isArray(value)
        ? value.map((parameter) => liftParameter(parameter, components))
        : lift(value, components);
  const name = copy[MARK];
  if (typeof name !== 'string') return copy;
  delete copy[MARK];
  return register(components.schemas, name, copy, 'schemas');
}

/** A parameter whose schema is named becomes a parameter component, its schema inline in it. */
function liftParameter(parameter: unknown, components: Components): unknown {
  if (!isObject(parameter) || !isObject(parameter.schema) || typeof parameter.schema[MARK] !== 'string')
    return lift(parameter, components);
  const { [MARK]: name, ...schema } = parameter.schema;
  return register(components.parameters, name as string, { ...parameter, schema }, 'parameters');
}

/** The document with every named node lifted into `components` and referenced. */
export function reuseComponents<T extends object>(doc: T): T {
  const components: Components = { schemas: {}, parameters: {} };
  return withComponents({ ...doc, paths: lift((doc as Json).paths, components) }, components);
}

/** The document with these schemas and parameters added to its components, each kept in name order. */
export function withComponents<T extends object>(doc: T, added: Partial<Components>): T {
  const own = ((doc as Json).components ?? {}) as Json;
  return {
    ...doc,
    components: {
      ...own,
      schemas: sorted({ ...(own.schemas as Json | undefined), ...added.schemas }),
      parameters: sorted({ ...(own.parameters as Json | undefined), ...added.parameters }),
    },
  };
}

/** A store of named entries in name order, so a document reads and compares the same every time. */
export const sorted = (store: Json) => Object.fromEntries(Object.entries(store).sort(([a], [b]) => a.localeCompare(b)));
