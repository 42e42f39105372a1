import type { FastifyInstance } from 'fastify';

/** The admin's Authorization header on an app built in this process (app.inject, no port). */
export async function adminAuthorization(app: FastifyInstance) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/1.0/system/users/login',
    payload: { username: 'admin', password: 'admin123' },
  });
  const { token_type, access_token } = login.json().data;
  return `${token_type} ${access_token}`;
}
