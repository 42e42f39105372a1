import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resources } from '../../../resources/index';
import { buttonPermission } from '../../domain/resource';
import { missingLabels, type Overlay } from '../../domain/customization';
import { arrayOf, int, obj, orNull, routeSchemas, str, type Json } from '../contract/route-schemas';
import type { Queryable } from '../db/types';
import { writeRoleRights } from '../access/role-rights';
import { resourceCatalogue, type CatalogueEntry } from '../access/catalogue';
import { addedResource } from '../../../resources/overlay';
import { validationError, notFound, type FieldProblem } from '../errors';
import { recordId } from '../engine/request';
import { documented } from '../engine/openapi';
import { CUSTOMIZATIONS } from '../live/visibility';
import { exportCustomizations } from './export';
import { planCustomization, type CustomizationPlan, type CustomizationRequest } from './plan';
import { VERSIONS_TABLE, type Customizations } from './registry';

const RIGHT = 'config.customize';
const open = (schema: Json): Json => ({ ...schema, additionalProperties: true });
/** Any fixed number: one customization is applied at a time, each over the one before it. */
const APPLY_LOCK = 7_310_040;

const change = obj({
  op: str('addField, addResource, relabelField, removeField, restoreField, addValue, retireValue'),
});
const body = obj(
  {
    resource: str('The resource changed, or the record type added (its name: camelCase, kept for ever).'),
    reason: str('Why: kept with the version and in the audit trail.'),
    changes: arrayOf(change),
  },
  ['resource', 'changes'],
);
const problem = obj({ field: orNull(str()), key: str(), message: str() }, ['field', 'key', 'message']);
const planAnswer = obj(
  {
    sql: arrayOf(
      str(),
      'The statements apply runs, in order; indexes last, built without locking writes out on PostgreSQL.',
    ),
    rowsAffected: int('Rows of the table the change gives a column to.'),
    estimateMs: int(),
    problems: arrayOf(problem, 'Empty when apply would succeed.'),
    missingLabels: arrayOf(obj({ field: str(), language: str() }, ['field', 'language'])),
  },
  ['sql', 'rowsAffected', 'estimateMs', 'problems', 'missingLabels'],
);
const version = obj(
  {
    id: int(),
    resource: str(),
    reason: str(),
    changes: arrayOf(open(obj({}))),
    createdBy: orNull(int()),
    createdAt: str(),
  },
  ['id', 'resource', 'reason', 'changes', 'createdBy', 'createdAt'],
);

const readRequest = (request: FastifyRequest): CustomizationRequest => {
  const b = (request.body ?? {}) as Partial<CustomizationRequest>;
  return { resource: String(b.resource ?? ''), reason: String(b.reason ?? '').trim(), changes: b.changes ?? [] };
};

const latest = async (q: Queryable) =>
  (await q.query<{ overlay: Overlay }>(`SELECT overlay FROM ${VERSIONS_TABLE} ORDER BY id DESC LIMIT 1`))[0]?.overlay ??
  {};

/**
 * System -> Customize (issue 40): an admin's fields, value lists and record types, previewed and
 * applied without a restart, each apply a version that can be returned to, the whole exported as
 * the diff a developer would have written.
 */
export function customizationRoutes(app: FastifyInstance, customizations: Customizations) {
  const postgres = app.db.kind === 'postgres';
  const translated = (request: FastifyRequest, plan: CustomizationPlan) =>
    plan.problems.map((p) => ({
      field: p.field ?? null,
      key: p.key,
      message: request.t(`customize.problems.${p.key}`, p.params),
    }));
  const answer = (request: FastifyRequest, plan: CustomizationPlan, changes: CustomizationRequest['changes']) => ({
    sql: [...plan.statements, ...plan.indexes],
    rowsAffected: plan.rowsAffected,
    estimateMs: plan.estimateMs,
    problems: translated(request, plan),
    missingLabels: plan.problems.length ? [] : missingLabels(changes),
  });

  app.get(
    '/system/customizations',
    {
      ...routeSchemas({
        summary: 'Customizations in force',
        description:
          'The overlay every screen installs over the shipped declarations, its version, and the entries an upgrade set aside.',
        answer: obj({ version: int(), overlay: open(obj({})), conflicts: arrayOf(open(obj({}))) }, [
          'version',
          'overlay',
          'conflicts',
        ]),
      }),
    },
    async () => ({
      version: customizations.version,
      overlay: customizations.overlay,
      conflicts: customizations.conflicts,
    }),
  );

  app.post(
    '/system/customizations/preview',
    {
      ...routeSchemas({ summary: 'Preview a customization', body, answer: planAnswer }),
      config: { permission: RIGHT },
    },
    async (request) => {
      const wanted = readRequest(request);
      return answer(request, await planCustomization(app.db, customizations.overlay, wanted, postgres), wanted.changes);
    },
  );

  app.post(
    '/system/customizations',
    {
      ...routeSchemas({
        summary: 'Apply a customization',
        description:
          'In one transaction: the columns and tables, the new version and its audit row. Every instance serves the new shape within a second; 40001 with the problems a preview shows, changing nothing.',
        body,
        answer: version,
      }),
      config: { permission: RIGHT },
    },
    async (request) => {
      const wanted = readRequest(request);
      if (!wanted.reason) throw validationError([{ field: 'reason', key: 'validation.required' }]);
      const { plan, row } = await app.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [APPLY_LOCK]);
        const planned = await planCustomization(tx, await latest(tx), wanted, postgres);
        if (planned.problems.length) throw refusal(planned);
        for (const sql of planned.statements) await tx.query(sql);
        if (!postgres) for (const sql of planned.indexes) await tx.query(sql);
        const [made] = await tx.query<Json & { id: number }>(
          `INSERT INTO ${VERSIONS_TABLE} (resource, reason, changes, overlay, created_by)
           VALUES ($1, $2, $3, $4, $5)
           RETURNING id, resource, reason, changes, created_by AS "createdBy", created_at AS "createdAt"`,
          [
            wanted.resource,
            wanted.reason,
            JSON.stringify(wanted.changes),
            JSON.stringify(planned.overlay),
            request.user!.id,
          ],
        );
        const rights = newRights(wanted, planned.overlay);
        if (rights.length) await grantAdmin(tx, rights, request.user!.id);
        await audited(tx, request.user!.id, made.id, 'apply', {
          resource: wanted.resource,
          reason: wanted.reason,
          changes: wanted.changes,
        });
        return { plan: planned, row: made };
      });
      // Built after the commit, as PostgreSQL builds an index without locking writes out only outside a transaction.
      if (postgres) for (const sql of plan.indexes) await app.db.query(sql);
      await customizations.load();
      await announce(app.db, row.id, request.user!.id, 'apply');
      return row;
    },
  );

  app.get(
    '/system/customizations/versions',
    {
      ...routeSchemas({ summary: 'Customization versions', description: 'Newest first.', answer: arrayOf(version) }),
      config: { permission: RIGHT },
    },
    async () =>
      app.db.query(
        `SELECT id, resource, reason, changes, created_by AS "createdBy", created_at AS "createdAt"
           FROM ${VERSIONS_TABLE} ORDER BY id DESC LIMIT 500`,
      ),
  );

  app.post<{ Params: { id: string } }>(
    '/system/customizations/versions/:id/restore',
    {
      ...routeSchemas({
        summary: 'Return to a customization version',
        description:
          'A new version holding the overlay of an earlier one. Columns are never dropped: fields added since are hidden with their data kept, and come back with a later version.',
        params: obj({ id: str() }, ['id']),
        body: obj({ reason: str() }, ['reason']),
        answer: version,
      }),
      config: { permission: RIGHT },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const reason = String((request.body as { reason?: string } | undefined)?.reason ?? '').trim();
      if (!reason) throw validationError([{ field: 'reason', key: 'validation.required' }]);
      const row = await app.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [APPLY_LOCK]);
        const [earlier] = await tx.query<{ resource: string; overlay: Overlay }>(
          `SELECT resource, overlay FROM ${VERSIONS_TABLE} WHERE id = $1`,
          [id],
        );
        if (!earlier) throw notFound();
        const changes = [{ op: 'restoreVersion', version: id }];
        const [made] = await tx.query<Json & { id: number }>(
          `INSERT INTO ${VERSIONS_TABLE} (resource, reason, changes, overlay, created_by)
           VALUES ($1, $2, $3, $4, $5)
           RETURNING id, resource, reason, changes, created_by AS "createdBy", created_at AS "createdAt"`,
          [earlier.resource, reason, JSON.stringify(changes), JSON.stringify(earlier.overlay), request.user!.id],
        );
        await audited(tx, request.user!.id, made.id, 'restore', { version: id, reason });
        return made;
      });
      await customizations.load();
      await announce(app.db, row.id, request.user!.id, 'restore');
      return row;
    },
  );

  app.get(
    '/system/customizations/export',
    {
      ...documented({
        summary: 'Customizations as a diff',
        description:
          'The whole overlay as the change a developer would have made by hand: a unified diff of schemas/, locales/, resources/ and policies/ that `git apply` takes on the source tree.',
        response: { 200: { description: 'The diff.', content: { 'text/x-diff': { schema: str() } } } },
      }),
      config: { permission: RIGHT },
    },
    async (_request, reply) => {
      reply.header('content-type', 'text/x-diff; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="customizations.diff"');
      return reply.send(await exportCustomizations(customizations.overlay));
    },
  );
}

/**
 * An added record type's rights go to admin at once, as the role editor grants them (its audit
 * row names who): until the export is committed they are the policy's drift, and the export
 * carries them into policies/policy.csv.
 */
async function grantAdmin(tx: Queryable, rights: CatalogueEntry[], userId: number) {
  const [role] = await tx.query<{ id: number; name: string }>("SELECT id, name FROM roles WHERE name = 'admin'");
  if (!role) return;
  const types = new Map(rights.map((e) => [e.name, e.type]));
  await writeRoleRights(
    tx,
    role,
    userId,
    (before) => [...before, ...types.keys()],
    (object) => types.get(object)!,
  );
}

/** The version's audit row, written in the transaction that applies it. */
const audited = (tx: Queryable, userId: number, id: number, action: string, after: object) =>
  tx.query('INSERT INTO audit_log(user_id, entity, entity_id, action, after) VALUES ($1, $2, $3, $4, $5)', [
    userId,
    CUSTOMIZATIONS,
    String(id),
    action,
    JSON.stringify(after),
  ]);

/**
 * Tells open screens (the live stream) of a new version once this instance serves it and its
 * rights decide here: told from the applying transaction, a screen asked for its rights before the
 * policy had them. Other instances install it from the table's own notification; a tab that missed
 * this event takes the version when next focused.
 */
const announce = (db: Queryable, id: number, userId: number, action: string) =>
  db.query(
    `INSERT INTO outbox(type, organization_id, resource, record_id, user_id, payload, created_at)
     VALUES ($1, NULL, $2, $3, $4, $5, $now)`,
    [`customization.${action}`, CUSTOMIZATIONS, String(id), userId, JSON.stringify({ version: id })],
  );

/**
 * The rights a request brings, typed as the role tree types them (resourceCatalogue): an added
 * record type's page and buttons as its declaration in `next` makes them, an added action's button.
 */
const newRights = ({ resource, changes }: CustomizationRequest, next: Overlay): CatalogueEntry[] => {
  const r = resources.find((d) => d.name === resource);
  return changes.flatMap((c): CatalogueEntry[] => {
    if (c.op === 'addResource') {
      const def = addedResource(resource, next[resource]!);
      return resourceCatalogue([def]).filter((e) => e.name === def.permission || e.parent === def.permission);
    }
    return c.op === 'addAction' && r ? [{ name: buttonPermission(r, c.name), type: 3 }] : [];
  });
};

const refusal = (plan: CustomizationPlan) => {
  const errors: FieldProblem[] = plan.problems.map((p) => ({
    field: p.field ?? 'changes',
    key: `customize.problems.${p.key}`,
    params: p.params,
  }));
  return validationError(errors);
};
