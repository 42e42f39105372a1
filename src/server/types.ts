import type { Translate, Language } from './i18n';
import type { Clock } from './db/clock';
import type { Db, Queryable } from './db/types';
import type { PolicyStore } from './access/policy-store';
import type { Outbox } from './outbox/bus';
import type { FileStorage } from './files/storage';

export interface SessionUser {
  id: number;
  username: string;
  name: string;
  roles: string[];
  organizationId: number | null;
  jti: string;
  /**
   * Set when the caller is an API key (auth/api-keys.ts): the user is then its creator acting for
   * the key's organization alone, with the key's role, and no session (jti is empty).
   */
  apiKeyId?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    t: Translate;
    user?: SessionUser;
  }
  interface FastifyInstance {
    db: Db;
    policy: PolicyStore;
    /** Now, for the app's own reckoning of days; SQL reads the same instant as `$now`. */
    clock: Clock;
    /** Committed events and a wake-up after each commit that wrote some (outbox/bus.ts). */
    outbox: Outbox;
    /** Where uploaded files are kept (files/storage.ts): the upload route's, and an import's file. */
    files: FileStorage;
    /**
     * Where a read that may lag a little goes (reports, dashboards, exports, large lists): the
     * replica when one serves the running request's position (db/replica.ts), else `db`.
     */
    laggingReads(): Queryable;
  }
  interface FastifyContextConfig {
    /** No token needed (login, docs). */
    public?: boolean;
    /**
     * Without an Authorization header the request goes on signed out: the handler serves it only
     * for a valid signature in its URL (an <img> cannot send a header), and answers 401 otherwise.
     */
    signedUrl?: boolean;
    /** Policy object the caller's roles must hold; a function when it depends on the request. */
    permission?: string | ((request: FastifyRequest) => string | undefined);
    /**
     * A person's own session only: an API key is refused (403) here, as on the web app's sign-in
     * routes (getInfo, logout, password) and on managing keys.
     */
    sessionOnly?: boolean;
    /**
     * The handler refuses query names it does not know itself, by rules richer than the declared
     * querystring: a list's filters of its resource's fields, a report answering every problem of
     * its query in one 40001. Elsewhere an undeclared name is refused before the handler runs.
     */
    queryCheckedByHandler?: boolean;
  }
}
