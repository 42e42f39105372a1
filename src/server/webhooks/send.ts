import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { guardedLookup, isPrivateAddress, PrivateAddressError } from './address-guard';

/** What a receiver answered, as the attempt log keeps it. */
export interface SendResult {
  statusCode?: number;
  durationMs: number;
  /** The first 2 KB of the answer's body. */
  response?: string;
  /** Why there is no answer: timeout, refused address, connection error. */
  error?: string;
  retryAfter?: string;
}

const TIMEOUT_MS = 15_000;
const KEPT_BYTES = 2048;

/** Reads at most the kept bytes of an answer, then lets the rest go. */
const firstBytes = (response: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).subarray(0, KEPT_BYTES).toString('utf8'));
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= KEPT_BYTES) {
        response.destroy();
        done();
      }
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });

/**
 * POSTs one webhook: never follows a redirect (a 3xx is just an answer), gives up after 15 s, and
 * refuses private, loopback and link-local addresses, by name or literal, unless `allowPrivate`.
 */
export async function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { durationMs: 0, error: 'invalid URL' };
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) && isPrivateAddress(host))
    return { durationMs: 0, error: new PrivateAddressError(host).message };
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<SendResult>((resolve) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        signal: AbortSignal.timeout(TIMEOUT_MS),
        ...(!allowPrivate && { lookup: guardedLookup }),
      },
      (response) => {
        void firstBytes(response).then((text) =>
          resolve({
            statusCode: response.statusCode,
            durationMs: elapsed(),
            response: text,
            retryAfter: response.headers['retry-after'],
          }),
        );
      },
    );
    req.on('error', (error) =>
      resolve({
        durationMs: elapsed(),
        error: error.name === 'AbortError' || error.name === 'TimeoutError' ? 'timeout after 15 s' : error.message,
      }),
    );
    req.end(body);
  });
}
