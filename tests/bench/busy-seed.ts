import { hashPassword } from '../../src/server/auth/passwords';
import type { Db, Queryable } from '../../src/server/db/types';
import { seedChangeLogs, seedProducts } from './big-table';

export interface BusySize {
  organizations: number;
  products: number;
  changeLogs: number;
  orders: number;
  /** SKUs each organization keeps in stock, each in two warehouses. */
  skusPerOrganization: number;
  /** Inbounds and outbounds awaiting the warehouse (3) at the start, each. */
  awaiting: number;
  staff: number;
  customers: number;
}

export const BUSY_PASSWORD = 'busy-day-123';
/** Staff users 1..ADMINS are admins (every organization); the others editors of a few each. */
const ADMINS = 5;
// Every seeded document is dated at least this many days back, so no number it takes can be one
// the workflows hand out today in any warehouse's time zone.
const PAST = 2;

/**
 * A busy year on the demo database, set-based: organizations up to `size.organizations`, their
 * products (seedProducts), stocked SKUs with inventory and lots from done inbounds, mall orders over
 * the year in the states a real year leaves them in, inbounds and outbounds awaiting the warehouse
 * (the outbounds' pieces reserved), change logs (seedChangeLogs) and the bench's users. Each part's
 * time goes to `timed`.
 */
export async function seedBusyYear(
  db: Db,
  size: BusySize,
  timed: (part: string, run: () => Promise<unknown>) => Promise<void>,
) {
  const q = on(db);
  const [{ shipperOrganization }] = await db.query<{ shipperOrganization: number }>(
    `SELECT organization_id AS "shipperOrganization" FROM users WHERE username = 'shipper'`,
  );
  await timed('organizations', () =>
    q(
      `INSERT INTO organizations(organization_name, organization_code, created_by)
       SELECT 'Busy customer ' || g, 'BUSY' || lpad(g::text, 4, '0'), 1
         FROM generate_series(1, greatest(0, $1 - (SELECT count(*) FROM organizations))) g`,
      [size.organizations],
    ),
  );
  await timed(`${size.products.toLocaleString('en')} products`, () =>
    bulk(db, (tx) =>
      seedProducts(tx, shipperOrganization, size.products, Math.max(1, Math.floor(size.products / 200))),
    ),
  );
  await timed('SKUs, inventory, lots, their inbounds and change logs', () =>
    bulk(db, async (tx) => {
      await seedStock(on(tx), size.skusPerOrganization);
      await stockLogs(on(tx));
    }),
  );
  // The stocked organizations, numbered: a table of the bench's own (a temporary one would stay on
  // one of the pool's connections), dropped once the users are made.
  await q(`CREATE UNLOGGED TABLE busy_stock AS
    SELECT organization_id, array_agg(DISTINCT warehouse_id) AS warehouses, array_agg(DISTINCT sku_id) AS skus
      FROM inventory GROUP BY organization_id`);
  await q(`ALTER TABLE busy_stock ADD COLUMN n serial`);
  await timed(`${size.orders.toLocaleString('en')} mall orders and their lines`, () =>
    bulk(db, (tx) => seedOrders(on(tx), size.orders)),
  );
  await timed(`${size.awaiting.toLocaleString('en')} inbounds and outbounds awaiting the warehouse`, () =>
    bulk(db, (tx) => seedAwaiting(on(tx), size.awaiting)),
  );
  await timed(`${size.changeLogs.toLocaleString('en')} change logs`, () =>
    bulk(db, (tx) => seedChangeLogs(tx, size.changeLogs)),
  );
  // Once for all the change logs above, as the migration that introduced them fills them.
  await timed('per-day stock totals', () => q('SELECT stock_daily_rebuild(NULL, NULL)'));
  await timed(`${size.staff} staff and ${size.customers} customer users`, () => seedUsers(q, size));
  await q('DROP TABLE busy_stock');
  await timed('VACUUM ANALYZE', async () => {
    for (const table of [
      'skus',
      'inventory',
      'lots',
      'inbounds',
      'inbound_lines',
      'orders',
      'order_lines',
      'outbounds',
    ])
      await q(`VACUUM ANALYZE ${table}`);
    for (const table of ['outbound_lines', 'change_logs', 'stock_daily', 'users', 'user_organizations'])
      await q(`VACUUM ANALYZE ${table}`);
  });
}

/**
 * Bulk rows of the bench's own, right by construction, in one transaction that skips foreign key
 * checks and triggers (session_replication_role; the bench's PostgreSQL user is a superuser): checked
 * row by row they were most of the seeding's time. The row triggers these tables have only copy
 * the organization onto a child, which these inserts give; the statement ones tell the caches,
 * and no server runs yet; the per-day stock totals the change logs' trigger keeps are rebuilt after.
 */
const bulk = (db: Db, fill: (tx: Queryable) => Promise<unknown>) =>
  db.transaction(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    await fill(tx);
  });

const on =
  (db: Queryable): Q =>
  (sql, params = []) =>
    db.query(sql, params);

type Q = (sql: string, params?: unknown[]) => Promise<unknown>;

/**
 * The newest `perOrganization` products of every organization get a SKU (one currency per
 * organization, so its orders have one), stocked in two of the warehouses; each stock row holds
 * four lots received over the year by a done inbound each, some partly shipped since. Change logs
 * say the same (in, then out), so on hand is their sum. The lots are planned once in a table of the
 * bench's own, numbered, so each inbound, lot and line takes its id from the plan instead of being
 * matched back by a text key.
 */
async function seedStock(q: Q, perOrganization: number) {
  await q(
    `INSERT INTO skus(product_id, organization_id, title, barcode, quantity, quantity_unit, packing_type, unit_price, price_type, currency, warehouse_status, created_by)
     SELECT p.id, p.organization_id, 'Busy SKU ' || p.short_name, 'BUSY-' || p.id, 1 + p.id % 3, 7, 2, (1 + p.id % 9) * 1.25,
            1 + p.id % 2, 1 + o.id % 3, 6, 1
       FROM organizations o
       CROSS JOIN LATERAL (SELECT id, organization_id, short_name FROM products WHERE organization_id = o.id ORDER BY id DESC LIMIT $1) p`,
    [perOrganization],
  );
  await q(
    `INSERT INTO inventory(organization_id, warehouse_id, sku_id, product_id, pieces, pallets, reserved, created_by)
     SELECT s.organization_id, w.ids[1 + (s.organization_id + k) % array_length(w.ids, 1)], s.id, s.product_id, 0, 0, 0, 1
       FROM skus s CROSS JOIN generate_series(0, 1) k
       CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM warehouses WHERE status = 1) w
      WHERE s.barcode LIKE 'BUSY-%'`,
  );
  await q(
    `CREATE UNLOGGED TABLE busy_lots AS
     SELECT row_number() OVER (ORDER BY i.id, g) AS n, i.id AS inventory_id, i.organization_id, i.warehouse_id, i.sku_id, i.product_id,
            current_date - ${PAST} - (i.id * 7 + g * 89) % 360 AS day, 5000 AS pieces_in, 10 AS pallets_in,
            5000 - (i.id + g) % 4 * 1000 AS pieces, 10 - (i.id + g) % 4 * 2 AS pallets,
            (SELECT coalesce(max(id), 0) FROM inbounds) AS inbound_base, (SELECT coalesce(max(id), 0) FROM lots) AS lot_base
       FROM inventory i CROSS JOIN generate_series(1, 4) g`,
  );
  await q(
    `INSERT INTO inbounds(id, order_no, status, organization_id, warehouse_id, inbound_type, inbound_date, pieces, pallets, created_by, created_at, updated_at)
     SELECT inbound_base + n, 'IN' || to_char(day, 'YYYYMMDD') || '-' || lpad(row_number() OVER (PARTITION BY day ORDER BY n)::text, 4, '0'),
            6, organization_id, warehouse_id, 1, day, pieces_in, pallets_in, 1, day, day
       FROM busy_lots`,
  );
  await q(
    `INSERT INTO lots(id, inventory_id, organization_id, warehouse_id, sku_id, inbound_id, inbound_date, pieces_in, pallets_in, pieces, pallets, created_by, created_at)
     SELECT lot_base + n, inventory_id, organization_id, warehouse_id, sku_id, inbound_base + n, day, pieces_in, pallets_in, pieces, pallets, 1, day
       FROM busy_lots`,
  );
  await q(
    `INSERT INTO inbound_lines(inbound_id, sku_id, product_id, pieces, pallets, lot_id, organization_id, created_by, created_at)
     SELECT inbound_base + n, sku_id, product_id, pieces_in, pallets_in, lot_base + n, organization_id, 1, day FROM busy_lots`,
  );
  for (const table of ['inbounds', 'lots'])
    await q(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
  await q(`UPDATE inventory i SET pieces = l.pieces, pallets = l.pallets
             FROM (SELECT inventory_id, sum(pieces) AS pieces, sum(pallets) AS pallets FROM busy_lots GROUP BY inventory_id) l
            WHERE l.inventory_id = i.id`);
}

/** The lots' change logs: in when received, out for what has left since. */
async function stockLogs(q: Q) {
  await q(
    `INSERT INTO change_logs(change_type, document_no, inbound_id, organization_id, warehouse_id, sku_id, lot_id, pieces, pallets, balance_after, created_at)
     SELECT 1, 'IN-BUSY-' || n, inbound_base + n, organization_id, warehouse_id, sku_id, lot_base + n, pieces_in, pallets_in, pieces_in, day + time '10:00'
       FROM busy_lots
     UNION ALL
     SELECT 2, 'OUT-BUSY-' || n, NULL, organization_id, warehouse_id, sku_id, lot_base + n, pieces - pieces_in, pallets - pallets_in, pieces,
            least(day + 20, current_date - ${PAST}) + time '15:00'
       FROM busy_lots WHERE pieces < pieces_in`,
  );
  await q('DROP TABLE busy_lots');
}

/**
 * `total` mall orders over the past year from the stocked organizations, one to three lines of
 * their SKUs each. Older than two weeks an order is completed, cancelled or rejected; the last two
 * weeks also hold orders awaiting review (which staff approve during the run) and ones shipped, in
 * delivery or signed for. None is left approved or being picked: those would hold reservations.
 * Orders and lines are planned first with the orders' ids, so each order is written once with its
 * lines' totals rather than updated after.
 */
async function seedOrders(q: Q, total: number) {
  await q(
    `CREATE UNLOGGED TABLE busy_orders AS
     SELECT x.g, (SELECT coalesce(max(id), 0) FROM orders) + x.g AS id, x.day, x.age, b.organization_id, b.skus,
            b.warehouses[1 + x.g % array_length(b.warehouses, 1)] AS warehouse_id
       FROM (SELECT g, $2 + (g * 7919) % 363 AS age, current_date - $2 - (g * 7919) % 363 AS day FROM generate_series(1, $1) g) x
       JOIN busy_stock b ON b.n = 1 + x.g % (SELECT count(*) FROM busy_stock)`,
    [total, PAST],
  );
  await q(
    `CREATE UNLOGGED TABLE busy_order_lines AS
     SELECT o.id AS order_id, s.id AS sku_id, s.product_id, p.pieces, s.unit_price, s.price_type, s.currency,
            (CASE WHEN s.price_type = 1 THEN s.unit_price * p.pieces ELSE s.unit_price * p.pieces * s.quantity END)::numeric(18, 2) AS amount,
            o.organization_id, o.day + time '09:00' + (o.g % 480) * interval '1 minute' AS created_at
       FROM busy_orders o
       CROSS JOIN LATERAL generate_series(1, 1 + o.g % 3) k
       CROSS JOIN LATERAL (SELECT o.skus[1 + (o.g * 3 + k * 7) % array_length(o.skus, 1)] AS sku, 1 + (o.g + k) % 5 AS pieces) p
       JOIN skus s ON s.id = p.sku`,
  );
  await q(
    `INSERT INTO orders(id, order_no, status, organization_id, warehouse_id, delivery_type, pieces, amount, currency, created_by, created_at, updated_at)
     SELECT o.id, 'SO' || to_char(o.day, 'YYYYMMDD') || '-' || lpad(row_number() OVER (PARTITION BY o.day ORDER BY o.g)::text, 4, '0'),
            CASE WHEN o.age > 14 THEN (ARRAY[21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 1, 1, 2, 21])[1 + o.g % 20]
                 ELSE (ARRAY[3, 3, 3, 12, 12, 12, 15, 15, 18, 18, 21, 21, 21, 21, 21, 21, 21, 21, 1, 2])[1 + o.g % 20] END,
            o.organization_id, o.warehouse_id, 1, l.pieces, l.amount, l.currency, 1, l.created_at, o.day + time '18:00'
       FROM busy_orders o
       JOIN (SELECT order_id, sum(pieces) AS pieces, sum(amount) AS amount, min(currency) AS currency, min(created_at) AS created_at
               FROM busy_order_lines GROUP BY order_id) l ON l.order_id = o.id`,
  );
  await q(
    `INSERT INTO order_lines(order_id, sku_id, product_id, pieces, unit_price, price_type, currency, amount, organization_id, created_by, created_at)
     SELECT order_id, sku_id, product_id, pieces, unit_price, price_type, currency, amount, organization_id, 1, created_at FROM busy_order_lines`,
  );
  await q(`SELECT setval(pg_get_serial_sequence('orders', 'id'), (SELECT max(id) FROM orders))`);
  await q('DROP TABLE busy_orders, busy_order_lines');
}

/**
 * Inbounds and outbounds customers submitted and the warehouse has yet to confirm: a line of a
 * stocked SKU each, the outbounds' pieces reserved as submitting reserves them. Document `g` takes
 * its ids and its stock row from `g`, so the header, its line and the reservation agree.
 */
async function seedAwaiting(q: Q, count: number) {
  for (const kind of ['inbound', 'outbound'] as const) {
    const [prefix, columns, amounts] =
      kind === 'inbound'
        ? ['IN', 'inbound_type, planned_inbound_date', '100 + g % 5 * 100, 1 + g % 3']
        : ['OUT', 'outbound_type, request_date', '1 + g % 5, 0'];
    await q(
      `CREATE UNLOGGED TABLE busy_awaiting AS
       SELECT g, (SELECT coalesce(max(id), 0) FROM ${kind}s) + g AS id, i.id AS inventory_id, i.organization_id, i.warehouse_id, i.sku_id, i.product_id,
              ${amounts.replace(', ', ' AS pieces, ')} AS pallets
         FROM generate_series(1, $1) g
         JOIN inventory i ON i.id = (SELECT min(id) FROM inventory) + (g * 7919) % (SELECT count(*) FROM inventory)`,
      [count],
    );
    await q(
      `INSERT INTO ${kind}s(id, order_no, status, organization_id, warehouse_id, ${columns}, pieces, pallets, created_by)
       SELECT id, '${prefix}' || to_char(current_date - ${PAST}, 'YYYYMMDD') || '-' || (9000 + g), 3, organization_id, warehouse_id, 1, current_date,
              pieces, pallets, 1
         FROM busy_awaiting`,
    );
    await q(
      `INSERT INTO ${kind}_lines(${kind}_id, sku_id, product_id, pieces, pallets, organization_id, created_by)
       SELECT id, sku_id, product_id, pieces, pallets, organization_id, 1 FROM busy_awaiting`,
    );
    await q(`SELECT setval(pg_get_serial_sequence('${kind}s', 'id'), (SELECT max(id) FROM ${kind}s))`);
    if (kind === 'outbound')
      await q(`UPDATE inventory i SET reserved = i.reserved + r.pieces
                 FROM (SELECT inventory_id, sum(pieces) AS pieces FROM busy_awaiting GROUP BY inventory_id) r
                WHERE r.inventory_id = i.id`);
    await q('DROP TABLE busy_awaiting');
  }
}

/**
 * The bench's users, with one password hashed once: staff (the first few admins, the others
 * editors each managing a few organizations, every organization by two of them, so two may reach
 * for the same document) and customers (shippers), spread over the stocked organizations.
 */
async function seedUsers(q: Q, size: BusySize) {
  const hash = await hashPassword(BUSY_PASSWORD);
  await q(
    `INSERT INTO users(username, name, password_hash, roles, organization_id, status, created_by)
     SELECT 'busy-staff-' || g, 'Busy staff ' || g, $1, CASE WHEN g <= $3 THEN '{admin}'::text[] ELSE '{editor}'::text[] END, NULL, 1, 1
       FROM generate_series(1, $2) g
     UNION ALL
     SELECT 'busy-customer-' || g, 'Busy customer ' || g, $1, '{shipper}', b.organization_id, 1, 1
       FROM generate_series(1, $4) g JOIN busy_stock b ON b.n = 1 + g % (SELECT count(*) FROM busy_stock)`,
    [hash, size.staff, ADMINS, size.customers],
  );
  const editors = Math.max(1, size.staff - ADMINS);
  await q(
    `INSERT INTO user_organizations(user_id, organization_id)
     SELECT u.id, b.organization_id
       FROM users u CROSS JOIN busy_stock b CROSS JOIN generate_series(0, 1) k
      WHERE u.username LIKE 'busy-staff-%' AND 'editor' = ANY(u.roles)
        AND (substr(u.username, 12)::int - $1 - 1) = (b.n + k) % $2
     ON CONFLICT DO NOTHING`,
    [ADMINS, editors],
  );
}
