import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiKey } from './api-keys';

/**
 * The API key a request is made with, for the audit rows its handler writes however deep down
 * (audit() in workflows/documents.ts), without passing it through every workflow's signature.
 * Each request made with a key runs in its own store, entered again once the body is read, because
 * the body's stream events run outside it (as @fastify/request-context does).
 */
const callers = new AsyncLocalStorage<{ apiKeyId?: number }>();
const scopes = new WeakMap<FastifyRequest, AsyncResource>();

export function installCallerContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    // A person's session needs no store (no key to remember), and entering one costs every request
    // an async resource and every promise a hook: only a request made with a key enters one.
    if (!isApiKey(request.headers.authorization)) return done();
    callers.run({}, () => {
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
