import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * The hand-written route the engine is measured against: what a developer would write for the
 * products list without the engine — one query for the page of 20 and one count(*), no token, no
 * policy, no envelope — on the same table. DATABASE_URL (pg pool) or PGLITE_DIR (a copy of the
 * bench's PGlite data).
 */
const query: (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]> = process.env.DATABASE_URL
  ? (
      (pool) => async (sql, params) =>
        (await pool.query(sql, params)).rows
    )(new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }))
  : await (async () => {
      const db = await PGlite.create({ dataDir: process.env.PGLITE_DIR, extensions: { pg_trgm } });
      return async (sql: string, params: unknown[]) => (await db.query<Record<string, unknown>>(sql, params)).rows;
    })();

const columns = `id, version, created_at AS "createdAt", updated_at AS "updatedAt", organization_id AS "organizationId",
  category_id AS "categoryId", short_name AS "shortName", name_cn AS "nameCn", name_en AS "nameEn", hs_code_cn AS "hsCodeCn",
  hs_code_dest AS "hsCodeDest", additional_duty_rate::float8 AS "additionalDutyRate", charge_unit AS "chargeUnit",
  hazardous_class AS "hazardousClass", declare_elements AS "declareElements", warehouse_status AS "warehouseStatus"`;

const app = Fastify();
app.get<{ Querystring: Record<string, string> }>('/products', async (request) => {
  const { page = '1', q, organizationId, chargeUnit } = request.query;
  const params: unknown[] = [];
  const where: string[] = [];
  if (organizationId) where.push(`organization_id = $${params.push(Number(organizationId))}`);
  if (chargeUnit) where.push(`charge_unit = $${params.push(Number(chargeUnit))}`);
  if (q) {
    const p = `$${params.push(`%${q}%`)}`;
    where.push(`(short_name ILIKE ${p} OR name_cn ILIKE ${p} OR name_en ILIKE ${p} OR hs_code_cn ILIKE ${p})`);
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const rows = await query(
    `SELECT ${columns} FROM products ${clause} ORDER BY id DESC LIMIT 20 OFFSET ${(Number(page) - 1) * 20}`,
    params,
  );
  const [{ total }] = await query(`SELECT count(*)::int AS total FROM products ${clause}`, params);
  return { rows, total };
});
app.get<{ Params: { id: string } }>('/products/:id', async (request) => {
  const [row] = await query(`SELECT ${columns} FROM products WHERE id = $1`, [Number(request.params.id)]);
  return row;
});
// A staff member's edit, as the varied-traffic bench makes ten a second.
app.put<{ Params: { id: string }; Body: { nameEn: string } }>('/products/:id', async (request) => {
  const [row] = await query(
    'UPDATE products SET name_en = $2, version = version + 1, updated_at = now() WHERE id = $1 RETURNING id',
    [Number(request.params.id), request.body.nameEn],
  );
  return row ?? {};
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
