/** One step of the search: so many users for a while, and what they saw. */
export interface Step {
  users: number;
  p50: number;
  p95: number;
  requests: number;
  errors: number;
}

const roundTo10 = (n: number) => Math.round(n / 10) * 10;

/**
 * The largest user count whose step passes, coarsely: doubling from `first` until a step fails
 * (or `max` passes), then halving the gap between the best passing count and the least failing one
 * until it is within a quarter of the passing count (or 10 users). Steps are the costly part: a
 * planning figure needs no finer grain than the noise of a shared machine. A count that fails is
 * run once more and fails only twice: one burst of someone else's work must not set the figure.
 */
export async function largestPassing(
  run: (users: number) => Promise<Step>,
  passes: (step: Step) => boolean,
  first: number,
  max: number,
) {
  let best: Step | undefined;
  let failed: Step | undefined;
  for (let users = first; ;) {
    const once = await run(users);
    const step = passes(once) ? once : await run(users);
    if (passes(step)) best = step;
    else failed = step;
    const low = best?.users ?? 0;
    if (!failed) {
      if (users >= max) break;
      users = Math.min(max, users * 2);
    } else if (failed.users - low <= Math.max(10, low / 4)) break;
    else users = roundTo10((low + failed.users) / 2);
  }
  return { best, failed };
}
