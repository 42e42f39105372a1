/**
 * Asks again until the condition holds: what a test waits for (a dispatcher's delivery, another
 * instance's cache) happens on its own time, and a test waits for its state, never for a time.
 */
export const until = async <T>(ask: () => T | Promise<T>, holds: (value: T) => boolean = Boolean): Promise<T> => {
  for (;;) {
    const value = await ask();
    if (holds(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
