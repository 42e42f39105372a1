import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process';

/**
 * A throwaway PostgreSQL for the bench when DATABASE_URL is not given, made as .ci/run makes one:
 * Debian's newest server binaries, a temp folder, 127.0.0.1 on a free port, fsync off; with
 * `replica`, a streaming replica of it beside (pg_basebackup -R), at `replicaUrl`.
 */
export async function startPostgres({ replica = false } = {}): Promise<{
  url: string;
  replicaUrl?: string;
  stop(): void;
}> {
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b))
    : [];
  if (!versions.length)
    throw new Error('no PostgreSQL server installed (apt-get install postgresql), or set DATABASE_URL');
  const bin = `/usr/lib/postgresql/${versions.at(-1)}/bin`;
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  // initdb refuses root: run the server as the account the package made.
  const asPostgres = (command: string, args: string[]) =>
    process.getuid?.() === 0
      ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args])
      : execFileSync(command, args);
  if (process.getuid?.() === 0) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString());
    chownSync(dir, id('-u'), id('-g'));
  }
  const start = (data: string, port: number) =>
    asPostgres(`${bin}/pg_ctl`, [
      '-D',
      `${dir}/${data}`,
      '-l',
      `${dir}/${data}.log`,
      '-w',
      'start',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c shared_buffers=512MB -c max_connections=200`,
    ]);
  const servers = ['data'];
  const port = await freePort();
  asPostgres(`${bin}/initdb`, ['-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  start('data', port);
  let replicaUrl: string | undefined;
  if (replica) {
    // initdb's trust rules already let 127.0.0.1 replicate.
    asPostgres(`${bin}/pg_basebackup`, [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      '-D',
      `${dir}/replica`,
      '-R',
      '-X',
      'stream',
    ]);
    const replicaPort = await freePort();
    start('replica', replicaPort);
    servers.unshift('replica');
    replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    replicaUrl,
    stop: () => {
      for (const data of servers) asPostgres(`${bin}/pg_ctl`, ['-D', `${dir}/${data}`, '-m', 'fast', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
