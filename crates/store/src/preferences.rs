//! Desk preferences kept in the database (language, referee name), so that they travel with it. On a server
//! several stations share, each station keeps its own (the referee's name goes into the audit log of every
//! manche that station confirms): the key is prefixed with the station's name.

use super::db::params;
use super::{Store, StoreResult};

/// This machine's name as a station: `STECCA_STATION`, else the host name, else "station".
pub(super) fn station_name() -> String {
    std::env::var("STECCA_STATION")
        .ok()
        .or_else(host_name)
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "station".to_owned())
}

/// The host name as the system keeps it.
#[cfg(unix)]
fn host_name() -> Option<String> {
    std::fs::read_to_string("/etc/hostname").ok()
}

/// The host name as Windows gives it to every process.
#[cfg(not(unix))]
fn host_name() -> Option<String> {
    std::env::var("COMPUTERNAME").ok()
}

impl Store {
    /// The key a preference is stored under: per station on a shared server.
    fn preference_key(&self, key: &str) -> String {
        match &self.station {
            Some(station) => format!("{station}/{key}"),
            None => key.to_owned(),
        }
    }

    /// Names this store's station (tests run several stations in one process).
    #[doc(hidden)]
    pub fn set_station(&mut self, name: &str) {
        if self.station.is_some() {
            self.station = Some(name.to_owned());
        }
    }

    /// A stored preference.
    pub fn preference(&self, key: &str) -> StoreResult<Option<String>> {
        let key = self.preference_key(key);
        self.db.query_opt("SELECT value FROM preference WHERE key = ?1", params![key], |row| row.only())
    }

    /// Stores a preference.
    pub fn set_preference(&self, key: &str, value: &str) -> StoreResult<()> {
        let key = self.preference_key(key);
        self.db.execute(
            "INSERT INTO preference (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = ?2",
            params![key, value],
        )?;
        Ok(())
    }
}
