// Writes resources/declared.ts, the list of every resource declaration in resources/ (each file that
// exports `resource(…)`), so that a new resource is found by adding its file and is never listed by
// hand. Run before anything reads the declarations: `npm test`, `npm start`, `npm run dev`.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const DECLARATION = /^export const (\w+) = resource\(/m;

/** The file's text for the declarations under `root`/resources: imports and one array, in file-name order. */
export function declaredResourcesText(root) {
  const dir = join(root, 'resources');
  const found = readdirSync(dir)
    .filter((file) => file.endsWith('.ts'))
    .sort()
    .flatMap((file) => {
      const match = DECLARATION.exec(readFileSync(join(dir, file), 'utf8'));
      return match ? [{ name: match[1], module: `./${file.slice(0, -3)}` }] : [];
    });
  return [
    '// Written by scripts/declared-resources.mjs from the files of this folder that declare a resource: never edit.',
    "import type { ResourceDef } from '../src/domain/resource';",
    ...found.map(({ name, module }) => `import { ${name} } from '${module}';`),
    '',
    'export const declared: ResourceDef[] = [',
    ...found.map(({ name }) => `  ${name},`),
    '];',
    '',
  ].join('\n');
}

/** Writes the file when its text changed (an unchanged file keeps its time, so builds stay cached). */
export function writeDeclaredResources(root) {
  const path = join(root, 'resources', 'declared.ts');
  const text = declaredResourcesText(root);
  if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileSync(path, text);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  writeDeclaredResources(join(import.meta.dirname, '..'));
