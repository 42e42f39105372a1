import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process';

/**
 * A throwaway PostgreSQL for the bench when DATABASE_URL is not given, made as .ci/run makes one:
 * Debian's newest server binaries, a temp folder, 127.0.0.1 on a free port, fsync off.
 */
export async function startPostgres(): Promise<{ url: string; stop(): void }> {
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b))
    : [];
  if (!versions.length)
    throw new Error('no PostgreSQL server installed (apt-get install postgresql), or set DATABASE_URL');
  const bin = `/usr/lib/postgresql/${versions.at(-1)}/bin`;
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const port = await freePort();
  // initdb refuses root: run the server as the account the package made.
  const asPostgres = (command: string, args: string[]) =>
    process.getuid?.() === 0
      ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args])
      : execFileSync(command, args);
  if (process.getuid?.() === 0) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString());
    chownSync(dir, id('-u'), id('-g'));
  }
  asPostgres(`${bin}/initdb`, ['-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  asPostgres(`${bin}/pg_ctl`, [
    '-D',
    `${dir}/data`,
    '-l',
    `${dir}/log`,
    '-w',
    'start',
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c shared_buffers=512MB -c max_connections=200`,
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      asPostgres(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-m', 'fast', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
