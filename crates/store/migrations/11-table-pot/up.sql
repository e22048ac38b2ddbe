-- The table's pot: what a player puts on the table (a deposit, positive) or collects from it (negative) in a
-- manche, for rulesets whose deposits stay on the table from hand to hand (Riichi's). `seq` keeps the
-- ruleset's order. No ruleset before this schema uses it: the table starts empty.
CREATE TABLE pot_payment (
    manche_id INTEGER NOT NULL REFERENCES manche (id),
    seq       INTEGER NOT NULL CHECK (seq >= 0),
    player_id INTEGER NOT NULL REFERENCES player (id),
    amount    INTEGER NOT NULL CHECK (amount <> 0),
    PRIMARY KEY (manche_id, seq)
);
CREATE INDEX pot_payment_player ON pot_payment (player_id);

CREATE TRIGGER pot_payment_seated BEFORE INSERT ON pot_payment
WHEN NOT EXISTS (SELECT 1 FROM seat JOIN manche m ON m.table_id = seat.table_id
                 WHERE m.id = NEW.manche_id AND seat.player_id = NEW.player_id)
BEGIN SELECT RAISE(ABORT, 'pot: the player is not seated at the table of this manche'); END;

-- Stations that are open read again.
UPDATE change_stamp SET n = n + 1 WHERE id = 1;
