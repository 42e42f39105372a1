-- Tells every API instance on this database which table a committed statement changed, so the
-- caches each keeps in memory (sessions, policy decisions, list totals) drop what went stale.
-- One notification per table and transaction (PostgreSQL folds duplicates), sent at commit.
CREATE OR REPLACE FUNCTION notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('table_changes', TG_TABLE_NAME); RETURN NULL; END $$;

CREATE OR REPLACE TRIGGER users_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
CREATE OR REPLACE TRIGGER sessions_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
CREATE OR REPLACE TRIGGER user_organizations_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_organizations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
CREATE OR REPLACE TRIGGER casbin_rule_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON casbin_rule
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
