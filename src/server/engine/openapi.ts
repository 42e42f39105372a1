import { buttonPermission, type FieldSchema, type ResourceDef } from '../../domain/resource';
import { systemColumns } from './sql';
import { API_PREFIX } from '../plugins/envelope';

/** JSON Schema keywords OpenAPI 3.1 understands; our x- hints are kept as extensions. */
const openapiField = (schema: FieldSchema) => ({ ...schema });

const envelope = (data: object) => ({
  type: 'object',
  properties: { code: { type: 'integer', example: 20000 }, message: { type: 'string' }, data },
});

const listParams = (r: ResourceDef) => [
  { name: 'pageIndex', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  { name: 'pageSize', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000, default: 20 } },
  { name: 'sort', in: 'query', schema: { type: 'string', example: `-${Object.keys(r.schema.properties)[0]},id` } },
  { name: 'q', in: 'query', description: `Searches ${r.search.join(', ')}`, schema: { type: 'string' } },
  ...Object.entries(r.schema.properties)
    .filter(([, s]) => s.type !== 'object' && s.type !== 'array')
    .flatMap(([name, s]) => [
      { name, in: 'query', schema: { type: s.type, format: s.format } },
      ...(s['x-filter'] === 'range'
        ? ['gte', 'lte'].map((op) => ({ name: `${name}_${op}`, in: 'query', schema: { type: s.type, format: s.format } }))
        : []),
    ]),
];

/** The OpenAPI document of the generic routes, built from the same declarations that mount them. */
export function openApiDocument(resources: ResourceDef[]) {
  const paths: Record<string, object> = {};
  const schemas: Record<string, object> = {};
  const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
  for (const r of resources) {
    const record = {
      type: 'object',
      properties: {
        ...Object.fromEntries(Object.entries(systemColumns).map(([k, v]) => [k, { ...v.schema, readOnly: true }])),
        ...Object.fromEntries(Object.entries(r.schema.properties).map(([k, v]) => [k, openapiField(v)])),
      },
      required: r.schema.required,
    };
    schemas[r.name] = record;
    const ref = { $ref: `#/components/schemas/${r.name}` };
    const ok = (data: object) => ({ 200: { description: 'success', content: { 'application/json': { schema: envelope(data) } } } });
    const security = (action?: Parameters<typeof buttonPermission>[1]) => ({
      'x-permission': action ? buttonPermission(r, action) : r.read === 'any' ? 'any signed-in user' : r.permission,
    });
    paths[`${API_PREFIX}${r.api}`] = {
      get: { tags: [r.name], parameters: listParams(r), responses: ok({ type: 'object', properties: { rows: { type: 'array', items: ref }, total: { type: 'integer' } } }), ...security() },
      ...(r.actions.includes('create') && { post: { tags: [r.name], requestBody: { content: { 'application/json': { schema: ref } } }, responses: ok(ref), ...security('create') } }),
    };
    paths[`${API_PREFIX}${r.api}/{id}`] = {
      get: { tags: [r.name], parameters: [idParam], responses: ok(ref), ...security() },
      ...(r.actions.includes('edit') && { put: { tags: [r.name], parameters: [idParam], requestBody: { content: { 'application/json': { schema: ref } } }, responses: ok(ref), ...security('edit') } }),
      ...(r.actions.includes('delete') && { delete: { tags: [r.name], parameters: [idParam], responses: ok({ type: 'object' }), ...security('delete') } }),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Logistics back office API', version: '1.0' },
    components: {
      schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
