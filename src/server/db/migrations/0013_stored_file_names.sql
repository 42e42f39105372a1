-- The name a file was uploaded under (a POD's `delivery-note.pdf`): kept beside its stored path,
-- which is a random id, so downloads and the records holding it show what the user sent.
-- Files stored before keep none and go by their path's name.
ALTER TABLE stored_files ADD COLUMN IF NOT EXISTS name text;
