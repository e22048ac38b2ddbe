-- The treasurer's book. A club has members and evenings; an evening is played as a one-session tournament
-- of the club's ruleset (its tables, seats and manches are the ordinary ones), and when the club only counts
-- chips at the end, each seat's final count is kept in `chip_count`. Money lives in `ledger_entry`, whole
-- cents, append-only like the audit log: a mistake is corrected by a new entry that names the one it corrects.

CREATE TABLE club (
    id             INTEGER PRIMARY KEY,
    name           TEXT    NOT NULL UNIQUE CHECK (length(trim(name)) > 0),
    rules          TEXT    NOT NULL,
    -- What one chip is worth, in ten-thousandths of a cent (5000 = half a cent).
    chip_value     INTEGER NOT NULL CHECK (chip_value > 0),
    -- Charged to each member who sits at a table in an evening, in cents.
    table_fee      INTEGER NOT NULL DEFAULT 0 CHECK (table_fee >= 0),
    starting_chips INTEGER NOT NULL CHECK (starting_chips > 0),
    created_at     TEXT    NOT NULL
);

CREATE TABLE member (
    id            INTEGER PRIMARY KEY,
    club_id       INTEGER NOT NULL REFERENCES club (id),
    name          TEXT    NOT NULL CHECK (length(trim(name)) > 0),
    number        TEXT    NOT NULL DEFAULT '',
    country       TEXT    NOT NULL DEFAULT '',
    federation_id TEXT    NOT NULL DEFAULT '',
    UNIQUE (club_id, name)
);

CREATE TABLE evening (
    id            INTEGER PRIMARY KEY,
    club_id       INTEGER NOT NULL REFERENCES club (id),
    date          TEXT    NOT NULL,
    tournament_id INTEGER NOT NULL UNIQUE REFERENCES tournament (id),
    closed_at     TEXT
);

-- Who played in an evening: the member and the player record that sits at the evening's tables.
CREATE TABLE evening_member (
    evening_id INTEGER NOT NULL REFERENCES evening (id),
    member_id  INTEGER NOT NULL REFERENCES member (id),
    player_id  INTEGER NOT NULL UNIQUE REFERENCES player (id),
    PRIMARY KEY (evening_id, member_id)
);

CREATE TABLE chip_count (
    table_id  INTEGER NOT NULL REFERENCES session_table (id),
    player_id INTEGER NOT NULL REFERENCES player (id),
    chips     INTEGER NOT NULL CHECK (chips >= 0),
    PRIMARY KEY (table_id, player_id)
);

CREATE TABLE ledger_entry (
    id          INTEGER PRIMARY KEY,
    club_id     INTEGER NOT NULL REFERENCES club (id),
    member_id   INTEGER NOT NULL REFERENCES member (id),
    evening_id  INTEGER REFERENCES evening (id),
    kind        TEXT    NOT NULL CHECK (kind IN ('result', 'fee', 'cash_in', 'cash_out', 'transfer', 'correction')),
    -- Signed: positive, the club owes the member more; negative, the member owes more.
    amount      INTEGER NOT NULL,
    method      TEXT    NOT NULL DEFAULT '',
    treasurer   TEXT    NOT NULL,
    note        TEXT    NOT NULL DEFAULT '',
    corrects    INTEGER REFERENCES ledger_entry (id),
    counterpart INTEGER REFERENCES member (id),
    at          TEXT    NOT NULL
);
CREATE INDEX ledger_member ON ledger_entry (member_id, id);
CREATE INDEX ledger_evening ON ledger_entry (evening_id);

CREATE TRIGGER ledger_append_only_update BEFORE UPDATE ON ledger_entry
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_append_only_delete BEFORE DELETE ON ledger_entry
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;

-- What slips past the store's checks: an entry for a member, an evening or a counterpart of another club.
CREATE TRIGGER ledger_same_club BEFORE INSERT ON ledger_entry
WHEN (SELECT club_id FROM member WHERE id = NEW.member_id) IS NOT NEW.club_id
  OR (NEW.evening_id IS NOT NULL AND (SELECT club_id FROM evening WHERE id = NEW.evening_id) IS NOT NEW.club_id)
  OR (NEW.counterpart IS NOT NULL AND (SELECT club_id FROM member WHERE id = NEW.counterpart) IS NOT NEW.club_id)
  OR (NEW.corrects IS NOT NULL AND (SELECT club_id FROM ledger_entry WHERE id = NEW.corrects) IS NOT NEW.club_id)
BEGIN SELECT RAISE(ABORT, 'ledger: the member, evening or entry is not of this club'); END;

CREATE TRIGGER evening_member_same_club BEFORE INSERT ON evening_member
WHEN (SELECT club_id FROM member WHERE id = NEW.member_id) IS NOT (SELECT club_id FROM evening WHERE id = NEW.evening_id)
  OR (SELECT tournament_id FROM player WHERE id = NEW.player_id) IS NOT
     (SELECT tournament_id FROM evening WHERE id = NEW.evening_id)
BEGIN SELECT RAISE(ABORT, 'evening: the member or player is not of this evening'); END;

CREATE TRIGGER chip_count_seated BEFORE INSERT ON chip_count
WHEN NOT EXISTS (SELECT 1 FROM seat WHERE table_id = NEW.table_id AND player_id = NEW.player_id)
BEGIN SELECT RAISE(ABORT, 'chip count: the player is not seated at this table'); END;
