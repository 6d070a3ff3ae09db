-- Reads of one kind of event after a version (the undo bookkeeping after a
-- snapshot, the newest actions for undo) walk only those rows: the type
-- index gains the version, so no row outside the range is looked up.
CREATE INDEX events_type_version ON events (campaign, type, version);
DROP INDEX events_type;
