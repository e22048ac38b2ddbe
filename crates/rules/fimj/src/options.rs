//! The configurable values of the FIMJ rules (every line the digest marks *configurable*), with the digest's
//! defaults. A tournament stores one of these; `stecca score` reads overrides from the manche's `options`.

use serde::{Deserialize, Serialize};

use stecca_seam::message::Message;
use stecca_seam::rules::option_errors;

/// How East rotates after a manche.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EastRotation {
    /// East always rotates (a session is exactly 16 manches). The default.
    #[default]
    Tournament,
    /// East stays after an East win or a void manche; enables "Nove fiori nel bambù".
    Club,
}

/// FIMJ rule options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FimjOptions {
    /// Points each player starts with (4000).
    pub starting_points: i64,
    /// Tournament or club rotation of East.
    pub east_rotation: EastRotation,
    /// The value of each limit (massimo).
    pub limits: LimitValues,
    /// How many doubles each closing double is worth.
    pub closing_doubles: ClosingDoubles,
}

impl Default for FimjOptions {
    fn default() -> Self {
        FimjOptions {
            starting_points: 4000,
            east_rotation: EastRotation::Tournament,
            limits: LimitValues::default(),
            closing_doubles: ClosingDoubles::default(),
        }
    }
}

/// Limit values (massimi).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LimitValues {
    /// Seven pairs (300).
    pub coppie: u64,
    /// Only head pungs (400).
    pub tutti_tris: u64,
    /// One suit only (500).
    pub purezza: u64,
    /// Ninth consecutive East win, club play (600).
    pub nove_fiori_nel_bambu: u64,
    /// Four kongs (700).
    pub tutti_poker: u64,
    /// Thirteen orphans (700).
    pub tredici_lanterne: u64,
    /// Dealt hand / win on East's first discard (800).
    pub uscita_degli_dei: u64,
    /// Pungs of all four winds (1000).
    pub quattro_benedizioni: u64,
}

impl Default for LimitValues {
    fn default() -> Self {
        LimitValues {
            coppie: 300,
            tutti_tris: 400,
            purezza: 500,
            nove_fiori_nel_bambu: 600,
            tutti_poker: 700,
            tredici_lanterne: 700,
            uscita_degli_dei: 800,
            quattro_benedizioni: 1000,
        }
    }
}

/// Closing doubles (raddoppi di chiusura); the digest's interpretation is 1 each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ClosingDoubles {
    /// No chows.
    pub woo_pung: u32,
    /// One suit plus dragons / own wind.
    pub colore: u32,
    /// Strappare un poker.
    pub robbing_kong: u32,
    /// Pesce dal fondo del fiume.
    pub last_discard: u32,
    /// Luna in fondo al pozzo.
    pub last_wall_tile: u32,
}

impl Default for ClosingDoubles {
    fn default() -> Self {
        ClosingDoubles { woo_pung: 1, colore: 1, robbing_kong: 1, last_discard: 1, last_wall_tile: 1 }
    }
}

/// Most doubles one closing double may be configured to.
pub const MAX_CLOSING_DOUBLES: u32 = 8;
/// Highest configurable limit value.
pub const MAX_LIMIT: u64 = 1_000_000;

impl FimjOptions {
    /// Reads options from JSON, rejecting unknown keys and values out of range with the field's name.
    pub fn from_json(value: &serde_json::Value) -> Result<FimjOptions, Message> {
        let options: FimjOptions = stecca_seam::rules::options_from_json(value)?;
        options.check()?;
        Ok(options)
    }

    /// Range checks that serde cannot express.
    pub fn check(&self) -> Result<(), Message> {
        if self.starting_points <= 0 {
            return Err(option_errors::positive("options.starting_points", self.starting_points));
        }
        let l = &self.limits;
        for (name, value) in [
            ("coppie", l.coppie),
            ("tutti_tris", l.tutti_tris),
            ("purezza", l.purezza),
            ("nove_fiori_nel_bambu", l.nove_fiori_nel_bambu),
            ("tutti_poker", l.tutti_poker),
            ("tredici_lanterne", l.tredici_lanterne),
            ("uscita_degli_dei", l.uscita_degli_dei),
            ("quattro_benedizioni", l.quattro_benedizioni),
        ] {
            if value == 0 || value > MAX_LIMIT {
                return Err(option_errors::in_range(&format!("options.limits.{name}"), 1, MAX_LIMIT, value));
            }
        }
        let c = &self.closing_doubles;
        for (name, value) in [
            ("woo_pung", c.woo_pung),
            ("colore", c.colore),
            ("robbing_kong", c.robbing_kong),
            ("last_discard", c.last_discard),
            ("last_wall_tile", c.last_wall_tile),
        ] {
            if value > MAX_CLOSING_DOUBLES {
                let path = format!("options.closing_doubles.{name}");
                return Err(option_errors::in_range(&path, 0, MAX_CLOSING_DOUBLES.into(), value));
            }
        }
        Ok(())
    }
}
