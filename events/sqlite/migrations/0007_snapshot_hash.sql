-- A snapshot is a cache, never trusted blindly: each keeps a content hash
-- (events.SnapshotHash: campaign, key, version, head, data and the hash of
-- its parts) and is read only while it matches. Snapshots written before
-- carry none and would never be read again: they are dropped with their
-- parts (the next command that grows the log, or `warlog rebuild`, saves
-- new ones). Parts are no longer kept inline: the `parts` column stays empty.
ALTER TABLE snapshots ADD COLUMN hash TEXT NOT NULL DEFAULT '';
DELETE FROM snapshots;
DELETE FROM snapshot_parts;
