-- Movements per day are counted on the days of the warehouse where they happened (issue 24), not
-- on UTC's: a Los Angeles receipt at 17:00 there belongs to that day, although UTC is on the next.
-- stock_daily_rebuild puts one warehouse's (or every warehouse's) days in again from the change
-- logs, in a zone that is about to be stored (a warehouse's form changes it in the same transaction).
-- The runner splits on ';' at line ends: inside the bodies no line ends with one.

CREATE OR REPLACE FUNCTION stock_daily_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_daily AS d (organization_id, warehouse_id, sku_id, day, change_type, pieces, pallets, changes)
  SELECT n.organization_id, n.warehouse_id, n.sku_id, (n.created_at AT TIME ZONE coalesce(w.time_zone, 'UTC'))::date,
         n.change_type, sum(n.pieces), sum(n.pallets), count(*)
    FROM new_rows n LEFT JOIN warehouses w ON w.id = n.warehouse_id GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (organization_id, warehouse_id, sku_id, day, change_type) DO UPDATE
    SET pieces = d.pieces + excluded.pieces, pallets = d.pallets + excluded.pallets, changes = d.changes + excluded.changes
  ; RETURN NULL; END
$$;

CREATE OR REPLACE FUNCTION stock_daily_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_daily d SET pieces = d.pieces - o.pieces, pallets = d.pallets - o.pallets, changes = d.changes - o.changes
    FROM (SELECT r.organization_id, r.warehouse_id, r.sku_id, (r.created_at AT TIME ZONE coalesce(w.time_zone, 'UTC'))::date AS day,
                 r.change_type, sum(r.pieces) AS pieces, sum(r.pallets) AS pallets, count(*) AS changes
            FROM old_rows r LEFT JOIN warehouses w ON w.id = r.warehouse_id GROUP BY 1, 2, 3, 4, 5) o
   WHERE d.organization_id = o.organization_id AND d.warehouse_id = o.warehouse_id AND d.sku_id = o.sku_id
     AND d.day = o.day AND d.change_type = o.change_type
  ; RETURN NULL; END
$$;

CREATE OR REPLACE FUNCTION stock_daily_rebuild(warehouse integer, zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stock_daily WHERE warehouse IS NULL OR warehouse_id = warehouse
  ; INSERT INTO stock_daily (organization_id, warehouse_id, sku_id, day, change_type, pieces, pallets, changes)
    SELECT c.organization_id, c.warehouse_id, c.sku_id,
           (c.created_at AT TIME ZONE coalesce(zone, w.time_zone, 'UTC'))::date, c.change_type,
           sum(c.pieces), sum(c.pallets), count(*)
      FROM change_logs c LEFT JOIN warehouses w ON w.id = c.warehouse_id
     WHERE warehouse IS NULL OR c.warehouse_id = warehouse
     GROUP BY 1, 2, 3, 4, 5
  ; END
$$;

-- A database that already holds stock counts its past movements on its warehouses' days, once.
DO $$
BEGIN
  IF to_regclass('warehouses') IS NOT NULL
     AND EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'warehouses' AND column_name = 'time_zone')
     AND EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'change_logs' AND column_name = 'change_type') THEN
    PERFORM stock_daily_rebuild(NULL, NULL)
  ; END IF; END
$$;
