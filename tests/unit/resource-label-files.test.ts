import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import type { FieldSchema } from '../../src/domain/resource';
import { isTree, LANGUAGES, localeFiles, readLocaleFile, type Language, type Tree } from '../helpers/locale-files';

/**
 * What labels a resource on the engine's screens, `<resource>.<part>.*`: titles (pages), fields
 * (fields.ts), relations (ShowPage), groups (SectionsTemplate), items and placeholders
 * (form-schema.ts). A workflow's texts (actions, ask, hints) are not labels and live with it.
 */
const LABEL_PARTS = ['titles', 'fields', 'relations', 'groups', 'items', 'placeholders'];

const trees = new Map<string, Tree>();
const read = (lang: Language, file: string) => {
  const key = `${lang}/${file}`;
  if (!trees.has(key)) trees.set(key, readLocaleFile(lang, file));
  return trees.get(key)!;
};

const labelsIn = (lang: Language, file: string, name: string) => {
  const node = read(lang, file)[name];
  return isTree(node) && LABEL_PARTS.some((part) => part in node) ? node : undefined;
};

/** Files of a language that label the resource; one is right. */
const labellingFiles = (lang: Language, name: string) => localeFiles(lang).filter((file) => labelsIn(lang, file, name));

/**
 * Its fields, and the fields of its arrays of objects kept with the record (a fee model's lines and
 * their bands), which the form labels as the resource's own; lines of another resource (x-lines)
 * are labelled there.
 */
const fieldNames = (properties: Record<string, FieldSchema>): string[] =>
  Object.entries(properties).flatMap(([name, s]) => [
    name,
    ...(s.type === 'array' && s.items?.type === 'object' && !s['x-lines'] && s.items.properties
      ? fieldNames(s.items.properties)
      : []),
  ]);

describe("each resource's labels in one locale file", () => {
  it('labels every resource in exactly one file, the same in all four languages', () => {
    const wrong = resources.flatMap((r) => {
      const files = LANGUAGES.map((lang) => labellingFiles(lang, r.name).join(' + ') || 'none');
      return files.every((f) => f === files[0] && !f.includes(' + ') && f !== 'none')
        ? []
        : [`${r.name}: ${LANGUAGES.map((lang, i) => `${lang} ${files[i]}`).join(', ')}`];
    });
    expect(wrong, 'resources labelled in no file, several files, or different files per language').toEqual([]);
  });

  it('labels every field of every resource in its one file, in all four languages', () => {
    const missing = resources.flatMap((r) =>
      LANGUAGES.flatMap((lang) => {
        const [file] = labellingFiles(lang, r.name);
        const labels = (file && labelsIn(lang, file, r.name)?.fields) as Tree | undefined;
        return fieldNames(r.schema.properties)
          .filter((field) => typeof labels?.[field] !== 'string' || !(labels[field] as string).trim())
          .map((field) => `${lang} ${file ?? '?'}: ${r.name}.fields.${field}`);
      }),
    );
    expect(missing, 'fields without a label in their resource file').toEqual([]);
  });
});
