import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/inboundLines.json';

/** Product lines of an inbound order, written by the inbound workflow. */
export const inboundLines: ResourceDef = {
  name: 'inboundLines',
  permission: 'inventories.inbounds',
  api: '/inventory/inboundLines',
  schema: schema as EntitySchema,
  routes: { base: '/inventories/inboundLines' },
  search: [],
  sort: 'id',
  label: 'skuId',
  actions: [],
  parent: { resource: 'inbounds', foreignKey: 'inboundId' },
};
