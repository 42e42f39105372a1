import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BillStatus } from '../../domain/finance/codes';
import { DeliveryStatus, OrderStatus } from '../../domain/order-flow';
import { DocStatus } from '../../domain/stock-flow';
import { viewerOf } from '../engine/scope';
import { cargoDashboard } from '../reports/cargo';
import { staffDashboard } from '../reports/dashboard';
import { INVENTORY_GROUPS, inventoryReport } from '../reports/inventory';
import { readParams } from '../reports/params';
import { SHIPMENT_GROUPS, shipmentReport } from '../reports/shipments';

/**
 * Live figures for the two dashboards and the two reports. The staff figures count what the
 * user's organizations hold (all of them for an admin); the cargo owner's only their own, and a
 * shipper's reports are scoped the same way, so they show their own data alone (DESIGN 8).
 */
export function statisticsRoutes(app: FastifyInstance) {
  const viewer = (request: FastifyRequest) => viewerOf(app.db, request.user!);

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
        (SELECT count(*)::int FROM orders WHERE organization_id IN (SELECT id FROM orgs) AND status = $3) AS "ordersAwaitingReview",
        (SELECT count(*)::int FROM deliveries WHERE organization_id IN (SELECT id FROM orgs) AND status = $4) AS "deliveriesInTransit",
        (SELECT count(*)::int FROM bills WHERE organization_id IN (SELECT id FROM orgs) AND status = $5) AS "billsUnpaid",
        (SELECT coalesce(sum(pieces), 0)::int FROM inventory WHERE organization_id IN (SELECT id FROM orgs)) AS "stockPieces",
        (SELECT coalesce(sum(pallets), 0)::int FROM inventory WHERE organization_id IN (SELECT id FROM orgs)) AS "stockPallets",
        (SELECT count(*)::int FROM countries) AS countries,
        (SELECT count(*)::int FROM ports) AS ports,
        (SELECT count(*)::int FROM ports WHERE status = 1) AS "activePorts",
        (SELECT count(*)::int FROM users) AS users`,
      [organizationIds, DocStatus.awaiting, OrderStatus.awaitingReview, DeliveryStatus.inTransit, BillStatus.issued],
    );
    return row;
  };

  app.get('/statistics/counts', { config: { permission: 'dashboard' } }, async (request) => {
    const v = await viewer(request);
    return figures(v.all ? null : v.organizationIds);
  });

  app.get('/statistics/dashboard', { config: { permission: 'dashboard' } }, async (request) =>
    staffDashboard(app.db, await viewer(request)));

  app.get('/statistics/cargo', { config: { permission: 'cargo.dashboard' } }, async (request) => {
    const { users: _users, countries: _c, ports: _p, activePorts: _a, organizations: _o, ...own } = await figures([request.user!.organizationId ?? 0]);
    return own;
  });

  app.get('/statistics/cargo/dashboard', { config: { permission: 'cargo.dashboard' } }, async (request) =>
    cargoDashboard(app.db, request.user!.organizationId ?? 0));

  app.get('/statistics/inventory', { config: { permission: 'reports.inventory' } }, async (request) => {
    const { ints, dates, choices, page } = readParams(request.query as Record<string, unknown>, {
      ints: ['organizationId', 'warehouseId', 'skuId'],
      dates: ['from', 'to'],
      choices: { groupBy: INVENTORY_GROUPS },
      paging: true,
    });
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    return inventoryReport(app.db, await viewer(request), {
      ...ints,
      from: dates.from ?? monthAgo,
      to: dates.to ?? today,
      groupBy: choices.groupBy ?? 'sku',
      page,
    });
  });

  app.get('/statistics/shipments', { config: { permission: 'reports.shipment' } }, async (request) => {
    const { ints, dates, choices } = readParams(request.query as Record<string, unknown>, {
      ints: ['organizationId', 'originCountryId', 'destinationCountryId', 'shipmentType', 'carrierId'],
      dates: ['from', 'to'],
      choices: { groupBy: SHIPMENT_GROUPS },
    });
    return shipmentReport(app.db, await viewer(request), { ...ints, ...dates, groupBy: choices.groupBy ?? 'month' }, request.lang === 'zh');
  });
}
