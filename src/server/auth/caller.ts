import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { positionAsked, READ_AFTER_HEADER } from '../db/read-position';
import { isApiKey } from './api-keys';

/**
 * What a request brings that code far down its handler needs, without passing it through every
 * signature: the API key it is made with, for the audit rows and events its handler writes
 * (audit() in workflows/documents.ts), and the database position it asks to read after
 * (`X-Read-After`, db/read-position.ts), for the caches. Each such request runs in its own store,
 * entered again once the body is read, because the body's stream events run outside it (as
 * @fastify/request-context does).
 */
const callers = new AsyncLocalStorage<{ apiKeyId?: number; readAfter?: string }>();
const scopes = new WeakMap<FastifyRequest, AsyncResource>();

export function installCallerContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    // A person's session needs no store (no key to remember), and entering one costs every request
    // an async resource and every promise a hook: only a request made with a key, or asking to
    // read after a position, enters one.
    const readAfter = positionAsked(request.headers[READ_AFTER_HEADER]);
    if (!isApiKey(request.headers.authorization) && !readAfter) return done();
    callers.run({ readAfter }, () => {
      const scope = new AsyncResource('caller');
      scopes.set(request, scope);
      scope.runInAsyncScope(done);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}

/** Marks the running request as made with this key (the auth hook, once the key is known). */
export const actWithKey = (apiKeyId: number) => {
  const store = callers.getStore();
  if (store) store.apiKeyId = apiKeyId;
};

/** The key the running request was made with; undefined for a person's session or outside a request. */
export const callerApiKeyId = () => callers.getStore()?.apiKeyId;

/** The position the running request asks to read after (X-Read-After); undefined when it asks none. */
export const callerReadAfter = () => callers.getStore()?.readAfter;
