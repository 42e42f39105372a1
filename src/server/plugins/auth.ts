import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../domain/codes';
import { AppError, forbidden } from '../errors';
import { isApiKey, type ApiKeys } from '../auth/api-keys';
import { actWithKey } from '../auth/caller';
import { SessionCache } from '../auth/session-cache';
import { callerMay } from '../access/key-rights';
import type { TokenService } from '../auth/tokens';
import type { SessionUser } from '../types';
import { API_PREFIX } from './envelope';

/**
 * Every /api route needs a valid, unrevoked token or API key unless its config says `public`, and
 * the caller's roles must hold the route's policy object when it names one (DESIGN 4). A key is
 * refused where a person's own session is needed (`sessionOnly`).
 */
export function installAuth(app: FastifyInstance, tokens: TokenService, keys: ApiKeys) {
  app.decorateRequest('user', undefined);
  const sessions = new SessionCache(app.db);
  app.addHook('onClose', async () => sessions.stop());
  // A known session asking for a decided right is let in at once, with no promise: that is every
  // request but a session's first and the first after a policy edit (issue 31's record read).
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.url.startsWith(API_PREFIX) || request.is404) return done();
    const config = request.routeOptions.config;
    if (config.public) return done();
    const token = request.headers.authorization;
    if (!token && config.signedUrl) return done();
    const known = token ? sessions.get(token) : undefined;
    if (known) {
      const object = permissionOf(request);
      const decided = object ? app.policy.decided(known.roles, object) : true;
      if (decided === true) {
        request.user = known;
        return done();
      }
      if (decided === false) return done(forbidden());
    }
    admit(request, token).then(() => done(), done);
  });

  const permissionOf = (request: FastifyRequest) => {
    const { permission } = request.routeOptions.config;
    return typeof permission === 'function' ? permission(request) : permission;
  };

  /** The long way: a key, a token not seen before, or a right not yet decided. */
  async function admit(request: FastifyRequest, token: string | undefined) {
    const config = request.routeOptions.config;
    let user = token ? sessions.get(token) : undefined;
    if (!user && isApiKey(token)) {
      user = await keys.caller(token!);
      actWithKey(user.apiKeyId!);
      if (config.sessionOnly) throw new AppError(403, Code.forbidden, 'errors.apiKeyRefused');
    }
    if (!user) {
      const stamp = sessions.stamp();
      const { userId, jti, expiresAt } = await tokens.verify(token);
      const [row] = await app.db.query<Omit<SessionUser, 'jti'> & { status: number }>(
        `SELECT id, username, name, roles, organization_id AS "organizationId", status FROM users WHERE id = $1`,
        [userId],
      );
      if (!row || row.status !== 1) throw new AppError(401, Code.invalidToken, 'errors.invalidToken');
      user = {
        id: row.id,
        username: row.username,
        name: row.name,
        roles: row.roles,
        organizationId: row.organizationId,
        jti,
      };
      sessions.keep(token!, user, expiresAt, stamp);
    }
    request.user = user;
    const object = permissionOf(request);
    if (object && !(await callerMay(app.policy, user, object))) throw forbidden();
  }
}
