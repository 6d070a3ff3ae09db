-- warlog's tables on a PostgreSQL server: the same log as the SQLite
-- file's (events/sqlite/migrations), in one migration. The tables live in
-- the connection's schema (the first of its search_path), so one database
-- can hold several leagues, each in a schema of its own.

-- The schema version: one row, the last migration applied. Its presence
-- marks the schema as warlog's.
CREATE TABLE warlog_schema (
    version integer NOT NULL
);
INSERT INTO warlog_schema (version) VALUES (0);

-- The append-only log: one stream per campaign, hash-chained. data is
-- json, not jsonb: json keeps the payload's bytes exactly as written, which
-- the chain hashes; at is text for the same reason (RFC 3339 with
-- nanoseconds, as the hash writes it). seq is an identity column, which a
-- user who may only INSERT can still draw from.
CREATE TABLE events (
    seq      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    campaign text   NOT NULL,
    version  bigint NOT NULL CHECK (version >= 1),
    action   text   NOT NULL,
    type     text   NOT NULL,
    data     json   NOT NULL,
    at       text   NOT NULL,
    prev     text   NOT NULL,
    hash     text   NOT NULL,
    CONSTRAINT events_campaign_version UNIQUE (campaign, version)
);
-- One action's events (the idempotency check of every append).
CREATE INDEX events_action ON events (campaign, action);
-- One kind of event after a version (undo, the reads after a snapshot).
CREATE INDEX events_type_version ON events (campaign, type, version);
-- The undo bookkeeping, which every replay reads first.
CREATE INDEX events_effect ON events (campaign, version)
    WHERE type IN ('action.undone', 'action.redone');
-- The dice the program rolled, which a restore reads back from the log.
CREATE INDEX events_program_rolls ON events (campaign, version)
    WHERE type = 'dice.rolled' AND (data ->> 'source') = 'program';
-- Every stream's first event, in the order they began (the list of
-- campaigns).
CREATE INDEX events_first ON events (seq) WHERE version = 1;

-- Nothing in the log is ever changed or removed: whatever a user's rights,
-- an UPDATE, DELETE or TRUNCATE of events is refused. Deleting a campaign
-- (its owner's `warlog campaign delete`) turns the DELETE trigger off for
-- its own transaction only.
CREATE FUNCTION warlog_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'events are append-only' USING ERRCODE = 'WLAPP';
END
$$;
CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
    FOR EACH ROW EXECUTE FUNCTION warlog_append_only();
CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION warlog_append_only();
CREATE TRIGGER events_append_only_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION warlog_append_only();

-- Every append tells those who follow the log (`warlog log --follow`,
-- `status --watch`): a notification on a channel of this table, whose
-- payload is the stream. PostgreSQL delivers it at commit, once per
-- transaction and stream.
CREATE FUNCTION warlog_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('warlog_' || TG_RELID::text, NEW.campaign);
    RETURN NULL;
END
$$;
CREATE TRIGGER events_notify AFTER INSERT ON events
    FOR EACH ROW EXECUTE FUNCTION warlog_notify();

-- A campaign's name apart from its key (events/directory.go): the key is
-- hashed into the chain, the name is what people type.
CREATE TABLE campaigns (
    stream   text    PRIMARY KEY,
    chain    text    NOT NULL,
    name     text    NOT NULL CONSTRAINT campaigns_name UNIQUE,
    archived boolean NOT NULL DEFAULT false
);

-- Each database user's own preferences (the campaign chosen with `use`):
-- a row per user and key, and a user sees and changes only their own.
CREATE TABLE settings (
    usr   text NOT NULL DEFAULT current_user,
    key   text NOT NULL,
    value text NOT NULL,
    PRIMARY KEY (usr, key)
);
ALTER TABLE settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY settings_own ON settings
    USING (usr = current_user) WITH CHECK (usr = current_user);

-- Snapshots: a cache of folded states (events.Snapshots), each with its
-- content hash; parts shared by content.
CREATE TABLE snapshots (
    campaign   text   NOT NULL,
    key        text   NOT NULL,
    version    bigint NOT NULL CHECK (version >= 1),
    head       text   NOT NULL,
    data       bytea  NOT NULL,
    parts_hash text   NOT NULL DEFAULT '',
    hash       text   NOT NULL,
    PRIMARY KEY (campaign, key, version)
);
CREATE TABLE snapshot_parts (
    campaign text  NOT NULL,
    hash     text  NOT NULL,
    data     bytea NOT NULL,
    PRIMARY KEY (campaign, hash)
);
