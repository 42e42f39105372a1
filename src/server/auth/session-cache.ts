import type { Db } from '../db/types';
import type { SessionUser } from '../types';

/** What a cached session depends on: a logout, a user's roles or status, the organizations they manage. */
const WATCHED = new Set(['sessions', 'users', 'user_organizations']);
const MAX_SESSIONS = 10_000;
/**
 * A session is read again from the database at least this often, whatever the change feed says:
 * a change it failed to carry (issue 38) outlives no logout or disabled user longer than this.
 */
export const SESSION_KEPT_MS = 30_000;

/**
 * Signed-in users by their token, so a request costs no statement once its session is known.
 * Any change to sessions, users or managed organizations, here or on another instance
 * (db/changes.ts), forgets them all; a lookup that was running meanwhile is not kept. While the
 * database's changes are not known to be heard (Db.trusted), none is read or kept.
 */
export class SessionCache {
  private readonly sessions = new Map<string, { user: SessionUser; expiresAt: number; until: number }>();
  private generation = 0;
  readonly stop: () => void;

  constructor(private readonly db: Db) {
    this.stop = db.onChange((table) => {
      if (table !== null && !WATCHED.has(table)) return;
      this.generation++;
      this.sessions.clear();
    });
  }

  /** The user of a token seen before and not yet expired (an expired one goes the long way: 50014). */
  get(token: string): SessionUser | undefined {
    const entry = this.sessions.get(token);
    if (!entry) return undefined;
    const now = Date.now();
    if (now / 1000 < entry.expiresAt && now < entry.until && this.db.trusted()) return entry.user;
    this.sessions.delete(token);
    return undefined;
  }

  stamp = () => this.generation;

  keep(token: string, user: SessionUser, expiresAt: number, stamp: number) {
    if (stamp !== this.generation || !this.db.trusted()) return;
    if (this.sessions.size >= MAX_SESSIONS) this.sessions.clear();
    this.sessions.set(token, { user, expiresAt, until: Date.now() + SESSION_KEPT_MS });
  }
}
