-- Snapshots: folded states of a campaign at a version, a cache that lets a
-- command replay only the events after one. Not part of any stream: warlog
-- replaces and deletes them freely, and `warlog rebuild` drops them all.
CREATE TABLE snapshots (
    campaign TEXT    NOT NULL,
    key      TEXT    NOT NULL,
    version  INTEGER NOT NULL CHECK (version >= 1),
    head     TEXT    NOT NULL,
    data     BLOB    NOT NULL,
    PRIMARY KEY (campaign, key, version)
);
