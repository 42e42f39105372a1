import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/taxes.json';
import { resource } from './names';

export const taxes = resource({
  name: 'taxes',
  area: 'products',
  schema: schema as EntitySchema,
  search: ['hsCode'],
  sort: '-id',
  label: 'hsCode',
  actions: ['create', 'edit', 'delete', 'export'],
  parent: { resource: 'products', foreignKey: 'productId' },
});
