import type { EntitySchema } from '../src/domain/resource';
import { expenseMachine } from '../src/domain/finance/bill-flow';
import schema from '../schemas/expenses.json';
import { resource } from './names';

/** Expenses: written by warehouse and delivery events, or added by staff with a reason; void while unbilled. */
export const expenses = resource({
  name: 'expenses',
  area: 'finance',
  schema: schema as EntitySchema,
  menu: { icon: 'ProfileOutlined', order: 2 },
  search: ['documentNo', 'reason'],
  columns: [
    'expenseDate',
    'organizationId',
    'subType',
    'quantity',
    'unitPrice',
    'amount',
    'status',
    'billId',
    'documentNo',
  ],
  sort: '-expenseDate,-id',
  label: 'title',
  actions: ['create', 'export'],
  workflow: { actions: [], machine: expenseMachine },
  tenant: 'organizationId',
});
