import type { PolicyStore } from '../access/policy-store';
import type { Queryable } from '../db/types';
import type { FieldProblem } from '../errors';
import type { Rec } from './records';
import type { Viewer } from './scope';

export interface HookContext {
  tx: Queryable;
  viewer: Viewer;
  /** The signed-in user (hooks that depend on who acts). */
  userId?: number;
  /** The stored record on updates; undefined on creates. */
  current?: Rec;
  /** The signed-in user's roles and the live policy, for a rule on what they may grant (an API key's role). */
  roles?: string[];
  policy?: PolicyStore;
}

/**
 * Server-only behaviour of a resource that a schema cannot say (hashing a password, granting the
 * creator an organization). Kept out of resources/ because the browser reads those files.
 */
export interface ResourceHooks {
  /**
   * Extra column values to write, by column name; problems become field errors; `once`, values a
   * create answers beside the record this once (the resource's `onceOnCreate`: an API key whose
   * hash alone is stored).
   */
  beforeWrite?(input: Rec, ctx: HookContext): Promise<{ columns?: Rec; problems?: FieldProblem[]; once?: Rec }>;
  /**
   * Columns that follow from the record alone, with no query (a SKU's total price): what an import
   * writes for each of thousands of rows, where beforeWrite would be a query per row.
   */
  rowColumns?(input: Rec): Rec;
  afterCreate?(record: Rec, ctx: HookContext): Promise<void>;
  /** What afterCreate and beforeWrite's side effects do, for every record an import wrote (their ids), at once. */
  afterImport?(ids: number[], ctx: HookContext): Promise<void>;
  /** Reasons the record may not be deleted; the first becomes a 409. */
  beforeDelete?(record: Rec, ctx: HookContext): Promise<FieldProblem[]>;
}
