import {
  CUSTOM_AREA,
  listedFields,
  mergedMachine,
  mergedSchema,
  mergedStatus,
  type Overlay,
  type ResourceOverlay,
} from '../src/domain/customization';
import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import { resources } from './index';
import { resource } from './names';

/**
 * The one place the customizations in force meet the declarations (DESIGN 10): the server and the
 * browser install the same overlay here, and every reader of `resources` sees it. A declaration
 * keeps its identity (routes and pages hold it); its schema is a new object on every change, so
 * what is built from a schema (validators, select lists) is built again for it.
 */
const shipped = new Map<ResourceDef, Pick<ResourceDef, 'schema' | 'columns' | 'search' | 'workflow'>>();
let version = 0;
/** The record types this overlay added, taken out again before the next one is installed. */
const added = new Set<ResourceDef>();

/** Which overlay is installed: what caches of declared shapes (answer schemas, the OpenAPI document) compare. */
export const declarationsVersion = () => version;

/** A declaration's state machine as the files declare it. */
export const shippedMachine = (r: ResourceDef | undefined) => (r && (shipped.get(r)?.workflow ?? r.workflow))?.machine;

/** The value list a resource's workflow states are labelled by (its status field's). */
export const statusList = (name: string) => {
  const r = resources.find((d) => d.name === name);
  const machine = r?.workflow?.machine;
  return machine ? r.schema.properties[machine.field]?.['x-enum'] : undefined;
};

/** A declaration's schema as the files declare it, before any customization. */
export const shippedSchema = (r: ResourceDef) => shipped.get(r)?.schema ?? r.schema;

/** A record type an admin added, declared as a file would declare it (area `custom`). */
export const addedResource = (name: string, own: ResourceOverlay): ResourceDef => {
  const added = own.added!;
  const texts = own.fields.filter((f) => f.type === 'text').map((f) => f.name);
  const schema: EntitySchema = {
    $id: name,
    type: 'object',
    additionalProperties: false,
    required: added.organizationOwned ? ['organizationId'] : [],
    properties: added.organizationOwned
      ? { organizationId: { type: 'integer', 'x-ref': 'organizations', 'x-filter': 'eq' } }
      : {},
  };
  return resource({
    name,
    area: CUSTOM_AREA,
    schema,
    menu: { icon: added.icon ?? 'AppstoreOutlined', order: 10 },
    search: texts.slice(0, 3),
    sort: '-id',
    label: texts[0] ?? 'id',
    actions: ['create', 'edit', 'delete', 'export'],
    ...(added.organizationOwned && { tenant: 'organizationId' }),
  });
};

/** Installs `overlay` over the shipped declarations, in place; the previous overlay's additions go. */
export function installOverlay(overlay: Overlay) {
  for (let i = resources.length - 1; i >= 0; i--) if (added.has(resources[i])) resources.splice(i, 1);
  added.clear();
  for (const r of resources) {
    const before = shipped.get(r) ?? { schema: r.schema, columns: r.columns, search: r.search, workflow: r.workflow };
    shipped.set(r, before);
    const own = overlay[r.name];
    r.schema = mergedSchema(r.name, before.schema, own);
    const machine = before.workflow?.machine;
    const status = machine && r.schema.properties[machine.field];
    if (status && own?.states?.length)
      r.schema = { ...r.schema, properties: { ...r.schema.properties, [machine.field]: mergedStatus(status, own) } };
    if (machine) r.workflow = { ...before.workflow!, machine: mergedMachine(machine, own, r.schema) };
    r.columns = before.columns && [...before.columns, ...listedFields(own).filter((f) => !before.columns!.includes(f))];
  }
  // A record type the files declare now (its export committed) is theirs: the overlay's retires.
  for (const [name, own] of Object.entries(overlay))
    if (own.added && !resources.some((r) => r.name === name)) {
      const r = customDeclaration(name, own);
      added.add(r);
      resources.push(r);
    }
  version += 1;
}

/** An added record type with its fields, as installed. */
export function customDeclaration(name: string, own: ResourceOverlay): ResourceDef {
  const r = addedResource(name, own);
  const installed = {
    ...r,
    schema: mergedSchema(name, r.schema, own),
    columns: [...listedFields(own), ...Object.keys(r.schema.properties)],
  };
  shipped.set(installed, { schema: r.schema, columns: [], search: r.search, workflow: undefined });
  return installed;
}
