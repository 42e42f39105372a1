import type { FastifyInstance } from 'fastify';
import { Code } from '../../domain/codes';
import { AppError, forbidden } from '../errors';
import { isApiKey, type ApiKeys } from '../auth/api-keys';
import { actWithKey } from '../auth/caller';
import { SessionCache } from '../auth/session-cache';
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
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith(API_PREFIX) || request.is404) return;
    const config = request.routeOptions.config;
    if (config.public) return;
    const token = request.headers.authorization;
    if (!token && config.signedUrl) return;
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
    const object = typeof config.permission === 'function' ? config.permission(request) : config.permission;
    if (object && !(await app.policy.allows(user.roles, object))) throw forbidden();
  });
}
