-- Points a manche takes off a player's tournament result without moving chips at the table (a penalty a
-- ruleset scores with the hand): summed into the standings' penalties.
-- Zero for every manche saved before.

ALTER TABLE manche_net ADD COLUMN penalty BIGINT  NOT NULL DEFAULT 0 CHECK (penalty >= 0);

-- Stations that are open read again.
UPDATE change_stamp SET n = n + 1 WHERE id = 1;
