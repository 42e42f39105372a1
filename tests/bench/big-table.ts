import type { Queryable } from '../../src/server/db/types';

/**
 * A busy year's products: `total` rows over the demo organizations, `shipperRows` of them owned by
 * the shipper's organization (spread through the table, as real inserts would be), written in one
 * statement per 100k rows so PGlite keeps its memory.
 */
export async function seedProducts(db: Queryable, shipperOrganization: number, total = 1_000_000, shipperRows = 5_000) {
  await withoutIndexes(db, 'products', () => insertProducts(db, shipperOrganization, total, shipperRows));
  await db.query('ANALYZE products');
}

async function insertProducts(db: Queryable, shipperOrganization: number, total: number, shipperRows: number) {
  const others = (
    await db.query<{ id: number }>('SELECT id FROM organizations WHERE id <> $1 ORDER BY id', [shipperOrganization])
  ).map((o) => o.id);
  const every = Math.floor(total / shipperRows);
  for (let from = 1; from <= total; from += 100_000)
    await db.query(
      `INSERT INTO products(organization_id, short_name, name_cn, name_en, hs_code_cn, charge_unit, hazardous_class, warehouse_status, created_by)
       SELECT CASE WHEN g % $3 = 0 THEN $4::int ELSE ($5::int[])[1 + g % $6] END,
              'P' || g, '产品' || g, 'Product ' || substr(md5(g::text), 1, 12), lpad((g % 9973)::text, 10, '0'),
              1 + g % 3, g % 10, (g % 2) * 6, 1
         FROM generate_series($1::int, $2::int) g`,
      [from, Math.min(total, from + 99_999), every, shipperOrganization, others, others.length],
    );
}

/**
 * Bulk rows go in faster with the table's secondary indexes built afterwards (a trigram index kept
 * up row by row is most of the cost); they are made again exactly as they were.
 */
async function withoutIndexes(db: Queryable, table: string, fill: () => Promise<void>) {
  const indexes = await db.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
       JOIN pg_class c ON c.relname = i.indexname JOIN pg_index x ON x.indexrelid = c.oid
      WHERE i.tablename = $1 AND NOT x.indisunique AND NOT x.indisprimary`,
    [table],
  );
  for (const index of indexes) await db.query(`DROP INDEX "${index.name}"`);
  await fill();
  for (const index of indexes) await db.query(index.definition);
}

/** `total` change logs over the lots there are, straight into the table (the bench's own data). */
export async function seedChangeLogs(db: Queryable, total = 2_000_000) {
  const lots = await db.query<{ id: number; organization_id: number; warehouse_id: number; sku_id: number }>(
    'SELECT id, organization_id, warehouse_id, sku_id FROM lots ORDER BY id LIMIT 50',
  );
  if (!lots.length) return;
  await withoutIndexes(db, 'change_logs', async () => {
    for (let from = 1; from <= total; from += 200_000)
      await db.query(
        `INSERT INTO change_logs(change_type, document_no, organization_id, warehouse_id, sku_id, lot_id, pieces, pallets, balance_after)
         SELECT 1 + g % 5, 'BENCH-' || g, ($3::int[])[1 + g % $7], ($4::int[])[1 + g % $7], ($5::int[])[1 + g % $7], ($6::int[])[1 + g % $7], 0, 0, 0
           FROM generate_series($1::int, $2::int) g`,
        [
          from,
          Math.min(total, from + 199_999),
          lots.map((l) => l.organization_id),
          lots.map((l) => l.warehouse_id),
          lots.map((l) => l.sku_id),
          lots.map((l) => l.id),
          lots.length,
        ],
      );
  });
  await db.query('ANALYZE change_logs');
}
