import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../domain/codes';
import { AppError } from '../errors';

export interface KeyRateLimit {
  /** Calls one key may make per window. */
  max: number;
  windowMs: number;
}

/** API_KEY_RATE_LIMIT calls per API_KEY_RATE_WINDOW seconds; 600 a minute unless set. */
export const keyRateLimitFromEnv = (env: NodeJS.ProcessEnv): KeyRateLimit => ({
  max: Number(env.API_KEY_RATE_LIMIT ?? 600),
  windowMs: Number(env.API_KEY_RATE_WINDOW ?? 60) * 1000,
});

/**
 * Calls made with an API key are counted per key (a customer's runaway loop slows itself, not the
 * warehouse's screens); past the limit they answer 429/42901 with Retry-After. People's sessions
 * are not counted here (sign-in failures have their own limit, auth/login-limit.ts). The count runs
 * after the auth hook, which says whose key it is; each instance counts its own calls.
 */
export async function installKeyRateLimit(app: FastifyInstance, limit: KeyRateLimit) {
  await app.register(rateLimit, {
    hook: 'preHandler',
    max: limit.max,
    timeWindow: limit.windowMs,
    // The key is asked for first, also of calls the allow list then lets through uncounted.
    keyGenerator: (request) => `key:${request.user?.apiKeyId ?? ''}`,
    allowList: (request) => request.user?.apiKeyId === undefined,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, Code.rateLimited, 'errors.apiKeyRateLimited', { seconds: Math.ceil(context.ttl / 1000) }),
  });
}
