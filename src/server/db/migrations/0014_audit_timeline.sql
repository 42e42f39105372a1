-- A record's timeline reads its audit rows in order (GET <api>/{id}/timeline): the index walks them
-- in that order, and replaces the one on (entity, entity_id) it starts with.
CREATE INDEX IF NOT EXISTS audit_log_entity_at ON audit_log(entity, entity_id, at, id);
DROP INDEX IF EXISTS audit_log_entity;
