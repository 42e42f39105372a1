import type { ResourceHooks } from '../engine/hooks';
import { newSecret } from '../webhooks/sign';

/**
 * An endpoint of no organization hears every organization's events: staff only may make one. An
 * endpoint switched back on starts afresh: the reason it was switched off and its failing time go.
 */
export const webhooksHooks: ResourceHooks = {
  async beforeWrite(input, { viewer, current }) {
    const problems =
      input.organizationId === undefined && !viewer.all
        ? [{ field: 'organizationId', key: 'validation.required' }]
        : [];
    if (!current) {
      // The signing secret is made here and answered by the create this once (onceOnCreate).
      const secret = newSecret();
      return { problems, columns: { secret }, once: { secret } };
    }
    const reenabled = input.enabled !== false && current.enabled === false;
    return {
      problems,
      columns: reenabled ? { disabled_reason: null, disabled_at: null, failing_since: null } : {},
    };
  },
};
