import type { Translate, Language } from './i18n';
import type { Clock } from './db/clock';
import type { Db } from './db/types';
import type { PolicyStore } from './access/policy-store';
import type { Outbox } from './outbox/bus';

export interface SessionUser {
  id: number;
  username: string;
  name: string;
  roles: string[];
  organizationId: number | null;
  jti: string;
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
  }
}
