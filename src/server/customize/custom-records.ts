import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resources } from '../../../resources/index';
import { CUSTOM_AREA } from '../../domain/customization';
import { buttonPermission, type ResourceDef } from '../../domain/resource';
import { notFound } from '../errors';
import { crudHandlers } from '../engine/crud';
import { envelope, pageSchema } from '../engine/openapi';
import { documented } from '../engine/openapi';

type Params = { Params: { resource: string; id?: string } };

/** Whatever fields the record type has now: its own schema checks a body, the document names its fields. */
const anyRecord = { type: 'object', additionalProperties: true };

const declared = (request: FastifyRequest): ResourceDef | undefined => {
  const { resource } = request.params as { resource: string };
  return resources.find((r) => r.area === CUSTOM_AREA && r.name === resource);
};

/**
 * The routes of the record types admins add (issue 40), mounted once at start for any of them:
 * Fastify takes no route after it starts, so `/custom/{resource}` finds the type an admin added a
 * moment ago and runs the engine's own handlers for it (engine/crud.ts), its rights
 * `custom.<name>[.<action>]` decided per request. The OpenAPI document lists each type's paths
 * (customize/openapi-overlay.ts) in place of these generic ones, hidden from it.
 */
export function customRecordRoutes(app: FastifyInstance) {
  const permission = (action?: string) => (request: FastifyRequest) => {
    const r = declared(request);
    if (!r) return undefined;
    return action ? buttonPermission(r, action) : r.permission;
  };
  const run = (kind: keyof ReturnType<typeof crudHandlers>) => async (request: FastifyRequest<Params>) => {
    const r = declared(request);
    if (!r) throw notFound();
    return crudHandlers(app, r)[kind](request as FastifyRequest<{ Params: { id: string } }>);
  };
  const generic = (schema: Record<string, unknown>) =>
    documented({ ...schema, hide: true }, { checkedByHandler: true });
  const base = `/${CUSTOM_AREA}/:resource`;
  const record = envelope(anyRecord);
  const body = { body: anyRecord };
  app.get<Params>(
    base,
    {
      ...generic({ response: { 200: envelope(pageSchema(anyRecord)) } }),
      config: { permission: permission(), queryCheckedByHandler: true },
    },
    run('list'),
  );
  app.get<Params>(
    `${base}/:id`,
    { ...generic({ response: { 200: record } }), config: { permission: permission() } },
    run('read'),
  );
  app.post<Params>(
    base,
    { ...generic({ ...body, response: { 200: record } }), config: { permission: permission('create') } },
    run('create'),
  );
  app.put<Params>(
    `${base}/:id`,
    { ...generic({ ...body, response: { 200: record } }), config: { permission: permission('edit') } },
    run('update'),
  );
  app.delete<Params>(
    `${base}/:id`,
    { ...generic({ response: { 200: record } }), config: { permission: permission('delete') } },
    run('remove'),
  );
}
