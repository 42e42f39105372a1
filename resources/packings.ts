import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/packings.json';
import { resource } from './names';

export const packings = resource({
  name: 'packings',
  area: 'products',
  schema: schema as EntitySchema,
  search: ['title'],
  sort: '-id',
  label: 'title',
  actions: ['create', 'edit', 'delete', 'export'],
  parent: { resource: 'products', foreignKey: 'productId' },
});
