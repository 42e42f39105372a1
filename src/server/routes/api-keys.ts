import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { apiKeys } from '../../../resources/apiKeys';
import { ApiKeyStatus } from '../../domain/api-key';
import { SYSTEM_FIELDS } from '../../domain/resource';
import { newApiKey } from '../auth/api-keys';
import { idParams, obj, recordOf, routeSchemas, str } from '../contract/route-schemas';
import { conflict, notFound, validationError, type FieldProblem } from '../errors';
import { recordId, requestViewer } from '../engine/crud';
import { engineRouteSchemas } from '../engine/openapi';
import { checkReferences, findRecord, type Rec } from '../engine/records';
import { validateRecord } from '../engine/validate';
import { API_PREFIX } from '../plugins/envelope';
import { audit } from '../workflows/documents';

/** The role a key gets when its creator names none: the cargo owner's (DESIGN 4), a customer's system. */
const DEFAULT_ROLE = 'shipper';

const created = (() => {
  const record = recordOf('apiKeys');
  return obj(
    {
      ...(record.properties as Rec),
      key: str(
        'The key itself, answered this once and never again (only its hash is kept): send it as `Authorization: Bearer <key>`.',
      ),
    },
    ['id', 'key'],
  );
})();

const createSchemas = routeSchemas({
  summary: 'Create API key',
  description: `A key for one organization's system: it calls every operation as that organization's user with the key's role (\`${DEFAULT_ROLE}\` unless named; never a right its creator lacks: 40001 on role). The answer holds the key in \`key\` this once. A key cannot manage keys nor use the web sign-in routes (403).`,
  body: engineRouteSchemas(apiKeys, resourceByName).create.body as Rec,
  answer: created,
});

const revokeSchemas = routeSchemas({
  summary: 'Revoke API key',
  description:
    'The key answers 50008 from the next call on, on every instance. The record stays, revoked, for the audit trail; revoking it again answers 40901.',
  params: idParams,
  answer: recordOf('apiKeys'),
});

/** A body's fields the client may write: the schema's own minus read-only ones; unknown ones stay, to be refused. */
const writable = (body: unknown): Rec => {
  const copy = { ...((body && typeof body === 'object' ? body : {}) as Rec) };
  for (const field of SYSTEM_FIELDS) delete copy[field];
  for (const [field, schema] of Object.entries(apiKeys.schema.properties)) if (schema.readOnly) delete copy[field];
  return copy;
};

/**
 * Creating and revoking keys; the engine lists and reads them (resources/apiKeys.ts). Only people
 * manage keys: every route under the resource's path, the engine's included, refuses a key (403).
 */
export function apiKeyRoutes(app: FastifyInstance) {
  const base = `${API_PREFIX}${apiKeys.api}`;
  app.addHook('onRoute', (route) => {
    if (route.url === base || route.url.startsWith(`${base}/`)) route.config = { ...route.config, sessionOnly: true };
  });

  app.post(apiKeys.api, { ...createSchemas, config: { permission: 'system.apiKeys.create' } }, async (request) => {
    const user = request.user!;
    const viewer = await requestViewer(app, request);
    const input: Rec = { role: DEFAULT_ROLE, ...writable(request.body) };
    const problems = validateRecord(apiKeys.schema, input);
    if (problems.length) throw validationError(problems);
    if (input.expiresAt !== undefined && Date.parse(input.expiresAt as string) <= app.clock().getTime())
      throw validationError([{ field: 'expiresAt', key: 'validation.expiryPast' }]);
    return app.db.transaction(async (tx) => {
      const refProblems: FieldProblem[] = await checkReferences(tx, apiKeys, input, viewer);
      if (!refProblems.some((p) => p.field === 'role') && !(await withinRights(app, input.role as string, user.roles)))
        refProblems.push({ field: 'role', key: 'validation.roleBeyondCreator' });
      if (refProblems.length) throw validationError(refProblems);
      const { key, hash, shown } = newApiKey();
      const [{ id }] = await tx.query<{ id: number }>(
        `INSERT INTO api_keys (name, organization_id, role, expires_at, prefix, key_hash, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [input.name, input.organizationId, input.role, input.expiresAt ?? null, shown, hash, user.id],
      );
      const { name, organizationId, role, expiresAt } = input;
      await audit(tx, {
        userId: user.id,
        entity: apiKeys.name,
        entityId: id,
        action: 'create',
        after: { name, organizationId, role, expiresAt, prefix: shown },
      });
      return { ...(await findRecord(tx, apiKeys, id, viewer)), key };
    });
  });

  app.delete<{ Params: { id: string } }>(
    `${apiKeys.api}/:id`,
    { ...revokeSchemas, config: { permission: 'system.apiKeys.revoke' } },
    async (request) => {
      const id = recordId(request.params.id);
      const viewer = await requestViewer(app, request);
      return app.db.transaction(async (tx) => {
        const current = await findRecord(tx, apiKeys, id, viewer, true);
        if (!current) throw notFound();
        if (current.revokedAt) throw conflict('errors.apiKeyRevoked');
        await tx.query(
          'UPDATE api_keys SET revoked_at = $now, version = version + 1, updated_at = now() WHERE id = $1',
          [id],
        );
        await audit(tx, {
          userId: request.user!.id,
          entity: apiKeys.name,
          entityId: id,
          action: 'revoke',
          before: { status: current.status },
          after: { status: ApiKeyStatus.revoked },
        });
        return findRecord(tx, apiKeys, id, viewer);
      });
    },
  );
}

/** Whether every right of the role is one the creator's roles hold too: a key never has more than its creator. */
async function withinRights(app: FastifyInstance, role: string, creatorRoles: string[]) {
  const held = new Set((await app.policy.resourcesOf(creatorRoles)).map((r) => r.name));
  return (await app.policy.resourcesOf([role])).every((r) => held.has(r.name));
}
