import type { EntitySchema } from '../src/domain/resource';
import { countMachine } from '../src/domain/count-flow';
import schema from '../schemas/counts.json';
import { resource } from './names';

/**
 * Cycle counts (issue 42): staff plan a count of a warehouse's lots, count them blind by scanning
 * or typing (`count`, workflows/counts/count-routes.ts) and post the differences as adjustments by
 * the declared machine. A count is the warehouse's, of any number of customers, so it has no
 * tenant: its lines each belong to their lot's customer. Only holders of `expected` read the
 * figures the count is compared with.
 */
export const counts = resource({
  name: 'counts',
  area: 'inventories',
  schema: schema as EntitySchema,
  menu: { icon: 'CheckSquareOutlined', order: 7 },
  search: ['countNo', 'remarks'],
  columns: [
    'countNo',
    'status',
    'warehouseId',
    'organizationId',
    'lineCount',
    'countedLines',
    'differences',
    'startedAt',
  ],
  sort: '-id',
  label: 'countNo',
  actions: ['create', 'export'],
  workflow: { actions: ['count', 'expected'], machine: countMachine },
  relations: {
    lines: { resource: 'countLines', foreignKey: 'countId' },
    changeLogs: { resource: 'changeLogs', foreignKey: 'countId' },
  },
});
