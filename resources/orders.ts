import type { EntitySchema } from '../src/domain/resource';
import { ORDER_EDITABLE, OrderStatus, orderMachine } from '../src/domain/order-flow';
import schema from '../schemas/orders.json';
import { resource } from './names';

/** Mall orders (SPEC 2 /orders): list and detail are generated; checkout and review are the workflow. */
export const orders = resource({
  name: 'orders',
  area: 'orders',
  schema: schema as EntitySchema,
  routes: { list: 'list', create: 'addOrder', edit: 'editOrder/:id' },
  menu: { icon: 'ProfileOutlined', order: 3 },
  search: ['orderNo', 'remarks'],
  // What fits 1440 px beside the row buttons; the delivery type and the creator stay in the column picker.
  columns: ['orderNo', 'status', 'organizationId', 'warehouseId', 'pieces', 'amount', 'createdAt'],
  sort: '-id',
  label: 'orderNo',
  actions: ['create', 'edit', 'export'],
  workflow: {
    // The mall-order import: staff bring a shop's orders from a spreadsheet.
    actions: ['import'],
    replaces: ['create', 'edit'],
    editableWhile: { field: 'status', values: ORDER_EDITABLE },
    timeline: { with: ['deliveries', 'returns'] },
    machine: orderMachine,
  },
  tenant: 'organizationId',
  // The time and amount columns sort on these, for everyone and within one customer.
  indexes: [
    { fields: ['createdAt', 'id'] },
    { fields: ['organizationId', 'createdAt', 'id'] },
    { fields: ['amount', 'id'] },
    { fields: ['organizationId', 'amount', 'id'] },
    // The import finds an order already imported by its customer's reference number.
    { fields: ['refNo', 'organizationId'] },
  ],
  embed: { lines: 'lines' },
  import: {
    key: ['refNo'],
    lines: 'lines',
    right: 'import',
    lookups: { organizationId: ['organizationCode'], warehouseId: ['shortName', 'name'], skuId: ['title', 'barcode'] },
    example: {
      refNo: 'SHOP-1001',
      organizationId: 'C001',
      warehouseId: 'SZ',
      deliveryType: 1,
      skuId: 'SKU title',
      pieces: 2,
    },
  },
  relations: {
    lines: { resource: 'orderLines', foreignKey: 'orderId', deprecatedKeys: ['products'] },
    // An order's one delivery is made from its tab once it has shipped.
    deliveries: {
      resource: 'deliveries',
      foreignKey: 'orderId',
      createWhen: { status: { in: [OrderStatus.shipped] } },
    },
    // Goods of the order sent back (issue 42), asked from its tab once shipped; their steps join its timeline.
    returns: {
      resource: 'returns',
      foreignKey: 'orderId',
      createWhen: {
        status: { in: [OrderStatus.shipped, OrderStatus.inDelivery, OrderStatus.signed, OrderStatus.completed] },
      },
      carries: ['organizationId', 'warehouseId', 'outboundId'],
    },
  },
});
