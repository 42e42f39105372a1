import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resourceByName, resources } from '../../resources/index';
import { tableName, type ResourceDef } from '../../src/domain/resource';

/**
 * README "Scale out": every tenant-owned table carries organization_id, or hangs from a parent that
 * does, so the data can be distributed by organization. The README's lists are checked here.
 */
const readme = readFileSync('README.md', 'utf8');
const listAfter = (label: string) => {
  const start = readme.indexOf(label);
  expect(start, label).toBeGreaterThan(-1);
  const item = readme.slice(start + label.length).split(/\n- |\n\n/)[0];
  return item
    .replace(/\([^)]*\)/g, '')
    .replace(/\.\s.*$/s, '')
    .split(/[,;]/)
    .map((name) => name.replace(/[\s.`]+/g, ''))
    .filter(Boolean);
};

const owner = (r: ResourceDef): ResourceDef | undefined =>
  r.tenant ? r : r.parent ? owner(resourceByName(r.parent.resource)!) : undefined;

describe('tenancy', () => {
  const distributed = new Set(listAfter('Distributed by `organization_id` (by `id` for `organizations`):'));
  const children = new Set(listAfter('Co-located children, scoped through their parent:'));
  const reference = new Set(listAfter('Reference tables (copied to every node):'));

  it('gives every tenant-owned resource an organization column, and every child a parent that has one', () => {
    for (const r of resources) {
      if (r.tenant) {
        expect(r.tenant === 'id' ? r.name : r.tenant, r.name).toBe(
          r.tenant === 'id' ? 'organizations' : 'organizationId',
        );
        if (r.tenant !== 'id') expect(r.schema.properties.organizationId?.type, r.name).toBe('integer');
      } else if (r.parent) {
        expect(r.schema.properties[r.parent.foreignKey], `${r.name}.${r.parent.foreignKey}`).toBeDefined();
        expect(owner(r), `${r.name} has no owning organization up its parents`).toBeDefined();
      }
    }
  });

  it('matches the README: distributed, co-located and reference tables', () => {
    // A table holds the organization when any resource on it is scoped by it (the mall's addresses
    // are the organizations' addresses) or its parent key is the organization itself.
    const carries = (r: ResourceDef) =>
      Boolean(r.tenant || (r.parent?.resource === 'organizations' && r.parent.foreignKey === 'organizationId'));
    for (const table of new Set(resources.map(tableName))) {
      const on = resources.filter((r) => tableName(r) === table);
      if (on.some(carries)) expect(distributed.has(table), `${table} distributed`).toBe(true);
      else if (on.some((r) => r.parent)) expect(children.has(table), `${table} co-located`).toBe(true);
      else expect(reference.has(table), `${table} reference`).toBe(true);
    }
  });
});
