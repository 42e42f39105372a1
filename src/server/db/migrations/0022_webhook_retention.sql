-- The retention pass (webhooks/retention.ts) finds old finished deliveries by their age, and keeps
-- the events that unfinished ones (pending or paused) still have to send.
CREATE INDEX IF NOT EXISTS webhook_deliveries_finished ON webhook_deliveries(created_at) WHERE status IN (1, 2);
CREATE INDEX IF NOT EXISTS webhook_deliveries_unfinished_seq ON webhook_deliveries(seq) WHERE status IN (0, 3);
