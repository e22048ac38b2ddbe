//! A settled hand as the desk's outcome: the winner's fan (each named in the referee's language, in Chinese and
//! in pinyin, with its points), the flowers, the payments, the False Hu and the referee's deductions, the nets.

use stecca_seam::message::Message;
use stecca_seam::rules::{Figures, Item, MancheOutcome, PaymentOutcome, PlayerOutcome, PotPayment, Quantity, Warning};

use super::fan::Fan;
use super::manche::{Hand, ID, key};
use super::parse::notation;
use super::settle::{BASE, Settled, WinnerPaid};

/// The figure that carries the winner's points with flowers.
pub const FANS: &str = "fans";

/// The outcome of a settled hand.
pub fn outcome(hand: &Hand, settled: &Settled) -> MancheOutcome {
    let nets = settled.nets(hand.players.len());
    let name = |i: usize| hand.players[i].name.clone();
    let players = hand
        .players
        .iter()
        .enumerate()
        .map(|(i, player)| {
            let mut out = PlayerOutcome {
                name: player.name.clone(),
                seat: Some(player.seat),
                mahjong: player.won.is_some(),
                score: 0,
                figures: Figures::none(),
                arrangement: String::new(),
                items: Vec::new(),
                summary: None,
            };
            if let Some(paid) = settled.winner.as_ref().filter(|w| w.player == i) {
                winner(&mut out, paid);
            }
            if let Some(&(_, points)) = settled.false_hu.iter().find(|(p, _)| *p == i) {
                out.items.push(Item::in_units(crate::msg!("mcr.line.false_hu"), Some(points_quantity(-points))));
                out.figures = out.figures.with(key::FALSE_HU, true);
            }
            if let Some(&(_, points)) = settled.deductions.iter().find(|(p, _)| *p == i) {
                out.items.push(Item::in_units(crate::msg!("mcr.line.penalty"), Some(points_quantity(-points))));
            }
            out
        })
        .collect();
    let mut warnings: Vec<Warning> = settled
        .false_hu
        .iter()
        .map(|&(p, points)| Warning {
            player: Some(name(p)),
            text: crate::msg!("mcr.warning.false_hu", name = name(p), points = points),
        })
        .collect();
    warnings.extend(settled.deductions.iter().map(|&(p, points)| Warning {
        player: Some(name(p)),
        text: crate::msg!("mcr.warning.penalty", name = name(p), points = points),
    }));
    MancheOutcome {
        rules: ID.to_owned(),
        void: hand.draw,
        players,
        payments: settled
            .payments
            .iter()
            .map(|&(from, to, amount)| PaymentOutcome { from: name(from), to: name(to), amount: amount.unsigned_abs() })
            .collect(),
        // A deduction leaves the offender's score for nobody: it is put on the table and never taken back.
        pot: settled.deductions.iter().map(|&(p, points)| PotPayment { player: name(p), amount: points }).collect(),
        net: hand.players.iter().map(|p| p.name.clone()).zip(nets).collect(),
        penalties: Vec::new(),
        next_dealer: None,
        warnings,
    }
}

fn points_quantity(value: i64) -> Quantity {
    Quantity::new(value, crate::text_id!("mcr.unit.points"))
}

/// A fan's line: its name in the referee's language, in Chinese and in pinyin, and how many times it counts.
pub fn fan_label(fan: Fan, times: u8) -> Message {
    let id = if times > 1 { crate::text_id!("mcr.line.fan_times") } else { crate::text_id!("mcr.line.fan") };
    Message::new(id)
        .arg_message("name", Message::new(fan.name_id()))
        .arg("chinese", fan.chinese())
        .arg("pinyin", fan.pinyin())
        .arg("number", fan.number())
        .arg("times", times)
}

/// The winner's lines, figures and summary.
fn winner(out: &mut PlayerOutcome, paid: &WinnerPaid) {
    for &(fan, times) in &paid.fans {
        let value = i64::from(fan.points()) * i64::from(times);
        out.items
            .push(Item::in_units(fan_label(fan, times), Some(Quantity::new(value, crate::text_id!("mcr.unit.fan")))));
    }
    if paid.flowers > 0 {
        let flowers = i64::from(paid.flowers);
        out.items.push(Item::in_units(
            fan_label(Fan::HuaPai, paid.flowers),
            Some(Quantity::new(flowers, crate::text_id!("mcr.unit.fan"))),
        ));
    }
    if let Some(tiles) = &paid.tiles {
        let (hand, win) = notation(tiles);
        out.arrangement = format!("{hand} + {win}");
    }
    let total = paid.total();
    out.score = total;
    out.figures = Figures::none().with(FANS, total).with("points", paid.points).with("flowers", paid.flowers);
    out.summary = Some(if paid.flowers > 0 {
        crate::msg!(
            "mcr.summary.with_flowers",
            total = total,
            points = paid.points,
            flowers = paid.flowers,
            base = BASE
        )
    } else {
        crate::msg!("mcr.summary.plain", total = total, base = BASE)
    });
}
