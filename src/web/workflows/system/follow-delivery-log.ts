import type { Query, QueryClient } from '@tanstack/react-query';
import { webhookAttempts } from '../../../../resources/webhookAttempts';

const STEP_MS = 1_000;
/** A queued delivery is sent at once, but its endpoint may take its whole timeout to answer. */
const FOLLOW_MS = 60_000;
/** Reads in a row without news after which a replay's burst of attempts is taken as written. */
const QUIET_STEPS = 3;

const isLog = (query: Query) => query.queryKey.includes(webhookAttempts.name);

/**
 * The delivery log on screen read again after "Send again" or "Replay" until the attempts the
 * dispatcher then writes are in it: it writes them outside the outbox, so the live feed that keeps
 * every other list current never hears of them, and a read right after queuing finds none yet.
 */
export const followDeliveryLog = async (queryClient: QueryClient) => {
  const shown = () => JSON.stringify(queryClient.getQueriesData({ predicate: isLog }).map(([, data]) => data));
  const before = shown();
  let last = before;
  let quiet = 0;
  for (let waited = 0; waited < FOLLOW_MS; waited += STEP_MS) {
    await new Promise((resolve) => setTimeout(resolve, STEP_MS));
    await queryClient.refetchQueries({ predicate: isLog, type: 'active' });
    const now = shown();
    quiet = now === last ? quiet + 1 : 0;
    last = now;
    if (now !== before && quiet >= QUIET_STEPS) return;
  }
};
