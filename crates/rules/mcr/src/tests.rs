//! The digest's worked examples and its exclusion rules (`docs/rules/mcr.md`).

use stecca_seam::tiles::Wind;

use super::*;

fn score_with(hand: &str, win: &str, situation: Situation, options: Options) -> Score {
    let hand = parse_win(hand, win).expect("valid notation");
    evaluate(&hand, &situation, &options).expect("a scored win")
}

fn score(hand: &str, win: &str, self_drawn: bool, seat: Wind) -> Score {
    score_with(hand, win, Situation::new(self_drawn, seat, Wind::East), Options::default())
}

fn fans(score: &Score) -> Vec<(Fan, u8)> {
    score.fans.clone()
}

#[test]
fn example_1_pure_straight_with_a_flower() {
    let s = score("123c 456c 789c 234b 5d 2f", "5d", false, Wind::South);
    use Fan::*;
    assert_eq!(fans(&s), [(QingLong, 1), (MenQianQing, 1), (PingHu, 1), (DanDiaoJiang, 1), (HuaPai, 1)]);
    assert_eq!((s.points, s.total, s.legal), (21, 22, true));
}

#[test]
fn example_2_big_four_winds_strikes_the_wind_fan() {
    let situation = Situation::new(true, Wind::North, Wind::South);
    let s = score_with("[EEE] [SSS] WWW NNN 5d", "5d", situation, Options::default());
    use Fan::*;
    assert_eq!(fans(&s), [(DaSiXi, 1), (HunYiSe, 1), (ShuangAnKe, 1), (DanDiaoJiang, 1), (ZiMo, 1)]);
    assert_eq!(s.total, 98);
}

#[test]
fn example_3_account_once_and_the_minimum() {
    let s = score("[123c] 123c 123d 789b E 4f", "E", true, Wind::North);
    use Fan::*;
    assert_eq!(fans(&s), [(QuanDaiYao, 1), (YiBanGao, 1), (XiXiangFeng, 1), (DanDiaoJiang, 1), (ZiMo, 1), (HuaPai, 1)]);
    assert_eq!((s.points, s.total, s.legal), (8, 9, true));
    let on_discard = score("[123c] 123c 123d 789b E 4f", "E", false, Wind::North);
    assert_eq!((on_discard.points, on_discard.total, on_discard.legal), (7, 8, false), "a False Hu");
}

#[test]
fn example_4_nine_gates_takes_no_terminal_pung() {
    let s = score("1112345678999b", "5b", false, Wind::East);
    assert_eq!(fans(&s), [(Fan::JiuLianBaoDeng, 1), (Fan::ShuangAnKe, 1)]);
    assert_eq!(s.total, 90);
    let library = Options { nine_gates_terminal_pungs: NineGatesPungs::AllButOne, ..Options::default() };
    let s = score_with("1112345678999b", "5b", Situation::new(false, Wind::East, Wind::East), library);
    assert_eq!(s.total, 91, "the library's choice keeps one");
}

#[test]
fn example_5_one_melded_and_one_concealed_kong_make_six() {
    let s = score("[5555c] 7777b 234d 567d 9d", "9d", false, Wind::South);
    use Fan::*;
    assert_eq!(fans(&s), [(ShuangMingGang, 1), (AnGang, 1), (LianLiu, 1), (WuZi, 1), (DanDiaoJiang, 1)]);
    assert_eq!(s.total, 9);
}

#[test]
fn two_concealed_kongs_are_worth_eight_and_cover_two_concealed_pungs() {
    let s = score("5555c 7777b 234d 567d 9d", "9d", false, Wind::South);
    use Fan::*;
    assert_eq!(fans(&s), [(ShuangAnGang, 1), (MenQianQing, 1), (LianLiu, 1), (WuZi, 1), (DanDiaoJiang, 1)]);
    assert_eq!(s.total, 13);
}

#[test]
fn four_chows_give_at_most_three_two_chow_fan_and_never_the_same_twice_with_one_chow() {
    // 234b 234d 234d 567d: Pure Double Chow + Mixed Double Chow + Short Straight, not Mixed Double Chow twice.
    let s = score("234b 234d 234d 567d 9c", "9c", false, Wind::South);
    let count = |fan| s.fans.iter().find(|(f, _)| *f == fan).map_or(0, |(_, n)| *n);
    assert_eq!((count(Fan::YiBanGao), count(Fan::XiXiangFeng), count(Fan::LianLiu)), (1, 1, 1), "{:?}", s.fans);
    // 234c 567c 234d 567d: three of {Mixed Double Chow ×2, Short Straight ×2}.
    let s = score("234c 567c 234d 567d 9b", "9b", false, Wind::South);
    let count = |fan| s.fans.iter().find(|(f, _)| *f == fan).map_or(0, |(_, n)| *n);
    assert_eq!(count(Fan::XiXiangFeng) + count(Fan::LianLiu), 3, "{:?}", s.fans);
}

#[test]
fn all_terminals_adds_double_pung_and_strikes_what_it_implies() {
    let s = score("[111c] [111d] [999c] 999d 1b", "1b", false, Wind::South);
    use Fan::*;
    assert_eq!(fans(&s), [(QingYaoJiu, 1), (ShuangTongKe, 2), (DanDiaoJiang, 1)], "{:?}", s.fans);
}

#[test]
fn seven_pairs_takes_tile_hog_but_not_with_all_green() {
    let s = score("111122d 1122b 556c", "6c", false, Wind::South);
    assert!(s.fans.contains(&(Fan::QiDui, 1)) && s.fans.contains(&(Fan::SiGuiYi, 1)), "{:?}", s.fans);
    let green = score("22223344b 668b VV", "8b", false, Wind::South);
    assert!(green.fans.contains(&(Fan::LvYiSe, 1)), "{:?}", green.fans);
    assert!(!green.fans.iter().any(|(f, _)| *f == Fan::SiGuiYi), "{:?}", green.fans);
}

#[test]
fn all_green_keeps_half_flush() {
    let s = score("[234b] [666b] 888b 234b V", "V", false, Wind::South);
    use Fan::*;
    assert!(s.fans.contains(&(LvYiSe, 1)) && s.fans.contains(&(HunYiSe, 1)), "{:?}", s.fans);
}

#[test]
fn a_self_drawn_concealed_special_hand_takes_fully_concealed() {
    let s = score("19d 19b 19c ESWN RV B", "B", true, Wind::South);
    assert_eq!(fans(&s), [(Fan::ShiSanYao, 1), (Fan::BuQiuRen, 1)]);
    let library = Options { fully_concealed_with_concealed_hands: ConcealedSelfDraw::SelfDrawn, ..Options::default() };
    let s = score_with("19d 19b 19c ESWN RV B", "B", Situation::new(true, Wind::South, Wind::East), library);
    assert_eq!(fans(&s), [(Fan::ShiSanYao, 1), (Fan::ZiMo, 1)]);
}

#[test]
fn knitted_straight_never_takes_edge_or_closed_wait() {
    let s = score("147c 258d 369b 12c 55b", "3c", false, Wind::South);
    assert!(s.fans.contains(&(Fan::ZuHeLong, 1)), "{:?}", s.fans);
    assert!(!s.fans.iter().any(|(f, _)| matches!(f, Fan::BianZhang | Fan::KanZhang)), "{:?}", s.fans);
}

#[test]
fn big_three_winds_adds_seat_and_prevalent_wind_but_no_terminal_pungs() {
    let situation = Situation::new(false, Wind::South, Wind::East);
    let s = score_with("[EEE] [SSS] WWW 234c 9c", "9c", situation, Options::default());
    use Fan::*;
    assert!(s.fans.contains(&(SanFengKe, 1)), "{:?}", s.fans);
    assert!(s.fans.contains(&(QuanFengKe, 1)) && s.fans.contains(&(MenFengKe, 1)), "{:?}", s.fans);
    assert!(!s.fans.iter().any(|(f, _)| *f == YaoJiuKe), "{:?}", s.fans);
}

#[test]
fn refusals_are_typed() {
    let hand = parse_win("123c 456c 789c 234b", "5d").expect("notation");
    let s = Situation::new(false, Wind::South, Wind::East);
    assert_eq!(evaluate(&hand, &s, &Options::default()), Err(Refusal::TileCount { counted: 13 }));
    let hand = parse_win("123c 456c 789c 234b 5d", "6d").expect("notation");
    assert_eq!(evaluate(&hand, &s, &Options::default()), Err(Refusal::NotComplete));
    let hand = parse_win("[5555c] 555c 789c 234b 5d", "5d").expect("notation");
    assert!(matches!(evaluate(&hand, &s, &Options::default()), Err(Refusal::FifthCopy(_))));
    let hand = parse_win("123c 456c 789c 234b 5d", "5d").expect("notation");
    let robbing_held = Situation { robbing_kong: true, ..s };
    assert_eq!(evaluate(&hand, &robbing_held, &Options::default()), Err(Refusal::Conflict(Conflict::RobbingKong)));
}

/// The evaluator's sole-wait test answers as trying every tile does, on random wins of every shape.
#[test]
fn the_sole_wait_shortcut_agrees_with_trying_every_tile() {
    let mut rng = stecca_seam::rng::Rng::new(78);
    for _ in 0..3_000 {
        let win = super::random::random_win(&mut rng);
        let reference = super::evaluate::waits(&win.hand) == [win.hand.win];
        assert_eq!(super::evaluate::is_sole_wait(&win.hand), reference, "{:?}", win.hand);
    }
}
