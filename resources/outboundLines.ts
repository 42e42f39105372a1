import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/outboundLines.json';
import { resource } from './names';

/** Product lines of an outbound order, written by the outbound workflow. */
export const outboundLines = resource({
  name: 'outboundLines',
  area: 'inventories',
  schema: schema as EntitySchema,
  search: [],
  sort: 'id',
  label: 'skuId',
  actions: [],
  parent: { resource: 'outbounds', foreignKey: 'outboundId' },
});
