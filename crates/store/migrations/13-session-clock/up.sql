-- A session's clock (started, paused, time added, ended), as JSON the core reads; none until the referee starts
-- it. A tournament's session length in minutes (0: the referee gives it when starting the clock).

ALTER TABLE session ADD COLUMN clock TEXT;
ALTER TABLE tournament ADD COLUMN session_minutes INTEGER NOT NULL DEFAULT 0 CHECK (session_minutes >= 0);

-- Stations that are open read again.
UPDATE change_stamp SET n = n + 1 WHERE id = 1;
