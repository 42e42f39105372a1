import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { requestViewer } from '../engine/request';
import { scopeCondition } from '../engine/scope';
import { badRequest } from '../errors';
import { arrayOf, int, obj, orNull, routeSchemas, str } from '../contract/route-schemas';
import { cartRoutes } from './order-cart';
import { deliveryRoutes } from './deliveries';
import { orderDraftRoutes } from './order-drafts';

/** The catalogue's categories: those with something available to the viewer, and how many SKUs each. */
function categoryRoutes(app: FastifyInstance) {
  const schemas = routeSchemas({
    summary: 'Catalogue categories with something available',
    description:
      "The categories of the SKUs the viewer may order (on hand above reserved and held, in the viewer's scope), with how many inventory rows each has.",
    querystring: obj({
      organizationId: {
        type: 'integer',
        minimum: 0,
        maximum: 999999999,
        description: 'Only the stock of this organization.',
      },
    }),
    answer: obj(
      {
        rows: arrayOf(
          obj(
            {
              id: int(),
              name: str(),
              nameEn: orNull(str()),
              count: int('Inventory rows (SKU x warehouse) with something available.'),
            },
            ['id', 'name', 'nameEn', 'count'],
          ),
        ),
        total: int(),
      },
      ['rows', 'total'],
    ),
  });
  app.get('/orders/categories', { config: { permission: 'orders.products' }, ...schemas }, async (request) => {
    const params: unknown[] = [];
    const bind = (v: unknown) => `$${params.push(v)}`;
    const conditions = ['i.pieces > i.reserved + i.held'];
    const scope = scopeCondition(resourceByName('inventory')!, await requestViewer(app, request), 'i', bind);
    if (scope) conditions.push(scope);
    const organizationId = (request.query as Record<string, unknown>).organizationId;
    if (organizationId !== undefined) {
      if (!/^\d{1,9}$/.test(String(organizationId))) throw badRequest('validation.integer', {}, 'organizationId');
      conditions.push(`i.organization_id = ${bind(Number(organizationId))}`);
    }
    const rows = await app.db.query(
      `SELECT c.id, c.name, c.name_en AS "nameEn", count(*)::int AS count
         FROM inventory i JOIN products p ON p.id = i.product_id JOIN product_categories c ON c.id = p.category_id
        WHERE ${conditions.join(' AND ')} GROUP BY c.id, c.name, c.name_en, c.display_order ORDER BY c.display_order, c.name`,
      params,
    );
    return { rows, total: rows.length };
  });
}

/**
 * The mall (SPEC 2 /orders, DESIGN 5 and 8): catalogue categories, cart and checkout, orders, the
 * creation of deliveries. The orders' and deliveries' actions are their declared state machines'.
 */
export function orderRoutes(app: FastifyInstance) {
  categoryRoutes(app);
  cartRoutes(app);
  orderDraftRoutes(app);
  deliveryRoutes(app);
}
