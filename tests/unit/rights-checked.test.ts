import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataRights } from '../../resources/rights';
import { resourceCatalogue } from '../../src/server/access/catalogue';
import { parsePolicyCsv } from '../../src/server/access/policy-store';

/**
 * Every right the code checks is one the role tree can grant, and every right the policy file
 * grants is one the code checks (issue 39): a check nobody can grant locks a screen for good, a
 * grant nobody checks is a promise in the file that nothing keeps. Pages and buttons of the
 * catalogue are checked by the engine (routes and screens made from the same declarations); the
 * rights named by hand are found in the code's text.
 */
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
const code = ['src/server', 'src/web'].flatMap(files).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
const catalogue = new Set(resourceCatalogue().map((e) => e.name));

describe('the rights', () => {
  it('named by hand in a route or a screen are all in the catalogue', () => {
    const named = code.flatMap(({ path, text }) =>
      [...text.matchAll(/permission(?:=|: )['"]([a-zA-Z.]+)['"]/g)].map((m) => ({ path, right: m[1] })),
    );
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter(({ right }) => !catalogue.has(right))).toEqual([]);
  });

  it('granted by the policy file are all in the catalogue', () => {
    const granted = parsePolicyCsv(readFileSync('policies/policy.csv', 'utf8'))
      .filter((line) => line.ptype === 'p')
      .map((line) => line.values[1]);
    expect(granted.filter((right) => !catalogue.has(right))).toEqual([]);
  });

  it('that are neither page nor button (data rights) are each checked by the server', () => {
    const server = code.filter(({ path }) => path.startsWith('src/server'));
    for (const [key, right] of Object.entries(dataRights))
      expect(
        server.some(({ text }) => text.includes(`dataRights.${key}`)),
        `${right} is checked nowhere`,
      ).toBe(true);
  });
});
