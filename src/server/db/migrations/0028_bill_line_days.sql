-- Issue 39: a bill line's explanation is read by the engine as one of its fields (billLines.json
-- `explanation`), line by line: its lot-days are found by the line, not by scanning the bill's.
CREATE INDEX IF NOT EXISTS bill_storage_days_line_idx ON bill_storage_days (bill_line_id);
