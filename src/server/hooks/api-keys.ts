import { newApiKey } from '../auth/api-keys';
import { keyMayHold } from '../access/key-rights';
import { rightsBeyond, rightsOf } from '../access/grants';
import type { ResourceHooks } from '../engine/hooks';
import type { FieldProblem } from '../errors';

/**
 * An API key (keys are made once, never edited): its expiry is still ahead on the app's clock, its
 * role (the schema's default, the cargo owner's) grants nothing its creator lacks and nothing
 * beyond one organization (access/key-rights.ts: refused here, so a key never silently holds less
 * than its role says), and the key is made here: only its hash and first characters are stored,
 * the key itself answered this once.
 */
export const apiKeysHooks: ResourceHooks = {
  async beforeWrite(input, { tx, roles, policy }) {
    const problems: FieldProblem[] = [];
    if (input.expiresAt !== undefined) {
      const [{ past }] = await tx.query<{ past: boolean }>('SELECT $1::timestamptz <= $now AS past', [input.expiresAt]);
      if (past) problems.push({ field: 'expiresAt', key: 'validation.expiryPast' });
    }
    if (policy && roles) {
      const rights = await rightsOf(policy, [input.role as string]);
      if (!rights.every(keyMayHold)) problems.push({ field: 'role', key: 'validation.roleBeyondOrganization' });
      else if ((await rightsBeyond(policy, rights, roles, tx)).length)
        problems.push({ field: 'role', key: 'validation.roleBeyondCreator' });
    }
    if (problems.length) return { problems };
    const { key, hash, shown } = newApiKey();
    return { columns: { prefix: shown, key_hash: hash }, once: { key } };
  },
};
