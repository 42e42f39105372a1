import type { ResourceHooks } from '../engine/hooks';

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
    const reenabled = current && input.enabled !== false && current.enabled === false;
    return {
      problems,
      columns: reenabled ? { disabled_reason: null, disabled_at: null, failing_since: null } : {},
    };
  },
};
