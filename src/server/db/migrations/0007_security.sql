-- Sign-in failures are also counted per client address, so one address cannot try many accounts.
ALTER TABLE login_failures ADD COLUMN IF NOT EXISTS address text;
CREATE INDEX IF NOT EXISTS login_failures_address_time ON login_failures(address, failed_at);

-- The audit trail is listed by the engine (/system/audit), which reads the columns every resource
-- table has; its own time stays in `at`.
ALTER TABLE audit_log ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 1;
ALTER TABLE audit_log ADD COLUMN IF NOT EXISTS created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE audit_log ADD COLUMN IF NOT EXISTS updated_at timestamptz NOT NULL DEFAULT now();
UPDATE audit_log SET created_at = at, updated_at = at;
CREATE INDEX IF NOT EXISTS audit_log_at ON audit_log(at);

-- Who uploaded each stored file: until a record references it, only its uploader may read it back.
CREATE TABLE IF NOT EXISTS stored_files (
  path text PRIMARY KEY,
  uploaded_by integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
