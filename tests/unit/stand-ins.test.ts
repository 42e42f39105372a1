import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standIns } from '../../src/web/stand-ins/aliases';

/**
 * The browser build's stand-ins (src/web/stand-ins), bundled as vite.config.ts bundles them: the
 * libraries that import them must behave as with the packages they replace.
 */
const ENTRY = `export { default as qs } from 'qs';`;

let code = '';
// qs ships no types; the two calls Refine makes are enough here.
type Qs = { stringify(value: unknown): string; parse(text: string, options?: { arrayLimit?: number }): unknown };
let bundled: { qs: Qs };
const dir = mkdtempSync(join(tmpdir(), 'stand-ins-'));

beforeAll(async () => {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: standIns },
    plugins: [{ name: 'entry', resolveId: (id) => (id.endsWith('stand-ins-entry') ? '\0entry' : null), load: (id) => (id === '\0entry' ? ENTRY : null) }],
    build: { write: false, minify: false, lib: { entry: 'stand-ins-entry', formats: ['es'], fileName: 'bundle' } },
  });
  // One output per library format: the one asked for.
  code = ([result].flat()[0] as Rolldown.RolldownOutput).output[0].code;
  const file = join(dir, 'bundle.mjs');
  writeFileSync(file, code);
  bundled = await import(pathToFileURL(file).href);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('qs over the side-channel stand-in', () => {
  it('is bundled without the package, which needs get-intrinsic', () => {
    expect(code).not.toContain('%WeakMap%');
  });

  it('stringifies and parses nested objects and arrays as before', () => {
    const { qs } = bundled;
    const value = { filters: [{ field: 'status', operator: 'eq', value: '1' }], sorters: [{ field: 'id', order: 'desc' }], current: '2', q: 'a&b' };
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
    expect(() => bundled.qs.stringify(cyclic)).toThrow(/Cyclic object value/);
  });
});
