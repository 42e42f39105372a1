import { createHmac, timingSafeEqual } from 'node:crypto';

/** Long enough for a page to load its images, short enough that a leaked URL soon stops working. */
export const SIGNED_URL_SECONDS = 600;

/**
 * URLs an <img> can load without a session (it cannot send a header): the server checked the
 * right to read the file when it signed, and the signature over the path and the expiry stands
 * for that check until then. Any other path, a later expiry or an altered byte fails it.
 */
export class FileUrlSigner {
  constructor(
    private readonly key: Buffer,
    private readonly baseUrl: string,
    readonly ttlSeconds = SIGNED_URL_SECONDS,
  ) {}

  private signature(path: string, expires: number) {
    // A separator no stored path holds, so no (path, expires) pair signs the same bytes as another.
    return createHmac('sha256', this.key).update(`${path}\n${expires}`).digest('base64url');
  }

  sign(path: string, now = Date.now()) {
    const expires = Math.floor(now / 1000) + this.ttlSeconds;
    return { url: `${this.baseUrl}/${path}?expires=${expires}&signature=${this.signature(path, expires)}`, expires };
  }

  /** The query of a signed URL holds for this path and has not expired. */
  verify(path: string, expires: unknown, signature: unknown, now = Date.now()): boolean {
    if (typeof expires !== 'string' || typeof signature !== 'string' || !/^[1-9]\d{0,11}$/.test(expires)) return false;
    if (Number(expires) < now / 1000) return false;
    const expected = Buffer.from(this.signature(path, Number(expires)));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
