//! Desk preferences kept in the database (language, referee name), so that they travel with it.

use rusqlite::{OptionalExtension, params};

use super::{Store, StoreResult};

impl Store {
    /// A stored preference.
    pub fn preference(&self, key: &str) -> StoreResult<Option<String>> {
        Ok(self.conn.query_row("SELECT value FROM preference WHERE key = ?1", [key], |row| row.get(0)).optional()?)
    }

    /// Stores a preference.
    pub fn set_preference(&self, key: &str, value: &str) -> StoreResult<()> {
        self.conn.execute(
            "INSERT INTO preference (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = ?2",
            params![key, value],
        )?;
        Ok(())
    }
}
