import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/feeModels.json';

/** Fee models: per customer (or the default for all) and warehouse, priced lines with bands. */
export const feeModels: ResourceDef = {
  name: 'feeModels',
  permission: 'finance.feeModels',
  api: '/finance/feeModels',
  schema: schema as EntitySchema,
  routes: { base: '/finance/feeModels', create: 'add' },
  menu: { parent: 'finance', icon: 'CalculatorOutlined', order: 1 },
  search: ['name'],
  columns: ['name', 'organizationId', 'warehouseId', 'currency', 'validFrom', 'validTo', 'minimumCharge'],
  sort: '-validFrom,id',
  label: 'name',
  actions: ['create', 'edit', 'delete', 'export'],
  tenant: 'organizationId',
};
