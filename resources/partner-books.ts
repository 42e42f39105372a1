import type { EntitySchema, ResourceDecl } from '../src/domain/resource';

/** A customer's book of the parties it trades with (its buyers, its suppliers), kept under its organization. */
export const partnerBook = (name: string, schema: EntitySchema): ResourceDecl => ({
  name,
  area: 'organizations',
  schema,
  search: ['name', 'nameEn', 'contact'],
  sort: 'name',
  label: 'name',
  actions: ['create', 'edit', 'delete', 'export'],
  parent: { resource: 'organizations', foreignKey: 'organizationId' },
});
