import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/outboundLines.json';

/** Product lines of an outbound order, written by the outbound workflow. */
export const outboundLines: ResourceDef = {
  name: 'outboundLines',
  permission: 'inventories.outbounds',
  api: '/inventory/outboundLines',
  schema: schema as EntitySchema,
  routes: { base: '/inventories/outboundLines' },
  search: [],
  sort: 'id',
  label: 'skuId',
  actions: [],
  parent: { resource: 'outbounds', foreignKey: 'outboundId' },
};
