import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { columnName, tableName, type ResourceDef } from '../../src/domain/resource';
import { organizationParent } from '../../src/server/engine/co-located';
import { fileApi } from '../helpers/api';
import { demoLines } from '../helpers/demo';
import { stockMoves } from '../helpers/finance';

/**
 * README "Distribution by organization (Citus)", held against the catalog of a freshly migrated
 * database: every table is distributed by its organization, a co-located child, or a reference
 * table, and keeps the rules Citus sets for its kind. What breaks a rule today is listed with the
 * reason it is safe; the list must match the catalog exactly, so a new breach fails and a fixed
 * one must leave the list.
 */

/** Tables the migrations make, beside the resources' own. */
const migrationTables = {
  distributed: [
    'stock_daily',
    'bill_run_results',
    'outbox',
    'webhook_deliveries',
    'cart_lines',
    'accrual_totals',
    'accrual_keeping',
    'scans',
  ],
  coLocated: ['bill_storage_days'],
  reference: [
    'settings',
    'sessions',
    'user_organizations',
    'casbin_rule',
    'policy_file_lines',
    'document_sequences',
    'bill_runs',
    'schema_migrations',
    'login_failures',
    'live_tickets',
    'stored_files',
    'outbox_fanout',
    'accrual_cursor',
    'idempotency_keys',
    'customization_versions',
  ],
};

const carries = (r: ResourceDef) =>
  Boolean(r.tenant || (r.parent?.resource === 'organizations' && r.parent.foreignKey === 'organizationId'));
const distributed = new Set([...resources.filter(carries).map(tableName), ...migrationTables.distributed]);
const coLocated = new Set([
  ...resources.filter((r) => organizationParent(r) && !distributed.has(tableName(r))).map(tableName),
  ...migrationTables.coLocated,
]);
const reference = new Set([
  ...resources.map(tableName).filter((t) => !distributed.has(t) && !coLocated.has(t)),
  ...migrationTables.reference,
]);
const sharded = (table: string) => distributed.has(table) || coLocated.has(table);
const distributionColumn = (table: string) => (table === 'organizations' ? 'id' : 'organization_id');

const IDENTITY =
  'one identity sequence numbers the rows across every organization, so the key is unique cluster-wide; Citus wants (organization_id, id), a primary-key change on every big table left for its own migration';
const DOCUMENT_NO =
  'numbers come from document_sequences (a reference table, one counter per prefix and day), unique across organizations where they are made; becomes (organization_id, number) when distributed';
const GLOBAL_LOOKUP =
  'looked up before the organization is known; when distributed it moves to a reference lookup table';
const SAME_ORGANIZATION =
  'an x-ref to a record of the same organization, which the engine checks on write (DESIGN 4); becomes (organization_id, key) -> (organization_id, id) with the composite primary keys';

/** Sharded tables that do not hold their organization yet. */
const organizationLater: Record<string, string> = {
  bill_storage_days:
    "a bill run's working detail of one bill, written and read with it in one transaction; takes the column when the bill tables are distributed",
  webhook_deliveries:
    'the sends of one endpoint, always read through it; takes its webhook organization when the outbox is distributed',
};

/** Primary keys and unique indexes of sharded tables without the distribution column. */
const uniqueChecked: Record<string, string> = {
  bills_bill_no_key: DOCUMENT_NO,
  orders_order_no_key: DOCUMENT_NO,
  inbounds_order_no_key: DOCUMENT_NO,
  outbounds_order_no_key: DOCUMENT_NO,
  returns_return_no_key: DOCUMENT_NO,
  api_keys_key_hash_key: GLOBAL_LOOKUP,
  organizations_organization_code_key: `${GLOBAL_LOOKUP} (a customer's code is unique across all)`,
  deliveries_order_id_key: 'a delivery has its order of the same organization; order ids are unique cluster-wide',
  webhook_deliveries_webhook_id_seq_key:
    'an endpoint belongs to one organization and outbox seq is unique cluster-wide; becomes (organization_id, webhook_id, seq)',
  cart_lines_user_warehouse_sku_key: 'a user belongs to one organization, so the key is per organization already',
  outbox_pkey: IDENTITY,
  count_lines_count_id_lot_id_key:
    'a lot belongs to one organization, so a lot once per count is once per count and organization already',
};

/** Foreign keys that break Citus's rules for their kinds, as `table.column`. */
const foreignKeysChecked: Record<string, string> = {
  'organizations.parent_id':
    'a parent organization may live on another shard: the engine checks the reference when it is written',
  'users.organization_id':
    'users are a reference table (a login finds its user before any organization): the engine checks the organization on write',
  'user_organizations.organization_id': 'staff manage organizations on every shard: checked on write by the engine',
  'counts.organization_id':
    "a count is its warehouse's (a reference table: it may span every customer there); the customer it is narrowed to is checked by the engine on write",
};
const SAME_ORGANIZATION_KEYS = [
  'attachments.shipment_id',
  'bill_lines.bill_id',
  'bill_lines.expense_id',
  'bills.fee_model_id',
  'change_logs.inbound_id',
  'change_logs.lot_id',
  'change_logs.outbound_id',
  'change_logs.return_id',
  'change_logs.sku_id',
  'communications.contact_id',
  'count_lines.lot_id',
  'containers.shipment_id',
  'deliveries.address_id',
  'deliveries.order_id',
  'disputes.bill_id',
  'disputes.bill_line_id',
  'disputes.credit_expense_id',
  'expenses.bill_id',
  'expenses.fee_model_id',
  'expenses.inbound_id',
  'expenses.outbound_id',
  'expenses.return_id',
  'goods.container_id',
  'goods.product_id',
  'goods.shipment_id',
  'goods.sku_id',
  'inbound_lines.inbound_id',
  'inbound_lines.product_id',
  'inbound_lines.sku_id',
  'inventory.product_id',
  'inventory.sku_id',
  'lots.inbound_id',
  'lots.inventory_id',
  'lots.return_id',
  'lots.sku_id',
  'order_lines.order_id',
  'order_lines.product_id',
  'order_lines.sku_id',
  'orders.address_id',
  'orders.outbound_id',
  'outbound_lines.outbound_id',
  'outbound_lines.product_id',
  'outbound_lines.sku_id',
  'outbound_takes.lot_id',
  'outbound_takes.outbound_id',
  'outbound_takes.sku_id',
  'packings.product_id',
  'product_logs.product_id',
  'product_logs.sku_id',
  'return_lines.product_id',
  'return_lines.return_id',
  'return_lines.sku_id',
  'returns.order_id',
  'returns.outbound_id',
  'shipments.consignee_contact_id',
  'shipments.inbound_id',
  'shipments.shipper_contact_id',
  'skus.product_id',
  'taxes.product_id',
  'webhook_attempts.delivery_id',
  'webhook_attempts.webhook_id',
  'webhook_deliveries.webhook_id',
];
for (const key of SAME_ORGANIZATION_KEYS) foreignKeysChecked[key] = SAME_ORGANIZATION;

let admin: string;

const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
});

describe('the catalog keeps Citus rules for every kind of table', () => {
  it('classifies every table once', async () => {
    const tables = await api.db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
    );
    for (const { name } of tables)
      expect(
        [distributed, coLocated, reference].filter((kind) => kind.has(name)),
        name,
      ).toHaveLength(1);
    const names = new Set(tables.map((t) => t.name));
    for (const table of [...distributed, ...coLocated, ...reference]) expect(names.has(table), table).toBe(true);
  });

  it('gives every distributed and co-located table its organization column', async () => {
    const columns = await api.db.query<{ table: string }>(
      `SELECT table_name AS table FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'organization_id'`,
    );
    const holding = new Set(columns.map((c) => c.table));
    const missing = [...distributed, ...coLocated].filter((t) => t !== 'organizations' && !holding.has(t));
    expect(missing.sort()).toEqual(Object.keys(organizationLater).sort());
  });

  it('puts the distribution column in every primary key and unique index, or says why not', async () => {
    const keys = await api.db.query<{ table: string; index: string; primary: boolean; columns: string[] }>(
      `SELECT t.relname AS table, i.relname AS index, x.indisprimary AS primary,
              array(SELECT a.attname::text FROM unnest(x.indkey) k JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k) AS columns
         FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = 'public' AND x.indisunique`,
    );
    const breaches = keys.filter((k) => sharded(k.table) && !k.columns.includes(distributionColumn(k.table)));
    // The engine's identity key of each table, for the one reason IDENTITY gives.
    const identity = breaches.filter((k) => k.primary && k.columns.join() === 'id' && k.index === `${k.table}_pkey`);
    expect(identity.length).toBeGreaterThan(0);
    const others = breaches.filter((k) => !identity.includes(k)).map((k) => k.index);
    expect(others.sort()).toEqual(Object.keys(uniqueChecked).sort());
    for (const reason of Object.values(uniqueChecked)) expect(reason.length).toBeGreaterThan(20);
  });

  it('keeps foreign keys on the distribution column between sharded tables and out of reference ones', async () => {
    const foreign = await api.db.query<{ table: string; target: string; columns: string[]; targets: string[] }>(
      `SELECT t.relname AS table, r.relname AS target,
              array(SELECT a.attname::text FROM unnest(c.conkey) k JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k) AS columns,
              array(SELECT a.attname::text FROM unnest(c.confkey) k JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k) AS targets
         FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = 'public' AND c.contype = 'f'`,
    );
    const breaks = (fk: (typeof foreign)[number]) => {
      if (reference.has(fk.table)) return sharded(fk.target);
      if (!sharded(fk.target)) return false;
      const at = fk.columns.indexOf(distributionColumn(fk.table));
      return at < 0 || fk.targets[at] !== distributionColumn(fk.target);
    };
    const breaches = foreign.filter(breaks).map((fk) => `${fk.table}.${fk.columns.join(',')}`);
    expect(breaches.sort()).toEqual(Object.keys(foreignKeysChecked).sort());
  });
});

/** Each co-located child's rows against its parent's organization: [table, rows, missing, wrong]. */
const childOrganizations = async () => {
  const counts: [string, number, number, number][] = [];
  for (const r of resources) {
    const parent = organizationParent(r);
    if (!parent) continue;
    const from = parent.resource.tenant === 'id' ? 'id' : 'organization_id';
    const [row] = await api.db.query<{ rows: number; missing: number; wrong: number }>(
      `SELECT count(*)::int AS rows, count(*) FILTER (WHERE c.organization_id IS NULL)::int AS missing,
              count(*) FILTER (WHERE c.organization_id IS DISTINCT FROM p.${from})::int AS wrong
         FROM ${tableName(r)} c LEFT JOIN ${tableName(parent.resource)} p ON p.id = c.${columnName(parent.foreignKey)}`,
    );
    counts.push([tableName(r), row.rows, row.missing, row.wrong]);
  }
  return counts;
};

describe('co-located children carry their parent organization', () => {
  const ok = <T = any>(reply: { code: number; message: string; data: T }) => {
    expect(reply.code, reply.message).toBe(20000);
    return reply.data;
  };

  it('after inbounds, outbounds, a mall order and a bill run, whoever wrote the rows', async () => {
    const shipper = await api.login('shipper');
    const org = ok(await api.call('POST', '/system/users/getInfo', { token: shipper })).organizationId;
    const warehouse = ok(await api.call('GET', '/config/warehouses?shortName=LAX-ONT', { token: admin })).rows[0].id;
    const sku = ok(await api.call('GET', `/products/skus?organizationId=${org}&sort=id&pageSize=1`, { token: admin }))
      .rows[0];
    const moves = stockMoves(api, admin, warehouse);
    await moves.receive(org, sku.id, 20, 2, '2026-01-05');
    await moves.ship(org, sku.id, 3, '2026-01-10');
    ok(
      await api.call('POST', '/orders/cart', {
        token: shipper,
        body: { skuId: sku.id, warehouseId: warehouse, quantity: 2 },
      }),
    );
    ok(
      await api.call('POST', '/orders/cart/checkout', {
        token: shipper,
        body: { warehouseId: warehouse, deliveryType: 1 },
      }),
    );
    ok(
      await api.call('POST', '/finance/feeModels', {
        token: admin,
        body: { name: 'LAX default', warehouseId: warehouse, currency: 2, validFrom: '2026-01-01', lines: demoLines },
      }),
    );
    const run = ok(
      await api.call('POST', '/finance/billRuns', {
        token: admin,
        body: { warehouseId: warehouse, periodFrom: '2026-01-01', periodTo: '2026-01-31' },
      }),
    );
    await expect
      .poll(
        async () => ok(await api.call('GET', `/finance/billRuns/${run.id}?withResults=false`, { token: admin })).status,
        {
          timeout: 120_000,
          interval: 200,
        },
      )
      .toBe(6);

    const counts = await childOrganizations();
    for (const [table, , missing, wrong] of counts)
      expect({ table, missing, wrong }).toEqual({ table, missing: 0, wrong: 0 });
    const written = Object.fromEntries(counts.map(([table, rows]) => [table, rows]));
    for (const table of ['inbound_lines', 'outbound_lines', 'outbound_takes', 'order_lines', 'bill_lines'])
      expect(written[table], table).toBeGreaterThan(0);
  }, 180_000);

  it('follows a row moved to another parent', async () => {
    const [packing] = await api.db.query<{ id: number; product_id: number }>(
      'SELECT id, product_id FROM packings ORDER BY id LIMIT 1',
    );
    const [other] = await api.db.query<{ id: number; organization_id: number }>(
      `SELECT id, organization_id FROM products
        WHERE organization_id <> (SELECT organization_id FROM products WHERE id = $1) ORDER BY id LIMIT 1`,
      [packing.product_id],
    );
    await api.db.query('UPDATE packings SET product_id = $1 WHERE id = $2', [other.id, packing.id]);
    const [moved] = await api.db.query<{ organization_id: number }>(
      'SELECT organization_id FROM packings WHERE id = $1',
      [packing.id],
    );
    expect(moved.organization_id).toBe(other.organization_id);
  });

  it('are filled by migration 0020 on a database made before it', async () => {
    for (const [table] of await childOrganizations()) await api.db.query(`UPDATE ${table} SET organization_id = NULL`);
    expect((await childOrganizations()).every(([, rows, missing]) => missing === rows)).toBe(true);
    const migration = readFileSync('src/server/db/migrations/0020_child_organizations.sql', 'utf8')
      .replace(/^\s*--.*$/gm, '')
      .trim()
      .replace(/;$/, '');
    await api.db.query(migration);
    const filled = await childOrganizations();
    for (const [table, , missing, wrong] of filled)
      expect({ table, missing, wrong }).toEqual({ table, missing: 0, wrong: 0 });
    expect(filled.filter(([, rows]) => rows > 0).length).toBeGreaterThan(5);
  });
});
