-- The shape of a player's federation number a tournament sets (`#` a digit, `A` a letter, other characters
-- themselves; empty: any number). Players' numbers are checked against it and kept unique in the tournament by
-- the store.

ALTER TABLE tournament ADD COLUMN federation_format TEXT NOT NULL DEFAULT '';

-- Stations that are open read again.
UPDATE change_stamp SET n = n + 1 WHERE id = 1;
