//! A player's hand at the end of a manche: exposed groups, concealed kongs, bonus tiles and the concealed bag.

use std::fmt;

use super::{Bonus, Counts, KINDS, Suit, Tile};

/// The shape of a group of tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MeldKind {
    /// Two identical tiles (coppia).
    Pair,
    /// Three consecutive numbers of one suit (scala).
    Chow,
    /// Three identical tiles (tris).
    Pung,
    /// Four identical tiles (poker).
    Kong,
}

/// A group of tiles: its kind, its first tile and whether it is concealed (formed without calls).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Meld {
    /// Pair, chow, pung or kong.
    pub kind: MeldKind,
    /// The tile of a pair/pung/kong; the lowest tile of a chow.
    pub tile: Tile,
    /// True when the group stands on the rack (no brackets in the notation).
    pub concealed: bool,
}

impl MeldKind {
    /// How many tiles a group of this kind holds.
    pub fn tile_count(self) -> u8 {
        match self {
            MeldKind::Pair => 2,
            MeldKind::Chow | MeldKind::Pung => 3,
            MeldKind::Kong => 4,
        }
    }
}

impl Meld {
    /// How many tiles the group holds.
    pub fn tile_count(self) -> u8 {
        self.kind.tile_count()
    }

    /// A pung or a kong.
    pub fn is_set(self) -> bool {
        matches!(self.kind, MeldKind::Pung | MeldKind::Kong)
    }

    /// Adds the group's tiles to `counts`.
    pub fn add_to(self, counts: &mut Counts) {
        let i = self.tile.index();
        match self.kind {
            MeldKind::Chow => {
                for c in &mut counts[i..i + 3] {
                    *c += 1;
                }
            }
            _ => counts[i] += self.tile_count(),
        }
    }
}

impl fmt::Display for Meld {
    /// Notation form: `[555b]` for exposed groups, `RRR` / `123c` for concealed ones (see
    /// [`Meld::write_notation`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_notation(f)
    }
}

impl Meld {
    /// Writes the group's notation (`[555b]`, `RRR`, `123c`) into `out`: a `Formatter` for `Display`, or a scored
    /// hand's arrangement straight into its `String` (through the formatter for each group, that was a twentieth of
    /// a bulk run; a string for each, three of them before, a tenth).
    pub fn write_notation(&self, out: &mut impl fmt::Write) -> fmt::Result {
        let (count, step) = match self.kind {
            MeldKind::Chow => (3, 1),
            kind => (kind.tile_count(), 0),
        };
        if !self.concealed {
            out.write_char('[')?;
        }
        write_run(out, self.tile, count, step)?;
        if !self.concealed {
            out.write_char(']')?;
        }
        Ok(())
    }
}

/// Writes the notation of `count` tiles from `tile`, each `step` above the one before: `555b`, `123c`, `RRR`.
fn write_run(out: &mut impl fmt::Write, tile: Tile, count: u8, step: u8) -> fmt::Result {
    match tile.suit() {
        Some(suit) => {
            let first = tile.number().unwrap_or(1);
            for i in 0..count {
                out.write_char(char::from(b'0' + first + i * step))?;
            }
            out.write_char(suit.letter())
        }
        None => (0..count).try_for_each(|_| out.write_str(tile.notation())),
    }
}

/// Notation of `count` equal tiles: `555b`, `RRR`.
fn run_text(tile: Tile, count: u8) -> String {
    let mut text = String::new();
    // Writing into a String cannot fail.
    let _ = write_run(&mut text, tile, count, 0);
    text
}

/// One player's tiles as the referee reads them off the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    /// Groups formed by calling a discard (`[…]`): pungs, kongs, chows.
    pub exposed: Vec<Meld>,
    /// Kongs declared from the rack (four identical tiles without brackets).
    pub concealed_kongs: Vec<Tile>,
    /// Flowers and seasons, in the order typed.
    pub bonus: Vec<Bonus>,
    /// Every other tile: the bag the ruleset arranges into groups.
    pub concealed: Counts,
}

impl Default for Hand {
    fn default() -> Self {
        Hand { exposed: Vec::new(), concealed_kongs: Vec::new(), bonus: Vec::new(), concealed: [0; KINDS] }
    }
}

impl Hand {
    /// Number of playing tiles (bonus tiles aside); a kong counts four.
    pub fn tile_count(&self) -> usize {
        let groups: usize = self.exposed.iter().map(|m| usize::from(m.tile_count())).sum();
        let bag: usize = self.concealed.iter().map(|&c| usize::from(c)).sum();
        groups + 4 * self.concealed_kongs.len() + bag
    }

    /// Kongs exposed or concealed: each one adds a tile to the hand.
    pub fn kong_count(&self) -> usize {
        self.concealed_kongs.len() + self.exposed.iter().filter(|m| m.kind == MeldKind::Kong).count()
    }

    /// Every fixed group: the exposed ones and the concealed kongs (as concealed kong melds).
    pub fn fixed_melds(&self) -> impl Iterator<Item = Meld> + '_ {
        self.exposed.iter().copied().chain(self.concealed_kongs.iter().map(|&tile| Meld {
            kind: MeldKind::Kong,
            tile,
            concealed: true,
        }))
    }

    /// Counts of every playing tile the hand holds, groups included.
    pub fn all_counts(&self) -> Counts {
        let mut counts = self.concealed;
        for meld in self.fixed_melds() {
            meld.add_to(&mut counts);
        }
        counts
    }
}

impl fmt::Display for Hand {
    /// Canonical notation: exposed groups, concealed kongs, the bag sorted by suit, then bonus tiles.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = self.fixed_melds().map(|m| m.to_string()).collect();
        for suit in Suit::ALL {
            let digits: String = (1..=9u8)
                .filter_map(|n| Tile::suited(suit, n).map(|t| (n, self.concealed[t.index()])))
                .flat_map(|(n, count)| std::iter::repeat_n(char::from(b'0' + n), usize::from(count)))
                .collect();
            // Four identical loose tiles alone in a token would read back as a concealed kong.
            let looks_like_kong = digits.len() == 4 && digits.bytes().all(|d| Some(d) == digits.bytes().next());
            if looks_like_kong {
                parts.push(format!("{}{}", &digits[..3], suit.letter()));
                parts.push(format!("{}{}", &digits[3..], suit.letter()));
            } else if !digits.is_empty() {
                parts.push(format!("{digits}{}", suit.letter()));
            }
        }
        for tile in Tile::all().filter(|t| t.is_honour()) {
            match self.concealed[tile.index()] {
                0 => {}
                4 => parts.extend([run_text(tile, 3), tile.to_string()]),
                n => parts.push(run_text(tile, n)),
            }
        }
        parts.extend(self.bonus.iter().map(|b| b.to_string()));
        write!(f, "{}", parts.join(" "))
    }
}
