-- Issue 41: a POST sent with an Idempotency-Key is done once; a repeat within 24 hours gets the
-- first answer (plugins/idempotency.ts). Keys are the caller's own (a person or an API key), so
-- one caller's key never answers another's request.
CREATE TABLE IF NOT EXISTS idempotency_keys (
  owner text NOT NULL,
  key text NOT NULL,
  -- The method, path and body the key was first used with: another request under it is refused.
  fingerprint text NOT NULL,
  -- The first answer's HTTP status and body; null while that request is still running.
  status integer,
  body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner, key)
);

CREATE INDEX IF NOT EXISTS idempotency_keys_created_at_idx ON idempotency_keys (created_at);
