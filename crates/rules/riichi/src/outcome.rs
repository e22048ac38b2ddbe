//! A settled hand as the desk's outcome: each winner's yaku (in han), dora, fu (with their parts), limit,
//! counters and deposits as lines; the payments between players; the deposits put on the table or taken from
//! it; the nets; a chombo's penalty as a warning for the referee.

use stecca_seam::rules::{
    Figures, Item, MancheOutcome, OffTablePenalty, PaymentOutcome, PlayerOutcome, PotPayment, Quantity, Warning,
};

use super::cost::Limit;
use super::fu::FuPart;
use super::input::WinningHand;
use super::manche::{Hand, ID, Value, key};
use super::parse::notation;
use super::settle::{COUNTER, DEPOSIT, Settled, WinnerPaid};
use super::yaku::Yaku;

/// The outcome of a settled hand.
pub fn outcome(hand: &Hand, settled: &Settled) -> MancheOutcome {
    let nets = settled.nets(hand.players.len());
    let players = hand
        .players
        .iter()
        .enumerate()
        .map(|(i, player)| {
            let paid = settled.winners.iter().find(|w| w.player == i);
            let mut out = PlayerOutcome {
                name: player.name.clone(),
                seat: Some(player.seat),
                mahjong: player.won.is_some(),
                score: paid.map_or(0, |w| i64::from(w.payments.hand_value)),
                figures: Figures::none(),
                arrangement: String::new(),
                items: Vec::new(),
                summary: None,
            };
            if let Some(paid) = paid {
                winner(&mut out, paid, hand);
                if let Some(Value::Tiles(tiles)) = player.won.as_ref().map(|w| &w.value) {
                    out.arrangement = arrangement(tiles);
                }
            }
            // What the rotation and the counters read back from a stored outcome.
            if hand.draw {
                out.figures = Figures::none().with(key::TENPAI, player.tenpai);
            }
            if player.chombo {
                out.figures = Figures::none().with(key::CHOMBO, true);
            }
            out
        })
        .collect();
    let name = |i: usize| hand.players[i].name.clone();
    let warnings = settled
        .penalties
        .iter()
        .map(|&(p, points)| Warning {
            player: Some(name(p)),
            text: crate::msg!("riichi.warning.chombo_penalty", name = name(p), points = points),
        })
        .collect();
    MancheOutcome {
        rules: ID.to_owned(),
        void: hand.draw,
        players,
        payments: settled
            .payments
            .iter()
            .map(|&(from, to, amount)| PaymentOutcome { from: name(from), to: name(to), amount: amount.unsigned_abs() })
            .collect(),
        pot: settled.pot.iter().map(|&(p, amount)| PotPayment { player: name(p), amount }).collect(),
        net: hand.players.iter().map(|p| p.name.clone()).zip(nets).collect(),
        penalties: settled.penalties.iter().map(|&(p, points)| OffTablePenalty { player: name(p), points }).collect(),
        next_dealer: None,
        warnings,
    }
}

fn han(value: u8) -> Option<Quantity> {
    Some(Quantity::new(i64::from(value), crate::text_id!("riichi.unit.han")))
}

fn fu(value: u8) -> Option<Quantity> {
    Some(Quantity::new(i64::from(value), crate::text_id!("riichi.unit.fu")))
}

fn points(value: i64) -> Option<Quantity> {
    Some(Quantity::new(value, crate::text_id!("riichi.unit.points")))
}

/// The winner's lines, figures and summary.
fn winner(out: &mut PlayerOutcome, paid: &WinnerPaid, hand: &Hand) {
    let mut items = Vec::new();
    if let Some(score) = &paid.score {
        for &yaku in &score.yaku {
            items.push(Item::in_units(stecca_seam::message::Message::new(yaku_id(yaku)), han(yaku.han(score.open))));
        }
        for (count, id) in [
            (score.dora, crate::text_id!("riichi.line.dora")),
            (score.ura_dora, crate::text_id!("riichi.line.ura_dora")),
            (score.red_fives, crate::text_id!("riichi.line.red_fives")),
        ] {
            if count > 0 {
                items.push(Item::in_units(stecca_seam::message::Message::new(id), han(count)));
            }
        }
        for &part in &score.fu_parts {
            items.push(Item::in_units(fu_label(part), fu(part.fu())));
        }
    } else {
        items.push(Item::in_units(crate::msg!("riichi.line.sheet"), han(paid.han)));
        if let Some(value) = paid.fu {
            items.push(Item::in_units(crate::msg!("riichi.line.sheet_fu"), fu(value)));
        }
    }
    if paid.payments.honba > 0 {
        let counters = hand.honba;
        let value = i64::from(counters) * COUNTER;
        items.push(Item::in_units(crate::msg!("riichi.line.counters", n = counters), points(value)));
    }
    if paid.deposits > 0 {
        let n = paid.deposits / DEPOSIT;
        items.push(Item::in_units(crate::msg!("riichi.line.deposits", n = n), points(paid.deposits)));
    }
    out.items = items;
    let mut figures = Figures::none().with("han", paid.han);
    if let Some(value) = paid.fu {
        figures = figures.with("fu", value);
    }
    if let Some(limit) = paid.limit {
        figures = figures.with("limit", limit_key(limit));
    }
    out.figures = figures;
    let value = paid.payments.hand_value;
    out.summary = Some(match (paid.limit, paid.fu) {
        (Some(limit), _) => crate::msg!("riichi.summary.limit", han = paid.han, value = value)
            .arg_message("limit", stecca_seam::message::Message::new(limit_id(limit))),
        (None, Some(f)) => crate::msg!("riichi.summary.han_fu", han = paid.han, fu = f, value = value),
        (None, None) => crate::msg!("riichi.summary.han", han = paid.han, value = value),
    });
}

/// The winner's tiles in notation, the winning tile after a `+`.
fn arrangement(tiles: &WinningHand) -> String {
    let (hand, win) = notation(tiles);
    format!("{hand} + {win}")
}

fn limit_key(limit: Limit) -> &'static str {
    match limit {
        Limit::Mangan => "mangan",
        Limit::Haneman => "haneman",
        Limit::Baiman => "baiman",
        Limit::Sanbaiman => "sanbaiman",
        Limit::Yakuman => "yakuman",
    }
}

fn limit_id(limit: Limit) -> &'static str {
    match limit {
        Limit::Mangan => crate::text_id!("riichi.limit.mangan"),
        Limit::Haneman => crate::text_id!("riichi.limit.haneman"),
        Limit::Baiman => crate::text_id!("riichi.limit.baiman"),
        Limit::Sanbaiman => crate::text_id!("riichi.limit.sanbaiman"),
        Limit::Yakuman => crate::text_id!("riichi.limit.yakuman"),
    }
}

fn fu_label(part: FuPart) -> stecca_seam::message::Message {
    match part {
        FuPart::Base => crate::msg!("riichi.fu.base"),
        FuPart::ConcealedRon => crate::msg!("riichi.fu.concealed_ron"),
        FuPart::Tsumo => crate::msg!("riichi.fu.tsumo"),
        FuPart::OpenPinfu => crate::msg!("riichi.fu.open_pinfu"),
        FuPart::SevenPairs => crate::msg!("riichi.fu.seven_pairs"),
        FuPart::Set { tile, kan: false, concealed: true } => crate::msg!("riichi.fu.concealed_pung", tile = tile),
        FuPart::Set { tile, kan: false, concealed: false } => crate::msg!("riichi.fu.open_pung", tile = tile),
        FuPart::Set { tile, kan: true, concealed: true } => crate::msg!("riichi.fu.concealed_kan", tile = tile),
        FuPart::Set { tile, kan: true, concealed: false } => crate::msg!("riichi.fu.open_kan", tile = tile),
        FuPart::Pair { tile, .. } => crate::msg!("riichi.fu.pair", tile = tile),
        FuPart::Wait(_) => crate::msg!("riichi.fu.wait"),
    }
}

/// The text id of a yaku's name.
pub fn yaku_id(yaku: Yaku) -> &'static str {
    use Yaku::*;
    match yaku {
        Riichi => crate::text_id!("riichi.yaku.riichi"),
        DoubleRiichi => crate::text_id!("riichi.yaku.double_riichi"),
        Ippatsu => crate::text_id!("riichi.yaku.ippatsu"),
        MenzenTsumo => crate::text_id!("riichi.yaku.menzen_tsumo"),
        Pinfu => crate::text_id!("riichi.yaku.pinfu"),
        Iipeikou => crate::text_id!("riichi.yaku.iipeikou"),
        Tanyao => crate::text_id!("riichi.yaku.tanyao"),
        Haku => crate::text_id!("riichi.yaku.haku"),
        Hatsu => crate::text_id!("riichi.yaku.hatsu"),
        Chun => crate::text_id!("riichi.yaku.chun"),
        SeatWind => crate::text_id!("riichi.yaku.seat_wind"),
        RoundWind => crate::text_id!("riichi.yaku.round_wind"),
        Haitei => crate::text_id!("riichi.yaku.haitei"),
        Houtei => crate::text_id!("riichi.yaku.houtei"),
        Rinshan => crate::text_id!("riichi.yaku.rinshan"),
        Chankan => crate::text_id!("riichi.yaku.chankan"),
        Chiitoitsu => crate::text_id!("riichi.yaku.chiitoitsu"),
        Sanshoku => crate::text_id!("riichi.yaku.sanshoku"),
        Ittsu => crate::text_id!("riichi.yaku.ittsu"),
        Chanta => crate::text_id!("riichi.yaku.chanta"),
        Toitoi => crate::text_id!("riichi.yaku.toitoi"),
        Sanankou => crate::text_id!("riichi.yaku.sanankou"),
        SanshokuDoukou => crate::text_id!("riichi.yaku.sanshoku_doukou"),
        Sankantsu => crate::text_id!("riichi.yaku.sankantsu"),
        Honroutou => crate::text_id!("riichi.yaku.honroutou"),
        Shousangen => crate::text_id!("riichi.yaku.shousangen"),
        Honitsu => crate::text_id!("riichi.yaku.honitsu"),
        Junchan => crate::text_id!("riichi.yaku.junchan"),
        Ryanpeikou => crate::text_id!("riichi.yaku.ryanpeikou"),
        Chinitsu => crate::text_id!("riichi.yaku.chinitsu"),
        Renhou => crate::text_id!("riichi.yaku.renhou"),
        Kokushi => crate::text_id!("riichi.yaku.kokushi"),
        Suuankou => crate::text_id!("riichi.yaku.suuankou"),
        Daisangen => crate::text_id!("riichi.yaku.daisangen"),
        Shousuushii => crate::text_id!("riichi.yaku.shousuushii"),
        Daisuushii => crate::text_id!("riichi.yaku.daisuushii"),
        Tsuuiisou => crate::text_id!("riichi.yaku.tsuuiisou"),
        Chinroutou => crate::text_id!("riichi.yaku.chinroutou"),
        Ryuuiisou => crate::text_id!("riichi.yaku.ryuuiisou"),
        ChuurenPoutou => crate::text_id!("riichi.yaku.chuuren_poutou"),
        Suukantsu => crate::text_id!("riichi.yaku.suukantsu"),
        Tenhou => crate::text_id!("riichi.yaku.tenhou"),
        Chiihou => crate::text_id!("riichi.yaku.chiihou"),
    }
}
