import { newApiKey } from '../auth/api-keys';
import type { ResourceHooks } from '../engine/hooks';
import type { FieldProblem } from '../errors';
import type { PolicyStore } from '../access/policy-store';

/** Whether every right of the role is one the creator's roles hold too: a key never has more than its creator. */
async function withinRights(policy: PolicyStore, role: string, creatorRoles: string[]) {
  const held = new Set((await policy.resourcesOf(creatorRoles)).map((r) => r.name));
  return (await policy.resourcesOf([role])).every((r) => held.has(r.name));
}

/**
 * An API key (keys are made once, never edited): its expiry is still ahead on the app's clock, its
 * role (the schema's default, the cargo owner's) grants nothing its creator lacks, and the key is
 * made here: only its hash and first characters are stored, the key itself answered this once.
 */
export const apiKeysHooks: ResourceHooks = {
  async beforeWrite(input, { tx, roles, policy }) {
    const problems: FieldProblem[] = [];
    if (input.expiresAt !== undefined) {
      const [{ past }] = await tx.query<{ past: boolean }>('SELECT $1::timestamptz <= $now AS past', [input.expiresAt]);
      if (past) problems.push({ field: 'expiresAt', key: 'validation.expiryPast' });
    }
    if (policy && roles && !(await withinRights(policy, input.role as string, roles)))
      problems.push({ field: 'role', key: 'validation.roleBeyondCreator' });
    if (problems.length) return { problems };
    const { key, hash, shown } = newApiKey();
    return { columns: { prefix: shown, key_hash: hash }, once: { key } };
  },
};
