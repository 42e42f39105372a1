import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/outboundTakes.json';

/** Which lots an outbound took, first in first out, with their days in warehouse. */
export const outboundTakes: ResourceDef = {
  name: 'outboundTakes',
  permission: 'inventories.outbounds',
  api: '/inventory/outboundTakes',
  schema: schema as EntitySchema,
  routes: { base: '/inventories/outboundTakes' },
  search: [],
  sort: 'id',
  label: 'lotId',
  actions: [],
  parent: { resource: 'outbounds', foreignKey: 'outboundId' },
};
