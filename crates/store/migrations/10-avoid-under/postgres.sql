-- A club's amount under which a settle-up avoids transfers where another plan with as few has none. Zero, the
-- default for clubs made before, keeps their proposals as they were.

ALTER TABLE club ADD COLUMN avoid_under BIGINT  NOT NULL DEFAULT 0 CHECK (avoid_under >= 0);

-- Stations that are open read again.
UPDATE change_stamp SET n = n + 1 WHERE id = 1;
