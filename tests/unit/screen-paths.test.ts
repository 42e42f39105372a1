import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { resources, resourceByName } from '../../resources';
import { recordScreenPath, screenPaths } from '../../src/domain/resource';

describe('recordScreenPath', () => {
  it("fills the record's id into its detail and edit screens", () => {
    const ports = resourceByName('ports')!;
    expect(recordScreenPath(ports, 'show', 12)).toBe('/configuration/ports/12');
    expect(recordScreenPath(ports, 'edit', 12)).toBe('/configuration/ports/edit/12');
  });

  it('gives every resource a path its own route reads the same id back from', () => {
    for (const r of resources) {
      for (const screen of ['show', 'edit'] as const) {
        expect(
          matchPath(screenPaths(r)[screen], recordScreenPath(r, screen, 'a/b'))?.params.id,
          `${r.name} ${screen}`,
        ).toBe('a/b');
      }
    }
  });
});
