import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { structuredPatch } from 'diff';
import { applyEdits, modify, type FormattingOptions } from 'jsonc-parser';
import { format, resolveConfig } from 'prettier';
import { resources } from '../../../resources/index';
import {
  CUSTOM_AREA,
  CUSTOM_LANGUAGES,
  customEnumName,
  customFieldSchema,
  type CustomField,
  type Labels,
  type Overlay,
  type ResourceOverlay,
} from '../../domain/customization';
import { buttonPermission, type ResourceDef } from '../../domain/resource';
import { ROOT_DIR } from '../paths';

const JSON_FORMAT: FormattingOptions = { tabSize: 2, insertSpaces: true, eol: '\n' };

/** A file's text as the repository's formatter writes it, so the diff holds only what changed. */
async function formatted(path: string, text: string) {
  const config = (await resolveConfig(join(ROOT_DIR, path))) ?? {};
  return format(text, { ...config, filepath: join(ROOT_DIR, path) });
}

/** The files a diff changes: path -> [text now (null: new), text after]. */
type Edits = Map<string, [string | null, string]>;

const read = (path: string) => readFileSync(join(ROOT_DIR, path), 'utf8');

const editJson = (edits: Edits, path: string, change: (text: string) => string) => {
  const [before, now] = edits.get(path) ?? [read(path), read(path)];
  edits.set(path, [before, change(now)]);
};

const set = (text: string, path: (string | number)[], value: unknown) =>
  applyEdits(text, modify(text, path, value, { formattingOptions: JSON_FORMAT }));

const label = (labels: Labels | undefined, language: (typeof CUSTOM_LANGUAGES)[number]) =>
  labels?.[language] ?? labels?.en ?? '';

/** The schema file declaring `r` (its `$id`). */
const schemaFile = (r: ResourceDef) =>
  readdirSync(join(ROOT_DIR, 'schemas'))
    .map((f) => `schemas/${f}`)
    .find((f) => (JSON.parse(read(f)) as { $id?: string }).$id === r.schema.$id);

/** The locale file of a language holding the resource's labels (`<resource>.fields`). */
const localeFile = (resource: string, language: string) =>
  readdirSync(join(ROOT_DIR, 'locales', language))
    .map((f) => `locales/${language}/${f}`)
    .find((f) => (JSON.parse(read(f)) as Record<string, { fields?: object }>)[resource]?.fields);

function addFieldLabels(edits: Edits, resource: string, fields: CustomField[]) {
  for (const language of CUSTOM_LANGUAGES) {
    const file = localeFile(resource, language);
    if (file)
      for (const f of fields)
        editJson(edits, file, (t) => set(t, [resource, 'fields', f.name], label(f.labels, language)));
    for (const f of fields.filter((x) => x.values?.length))
      editJson(edits, `locales/${language}/enums.json`, (t) =>
        set(
          t,
          ['enums', customEnumName(resource, f.name)],
          Object.fromEntries(f.values!.map((v) => [String(v.value), label(v.labels, language)])),
        ),
      );
  }
}

function extendShipped(edits: Edits, r: ResourceDef, own: ResourceOverlay) {
  const fields = own.fields.filter((f) => !f.removed);
  const file = schemaFile(r);
  if (!file || !fields.length) return;
  for (const f of fields) editJson(edits, file, (t) => set(t, ['properties', f.name], customFieldSchema(r.name, f)));
  const required = fields.filter((f) => f.required).map((f) => f.name);
  if (required.length)
    editJson(edits, file, (t) =>
      set(t, ['required'], [...((JSON.parse(t) as { required?: string[] }).required ?? []), ...required]),
    );
  addFieldLabels(edits, r.name, fields);
  const listed = fields.filter((f) => f.list !== false).map((f) => f.name);
  const declaration = `resources/${r.name}.ts`;
  if (listed.length && existsSync(join(ROOT_DIR, declaration))) {
    const text = read(declaration);
    const after = text.replace(
      /(\n {2}columns: \[[^\]]*?),?(\n? *\],)/,
      (_, head: string, tail: string) => `${head},${listed.map((f) => ` '${f}'`).join(',')}${tail}`,
    );
    if (after !== text) edits.set(declaration, [text, after]);
  }
}

function addResourceFiles(edits: Edits, name: string, own: ResourceOverlay) {
  const r = resources.find((d) => d.name === name)!;
  const { $id: _id, ...rest } = r.schema;
  edits.set(`schemas/${name}.json`, [null, JSON.stringify({ $id: name, ...rest })]);
  edits.set(`resources/${name}.ts`, [
    null,
    `import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/${name}.json';
import { resource } from './names';

/** ${label(own.added!.labels, 'en')}: a record type an admin added from System -> Customize, exported (issue 40). */
export const ${name} = resource({
  name: '${name}',
  area: '${CUSTOM_AREA}',
  schema: schema as EntitySchema,
  menu: { icon: '${r.menu?.icon ?? 'AppstoreOutlined'}', order: ${r.menu?.order ?? 10} },
  search: ${JSON.stringify(r.search)},
  sort: '-id',
  label: '${r.label}',
  columns: ${JSON.stringify(r.columns ?? [])},
  actions: ['create', 'edit', 'delete', 'export'],
  ${r.tenant ? `tenant: '${r.tenant}',` : ''}
});
`,
  ]);
  for (const language of CUSTOM_LANGUAGES) {
    const title = label(own.added!.labels, language);
    const fields = Object.fromEntries(own.fields.map((f) => [f.name, label(f.labels, language)]));
    edits.set(`locales/${language}/${name}.json`, [
      null,
      JSON.stringify({ [name]: { titles: { list: title, create: title, edit: title, show: title }, fields } }),
    ]);
    for (const f of own.fields.filter((x) => x.values?.length))
      editJson(edits, `locales/${language}/enums.json`, (t) =>
        set(
          t,
          ['enums', customEnumName(name, f.name)],
          Object.fromEntries(f.values!.map((v) => [String(v.value), label(v.labels, language)])),
        ),
      );
  }
  const declared = read('resources/declared.ts');
  const lines = declared.split('\n');
  const imports = [...lines.filter((l) => l.startsWith('import { ')), `import { ${name} } from './${name}';`].sort(
    (a, b) => a.split("'")[1].localeCompare(b.split("'")[1]),
  );
  const names = imports.map((l) => l.slice('import { '.length, l.indexOf(' }')));
  editJson(edits, 'resources/declared.ts', () =>
    [
      lines[0],
      lines[1],
      ...imports,
      '',
      'export const declared: ResourceDef[] = [',
      ...names.map((n) => `  ${n},`),
      '];',
      '',
    ].join('\n'),
  );
  const policy = read('policies/policy.csv');
  const grants = [r.permission, ...['create', 'edit', 'delete', 'export'].map((a) => buttonPermission(r, a))]
    .map((object, i) => `p, admin, ${object}, ${i ? 3 : 1}`)
    .filter((line) => !policy.includes(`${line}\n`));
  if (grants.length)
    editJson(edits, 'policies/policy.csv', (t) => `${t.endsWith('\n') ? t : `${t}\n`}${grants.join('\n')}\n`);
}

/** One file's part of a unified diff that `git apply` takes (a/ and b/ paths, a new file from /dev/null). */
function filePatch(path: string, before: string | null, after: string) {
  const patch = structuredPatch(path, path, before ?? '', after, '', '', { context: 3 });
  if (!patch.hunks.length) return '';
  const head = before === null ? `--- /dev/null\n+++ b/${path}\n` : `--- a/${path}\n+++ b/${path}\n`;
  const hunks = patch.hunks.map(
    (h) => `@@ -${h.oldLines ? h.oldStart : 0},${h.oldLines} +${h.newStart},${h.newLines} @@\n${h.lines.join('\n')}\n`,
  );
  return `diff --git a/${path} b/${path}\n${before === null ? 'new file mode 100644\n' : ''}${head}${hunks.join('')}`;
}

/**
 * The overlay as the change a developer would have made by hand (issue 40): fields into their
 * schema, labels into each language's file, list columns into the declaration, an added record
 * type as its schema, declaration, labels and admin's policy lines. Committed, the files declare
 * what the overlay did, and on start its entries retire (registry.ts).
 */
export async function exportCustomizations(overlay: Overlay): Promise<string> {
  const edits: Edits = new Map();
  for (const [name, own] of Object.entries(overlay)) {
    if (own.added) addResourceFiles(edits, name, own);
    else {
      const r = resources.find((d) => d.name === name);
      if (r) extendShipped(edits, r, own);
    }
  }
  const parts: string[] = [];
  for (const [path, [before, after]] of [...edits].sort(([a], [b]) => a.localeCompare(b))) {
    const text = path.endsWith('.csv') ? after : await formatted(path, after);
    parts.push(filePatch(path, before, text));
  }
  return parts.join('');
}
