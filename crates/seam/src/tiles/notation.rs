//! Parser for the hand notation (`shared/rules/notation.md`). It never guesses: every token either parses
//! exactly or yields an error naming the token and the reason.

use thiserror::Error;

use crate::message::{Explain, Message};
use crate::msg;

use arrayvec::ArrayVec;

use super::{Bonus, Dragon, Hand, KINDS, Meld, MeldKind, Suit, Tile, Wind};

/// Why a token was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", self.message())]
pub enum NotationErrorKind {
    /// A character that is no tile code.
    UnknownCharacter(char),
    /// Digits not followed by `d`, `b` or `c`.
    MissingSuit,
    /// The digit 0.
    ZeroNumber,
    /// An honour letter right after digits (`12E`).
    DigitsBeforeHonour,
    /// `5f`, `0s`.
    BonusNumber,
    /// A flower or season inside a longer token.
    BonusNotAlone,
    /// `[` without `]`, `]` alone, nested brackets.
    Brackets,
    /// `[]`.
    EmptyGroup,
    /// `[556b]`.
    NotAMeld,
    /// More tiles than a whole set: the whole hand, not one token.
    TooManyTiles {
        /// Tiles typed.
        found: usize,
        /// The most a hand may hold ([`MAX_HAND_TILES`]).
        max: usize,
    },
}

impl NotationErrorKind {
    /// The reason, in words.
    pub fn message(&self) -> Message {
        match self {
            NotationErrorKind::UnknownCharacter(c) => msg!("notation.unknown_character", character = c),
            NotationErrorKind::MissingSuit => msg!("notation.missing_suit"),
            NotationErrorKind::ZeroNumber => msg!("notation.zero_number"),
            NotationErrorKind::DigitsBeforeHonour => msg!("notation.digits_before_honour"),
            NotationErrorKind::BonusNumber => msg!("notation.bonus_number"),
            NotationErrorKind::BonusNotAlone => msg!("notation.bonus_not_alone"),
            NotationErrorKind::Brackets => msg!("notation.brackets"),
            NotationErrorKind::EmptyGroup => msg!("notation.empty_group"),
            NotationErrorKind::NotAMeld => msg!("notation.not_a_meld"),
            NotationErrorKind::TooManyTiles { found, max } => msg!("notation.too_many_tiles", found = found, max = max),
        }
    }
}

/// A rejected token and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", Explain::message(self))]
pub struct NotationError {
    /// The token as typed (empty when the whole hand is refused).
    pub token: String,
    /// The reason.
    pub kind: NotationErrorKind,
}

impl Explain for NotationError {
    fn message(&self) -> Message {
        if self.token.is_empty() {
            return self.kind.message();
        }
        msg!("notation.token", token = self.token).arg_message("why", self.kind.message())
    }
}

/// The most tiles a hand may be written with: a whole set, four of each of its 34 tiles and the 8 flowers and
/// seasons. The hand keeps no more than this (so a huge text grows nothing in proportion and no tile's count, a
/// byte, ever saturates), while the count of tiles typed goes on, so that the refusal says the true number.
pub const MAX_HAND_TILES: usize = 4 * KINDS + 8;

/// Parses one player's hand, e.g. `[555b] RRR 123c 456d EE 2f`.
///
/// Tile-count rules that need the manche (copies across hands, complete hands) are checked by the ruleset; a
/// text holding more tiles than a whole set ([`MAX_HAND_TILES`]) is refused here, with its count.
pub fn parse_hand(text: &str) -> Result<Hand, NotationError> {
    let mut hand = Hand::default();
    let mut typed = 0usize;
    for token in text.split_whitespace() {
        let keep = typed <= MAX_HAND_TILES;
        let tiles =
            parse_token(token, &mut hand, keep).map_err(|kind| NotationError { token: token.to_owned(), kind })?;
        typed = typed.saturating_add(tiles);
    }
    if typed > MAX_HAND_TILES {
        let kind = NotationErrorKind::TooManyTiles { found: typed, max: MAX_HAND_TILES };
        return Err(NotationError { token: String::new(), kind });
    }
    Ok(hand)
}

/// Reads one token, adding it to `hand` when `keep`; returns how many tiles it holds.
fn parse_token(token: &str, hand: &mut Hand, keep: bool) -> Result<usize, NotationErrorKind> {
    if let Some(bonus) = parse_bonus(token)? {
        if keep {
            hand.bonus.push(bonus);
        }
        return Ok(1);
    }
    if let Some(inner) = token.strip_prefix('[') {
        let inner = inner.strip_suffix(']').ok_or(NotationErrorKind::Brackets)?;
        let mut tiles = ArrayVec::<Tile, 4>::new();
        let mut count = 0usize;
        parse_tiles(inner, |tile| {
            count += 1;
            // A fifth tile is no meld: the group is refused below, by its count.
            let _ = tiles.try_push(tile);
        })?;
        let meld = exposed_meld(&tiles).filter(|_| count == tiles.len()).ok_or(NotationErrorKind::NotAMeld)?;
        if keep {
            hand.exposed.push(meld);
        }
        return Ok(count);
    }
    // One pass: the tiles are counted as concealed while read, and taken back if the token is a concealed kong.
    // (A kept token starts at most MAX_HAND_TILES tiles in, so its four were counted exactly: none saturated.)
    let (mut count, mut first, mut all_same) = (0usize, None, true);
    parse_tiles(token, |tile| {
        count += 1;
        all_same &= *first.get_or_insert(tile) == tile;
        if keep {
            hand.concealed[tile.index()] = hand.concealed[tile.index()].saturating_add(1);
        }
    })?;
    if let Some(tile) = first
        && keep
        && count == 4
        && all_same
    {
        hand.concealed[tile.index()] = hand.concealed[tile.index()].saturating_sub(4);
        hand.concealed_kongs.push(tile);
    }
    Ok(count)
}

/// `2f`, `3s` → a bonus tile; any other token → `None`.
fn parse_bonus(token: &str) -> Result<Option<Bonus>, NotationErrorKind> {
    let bytes = token.as_bytes();
    let is_bonus_letter = |b: u8| b == b'f' || b == b's';
    if !bytes.iter().copied().any(is_bonus_letter) {
        return Ok(None);
    }
    let [digit, letter] = bytes else {
        return Err(NotationErrorKind::BonusNotAlone);
    };
    let wind = match digit {
        b'1'..=b'4' => Wind::ALL[usize::from(digit - b'1')],
        b'0'..=b'9' => return Err(NotationErrorKind::BonusNumber),
        _ => return Err(NotationErrorKind::BonusNotAlone),
    };
    Ok(Some(if *letter == b'f' { Bonus::Flower(wind) } else { Bonus::Season(wind) }))
}

/// Tiles written without spaces: `123c`, `5d5d`, `RRR`, `123c456dEE`, each given to `tile` in order. Nothing
/// is collected: a token of any length is read in place.
fn parse_tiles(text: &str, mut tile: impl FnMut(Tile)) -> Result<(), NotationErrorKind> {
    if text.is_empty() {
        return Err(NotationErrorKind::EmptyGroup);
    }
    // Where the digits waiting for their suit letter begin (digits are ASCII: one byte each).
    let mut digits_from: Option<usize> = None;
    for (at, c) in text.char_indices() {
        if let Some(d) = c.to_digit(10) {
            if d == 0 {
                return Err(NotationErrorKind::ZeroNumber);
            }
            digits_from.get_or_insert(at);
        } else if let Some(suit) = Suit::from_letter(c) {
            let Some(from) = digits_from.take() else {
                return Err(NotationErrorKind::UnknownCharacter(c));
            };
            let digits = text.as_bytes().get(from..at).unwrap_or_default();
            digits.iter().filter_map(|&d| Tile::suited(suit, d.wrapping_sub(b'0'))).for_each(&mut tile);
        } else {
            let honour = honour_tile(c).ok_or(match c {
                '[' | ']' => NotationErrorKind::Brackets,
                'f' | 's' => NotationErrorKind::BonusNotAlone,
                _ => NotationErrorKind::UnknownCharacter(c),
            })?;
            if digits_from.is_some() {
                return Err(NotationErrorKind::DigitsBeforeHonour);
            }
            tile(honour);
        }
    }
    if digits_from.is_some() {
        return Err(NotationErrorKind::MissingSuit);
    }
    Ok(())
}

fn honour_tile(c: char) -> Option<Tile> {
    Some(match c {
        'E' => Wind::East.tile(),
        'S' => Wind::South.tile(),
        'W' => Wind::West.tile(),
        'N' => Wind::North.tile(),
        'R' => Tile::dragon(Dragon::Red),
        'V' | 'G' => Tile::dragon(Dragon::Green),
        'B' => Tile::dragon(Dragon::White),
        _ => return None,
    })
}

/// The group formed by `tiles` if it is a pung, kong or chow.
fn exposed_meld(tiles: &[Tile]) -> Option<Meld> {
    let first = *tiles.first()?;
    let all_same = tiles.iter().all(|&t| t == first);
    let kind = match tiles.len() {
        3 if all_same => MeldKind::Pung,
        4 if all_same => MeldKind::Kong,
        3 => {
            let mut sorted = [tiles[0], tiles[1], tiles[2]];
            sorted.sort();
            let consecutive = sorted[0].succ() == Some(sorted[1]) && sorted[1].succ() == Some(sorted[2]);
            if !consecutive {
                return None;
            }
            return Some(Meld { kind: MeldKind::Chow, tile: sorted[0], concealed: false });
        }
        _ => return None,
    };
    Some(Meld { kind, tile: first, concealed: false })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        match parse_hand(text) {
            Ok(hand) => panic!("{text} parsed as {hand:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn parses_the_digest_example() {
        let hand = parse_hand("[555b] RRR 123c 456d EE 2f").expect("valid");
        assert_eq!(hand.exposed.len(), 1);
        assert_eq!(hand.exposed[0].kind, MeldKind::Pung);
        assert!(!hand.exposed[0].concealed);
        assert_eq!(hand.bonus, vec![Bonus::Flower(Wind::South)]);
        assert_eq!(hand.tile_count(), 14);
        assert_eq!(hand.to_string(), "[555b] 456d 123c EE RRR 2f");
    }

    #[test]
    fn splitting_of_the_bag_does_not_matter() {
        let a = parse_hand("123c 456d EE").expect("valid");
        let b = parse_hand("123c456dEE").expect("valid");
        let c = parse_hand("1c 2c 3c 4d 5d 6d E E").expect("valid");
        assert_eq!(a, b);
        assert_eq!(a, c);
    }

    #[test]
    fn four_identical_tiles_in_one_token_are_a_concealed_kong() {
        let hand = parse_hand("RRRR 7777d 77c 7c7c").expect("valid");
        assert_eq!(hand.concealed_kongs.len(), 2);
        assert_eq!(hand.concealed[Tile::suited(Suit::Characters, 7).map_or(0, Tile::index)], 4);
        assert_eq!(hand.concealed[Tile::dragon(Dragon::Red).index()], 0, "a kong's tiles are not loose too");
        assert_eq!(hand.concealed[Tile::suited(Suit::Dots, 7).map_or(0, Tile::index)], 0);
        assert_eq!(hand.concealed.iter().map(|&n| usize::from(n)).sum::<usize>(), 4);
        assert_eq!(hand.kong_count(), 2);
    }

    #[test]
    fn exposed_groups_may_be_pung_kong_or_chow_in_any_order() {
        let hand = parse_hand("[5555b] [RRRR] [312c] [999d]").expect("valid");
        let kinds: Vec<MeldKind> = hand.exposed.iter().map(|m| m.kind).collect();
        assert_eq!(kinds, [MeldKind::Kong, MeldKind::Kong, MeldKind::Chow, MeldKind::Pung]);
        assert_eq!(hand.exposed[2].tile.to_string(), "1c");
    }

    #[test]
    fn four_loose_identical_tiles_print_so_that_they_read_back_loose() {
        let hand = parse_hand("SS SS 55b 55b").expect("valid");
        assert!(hand.concealed_kongs.is_empty());
        assert_eq!(hand.to_string(), "555b 5b SSS S");
        assert_eq!(parse_hand(&hand.to_string()), Ok(hand));
    }

    #[test]
    fn a_hand_of_more_tiles_than_a_set_is_refused_with_the_true_count() {
        let one_token = format!("{}c", "1".repeat(300_000));
        assert_eq!(err(&one_token), "300000 tiles: a hand cannot hold more than the 144 tiles of a whole set");
        let many_tokens = vec!["1c"; 300_000].join(" ");
        assert!(err(&many_tokens).starts_with("300000 tiles:"), "{}", err(&many_tokens));
        let kongs = vec!["[1111c]"; 1000].join(" ");
        assert!(err(&kongs).starts_with("4000 tiles:"));
        assert!(err(&vec!["1f"; 145].join(" ")).starts_with("145 tiles:"), "flowers and seasons count");
        // A whole set is still read, and left to the ruleset's count.
        let set: String = (1..=9).map(|n| format!("{n}{n}{n}{n}d{n}{n}{n}{n}b{n}{n}{n}{n}c ")).collect();
        let hand =
            parse_hand(&format!("{set} EEEE SSSS WWWW NNNN RRRR VVVV BBBB 1f 2f 3f 4f 1s 2s 3s 4s")).expect("a set");
        assert_eq!(hand.tile_count(), 136);
        assert_eq!(err("[55555b]"), "\"[55555b]\": an exposed group must be a pung, kong or chow");
    }

    #[test]
    fn green_dragon_is_accepted_as_g_and_printed_as_v() {
        let hand = parse_hand("GG").expect("valid");
        assert_eq!(hand.to_string(), "VV");
    }

    #[test]
    fn bad_groups_name_the_token() {
        assert_eq!(err("[556b]"), "\"[556b]\": an exposed group must be a pung, kong or chow");
        assert_eq!(err("[12c]"), "\"[12c]\": an exposed group must be a pung, kong or chow");
        assert_eq!(err("[89c1d]"), "\"[89c1d]\": an exposed group must be a pung, kong or chow");
        assert_eq!(err("[EEEEE]"), "\"[EEEEE]\": an exposed group must be a pung, kong or chow");
        assert!(err("[555b").contains("brackets"));
        assert!(err("555b]").contains("brackets"));
        assert!(err("[]").contains("empty"));
    }

    #[test]
    fn bad_tiles_name_the_token_and_reason() {
        assert!(err("12").starts_with("\"12\": digits must be followed by a suit letter"));
        assert!(err("0d").contains("1 to 9"));
        assert!(err("12E").contains("not by an honour"));
        assert!(err("X").contains("“X” is not a tile code"));
        assert!(err("e").contains("“e” is not a tile code"));
        assert!(err("d").contains("“d” is not a tile code"));
        assert!(err("5f").contains("1 to 4"));
        assert!(err("2f3f").contains("its own token"));
        assert!(err("EE2f").contains("its own token"));
    }

    #[test]
    fn bonus_tiles_are_flowers_and_seasons() {
        let hand = parse_hand("1f 4s").expect("valid");
        assert_eq!(hand.bonus, vec![Bonus::Flower(Wind::East), Bonus::Season(Wind::North)]);
        assert_eq!(hand.tile_count(), 0);
    }
}
