import { DeliveryStatus } from '../../domain/webhooks';
import type { ResourceHooks } from '../engine/hooks';
import { endpointProblems } from '../webhooks/endpoint-checks';
import { newSecret } from '../webhooks/sign';

/**
 * An endpoint of no organization hears every organization's events: staff only may make one. A
 * private address or an unknown event is refused on save (webhooks/endpoint-checks.ts). An
 * endpoint switched back on starts afresh: the reason it was switched off and its failing time go.
 * Switching one off pauses its pending deliveries, so the dispatcher's due queries never walk them;
 * switching it back on makes them due at once, in this transaction either way.
 */
export const webhooksHooks: ResourceHooks = {
  async beforeWrite(input, { tx, viewer, current }) {
    const problems = [
      ...(input.organizationId === undefined && !viewer.all
        ? [{ field: 'organizationId', key: 'validation.required' }]
        : []),
      ...endpointProblems(input, current),
    ];
    if (!current) {
      // The signing secret is made here and answered by the create this once (onceOnCreate).
      const secret = newSecret();
      return { problems, columns: { secret }, once: { secret } };
    }
    const reenabled = input.enabled !== false && current.enabled === false;
    const switchedOff = input.enabled === false && current.enabled !== false;
    if (!problems.length && (reenabled || switchedOff))
      await tx.query(
        reenabled
          ? `UPDATE webhook_deliveries SET status = ${DeliveryStatus.pending}, attempts = 0, next_at = $now
              WHERE webhook_id = $1 AND status = ${DeliveryStatus.paused}`
          : `UPDATE webhook_deliveries SET status = ${DeliveryStatus.paused}
              WHERE webhook_id = $1 AND status = ${DeliveryStatus.pending}`,
        [current.id],
      );
    return {
      problems,
      columns: reenabled ? { disabled_reason: null, disabled_at: null, failing_since: null } : {},
    };
  },
};
