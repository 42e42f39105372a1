import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/feeModels.json';
import { resource } from './names';

/** Fee models: per customer (or the default for all) and warehouse, priced lines with bands. */
export const feeModels = resource({
  name: 'feeModels',
  area: 'finance',
  schema: schema as EntitySchema,
  routes: { create: 'add' },
  menu: { icon: 'CalculatorOutlined', order: 1 },
  search: ['name'],
  columns: ['name', 'organizationId', 'warehouseId', 'currency', 'validFrom', 'validTo', 'minimumCharge'],
  sort: '-validFrom,id',
  label: 'name',
  actions: ['create', 'edit', 'delete', 'export'],
  tenant: 'organizationId',
});
