import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from './envelope';

/**
 * An API answer is JSON or a stored file, never a page: after OWASP's REST Security cheat sheet it
 * may load nothing and be framed by nobody. The page's dozen headers were two thirds of a record
 * read's bytes, written by the server and read by every client (issue 31).
 */
const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Security headers on every answer: the API's own set on its answers, helmet's on the rest. The
 * web app loads only its own scripts; Ant Design writes its styles at run time, hence inline
 * styles; images may be data: or blob: previews. No CORS plugin is registered, so other origins
 * cannot call the API from a browser.
 * Helmet decides the headers once, at start: none of ours depends on the request. The Fastify
 * plugin made its middleware again on every request (parsing the policy's directives each time) and
 * set a dozen headers one call at a time, a tenth of the CPU of a record read (issue 31's profile).
 */
export function installSecurityHeaders(app: FastifyInstance) {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The scanner screen compiles its barcode reader (zxing WebAssembly, served from here); no eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Served over plain HTTP on a LAN as often as behind TLS: HSTS belongs to the TLS proxy.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  const api = `${API_PREFIX}/`;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(api) ? API_HEADERS : headers);
    done();
  });
}

/** The headers helmet's middleware sets with these options, read off a response that only records them. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => (headers[name] = value),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
