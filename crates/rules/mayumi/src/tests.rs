//! Every card value, the complete-family rule and every yaku of the digest's table, line by line.

use super::score::total;
use super::table::{MayumiOptions, ScoringTable};
use crate::hanafuda::{Card, parse_capture};

fn table() -> ScoringTable {
    MayumiOptions::default().table().expect("the shipped table")
}

fn ken(codes: &str) -> u64 {
    total(&parse_capture(codes).expect("codes"), &table()).ken
}

fn lines(codes: &str) -> Vec<(String, u64)> {
    total(&parse_capture(codes).expect("codes"), &table())
        .items
        .into_iter()
        .map(|i| (i.label.render(stecca_seam::i18n::Lang::ENGLISH), i.points.unwrap_or(0)))
        .collect()
}

#[test]
fn every_card_has_the_digest_value() {
    for code in ["1L", "3L", "8L", "11L", "12L", "2A"] {
        assert_eq!(ken(code), 50, "{code}");
    }
    for code in ["4A", "5A", "6A", "7A", "8A", "9A", "10A", "11A"] {
        assert_eq!(ken(code), 10, "animal {code}");
    }
    for code in ["1R", "2R", "3R", "4R", "5R", "6R", "7R", "9R", "10R", "11R"] {
        assert_eq!(ken(code), 10, "ribbon {code}");
    }
    assert_eq!(ken("12C1"), 10, "the yellow Kiri chaff");
    for month in 1..=10 {
        for n in 1..=2 {
            assert_eq!(ken(&format!("{month}C{n}")), 0, "chaff {month}C{n}");
        }
    }
    for code in ["11C", "12C2", "12C3"] {
        assert_eq!(ken(code), 0, "chaff {code}");
    }
    let deck: u64 = Card::deck().iter().map(|c| ken(&c.to_string())).sum();
    assert_eq!(deck, 5 * 50 + 50 + 8 * 10 + 10 * 10 + 10, "the whole deck card by card");
}

#[test]
fn the_whole_kiri_family_is_110_ken() {
    assert_eq!(ken("12L 12C1 12C2 12C3"), 110);
    assert_eq!(ken("12L 12C1 12C2"), 60, "three of four: no bonus");
}

#[test]
fn a_complete_family_makes_one_chaff_worth_50_but_not_yanagi() {
    crate::texts::install();
    assert_eq!(ken("1L 1R 1C1 1C2"), 50 + 10 + 50);
    assert_eq!(ken("4A 4R 4C1 4C2"), 10 + 10 + 50);
    assert_eq!(ken("2A 2R 2C1 2C2"), 50 + 10 + 50);
    // Yanagi: 50 + 10 + 10 + 0, no bonus; but the four willow cards are Nizoro (300).
    assert_eq!(ken("11L 11A 11R 11C"), 70 + 300);
    assert!(lines("11L 11A 11R 11C").iter().all(|(l, _)| !l.starts_with("Complete family")));
    assert!(lines("4A 4R 4C1 4C2").contains(&("Complete family: Fuji (wisteria, month 4)".to_owned(), 50)));
}

#[test]
fn every_yaku_of_the_table() {
    crate::texts::install();
    for (codes, cards, yaku) in [
        ("1L 12L 8L", 150, 300),      // Matsu-kiri-bôzu
        ("1L 2A 3L", 150, 300),       // Oozan
        ("1R 2R 3R", 30, 200),        // Kozan
        ("4R 5R 7R", 30, 200),        // Akatan
        ("6R 9R 10R", 30, 200),       // Aotan
        ("7A 10A 6A", 30, 300),       // Ino-shika-chô
        ("11L 11A 11R 11C", 70, 300), // Nizoro
        ("3L 9A", 60, 100),           // Hanami ippai
        ("8L 9A", 60, 100),           // Tsukimi ippai
    ] {
        assert_eq!(ken(codes), cards + yaku, "{codes}");
    }
    // Teppo uses the cards of Hanami and Tsukimi ippai too: a card counts in several yaku.
    assert_eq!(ken("3L 8L 9A"), 110 + 300 + 100 + 100);
    let names: Vec<String> = lines("3L 8L 9A").into_iter().map(|(l, _)| l).collect();
    assert!(names.iter().any(|l| l.starts_with("Teppo")), "{names:?}");
    assert!(names.iter().any(|l| l.starts_with("Hanami ippai")) && names.iter().any(|l| l.starts_with("Tsukimi")));
}

#[test]
fn ribbon_counts_score_only_the_highest() {
    // Seven ribbons without a ribbon yaku: 1R 2R 4R 5R 6R 9R 11R.
    assert_eq!(ken("1R 2R 4R 5R 6R 9R 11R"), 70 + 700);
    assert_eq!(ken("1R 2R 4R 5R 6R 9R 11R 10R"), 80 + 800 + 200, "eight: Hatchi tan (not Nana), and Aotan");
    let nine = "1R 2R 3R 4R 5R 6R 9R 10R 11R";
    assert_eq!(ken(nine), 90 + 900 + 200 + 200, "nine: Kyuu tan only; Kozan and Aotan count too");
    let ten = "1R 2R 3R 4R 5R 6R 7R 9R 10R 11R";
    assert_eq!(ken(ten), 100 + 900 + 200 + 200 + 200, "ten ribbons are still Kyuu tan, plus all three ribbon yaku");
    assert_eq!(ken("1R 2R 4R 5R 6R 9R"), 60, "six ribbons: nothing");
}

#[test]
fn the_lines_name_the_cards_and_the_yaku_in_japanese_and_both_languages() {
    crate::texts::install();
    let items = total(&parse_capture("1L 1R 8L 8A 9A 12C1").expect("codes"), &table()).items;
    let rendered: Vec<(Option<&str>, String, String, u64)> = items
        .iter()
        .map(|i| {
            let (it, en) =
                (i.label.render(stecca_seam::i18n::Lang::ITALIAN), i.label.render(stecca_seam::i18n::Lang::ENGLISH));
            (i.term.as_deref(), it, en, i.points.unwrap_or(0))
        })
        .collect();
    let view: Vec<(Option<&str>, &str, &str, u64)> =
        rendered.iter().map(|(ja, it, en, ken)| (*ja, it.as_str(), en.as_str(), *ken)).collect();
    assert_eq!(
        view,
        [
            (Some("Hikari"), "Luci: 1L 8L", "Lights: 1L 8L", 100),
            (Some("Tane"), "Animali: 8A 9A", "Animals: 8A 9A", 20),
            (Some("Tan"), "Nastri: 1R", "Ribbons: 1R", 10),
            (Some("Kasu"), "Kasu: 12C1", "Chaff: 12C1", 10),
            (
                Some("Tsukimi ippai"),
                "Tsukimi ippai — guardando la luna, una tazza",
                "Tsukimi ippai — moon viewing, a cup",
                100
            ),
        ]
    );
}

/// The demo's generator now and then deals a player no pair: that player carries the mark, as a referee ticks
/// it, and the hand reads.
#[test]
fn a_generated_player_with_no_capture_is_marked_and_the_hand_reads() {
    use stecca_seam::rules::MancheFrame;
    let frame = MancheFrame {
        names: vec!["Aiko".into(), "Botan".into(), "Chiyo".into()],
        dealer: 0,
        round_wind: None,
        seat_winds: false,
        ..MancheFrame::default()
    };
    let options = MayumiOptions::default();
    let empty = (0..100_000u64)
        .map(|seed| super::random::random_manche(seed, &frame, &options))
        .find(|input| {
            input.players.iter().any(|p| p.field::<String>(super::CAPTURED).ok().flatten().is_none_or(|c| c.is_empty()))
        })
        .expect("a seed where a player captures nothing");
    for player in &empty.players {
        let cards = player.field::<String>(super::CAPTURED).expect("text").unwrap_or_default();
        assert_eq!(player.flag(super::CAPTURED_NOTHING).expect("tick"), cards.is_empty(), "{}", player.name);
    }
    assert!(super::read(&empty).is_ok());
}
