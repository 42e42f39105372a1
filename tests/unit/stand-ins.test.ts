import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { newEnforcer, newModelFromString } from 'casbin';
import { build, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { linesAdapter, type PolicyLine } from '../../src/domain/policy-adapter';
import { parsePolicyCsv } from '../../src/server/access/policy-store';
import { standIns } from '../../src/web/stand-ins/aliases';
import { minimatch, parse } from '../../src/web/stand-ins/casbin-imports';

/**
 * The browser build's stand-ins (src/web/stand-ins), bundled as vite.config.ts bundles them: the
 * libraries that import them must behave as with the packages they replace.
 */
const dir = mkdtempSync(join(tmpdir(), 'stand-ins-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let bundles = 0;
/** Bundles `entry` (module code) with the stand-ins for the browser, then imports the result. */
const bundle = async <T>(entry: string) => {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: standIns },
    plugins: [
      {
        name: 'entry',
        resolveId: (id) => (id.endsWith('stand-ins-entry') ? '\0entry' : null),
        load: (id) => (id === '\0entry' ? entry : null),
      },
    ],
    build: { write: false, minify: false, lib: { entry: 'stand-ins-entry', formats: ['es'], fileName: 'bundle' } },
  });
  // One output per library format (the one asked for), of one or more chunks.
  const chunks = ([result].flat()[0] as Rolldown.RolldownOutput).output.filter((o) => o.type === 'chunk');
  const out = join(dir, String(bundles++));
  mkdirSync(out);
  for (const chunk of chunks) writeFileSync(join(out, chunk.fileName), chunk.code);
  const main = chunks.find((c) => c.isEntry)!;
  return {
    code: chunks.map((c) => c.code).join('\n'),
    module: (await import(pathToFileURL(join(out, main.fileName)).href)) as T,
  };
};

// qs ships no types; the two calls Refine makes are enough here.
type Qs = { stringify(value: unknown): string; parse(text: string, options?: { arrayLimit?: number }): unknown };

describe('qs over the side-channel stand-in', async () => {
  const { code, module } = await bundle<{ qs: Qs }>(`export { default as qs } from 'qs';`);
  const { qs } = module;

  it('is bundled without the package, which needs get-intrinsic', () => {
    expect(code).not.toContain('%WeakMap%');
  });

  it('stringifies and parses nested objects and arrays as before', () => {
    const value = {
      filters: [{ field: 'status', operator: 'eq', value: '1' }],
      sorters: [{ field: 'id', order: 'desc' }],
      current: '2',
      q: 'a&b',
    };
    const text = qs.stringify(value);
    expect(text).toBe(
      'filters%5B0%5D%5Bfield%5D=status&filters%5B0%5D%5Boperator%5D=eq&filters%5B0%5D%5Bvalue%5D=1&sorters%5B0%5D%5Bfield%5D=id&sorters%5B0%5D%5Border%5D=desc&current=2&q=a%26b',
    );
    expect(qs.parse(text)).toEqual(value);
    // Arrays past the limit become objects, a note qs keeps in a side channel.
    expect(qs.parse('a[0]=x&a[30]=y')).toEqual({ a: { 0: 'x', 30: 'y' } });
    expect(qs.parse('a[]=1&a[]=2', { arrayLimit: 1 })).toEqual({ a: { 0: '1', 1: '2' } });
  });

  it('refuses a cycle', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = { back: cyclic };
    expect(() => qs.stringify(cyclic)).toThrow(/Cyclic object value/);
  });
});

describe('Casbin without csv-parse, minimatch and buffer', async () => {
  const modelText = readFileSync('policies/model.conf', 'utf8');
  const lines = parsePolicyCsv(readFileSync('policies/policy.csv', 'utf8'));
  const { module } = await bundle<{ enforcerOf: (lines: PolicyLine[]) => ReturnType<typeof newEnforcer> }>(
    `export { enforcerOf } from ${JSON.stringify(resolve('src/web/providers/enforcer.ts'))};`,
  );

  it('has a model whose matcher calls no function the stand-ins replace', () => {
    const matchers = modelText.slice(modelText.indexOf('[matchers]'));
    expect([...matchers.matchAll(/([A-Za-z_]\w*)\s*\(/g)].map((m) => m[1])).toEqual(['g']);
  });

  it('decides as the server’s Casbin does, with no Buffer in the page', async () => {
    const scope = globalThis as { Buffer?: unknown };
    const nodeBuffer = scope.Buffer;
    delete scope.Buffer;
    let ours;
    try {
      ours = await module.enforcerOf(lines);
      expect(scope.Buffer).toBeUndefined();
    } finally {
      scope.Buffer = nodeBuffer;
    }
    const theirs = await newEnforcer(newModelFromString(modelText), linesAdapter(lines));
    const roles = [...new Set(lines.map((l) => l.values[0]))];
    const objects = [...new Set(lines.filter((l) => l.ptype === 'p').map((l) => l.values[1]))];
    for (const role of roles)
      for (const object of [...objects, 'no.such.object'])
        expect(await ours.enforce(role, object), `${role} ${object}`).toBe(await theirs.enforce(role, object));
    // Every role against every object of the shipped policy: seconds beside the other unit files on two busy cores.
  }, 60_000);

  it('says why, should anything call what is left out', () => {
    expect(() => parse()).toThrow(
      /left out of the browser build: the access model in policies\/model.conf does not use it/,
    );
    expect(() => minimatch()).toThrow(/globMatch/);
  });
});

describe('the stand-ins redirected inside antd', () => {
  it('computes a button’s text colour as antd’s colour presets do', async () => {
    const { isBright } = await import('../../src/web/stand-ins/button-colors');
    const presets = await import('antd/es/color-picker/components/ColorPresets');
    const { AggregationColor } = await import('antd/es/color-picker/color');
    const colours = [
      '#fff',
      '#000',
      '#1677ff',
      '#fadb14',
      '#ffe58f',
      'rgba(0,0,0,0.2)',
      'rgba(255,255,255,0.4)',
      '#ff4d4f80',
      'transparent',
    ];
    for (const colour of colours)
      for (const background of ['#fff', '#000', '#141414'])
        expect(isBright(new AggregationColor(colour), background), `${colour} on ${background}`).toBe(
          presets.isBright(new AggregationColor(colour), background),
        );
  });

  it('leaves out Card’s tabs, which no card of ours uses', async () => {
    const { readdirSync, readFileSync: read } = await import('node:fs');
    const sources = readdirSync('src/web', { recursive: true, encoding: 'utf8' }).filter(
      (f) => /\.tsx?$/.test(f) && !f.startsWith('stand-ins'),
    );
    expect(sources.length).toBeGreaterThan(50);
    expect(sources.filter((f) => /\btabList\b/.test(read(join('src/web', f), 'utf8')))).toEqual([]);
    const { default: CardTabs } = await import('../../src/web/stand-ins/card-tabs');
    expect(() => CardTabs()).toThrow(/Card tabList is left out of the browser build/);
  });
});
