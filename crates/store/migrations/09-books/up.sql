-- A ruleset's book (modern American's card of the year is one) is described by the ruleset, not by the
-- schema: each line is a JSON object keyed by the ruleset's columns, so a ruleset with a book of its own, or a
-- column added to one, needs no migration here. Schema 5's `card_hand` rows move over with the same keys the
-- card's columns have (`hand` was `line`), in their order, and the table goes.

CREATE TABLE book_line (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournament (id),
    position      INTEGER NOT NULL CHECK (position >= 0),
    data          TEXT    NOT NULL CHECK (json_valid(data) AND json_type(data) = 'object'),
    UNIQUE (tournament_id, position)
);

INSERT INTO book_line (tournament_id, position, data)
SELECT tournament_id, position,
       json_object('section', section, 'hand', line, 'value', value,
                   'concealed', json(CASE concealed WHEN 1 THEN 'true' ELSE 'false' END),
                   'jokers', json(CASE jokers WHEN 1 THEN 'true' ELSE 'false' END))
FROM card_hand ORDER BY tournament_id, position;

DROP TABLE card_hand;

-- Stations that are open read again.
UPDATE change_stamp SET n = n + 1 WHERE id = 1;
