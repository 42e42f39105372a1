import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { declaredResourcesText } from '../../scripts/declared-resources.mjs';
import { resources } from '../../resources/index';
import { storedFields } from '../../src/domain/resource';
import { ROOT_DIR } from '../../src/server/paths';

it('lists every resource file of resources/, as the start and test commands write it', () => {
  expect(readFileSync(join(ROOT_DIR, 'resources', 'declared.ts'), 'utf8')).toBe(declaredResourcesText(ROOT_DIR));
});

it('places every resource after those it references', () => {
  const seen = new Set<string>();
  for (const r of resources) {
    for (const field of storedFields(r)) {
      const target = r.schema.properties[field]['x-ref'];
      if (target && target !== r.name) expect(seen, `${r.name}.${field}`).toContain(target);
    }
    if (r.parent) expect(seen, `${r.name} after its parent`).toContain(r.parent.resource);
    seen.add(r.name);
  }
});
