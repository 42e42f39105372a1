-- Which rows a statement changed, not only which table (issue 31): a write to one organization's
-- products must keep every other organization's cached pages and totals, and a record's cached read
-- drops only when that record changes. Each resource table gets one trigger per kind of statement
-- (engine/sync.ts; a trigger with transition tables serves one event), which notes the ids and the
-- organizations (TG_ARGV[0], the tenant column, when the table has one) of the rows before and
-- after: in the transaction's own setting app.changes, read by the instance that commits it
-- (db/changes.ts), and as a notification to every other instance. Past 50 ids or organizations
-- the list is left out, which means any. A TRUNCATE notes the table alone.
-- The runner splits on ';' at line ends: inside the body no line ends with one.

CREATE OR REPLACE FUNCTION note_row_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text := CASE TG_OP WHEN 'INSERT' THEN 'SELECT * FROM new_rows' WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
    ELSE 'SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows' END
  ; org text := CASE WHEN TG_NARGS > 0 THEN quote_ident(TG_ARGV[0]) ELSE 'NULL::int' END
  ; note jsonb := jsonb_build_object('t', TG_TABLE_NAME)
  ; seen record
  ; BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    EXECUTE format('SELECT count(DISTINCT id) AS ids, count(DISTINCT %1$s) + max(CASE WHEN %1$s IS NULL THEN 1 ELSE 0 END) AS orgs,
        coalesce(jsonb_agg(DISTINCT id), ''[]'') AS id_list, coalesce(jsonb_agg(DISTINCT %1$s), ''[]'') AS org_list FROM (%2$s) s', org, source)
      INTO seen
    ; IF seen.ids <= 50 THEN note := note || jsonb_build_object('i', seen.id_list)
    ; END IF
    ; IF TG_NARGS > 0 AND coalesce(seen.orgs, 0) <= 50 THEN note := note || jsonb_build_object('o', seen.org_list)
    ; END IF
  ; END IF
  ; PERFORM set_config('app.changes', coalesce(current_setting('app.changes', true), '') || note::text || chr(10), true)
  ; PERFORM pg_notify('table_changes', note::text)
  ; RETURN NULL
; END
$$;
