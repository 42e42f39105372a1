import type { FastifyInstance } from 'fastify';
import { Code } from '../../domain/codes';
import { checkPasswordChange, normalizeUsername } from '../../domain/validation';
import { AppError, validationError } from '../errors';
import { clearFailures, lockedFor, recordFailure } from './login-limit';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import type { TokenService } from './tokens';

const loginBody = {
  type: 'object',
  required: ['username', 'password'],
  properties: { username: { type: 'string', maxLength: 100 }, password: { type: 'string', maxLength: 200 } },
} as const;

export function authRoutes(app: FastifyInstance, tokens: TokenService) {
  app.post<{ Body: { username: string; password: string } }>(
    '/system/users/login',
    { config: { public: true }, schema: { body: loginBody } },
    async (request, reply) => {
      const username = normalizeUsername(request.body.username);
      const minutes = await lockedFor(app.db, username, request.ip);
      if (minutes) {
        reply.status(429);
        throw new AppError(429, Code.rateLimited, 'errors.rateLimited', { minutes });
      }
      const [user] = await app.db.query<{ id: number; password_hash: string; status: number }>(
        'SELECT id, password_hash, status FROM users WHERE lower(username) = lower($1)',
        [username],
      );
      const ok = await verifyPassword(user?.password_hash ?? (await decoyHash()), request.body.password);
      if (!user || !ok || user.status !== 1) {
        await recordFailure(app.db, username, request.ip);
        throw new AppError(401, Code.wrongCredentials, 'errors.wrongCredentials');
      }
      await clearFailures(app.db, username);
      return tokens.issue(user.id);
    },
  );

  app.post('/system/users/getInfo', async (request) => {
    const user = request.user!;
    const [row] = await app.db.query<Record<string, unknown>>(
      `SELECT id, name, avatar, introduction, roles, organization_id AS "organizationId" FROM users WHERE id = $1`,
      [user.id],
    );
    return {
      ...row,
      avatar: row.avatar ?? '',
      introduction: row.introduction ?? '',
      resources: await app.policy.resourcesOf(user.roles),
    };
  });

  app.post('/system/users/logout', async (request) => {
    await tokens.revoke(request.user!.jti);
    return { loggedOut: true };
  });

  app.post<{ Body: { oldPwd?: string; newPwd?: string; confirmPwd?: string } }>(
    '/system/users/changePwd',
    { schema: { body: { type: 'object', properties: { oldPwd: { type: 'string' }, newPwd: { type: 'string' }, confirmPwd: { type: 'string' } } } } },
    async (request) => {
      const problems = checkPasswordChange(request.body);
      if (problems.length)
        throw validationError(problems.map((p) => ({ field: p.field, key: `validation.${p.problem}` })));
      const user = request.user!;
      const [row] = await app.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [user.id]);
      if (!(await verifyPassword(row.password_hash, request.body.oldPwd!)))
        throw validationError([{ field: 'oldPwd', key: 'validation.oldPasswordWrong' }]);
      const passwordHash = await hashPassword(request.body.newPwd!);
      // The current token stays valid; every other session of this account is signed out.
      await app.db.transaction(async (tx) => {
        await tx.query('UPDATE users SET password_hash = $1, updated_at = now(), version = version + 1 WHERE id = $2', [
          passwordHash,
          user.id,
        ]);
        await tokens.revokeOthers(user.id, user.jti, tx);
      });
      return { changed: true };
    },
  );
}
