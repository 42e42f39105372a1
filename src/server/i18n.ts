import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const LANGUAGES = ['en', 'zh', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

type Tree = { [key: string]: string | Tree };

const deepMerge = (target: Tree, source: Tree): Tree => {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] = typeof value === 'object' && typeof current === 'object' ? deepMerge(current, value) : value;
  }
  return target;
};

/** Loads locales/<lang>/*.json (the same files the web uses) into one tree per language. */
export function loadLocales(localesDir: string): Record<Language, Tree> {
  const result = {} as Record<Language, Tree>;
  for (const lang of LANGUAGES) {
    const dir = join(localesDir, lang);
    result[lang] = {};
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort())
      deepMerge(result[lang], JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree);
  }
  return result;
}

const lookup = (tree: Tree, key: string): string | undefined => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
};

/**
 * Labels of the customizations in force (src/server/customize/registry.ts), read before the
 * files': every translator of the process sees an admin's new field at once.
 */
let customLabels: Partial<Record<Language, Tree>> = {};
export const setCustomLabels = (trees: Partial<Record<Language, Tree>>) => {
  customLabels = trees;
};

export type Translate = (key: string, params?: Record<string, unknown>) => string;

export const translator =
  (locales: Record<Language, Tree>, lang: Language): Translate =>
  (key, params = {}) => {
    // A count picks its plural form (`<key>_one`, `<key>_other`) by the language's rules, as i18next does in the browser.
    const forms = (language: Language) =>
      typeof params.count === 'number' ? [`${key}_${new Intl.PluralRules(language).select(params.count)}`, key] : [key];
    const inLanguage = (language: Language) =>
      forms(language)
        .map((form) => lookup(customLabels[language] ?? {}, form) ?? lookup(locales[language], form))
        .find((text) => text !== undefined);
    const text = inLanguage(lang) ?? inLanguage('en') ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
  };

/** `lang` header first, then the first Accept-Language entry we speak (zh-CN -> zh), else en. */
export function pickLanguage(langHeader?: string, acceptLanguage?: string): Language {
  const candidates = [langHeader, ...(acceptLanguage ?? '').split(',').map((part) => part.split(';')[0])];
  for (const candidate of candidates) {
    const base = candidate?.trim().toLowerCase().split(/[-_]/)[0];
    if (base && (LANGUAGES as readonly string[]).includes(base)) return base as Language;
  }
  return 'en';
}
