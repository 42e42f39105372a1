-- Issue 41: a scan is a record as it happens, made by the device with its own id, so a batch sent
-- again after a lost answer changes nothing (workflows/scans/scan-records.ts). Refused scans are
-- kept too: a retry gets the same refusal.
CREATE TABLE IF NOT EXISTS scans (
  id uuid PRIMARY KEY,
  -- 'inbounds' or 'outbounds': the document scanned against.
  document text NOT NULL,
  document_id integer NOT NULL,
  organization_id integer NOT NULL,
  sku_id integer,
  lot_id integer,
  code text NOT NULL,
  pieces integer NOT NULL,
  counted boolean NOT NULL,
  -- Why a scan was not counted: unknownCode, notOnDocument or notAwaiting.
  refusal text,
  device text,
  user_id integer NOT NULL,
  scanned_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- A document's totals and its log, in the order the server took the scans.
CREATE INDEX IF NOT EXISTS scans_document_idx ON scans (document, document_id, received_at, id);
