import type { FastifyInstance } from 'fastify';
import { formatPolicyCsv } from '../access/policy-store';
import { resourceCatalogue } from '../access/catalogue';
import { recordId } from '../engine/crud';
import { notFound, validationError } from '../errors';

const namesBody = {
  type: 'object',
  required: ['resources'],
  additionalProperties: false,
  properties: { resources: { type: 'array', maxItems: 2000, items: { type: 'string', maxLength: 100 } } },
} as const;

/**
 * Roles' grants and users' managed organizations: the parts of Permissions that are not plain
 * records. Every grant change rewrites the role's policy lines, reloads the enforcer and leaves an
 * audit row with the before and after (DESIGN 8 C5).
 */
export function permissionRoutes(app: FastifyInstance) {
  const catalogue = resourceCatalogue();
  const known = new Map(catalogue.map((e) => [e.name, e.type]));

  app.get('/system/resources', { config: { permission: 'permissions.roles' } }, async () => ({ rows: catalogue, total: catalogue.length }));

  app.get('/system/roles/policy.csv', { config: { permission: 'permissions.roles' } }, async (_request, reply) => {
    const csv = `# live policy exported ${new Date().toISOString()}\n${formatPolicyCsv(await app.policy.lines())}`;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="policy.csv"').send(csv);
  });

  const roleName = async (id: string) => {
    const [role] = await app.db.query<{ name: string }>('SELECT name FROM roles WHERE id = $1', [recordId(id)]);
    if (!role) throw notFound();
    return role.name;
  };

  app.get<{ Params: { id: string } }>('/system/roles/:id/resources', { config: { permission: 'permissions.roles' } }, async (request) => {
    const name = await roleName(request.params.id);
    return { rows: await app.policy.resourcesOf([name]) };
  });

  app.put<{ Params: { id: string }; Body: { resources: string[] } }>(
    '/system/roles/:id/resources',
    { config: { permission: 'permissions.roles.edit' }, schema: { body: namesBody } },
    async (request) => {
      const name = await roleName(request.params.id);
      const wanted = [...new Set(request.body.resources)];
      const unknown = wanted.filter((n) => !known.has(n));
      if (unknown.length) throw validationError([{ field: 'resources', key: 'errors.unknownField', params: { field: unknown.join(', ') } }]);
      await app.db.transaction(async (tx) => {
        const before = await tx.query<{ v1: string }>("SELECT v1 FROM casbin_rule WHERE ptype = 'p' AND v0 = $1 ORDER BY id FOR UPDATE", [name]);
        await tx.query("DELETE FROM casbin_rule WHERE ptype = 'p' AND v0 = $1", [name]);
        for (const object of wanted)
          await tx.query("INSERT INTO casbin_rule(ptype, v0, v1, v2) VALUES ('p', $1, $2, $3)", [name, object, String(known.get(object))]);
        await tx.query('INSERT INTO audit_log(user_id, entity, entity_id, action, before, after) VALUES ($1, $2, $3, $4, $5, $6)', [
          request.user!.id,
          'roles',
          request.params.id,
          'grant',
          JSON.stringify(before.map((b) => b.v1)),
          JSON.stringify(wanted),
        ]);
      });
      await app.policy.reload();
      return { rows: await app.policy.resourcesOf([name]) };
    },
  );

  app.get<{ Params: { id: string } }>('/system/users/:id/organizations', { config: { permission: 'permissions.users' } }, async (request) => {
    const rows = await app.db.query(
      `SELECT o.id, o.organization_name AS "organizationName", o.organization_code AS "organizationCode"
         FROM user_organizations uo JOIN organizations o ON o.id = uo.organization_id
        WHERE uo.user_id = $1 ORDER BY o.organization_name`,
      [recordId(request.params.id)],
    );
    return { rows, total: rows.length };
  });

  app.post<{ Params: { id: string }; Body: { organizationIds: number[] } }>(
    '/system/users/:id/organizations',
    {
      config: { permission: 'permissions.users.edit' },
      schema: { body: { type: 'object', required: ['organizationIds'], properties: { organizationIds: { type: 'array', maxItems: 5000, items: { type: 'integer' } } } } },
    },
    async (request) => {
      const userId = recordId(request.params.id);
      const ids = [...new Set(request.body.organizationIds)];
      await app.db.transaction(async (tx) => {
        const [user] = await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
        if (!user) throw notFound();
        const [{ n }] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM organizations WHERE id = ANY($1::int[])', [ids]);
        if (n !== ids.length) throw validationError([{ field: 'organizationIds', key: 'validation.ref' }]);
        await tx.query('DELETE FROM user_organizations WHERE user_id = $1', [userId]);
        await tx.query('INSERT INTO user_organizations(user_id, organization_id) SELECT $1, unnest($2::int[])', [userId, ids]);
        await tx.query('INSERT INTO audit_log(user_id, entity, entity_id, action, after) VALUES ($1, $2, $3, $4, $5)', [
          request.user!.id,
          'users',
          String(userId),
          'organizations',
          JSON.stringify(ids),
        ]);
      });
      return { organizationIds: ids };
    },
  );
}
