import { storedFields, type ResourceDef } from './resource';

/**
 * The declarations in an order where each comes after those it references (its stored `x-ref`
 * fields and its parent), as tables need: a REFERENCES clause names a table that exists. Otherwise the given
 * order is kept. A reference back into a resource already being placed (users made by users) is a
 * loop no order satisfies; it is left to where it falls, and the engine makes no constraint for it.
 */
export function referenceOrder(defs: ResourceDef[]): ResourceDef[] {
  const byName = new Map(defs.map((d) => [d.name, d]));
  const placed = new Set<string>();
  const placing = new Set<string>();
  const ordered: ResourceDef[] = [];
  const place = (def: ResourceDef) => {
    if (placed.has(def.name) || placing.has(def.name)) return;
    placing.add(def.name);
    const referenced = [
      def.parent?.resource,
      ...storedFields(def).map((field) => def.schema.properties[field]['x-ref']),
    ].flatMap((name) => (name && name !== def.name && byName.has(name) ? [byName.get(name)!] : []));
    for (const target of referenced) place(target);
    placing.delete(def.name);
    placed.add(def.name);
    ordered.push(def);
  };
  for (const def of defs) place(def);
  return ordered;
}
