import { createHmac, createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { Code } from '../../domain/codes';
import type { Db, Queryable } from '../db/types';
import { AppError } from '../errors';

export const TOKEN_TYPE = 'Bearer';

/**
 * Signed JWTs whose jti is also a sessions row: the signature and expiry are checked without the
 * database, the row makes logout and password changes able to revoke a token before it expires.
 */
export class TokenService {
  private constructor(
    private readonly db: Db,
    private readonly key: KeyObject,
    readonly ttlSeconds: number,
  ) {}

  /** The signing secret is JWT_SECRET, else one generated once and kept in the database. */
  static async create(db: Db, ttlSeconds: number, secret?: string) {
    if (!secret) {
      const generated = randomBytes(32).toString('base64url');
      await db.query('INSERT INTO settings(key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
        'jwt_secret',
        generated,
      ]);
      const [row] = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', ['jwt_secret']);
      secret = row.value;
    }
    // Imported once: jose would otherwise import raw key bytes again on every sign and verify.
    return new TokenService(db, createSecretKey(Buffer.from(secret, 'utf8')), ttlSeconds);
  }

  /**
   * A key for another purpose (signed file URLs), derived from the signing secret: one secret to
   * keep and rotate, yet a value signed for one use can never pass as a token or the reverse.
   */
  derivedKey(purpose: string): Buffer {
    return createHmac('sha256', this.key.export()).update(`logistics:${purpose}`).digest();
  }

  async issue(userId: number, q: Queryable = this.db) {
    const jti = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setJti(jti)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.key);
    await q.query('INSERT INTO sessions(jti, user_id, expires_at) VALUES ($1, $2, to_timestamp($3))', [
      jti,
      userId,
      now + this.ttlSeconds,
    ]);
    return { token_type: TOKEN_TYPE, access_token: token, expires_in: this.ttlSeconds };
  }

  /** The session's user id, jti and expiry (epoch seconds), or 50014 (expired) / 50008 (anything else wrong). */
  async verify(authorization: string | undefined): Promise<{ userId: number; jti: string; expiresAt: number }> {
    const invalid = new AppError(401, Code.invalidToken, 'errors.invalidToken');
    const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
    if (!match) throw invalid;
    let payload;
    try {
      ({ payload } = await jwtVerify(match[1], this.key, { algorithms: ['HS256'] }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AppError(401, Code.tokenExpired, 'errors.tokenExpired');
      throw invalid;
    }
    const rows = await this.db.query<{ user_id: number }>(
      'SELECT user_id FROM sessions WHERE jti = $1 AND revoked_at IS NULL',
      [payload.jti],
    );
    if (!rows.length || String(rows[0].user_id) !== payload.sub) throw invalid;
    return { userId: rows[0].user_id, jti: payload.jti!, expiresAt: payload.exp! };
  }

  revoke(jti: string, q: Queryable = this.db) {
    return q.query('UPDATE sessions SET revoked_at = now() WHERE jti = $1 AND revoked_at IS NULL', [jti]);
  }

  revokeOthers(userId: number, keepJti: string, q: Queryable = this.db) {
    return q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND jti <> $2 AND revoked_at IS NULL', [
      userId,
      keepJti,
    ]);
  }
}
