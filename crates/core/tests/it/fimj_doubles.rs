//! Every fundamental and closing double, including the family rule (the highest line of a family only).

use crate::common::*;
use stecca_core::tiles::Wind;
use stecca_rules_fimj::FimjOptions;

#[test]
fn own_flower_and_own_season_add_up() {
    assert_hand(&loser("2f 2s"), 32, 8, 2);
}

#[test]
fn bouquet_of_flowers_is_4_doubles_including_the_own_flower() {
    let h = loser("1f 2f 3f 4f");
    assert_hand(&h, 64, 4, 4);
    assert_eq!(lines(&h), ["Proprio fiore (2f) = 4", "Raddoppio: tutti e quattro i fiori ×4"]);
}

#[test]
fn rose_of_seasons_is_4_doubles_including_the_own_season() {
    assert_hand(&loser("1s 2s 3s 4s"), 64, 4, 4);
}

#[test]
fn bouquet_and_rose_together() {
    assert_hand(&loser("1f 2f 3f 4f 1s 2s 3s 4s"), 8 << 8, 8, 8);
}

#[test]
fn pung_of_own_wind_doubles() {
    assert_hand(&loser("[SSS]"), 8, 4, 1);
}

#[test]
fn kong_of_own_wind_doubles() {
    assert_hand(&loser("[SSSS]"), 32, 16, 1);
}

#[test]
fn pung_of_round_wind_doubles() {
    assert_hand(&loser("[EEE]"), 8, 4, 1);
}

#[test]
fn pung_of_other_wind_does_not_double() {
    assert_hand(&loser("[WWW]"), 4, 4, 0);
}

#[test]
fn own_wind_equal_to_round_wind_doubles_twice() {
    assert_hand(&hand("[EEE]", Wind::East, Wind::East, false, &[]), 16, 4, 2);
}

#[test]
fn each_dragon_pung_doubles() {
    assert_hand(&loser("[RRR]"), 8, 4, 1);
    assert_hand(&loser("[RRR] [VVVV]"), 80, 20, 2);
}

#[test]
fn three_head_pungs_double_once() {
    assert_hand(&loser("[111d] [999b] [NNN]"), 24, 12, 1);
}

#[test]
fn four_head_pungs_double_twice_including_three() {
    let h = loser("[111d] [999b] [NNN] [111c]");
    assert_hand(&h, 64, 16, 2);
    assert!(!lines(&h).iter().any(|l| l.contains("tre tris di testa")), "{:?}", lines(&h));
}

#[test]
fn three_equal_pungs_in_the_three_suits_double() {
    assert_hand(&loser("[555d] [555b] [5555c]"), 24, 12, 1);
}

#[test]
fn equal_pungs_need_all_three_suits() {
    assert_hand(&loser("[555d] [555b] [666c]"), 6, 6, 0);
}

#[test]
fn three_concealed_pungs_double() {
    assert_hand(&loser("555d 666b 777c"), 24, 12, 1);
}

#[test]
fn four_concealed_pungs_double_twice() {
    assert_hand(&loser("222d 333b 444c 666d"), 64, 16, 2);
}

#[test]
fn concealed_kongs_and_exposed_pungs_are_not_concealed_pungs() {
    assert_hand(&loser("2222d 333b 444c"), 24, 24, 0);
    assert_hand(&loser("[222d] 333b 444c"), 10, 10, 0);
}

#[test]
fn three_equal_chows_in_any_suits_double() {
    assert_hand(&winner("123d 123b 123c 789d 55b", &[]), 40, 20, 1);
}

#[test]
fn four_equal_chows_in_any_suits_double_twice() {
    assert_hand(&winner("123d 123d 123b 123c 55b", &[]), 80, 20, 2);
}

#[test]
fn three_equal_chows_in_one_suit_beat_the_pung_reading() {
    // 111222333d read as three concealed pungs is worth 72; as three equal chows in one suit 80.
    let h = winner("111222333d 789b 55c", &[]);
    assert_hand(&h, 80, 20, 2);
    assert!(lines(&h).contains(&"Raddoppio: tre scale uguali dello stesso seme ×2".to_owned()));
}

#[test]
fn four_equal_chows_in_one_suit_double_four_times() {
    assert_hand(&winner("111122223333d 55c", &[]), 320, 20, 4);
}

#[test]
fn snake_in_any_suits_doubles() {
    assert_hand(&winner("123d 456b 789c 234d 55c", &[]), 40, 20, 1);
}

#[test]
fn snake_in_one_suit_doubles_twice_not_three_times() {
    let h = winner("123d 456d 789d 234b 55c", &[]);
    assert_hand(&h, 80, 20, 2);
    assert_eq!(lines(&h).iter().filter(|l| l.contains("serpente")).count(), 1);
}

#[test]
fn chained_snake_in_any_suits_doubles_twice() {
    assert_hand(&winner("123d 345b 567c 789d 55c", &[]), 80, 20, 2);
}

#[test]
fn chained_snake_in_one_suit_doubles_three_times() {
    assert_hand(&winner("123d 345d 567d 789d 55c", &[]), 160, 20, 3);
}

#[test]
fn exposed_chows_count_for_chow_doubles() {
    assert_hand(&winner("[123d] [456b] 789c 234d 55c", &[]), 40, 20, 1);
}

#[test]
fn non_winners_get_fundamental_doubles() {
    let h = loser("[123d] 456b 789c [RRR]");
    assert_hand(&h, 16, 4, 2);
}

#[test]
fn woo_pung_no_chows_is_a_closing_double() {
    let h = winner("[555b] [666d] [777c] [888b] 22d", &[]);
    assert_hand(&h, 56, 28, 1);
    assert!(lines(&h).contains(&"Raddoppio di chiusura: Woo-Pung ×1".to_owned()));
}

#[test]
fn colore_one_suit_with_dragons_and_own_wind() {
    let h = winner("123d 456d 789d RRR SS", &[]);
    // Stick: RRR 8 + own wind pair 2 + Mah Jong 20; doubles: snake in one suit 2, dragon 1, colore 1.
    assert_hand(&h, 480, 30, 4);
    assert!(lines(&h).contains(&"Raddoppio di chiusura: Colore ×1".to_owned()));
}

#[test]
fn colore_is_lost_with_a_round_wind_that_is_not_the_own_wind() {
    assert_hand(&winner("123d 456d 789d RRR EE", &[]), 240, 30, 3);
}

#[test]
fn robbing_a_kong_is_a_closing_double() {
    assert_hand(&winner("123d 345d 678b 234c 55c", &["robbing_kong"]), 40, 20, 1);
}

#[test]
fn last_discard_is_a_closing_double() {
    assert_hand(&winner("123d 345d 678b 234c 55c", &["last_discard"]), 40, 20, 1);
}

#[test]
fn last_wall_tile_is_a_closing_double() {
    assert_hand(&winner("123d 345d 678b 234c 55c", &["self_drawn", "last_wall_tile"]), 40, 20, 1);
}

#[test]
fn self_drawn_alone_adds_nothing() {
    assert_hand(&winner("123d 345d 678b 234c 55c", &["self_drawn"]), 20, 20, 0);
}

#[test]
fn closing_doubles_are_configurable() {
    let mut options = FimjOptions::default();
    options.closing_doubles.woo_pung = 2;
    options.closing_doubles.last_discard = 0;
    let h = hand_with("[555b] [666d] [777c] [888b] 22d", Wind::South, Wind::East, true, &["last_discard"], &options);
    assert_hand(&h, 112, 28, 2);
}

#[test]
fn closing_doubles_are_for_the_winner_only() {
    assert_hand(&loser("[555b] [666d]"), 4, 4, 0);
}

#[test]
fn there_is_no_cap_on_a_non_limit_hand() {
    // East in the East round: EEE own+round, two dragon pungs, three head pungs, colore.
    let h = hand("[EEE] RRR VVV BB 123d", Wind::East, Wind::East, true, &[]);
    assert_hand(&h, 42 << 6, 42, 6);
    assert!(h.value > 1000, "above every limit");
}
