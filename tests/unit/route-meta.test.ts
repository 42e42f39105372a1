import { describe, expect, it } from 'vitest';
import { resources } from '../../resources';
import { screenPaths } from '../../src/domain/resource';
import { routeMeta } from '../../src/web/layout/route-meta';

describe('route titles', () => {
  it("name each screen's own resource and screen, a static path before another's record id", () => {
    const wrong = resources.flatMap((r) =>
      Object.entries(screenPaths(r)).flatMap(([screen, path]) => {
        const meta = routeMeta(path.replace(/:[^/]+/g, '7'));
        return meta?.resource?.name === r.name && meta.screen === screen
          ? []
          : [`${path}: ${meta?.titleKey} instead of ${r.name}.titles.${screen}`];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('title the deliveries list as such, not as an order', () => {
    expect(routeMeta('/orders/deliveries')?.titleKey).toBe('deliveries.titles.list');
    expect(routeMeta('/orders/7')?.titleKey).toBe('orders.titles.show');
  });
});
