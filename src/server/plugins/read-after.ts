import type { FastifyInstance } from 'fastify';
import { READ_AFTER_HEADER } from '../db/read-position';
import { API_PREFIX } from './envelope';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every answer to a write carries the database's position once it was done (issue 38: read your
 * own writes on any instance). Read after the handler, so past its commit; a refused write gets
 * one too, harmlessly. A client sends the latest it received with its next requests
 * (auth/caller.ts keeps it for the request), and an instance whose change feed is behind it reads
 * past its caches (engine/read-cache.ts). One statement more per write, none per read.
 */
export function installReadAfter(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (WRITES.has(request.method) && request.url.startsWith(API_PREFIX))
      reply.header(READ_AFTER_HEADER, await app.db.position());
    return payload;
  });
}
