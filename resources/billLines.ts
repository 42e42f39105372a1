import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/billLines.json';

/** Lines of a bill, written by bill generation and edited with the draft bill. */
export const billLines: ResourceDef = {
  name: 'billLines',
  permission: 'finance.bills',
  api: '/finance/billLines',
  schema: schema as EntitySchema,
  routes: { base: '/finance/billLines' },
  search: ['description'],
  sort: 'feeType,id',
  label: 'description',
  actions: [],
  parent: { resource: 'bills', foreignKey: 'billId' },
};
