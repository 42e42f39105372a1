import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resourceByName, resources } from '../../resources/index';
import { RECORD_TIMES, type FieldSchema, type ResourceDef } from '../../src/domain/resource';

/** What the engine needs from a declaration to draw a designed screen (issue 14), checked for all of them. */
const LANGUAGES = ['en', 'zh', 'es', 'ja'];
const dictionary = (lang: string) =>
  readdirSync(join(__dirname, '../../locales', lang))
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(__dirname, '../../locales', lang, f), 'utf8')) as Record<string, unknown>);
const dictionaries = Object.fromEntries(LANGUAGES.map((lang) => [lang, dictionary(lang)]));
const label = (lang: string, key: string) =>
  dictionaries[lang]
    .map((tree) =>
      key
        .split('.')
        .reduce<unknown>(
          (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
          tree,
        ),
    )
    .find((v) => typeof v === 'string' && v.trim() !== '');

/** Every field of a resource, the fields of its lines and nested objects included, with where it sits. */
const allFields = (r: ResourceDef): [string, FieldSchema][] => {
  const walk = (props: Record<string, FieldSchema>, prefix: string): [string, FieldSchema][] =>
    Object.entries(props).flatMap(([name, s]) => [
      [`${prefix}${name}`, s] as [string, FieldSchema],
      ...walk(s.items?.properties ?? s.properties ?? {}, `${prefix}${name}.`),
    ]);
  return walk(r.schema.properties, `${r.name}.`);
};

describe('declarations of designed screens', () => {
  it('gives every list of the menu its columns in order of importance, each a field it can show', () => {
    const problems = resources
      .filter((r) => r.menu || r.columns)
      .flatMap((r) =>
        r.columns
          ? r.columns
              .filter(
                (f) =>
                  (!r.schema.properties[f] && !RECORD_TIMES.includes(f)) ||
                  r.schema.properties[f]?.writeOnly ||
                  r.schema.properties[f]?.['x-multiline'],
              )
              .map((f) => `${r.name}.${f}`)
          : [`${r.name}: no columns`],
      );
    expect(problems).toEqual([]);
  });

  it('carries into a record made from a tab only fields both have, of one kind, never its fixed parent key', () => {
    const problems = resources.flatMap((r) =>
      Object.entries(r.relations ?? {}).flatMap(([key, relation]) => {
        const child = resourceByName(relation.resource)!;
        return (relation.carries ?? [])
          .filter((f) => {
            const [mine, theirs] = [r.schema.properties[f], child.schema.properties[f]];
            return (
              !mine || !theirs || theirs.readOnly || f === relation.foreignKey || mine['x-ref'] !== theirs['x-ref']
            );
          })
          .map((f) => `${r.name}.${key}.${f}`);
      }),
    );
    expect(problems).toEqual([]);
  });

  it('says what a pattern expects: every patterned field has its own message, in every language', () => {
    const fields = resources.flatMap(allFields).filter(([, s]) => s.pattern);
    expect(fields.length).toBeGreaterThan(5);
    expect(fields.filter(([, s]) => !s['x-messages']?.pattern).map(([where]) => where)).toEqual([]);
  });

  it('translates every message, form section and narrowed lookup a declaration names', () => {
    const keys = resources.flatMap((r) =>
      allFields(r).flatMap(([, s]) => [
        ...Object.values(s['x-messages'] ?? {}),
        ...(s['x-group'] ? [`${r.name}.groups.${s['x-group']}`] : []),
      ]),
    );
    const missing = LANGUAGES.flatMap((lang) =>
      [...new Set(keys)].filter((key) => !label(lang, key)).map((key) => `${lang}: ${key}`),
    );
    expect(missing).toEqual([]);
    const narrowed = resources.flatMap(allFields).filter(([, s]) => s['x-refFilter']);
    expect(narrowed.map(([where]) => where)).toContain('outbounds.truckingCompanyId');
    for (const [where, s] of narrowed) {
      const target = resourceByName(s['x-ref']!);
      for (const [field, value] of Object.entries(s['x-refFilter']!)) {
        const filtered = target?.schema.properties[field];
        expect(filtered?.enum ?? [value], `${where}: ${field}=${value}`).toContain(value);
      }
    }
  });

  it('gives a tone only to states of the enum it colours, and every state of an enum with tones one', () => {
    const toned = resources.flatMap(allFields).filter(([, s]) => s['x-tones']);
    expect(toned.map(([where]) => where)).toEqual(expect.arrayContaining(['apiKeys.status']));
    for (const [where, s] of toned)
      expect(Object.keys(s['x-tones']!).sort(), where).toEqual((s.enum ?? []).map(String).sort());
  });

  it("takes a state machine's tones from its states alone: one per state of its field, no x-tones beside them", () => {
    // A shipment's machine has actions and no states.
    const machines = resources.filter((r) => r.workflow?.machine?.states.length);
    expect(machines.map((r) => r.name)).toEqual(
      expect.arrayContaining(['bills', 'expenses', 'orders', 'deliveries', 'inbounds']),
    );
    for (const r of machines) {
      const { field, states } = r.workflow!.machine!;
      const schema = r.schema.properties[field];
      expect(schema['x-tones'], r.name).toBeUndefined();
      expect(states.map((s) => String(s.value)).sort(), r.name).toEqual((schema.enum ?? []).map(String).sort());
    }
  });
});
