-- Issue 43: every customer's month so far and forecast, kept (workflows/finance/accrual-keeper.ts),
-- so the staff's list of every customer reads rows instead of pricing each customer per request.
-- One row per customer, warehouse, month and currency, written whole for a customer at a time.
CREATE TABLE IF NOT EXISTS accrual_totals (
  organization_id integer NOT NULL,
  warehouse_id integer NOT NULL,
  month date NOT NULL,
  currency integer NOT NULL,
  to_date numeric NOT NULL,
  forecast numeric NOT NULL,
  fee_model_id integer,
  from_day date NOT NULL,
  today date NOT NULL,
  computed_at timestamptz NOT NULL,
  PRIMARY KEY (organization_id, month, warehouse_id, currency)
);

-- The month-end review sorts a month's customers by what they owe.
CREATE INDEX IF NOT EXISTS accrual_totals_month_idx ON accrual_totals (month, forecast DESC);

-- Which customers to price again: one whose events bear on charges, one never priced, one priced
-- over an hour ago (storage grows with the days).
CREATE TABLE IF NOT EXISTS accrual_keeping (
  organization_id integer PRIMARY KEY,
  stale boolean NOT NULL DEFAULT true,
  computed_at timestamptz
);

CREATE INDEX IF NOT EXISTS accrual_keeping_stale_idx ON accrual_keeping (computed_at NULLS FIRST) WHERE stale;

-- How far the outbox has been read for it, by one instance at a time (its row lock).
CREATE TABLE IF NOT EXISTS accrual_cursor (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  seq bigint NOT NULL DEFAULT 0
);

INSERT INTO accrual_cursor DEFAULT VALUES ON CONFLICT DO NOTHING;
