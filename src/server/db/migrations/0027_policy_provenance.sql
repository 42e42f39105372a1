-- Issue 39: the policy files are the truth, with a visible difference. Each live line remembers
-- whether it came from the files or from the screen, and the lines the files held at the last
-- start are kept, so the next start applies only what the files changed since: a line a person
-- removed on the screen is not granted again because the files still hold it. A database in use
-- takes the files it first starts with as that baseline (access/policy-files.ts).
ALTER TABLE casbin_rule ADD COLUMN IF NOT EXISTS source text NOT NULL DEFAULT 'screen';
CREATE TABLE IF NOT EXISTS policy_file_lines (
  ptype text NOT NULL,
  v0 text NOT NULL,
  v1 text NOT NULL,
  v2 text NOT NULL,
  PRIMARY KEY (ptype, v0, v1, v2)
);
