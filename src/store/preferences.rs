//! Desk preferences kept in the database (language, referee name), so that they travel with it.

use super::db::params;

use super::{Store, StoreResult};

impl Store {
    /// A stored preference.
    pub fn preference(&self, key: &str) -> StoreResult<Option<String>> {
        self.db.query_opt("SELECT value FROM preference WHERE key = ?1", params![key], |row| row.get(0))
    }

    /// Stores a preference.
    pub fn set_preference(&self, key: &str, value: &str) -> StoreResult<()> {
        self.db.execute(
            "INSERT INTO preference (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = ?2",
            params![key, value],
        )?;
        Ok(())
    }
}
