-- Payments become rows (who pays whom, by player id) and every stored outcome says which version of the
-- outcome's shape it is. Outcomes stored before this migration are version 1.

ALTER TABLE manche ADD COLUMN outcome_version INTEGER NOT NULL DEFAULT 1;

-- One payment of a manche: `seq` keeps the ruleset's order (the order of the sheets).
CREATE TABLE payment (
    manche_id   INTEGER NOT NULL REFERENCES manche (id),
    seq         INTEGER NOT NULL CHECK (seq >= 0),
    from_player INTEGER NOT NULL REFERENCES player (id),
    to_player   INTEGER NOT NULL REFERENCES player (id),
    amount      INTEGER NOT NULL CHECK (amount > 0),
    PRIMARY KEY (manche_id, seq),
    CHECK (from_player <> to_player)
);
CREATE INDEX payment_from ON payment (from_player);
CREATE INDEX payment_to ON payment (to_player);

-- The payments inside each stored outcome name players; a name is the player at the same index of the
-- outcome's players, and that index is the seat position at the manche's table (seats are fixed once a
-- session has results).
INSERT INTO payment (manche_id, seq, from_player, to_player, amount)
SELECT m.id, pay.key, payer.player_id, payee.player_id, pay.value ->> 'amount'
FROM manche m
JOIN json_each(m.outcome, '$.payments') pay
JOIN json_each(m.outcome, '$.players') pf ON pf.value ->> 'name' = pay.value ->> 'from'
JOIN json_each(m.outcome, '$.players') pt ON pt.value ->> 'name' = pay.value ->> 'to'
JOIN seat payer ON payer.table_id = m.table_id AND payer.position = pf.key
JOIN seat payee ON payee.table_id = m.table_id AND payee.position = pt.key
WHERE pay.value ->> 'amount' > 0;
