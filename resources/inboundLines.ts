import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/inboundLines.json';
import { resource } from './names';

/** Product lines of an inbound order, written by the inbound workflow. */
export const inboundLines = resource({
  name: 'inboundLines',
  area: 'inventories',
  schema: schema as EntitySchema,
  search: [],
  sort: 'id',
  label: 'skuId',
  actions: [],
  parent: { resource: 'inbounds', foreignKey: 'inboundId' },
});
