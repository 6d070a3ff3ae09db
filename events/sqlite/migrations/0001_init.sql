-- The append-only log: one stream per campaign, hash-chained.
CREATE TABLE events (
    seq      INTEGER PRIMARY KEY AUTOINCREMENT,
    campaign TEXT    NOT NULL,
    version  INTEGER NOT NULL CHECK (version >= 1),
    action   TEXT    NOT NULL,
    type     TEXT    NOT NULL,
    data     TEXT    NOT NULL,
    at       TEXT    NOT NULL,
    prev     TEXT    NOT NULL,
    hash     TEXT    NOT NULL,
    UNIQUE (campaign, version)
);
CREATE INDEX events_action ON events (campaign, action);
CREATE INDEX events_type ON events (campaign, type);

-- Nothing in the log is ever changed or removed by warlog itself.
CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;

-- Local preferences (the campaign chosen with `use`); not part of any stream.
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
