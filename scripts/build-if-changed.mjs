// `npm start`: builds the web app only when what goes into it changed since the last build, so a
// warm restart is the server's start alone. Plain Node (no tsx): it runs before every start.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const outDir = join(root, 'dist');
const stampFile = join(outDir, '.build-stamp');
// What the browser bundle is made of: the web code and everything it imports, and how it is built.
const inputs = ['src', 'resources', 'schemas', 'locales', 'policies', 'index.html', 'vite.config.ts', 'scripts/precompress.ts', 'package-lock.json'];
const skipped = new Set([join(root, 'src', 'server')]);

const files = (path) => {
  if (skipped.has(path) || !existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).sort().flatMap((name) => files(join(path, name)));
};

const hash = createHash('sha256');
for (const file of inputs.flatMap((input) => files(join(root, input)))) hash.update(file).update('\0').update(readFileSync(file));
const stamp = hash.digest('hex');

if (existsSync(join(outDir, 'index.html')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) process.exit(0);
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
writeFileSync(stampFile, stamp);
