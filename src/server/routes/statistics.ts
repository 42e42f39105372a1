import type { FastifyInstance } from 'fastify';
import { DocStatus } from '../../domain/stock-flow';

/**
 * Live figures for the two dashboards. The staff one counts what the user's organizations hold
 * (all of them for an admin); the cargo owner's counts only their own organization.
 */
export function statisticsRoutes(app: FastifyInstance) {
  const figures = async (organizationIds: number[] | null) => {
    const [row] = await app.db.query<Record<string, number>>(
      `WITH orgs AS (SELECT id FROM organizations WHERE $1::int[] IS NULL OR id = ANY($1::int[]))
       SELECT
        (SELECT count(*)::int FROM orgs) AS organizations,
        (SELECT count(*)::int FROM products WHERE organization_id IN (SELECT id FROM orgs)) AS products,
        (SELECT count(*)::int FROM shipments WHERE organization_id IN (SELECT id FROM orgs)) AS shipments,
        (SELECT count(*)::int FROM shipments WHERE organization_id IN (SELECT id FROM orgs) AND atd IS NOT NULL AND ata IS NULL) AS "shipmentsAtSea",
        (SELECT count(*)::int FROM inbounds WHERE organization_id IN (SELECT id FROM orgs) AND status = $2) AS "inboundsAwaiting",
        (SELECT count(*)::int FROM outbounds WHERE organization_id IN (SELECT id FROM orgs) AND status = $2) AS "outboundsAwaiting",
        (SELECT coalesce(sum(pieces), 0)::int FROM inventory WHERE organization_id IN (SELECT id FROM orgs)) AS "stockPieces",
        (SELECT coalesce(sum(pallets), 0)::int FROM inventory WHERE organization_id IN (SELECT id FROM orgs)) AS "stockPallets",
        (SELECT count(*)::int FROM countries) AS countries,
        (SELECT count(*)::int FROM ports) AS ports,
        (SELECT count(*)::int FROM ports WHERE status = 1) AS "activePorts",
        (SELECT count(*)::int FROM users) AS users`,
      [organizationIds, DocStatus.awaiting],
    );
    return row;
  };

  app.get('/statistics/counts', { config: { permission: 'dashboard' } }, async (request) => {
    const user = request.user!;
    if (user.roles.includes('admin')) return figures(null);
    const managed = await app.db.query<{ organization_id: number }>('SELECT organization_id FROM user_organizations WHERE user_id = $1', [user.id]);
    return figures(managed.map((m) => m.organization_id).concat(user.organizationId ?? []));
  });

  app.get('/statistics/cargo', { config: { permission: 'cargo.dashboard' } }, async (request) => {
    const { users: _users, countries: _c, ports: _p, activePorts: _a, organizations: _o, ...own } = await figures([request.user!.organizationId ?? 0]);
    return own;
  });
}
