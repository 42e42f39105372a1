import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/outboundTakes.json';
import { resource } from './names';

/** Which lots an outbound took, first in first out, with their days in warehouse. */
export const outboundTakes = resource({
  name: 'outboundTakes',
  area: 'inventories',
  schema: schema as EntitySchema,
  search: [],
  sort: 'id',
  label: 'lotId',
  actions: [],
  parent: { resource: 'outbounds', foreignKey: 'outboundId' },
});
