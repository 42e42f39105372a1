import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { menuGroups } from '../../resources/menu';
import { enums } from '../../src/domain/enums';
import { screenPaths, type FieldSchema } from '../../src/domain/resource';
import { pages } from '../../resources/pages';
import { PROFILE_PATH, routeMeta } from '../../src/web/layout/route-meta';

const LANGUAGES = ['en', 'zh', 'es', 'ja'] as const;
const LOCALES_DIR = join(__dirname, '../../locales');

type Tree = { [key: string]: unknown };
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

const files = (lang: string) =>
  readdirSync(join(LOCALES_DIR, lang))
    .filter((f) => f.endsWith('.json'))
    .sort();

const readTree = (lang: string, file: string) =>
  JSON.parse(readFileSync(join(LOCALES_DIR, lang, file), 'utf8')) as Tree;

const deepMerge = (target: Tree, source: Tree): Tree => {
  for (const [key, value] of Object.entries(source))
    target[key] = isTree(value) && isTree(target[key]) ? deepMerge(target[key] as Tree, value) : value;
  return target;
};

/** locales/<lang>/*.json merged into one tree, as the web and the server load them. */
const load = (lang: string): Tree =>
  files(lang).reduce<Tree>((tree, file) => deepMerge(tree, readTree(lang, file)), {});

/** Dotted paths of every leaf. */
const leafKeys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (isTree(v) ? leafKeys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

const lookup = (tree: Tree, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (isTree(node) ? node[part] : undefined), tree);

const locales = Object.fromEntries(LANGUAGES.map((lang) => [lang, load(lang)])) as Record<
  (typeof LANGUAGES)[number],
  Tree
>;

/** Keys without a non-empty string label, per language; an empty object when all are there. */
const missingLabels = (keys: string[]) => {
  const missing: Record<string, string[]> = {};
  for (const lang of LANGUAGES) {
    const absent = keys.filter((key) => {
      const label = lookup(locales[lang], key);
      return typeof label !== 'string' || label.trim() === '';
    });
    if (absent.length) missing[lang] = absent;
  }
  return missing;
};

const enumOf = (field: FieldSchema) => field['x-enum'] ?? field.items?.['x-enum'];

describe('interface labels (locales/<lang>/*.json)', () => {
  it('has titles, a label for every schema property and every relation of each resource', () => {
    const keys = resources.flatMap((r) => [
      ...(['list', 'create', 'edit', 'show'] as const).map((screen) => `${r.name}.titles.${screen}`),
      ...Object.keys(r.schema.properties).map((field) => `${r.name}.fields.${field}`),
      ...Object.keys(r.relations ?? {}).map((key) => `${r.name}.relations.${key}`),
    ]);
    const missing = missingLabels(keys);
    expect(missing, `resource labels missing: ${JSON.stringify(missing, null, 2)}`).toEqual({});
  });

  it('labels every code of every value list: those of src/domain/enums.ts and those only a schema declares', () => {
    const lists = new Map<string, readonly (string | number)[]>(Object.entries(enums));
    for (const r of resources)
      for (const field of Object.values(r.schema.properties))
        if (field['x-enum'] && !lists.has(field['x-enum'])) lists.set(field['x-enum'], field.enum ?? []);
    const keys = [...lists].flatMap(([name, codes]) => codes.map((code) => `enums.${name}.${code}`));
    const missing = missingLabels(keys);
    expect(missing, `enum labels missing: ${JSON.stringify(missing, null, 2)}`).toEqual({});
  });

  it('has a menu label for every menu group and every top-level resource', () => {
    const keys = [
      ...menuGroups.map((g) => `menu.${g.name}`),
      ...resources.filter((r) => r.menu?.parent === null).map((r) => `menu.${r.name}`),
    ];
    const missing = missingLabels(keys);
    expect(missing, `menu labels missing: ${JSON.stringify(missing, null, 2)}`).toEqual({});
  });

  it('has a title for every route the layout names (tabs, breadcrumb, page title) and every menu page', () => {
    const paths = [
      '/login',
      '/404',
      '/401',
      '/auth-redirect',
      PROFILE_PATH,
      ...pages.map((p) => p.path),
      ...resources.flatMap((r) => Object.values(screenPaths(r)).map((p) => p.replace(/:id/g, '7'))),
    ];
    const untitled = paths.filter((p) => !routeMeta(p));
    expect(untitled, 'routes without a title').toEqual([]);
    const keys = [...new Set([...paths.map((p) => routeMeta(p)!.titleKey), ...pages.map((p) => p.title)])];
    const missing = missingLabels(keys);
    expect(missing, `route titles missing: ${JSON.stringify(missing, null, 2)}`).toEqual({});
  });

  it('has an icon in src/web/layout/icons.tsx for every menu icon resources/ names', () => {
    const icons = readFileSync(join(__dirname, '../../src/web/layout/icons.tsx'), 'utf8');
    const names = [
      ...resources.map((r) => r.menu?.icon),
      ...menuGroups.map((g) => g.icon),
      ...pages.map((p) => p.icon),
    ];
    const absent = [...new Set(names.filter((n): n is string => !!n && !icons.includes(`  ${n}: <`)))];
    expect(absent, 'menu icons without a line in icons.tsx').toEqual([]);
  });

  it('has the same keys in all four languages', () => {
    const keysOf = Object.fromEntries(LANGUAGES.map((lang) => [lang, new Set(leafKeys(locales[lang]))]));
    const all = [...new Set(LANGUAGES.flatMap((lang) => [...keysOf[lang]]))].sort();
    const missing: Record<string, string[]> = {};
    for (const lang of LANGUAGES) {
      const absent = all.filter((key) => !keysOf[lang].has(key));
      if (absent.length) missing[lang] = absent;
    }
    expect(missing, `keys another language has, missing per language: ${JSON.stringify(missing, null, 2)}`).toEqual({});
  });

  it('defines each key in one file only (files of a language do not overwrite each other)', () => {
    const duplicates: Record<string, string[]> = {};
    for (const lang of LANGUAGES) {
      const seen = new Map<string, string>();
      for (const file of files(lang))
        for (const key of leafKeys(readTree(lang, file))) {
          const first = seen.get(key);
          if (first) (duplicates[lang] ??= []).push(`${key} (${first}, ${file})`);
          else seen.set(key, file);
        }
    }
    expect(duplicates, `keys defined in two files: ${JSON.stringify(duplicates, null, 2)}`).toEqual({});
  });
});

describe('schema enumerations (schemas/*.json against src/domain/enums.ts)', () => {
  const fields = resources.flatMap((r) =>
    Object.entries(r.schema.properties)
      .filter(([, field]) => enumOf(field) !== undefined)
      .map(([name, field]) => ({ where: `${r.name}.${name}`, field })),
  );

  it('finds the x-enum fields', () => {
    expect(fields.length).toBeGreaterThan(0);
  });

  // A list of src/domain/enums.ts is repeated by its schemas; a list only a schema names is
  // declared there alone (an admin's, exported: issue 40), and needs its labels like any other.
  it.each(fields)('$where lists exactly the codes of its value list', ({ where, field }) => {
    const name = enumOf(field)!;
    const declared = field['x-enum'] ? field.enum : field.items?.enum;
    if (name in enums)
      expect(declared, `${where}: enum of x-enum '${name}'`).toEqual([...enums[name as keyof typeof enums]]);
    else expect(declared?.length, `${where}: x-enum '${name}' declares no codes`).toBeGreaterThan(0);
  });
});
