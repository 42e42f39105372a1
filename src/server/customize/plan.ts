import { resources } from '../../../resources/index';
import { customDeclaration, shippedMachine, shippedSchema } from '../../../resources/overlay';
import {
  customizationProblems,
  foldChanges,
  mergedSchema,
  type Change,
  type CustomizationProblem,
  type DeclaredShape,
  type Overlay,
} from '../../domain/customization';
import { columnName, type ResourceDef } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { syncResourceTables } from '../engine/sync';
import { malformedChanges } from './change-schema';
import { ident, table } from '../engine/sql';

export interface CustomizationRequest {
  resource: string;
  reason: string;
  changes: Change[];
}

/** What applying a request would do: its statements in order, the rows they touch, what stops it. */
export interface CustomizationPlan {
  overlay: Overlay;
  /** Run in the applying transaction. */
  statements: string[];
  /** Indexes built after it commits, on PostgreSQL without locking writes out (CONCURRENTLY). */
  indexes: string[];
  rowsAffected: number;
  estimateMs: number;
  problems: CustomizationProblem[];
}

const shape: DeclaredShape = {
  fields: (name) => {
    const r = resources.find((d) => d.name === name);
    return r && Object.keys(shippedSchema(r).properties);
  },
  relations: (name) => Object.keys(resources.find((d) => d.name === name)?.relations ?? {}),
  resources: () => resources.map((r) => r.name),
  states: (name) => shippedMachine(resources.find((d) => d.name === name))?.states.map((st) => st.value),
  actions: (name) => Object.keys(shippedMachine(resources.find((d) => d.name === name))?.actions ?? {}),
};

/** A reader that runs what reads and keeps what would write: the engine's own table sync, planned. */
const recording = (q: Queryable, kept: string[]): Queryable => ({
  query: async <T>(sql: string, params?: unknown[]) => {
    if (/^\s*SELECT\b/i.test(sql)) return q.query<T>(sql, params);
    kept.push(sql.replace(/\s+/g, ' ').trim());
    return [] as T[];
  },
});

const isIndex = (sql: string) => /^CREATE (UNIQUE )?INDEX/i.test(sql);

/** A constant the column is added with, so PostgreSQL fills every row without rewriting the table. */
const literal = (value: string | number | boolean) =>
  typeof value === 'string' ? `'${value.replace(/'/g, "''")}'` : String(value);

/**
 * The plan of a request against the overlay in force: the engine's table sync (engine/sync.ts) of
 * the declarations as they would be, keeping only what concerns the fields and tables it adds, and
 * the rows that would break (a required field over rows that hold no value and get no default).
 */
export async function planCustomization(
  q: Queryable,
  overlay: Overlay,
  request: CustomizationRequest,
  postgres: boolean,
): Promise<CustomizationPlan> {
  const { resource, changes } = request;
  const malformed = malformedChanges(changes);
  const problems = malformed.length ? malformed : customizationProblems(shape, overlay, resource, changes);
  const empty = { overlay, statements: [], indexes: [], rowsAffected: 0, estimateMs: 0, problems };
  if (problems.length) return empty;
  const next = foldChanges(overlay, resource, changes);
  const before = resources.find((r) => r.name === resource);
  const def: ResourceDef = before
    ? { ...before, schema: mergedSchema(resource, shippedSchema(before), next[resource]) }
    : customDeclaration(resource, next[resource]);
  const kept: string[] = [];
  await syncResourceTables(recording(q, kept), [def]);
  const added = changes.flatMap((c) => (c.op === 'addField' ? [c] : []));
  const newColumns = added.map((f) => ident(columnName(f.name)));
  const relevant = before ? kept.filter((sql) => newColumns.some((col) => sql.includes(col))) : kept;
  const statements = relevant
    .filter((sql) => !isIndex(sql))
    .map((sql) => {
      const field = added.find(
        (f) => f.default !== undefined && sql.includes(`ADD COLUMN IF NOT EXISTS ${ident(columnName(f.name))} `),
      );
      return field ? `${sql} DEFAULT ${literal(field.default!)}` : sql;
    });
  const indexes = relevant
    .filter(isIndex)
    .map((sql) => (postgres ? sql.replace(/^CREATE (UNIQUE )?INDEX/i, (m) => `${m} CONCURRENTLY`) : sql));
  const [{ rows }] = before
    ? await q.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM ${table(before)}`)
    : [{ rows: 0 }];
  const unfilled = added.filter((f) => f.required && f.default === undefined);
  if (rows > 0)
    for (const f of unfilled) problems.push({ key: 'requiredOverRows', field: f.name, params: { name: f.name, rows } });
  return {
    overlay: next,
    statements,
    indexes,
    rowsAffected: added.length ? rows : 0,
    // A column with a constant default is a catalogue change; an index reads the table once.
    estimateMs: Math.ceil(5 + indexes.length * rows * 0.002),
    problems,
  };
}
