-- A campaign's name apart from its key. The key (the events' campaign) is
-- hashed into every event of the chain and never changes; the name is what
-- people type, and a rename changes only this table. chain is the campaign
-- as the chain hashes it: the stream's own key, except for a copy imported
-- beside the campaign it diverged from (`campaign import --as`), which keeps
-- the original's chain under a key of its own. Archived campaigns are left
-- out of `campaign list`. Every campaign already in the file is named by
-- its key.
CREATE TABLE campaigns (
    stream   TEXT PRIMARY KEY,
    chain    TEXT NOT NULL,
    name     TEXT NOT NULL UNIQUE,
    archived INTEGER NOT NULL DEFAULT 0
);
INSERT INTO campaigns (stream, chain, name) SELECT DISTINCT campaign, campaign, campaign FROM events;
