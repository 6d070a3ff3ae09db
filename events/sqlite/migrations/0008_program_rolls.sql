-- The program dice in effect come from the log, never from a snapshot
-- alone: a command restoring one finds the newest dice the program rolled
-- through this index (dice.rolled events whose source is the program, in
-- version order), a few rows back from the snapshot however long the
-- campaign; a campaign of hand-entered dice has none to walk past. A
-- payload that is not JSON (a hand edit) is left out rather than failing.
CREATE INDEX events_program_rolls ON events (campaign, version)
    WHERE type = 'dice.rolled' AND CASE WHEN json_valid(data) THEN json_extract(data, '$.source') END = 'program';
