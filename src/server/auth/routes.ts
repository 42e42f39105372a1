import type { FastifyInstance } from 'fastify';
import { Code } from '../../domain/codes';
import { checkPasswordChange, normalizeUsername } from '../../domain/validation';
import { arrayOf, bool, fullObj, int, obj, orNull, routeSchemas, str } from '../contract/route-schemas';
import { AppError, validationError } from '../errors';
import { clearFailures, lockedFor, recordFailure } from './login-limit';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import type { TokenService } from './tokens';

const loginBody = fullObj({
  username: { ...str('Matched without regard to case or surrounding spaces.'), maxLength: 100 },
  password: { ...str(), maxLength: 200 },
});

const passwordBody = obj({
  oldPwd: str('The current password.'),
  newPwd: str('At least 6 characters.'),
  confirmPwd: str('The new password again.'),
});

/** Policy objects a role grants: pages (type 1) and their buttons (type 3). */
export const grantedResources = arrayOf(
  obj({ name: str('A policy object, e.g. `inventories.inbounds.confirm`.'), type: { ...int(), enum: [1, 3] } }, [
    'name',
    'type',
  ]),
);

const loginSchemas = routeSchemas({
  summary: 'Sign in',
  description:
    'Answers a bearer token for the `Authorization` header. Wrong credentials and a disabled account answer 60204 alike; too many failures for the account or the address answer 42901 for some minutes.',
  body: loginBody,
  checkedBy: 'schema',
  answer: fullObj({
    token_type: { ...str('Always `Bearer`.'), enum: ['Bearer'] },
    access_token: str('A JWT; send it as `Authorization: Bearer <token>`.'),
    expires_in: int('Seconds the token stays valid, unless signed out earlier.'),
  }),
});

const infoSchemas = routeSchemas({
  summary: 'The signed-in user',
  description:
    'Who is signed in, their roles and every policy object those roles grant (what the menus and buttons show).',
  answer: fullObj({
    id: int(),
    name: str(),
    avatar: str('An image path from /oss/upload; empty when none.'),
    introduction: str('Empty when none.'),
    roles: arrayOf(str(), 'Role names.'),
    organizationId: orNull(int('The organization the user belongs to; a cargo owner sees its data alone.')),
    resources: grantedResources,
  }),
});

const logoutSchemas = routeSchemas({
  summary: 'Sign out',
  description: 'Revokes this token; other sessions of the account stay signed in.',
  answer: obj({ loggedOut: { ...bool(), enum: [true] } }, ['loggedOut']),
});

const changePwdSchemas = routeSchemas({
  summary: 'Change the own password',
  description:
    'Each field is checked with its own message (40001). This token stays valid; every other session of the account is signed out.',
  body: passwordBody,
  checkedBy: 'schema',
  answer: obj({ changed: { ...bool(), enum: [true] } }, ['changed']),
});

/**
 * Signing in and the signed-in person's own routes. These last are a person's session only
 * (`sessionOnly`): an API key cannot stand in for the web app's sign-in (getInfo), sign out or
 * change its creator's password (403).
 */
export function authRoutes(app: FastifyInstance, tokens: TokenService) {
  app.post<{ Body: { username: string; password: string } }>(
    '/system/users/login',
    { config: { public: true }, ...loginSchemas },
    async (request, reply) => {
      const body = request.body as { username: string; password: string };
      const username = normalizeUsername(body.username);
      const minutes = await lockedFor(app.db, username, request.ip);
      if (minutes) {
        reply.status(429);
        throw new AppError(429, Code.rateLimited, 'errors.rateLimited', { minutes });
      }
      const [user] = await app.db.query<{ id: number; password_hash: string; status: number }>(
        'SELECT id, password_hash, status FROM users WHERE lower(username) = lower($1)',
        [username],
      );
      const ok = await verifyPassword(user?.password_hash ?? (await decoyHash()), body.password);
      if (!user || !ok || user.status !== 1) {
        await recordFailure(app.db, username, request.ip);
        throw new AppError(401, Code.wrongCredentials, 'errors.wrongCredentials');
      }
      await clearFailures(app.db, username);
      return tokens.issue(user.id);
    },
  );

  app.post('/system/users/getInfo', { ...infoSchemas, config: { sessionOnly: true } }, async (request) => {
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

  app.post('/system/users/logout', { ...logoutSchemas, config: { sessionOnly: true } }, async (request) => {
    await tokens.revoke(request.user!.jti);
    return { loggedOut: true };
  });

  app.post<{ Body: { oldPwd?: string; newPwd?: string; confirmPwd?: string } }>(
    '/system/users/changePwd',
    { ...changePwdSchemas, config: { sessionOnly: true } },
    async (request) => {
      // No body at all passes its schema (no field is required there): each missing field is named here.
      const body = (request.body ?? {}) as { oldPwd?: string; newPwd?: string; confirmPwd?: string };
      const problems = checkPasswordChange(body);
      if (problems.length)
        throw validationError(problems.map((p) => ({ field: p.field, key: `validation.${p.problem}` })));
      const user = request.user!;
      const [row] = await app.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
        user.id,
      ]);
      if (!(await verifyPassword(row.password_hash, body.oldPwd!)))
        throw validationError([{ field: 'oldPwd', key: 'validation.oldPasswordWrong' }]);
      const passwordHash = await hashPassword(body.newPwd!);
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
