import type { FastifyInstance } from 'fastify';
import { formatPolicyCsv } from '../access/policy-store';
import { rightsBeyond } from '../access/grants';
import { writeRoleRights } from '../access/role-rights';
import { policyDrift, readPolicyFiles } from '../access/policy-files';
import { renamedRights, resourceCatalogue } from '../access/catalogue';
import type { ResourceDef } from '../../domain/resource';
import { declarationsVersion } from '../../../resources/overlay';
import { grantedResources } from '../auth/routes';
import { arrayOf, idParams, int, obj, orNull, routeSchemas, str } from '../contract/route-schemas';
import { documented } from '../engine/openapi';
import { recordId } from '../engine/request';
import { INT4_MAX } from '../engine/sql';
import { notFound, validationError } from '../errors';

const namesBody = obj(
  {
    resources: {
      ...arrayOf(
        { ...str(), maxLength: 100 },
        'Every policy object the role grants from now on; the others are taken away.',
      ),
      maxItems: 2000,
    },
  },
  ['resources'],
);

const organizationsBody = obj(
  {
    organizationIds: {
      ...arrayOf({ ...int(), minimum: 1, maximum: INT4_MAX }, 'Every organization the user manages from now on.'),
      maxItems: 5000,
    },
  },
  ['organizationIds'],
);

const catalogueSchemas = routeSchemas({
  summary: 'Every policy object',
  description:
    'The pages (type 1), their buttons and the data rights (type 3) a role may be granted; a button names the page it belongs to.',
  answer: obj(
    {
      rows: arrayOf(
        obj(
          {
            name: str(),
            type: { ...int(), enum: [1, 3] },
            parent: str('The page of a button; absent for a page or a data right.'),
          },
          ['name', 'type'],
        ),
      ),
      total: int(),
    },
    ['rows', 'total'],
  ),
});

const policySchemas = documented({
  summary: 'The live policy as CSV',
  description:
    'A comment line with the time, then the Casbin lines (`p, role, object, type`; `g, …`) the enforcer holds now, as a download.',
  response: { 200: { description: 'The policy file.', content: { 'text/csv': { schema: str() } } } },
});

const driftLine = obj(
  {
    line: str("The line in the policy files' form: `p, <role>, <object>, <type>`."),
    by: orNull(
      str("Who changed it on the screen (the audit trail's latest such change); null where none is recorded."),
    ),
    at: orNull({ type: 'string', format: 'date-time', description: 'When.' }),
  },
  ['line', 'by', 'at'],
);
const driftSchemas = routeSchemas({
  summary: 'The live policy against the policy files',
  description:
    'What the live policy grants beyond `policies/` (`added`, granted on the screen) and what the files grant that it lacks (`removed`, taken away on the screen), each with who and when. Empty both ways, the files say exactly who may do what. `npm run policy:check` answers the same for a deploy pipeline.',
  answer: obj({ added: arrayOf(driftLine), removed: arrayOf(driftLine) }, ['added', 'removed']),
});

const grantsSchemas = (change: boolean) =>
  routeSchemas({
    summary: change ? "Replace a role's grants" : "A role's grants",
    description: change
      ? "Rewrites the role's policy lines in one transaction, reloads the enforcer and audits before and after. An unknown object answers 40001; an unknown role 40401. The old object of a renamed action (`orders.deliveries.complete`) grants it under its name now (`orders.deliveries.sign`)."
      : 'The policy objects the role grants, its inherited ones included. An unknown role answers 40401.',
    params: idParams,
    ...(change && { body: namesBody, checkedBy: 'schema' as const }),
    answer: obj({ rows: grantedResources }, ['rows']),
  });

const managedOrganization = obj({ id: int(), organizationName: str(), organizationCode: orNull(str()) }, [
  'id',
  'organizationName',
  'organizationCode',
]);

const managedSchemas = routeSchemas({
  summary: 'The organizations a user manages',
  description:
    'Besides their own, whose records the user sees and edits (DESIGN 4). An unknown user answers an empty list.',
  params: idParams,
  answer: obj({ rows: arrayOf(managedOrganization), total: int() }, ['rows', 'total']),
});

const manageSchemas = routeSchemas({
  summary: 'Replace the organizations a user manages',
  description: 'In one transaction, audited. An id that is no organization answers 40001; an unknown user 40401.',
  params: idParams,
  body: organizationsBody,
  checkedBy: 'schema',
  answer: obj({ organizationIds: arrayOf(int(), 'As stored: each once.') }, ['organizationIds']),
});

/**
 * Roles' grants and users' managed organizations: the parts of Permissions that are not plain
 * records. Every grant change rewrites the role's policy lines, reloads the enforcer and leaves an
 * audit row with the before and after (DESIGN 8 C5).
 */
export function permissionRoutes(app: FastifyInstance, resources: ResourceDef[]) {
  // Worked out again when an admin's customization adds a record type and its rights (issue 40).
  let made: { at: number; catalogue: ReturnType<typeof resourceCatalogue>; known: Map<string, number> } | undefined;
  const current = () => {
    if (made?.at !== declarationsVersion()) {
      const catalogue = resourceCatalogue(resources);
      made = { at: declarationsVersion(), catalogue, known: new Map(catalogue.map((e) => [e.name, e.type])) };
    }
    return made;
  };
  const renamed = renamedRights(resources);

  app.get('/system/resources', { config: { permission: 'permissions.roles' }, ...catalogueSchemas }, async () => ({
    rows: current().catalogue,
    total: current().catalogue.length,
  }));

  app.get(
    '/system/roles/policy.csv',
    { config: { permission: 'permissions.roles' }, ...policySchemas },
    async (_request, reply) => {
      const csv = `# live policy exported ${new Date().toISOString()}\n${formatPolicyCsv(await app.policy.lines())}`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="policy.csv"')
        .send(csv);
    },
  );

  app.get('/system/roles/policy/drift', { config: { permission: 'permissions.roles' }, ...driftSchemas }, async () =>
    policyDrift(app.db, readPolicyFiles()),
  );

  const roleName = async (id: string) => {
    const [role] = await app.db.query<{ name: string }>('SELECT name FROM roles WHERE id = $1', [recordId(id)]);
    if (!role) throw notFound();
    return role.name;
  };

  app.get<{ Params: { id: string } }>(
    '/system/roles/:id/resources',
    { config: { permission: 'permissions.roles' }, ...grantsSchemas(false) },
    async (request) => {
      const name = await roleName(request.params.id);
      return { rows: await app.policy.resourcesOf([name]) };
    },
  );

  app.put<{ Params: { id: string }; Body: { resources: string[] } }>(
    '/system/roles/:id/resources',
    { config: { permission: 'permissions.roles.edit' }, ...grantsSchemas(true) },
    async (request) => {
      const body = request.body as { resources: string[] };
      const name = await roleName(request.params.id);
      const { known } = current();
      const wanted = [...new Set(body.resources.map((n) => renamed.get(n) ?? n))];
      const unknown = wanted.filter((n) => !known.has(n));
      if (unknown.length)
        throw validationError([
          { field: 'resources', key: 'errors.unknownField', params: { field: unknown.join(', ') } },
        ]);
      await app.db.transaction((tx) =>
        writeRoleRights(
          tx,
          { id: request.params.id, name },
          request.user!.id,
          async (before) => {
            // Taking a right away is always allowed; adding one, only by someone who holds it (issue 37).
            const beyond = await rightsBeyond(
              app.policy,
              wanted.filter((n) => !before.includes(n)),
              request.user!.roles,
              tx,
            );
            if (beyond.length)
              throw validationError([
                { field: 'resources', key: 'validation.rightsBeyondGranter', params: { rights: beyond.join(', ') } },
              ]);
            return wanted;
          },
          (object) => known.get(object)!,
        ),
      );
      await app.policy.reload();
      return { rows: await app.policy.resourcesOf([name]) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/system/users/:id/organizations',
    { config: { permission: 'permissions.users' }, ...managedSchemas },
    async (request) => {
      const rows = await app.db.query(
        `SELECT o.id, o.organization_name AS "organizationName", o.organization_code AS "organizationCode"
         FROM user_organizations uo JOIN organizations o ON o.id = uo.organization_id
        WHERE uo.user_id = $1 ORDER BY o.organization_name`,
        [recordId(request.params.id)],
      );
      return { rows, total: rows.length };
    },
  );

  app.post<{ Params: { id: string }; Body: { organizationIds: number[] } }>(
    '/system/users/:id/organizations',
    { config: { permission: 'permissions.users.edit' }, ...manageSchemas },
    async (request) => {
      const userId = recordId(request.params.id);
      const ids = [...new Set((request.body as { organizationIds: number[] }).organizationIds)];
      await app.db.transaction(async (tx) => {
        const [user] = await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
        if (!user) throw notFound();
        const [{ n }] = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM organizations WHERE id = ANY($1::int[])',
          [ids],
        );
        if (n !== ids.length) throw validationError([{ field: 'organizationIds', key: 'validation.ref' }]);
        await tx.query('DELETE FROM user_organizations WHERE user_id = $1', [userId]);
        await tx.query('INSERT INTO user_organizations(user_id, organization_id) SELECT $1, unnest($2::int[])', [
          userId,
          ids,
        ]);
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
