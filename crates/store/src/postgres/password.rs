//! A station's password, found as libpq finds it: in the address itself, else `PGPASSWORD`, else the password
//! file (`PGPASSFILE`, or `~/.pgpass`; `%APPDATA%\postgresql\pgpass.conf` on Windows), whose lines read
//! `host:port:database:user:password` (`*` matches anything, `\:` and `\\` stand for `:` and `\`). A password
//! file that others may read is ignored, as libpq ignores it. So the password never has to be on a command line,
//! where `ps` and the shell's history show it.

use std::path::{Path, PathBuf};

/// The password for `user` at `host:port/database` from the environment or the password file.
pub(super) fn lookup(host: &str, port: u16, database: &str, user: &str) -> Option<String> {
    if let Ok(password) = std::env::var("PGPASSWORD")
        && !password.is_empty()
    {
        return Some(password);
    }
    let file = password_file()?;
    if !private(&file) {
        return None;
    }
    let text = std::fs::read_to_string(&file).ok()?;
    find(&text, host, &port.to_string(), database, user)
}

/// `PGPASSFILE`, or the password file where libpq looks for it on this system.
fn password_file() -> Option<PathBuf> {
    if let Some(file) = std::env::var_os("PGPASSFILE") {
        return Some(PathBuf::from(file));
    }
    default_password_file()
}

/// `~/.pgpass`.
#[cfg(unix)]
fn default_password_file() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|dirs| dirs.home_dir().join(".pgpass"))
}

/// `%APPDATA%\postgresql\pgpass.conf`, libpq's place on Windows (the roaming application data folder).
#[cfg(not(unix))]
fn default_password_file() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|dirs| dirs.config_dir().join("postgresql").join("pgpass.conf"))
}

/// Whether only its owner may read `file` (libpq's rule; always true where files have no such modes).
#[cfg(unix)]
fn private(file: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(file).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o077 == 0)
}

#[cfg(not(unix))]
fn private(file: &Path) -> bool {
    file.is_file()
}

/// The first line of a password file that matches.
fn find(text: &str, host: &str, port: &str, database: &str, user: &str) -> Option<String> {
    text.lines().filter(|line| !line.trim_start().starts_with('#')).find_map(|line| {
        let fields = fields(line);
        let [h, p, d, u, password] = fields.as_slice() else { return None };
        let matches = |pattern: &str, value: &str| pattern == "*" || pattern == value;
        (matches(h, host) && matches(p, port) && matches(d, database) && matches(u, user)).then(|| password.clone())
    })
}

/// A line's fields, split at the colons that are not escaped.
fn fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if let (Some(next), Some(field)) = (chars.next(), fields.last_mut()) {
                    field.push(next);
                }
            }
            ':' if fields.len() < 5 => fields.push(String::new()),
            c => {
                if let Some(field) = fields.last_mut() {
                    field.push(c);
                }
            }
        }
    }
    fields
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_matching_line_gives_the_password() {
        let file = "# the hall\n10.0.0.9:5432:stecca:stecca:wrong\n*:5432:stecca:stecca:pa\\:ss\\\\word\n*:*:*:*:any\n";
        assert_eq!(find(file, "10.0.0.2", "5432", "stecca", "stecca").as_deref(), Some("pa:ss\\word"));
        assert_eq!(find(file, "10.0.0.9", "5432", "stecca", "stecca").as_deref(), Some("wrong"));
        assert_eq!(find(file, "h", "6543", "x", "y").as_deref(), Some("any"));
        assert_eq!(find("h:1:d:u:p:with:colons\n", "h", "1", "d", "u").as_deref(), Some("p:with:colons"));
        assert_eq!(find("h:1:d\n", "h", "1", "d", "u"), None);
    }
}
