-- The undo bookkeeping (undone and redone events) in version order with its
-- payloads, in an index of its own: a replay reads it first, and without
-- this index each of those few rows cost a lookup into the whole table.
CREATE INDEX events_effect ON events (campaign, version, type, data)
    WHERE type IN ('action.undone', 'action.redone');
