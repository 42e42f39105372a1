import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/billLines.json';
import { resource } from './names';

/** Lines of a bill, written by bill generation and edited with the draft bill. */
export const billLines = resource({
  name: 'billLines',
  area: 'finance',
  schema: schema as EntitySchema,
  search: ['description'],
  sort: 'feeType,segmentFrom,id',
  label: 'description',
  actions: [],
  parent: { resource: 'bills', foreignKey: 'billId' },
});
