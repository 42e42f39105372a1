import type { Page } from 'playwright-core';
import { pieceSku } from '../helpers/demo';
import type { httpApi } from '../helpers/http-api';

/** A hardware scanner: keys into whatever has the focus, then Enter. */
export const scanCode = async (page: Page, code: string) => {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
};

export type Goods<K extends string> = { warehouse: number; org: number; skus: Record<K, number> };

/**
 * What the scan screens' tests scan: LAX-ONT, the first demo product's organization, and new SKUs
 * of that product by title and barcode, made by `token` (an admin's).
 */
export async function goodsToScan<K extends string>(
  http: ReturnType<typeof httpApi>,
  token: string,
  skus: Record<K, [title: string, barcode?: string]>,
): Promise<Goods<K>> {
  const warehouse = (await http.ok('GET', '/config/warehouses?shortName=LAX-ONT', token)).rows[0].id as number;
  const product = (await http.ok('GET', '/products?pageSize=1&sort=id', token)).rows[0];
  const made = {} as Record<K, number>;
  for (const [key, [title, barcode]] of Object.entries(skus) as [K, [string, string?]][])
    made[key] = (
      await http.ok('POST', '/products/skus', token, pieceSku({ productId: product.id, title, barcode }))
    ).id;
  return { warehouse, org: product.organizationId as number, skus: made };
}
