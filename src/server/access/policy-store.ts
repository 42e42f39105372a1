import { newEnforcer, newModelFromString, type Enforcer } from 'casbin';
import { linesAdapter, type PolicyLine } from '../../domain/policy-adapter';
import type { Db, Queryable } from '../db/types';

export type { PolicyLine };

/** policy.csv lines: `p, role, object, type`; '#' starts a comment. */
export const parsePolicyCsv = (text: string): PolicyLine[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [ptype, ...values] = line.split(',').map((part) => part.trim());
      return { ptype, values };
    });

export const formatPolicyCsv = (lines: PolicyLine[]) =>
  lines.map((line) => [line.ptype, ...line.values].join(', ')).join('\n') + '\n';

const decisionKey = (roles: string[], object: string) => `${roles.join('\u0001')}\u0000${object}`;

/**
 * The enforcer is loaded again at least this often, whatever the change feed says: a change it
 * failed to carry (issue 38) outlives no revoked right longer than this.
 */
export const DECISIONS_KEPT_MS = 30_000;
/** Between attempts to load the policy again after one failed. */
const RETRY_MS = 1_000;

/** The roles a request names and every role they inherit (g lines), for decisions made in SQL. */
const HELD_ROLES = `WITH RECURSIVE held(role) AS (
    SELECT unnest($1::text[])
    UNION SELECT g.v1 FROM casbin_rule g JOIN held h ON g.ptype = 'g' AND g.v0 = h.role)`;

/**
 * The live policy (DESIGN 8 C5): rows of casbin_rule, loaded into one enforcer that is rebuilt
 * whenever the rows change. The model is policies/model.conf, the same file the browser uses.
 */
export class PolicyStore {
  private enforcer!: Enforcer;
  /** Decisions and getInfo resources per role set (and object): a full enforce runs once for each. */
  private decisions = new Map<string, boolean>();
  private resources = new Map<string, { name: string; type: number }[]>();
  private reloading?: Promise<void>;
  private stale = false;
  private loadedAt = 0;
  /** The last load failed: decisions come from the database until one succeeds. */
  private failed = false;

  constructor(
    private readonly db: Db,
    private readonly modelText: string,
  ) {
    // A policy edit here or on another instance (db/changes.ts) reloads the enforcer.
    db.onChange((table) => {
      if (table === null || table === 'casbin_rule') this.reloadSoon();
    });
  }

  /** One reload at a time; changes that arrive during one cause one more; a failed one is tried again. */
  private reloadSoon() {
    this.stale = true;
    this.reloading ??= (async () => {
      while (this.stale) {
        this.stale = false;
        await this.reload();
      }
    })()
      .catch(() => {
        this.failed = true;
        setTimeout(() => this.reloadSoon(), RETRY_MS).unref();
      })
      .finally(() => (this.reloading = undefined));
  }

  /**
   * Whether the loaded enforcer may decide (issue 38: fail closed): its last load succeeded and the
   * database's changes are known to be heard; otherwise the database decides. An enforcer older
   * than DECISIONS_KEPT_MS is loaded again, and decides until then: asking the database instead
   * would wait, on PGlite's one connection, for a transaction the caller may be inside.
   */
  private fresh(): boolean {
    if (this.failed || !this.db.trusted()) return false;
    if (Date.now() - this.loadedAt >= DECISIONS_KEPT_MS) this.reloadSoon();
    return true;
  }

  /**
   * Resolves once a load that began after this call has finished, in turn with any under way: a
   * load of its own beside them could finish first and be overwritten by an older one's lines.
   */
  async settled(): Promise<void> {
    this.reloadSoon();
    await this.reloading;
  }

  async lines(q: Queryable = this.db): Promise<PolicyLine[]> {
    const rows = await q.query<{ ptype: string; v0: string; v1: string; v2: string }>(
      'SELECT ptype, v0, v1, v2 FROM casbin_rule ORDER BY id',
    );
    return rows.map((r) => ({ ptype: r.ptype, values: [r.v0, r.v1, r.v2].filter((v) => v !== '') }));
  }

  async reload() {
    this.enforcer = await newEnforcer(newModelFromString(this.modelText), linesAdapter(await this.lines()));
    this.decisions = new Map();
    this.resources = new Map();
    this.loadedAt = Date.now();
    this.failed = false;
  }

  /**
   * The decision for the roles and object if one was made since the last reload, without waiting:
   * a request whose answer is known is let in without a promise (plugins/auth.ts).
   */
  decided(roles: string[], object: string): boolean | undefined {
    if (!this.fresh()) return undefined;
    return this.decisions.get(decisionKey(roles, object));
  }

  /** True when any of the roles holds the object. */
  async allows(roles: string[], object: string): Promise<boolean> {
    if (!this.fresh()) {
      const [row] = await this.db.query<{ allowed: boolean }>(
        `${HELD_ROLES} SELECT EXISTS (SELECT 1 FROM casbin_rule p JOIN held h ON p.v0 = h.role
                                     WHERE p.ptype = 'p' AND p.v1 = $2) AS allowed`,
        [roles, object],
      );
      return row.allowed;
    }
    const key = decisionKey(roles, object);
    const known = this.decisions.get(key);
    if (known !== undefined) return known;
    const decisions = this.decisions;
    let allowed = false;
    for (const role of roles) if ((allowed = await this.enforcer.enforce(role, object))) break;
    decisions.set(key, allowed);
    return allowed;
  }

  /** The objects the roles hold, with their type (1 page, 3 button), for getInfo. */
  async resourcesOf(roles: string[]): Promise<{ name: string; type: number }[]> {
    if (!this.fresh())
      return this.db.query<{ name: string; type: number }>(
        `${HELD_ROLES} SELECT p.v1 AS name, (array_agg(p.v2 ORDER BY p.id))[1]::int AS type
             FROM casbin_rule p JOIN held h ON p.v0 = h.role WHERE p.ptype = 'p'
            GROUP BY p.v1 ORDER BY min(p.id)`,
        [roles],
      );
    const key = roles.join('\u0001');
    const known = this.resources.get(key);
    if (known) return known;
    const cache = this.resources;
    const seen = new Map<string, number>();
    for (const role of roles) {
      const implicit = await this.enforcer.getImplicitPermissionsForUser(role);
      for (const [, object, type] of implicit) seen.set(object, Number(type));
    }
    const found = [...seen].map(([name, type]) => ({ name, type }));
    cache.set(key, found);
    return found;
  }
}
