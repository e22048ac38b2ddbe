//! The evaluator's tests: the worked examples of the brief, one test per yaku (has it / just misses it), fu,
//! limits and refusals.

use arrayvec::ArrayVec;

use super::*;
use stecca_seam::tiles::{Tile, Wind};

fn tile(text: &str) -> Tile {
    parse_tile(text).expect("a tile").0
}

fn indicators(text: &str) -> ArrayVec<Tile, 5> {
    text.split_whitespace().map(tile).collect()
}

fn situation(win: Win, seat: Wind) -> Situation {
    Situation::new(win, seat)
}

fn score(hand: &str, win: &str, situation: &Situation) -> Score {
    let parsed = parse_win(hand, win).expect("valid notation");
    evaluate(&parsed, situation, &Options::default()).unwrap_or_else(|e| panic!("{hand} + {win}: {e:?}"))
}

fn refusal(hand: &str, win: &str, situation: &Situation) -> Refusal {
    let parsed = parse_win(hand, win).expect("valid notation");
    match evaluate(&parsed, situation, &Options::default()) {
        Ok(s) => panic!("{hand} + {win} scored {s:?}"),
        Err(e) => e,
    }
}

fn ron(seat: Wind, from: Wind) -> Situation {
    situation(Win::Ron { discarder: from }, seat)
}

fn tsumo(seat: Wind) -> Situation {
    situation(Win::Tsumo, seat)
}

#[test]
fn example_1_dealer_riichi_pinfu_tanyao_ron_with_honba_and_deposits() {
    let mut s = ron(Wind::East, Wind::South);
    s.riichi = RiichiKind::Riichi;
    s.honba = 1;
    s.deposits = 2;
    let got = score("234c 567c 234d 67b 55b", "8b", &s);
    assert_eq!(got.yaku.as_slice(), [Yaku::Riichi, Yaku::Tanyao, Yaku::Pinfu]);
    assert_eq!((got.han, got.fu), (3, 30));
    assert_eq!(got.payments.hand_value, 5800);
    assert_eq!(got.payments.pays, [0, 6100, 0, 0]);
    assert_eq!(got.payments.deposits, 2000);
    assert_eq!(got.payments.total, 8100);
}

#[test]
fn example_2_south_tsumo_chun_and_three_dora() {
    let mut s = tsumo(Wind::South);
    s.dora_indicators = indicators("V");
    let got = score("123c 456d 789d 1b [RRR]", "1b", &s);
    assert_eq!(got.yaku.as_slice(), [Yaku::Chun]);
    assert_eq!((got.han, got.fu, got.dora), (4, 30, 3));
    assert_eq!(got.payments.pays, [3900, 0, 2000, 2000]);
    assert_eq!(got.limit, None);
}

#[test]
fn example_3_west_riichi_ippatsu_tsumo_chiitoitsu_haneman() {
    let mut s = tsumo(Wind::West);
    s.round = Wind::South;
    s.riichi = RiichiKind::Riichi;
    s.ippatsu = true;
    s.dora_indicators = indicators("2b");
    let got = score("1199c 2288d 3366b E", "E", &s);
    assert_eq!(got.yaku.as_slice(), [Yaku::Riichi, Yaku::Ippatsu, Yaku::MenzenTsumo, Yaku::Chiitoitsu]);
    assert_eq!((got.han, got.fu, got.dora), (7, 25, 2));
    assert_eq!(got.limit, Some(Limit::Haneman));
    assert_eq!(got.payments.pays, [6000, 3000, 0, 3000]);
}

/// South in the East round, ron from West unless said otherwise: no wind is worth a yaku but East's.
fn plain_ron() -> Situation {
    ron(Wind::South, Wind::West)
}

fn yaku_of(hand: &str, win: &str, situation: &Situation) -> Vec<Yaku> {
    score(hand, win, situation).yaku.to_vec()
}

fn has(yaku: Yaku, hand: &str, win: &str) {
    let found = yaku_of(hand, win, &plain_ron());
    assert!(found.contains(&yaku), "{hand} + {win}: {found:?} lacks {yaku:?}");
}

fn misses(yaku: Yaku, hand: &str, win: &str) {
    let parsed = parse_win(hand, win).expect("valid notation");
    match evaluate(&parsed, &plain_ron(), &Options::default()) {
        Ok(s) => assert!(!s.yaku.contains(&yaku), "{hand} + {win}: {:?} has {yaku:?}", s.yaku),
        Err(Refusal::NoYaku | Refusal::NotComplete) => {}
        Err(e) => panic!("{hand} + {win}: {e:?}"),
    }
}

/// A yaku, a hand (and winning tile) that has it, a hand that just misses it.
type YakuCase = (Yaku, (&'static str, &'static str), (&'static str, &'static str));

/// A yaku and how to set its flag.
type FlagCase = (Yaku, Box<dyn Fn(&mut Situation)>);

#[test]
fn each_yaku_of_the_tiles_is_found_and_just_missed() {
    let cases: &[YakuCase] = &[
        (Yaku::Pinfu, ("234c 567c 234d 67b 55b", "8b"), ("234c 567c 234d 68b 55b", "7b")),
        (Yaku::Tanyao, ("234c 567c 234d 67b 55b", "8b"), ("123c 567c 234d 67b 55b", "8b")),
        (Yaku::Iipeikou, ("223344c 567d 678b 9d", "9d"), ("[234c] 234c 567d 678b 9d", "9d")),
        (Yaku::Haku, ("[BBB] 123c 456d 789b 1d", "1d"), ("[NNN] 123c 456d 789b 1d", "1d")),
        (Yaku::Hatsu, ("[VVV] 123c 456d 789b 1d", "1d"), ("123c 456d 789b 111d V", "V")),
        (Yaku::Chun, ("RRR 123c 456d 789b 1d", "1d"), ("RR 123c 456d 789b 11d", "1d")),
        (Yaku::SeatWind, ("[SSS] 123c 456d 789b 1d", "1d"), ("[WWW] 123c 456d 789b 1d", "1d")),
        (Yaku::RoundWind, ("[EEE] 123c 456d 789b 1d", "1d"), ("[NNN] 123c 456d 789b 1d", "1d")),
        (Yaku::Chiitoitsu, ("1199c 2288d 3366b N", "N"), ("11c 11c 2288d 3366b N", "N")),
        (Yaku::Sanshoku, ("123c 123d 123b 456c 9d", "9d"), ("123c 123d 234b 456c 9d", "9d")),
        (Yaku::Ittsu, ("123c 456c 789c 234d 9b", "9b"), ("123c 456c 678c 234d 9b", "9b")),
        (Yaku::Chanta, ("123c 789d NNN 789b 9c", "9c"), ("123c 678d NNN 789b 9c", "9c")),
        (Yaku::Junchan, ("123c 789d 111b 789b 9c", "9c"), ("123c 789d 111b 789b 5c", "5c")),
        (Yaku::Toitoi, ("[222c] [555d] 888b 999b N", "N"), ("[222c] [555d] 888b 789b N", "N")),
        (Yaku::Sanankou, ("222c 555d 888b 456b N", "N"), ("222c 555d 88b 456b NN", "8b")),
        (Yaku::SanshokuDoukou, ("[222c] 222d 222b 456b N", "N"), ("[222c] 222d 333b 456b N", "N")),
        (Yaku::Sankantsu, ("[2222c] [5555d] [8888b] 456b N", "N"), ("[2222c] [5555d] [888b] 456b N", "N")),
        (Yaku::Honroutou, ("[111c] 999d NNN 111b 9c", "9c"), ("[111c] 999d NNN 123b 9c", "9c")),
        (Yaku::Shousangen, ("[RRR] VVV 123c 456d B", "B"), ("[RRR] VVV 123c 456d N", "N")),
        (Yaku::Honitsu, ("123c 456c 777c NNN 9c", "9c"), ("123c 456c 777c NNN 9d", "9d")),
        (Yaku::Chinitsu, ("123c 456c 777c 234c 9c", "9c"), ("123c 456c 777c 234c 9d", "9d")),
        (Yaku::Ryanpeikou, ("223344c 556677d 9b", "9b"), ("223344c 567678d 9b", "9b")),
        (Yaku::Kokushi, ("19c 19d 19b ESWN RVB", "1c"), ("19c 19d 19b ESWN RV 1c", "1c")),
        (Yaku::Suuankou, ("222c 555d 888b 444b N", "N"), ("222c 555d 888b 44b NN", "4b")),
        (Yaku::Daisangen, ("[RRR] VVV BBB 456d 1c", "1c"), ("[RRR] VVV BB 456d 11c", "1c")),
        (Yaku::Shousuushii, ("EEE SSS WWW 123c N", "N"), ("EEE SSS WWW 123c 9d", "9d")),
        (Yaku::Daisuushii, ("EEE SSS WWW NNN 9d", "9d"), ("EEE SSS WWW 123c N", "N")),
        (Yaku::Tsuuiisou, ("EEE SSS RRR VVV B", "B"), ("EEE SSS RRR VVV 9d", "9d")),
        (Yaku::Chinroutou, ("111c 999c 111d 999d 1b", "1b"), ("111c 999c 111d 999d N", "N")),
        (Yaku::Ryuuiisou, ("234b 666b 888b VVV 2b", "2b"), ("234b 666b 888b VVV 5b", "5b")),
        (Yaku::ChuurenPoutou, ("1112345678999c", "5c"), ("[111c] 2345678999c", "5c")),
        (Yaku::Suukantsu, ("[2222c] [5555d] [8888b] 4444b N", "N"), ("[2222c] [5555d] [8888b] 444b N", "N")),
    ];
    for &(yaku, (hand, win), (near, near_win)) in cases {
        has(yaku, hand, win);
        misses(yaku, near, near_win);
    }
}

#[test]
fn tsuuiisou_may_be_seven_pairs() {
    let got = score("EESSWWNNRRVV B", "B", &plain_ron());
    assert_eq!(got.yaku.as_slice(), [Yaku::Tsuuiisou]);
    assert_eq!(got.limit, Some(Limit::Yakuman));
}

#[test]
fn circumstance_yaku_come_and_go_with_their_flag() {
    let base = || {
        let mut s = plain_ron();
        s.riichi = RiichiKind::Riichi;
        s
    };
    let hand = ("123c 567c 234d 67b 55b", "8b");
    let cases: Vec<FlagCase> = vec![
        (Yaku::Riichi, Box::new(|_| {})),
        (Yaku::DoubleRiichi, Box::new(|s| s.riichi = RiichiKind::Double)),
        (Yaku::Ippatsu, Box::new(|s| s.ippatsu = true)),
        (Yaku::MenzenTsumo, Box::new(|s| s.win = Win::Tsumo)),
        (Yaku::Houtei, Box::new(|s| s.houtei = true)),
        (Yaku::Chankan, Box::new(|s| s.chankan = true)),
        (
            Yaku::Haitei,
            Box::new(|s| {
                s.win = Win::Tsumo;
                s.haitei = true;
            }),
        ),
        (
            Yaku::Tenhou,
            Box::new(|s| {
                s.win = Win::Tsumo;
                s.seat = Wind::East;
                s.riichi = RiichiKind::None;
                s.tenhou = true;
            }),
        ),
        (
            Yaku::Chiihou,
            Box::new(|s| {
                s.win = Win::Tsumo;
                s.riichi = RiichiKind::None;
                s.chiihou = true;
            }),
        ),
    ];
    for (yaku, set) in cases {
        let mut s = base();
        assert!(!yaku_of(hand.0, hand.1, &s).contains(&yaku) || yaku == Yaku::Riichi, "{yaku:?} without flag");
        set(&mut s);
        assert!(yaku_of(hand.0, hand.1, &s).contains(&yaku), "{yaku:?} with its flag");
    }
    let mut s = tsumo(Wind::South);
    s.rinshan = true;
    let got = yaku_of("1111c 567c 234d 67b 55b", "8b", &s);
    assert_eq!(got, [Yaku::MenzenTsumo, Yaku::Rinshan]);
}

#[test]
fn open_tanyao_is_an_option() {
    let hand = parse_win("[234c] 567c 234d 67b 55b", "8b").expect("valid");
    let got = evaluate(&hand, &plain_ron(), &Options::default()).expect("kuitan");
    assert_eq!((got.yaku.as_slice(), got.han, got.fu), ([Yaku::Tanyao].as_slice(), 1, 30));
    assert_eq!(got.fu_parts.as_slice(), [FuPart::Base, FuPart::OpenPinfu]);
    let closed_only = Options { open_tanyao: false, ..Options::default() };
    assert_eq!(evaluate(&hand, &plain_ron(), &closed_only), Err(Refusal::NoYaku));
}

#[test]
fn open_hands_lose_a_han_on_sanshoku_ittsu_chanta_flushes() {
    let got = score("[123c] 123d 123b 456c 9d", "9d", &plain_ron());
    assert_eq!((got.yaku.as_slice(), got.han), ([Yaku::Sanshoku].as_slice(), 1));
    let got = score("[123c] 456c 777c 234c 9c", "9c", &plain_ron());
    assert_eq!((got.yaku.as_slice(), got.han), ([Yaku::Chinitsu].as_slice(), 5));
}

#[test]
fn fu_pinfu_tsumo_is_20_and_the_wait_is_read_for_the_best_value() {
    let got = score("234c 567c 234d 67b 55b", "8b", &tsumo(Wind::South));
    assert_eq!((got.han, got.fu), (3, 20));
    assert_eq!(got.payments.pays, [1300, 0, 700, 700]);
    // 456b + 66b: a two-sided pinfu wait (2 han 30 fu) beats a single wait on 6b (1 han 40 fu).
    let mut s = plain_ron();
    s.riichi = RiichiKind::Riichi;
    let got = score("234c 567c 234d 45b 66b", "6b", &s);
    assert_eq!((got.han, got.fu, got.wait), (3, 30, Some(Wait::Ryanmen)));
}

#[test]
fn fu_counts_sets_pairs_and_waits() {
    let mut s = plain_ron();
    s.riichi = RiichiKind::Riichi;
    // A concealed kan of terminals is 32: 20 + 10 + 32 = 62 → 70.
    let got = score("1111c 567c 234d 67b 55b", "8b", &s);
    assert_eq!((got.han, got.fu, got.payments.hand_value), (1, 70, 2300));
    // A pung completed by ron counts as open: 20 + 10 + 4 (222c) + 2 (888b) = 36 → 40.
    let got = score("222c 567c 234d 55b 88b", "8b", &s);
    assert_eq!(got.fu, 40);
    assert!(got.fu_parts.contains(&FuPart::Set { tile: tile("8b"), kan: false, concealed: false }));
    // A pair of the double wind (seat and round East) is 4 fu: 20 + 10 + 4 = 34 → 40.
    let mut east = ron(Wind::East, Wind::West);
    east.riichi = RiichiKind::Riichi;
    let got = score("234c 567c 234d 67b EE", "8b", &east);
    assert_eq!(got.fu, 40);
    assert!(got.fu_parts.contains(&FuPart::Pair { tile: tile("E"), fu: 4 }));
    // A kanchan is 2 fu.
    let got = score("234c 567c 234d 79b 55b", "8b", &s);
    assert_eq!(got.fu_parts.last(), Some(&FuPart::Wait(Wait::Kanchan)));
}

#[test]
fn limits_and_kiriage() {
    let mut s = plain_ron();
    s.riichi = RiichiKind::Riichi;
    s.dora_indicators = indicators("1c");
    // Riichi, tanyao, pinfu, dora 1: 4 han 30 fu is 7,700 without kiriage, 8,000 with it.
    let hand = parse_win("234c 567c 234d 67b 55b", "8b").expect("valid");
    let got = evaluate(&hand, &s, &Options::default()).expect("scores");
    assert_eq!((got.han, got.fu, got.limit, got.payments.hand_value), (4, 30, None, 7700));
    let kiriage = Options { kiriage: true, ..Options::default() };
    let got = evaluate(&hand, &s, &kiriage).expect("scores");
    assert_eq!((got.limit, got.payments.hand_value), (Some(Limit::Mangan), 8000));
    // Riichi, tanyao, dora 2: 4 han 40 fu pass 2,000 basic points: mangan.
    s.dora_indicators = indicators("4b");
    let got = score("222c 567c 234d 55b 88b", "8b", &s);
    assert_eq!((got.han, got.fu, got.limit, got.payments.hand_value), (4, 40, Some(Limit::Mangan), 8000));
}

#[test]
fn thirteen_han_are_a_sanbaiman_unless_the_option_counts_them_as_yakuman() {
    let mut s = plain_ron();
    s.riichi = RiichiKind::Riichi;
    s.dora_indicators = indicators("1c 4c");
    // Riichi, tanyao?, no: chinitsu 6, ryanpeikou 3, riichi 1, pinfu 1, dora 2 + 2 = 15 han.
    let hand = parse_win("223344c 667788c 5c", "5c").expect("valid");
    let got = evaluate(&hand, &s, &Options::default()).expect("scores");
    assert!(got.han >= 13, "{got:?}");
    assert_eq!((got.limit, got.payments.hand_value), (Some(Limit::Sanbaiman), 24000));
    let counted = Options { kazoe: KazoeLimit::Yakuman, ..Options::default() };
    let got = evaluate(&hand, &s, &counted).expect("scores");
    assert_eq!((got.limit, got.payments.hand_value), (Some(Limit::Yakuman), 32000));
}

#[test]
fn yakuman_do_not_add_up() {
    let got = score("[EEE] SSS RRR VVV B", "B", &plain_ron());
    assert_eq!(got.yaku.as_slice(), [Yaku::Tsuuiisou]);
    let got = score("[RRR] VVV BBB EEE N", "N", &plain_ron());
    assert_eq!(got.yaku.as_slice(), [Yaku::Tsuuiisou, Yaku::Daisangen]);
    assert_eq!((got.yakuman, got.han, got.payments.hand_value), (2, 13, 32000));
    assert_eq!((got.dora, got.fu_parts.is_empty()), (0, false));
}

#[test]
fn dealer_tsumo_is_paid_twice_by_everyone_and_honba_add_100_each() {
    let mut s = tsumo(Wind::East);
    s.honba = 2;
    let got = score("[RRR] 123c 456d 789b 1d", "1d", &s);
    // Chun 1 han, 20 + 4 (open RRR) + 2 (tanki) + 2 (tsumo) = 28 → 30 fu: 500 each, +200 honba.
    assert_eq!((got.han, got.fu), (1, 30));
    assert_eq!(got.payments.pays, [0, 700, 700, 700]);
    assert_eq!((got.payments.hand_value, got.payments.honba, got.payments.total), (1500, 600, 2100));
}

#[test]
fn red_fives_are_written_0_and_count_when_in_play() {
    let (text, red) = strip_red_fives("[506d] 40b 0c");
    assert_eq!((text.as_str(), red), ("[556d] 45b 5c", [1, 1, 1]));
    assert_eq!(write_tile(tile("5d"), true), "0d");
    let hand = parse_win("234c 067c 234d 67b 55b", "8b").expect("valid");
    assert_eq!(hand.red_fives, [0, 0, 1]);
    let with_red = Options { red_fives: true, ..Options::default() };
    let got = evaluate(&hand, &plain_ron(), &with_red).expect("scores");
    assert_eq!((got.red_fives, got.han), (1, 3));
    assert_eq!(
        evaluate(&hand, &plain_ron(), &Options::default()),
        Err(Refusal::RedFive(stecca_seam::tiles::Suit::Characters))
    );
    let two = parse_win("234c 067c 234d 67b 55b", "0c");
    assert!(matches!(two.map(|h| evaluate(&h, &plain_ron(), &with_red)), Ok(Err(_))));
}

#[test]
fn dora_need_a_yaku_and_ura_dora_need_riichi() {
    let mut s = plain_ron();
    s.dora_indicators = indicators("1c");
    assert_eq!(refusal("123c 222c 234d 67b 55b", "8b", &s), Refusal::NoYaku);
    s.ura_indicators = indicators("1d");
    assert_eq!(refusal("234c 567c 234d 67b 55b", "8b", &s), Refusal::Conflict(Conflict::UraDora));
    s.riichi = RiichiKind::Riichi;
    let got = score("234c 567c 234d 67b 55b", "8b", &s);
    assert_eq!((got.dora, got.ura_dora), (1, 1));
}

#[test]
fn wrong_hands_are_refused_with_what_is_wrong() {
    let s = plain_ron();
    assert_eq!(refusal("234c 567c 234d 67b 5b", "8b", &s), Refusal::TileCount { counted: 13 });
    assert_eq!(refusal("222c 2c 567c 234d 67b 5b", "2c", &s), Refusal::FifthCopy(tile("2c")));
    assert_eq!(refusal("234c 567c 234d 68b 55b", "9b", &s), Refusal::NotComplete);
    let mut open_riichi = s.clone();
    open_riichi.riichi = RiichiKind::Riichi;
    assert_eq!(refusal("[234c] 567c 234d 67b 55b", "8b", &open_riichi), Refusal::Conflict(Conflict::RiichiOnOpenHand));
    let mut own = s.clone();
    own.win = Win::Ron { discarder: Wind::South };
    assert_eq!(refusal("234c 567c 234d 67b 55b", "8b", &own), Refusal::Conflict(Conflict::RonFromOwnSeat));
    let mut shown = s;
    shown.dora_indicators = indicators("8b 8b");
    assert_eq!(refusal("234c 567c 234d 678b 8b", "8b", &shown), Refusal::FifthCopy(tile("8b")));
    assert!(matches!(parse_win("[246c] 567c 234d 67b 55b", "8b"), Err(ParseError::Notation(_))));
    assert!(matches!(parse_win("234c 567c 234d 67b 55b 1f", "8b"), Err(ParseError::BonusTile(_))));
    assert!(matches!(parse_win("234c 567c 234d 67b 55b", "8b8b"), Err(ParseError::WinTile(_))));
}
