-- Issue 37: what a key hands out stays in its organization.
-- A file uploaded with a key is that key's to read back, not its creator's: a person's other
-- uploads (an admin's import of another customer) are not the key's. An import's file belongs to
-- the organization it was imported for, and is removed after a retention (files/retention.ts).
ALTER TABLE stored_files ADD COLUMN IF NOT EXISTS api_key_id integer;
ALTER TABLE stored_files ADD COLUMN IF NOT EXISTS organization_id integer;
CREATE INDEX IF NOT EXISTS stored_files_uploaded_by ON stored_files(uploaded_by);
CREATE INDEX IF NOT EXISTS stored_files_imports ON stored_files(created_at) WHERE path LIKE 'imports/%';

-- Live events name the key that acted, as the audit trail does.
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS api_key_id integer;

-- The integration role for customers' systems (policies/policy.csv grants an empty database the
-- same lines): a database already in use gets it once, like 0008's right.
-- The roles table is the engine's (made after migrations): on a new database it is not there yet,
-- and the seed makes the role.
DO $$ BEGIN
  IF to_regclass('roles') IS NOT NULL AND EXISTS (SELECT 1 FROM casbin_rule WHERE ptype = 'p' AND v0 = 'admin') THEN
    EXECUTE 'INSERT INTO roles(name, remarks) SELECT ''integration'', ''Customer systems through an API key: catalogue writes, stock and order reads. 系统对接：商品写入，库存与订单只读'' WHERE NOT EXISTS (SELECT 1 FROM roles WHERE name = ''integration'')'; END IF; END $$;

INSERT INTO casbin_rule(ptype, v0, v1, v2)
SELECT 'p', 'integration', x.object, x.type
  FROM (VALUES
    ('products', '1'),
    ('products.spus', '1'),
    ('products.spus.create', '3'),
    ('products.spus.edit', '3'),
    ('products.spus.export', '3'),
    ('products.skus', '1'),
    ('products.skus.create', '3'),
    ('products.skus.edit', '3'),
    ('products.packings', '1'),
    ('products.packings.create', '3'),
    ('products.packings.edit', '3'),
    ('products.taxes', '1'),
    ('products.taxes.create', '3'),
    ('products.taxes.edit', '3'),
    ('products.categories', '1'),
    ('inventories', '1'),
    ('inventories.products', '1'),
    ('inventories.products.export', '3'),
    ('inventories.changeLogs', '1'),
    ('inventories.productLogs', '1'),
    ('inventories.inbounds', '1'),
    ('inventories.outbounds', '1'),
    ('orders', '1'),
    ('orders.orders', '1'),
    ('orders.orders.export', '3'),
    ('orders.deliveries', '1'),
    ('system', '1'),
    ('system.webhooks', '1'),
    ('system.webhooks.create', '3'),
    ('system.webhooks.edit', '3'),
    ('system.webhooks.delete', '3')
  ) AS x(object, type)
 WHERE EXISTS (SELECT 1 FROM casbin_rule WHERE ptype = 'p' AND v0 = 'admin')
   AND NOT EXISTS (SELECT 1 FROM casbin_rule WHERE ptype = 'p' AND v0 = 'integration');
