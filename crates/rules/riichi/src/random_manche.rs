//! Random valid hands for demo tournaments and tests: mostly wins (tsumo or ron, every yaku family, riichi,
//! dora), sometimes an exhaustive draw with random tenpai declarations. The same seed gives the same hand.

use stecca_seam::rng::Rng;
use stecca_seam::rules::{Fields, MancheFrame, MancheInput, PlayerInput};
use stecca_seam::tiles::Wind;

use super::evaluate::evaluate;
use super::input::{RiichiKind, Win};
use super::manche::{flag, key};
use super::options::RiichiOptions;
use super::parse::notation;
use super::random::random_win;

/// A random valid hand at `frame` (its round wind, its dealer).
pub fn random_manche(seed: u64, frame: &MancheFrame, options: &RiichiOptions) -> MancheInput {
    let mut rng = Rng::new(seed);
    let round = frame.round_wind.unwrap_or(Wind::East);
    let mut players: Vec<PlayerInput> = frame
        .names
        .iter()
        .enumerate()
        .map(|(position, name)| PlayerInput {
            name: name.clone(),
            seat: Some(frame.seat_wind(position)),
            ..PlayerInput::default()
        })
        .collect();
    let mut fields = Fields::new();
    let draw = rng.chance(18);
    if draw || players.len() != 4 {
        for player in &mut players {
            let tenpai = rng.chance(40);
            *player = std::mem::take(player).with(key::TENPAI, tenpai).with(key::RIICHI, tenpai && rng.chance(30));
        }
        return MancheInput {
            rules: super::manche::ID.to_owned(),
            round_wind: Some(round),
            void: true,
            players,
            options: serde_json::json!({}),
            fields,
        };
    }
    // A random win that scores as it is under these options, at this table's round.
    let evaluator = options.evaluator();
    let (hand, situation) = loop {
        let mut win = random_win(&mut rng);
        win.situation.round = round;
        win.situation.honba = 0;
        win.situation.deposits = 0;
        let red = win.hand.red_fives.iter().any(|&r| r > 0);
        if !red && evaluate(&win.hand, &win.situation, &evaluator).is_ok() {
            break (win.hand, win.situation);
        }
    };
    let seats = players.len();
    let position = |wind: Wind| (0..seats).find(|&p| frame.seat_wind(p) == wind).unwrap_or(0);
    let winner = position(situation.seat);
    let mut flags = Vec::new();
    let mut set = |on: bool, name: &str| {
        if on {
            flags.push(name.to_owned());
        }
    };
    set(situation.win == Win::Tsumo, flag::SELF_DRAWN);
    set(situation.ippatsu, flag::IPPATSU);
    set(situation.riichi == RiichiKind::Double, flag::DOUBLE_RIICHI);
    set(situation.haitei, flag::LAST_WALL_TILE);
    set(situation.houtei, flag::LAST_DISCARD);
    set(situation.chankan, flag::ROBBING_KONG);
    set(situation.rinshan, flag::KONG_REPLACEMENT);
    set(situation.tenhou || situation.chiihou, flag::DEALT_HAND);
    let (text, win_tile) = notation(&hand);
    let riichi = situation.riichi != RiichiKind::None;
    players[winner] = std::mem::take(&mut players[winner]).with(key::WINNING_TILE, win_tile).with(key::RIICHI, riichi);
    players[winner].hand = Some(text);
    players[winner].mahjong = true;
    players[winner].win = flags;
    if let Win::Ron { discarder } = situation.win {
        let discarder = position(discarder);
        players[discarder] = std::mem::take(&mut players[discarder]).with(key::DISCARDER, true);
    }
    let tiles =
        |indicators: &[stecca_seam::tiles::Tile]| indicators.iter().map(ToString::to_string).collect::<Vec<_>>();
    if !situation.dora_indicators.is_empty() {
        fields.insert(key::DORA.into(), tiles(&situation.dora_indicators).into());
    }
    if !situation.ura_indicators.is_empty() {
        fields.insert(key::URA_DORA.into(), tiles(&situation.ura_indicators).into());
    }
    MancheInput {
        rules: super::manche::ID.to_owned(),
        round_wind: Some(round),
        void: false,
        players,
        options: serde_json::json!({}),
        fields,
    }
}
