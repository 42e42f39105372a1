import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BillStatus } from '../../domain/finance/codes';
import { DeliveryStatus, OrderStatus } from '../../domain/order-flow';
import { addDays } from '../../domain/finance/pricing';
import { DocStatus } from '../../domain/stock-flow';
import { localDay } from '../../domain/time-zone';
import { int, obj, routeSchemas, str, type Json } from '../contract/route-schemas';
import { viewerOf } from '../engine/scope';
import { cargoDashboard, cargoDashboardSchema } from '../reports/cargo';
import { staffDashboard, staffDashboardSchema } from '../reports/dashboard';
import { INVENTORY_GROUPS, inventoryReport, inventoryReportSchema } from '../reports/inventory';
import { readParams } from '../reports/params';
import { SHIPMENT_GROUPS, shipmentReport, shipmentReportSchema } from '../reports/shipments';
import { viewerZone } from '../reports/viewer-zone';
import { day } from '../contract/route-schemas';
import { idFilter } from '../reports/words';

/** What the cargo owner's figures count, of their own organization alone. */
const ownFigures: Record<string, Json> = {
  products: int(),
  shipments: int(),
  shipmentsAtSea: int('Departed (ATD) and not yet arrived (ATA).'),
  inboundsAwaiting: int('Submitted, waiting for the warehouse.'),
  outboundsAwaiting: int('Submitted, waiting for the warehouse.'),
  ordersAwaitingReview: int(),
  deliveriesInTransit: int(),
  billsUnpaid: int('Issued and not yet paid.'),
  stockPieces: int('Pieces on hand.'),
  stockPallets: int('Pallets on hand.'),
};

const staffFigures: Record<string, Json> = {
  organizations: int(
    "The organizations counted: all with the right data.allOrganizations, else the user's own and managed ones.",
  ),
  ...ownFigures,
  countries: int(),
  ports: int(),
  activePorts: int(),
  users: int(),
};

const countsSchemas = routeSchemas({
  summary: "The staff dashboard's figures",
  description:
    'Counts over the organizations the user sees (all of them with the right data.allOrganizations); countries, ports and users are counted whole.',
  answer: obj(staffFigures, Object.keys(staffFigures)),
});

/** No organization has this id: its dashboard is empty. */
const NO_ORGANIZATION = 0;

/** Whose cargo dashboard: the user's own, or for staff one they name. */
const cargoQuery = obj({
  organizationId: idFilter(
    "The organization shown, for staff: one the user sees (any with data.allOrganizations); one they do not see shows nothing. Default: the user's own.",
  ),
});

const cargoSchemas = routeSchemas({
  summary: "The cargo owner's figures",
  description: "The staff figures of one organization alone: the user's own, or for staff the one named.",
  querystring: cargoQuery,
  answer: obj(ownFigures, Object.keys(ownFigures)),
});

const period = (what: string) => ({
  from: day(`The first day of ${what}.`),
  to: day(`The last day of ${what}.`),
});

const inventoryQuery = obj({
  organizationId: idFilter("Only this organization's stock."),
  warehouseId: idFilter('Only this warehouse.'),
  skuId: idFilter('Only this SKU.'),
  ...period(
    "the movements counted; when not sent, the 30 days up to today in the viewer's time zone (header X-Time-Zone, an IANA name; else the business's)",
  ),
  groupBy: {
    ...str('A row per SKU (in each warehouse and organization), per warehouse or per organization.'),
    enum: [...INVENTORY_GROUPS],
    default: 'sku',
  },
  pageIndex: { ...int(), minimum: 1, default: 1 },
  pageSize: { ...int(), minimum: 1, maximum: 1000, default: 20 },
});

const shipmentQuery = obj({
  organizationId: idFilter("Only this customer's shipments."),
  originCountryId: idFilter('Only from this country.'),
  destinationCountryId: idFilter('Only to this country.'),
  shipmentType: idFilter('Only this shipment type.'),
  carrierId: idFilter('Only with this carrier.'),
  ...period('the departures (ETD) counted; open-ended when not sent'),
  groupBy: {
    ...str('A row per month of departure, customer, origin or destination country, shipment type or carrier.'),
    enum: [...SHIPMENT_GROUPS],
    default: 'month',
  },
});

/** Reports refuse what they do not know: each query field at fault is named in one 40001. */
const reportRefusals = 'An unknown field, a bad id or date or an unknown grouping answers 40001 naming each.';
/** The handlers read their query by readParams, which names each of those in the one 40001. */
const readsOwnQuery = { queryCheckedByHandler: true };

const dashboardSchemas = routeSchemas({
  summary: "The staff dashboard's charts",
  description: 'Over the organizations the user sees: stock by warehouse, 30 days of movements and the top customers.',
  answer: staffDashboardSchema,
});

const cargoDashboardSchemas = routeSchemas({
  summary: "The cargo owner's dashboard lists",
  description:
    "Of one organization alone (the user's own, or for staff the one named): stock, shipments at sea, orders by state, unpaid bills and 30 days of movements.",
  querystring: cargoQuery,
  answer: cargoDashboardSchema,
});

const inventorySchemas = routeSchemas({
  summary: 'The inventory report',
  description: `Stock on hand, reserved, value and ageing, with the movements of a period: a page of rows and the totals per currency. ${reportRefusals}`,
  querystring: inventoryQuery,
  answer: inventoryReportSchema,
});

const shipmentsSchemas = routeSchemas({
  summary: 'The shipment report',
  description: `Shipments departed in a period, grouped: their containers, volume, weight and on-time arrivals, with the totals. ${reportRefusals}`,
  querystring: shipmentQuery,
  answer: shipmentReportSchema,
});

/**
 * Live figures for the two dashboards and the two reports, read from a replica where one serves
 * the caller's position (app.laggingReads). The staff figures count what the
 * user's organizations hold (all of them with data.allOrganizations); the cargo owner's only their own, and a
 * shipper's reports are scoped the same way, so they show their own data alone (DESIGN 8).
 */
export function statisticsRoutes(app: FastifyInstance) {
  const viewer = (request: FastifyRequest) => viewerOf(app.db, app.policy, request.user!);

  const figures = async (organizationIds: number[] | null) => {
    const [row] = await app.laggingReads().query<Record<string, number>>(
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

  app.get('/statistics/counts', { config: { permission: 'dashboard' }, ...countsSchemas }, async (request) => {
    const v = await viewer(request);
    return figures(v.all ? null : v.organizationIds);
  });

  app.get('/statistics/dashboard', { config: { permission: 'dashboard' }, ...dashboardSchemas }, async (request) =>
    staffDashboard(app.laggingReads(), await viewer(request), viewerZone(request)),
  );

  /**
   * The organization a cargo dashboard shows: by default the user's own; staff, admins among them
   * (DESIGN 4), name one. One the user does not see shows nothing, as the reports' organization
   * filter does, so the answer tells nothing of it.
   */
  const cargoOrganization = async (request: FastifyRequest) => {
    const { ints } = readParams(request.query as Record<string, unknown>, { ints: ['organizationId'] });
    const own = request.user!.organizationId ?? NO_ORGANIZATION;
    if (!ints.organizationId) return own;
    const v = await viewer(request);
    return v.all || v.organizationIds.includes(ints.organizationId) ? ints.organizationId : NO_ORGANIZATION;
  };

  app.get(
    '/statistics/cargo',
    { config: { permission: 'cargo.dashboard', ...readsOwnQuery }, ...cargoSchemas },
    async (request) => {
      const {
        users: _users,
        countries: _c,
        ports: _p,
        activePorts: _a,
        organizations: _o,
        ...own
      } = await figures([await cargoOrganization(request)]);
      return own;
    },
  );

  app.get(
    '/statistics/cargo/dashboard',
    { config: { permission: 'cargo.dashboard', ...readsOwnQuery }, ...cargoDashboardSchemas },
    async (request) => cargoDashboard(app.laggingReads(), await cargoOrganization(request), viewerZone(request)),
  );

  app.get(
    '/statistics/inventory',
    { config: { permission: 'reports.inventory', ...readsOwnQuery }, ...inventorySchemas },
    async (request) => {
      const { ints, dates, choices, page } = readParams(request.query as Record<string, unknown>, {
        ints: ['organizationId', 'warehouseId', 'skuId'],
        dates: ['from', 'to'],
        choices: { groupBy: INVENTORY_GROUPS },
        paging: true,
      });
      const today = localDay(app.clock(), viewerZone(request));
      const monthAgo = addDays(today, -30);
      return inventoryReport(app.laggingReads(), await viewer(request), {
        ...ints,
        from: dates.from ?? monthAgo,
        to: dates.to ?? today,
        groupBy: choices.groupBy ?? 'sku',
        page,
      });
    },
  );

  app.get(
    '/statistics/shipments',
    { config: { permission: 'reports.shipment', ...readsOwnQuery }, ...shipmentsSchemas },
    async (request) => {
      const { ints, dates, choices } = readParams(request.query as Record<string, unknown>, {
        ints: ['organizationId', 'originCountryId', 'destinationCountryId', 'shipmentType', 'carrierId'],
        dates: ['from', 'to'],
        choices: { groupBy: SHIPMENT_GROUPS },
      });
      return shipmentReport(
        app.laggingReads(),
        await viewer(request),
        { ...ints, ...dates, groupBy: choices.groupBy ?? 'month' },
        request.lang === 'zh',
      );
    },
  );
}
