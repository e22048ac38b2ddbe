//! Win flags: how the winner went out.

/// A set of win flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WinFlags(u8);

impl WinFlags {
    /// No flag.
    pub const NONE: WinFlags = WinFlags(0);
    /// Won with a tile drawn from the wall.
    pub const SELF_DRAWN: WinFlags = WinFlags(1);
    /// Won drawing the last tile of the wall (luna in fondo al pozzo).
    pub const LAST_WALL_TILE: WinFlags = WinFlags(2);
    /// Won on the last regular discard (pesce dal fondo del fiume).
    pub const LAST_DISCARD: WinFlags = WinFlags(4);
    /// Won with the tile another player added to an exposed pung (strappare un poker).
    pub const ROBBING_KONG: WinFlags = WinFlags(8);
    /// East won with the dealt tiles, or another player on East's first discard (Uscita degli Dei).
    pub const DEALT_HAND: WinFlags = WinFlags(16);
    /// East's ninth consecutive Mah Jong (Nove fiori nel bambù, club play).
    pub const NINTH_EAST_WIN: WinFlags = WinFlags(32);

    /// Every flag with its JSON name.
    pub const NAMED: [(&'static str, WinFlags); 6] = [
        ("self_drawn", WinFlags::SELF_DRAWN),
        ("last_wall_tile", WinFlags::LAST_WALL_TILE),
        ("last_discard", WinFlags::LAST_DISCARD),
        ("robbing_kong", WinFlags::ROBBING_KONG),
        ("dealt_hand", WinFlags::DEALT_HAND),
        ("ninth_east_win", WinFlags::NINTH_EAST_WIN),
    ];

    /// The flag with this JSON name.
    pub fn parse(name: &str) -> Option<WinFlags> {
        WinFlags::NAMED.iter().find(|(n, _)| *n == name).map(|&(_, f)| f)
    }

    /// Every flag of `other` is set.
    pub fn contains(self, other: WinFlags) -> bool {
        self.0 & other.0 == other.0
    }

    /// Adds the flags of `other`.
    pub fn insert(&mut self, other: WinFlags) {
        self.0 |= other.0;
    }

    /// No flag is set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The JSON names of the flags set.
    pub fn names(self) -> Vec<&'static str> {
        WinFlags::NAMED.iter().filter(|(_, f)| self.contains(*f)).map(|&(n, _)| n).collect()
    }
}
