-- Stecca's first schema. Nothing is deleted: corrections update a row and append to `audit`.

CREATE TABLE tournament (
    id                  INTEGER PRIMARY KEY,
    name                TEXT    NOT NULL CHECK (length(trim(name)) > 0),
    venue               TEXT    NOT NULL DEFAULT '',
    start_date          TEXT,
    end_date            TEXT,
    rules               TEXT    NOT NULL,
    options             TEXT    NOT NULL DEFAULT '{}',
    sessions            INTEGER NOT NULL CHECK (sessions BETWEEN 1 AND 40),
    manches_per_session INTEGER NOT NULL DEFAULT 16 CHECK (manches_per_session BETWEEN 1 AND 64),
    ranking             TEXT    NOT NULL DEFAULT '{}',
    seating_seed        INTEGER NOT NULL DEFAULT 1,
    created_at          TEXT    NOT NULL
);

CREATE TABLE player (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournament (id),
    name          TEXT    NOT NULL CHECK (length(trim(name)) > 0),
    club          TEXT    NOT NULL DEFAULT '',
    country       TEXT    NOT NULL DEFAULT '',
    federation_id TEXT    NOT NULL DEFAULT '',
    substitute    INTEGER NOT NULL DEFAULT 0 CHECK (substitute IN (0, 1)),
    withdrawn     INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn IN (0, 1)),
    UNIQUE (tournament_id, name)
);

CREATE TABLE session (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournament (id),
    number        INTEGER NOT NULL CHECK (number >= 1),
    UNIQUE (tournament_id, number)
);

-- A table of one session; `start_round_wind` is the wall where the breach was opened in its first manche.
CREATE TABLE session_table (
    id               INTEGER PRIMARY KEY,
    session_id       INTEGER NOT NULL REFERENCES session (id),
    number           INTEGER NOT NULL CHECK (number >= 1),
    start_round_wind TEXT    NOT NULL DEFAULT 'E' CHECK (start_round_wind IN ('E', 'S', 'W', 'N')),
    UNIQUE (session_id, number)
);

-- Position 0 is East at the first manche, then South, West, North.
CREATE TABLE seat (
    table_id  INTEGER NOT NULL REFERENCES session_table (id),
    position  INTEGER NOT NULL CHECK (position BETWEEN 0 AND 3),
    player_id INTEGER NOT NULL REFERENCES player (id),
    PRIMARY KEY (table_id, position)
);
CREATE INDEX seat_player ON seat (player_id);

-- `input` is the manche exactly as typed (ruleset JSON), `outcome` the computed result.
CREATE TABLE manche (
    id             INTEGER PRIMARY KEY,
    table_id       INTEGER NOT NULL REFERENCES session_table (id),
    number         INTEGER NOT NULL CHECK (number >= 1),
    input          TEXT    NOT NULL,
    outcome        TEXT    NOT NULL,
    engine_version TEXT    NOT NULL,
    referee        TEXT    NOT NULL DEFAULT '',
    entered_at     TEXT    NOT NULL,
    UNIQUE (table_id, number)
);

-- Each player's chip change in a manche, kept beside the outcome so that standings are one query.
CREATE TABLE manche_net (
    manche_id INTEGER NOT NULL REFERENCES manche (id),
    player_id INTEGER NOT NULL REFERENCES player (id),
    net       INTEGER NOT NULL,
    mahjong   INTEGER NOT NULL DEFAULT 0 CHECK (mahjong IN (0, 1)),
    PRIMARY KEY (manche_id, player_id)
);
CREATE INDEX manche_net_player ON manche_net (player_id);

CREATE TABLE penalty (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournament (id),
    player_id      INTEGER NOT NULL REFERENCES player (id),
    session_number INTEGER,
    points         INTEGER NOT NULL CHECK (points > 0),
    reason         TEXT    NOT NULL CHECK (length(trim(reason)) > 0),
    referee        TEXT    NOT NULL,
    at             TEXT    NOT NULL,
    revoked        INTEGER NOT NULL DEFAULT 0 CHECK (revoked IN (0, 1))
);

CREATE TABLE audit (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournament (id),
    at            TEXT    NOT NULL,
    referee       TEXT    NOT NULL,
    entity        TEXT    NOT NULL,
    entity_id     INTEGER NOT NULL,
    action        TEXT    NOT NULL,
    before        TEXT,
    after         TEXT
);
CREATE INDEX audit_tournament ON audit (tournament_id, id);

CREATE TRIGGER audit_append_only_update BEFORE UPDATE ON audit
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER audit_append_only_delete BEFORE DELETE ON audit
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;

-- Desk preferences (language, referee name): key → value.
CREATE TABLE preference (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
