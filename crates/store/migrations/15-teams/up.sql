-- Teams: the team a player plays for (empty: none), the most players a team may have and how many of a team's
-- best members count in the team standings (0: all of them).

ALTER TABLE player ADD COLUMN team TEXT NOT NULL DEFAULT '';
ALTER TABLE tournament ADD COLUMN team_size INTEGER NOT NULL DEFAULT 4 CHECK (team_size >= 1);
ALTER TABLE tournament ADD COLUMN team_best INTEGER NOT NULL DEFAULT 0 CHECK (team_best >= 0);

-- Stations that are open read again.
UPDATE change_stamp SET n = n + 1 WHERE id = 1;
