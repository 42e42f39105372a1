import { resources } from '../../../resources/index';
import { CUSTOM_AREA, type CustomAction, type Overlay } from '../../domain/customization';
import { buttonPermission, engineActions, type ResourceDef } from '../../domain/resource';
import {
  componentName,
  envelope,
  idParams,
  inputSchema,
  listQuerySchema,
  pageSchema,
  recordSchema,
} from '../engine/openapi';
import { API_PREFIX } from '../plugins/envelope';

type Json = Record<string, unknown>;

/** A schema without the engine's component marks: these nodes are written out where they stand. */
const plain = (schema: Json): Json =>
  JSON.parse(JSON.stringify(schema, (k, v: unknown) => (k === 'x-component' ? undefined : v))) as Json;

const json = (schema: Json) => ({ content: { 'application/json': { schema: plain(schema) } } });
const ok = (data: Json) => ({ 200: { description: 'Success (code 20000).', ...json(envelope(data)) } });
const queryParameters = (schema: Json) =>
  Object.entries(schema.properties as Record<string, Json>).map(([name, s]) => ({
    name,
    in: 'query',
    schema: plain(s),
  }));
const idParameter = { name: 'id', in: 'path', required: true, schema: plain((idParams.properties as Json).id as Json) };

type Paths = Record<string, Record<string, { responses?: Json }>>;

/**
 * The error answers of an added type's operations: those the document gives the same operation of
 * a shipped resource the engine serves alike (create, edit and delete, read by its right).
 */
const errorsLike = (paths: Paths) => {
  const like = resources.find(
    (r) =>
      r.area !== CUSTOM_AREA &&
      !r.workflow &&
      engineActions(r).length === 4 &&
      paths[`${API_PREFIX}${r.api}`]?.post?.responses?.['403'] &&
      paths[`${API_PREFIX}${r.api}/{id}`]?.delete,
  )!;
  const errors = (path: string, method: string) =>
    Object.fromEntries(
      Object.entries(paths[`${API_PREFIX}${path}`]?.[method]?.responses ?? {}).filter(([s]) => s !== '200'),
    );
  return (method: string, one: boolean) => errors(one ? `${like.api}/{id}` : like.api, method);
};

/** The paths of a record type an admin added: the engine's five operations, under `/custom/<name>`. */
function addedPaths(r: ResourceDef, errors: ReturnType<typeof errorsLike>): Record<string, Json> {
  const c = componentName(r);
  const ref = (suffix: string) => ({ $ref: `#/components/schemas/${c}${suffix}` });
  const op = (action: string, summary: string, extra: Json) => ({
    tags: [r.name],
    operationId: `${action}${c}`,
    summary,
    'x-permission': action === 'list' || action === 'get' ? r.permission : buttonPermission(r, action),
    ...extra,
  });
  return {
    [`${API_PREFIX}${r.api}`]: {
      get: op('list', `List ${r.name}`, {
        parameters: queryParameters(listQuerySchema(r)),
        responses: { ...errors('get', false), ...ok(pageSchema(ref('') as Json)) },
      }),
      post: op('create', `Create ${r.name}`, {
        requestBody: { required: true, ...json(ref('Create')) },
        responses: { ...errors('post', false), ...ok(ref('')) },
      }),
    },
    [`${API_PREFIX}${r.api}/{id}`]: {
      get: op('get', `Read ${r.name}`, {
        parameters: [idParameter],
        responses: { ...errors('get', true), ...ok(ref('')) },
      }),
      put: op('edit', `Update ${r.name}`, {
        parameters: [idParameter],
        requestBody: { required: true, ...json(ref('Update')) },
        responses: { ...errors('put', true), ...ok(ref('')) },
      }),
      delete: op('delete', `Delete ${r.name}`, {
        parameters: [idParameter],
        responses: {
          ...errors('delete', true),
          ...ok({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }),
        },
      }),
    },
  };
}

/**
 * An action an admin added to a workflow: documented as its resource's shipped actions are (the
 * same answers and refusals), with its own name, right and the fields its body carries.
 */
function addedActions(paths: Record<string, Json>, r: ResourceDef, actions: CustomAction[]) {
  const shipped = Object.keys(r.workflow?.machine?.actions ?? {})
    .map((name) => paths[`${API_PREFIX}${r.api}/{id}/${name}`]?.post as Json | undefined)
    .find(Boolean);
  if (!shipped) return;
  for (const action of actions) {
    const input = r.workflow?.machine?.actions[action.name]?.input;
    const { requestBody: _body, ...like } = structuredClone(shipped);
    paths[`${API_PREFIX}${r.api}/{id}/${action.name}`] = {
      post: {
        ...like,
        operationId: `${action.name}${componentName(r)}`,
        summary: action.labels.en ?? action.name,
        description: `An action an admin added (System -> Customize): from ${action.from.join(', ')} to ${action.to}.`,
        'x-permission': buttonPermission(r, action.name),
        ...(input && { requestBody: { required: true, ...json(input as unknown as Json) } }),
      },
    };
  }
}

/**
 * The OpenAPI document with the customizations in force (issue 40): the document @fastify/swagger
 * made once from the routes names the shipped shapes, so each answer of it is brought up to date
 * here: a customized resource's components carry its added fields, its list their filters, and each
 * added record type has its paths and components.
 */
export function customizedDocument(document: Json, overlay: Overlay): Json {
  if (!Object.keys(overlay).length) return document;
  const doc = structuredClone(document) as Json & {
    paths: Record<string, Json>;
    components: { schemas: Record<string, Json> };
  };
  const schemas = doc.components.schemas;
  for (const [name, own] of Object.entries(overlay)) {
    const r = resources.find((d) => d.name === name);
    if (!r) continue;
    const c = componentName(r);
    if (r.area === CUSTOM_AREA) {
      schemas[c] = plain(recordSchema(r));
      schemas[`${c}Create`] = plain(inputSchema(r, false));
      schemas[`${c}Update`] = plain(inputSchema(r, true));
      Object.assign(doc.paths, addedPaths(r, errorsLike(document.paths as Paths)));
      continue;
    }
    const fields = [
      ...own.fields.filter((f) => !f.removed).map((f) => f.name),
      // An added state is one more code of the status field.
      ...(own.states?.length && r.workflow?.machine ? [r.workflow.machine.field] : []),
    ];
    const fresh: Record<string, Json> = {
      '': recordSchema(r),
      Detail: recordSchema(r),
      Created: recordSchema(r),
      Create: inputSchema(r, false),
      Update: inputSchema(r, true),
    };
    for (const [suffix, source] of Object.entries(fresh)) {
      const target = schemas[`${c}${suffix}`] as { properties?: Json; required?: string[] } | undefined;
      if (!target?.properties) continue;
      for (const f of fields) {
        const s = (source.properties as Json)[f];
        if (!s) continue;
        target.properties[f] = plain(s as Json);
        if ((source.required as string[] | undefined)?.includes(f) && !target.required?.includes(f))
          target.required = [...(target.required ?? []), f];
      }
    }
    addedActions(doc.paths, r, own.actions ?? []);
    const list = doc.paths[`${API_PREFIX}${r.api}`]?.get as { parameters?: Json[] } | undefined;
    if (list?.parameters) {
      const known = new Set(list.parameters.map((p) => p.name));
      list.parameters.push(...queryParameters(listQuerySchema(r)).filter((p) => !known.has(p.name)));
    }
  }
  return doc;
}
