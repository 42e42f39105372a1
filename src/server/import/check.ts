import { resourceByName } from '../../../resources/index';
import { cellValue } from '../../domain/import-cells';
import { lookupKeys, type ImportColumn } from '../../domain/import-sheets';
import { columnName, storedFields, type ResourceDef } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { asInput, type Rec } from '../engine/records';
import { scopeCondition, type Viewer } from '../engine/scope';
import { fieldExpr, ident, selectList, sqlType, table } from '../engine/sql';
import { validateRecord } from '../engine/validate';
import { labelIndex } from './labels';
import type { ReadSheet } from './read';

/** One thing wrong with the file: a cell (or a row, or the sheet) and a translation key. */
export interface ImportProblem {
  sheet: ReadSheet;
  row: number;
  column?: ImportColumn;
  key: string;
  params?: Record<string, unknown>;
}

/** A row ready to write: the record as validated, and the stored one it updates. */
export interface PlannedRow {
  row: number;
  record: Rec;
  existing?: Rec;
  /** Child rows: the parent row of the file, or the stored parent's id. */
  parent?: PlannedRow | number;
  /** Filled once written (parents), so their children can point at them. */
  id?: number;
}

export interface SheetPlan {
  sheet: ReadSheet;
  creates: PlannedRow[];
  updates: PlannedRow[];
  unchanged: number;
}

export type Prepared = { row: number; values: Rec; parentValues: Rec };

/** What the sheets of one file are checked with: a child sheet finds its parents among the rows planned before it. */
interface FileCheck {
  tx: Queryable;
  viewer: Viewer;
  problems: ImportProblem[];
  parentRows: Map<string, PlannedRow>;
}

const keyOf = (values: Rec, fields: string[]) =>
  fields.every((f) => values[f] !== undefined && values[f] !== null)
    ? JSON.stringify(fields.map((f) => String(values[f])))
    : undefined;

/** A stored value and a file's value are the same when both are empty or their text is equal. */
const same = (a: unknown, b: unknown) =>
  (a === undefined || a === null) && (b === undefined || b === null) ? true : String(a ?? '') === String(b ?? '');

/**
 * Every row of every sheet checked as the API's create and update check a record (the same Ajv
 * validation), plus what a file adds: labels and lookup keys resolved, natural keys unique within
 * the file, x-unique fields unique in the table, parents found, the tenant respected (a lookup the
 * viewer may not see names no record). Reads are set-based: one statement per lookup column and
 * per sheet, whatever the number of rows.
 */
export async function checkImport(
  tx: Queryable,
  sheets: ReadSheet[],
  viewer: Viewer,
  ownOrganization: number | null,
): Promise<{ plans: SheetPlan[]; problems: ImportProblem[] }> {
  const problems: ImportProblem[] = [];
  const plans: SheetPlan[] = [];
  const check: FileCheck = { tx, viewer, problems, parentRows: new Map() };
  for (const sheet of sheets) {
    for (const formula of sheet.formulas) problems.push({ sheet, ...formula, key: 'import.formula' });
    const prepared = convert(sheet, problems, ownOrganization);
    await resolveLookups(tx, sheet, prepared, viewer, problems);
    plans.push(
      sheet.spec.parent ? await planChildren(check, sheet, prepared) : await planParents(check, sheet, prepared),
    );
  }
  return { plans, problems: inFileOrder(sheets, problems) };
}

/** Problems in the order a reader meets them (sheet, row, column), one per cell. */
export function inFileOrder(sheets: ReadSheet[], problems: ImportProblem[]) {
  const order = (p: ImportProblem) => [
    sheets.indexOf(p.sheet),
    p.row,
    p.column ? p.sheet.spec.columns.indexOf(p.column) : -1,
  ];
  const sorted = problems.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
  return firstPerCell(sorted);
}

/** One message per cell, the first found: an unknown label is not also "required", a formula not also "missing". */
const firstPerCell = (problems: ImportProblem[]) => {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const cell = `${p.sheet.name}\u0000${p.row}\u0000${p.column?.name ?? ''}`;
    if (seen.has(cell)) return false;
    seen.add(cell);
    return true;
  });
};

export function convert(sheet: ReadSheet, problems: ImportProblem[], ownOrganization: number | null): Prepared[] {
  const { spec } = sheet;
  return sheet.rows.map(({ row, cells }) => {
    const prepared: Prepared = { row, values: {}, parentValues: {} };
    for (const column of spec.columns) {
      const raw = cells.get(column.name);
      const target = column.parentKey ? prepared.parentValues : prepared.values;
      const result = cellValue(column.schema, raw, labelIndex);
      if ('problem' in result) problems.push({ sheet, row, column, ...result.problem });
      else if (result.value !== undefined) target[column.field] = result.value;
      else if (column.field === column.owner.tenant && ownOrganization) target[column.field] = ownOrganization;
    }
    return prepared;
  });
}

/**
 * Lookup cells name their record by a readable key (an organization's code); each column is
 * resolved in one statement over the records the viewer may see, so another tenant's code names
 * nothing, exactly as a foreign id does on a form. `tenant` narrows lookups of tenant-owned
 * records to one organization's (an inbound's lines name SKUs of the inbound's customer).
 */
export async function resolveLookups(
  tx: Queryable,
  sheet: ReadSheet,
  prepared: Prepared[],
  viewer: Viewer,
  problems: ImportProblem[],
  tenant?: unknown,
) {
  for (const column of sheet.spec.columns) {
    const targetName = column.schema['x-ref'];
    if (!targetName) continue;
    const bag = (p: Prepared) => (column.parentKey ? p.parentValues : p.values);
    const texts = [...new Set(prepared.map((p) => bag(p)[column.field]).filter((v) => typeof v === 'string'))];
    if (!texts.length) continue;
    const target = resourceByName(targetName)!;
    const owner = column.parentKey ? sheet.spec.parent!.spec : sheet.spec.spec;
    const keys = lookupKeys(owner, column.field, target);
    const params: unknown[] = [texts];
    const bind = (v: unknown) => `$${params.push(v)}`;
    const conditions = [`(${keys.map((k) => `${fieldExpr(target, k)}::text = ANY($1::text[])`).join(' OR ')})`];
    for (const [f, v] of Object.entries(column.schema['x-refFilter'] ?? {}))
      conditions.push(`${fieldExpr(target, f)}::text = ${bind(String(v))}`);
    const scope = scopeCondition(target, viewer, 't', bind);
    if (scope) conditions.push(scope);
    if (target.where) conditions.push(`(${target.where})`);
    if (tenant !== undefined && target.tenant) conditions.push(`${fieldExpr(target, target.tenant)} = ${bind(tenant)}`);
    const stored = column.schema['x-refKey'] ?? 'id';
    const found = await tx.query<Rec>(
      `SELECT ${fieldExpr(target, stored)} AS value, ${keys.map((k, i) => `${fieldExpr(target, k)}::text AS k${i}`).join(', ')}
         FROM ${table(target)} t WHERE ${conditions.join(' AND ')}`,
      params,
    );
    const named = new Map<string, Set<unknown>>();
    for (const record of found)
      keys.forEach((_, i) => {
        const text = record[`k${i}`] as string | null;
        if (text !== null) named.set(text, (named.get(text) ?? new Set()).add(record.value));
      });
    for (const p of prepared) {
      const text = bag(p)[column.field];
      if (typeof text !== 'string') continue;
      const values = named.get(text);
      if (values?.size === 1) bag(p)[column.field] = [...values][0];
      else {
        delete bag(p)[column.field];
        problems.push({
          sheet,
          row: p.row,
          column,
          key: values ? 'import.ambiguous' : 'import.notFound',
          params: { value: text },
        });
      }
    }
  }
}

/**
 * Stored records matching the natural keys, in one statement joined to the keys as a set. Not
 * locked (a lock writes every row it takes, and most rows of a repeated file change nothing): the
 * write updates a record only at the version read here (write.ts).
 */
async function storedByKey(
  tx: Queryable,
  def: ResourceDef,
  fields: string[],
  keyed: Rec[],
  viewer: Viewer,
): Promise<Map<string, Rec>> {
  const found = new Map<string, Rec>();
  const keys = new Map(
    keyed
      .filter((values) => keyOf(values, fields))
      .map((values) => [keyOf(values, fields), fields.map((f) => values[f])]),
  );
  if (!keys.size) return found;
  const params: unknown[] = [JSON.stringify([...keys.values()])];
  const typed = fields.map((f, i) => `(k.value->>${i})::${sqlType(def.schema.properties[f])} AS c${i}`);
  const join = fields.map((f, i) => `t.${ident(columnName(f))} = k.c${i}`).join(' AND ');
  const scope = scopeCondition(def, viewer, 't', (v) => `$${params.push(v)}`);
  // Joined to the keys as a set, so the planner hashes them instead of probing each row.
  const rows = await tx.query<Rec>(
    `SELECT ${selectList(def)} FROM ${table(def)} t
       JOIN (SELECT ${typed.join(', ')} FROM jsonb_array_elements($1::jsonb) AS k(value)) k ON ${join}
       ${scope ? `WHERE ${scope}` : ''} ORDER BY t.id`,
    params,
  );
  for (const record of rows) {
    const key = keyOf(record, fields);
    if (key && !found.has(key)) found.set(key, record);
  }
  return found;
}

/** Rows naming a key an earlier row of the sheet already named are refused at their key's cells. */
export function firstOfEachKey(
  sheet: ReadSheet,
  prepared: Prepared[],
  keyOfRow: (p: Prepared) => string | undefined,
  problems: ImportProblem[],
) {
  const first = new Map<string, number>();
  const keyColumn = sheet.spec.columns.find((c) => !c.parentKey && c.field === sheet.spec.spec.key.at(-1));
  return prepared.filter((p) => {
    const key = keyOfRow(p);
    if (key === undefined) return true;
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, p.row);
      return true;
    }
    problems.push({ sheet, row: p.row, column: keyColumn, key: 'import.duplicate', params: { row: earlier } });
    return false;
  });
}

/** The record a row becomes (its stored one updated by the row's cells), checked by the schema. */
function validated(sheet: ReadSheet, p: Prepared, existing: Rec | undefined, extra: Rec, problems: ImportProblem[]) {
  const { def } = sheet.spec;
  const record: Rec = { ...(existing ? storedInput(def, existing) : {}), ...p.values, ...extra };
  const found = validateRecord(def.schema, record);
  for (const problem of found)
    problems.push({
      sheet,
      row: p.row,
      column: sheet.spec.columns.find((c) => !c.parentKey && c.field === problem.field),
      key: problem.key,
      params: problem.params,
    });
  return found.length ? undefined : record;
}

/** A stored record as input, once per record: the check merges it and compares against it. */
const inputs = new WeakMap<Rec, Rec>();
const storedInput = (def: ResourceDef, existing: Rec) => {
  let input = inputs.get(existing);
  if (!input) inputs.set(existing, (input = asInput(def, existing)));
  return input;
};

const fieldsOf = new WeakMap<object, string[]>();
const changed = (def: ResourceDef, record: Rec, existing: Rec) => {
  const stored = storedInput(def, existing);
  let fields = fieldsOf.get(def.schema);
  if (!fields) fieldsOf.set(def.schema, (fields = storedFields(def)));
  return fields.some((f) => !same(record[f], stored[f]));
};

async function planParents(check: FileCheck, sheet: ReadSheet, prepared: Prepared[]): Promise<SheetPlan> {
  const { tx, viewer, problems, parentRows } = check;
  const { def, spec } = sheet.spec;
  const unique = firstOfEachKey(sheet, prepared, (p) => keyOf(p.values, spec.key), problems);
  const stored = await storedByKey(
    tx,
    def,
    spec.key,
    unique.filter((p) => keyOf(p.values, spec.key)).map((p) => p.values),
    viewer,
  );
  const rows: PlannedRow[] = [];
  for (const p of unique) {
    const key = keyOf(p.values, spec.key);
    const existing = key ? stored.get(key) : undefined;
    const record = validated(sheet, p, existing, {}, problems);
    const planned: PlannedRow = {
      row: p.row,
      record: record ?? p.values,
      existing,
      id: existing?.id as number | undefined,
    };
    // Its children find it even when it is refused: their own cells may still be checked, and
    // a file with any problem writes nothing.
    if (key) parentRows.set(key, planned);
    if (record) rows.push(planned);
  }
  return sheetPlan(check, sheet, rows);
}

async function planChildren(check: FileCheck, sheet: ReadSheet, prepared: Prepared[]): Promise<SheetPlan> {
  const { tx, viewer, problems, parentRows } = check;
  const { def, spec, parent } = sheet.spec;
  const parentKey = parent!.spec.key;
  const lastParentColumn = sheet.spec.columns.filter((c) => c.parentKey).at(-1);
  // Parents the file does not hold are looked for among the stored ones, all in one statement.
  const elsewhere = prepared.filter((p) => {
    const key = keyOf(p.parentValues, parentKey);
    return key && !parentRows.has(key);
  });
  const storedParents = await storedByKey(
    tx,
    parent!.def,
    parentKey,
    elsewhere.map((p) => p.parentValues),
    viewer,
  );
  const parentOf = (p: Prepared): PlannedRow | number | undefined => {
    const key = keyOf(p.parentValues, parentKey);
    if (!key) return undefined;
    return parentRows.get(key) ?? (storedParents.get(key)?.id as number | undefined);
  };
  const located = prepared.filter((p) => {
    if (parentOf(p) !== undefined) return true;
    // A parent key left empty is already the parent column's "required"; a key naming nothing is this.
    problems.push({
      sheet,
      row: p.row,
      column: lastParentColumn,
      key: keyOf(p.parentValues, parentKey) ? 'import.noParent' : 'validation.required',
    });
    return false;
  });
  const parentId = (p: Prepared) => {
    const found = parentOf(p)!;
    return typeof found === 'number' ? found : found.id;
  };
  const childKey = (p: Prepared) => {
    const own = keyOf(p.values, spec.key);
    return own && `${keyOf(p.parentValues, parentKey)}|${own}`;
  };
  const unique = firstOfEachKey(sheet, located, childKey, problems);
  const fields = [parent!.foreignKey, ...spec.key];
  const stored = await storedByKey(
    tx,
    def,
    fields,
    unique
      .filter((p) => parentId(p) !== undefined && keyOf(p.values, spec.key))
      .map((p) => ({ ...p.values, [parent!.foreignKey]: parentId(p) })),
    viewer,
  );
  const rows: PlannedRow[] = [];
  for (const p of unique) {
    const id = parentId(p);
    const existing =
      id === undefined ? undefined : stored.get(keyOf({ ...p.values, [parent!.foreignKey]: id }, fields)!);
    // A parent the same file creates has no id yet; any row id stands in for the schema's check.
    const record = validated(sheet, p, existing, { [parent!.foreignKey]: id ?? 1 }, problems);
    if (record) rows.push({ row: p.row, record, existing, parent: parentOf(p) });
  }
  return sheetPlan(check, sheet, rows);
}

/** A sheet's valid rows sorted into creates, updates and unchanged ones, their x-unique fields checked. */
async function sheetPlan(check: FileCheck, sheet: ReadSheet, rows: PlannedRow[]): Promise<SheetPlan> {
  const plan: SheetPlan = { sheet, creates: [], updates: [], unchanged: 0 };
  for (const planned of rows) {
    if (!planned.existing) plan.creates.push(planned);
    else if (changed(sheet.spec.def, planned.record, planned.existing)) plan.updates.push(planned);
    else plan.unchanged++;
  }
  await checkUnique(check.tx, sheet, rows, check.problems);
  return plan;
}

/** x-unique fields: one value per table, within the file and against the stored records of others. */
async function checkUnique(tx: Queryable, sheet: ReadSheet, rows: PlannedRow[], problems: ImportProblem[]) {
  const { def } = sheet.spec;
  for (const column of sheet.spec.columns) {
    if (column.parentKey || !column.schema['x-unique']) continue;
    const first = new Map<string, PlannedRow>();
    for (const row of rows) {
      const value = row.record[column.field];
      if (value === undefined || value === null) continue;
      const earlier = first.get(String(value));
      if (earlier)
        problems.push({ sheet, row: row.row, column, key: 'import.duplicate', params: { row: earlier.row } });
      else first.set(String(value), row);
    }
    if (!first.size) continue;
    const taken = await tx.query<{ id: number; value: string }>(
      `SELECT id, ${ident(columnName(column.field))}::text AS value FROM ${table(def)} WHERE ${ident(columnName(column.field))}::text = ANY($1::text[])`,
      [[...first.keys()]],
    );
    for (const { id, value } of taken) {
      const row = first.get(value)!;
      if (row.existing?.id !== id) problems.push({ sheet, row: row.row, column, key: 'validation.unique' });
    }
  }
}
