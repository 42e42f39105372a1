import { randomBytes } from 'node:crypto';
import { appendFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeDeclaredResources } from '../../scripts/declared-resources.mjs';
import { ROOT_DIR } from '../../src/server/paths';

type Tree = Record<string, unknown>;

/** One step of a README recipe: the sentence before a code block says what to do with it. */
interface Step {
  file: string;
  how: 'create' | 'append' | 'json' | 'declaration';
  /** For `json`: the dotted path of the object the block's members go into. */
  under?: string;
  code: string;
}

const STEP_SENTENCES: [RegExp, (m: RegExpMatchArray) => Pick<Step, 'file' | 'how' | 'under'>][] = [
  [/^Create `([^`]+)`:$/, (m) => ({ file: m[1], how: 'create' })],
  [/^Add to `([^`]+)`:$/, (m) => ({ file: m[1], how: 'append' })],
  [/^In `([^`]+\.json)`, under `([^`]+)`:$/, (m) => ({ file: m[1], how: 'json', under: m[2] })],
  [/^In `([^`]+\.ts)`, inside `resource\(\{ … \}\)`:$/, (m) => ({ file: m[1], how: 'declaration' })],
];

/** The steps of the README section headed `## <heading>`, in order. */
export function recipeSteps(heading: string): Step[] {
  const readme = readFileSync(join(ROOT_DIR, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README has no section "${heading}"`);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/\n([^\n]+)\n\n```\w*\n([\s\S]*?)\n```\n/g)].flatMap(([, sentence, code]) => {
    for (const [pattern, step] of STEP_SENTENCES) {
      const match = sentence.match(pattern);
      if (match) return [{ ...step(match), code }];
    }
    // A sentence ending in a colon introduces a step: one this cannot follow is a README to fix.
    if (sentence.endsWith(':')) throw new Error(`README "${heading}": no step reads "${sentence}"`);
    return [];
  });
}

const nodeAt = (tree: Tree, path: string): Tree =>
  path.split('.').reduce<Tree>((node, key) => (node[key] ??= {}) as Tree, tree);

const mergeInto = (target: Tree, source: Tree) => {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object')
      mergeInto(current as Tree, value as Tree);
    else target[key] = value;
  }
};

function applyStep(root: string, step: Step) {
  const path = join(root, step.file);
  if (step.how === 'create') {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${step.code}\n`);
  } else if (step.how === 'append') {
    const text = readFileSync(path, 'utf8');
    appendFileSync(path, `${text.endsWith('\n') ? '' : '\n'}${step.code}\n`);
  } else if (step.how === 'json') {
    const tree = JSON.parse(readFileSync(path, 'utf8')) as Tree;
    mergeInto(nodeAt(tree, step.under!), JSON.parse(`{${step.code}}`) as Tree);
    writeFileSync(path, `${JSON.stringify(tree, null, 2)}\n`);
  } else {
    // The block is more members of the declaration's object: they go before the call's closing `});`.
    const text = readFileSync(path, 'utf8');
    const close = text.lastIndexOf('});');
    if (close < 0) throw new Error(`${step.file} has no resource({ … }) to add to`);
    writeFileSync(path, `${text.slice(0, close)}${step.code}\n${text.slice(close)}`);
  }
}

/** What a copy of the project needs to run its server: the code, declarations, labels and policies. */
const COPIED = ['src/server', 'src/domain', 'resources', 'schemas', 'locales', 'policies'];

/**
 * A copy of the project with the README section's steps applied as written, and its declarations
 * listed as `npm start` lists them. Inside the checkout (under .tmp/, ignored) so that its imports
 * find node_modules. The caller removes it.
 */
export function followRecipe(heading: string): { root: string; remove: () => void } {
  const steps = recipeSteps(heading);
  if (!steps.length) throw new Error(`README section "${heading}" has no steps`);
  const copy = projectCopy();
  for (const step of steps) applyStep(copy.root, step);
  writeDeclaredResources(copy.root);
  return copy;
}

/** A clean copy of what the project's server runs from, inside the checkout (under .tmp/) so its imports find node_modules. */
export function projectCopy(): { root: string; remove: () => void } {
  const root = join(ROOT_DIR, '.tmp', `copy-${randomBytes(4).toString('hex')}`);
  for (const dir of COPIED) cpSync(join(ROOT_DIR, dir), join(root, dir), { recursive: true });
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
