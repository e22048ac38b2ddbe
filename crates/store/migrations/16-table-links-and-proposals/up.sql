-- A table's link for one session: the phone at the table opens that table's form with its token (random, 160
-- bits, kept whole so that the desk can print the slip again) until the referee revokes it. `pins` are the
-- players' short PINs by seat position (a JSON list), printed on the slip, with which the players confirm a
-- proposal on the phone; `players` the ids seated when it was made (a table seated again with other players
-- gets a new link). One live link per table of a session.
CREATE TABLE table_link (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournament (id),
    session       INTEGER NOT NULL CHECK (session >= 1),
    table_number  INTEGER NOT NULL CHECK (table_number >= 1),
    token         TEXT    NOT NULL UNIQUE CHECK (length(token) >= 32),
    pins          TEXT    NOT NULL DEFAULT '[]',
    players       TEXT    NOT NULL DEFAULT '[]',
    created_at    TEXT    NOT NULL,
    revoked_at    TEXT
);
CREATE UNIQUE INDEX table_link_live ON table_link (tournament_id, session, table_number) WHERE revoked_at IS NULL;

-- A manche sent by a table's phone, waiting for the referee: confirmed (it became `manche_id`), rejected (with a
-- reason the phone shows) or withdrawn (the desk entered that manche first). At most one waits per manche.
CREATE TABLE proposal (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournament (id),
    link_id       INTEGER NOT NULL REFERENCES table_link (id),
    session       INTEGER NOT NULL CHECK (session >= 1),
    table_number  INTEGER NOT NULL CHECK (table_number >= 1),
    number        INTEGER NOT NULL CHECK (number >= 1),
    entry         TEXT    NOT NULL,
    sender        TEXT    NOT NULL,
    sent_at       TEXT    NOT NULL,
    pins_given    INTEGER NOT NULL DEFAULT 0 CHECK (pins_given IN (0, 1)),
    state         TEXT    NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'confirmed', 'rejected', 'withdrawn')),
    reason        TEXT    NOT NULL DEFAULT '',
    decided_by    TEXT    NOT NULL DEFAULT '',
    decided_at    TEXT,
    manche_id     INTEGER REFERENCES manche (id)
);
CREATE UNIQUE INDEX proposal_waiting ON proposal (tournament_id, session, table_number, number) WHERE state = 'waiting';
CREATE INDEX proposal_tournament ON proposal (tournament_id, state);

-- Whether a proposal that all the table's players confirmed with their PINs is saved without the referee.
ALTER TABLE tournament ADD COLUMN proposals_by_pins INTEGER NOT NULL DEFAULT 0 CHECK (proposals_by_pins IN (0, 1));

-- Stations that are open read again.
UPDATE change_stamp SET n = n + 1 WHERE id = 1;
