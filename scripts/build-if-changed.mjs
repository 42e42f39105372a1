// `npm start`: builds the web app and the server bundle only when what goes into each changed since
// its last build, so a warm restart is the server's start alone: plain Node on one prebuilt file,
// with no TypeScript compiled and no module of ours resolved at start. Plain Node (no tsx): it runs
// before every start.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeDeclaredResources } from './declared-resources.mjs';

const root = join(import.meta.dirname, '..');
// A resource file added since the last start is found before anything is built from the declarations.
writeDeclaredResources(root);
const self = 'scripts/build-if-changed.mjs';

const files = (path, skipped) => {
  if (skipped.has(path) || !existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name), skipped));
};

/**
 * A hash of every file under `inputs` (paths from the root), but those under `skip`: its path, size
 * and modification time, not its content, so the check before every start reads no file. An edit,
 * a checkout or a new install changes them all the same.
 */
const stampOf = (inputs, skip = []) => {
  const skipped = new Set(skip.map((path) => join(root, path)));
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => files(join(root, input), skipped))) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${file}\0${size}\0${mtimeMs}\n`);
  }
  return hash.digest('hex');
};

/** Runs `make` unless `output` exists and was built from inputs with this stamp. */
const unlessUnchanged = async (stampFile, output, stamp, make) => {
  if (existsSync(output) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  await make();
  writeFileSync(stampFile, stamp);
};

// The browser bundle: the web code and everything it imports, and how it is built.
await unlessUnchanged(
  join(root, 'dist', '.build-stamp'),
  join(root, 'dist', 'index.html'),
  stampOf(
    [
      'src',
      'resources',
      'schemas',
      'locales',
      'policies',
      'index.html',
      'vite.config.ts',
      'scripts/precompress.ts',
      'scripts/app-icons.ts',
      'scripts/offline-app.ts',
      'package-lock.json',
    ],
    ['src/server'],
  ),
  async () => {
    const vite = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (vite.status !== 0) process.exit(vite.status ?? 1);
  },
);

// The server: ESM files two folders below the root (ROOT_DIR is found from them), libraries left
// to node_modules (some read files next to themselves), source maps for readable stacks. Split at
// its dynamic imports, so what main.ts loads while the database opens, and the driver not chosen,
// are chunks of their own rather than imports every start evaluates first.
const serverDir = join(root, 'build', 'server');
await unlessUnchanged(
  join(serverDir, '.build-stamp'),
  join(serverDir, 'main.mjs'),
  stampOf(['src', 'resources', 'schemas', 'package-lock.json', 'tsconfig.json', self], ['src/web']),
  async () => {
    // Chunk names change with their content: the last build's would pile up.
    rmSync(serverDir, { recursive: true, force: true });
    mkdirSync(serverDir, { recursive: true });
    // Loaded only to build: the check before every start stays a few file stats.
    const { build } = await import('esbuild');
    await build({
      entryPoints: [join(root, 'src', 'server', 'main.ts'), join(root, 'src', 'server', 'db', 'make-cluster.ts')],
      outdir: serverDir,
      outExtension: { '.js': '.mjs' },
      entryNames: '[name]',
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      splitting: true,
      target: `node${process.versions.node.split('.')[0]}`,
      sourcemap: true,
      logLevel: 'warning',
    });
  },
);

// The empty PGlite cluster a cold start copies instead of running initdb (src/server/db/pglite-template.ts
// names it by the PGlite version the same way).
const pglite = JSON.parse(
  readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
).version;
if (!existsSync(join(root, 'build', 'pglite', `empty-${pglite}.tar.gz`))) {
  const made = spawnSync(process.execPath, [join(serverDir, 'make-cluster.mjs')], { cwd: root, stdio: 'inherit' });
  if (made.status !== 0) process.exit(made.status ?? 1);
}
