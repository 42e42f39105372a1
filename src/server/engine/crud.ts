import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  buttonPermission,
  changedFixedFields,
  engineActions,
  hasEngineTimeline,
  storedFields,
  SYSTEM_FIELDS,
  type ResourceDef,
} from '../../domain/resource';
import type { Queryable } from '../db/types';
import { conflict, notFound, validationError } from '../errors';
import { auditAndOutbox } from '../outbox/write';
import { mapDbError } from './db-errors';
import type { HookContext, ResourceHooks } from './hooks';
import { asInput, checkReferences, findRecord, listRecords, relationRows, withEmbedded, type Rec } from './records';
import type { Viewer } from './scope';
import { column, ident, table } from './sql';
import { validateRecord } from './validate';
import { engineRouteSchemas, liveDocumented } from './openapi';
import { recordId, requestViewer } from './request';
import { timelineRoute } from './timeline';

type IdParams = { Params: { id: string } };

/** Fields the client may write: the schema's, never id/version/timestamps or read-only ones. */
const writable = (r: ResourceDef, body: unknown): Rec => {
  const copy = { ...((body && typeof body === 'object' ? body : {}) as Rec) };
  for (const field of SYSTEM_FIELDS) delete copy[field];
  for (const [field, schema] of Object.entries(r.schema.properties)) if (schema.readOnly) delete copy[field];
  return copy;
};

/** A customer's own records default to their organization when they leave it out. */
function defaultTenant(r: ResourceDef, record: Rec, request: FastifyRequest) {
  if (r.tenant && r.tenant !== 'id' && record[r.tenant] === undefined && request.user!.organizationId)
    record[r.tenant] = request.user!.organizationId;
}

async function checkedInput(
  tx: Queryable,
  r: ResourceDef,
  input: Rec,
  viewer: Viewer,
  hooks: ResourceHooks,
  current?: Rec,
  acting?: Pick<HookContext, 'userId' | 'roles' | 'policy'>,
) {
  const problems = validateRecord(r.schema, input);
  if (problems.length) throw validationError(problems);
  const refProblems = await checkReferences(tx, r, input, viewer);
  const hooked = (await hooks.beforeWrite?.(input, { tx, viewer, current, ...acting })) ?? {};
  const all = [...refProblems, ...(hooked.problems ?? [])];
  if (all.length) throw validationError(all);
  const stored = storedFields(r);
  const columns: Rec = Object.fromEntries(stored.map((f) => [column(f), input[f] ?? null]));
  for (const [name, value] of Object.entries(hooked.columns ?? {})) columns[ident(name)] = value;
  return { columns, once: hooked.once ?? {} };
}

/** Pages larger than this are read where lagging reads go (app.laggingReads): exports read 1,000 at a time. */
const LARGE_PAGE = 100;

/**
 * The engine's record handlers of one resource: what its routes run, and what the routes of a
 * record type an admin added run for it (customize/custom-records.ts).
 */
export function crudHandlers(app: FastifyInstance, r: ResourceDef, hooks: ResourceHooks = {}) {
  return {
    list: async (request: FastifyRequest) => {
      const query = request.query as Rec;
      // A page this large is an export or a lookup reading everything: a replica's work, when one serves.
      const reads = Number(query.pageSize) > LARGE_PAGE ? app.laggingReads() : app.db;
      return listRecords(reads, r, query, await requestViewer(app, request));
    },
    read: async (request: FastifyRequest<IdParams>) => {
      const viewer = await requestViewer(app, request);
      const found = await findRecord(app.db, r, recordId(request.params.id), viewer);
      if (!found) throw notFound();
      return withEmbedded(app.db, r, found, viewer);
    },
    create: async (request: FastifyRequest) => {
      const viewer = await requestViewer(app, request);
      const input = writable(r, request.body);
      defaultTenant(r, input, request);
      try {
        return await app.db.transaction(async (tx) => {
          const { columns, once } = await checkedInput(tx, r, input, viewer, hooks, undefined, {
            userId: request.user!.id,
            roles: request.user!.roles,
            policy: app.policy,
          });
          // Quoted as every column key is: a schema naming createdBy (read-only) sets the same one.
          columns[ident('created_by')] = request.user!.id;
          const names = Object.keys(columns);
          const [{ id }] = await tx.query<{ id: number }>(
            `INSERT INTO ${table(r)} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
            Object.values(columns),
          );
          await hooks.afterCreate?.({ ...input, id }, { tx, viewer });
          // The audit keeps stored fields only (asInput): never a write-only one such as a password.
          await auditAndOutbox(tx, {
            userId: viewer.userId,
            entity: r.name,
            entityId: id,
            action: 'create',
            after: asInput(r, input),
          });
          return { ...(await findRecord(tx, r, id, { userId: viewer.userId, all: true })), ...once };
        });
      } catch (error) {
        mapDbError(r, error, 'write');
      }
    },
    update: async (request: FastifyRequest<IdParams>) => {
      const id = recordId(request.params.id);
      const viewer = await requestViewer(app, request);
      const version = (request.body as Rec | undefined)?.version;
      if (!Number.isInteger(version)) throw validationError([{ field: 'version', key: 'validation.required' }]);
      try {
        return await app.db.transaction(async (tx) => {
          const current = await findRecord(tx, r, id, viewer, true);
          if (!current) throw notFound();
          if (current.version !== version) throw conflict('errors.staleVersion');
          const fixed = changedFixedFields(r, request.body as Rec, current);
          if (fixed.length) throw validationError(fixed.map((field) => ({ field, key: 'validation.fixed' })));
          const merged = { ...asInput(r, current), ...writable(r, request.body) };
          for (const [f, v] of Object.entries(merged)) if (v === null) delete merged[f];
          const { columns } = await checkedInput(tx, r, merged, viewer, hooks, current, {
            userId: request.user!.id,
            roles: request.user!.roles,
            policy: app.policy,
          });
          const names = Object.keys(columns);
          await tx.query(
            `UPDATE ${table(r)} SET ${names.map((n, i) => `${n} = $${i + 1}`).join(', ')},
             version = version + 1, updated_at = now() WHERE id = $${names.length + 1}`,
            [...Object.values(columns), id],
          );
          await auditAndOutbox(tx, {
            userId: viewer.userId,
            entity: r.name,
            entityId: id,
            action: 'edit',
            before: asInput(r, current),
            after: asInput(r, merged),
          });
          return findRecord(tx, r, id, viewer);
        });
      } catch (error) {
        mapDbError(r, error, 'write');
      }
    },
    remove: async (request: FastifyRequest<IdParams>) => {
      const id = recordId(request.params.id);
      const viewer = await requestViewer(app, request);
      try {
        return await app.db.transaction(async (tx) => {
          const current = await findRecord(tx, r, id, viewer, true);
          if (!current) throw notFound();
          const problems = (await hooks.beforeDelete?.(current, { tx, viewer, current })) ?? [];
          if (problems.length) throw conflict(problems[0].key);
          await tx.query(`DELETE FROM ${table(r)} WHERE id = $1`, [id]);
          await auditAndOutbox(tx, {
            userId: viewer.userId,
            entity: r.name,
            entityId: id,
            action: 'delete',
            before: asInput(r, current),
          });
          return { id };
        });
      } catch (error) {
        mapDbError(r, error, 'delete');
      }
    },
  };
}

/**
 * Generic CRUD and sub-list routes of one resource, each checked against its policy object and
 * scope. `byName` finds the app's own declarations (buildApp's `resources`), so a child read through
 * a relation is documented and listed as the app declares it, not as the repository's files do.
 */
export function crudRoutes(
  app: FastifyInstance,
  r: ResourceDef,
  byName: (name: string) => ResourceDef | undefined,
  hooks: ResourceHooks = {},
) {
  const readPermission = r.read === 'any' ? undefined : r.permission;
  const mounted = engineActions(r);
  const docs = engineRouteSchemas(r, byName);
  const handle = crudHandlers(app, r, hooks);
  // Schemas that follow an admin's customizations without a restart (openapi.ts liveDocumented).
  type Docs = typeof docs;
  const live = (method: string, path: string, pick: (d: Docs) => Record<string, unknown>) =>
    liveDocumented(method, path, () => pick(engineRouteSchemas(r, byName)));

  // A list's names are its resource's fields (list-query.ts), more than its schema spells out: `<field>_in`.
  const listConfig = { permission: readPermission, queryCheckedByHandler: true };
  app.get(r.api, { ...live('GET', r.api, (d) => d.list), config: listConfig }, handle.list);

  app.get<IdParams>(
    `${r.api}/:id`,
    { ...live('GET', `${r.api}/:id`, (d) => d.read), config: { permission: readPermission } },
    handle.read,
  );

  for (const [key, relation] of Object.entries(r.relations ?? {}))
    for (const path of [key, ...(relation.deprecatedKeys ?? [])])
      app.get<IdParams>(
        `${r.api}/:id/${path}`,
        {
          ...live('GET', `${r.api}/:id/${path}`, (d) =>
            d.relation(byName(relation.resource)!, path === key ? undefined : key, relation.whole),
          ),
          config: listConfig,
        },
        async (request) => {
          const viewer = await requestViewer(app, request);
          const id = recordId(request.params.id);
          if (!(await findRecord(app.db, r, id, viewer))) throw notFound();
          const child = byName(relation.resource)!;
          if (relation.whole) {
            const rows = await relationRows(app.db, r, key, id, viewer);
            return { rows, total: rows.length };
          }
          return listRecords(app.db, child, request.query as Rec, viewer, {
            foreignKey: relation.foreignKey,
            id,
            anyValue: relation.anyValue,
          });
        },
      );

  if (hasEngineTimeline(r)) timelineRoute(app, r, docs, readPermission, byName);

  if (mounted.includes('create'))
    app.post(
      r.api,
      { ...live('POST', r.api, (d) => d.create), config: { permission: buttonPermission(r, 'create') } },
      handle.create,
    );

  if (mounted.includes('edit'))
    app.put<IdParams>(
      `${r.api}/:id`,
      { ...live('PUT', `${r.api}/:id`, (d) => d.update), config: { permission: buttonPermission(r, 'edit') } },
      handle.update,
    );

  if (mounted.includes('delete'))
    app.delete<IdParams>(
      `${r.api}/:id`,
      { ...live('DELETE', `${r.api}/:id`, (d) => d.remove), config: { permission: buttonPermission(r, 'delete') } },
      handle.remove,
    );
}
