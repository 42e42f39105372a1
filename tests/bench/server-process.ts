import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * Starts the server and resolves once it answers, with the time it took. `bundled` runs it as
 * `npm start` does (scripts/start.mjs: the build check, then the prebuilt bundle; build it first
 * with `node scripts/build-if-changed.mjs` so no build is timed); otherwise from the TypeScript
 * sources, which needs no build (the tests). Ready is the first answer: every route is mounted
 * before the server listens. (The OpenAPI document it used to wait for is built on its first
 * request, a tenth of a second that is no part of a start.) `script` runs another entry from the
 * sources instead of src/server/main.ts, one that wraps it.
 */
export async function startServer(
  env: Record<string, string>,
  { bundled = false, script = 'src/server/main.ts' } = {},
): Promise<{ ms: number; url: string; stop(): Promise<void>; kill(): void }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const [command, args] = bundled ? ['node', ['scripts/start.mjs']] : ['npx', ['tsx', script]];
  const child: ChildProcess = spawn(command, args, {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group: npx and tsx each start a child, and the server is the last of them.
    detached: true,
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(url).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const ms = performance.now() - started;
  return {
    ms,
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        // The whole group, or the server itself outlives npx and skews every later figure.
        process.kill(-child.pid!, 'SIGTERM');
      }),
    /** kill -9 of the whole group: no shutdown hook runs (the crash-recovery test). */
    kill: () => process.kill(-child.pid!, 'SIGKILL'),
  };
}

/**
 * A part measured on one server, then on two over the same database as behind a load balancer:
 * `run` is handed the servers' addresses and a label for them each time; all are stopped after.
 */
export async function oneThenTwoServers(
  env: Record<string, string>,
  run: (urls: string[], label: string) => Promise<void>,
) {
  const first = await startServer(env);
  try {
    await run([first.url], '1 instance');
    const second = await startServer(env);
    try {
      await run([first.url, second.url], '2 instances');
    } finally {
      await second.stop();
    }
  } finally {
    await first.stop();
  }
}
