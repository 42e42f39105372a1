import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** locales/<lang>/*.json read file by file, for checks that care which file holds a key. */
export const LANGUAGES = ['en', 'zh', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Tree = { [key: string]: unknown };

const LOCALES_DIR = join(__dirname, '../../locales');

export const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

export const localeFiles = (lang: Language) =>
  readdirSync(join(LOCALES_DIR, lang))
    .filter((f) => f.endsWith('.json'))
    .sort();

export const readLocaleFile = (lang: Language, file: string) =>
  JSON.parse(readFileSync(join(LOCALES_DIR, lang, file), 'utf8')) as Tree;

/** Every leaf as [dotted key, text]. */
const leaves = (tree: Tree, prefix = ''): [string, unknown][] =>
  Object.entries(tree).flatMap(([k, v]) => (isTree(v) ? leaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v]]));

/** Every leaf of a language, across its files. */
export const allLeaves = (lang: Language) => localeFiles(lang).flatMap((file) => leaves(readLocaleFile(lang, file)));
