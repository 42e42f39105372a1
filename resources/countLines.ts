import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/countLines.json';
import { resource } from './names';

/**
 * A count's lots, made by its start in lot order and counted by scans or typed numbers; each
 * belongs to its lot's customer. A lot is on a count once: its label finds its line by that
 * unique key; a SKU's barcode finds its lines, and a plan its lots' earlier counts, through the
 * indexes every lookup field has. No more: a count of 100,000 lots writes each line three times
 * (start, count, submit), and each index is paid for on every write (migration 0033).
 */
export const countLines = resource({
  name: 'countLines',
  area: 'inventories',
  schema: schema as EntitySchema,
  search: [],
  columns: ['lotId', 'skuId', 'organizationId', 'counted', 'expected', 'moved', 'variance', 'recounted', 'countedAt'],
  sort: 'id',
  label: 'lotId',
  actions: [],
  tenant: 'organizationId',
  unique: [['countId', 'lotId']],
});
