import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../domain/codes';
import { AppError, badRequest, conflict } from '../errors';
import { API_PREFIX } from './envelope';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Visible ASCII, as the IETF draft's key is a string the client makes (a UUID, usually). */
const KEY = /^[\x21-\x7e]{1,255}$/;
const KEPT_HOURS = 24;
/** A first request that never stored its answer (its process died) frees its key after this. */
const ABANDONED_SECONDS = 300;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request holds, to store its answer under (onSend). */
    idempotency?: { owner: string; key: string };
  }
}

/**
 * `Idempotency-Key` on any POST (issue 41, the IETF HTTP API draft): the first request with a key
 * runs and its answer is kept 24 hours; the same key again with the same method, path and body
 * answers that answer (with `Idempotent-Replayed: true`) without running again, so a retry after a
 * lost answer or a double click never makes two orders or two confirms; the same key with another
 * request answers 422 (42201) and changes nothing; while the first still runs, 409. A key belongs to
 * its caller (the person, or the API key): another caller's same key is another key. A failure of
 * ours (5xx) keeps nothing, so the retry runs. Claiming is one INSERT, so two copies sent at once
 * never both run.
 */
export function installIdempotency(app: FastifyInstance) {
  app.decorateRequest('idempotency', undefined);

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined || request.method !== 'POST' || !request.url.startsWith(API_PREFIX)) return;
    if (typeof key !== 'string' || !KEY.test(key)) throw badRequest('errors.idempotencyKey', {}, IDEMPOTENCY_HEADER);
    // A sign-in has no caller yet; an upload's body is a stream, not a request to compare.
    const user = request.user;
    if (!user || request.headers['content-type']?.startsWith('multipart/')) return;
    const owner = user.apiKeyId ? `key:${user.apiKeyId}` : `user:${user.id}`;
    const fingerprint = createHash('sha256')
      .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const [claimed] = await app.db.query(
      `INSERT INTO idempotency_keys (owner, key, fingerprint) VALUES ($1, $2, $3)
       ON CONFLICT (owner, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL, body = NULL, created_at = now()
        WHERE idempotency_keys.created_at < now() - make_interval(hours => $4)
           OR (idempotency_keys.status IS NULL AND idempotency_keys.created_at < now() - make_interval(secs => $5))
       RETURNING 1`,
      [owner, key, fingerprint, KEPT_HOURS, ABANDONED_SECONDS],
    );
    if (claimed) {
      request.idempotency = { owner, key };
      return;
    }
    const [first] = await app.db.query<{ fingerprint: string; status: number | null; body: string | null }>(
      'SELECT fingerprint, status, body FROM idempotency_keys WHERE owner = $1 AND key = $2',
      [owner, key],
    );
    if (!first) return;
    if (first.fingerprint !== fingerprint)
      throw new AppError(422, Code.idempotencyKeyReused, 'errors.idempotencyKeyReused');
    if (first.status === null) throw conflict('errors.idempotencyRunning');
    return reply
      .code(first.status)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(first.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = undefined;
    if (reply.statusCode >= 500 || typeof payload !== 'string')
      await app.db.query('DELETE FROM idempotency_keys WHERE owner = $1 AND key = $2', [claim.owner, claim.key]);
    else
      await app.db.query('UPDATE idempotency_keys SET status = $3, body = $4 WHERE owner = $1 AND key = $2', [
        claim.owner,
        claim.key,
        reply.statusCode,
        payload,
      ]);
    return payload;
  });

  const prune = setInterval(
    () =>
      void app.db
        .query('DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)', [KEPT_HOURS])
        .catch((error: unknown) => app.log.warn({ err: error }, 'idempotency keys: pruning failed')),
    3_600_000,
  );
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));
}
