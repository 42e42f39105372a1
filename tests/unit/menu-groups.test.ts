import { describe, expect, it } from 'vitest';
import { menuGroups } from '../../resources/menu';

describe('menu groups (resources/menu.ts)', () => {
  it('keeps the permission the policies grant each group, derived from its name', () => {
    expect(Object.fromEntries(menuGroups.map((g) => [g.name, g.permission]))).toEqual({
      products: 'products',
      inventories: 'inventories',
      orders: 'orders',
      finance: 'finance',
      reports: 'reports',
      custom: 'custom',
      configuration: 'config',
      permissions: 'permissions',
      system: 'system',
    });
  });
});
