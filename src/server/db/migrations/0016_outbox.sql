-- The transactional outbox (DESIGN 9, issue 26): one row per change, written by the transaction
-- that makes the change, so an event exists exactly when its change committed. Readers keep their
-- own position by `seq`; the webhook fan-out claims rows not yet fanned out under SKIP LOCKED.
CREATE TABLE IF NOT EXISTS outbox (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL,
  organization_id integer,
  resource text NOT NULL,
  record_id text,
  user_id integer,
  payload jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  fanned_out boolean NOT NULL DEFAULT false
);

-- The fan-out's queue: only the rows still to hand to webhooks, so it stays small however long the outbox grows.
CREATE INDEX IF NOT EXISTS outbox_to_fan_out ON outbox(seq) WHERE NOT fanned_out;

-- A customer's stream resumed from a position, and a replay of one organization's range.
CREATE INDEX IF NOT EXISTS outbox_organization_seq ON outbox(organization_id, seq);

-- A replay of a time range, and pruning by age.
CREATE INDEX IF NOT EXISTS outbox_created_at ON outbox(created_at);

-- Other instances on this database wake their readers on commit (db/changes.ts, migration 0003).
CREATE OR REPLACE TRIGGER outbox_changes AFTER INSERT ON outbox
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
