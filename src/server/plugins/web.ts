import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Vite names these files by their content: a changed file is a new name, so browsers keep them for good. */
const HASHED = /[\\/]assets[\\/]/;

/**
 * Serves the built web app: the brotli or gzip copy made at build time (scripts/precompress.ts)
 * when the browser takes it, hashed assets cached as immutable. Any GET outside /api that is not a
 * file gets index.html, so deep links (/configuration/ports/3) open the single-page app, which
 * shows its own 404 page.
 */
export function installWeb(app: FastifyInstance, webDir: string) {
  const indexFile = join(webDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const indexHtml = readFileSync(indexFile, 'utf8');
  // One wildcard route that looks the file up per request: a route per file (wildcard: false)
  // globbed the build and added some 600 routes at every start. A folder's path
  // ('/', '/assets/') is no file: it goes to the not-found handler, and so to the page, as before.
  app.register(fastifyStatic, {
    root: webDir,
    wildcard: true,
    index: false,
    allowedPath: (path) => !path.endsWith('/'),
    // The build's bookkeeping (.build-stamp) stays private, as the per-file routes left it.
    dotfiles: 'ignore',
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) =>
      reply.header('cache-control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600'),
  });
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || request.url.startsWith('/api')) return false;
    reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
    return true;
  };
}
