-- Several stations on one tournament. A manche row carries a revision, checked by the UPDATE that corrects
-- it, so that a station correcting a manche another station changed meanwhile is refused instead of
-- overwriting it; `save_key` names the save that wrote the row last, so that a save repeated after its answer
-- was lost (the network went down at the commit) is known as the same save and not made twice.
-- `change_stamp` is bumped by every write: a station polls it to know when to read again.
ALTER TABLE manche ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
ALTER TABLE manche ADD COLUMN save_key TEXT NOT NULL DEFAULT '';

CREATE TABLE change_stamp (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    n  INTEGER NOT NULL
);
INSERT INTO change_stamp (id, n) VALUES (1, 0);
