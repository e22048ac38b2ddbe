-- A tournament's card: the hands its rules score from (modern American: the League's card of the year,
-- which the app does not ship), in the order the referee keeps them. Replaced whole, audited.

CREATE TABLE card_hand (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournament (id),
    position      INTEGER NOT NULL CHECK (position >= 0),
    section       TEXT    NOT NULL CHECK (length(trim(section)) > 0),
    line          TEXT    NOT NULL CHECK (length(trim(line)) > 0),
    value         INTEGER NOT NULL CHECK (value > 0),
    concealed     INTEGER NOT NULL CHECK (concealed IN (0, 1)),
    jokers        INTEGER NOT NULL CHECK (jokers IN (0, 1)),
    UNIQUE (tournament_id, position)
);
