import { beforeAll, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

/**
 * A list's kept pages and totals go with the edits that change them and no others (issue 31): an
 * update drops a page only when it changed a row the page shows or a column its conditions or sort
 * read (migration 0024 notes the columns), a total only through its conditions; an insert or a
 * delete drops them all. That a page was kept is seen through a change the caches are never told
 * of: with it made, a kept page still shows what it showed, a page read again shows the change.
 */
let admin: string;

const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
});

type Product = Record<string, unknown> & { id: number; organizationId: number };

const list = async (query: string) => {
  const reply = await api.call('GET', `/products?${query}`, { token: admin });
  expect(reply.code).toBe(20000);
  return reply.data as { rows: Product[]; total: number };
};

const edit = async (product: Product, change: Record<string, unknown>) =>
  expect(
    (await api.call('PUT', `/products/${product.id}`, { token: admin, body: { ...product, ...change } })).code,
  ).toBe(20000);

/**
 * A write no cache hears of: the row triggers off (replica), and its verb split in two, so no
 * statement text names the table for this process's own reading of what was written.
 */
const unseen = (verb: 'UPDATE' | 'INSERT INTO', rest: string) =>
  api.db.transaction(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    await tx.query(
      `DO $$ BEGIN EXECUTE '${verb.slice(0, 3)}' || '${verb.slice(3)} ${rest.replace(/'/g, "''")}'; END $$`,
    );
  });

it('keeps a page and its total through an edit of a row it does not show, of a column it does not read', async () => {
  const first = await list('pageSize=5');
  const [shown, second] = first.rows;
  const elsewhere = (await list('pageSize=5&pageIndex=3')).rows[0];
  await unseen('UPDATE', `products SET name_en = 'Renamed unseen' WHERE id = ${shown.id}`);
  await unseen(
    'INSERT INTO',
    `products (organization_id, short_name, name_cn, charge_unit, hazardous_class)
     VALUES (${shown.organizationId}, 'KEPT-UNSEEN', 'KEPT-UNSEEN', 1, 0)`,
  );
  await edit(elsewhere, { nameEn: 'Renamed elsewhere' });
  const kept = await list('pageSize=5');
  expect(kept.rows.map((p) => [p.id, p.nameEn])).toEqual(first.rows.map((p) => [p.id, p.nameEn]));
  expect(kept.total).toBe(first.total);

  // An edit of a row on the page: the page is read again (the unseen changes with it); the total,
  // which no update can change here (no condition), stays.
  await edit(second, { nameEn: 'Renamed on the page' });
  const read = await list('pageSize=5');
  expect(read.rows[0].shortName).toBe('KEPT-UNSEEN');
  expect(read.rows.find((p) => p.id === shown.id)?.nameEn).toBe('Renamed unseen');
  expect(read.rows.find((p) => p.id === second.id)?.nameEn).toBe('Renamed on the page');
  expect(read.total).toBe(first.total);

  // An insert changes every page and total.
  const made = await api.call('POST', '/products', {
    token: admin,
    body: {
      organizationId: shown.organizationId,
      shortName: 'KEPT-NEW',
      nameCn: 'KEPT-NEW',
      chargeUnit: 1,
      hazardousClass: 0,
    },
  });
  expect(made.code).toBe(20000);
  const grown = await list('pageSize=5');
  expect(grown.rows[0].id).toBe(made.data.id);
  expect(grown.total).toBe(first.total + 2);
});

it('drops the pages sorted or filtered by a column an edit changed, though the row was on none of them', async () => {
  const sorted = await list('pageSize=5&sort=-shortName');
  const moved = (await list('pageSize=5&sort=-shortName&pageIndex=4')).rows[0];
  await edit(moved, { shortName: 'ZZZZ-KEPT-PAGES' });
  expect((await list('pageSize=5&sort=-shortName')).rows.map((p) => p.id)).toEqual([
    moved.id,
    ...sorted.rows.slice(0, 4).map((p) => p.id),
  ]);

  const own = moved.organizationId;
  const filtered = await list(`pageSize=5&organizationId=${own}`);
  const foreign = (await list('pageSize=100')).rows.find((p) => p.organizationId !== own)!;
  await edit(foreign, { organizationId: own });
  const refiltered = await list(`pageSize=5&organizationId=${own}`);
  expect(refiltered.total).toBe(filtered.total + 1);
  expect(refiltered.rows.map((p) => p.id)).toContain(foreign.id);
});
