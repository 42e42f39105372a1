import { createHash, randomBytes } from 'node:crypto';
import { Code } from '../../domain/codes';
import type { Clock } from '../db/clock';
import type { Db } from '../db/types';
import { AppError } from '../errors';
import type { SessionUser } from '../types';

/** What every key starts with, so a leaked one is recognisable (secret scanners, logs). */
const KEY_PREFIX = 'lbo_';
/** Characters of a key kept in clear and listed, to tell keys apart: the prefix and 8 of its random part. */
const SHOWN_LENGTH = KEY_PREFIX.length + 8;
/** Last-used is written at most this often per key: a busy key must not write on every call. */
const USE_STAMP_MS = 60_000;
const MAX_STAMPED = 10_000;

/** Whether an Authorization header carries an API key rather than a session token. */
export const isApiKey = (authorization: string | undefined) => /^Bearer\s+lbo_\S+$/i.test(authorization?.trim() ?? '');

/**
 * Only a SHA-256 of each key is stored. A key is 32 random bytes, so unlike a password it cannot be
 * guessed from a list and a fast hash leaves nothing to brute-force; argon2 would cost every call
 * tens of milliseconds for no gain. The hash is the lookup itself, through a unique index.
 */
const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

export function newApiKey() {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashOf(key), shown: key.slice(0, SHOWN_LENGTH) };
}

/**
 * The caller a key stands for, read from its row on every call: a revoke or an expiry holds at once
 * on every instance, with no cache to drop. The key acts as its creator (who wrote what), with its
 * own role, for its organization alone; a creator no longer active takes their keys with them.
 */
export class ApiKeys {
  /** Per key, when this instance last wrote its last-used time (ms of the app's clock). */
  private readonly stamped = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async caller(authorization: string): Promise<SessionUser> {
    const key = authorization.trim().replace(/^Bearer\s+/i, '');
    const [row] = await this.db.query<{
      id: number;
      name: string;
      role: string;
      organizationId: number;
      createdBy: number;
      username: string;
    }>(
      `SELECT k.id, k.name, k.role, k.organization_id AS "organizationId", k.created_by AS "createdBy", u.username
         FROM api_keys k JOIN users u ON u.id = k.created_by
        WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > $now)
          AND u.status = 1`,
      [hashOf(key)],
    );
    if (!row) throw new AppError(401, Code.invalidToken, 'errors.invalidToken');
    await this.stampUse(row.id);
    return {
      id: row.createdBy,
      username: row.username,
      name: row.name,
      roles: [row.role],
      organizationId: row.organizationId,
      jti: '',
      apiKeyId: row.id,
    };
  }

  /** At most once a minute per key and instance; the condition keeps several instances to about that too. */
  private async stampUse(id: number) {
    const now = this.clock().getTime();
    if (now - (this.stamped.get(id) ?? -Infinity) < USE_STAMP_MS) return;
    if (this.stamped.size >= MAX_STAMPED) this.stamped.clear();
    this.stamped.set(id, now);
    await this.db.query(
      `UPDATE api_keys SET last_used_at = $now
        WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $now - interval '1 minute')`,
      [id],
    );
  }
}
