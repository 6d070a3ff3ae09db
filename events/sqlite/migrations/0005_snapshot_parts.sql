-- A snapshot's large parts (the history of finished battles) in a column of
-- their own, after the state: reading the state never reads them, and they
-- are read only when a command looks at the history.
ALTER TABLE snapshots ADD COLUMN parts BLOB NOT NULL DEFAULT x'';
