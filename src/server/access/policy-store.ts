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

  constructor(
    private readonly db: Db,
    private readonly modelText: string,
  ) {
    // A policy edit here or on another instance (db/changes.ts) reloads the enforcer.
    db.onChange((table) => {
      if (table === null || table === 'casbin_rule') this.reloadSoon();
    });
  }

  /** One reload at a time; changes that arrive during one cause one more. */
  private reloadSoon() {
    this.stale = true;
    this.reloading ??= (async () => {
      while (this.stale) {
        this.stale = false;
        await this.reload();
      }
    })()
      .catch(() => undefined)
      .finally(() => (this.reloading = undefined));
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
  }

  /**
   * The decision for the roles and object if one was made since the last reload, without waiting:
   * a request whose answer is known is let in without a promise (plugins/auth.ts).
   */
  decided(roles: string[], object: string): boolean | undefined {
    return this.decisions.get(decisionKey(roles, object));
  }

  /** True when any of the roles holds the object. */
  async allows(roles: string[], object: string): Promise<boolean> {
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
