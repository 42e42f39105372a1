import type { EntitySchema } from '../src/domain/resource';
import { disputeMachine } from '../src/domain/finance/dispute-flow';
import schema from '../schemas/disputes.json';
import { resource } from './names';

/**
 * A customer's question about a line of an issued bill (issue 43). Opened from the bill
 * (`POST /finance/bills/{id}/lines/{lineId}/dispute`, dispute-routes.ts: the `create` right), answered
 * by staff with accept or reject; open ones first, oldest first, as staff answer them.
 */
export const disputes = resource({
  name: 'disputes',
  area: 'finance',
  schema: schema as EntitySchema,
  menu: { icon: 'IssuesCloseOutlined', order: 4 },
  search: ['reason'],
  columns: [
    'createdAt',
    'status',
    'organizationId',
    'billId',
    'feeType',
    'subType',
    'lineAmount',
    'creditAmount',
    'creditBillId',
  ],
  sort: 'status,id',
  label: 'title',
  actions: ['create', 'export'],
  workflow: { actions: [], replaces: ['create'], machine: disputeMachine },
  tenant: 'organizationId',
});
