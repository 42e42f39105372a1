-- Co-located children carry their parent's organization (issue 31, README "Distribution by
-- organization"): Citus routes a row by the distribution column in the row itself. Rows made before
-- take it here, one set-based UPDATE per table, goods after the containers they take it from; from now
-- on a trigger the engine declares per child (engine/sync.ts) sets it on every insert. The index is the
-- one the engine makes too. On a new database the engine makes these tables after the migrations:
-- nothing to fill then.
-- The runner splits on ';' at line ends: inside the block no line ends with one.
DO $$
DECLARE
  child record
  ; BEGIN
  FOR child IN SELECT * FROM (VALUES
      (1, 'packings', 'products', 'product_id'),
      (2, 'taxes', 'products', 'product_id'),
      (3, 'inbound_lines', 'inbounds', 'inbound_id'),
      (4, 'outbound_lines', 'outbounds', 'outbound_id'),
      (5, 'outbound_takes', 'outbounds', 'outbound_id'),
      (6, 'order_lines', 'orders', 'order_id'),
      (7, 'bill_lines', 'bills', 'bill_id'),
      (8, 'containers', 'shipments', 'shipment_id'),
      (9, 'attachments', 'shipments', 'shipment_id'),
      (10, 'goods', 'containers', 'container_id')
    ) AS c(step, name, parent, fk) ORDER BY step
  LOOP
    IF to_regclass(child.name) IS NOT NULL AND to_regclass(child.parent) IS NOT NULL THEN
      EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS organization_id integer', child.name)
      ; EXECUTE format('UPDATE %1$I c SET organization_id = p.organization_id FROM %2$I p
          WHERE p.id = c.%3$I AND c.organization_id IS DISTINCT FROM p.organization_id', child.name, child.parent, child.fk)
      ; EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I (organization_id, %I)',
          child.name || '_organization_id_idx', child.name, child.fk)
    ; END IF
  ; END LOOP
; END
$$;
