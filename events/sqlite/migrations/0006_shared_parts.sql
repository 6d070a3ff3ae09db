-- A snapshot's parts (the history of finished battles, most of a long
-- campaign's state) change only when a battle ends: snapshots share them by
-- content instead of each keeping a copy of its own. A snapshot written
-- before this keeps its parts inline, with parts_hash ''.
CREATE TABLE snapshot_parts (
    campaign TEXT NOT NULL,
    hash     TEXT NOT NULL,
    data     BLOB NOT NULL,
    PRIMARY KEY (campaign, hash)
);
ALTER TABLE snapshots ADD COLUMN parts_hash TEXT NOT NULL DEFAULT '';
