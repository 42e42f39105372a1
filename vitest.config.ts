import { defineConfig } from 'vitest/config';

/** Three suites with one runner: pure code, the API over real HTTP, and the app in real Chromium. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // The files share their loaded modules (antd, the declarations): 67 s isolated, 20 s shared;
          // they pass in any order (checked with --sequence.shuffle).
          isolate: false,
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // A cap, not a wait: a first render loads antd's code, seconds on a busy two-core machine
          // (the 5 s default timed out the lazy hooks' first test there).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          // Each file still starts its own app on its own copy of the seeded database; what the files
          // share is the loaded code: PGlite's WebAssembly compiled once, the server's modules loaded
          // and warmed once. Isolated, each file paid that again (12 min for the suite here, 4.3 now;
          // on PostgreSQL 14.4 and 4.4). Two files at a time then fill the two cores (3.6 and 3.5 min);
          // isolated, two had been slower than one, each loading everything again.
          isolate: false,
          maxWorkers: 2,
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Caps, not waits: a file's first database copies the seeded cluster, and two files share the
          // two cores (a test of 22 s alone took 35 beside another here; CI's machine may be slower).
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Two files at a time, each worker sharing loaded code between its files: 10.2 min here, 14.3
          // one at a time. Two at a time had failed steps that waited on a saturated machine for a zoom
          // or a fade to end; the browsers now ask for reduced motion (browser.ts) and tests wait for
          // states. Chromium's drawing takes two thirds of the CPU, so a third worker would not help.
          isolate: false,
          maxWorkers: 2,
          // expect.poll waits for a state; its default cap of 1 s is too short for a save and a
          // list refresh on a busy 2-core machine.
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
