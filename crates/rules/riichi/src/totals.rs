//! A game reported by its totals, as most EMA tournaments report: each player's final score and chombo count.
//! Checked: the four scores and the deposits left on the table (whole thousands) make the start total. The
//! game's result is its final score less the start; the deposits left go to the first-placed (equal firsts
//! split them) when the tournament says so; each chombo costs the chombo points off the tournament result.

use stecca_seam::rng::Rng;
use stecca_seam::rules::problems::Problems;
use stecca_seam::rules::{
    Applies, Field, FieldKind, Figures, MancheError, MancheFrame, MancheInput, MancheOutcome, OffTablePenalty,
    PlayerInput, PlayerOutcome, PotPayment,
};

use super::manche::ID;
use super::options::{Chombo, LeftoverPot, RiichiOptions};
use super::settle::DEPOSIT;

/// A player's final score (a text: it may be negative).
pub const FINAL_SCORE: &str = "final_score";
/// A player's chombo count.
pub const CHOMBOS: &str = "chombos";

/// What a referee types for a game reported by its totals.
pub static ENTRY: stecca_seam::rules::EntryModel = stecca_seam::rules::EntryModel {
    hand: None,
    mahjong: None,
    win_flags: &[],
    fields: &[
        Field {
            key: FINAL_SCORE,
            kind: FieldKind::Text,
            label: crate::text_id!("riichi.field.final_score"),
            applies: Applies::Everyone,
            hint: "32400",
        },
        Field {
            key: CHOMBOS,
            kind: FieldKind::Number,
            label: crate::text_id!("riichi.field.chombos"),
            applies: Applies::Everyone,
            hint: "0",
        },
    ],
    void_label: crate::text_id!("riichi.draw"),
    points_and_doubles: false,
    dealer_flag: None,
    book: None,
    sheet_facts: &[],
    carried: &[],
};

/// One player's totals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Name.
    pub name: String,
    /// Final score.
    pub score: i64,
    /// Chombos.
    pub chombos: u32,
}

/// Whether the input is a game's totals (a player carries a final score).
pub fn is_totals(input: &MancheInput) -> bool {
    input.players.iter().any(|p| p.fields.contains_key(FINAL_SCORE))
}

/// Reads the totals; every problem, one per player.
pub fn read(input: &MancheInput) -> Result<Vec<Line>, Problems> {
    let mut found = Problems::default();
    found.check(input.refuse_fields_but(&[], "Riichi"));
    let mut lines = Vec::with_capacity(input.players.len());
    for player in &input.players {
        match line(player) {
            Ok(line) => lines.push(line),
            Err(error) => found.push(error),
        }
    }
    if found.is_empty() { Ok(lines) } else { Err(found) }
}

fn line(player: &PlayerInput) -> Result<Line, MancheError> {
    let refuse = |why| MancheError::player(&player.name, why);
    player.refuse_fields_but(&[FINAL_SCORE, CHOMBOS], "Riichi")?;
    if player.mahjong || player.hand.is_some() || !player.win.is_empty() {
        return Err(refuse(crate::msg!("riichi.error.totals_only")));
    }
    let score = match player.fields.get(FINAL_SCORE) {
        Some(serde_json::Value::Number(n)) => n.as_i64(),
        Some(serde_json::Value::String(text)) => parse_score(text),
        _ => None,
    };
    let Some(score) = score else {
        let text = player.fields.get(FINAL_SCORE).map(ToString::to_string).unwrap_or_default();
        return Err(refuse(crate::msg!("riichi.error.final_score", text = text)));
    };
    if score % 100 != 0 || score.abs() > 1_000_000 {
        return Err(refuse(crate::msg!("riichi.error.final_score_hundreds", score = score)));
    }
    let chombos = player.field::<u32>(CHOMBOS)?.unwrap_or(0);
    if chombos > 9 {
        return Err(refuse(crate::msg!("riichi.error.chombos", n = chombos)));
    }
    Ok(Line { name: player.name.clone(), score, chombos })
}

/// A score as a score sheet writes it: digits with a leading minus, thousands apart with `.`, `,` or a space.
fn parse_score(text: &str) -> Option<i64> {
    let digits: String = text.trim().chars().filter(|c| !matches!(c, '.' | ',' | ' ' | '\u{a0}')).collect();
    digits.parse().ok()
}

/// Checks that the totals add up and makes the game's outcome.
pub fn score(lines: &[Line], options: &RiichiOptions) -> Result<MancheOutcome, Problems> {
    if lines.len() != 4 {
        return Err(MancheError::general(crate::msg!("riichi.error.four_players", n = lines.len())).into());
    }
    let start = options.starting_points * 4;
    let sum: i64 = lines.iter().map(|l| l.score).sum();
    let left = start - sum;
    if left < 0 || left % DEPOSIT != 0 {
        return Err(MancheError::general(crate::msg!("riichi.error.totals_sum", sum = sum, start = start)).into());
    }
    if options.chombo == Chombo::Table
        && let Some(line) = lines.iter().find(|l| l.chombos > 0)
    {
        let why = crate::msg!("riichi.error.chombos_at_table");
        return Err(MancheError::player(&line.name, why).into());
    }
    let mut net: Vec<i64> = lines.iter().map(|l| l.score - options.starting_points).collect();
    let mut pot = Vec::new();
    if left > 0 && options.leftover_pot == LeftoverPot::First {
        let top = lines.iter().map(|l| l.score).max().unwrap_or(0);
        let first: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].score == top).collect();
        let share = left / first.len().max(1) as i64;
        for &i in &first {
            net[i] += share;
            pot.push(PotPayment { player: lines[i].name.clone(), amount: -share });
        }
    }
    let players = lines
        .iter()
        .map(|l| PlayerOutcome {
            name: l.name.clone(),
            seat: None,
            mahjong: false,
            score: l.score,
            figures: Figures::none().with(FINAL_SCORE, l.score),
            arrangement: String::new(),
            items: Vec::new(),
            summary: None,
        })
        .collect();
    let penalties = lines
        .iter()
        .filter(|l| l.chombos > 0)
        .map(|l| OffTablePenalty {
            player: l.name.clone(),
            points: i64::from(l.chombos) * i64::from(options.chombo_points),
        })
        .collect();
    Ok(MancheOutcome {
        rules: ID.to_owned(),
        void: false,
        players,
        payments: Vec::new(),
        pot,
        net: lines.iter().map(|l| l.name.clone()).zip(net).collect(),
        penalties,
        next_dealer: None,
        warnings: Vec::new(),
    })
}

/// Random final scores in hundreds that add up to the start total, for demo tournaments.
pub fn random(seed: u64, frame: &MancheFrame, options: &RiichiOptions) -> MancheInput {
    let mut rng = Rng::new(seed);
    let n = frame.names.len();
    let mut scores = vec![options.starting_points; n];
    for _ in 0..12 {
        let (from, to) = (rng.below(n.max(1)), rng.below(n.max(1)));
        let amount = 100 * (1 + rng.below(120)) as i64;
        scores[from] -= amount;
        scores[to] += amount;
    }
    let players = frame
        .names
        .iter()
        .zip(&scores)
        .map(|(name, score)| {
            PlayerInput { name: name.clone(), ..PlayerInput::default() }.with(FINAL_SCORE, score.to_string())
        })
        .collect();
    MancheInput {
        rules: ID.to_owned(),
        round_wind: None,
        void: false,
        players,
        options: serde_json::json!({}),
        fields: stecca_seam::rules::Fields::new(),
    }
}
