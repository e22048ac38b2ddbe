-- Teams: the team a player plays for (empty: none), the most players a team may have and how many of a team's
-- best members count in the team standings (0: all of them). The session clock's calls: the minutes before the
-- end at which the hall is warned and told "last hand" (0: never).

ALTER TABLE player ADD COLUMN team TEXT NOT NULL DEFAULT '';
ALTER TABLE tournament ADD COLUMN team_size INTEGER NOT NULL DEFAULT 4 CHECK (team_size >= 1);
ALTER TABLE tournament ADD COLUMN team_best INTEGER NOT NULL DEFAULT 0 CHECK (team_best >= 0);
ALTER TABLE tournament ADD COLUMN clock_warning_minutes INTEGER NOT NULL DEFAULT 15 CHECK (clock_warning_minutes >= 0);
ALTER TABLE tournament ADD COLUMN last_hand_minutes INTEGER NOT NULL DEFAULT 0 CHECK (last_hand_minutes >= 0);

-- Stations that are open read again.
UPDATE change_stamp SET n = n + 1 WHERE id = 1;
