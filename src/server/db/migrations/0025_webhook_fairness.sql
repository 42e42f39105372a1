-- Webhooks fair to every customer (issue 37). The dispatcher claims each endpoint's due deliveries
-- in their order, a few at a time (webhooks/claim.ts): this index gives an endpoint's first due
-- ones without walking the others, and without walking its own that wait for a retry.
CREATE INDEX IF NOT EXISTS webhook_deliveries_endpoint_due ON webhook_deliveries(webhook_id, next_at, seq) WHERE status = 0;

-- Until when a delivery's request is under way (its claim's lease), NULL once its outcome is
-- written: what an endpoint and an organization have in flight, over every instance, is counted
-- from these few rows, and a waiting retry is not mistaken for one in flight.
ALTER TABLE webhook_deliveries ADD COLUMN IF NOT EXISTS sending_until timestamptz;
CREATE INDEX IF NOT EXISTS webhook_deliveries_sending ON webhook_deliveries(webhook_id) WHERE sending_until IS NOT NULL;

-- When each attempt's request left, by the app's clock; attempted_at is when its outcome was
-- logged. Attempts logged before this were never timed so: theirs stays NULL.
ALTER TABLE webhook_attempts ADD COLUMN IF NOT EXISTS sent_at timestamptz;
