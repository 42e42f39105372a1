import type { EntitySchema } from '../src/domain/resource';
import { ReturnStatus, returnMachine } from '../src/domain/return-flow';
import schema from '../schemas/returns.json';
import { resource } from './names';

/**
 * Returns (RMA, issue 42): goods a cargo owner sends back, with their lines, made and edited like a
 * stock document (workflows/returns.ts) and moved by their declared machine; receiving them is the
 * one stock effect (workflows/effects/returns.ts).
 */
export const returns = resource({
  name: 'returns',
  area: 'inventories',
  schema: schema as EntitySchema,
  menu: { icon: 'RollbackOutlined', order: 6 },
  search: ['returnNo', 'remarks'],
  columns: [
    'returnNo',
    'status',
    'organizationId',
    'warehouseId',
    'outboundId',
    'pieces',
    'receivedPieces',
    'receivedDate',
    'createdAt',
  ],
  sort: '-id',
  label: 'returnNo',
  actions: ['create', 'edit', 'export'],
  workflow: {
    actions: [],
    replaces: ['create', 'edit'],
    editableWhile: { field: 'status', values: [ReturnStatus.draft] },
    machine: returnMachine,
  },
  tenant: 'organizationId',
  // The time column sorts on these, for everyone and within one customer.
  indexes: [{ fields: ['createdAt', 'id'] }, { fields: ['organizationId', 'createdAt', 'id'] }],
  relations: {
    lines: { resource: 'returnLines', foreignKey: 'returnId' },
    lots: { resource: 'lots', foreignKey: 'returnId' },
    changeLogs: { resource: 'changeLogs', foreignKey: 'returnId' },
    expenses: { resource: 'expenses', foreignKey: 'returnId' },
  },
});
