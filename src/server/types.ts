import type { Translate, Language } from './i18n';
import type { Db } from './db/types';
import type { PolicyStore } from './access/policy-store';

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
  }
  interface FastifyContextConfig {
    /** No token needed (login, docs). */
    public?: boolean;
    /** Policy object the caller's roles must hold; a function when it depends on the request. */
    permission?: string | ((request: FastifyRequest) => string | undefined);
  }
}
