-- Every row that names a player, a table or a session must belong to the tournament it is written for: the
-- store checks this before writing, and these triggers refuse what slips past (a foreign key cannot say
-- "of the same tournament"). A tournament can be archived (read-only, kept) or, while it has no results,
-- deleted: its registrations and seating go, the tournament row stays marked so that the audit log keeps
-- the record.

ALTER TABLE tournament ADD COLUMN archived_at TEXT;
ALTER TABLE tournament ADD COLUMN deleted_at TEXT;

CREATE TRIGGER penalty_same_tournament BEFORE INSERT ON penalty
WHEN (SELECT tournament_id FROM player WHERE id = NEW.player_id) IS NOT NEW.tournament_id
BEGIN SELECT RAISE(ABORT, 'penalty: the player is not of this tournament'); END;

CREATE TRIGGER seat_same_tournament_insert BEFORE INSERT ON seat
WHEN (SELECT tournament_id FROM player WHERE id = NEW.player_id) IS NOT
     (SELECT s.tournament_id FROM session_table st JOIN session s ON s.id = st.session_id WHERE st.id = NEW.table_id)
BEGIN SELECT RAISE(ABORT, 'seat: the player is not of the tournament of this table'); END;

CREATE TRIGGER seat_same_tournament_update BEFORE UPDATE ON seat
WHEN (SELECT tournament_id FROM player WHERE id = NEW.player_id) IS NOT
     (SELECT s.tournament_id FROM session_table st JOIN session s ON s.id = st.session_id WHERE st.id = NEW.table_id)
BEGIN SELECT RAISE(ABORT, 'seat: the player is not of the tournament of this table'); END;

CREATE TRIGGER manche_net_seated BEFORE INSERT ON manche_net
WHEN NOT EXISTS (SELECT 1 FROM seat JOIN manche m ON m.table_id = seat.table_id
                 WHERE m.id = NEW.manche_id AND seat.player_id = NEW.player_id)
BEGIN SELECT RAISE(ABORT, 'manche: the player is not seated at the table of this manche'); END;

CREATE TRIGGER payment_seated BEFORE INSERT ON payment
WHEN NOT EXISTS (SELECT 1 FROM seat JOIN manche m ON m.table_id = seat.table_id
                 WHERE m.id = NEW.manche_id AND seat.player_id = NEW.from_player)
  OR NOT EXISTS (SELECT 1 FROM seat JOIN manche m ON m.table_id = seat.table_id
                 WHERE m.id = NEW.manche_id AND seat.player_id = NEW.to_player)
BEGIN SELECT RAISE(ABORT, 'payment: a player is not seated at the table of this manche'); END;

-- From this schema on the header says whose file this is ("STEC"), so that a foreign SQLite file is known
-- before anything in it is changed.
PRAGMA application_id = 1398031683;
