import { columnName, storedFields, type ResourceDef } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { conflict } from '../errors';
import type { ResourceHooks } from '../engine/hooks';
import type { Rec } from '../engine/records';
import type { Viewer } from '../engine/scope';
import { ident, sqlType, table } from '../engine/sql';
import { eventParams, eventsOf } from '../outbox/write';
import type { PlannedRow, SheetPlan } from './check';

type Columns = Map<string, { field: string; type: string }>;
const columnsByDef = new WeakMap<object, Columns>();

/** The columns a sheet's records fill, by column name: every stored field, as the engine's create writes them. */
const columnsOf = (def: ResourceDef): Columns => {
  let columns = columnsByDef.get(def.schema);
  if (!columns)
    columnsByDef.set(
      def.schema,
      (columns = new Map(
        storedFields(def).map((field) => [columnName(field), { field, type: sqlType(def.schema.properties[field]) }]),
      )),
    );
  return columns;
};

/**
 * A planned row as its stored values by column: its record, its parent's id and organization,
 * and the columns its hooks compute from it.
 */
function rowValues(plan: SheetPlan, row: PlannedRow, hooks: ResourceHooks | undefined): Rec {
  const { def, parent } = plan.sheet.spec;
  const values: Rec = { ...row.record };
  if (parent && row.parent !== undefined) {
    const parentRow = typeof row.parent === 'number' ? undefined : row.parent;
    values[parent.foreignKey] = parentRow ? parentRow.id : row.parent;
    // A child keeps its parent's organization on its own row (a SKU's), as its own create would.
    if (def.tenant && def.tenant !== parent.foreignKey && parent.def.tenant)
      values[def.tenant] = parentRow ? parentRow.record[parent.def.tenant] : undefined;
  }
  const stored: Rec = {};
  for (const [name, c] of columnsOf(def)) stored[name] = values[c.field] ?? null;
  return hooks?.rowColumns ? Object.assign(stored, hooks.rowColumns(values)) : stored;
}

/** Children of stored parents (named by id) still need the parent's organization: read for all at once. */
async function parentTenants(tx: Queryable, plan: SheetPlan, rows: Rec[]) {
  const { def, parent } = plan.sheet.spec;
  if (!parent || !def.tenant || def.tenant === parent.foreignKey || !parent.def.tenant) return;
  const tenant = columnName(def.tenant);
  const foreignKey = columnName(parent.foreignKey);
  const missing = rows.filter((r) => r[tenant] === null);
  if (!missing.length) return;
  const found = await tx.query<{ id: number; tenant: number }>(
    `SELECT id, ${ident(columnName(parent.def.tenant))} AS tenant FROM ${table(parent.def)} WHERE id = ANY($1::int[])`,
    [[...new Set(missing.map((r) => r[foreignKey] as number))]],
  );
  const tenantOf = new Map(found.map((f) => [f.id, f.tenant]));
  for (const row of missing) row[tenant] = tenantOf.get(row[foreignKey] as number) ?? null;
}

/** The recordset's column list: each column with its SQL type. */
const typedColumns = (def: ResourceDef, names: string[]) => {
  const known = columnsOf(def);
  return names.map((name) => `${ident(name)} ${known.get(name)?.type ?? 'numeric'}`).join(', ');
};

/**
 * Writes a sheet's plan in two statements at most: one INSERT ... SELECT over the new rows as a
 * JSON set, one UPDATE ... FROM over the changed rows as a JSON set, each with its rows' events. New parents get their ids
 * back by natural key, for their children on the next sheet.
 */
export async function writePlan(tx: Queryable, plan: SheetPlan, viewer: Viewer, hooks: ResourceHooks | undefined) {
  const { def, spec, parent } = plan.sheet.spec;
  const creates = plan.creates.map((row) => rowValues(plan, row, hooks));
  const updates = plan.updates.map((row) => ({
    ...rowValues(plan, row, hooks),
    id: row.existing!.id,
    version: row.existing!.version,
  }));
  await parentTenants(tx, plan, [...creates, ...updates]);
  const written = updates.map((r) => r.id as number);
  if (creates.length) {
    const names = Object.keys(creates[0]);
    const keyNames = spec.key.map((f) => ident(columnName(f)));
    // The rows and their events in one statement: the events read the rows as inserted, not again by id.
    const inserted = await tx.query<Rec>(
      `WITH inserted AS (
         INSERT INTO ${table(def)} (${names.map(ident).join(', ')}, created_by)
         SELECT ${names.map((n) => `x.${ident(n)}`).join(', ')}, $6::int
           FROM jsonb_to_recordset($5::jsonb) AS x(${typedColumns(def, names)})
         RETURNING *),
       ${eventsOf(def, 'inserted')}
       SELECT id, ${keyNames.map((k, i) => `${k}::text AS k${i}`).join(', ')} FROM inserted`,
      [...eventParams(def.name, viewer.userId, 'create'), JSON.stringify(creates), viewer.userId],
    );
    if (!parent) {
      const byKey = new Map(
        plan.creates.map((row) => [spec.key.map((f) => String(row.record[f])).join('\u0000'), row]),
      );
      for (const row of inserted)
        byKey.get(spec.key.map((_, i) => String(row[`k${i}`])).join('\u0000'))!.id = row.id as number;
    }
    written.push(...inserted.map((r) => r.id as number));
  }
  if (updates.length) {
    const names = Object.keys(updates[0]).filter((n) => n !== 'id' && n !== 'version');
    const changed = await tx.query(
      `WITH changed AS (
         UPDATE ${table(def)} t SET ${names.map((n) => `${ident(n)} = x.${ident(n)}`).join(', ')},
                version = t.version + 1, updated_at = now()
           FROM jsonb_to_recordset($5::jsonb) AS x(id integer, version integer, ${typedColumns(def, names)})
          WHERE t.id = x.id AND t.version = x.version RETURNING t.*),
       ${eventsOf(def, 'changed')}
       SELECT id FROM changed`,
      [...eventParams(def.name, viewer.userId, 'edit'), JSON.stringify(updates)],
    );
    // A record saved by someone else since the check read it: the whole import is refused (its
    // events with it), not theirs overwritten.
    if (changed.length < updates.length) throw conflict('errors.staleVersion');
  }
  if (written.length) await hooks?.afterImport?.(written, { tx, viewer });
}
