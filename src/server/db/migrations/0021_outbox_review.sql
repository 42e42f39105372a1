-- Deleting an endpoint cascades to its deliveries, and each delivery deleted cascades to its
-- attempts by delivery_id: without this index every delivery cost a scan of the attempt log.
-- The retention pass (webhooks/retention.ts) deletes old deliveries the same way.
CREATE INDEX IF NOT EXISTS webhook_attempts_delivery ON webhook_attempts(delivery_id);
