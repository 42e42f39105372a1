import type { EntitySchema } from '../src/domain/resource';
import { billMachine, CUSTOMER_BILL_STATES } from '../src/domain/finance/bill-flow';
import schema from '../schemas/bills.json';
import { resource } from './names';

/** Bills: generated as drafts from fee models, lots and expenses; issued, paid or cancelled by the workflow. */
export const bills = resource({
  name: 'bills',
  area: 'finance',
  schema: schema as EntitySchema,
  routes: { create: 'add' },
  menu: { icon: 'FileTextOutlined', order: 3 },
  search: ['billNo'],
  columns: ['billNo', 'status', 'organizationId', 'warehouseId', 'periodFrom', 'periodTo', 'total', 'issuedDate'],
  sort: '-id',
  label: 'billNo',
  actions: ['create', 'edit', 'export'],
  workflow: {
    actions: [],
    replaces: ['create', 'edit'],
    editableWhile: { field: 'status', values: [0] },
    machine: billMachine,
  },
  relations: { lines: { resource: 'billLines', foreignKey: 'billId', whole: true } },
  tenant: 'organizationId',
  customerWhere: `t.status IN (${CUSTOMER_BILL_STATES.join(', ')})`,
});
