-- Warehouses gained a time zone (schemas/warehouses.json), the day their documents are numbered and
-- dated in. Migrations run before the engine adds columns, so a database that already has warehouses
-- gets the column here, filled: the demo's warehouses with their own zones, any other with the site's
-- zone of this release (src/domain/site-settings.ts), which its form then corrects. A new database
-- gets the column from the engine and the zones from the seed.
-- The runner splits on ';' at line ends: inside the body no line ends with one.
DO $$
BEGIN
  IF to_regclass('warehouses') IS NOT NULL THEN
    ALTER TABLE warehouses ADD COLUMN IF NOT EXISTS time_zone text
    ; UPDATE warehouses SET time_zone = CASE short_name
        WHEN 'LAX-ONT' THEN 'America/Los_Angeles' WHEN 'NJ-EDS' THEN 'America/New_York'
        WHEN 'HAM-BB' THEN 'Europe/Berlin' WHEN 'RTM-BT' THEN 'Europe/Amsterdam' ELSE 'Asia/Shanghai' END
       WHERE time_zone IS NULL
  ; END IF; END
$$;
