-- Saved outcomes keep text ids (outcome version 2) instead of words written out in Italian and English
-- (version 1). The rewrite needs the rules, so it is done in Rust right after this file, in the same
-- transaction (`outcome_ids.rs`): each version-1 outcome is scored again from its saved input, and its
-- explanation lines and warnings are replaced by the ids only where every figure comes out the same; any
-- other outcome keeps its saved words. The audit log stores inputs, not outcomes: its history is unchanged.
-- Stations that are open read again.
UPDATE change_stamp SET n = n + 1 WHERE id = 1;
