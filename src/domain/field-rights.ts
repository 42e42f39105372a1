import { buttonPermission, type ResourceDef } from './resource';

/**
 * A resource's fields only some callers read (`x-right`: a count line's expected pieces), each
 * with the policy object that opens it: the server answers them null to anyone else
 * (engine/withheld.ts), the screens leave them out for them (web/engine/use-withheld-fields.ts).
 */
export const guardedFields = (r: ResourceDef): [field: string, right: string][] =>
  Object.entries(r.schema.properties).flatMap(([field, s]) =>
    s['x-right'] ? [[field, buttonPermission(r, s['x-right'])] as [string, string]] : [],
  );
