import { describe, expect, it } from 'vitest';
import { Passes } from '../../src/server/passes';

const idle = async (passes: Passes) => {
  while (passes.busy) await new Promise((resolve) => setImmediate(resolve));
};

describe('Passes', () => {
  it('runs one pass at a time, and one more for any wake-ups during it', async () => {
    let running = 0;
    let most = 0;
    let count = 0;
    let release!: () => void;
    const passes = new Passes(async () => {
      running++;
      most = Math.max(most, running);
      count++;
      if (count === 1) await new Promise<void>((resolve) => (release = resolve));
      running--;
    });
    passes.wake();
    for (let i = 0; i < 5; i++) passes.wake();
    expect(passes.busy).toBe(true);
    release();
    await idle(passes);
    expect({ count, most }).toEqual({ count: 2, most: 1 });
    await passes.stop();
    passes.wake();
    expect(passes.busy).toBe(false);
  });

  it('runs again at once when a pass says its batch was full', async () => {
    let left = 3;
    const passes = new Passes(async () => --left > 0);
    passes.wake();
    await idle(passes);
    expect(left).toBe(0);
  });
});
