//! How the winner went out, and the dead hands of the classic American codes.

/// The winner's flags (`win` in the input).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Win {
    /// The winning tile was drawn from the wall (+2).
    pub self_drawn: bool,
    /// Won with the only tile that could complete the hand (+2).
    pub only_possible_tile: bool,
    /// Won drawing the last tile of the wall.
    pub last_wall_tile: bool,
    /// Won on the last discard.
    pub last_discard: bool,
    /// Won with the replacement tile drawn after a kong.
    pub kong_replacement: bool,
    /// Won with the tile another player added to an exposed pung.
    pub robbing_kong: bool,
    /// Declared ready after East's first discard (not East).
    pub delayed_call: bool,
    /// East with the dealt tiles (heavenly hand); another player on East's first discard (earthly hand).
    pub dealt_hand: bool,
    /// Won on the replacement tile of a second consecutive kong.
    pub kong_upon_kong: bool,
}

/// Every flag's JSON name, in the order entry screens list them.
pub const NAMES: [&str; 9] = [
    "self_drawn",
    "only_possible_tile",
    "last_wall_tile",
    "last_discard",
    "kong_replacement",
    "robbing_kong",
    "delayed_call",
    "dealt_hand",
    "kong_upon_kong",
];

impl Win {
    fn slot(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "self_drawn" => &mut self.self_drawn,
            "only_possible_tile" => &mut self.only_possible_tile,
            "last_wall_tile" => &mut self.last_wall_tile,
            "last_discard" => &mut self.last_discard,
            "kong_replacement" => &mut self.kong_replacement,
            "robbing_kong" => &mut self.robbing_kong,
            "delayed_call" => &mut self.delayed_call,
            "dealt_hand" => &mut self.dealt_hand,
            "kong_upon_kong" => &mut self.kong_upon_kong,
            _ => return None,
        })
    }

    /// Sets the flag with this JSON name; `false` when there is no such flag.
    pub fn set(&mut self, name: &str) -> bool {
        self.slot(name).map(|slot| *slot = true).is_some()
    }

    /// Whether the flag with this JSON name is set.
    pub fn has(&self, name: &str) -> bool {
        let mut copy = *self;
        copy.slot(name).is_some_and(|slot| *slot)
    }

    /// The JSON names of the flags set.
    pub fn names(&self) -> Vec<&'static str> {
        NAMES.into_iter().filter(|n| self.has(n)).collect()
    }

    /// No flag is set.
    pub fn is_empty(&self) -> bool {
        *self == Win::default()
    }

    /// The winning tile came from the wall: self-drawn, the last wall tile, or a kong's replacement.
    pub fn drawn(&self) -> bool {
        self.self_drawn || self.last_wall_tile || self.kong_replacement || self.kong_upon_kong
    }
}

/// A hand declared dead (TACOLFMJ's irregular, short and long hands; any dead hand in LRB).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dead {
    /// Wrongly formed: scores its valid sets (TACOLFMJ).
    Irregular,
    /// Too few tiles: scores its valid sets (TACOLFMJ).
    Short,
    /// Too many tiles: scores nothing.
    Long,
}

impl Dead {
    /// The JSON names.
    pub const NAMES: [&'static str; 3] = ["irregular", "short", "long"];

    /// The dead hand with this JSON name.
    pub fn parse(name: &str) -> Option<Dead> {
        match name {
            "irregular" => Some(Dead::Irregular),
            "short" => Some(Dead::Short),
            "long" => Some(Dead::Long),
            _ => None,
        }
    }

    /// The kind in words ("short").
    pub fn word(self) -> stecca_seam::message::Message {
        match self {
            Dead::Irregular => crate::msg!("classic_american.dead_kind.irregular"),
            Dead::Short => crate::msg!("classic_american.dead_kind.short"),
            Dead::Long => crate::msg!("classic_american.dead_kind.long"),
        }
    }
}
