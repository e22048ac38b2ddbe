//! "Tre", a ruleset Stecca does not ship, for the tests that prove the ruleset seam: three players a table, no
//! winds and no tiles (a dealer and numbered seats), the winner collecting the stake from each other player
//! (twice the stake with `double`), the winner dealing next, a draw passing the deal. Register it with
//! [`register`] before use.

use stecca::rules::{
    self, ChoiceOption, EntryModel, MancheError, MancheFrame, MancheInput, MancheOutcome, PaymentOutcome, PlayerInput,
    PlayerOutcome, Rotation, Ruleset, SeatModel, TunableValue, WinFlagInfo,
};

/// Makes "tre" known to this test process.
pub fn register() {
    rules::register(&TRE);
}

/// The toy ruleset.
pub struct Tre;

const DOUBLE: WinFlagInfo = WinFlagInfo { id: "double", label_it: "Doppio", label_en: "Double" };
const ENTRY: EntryModel = EntryModel {
    tile_hand: false,
    win_flags: &[DOUBLE],
    dead_hands: &[],
    winning_tile: false,
    max_winners: 1,
    void_label: ("Patta", "Draw"),
    points_and_doubles: false,
    card_value: false,
    discarder: false,
    captured_cards: false,
};
const STAKE: TunableValue =
    TunableValue { path: "stake", group_it: "Posta", group_en: "Stake", label_it: "Posta", label_en: "Stake" };

fn stake(options: &serde_json::Value) -> u64 {
    rules::effective_options("tre", options).get("stake").and_then(serde_json::Value::as_u64).unwrap_or(10)
}

impl Ruleset for Tre {
    fn id(&self) -> &'static str {
        "tre"
    }
    fn name(&self) -> &'static str {
        "Tre (test)"
    }
    fn edition(&self, options: &serde_json::Value) -> (String, String) {
        (format!("posta {}", stake(options)), format!("stake {}", stake(options)))
    }
    fn table_size(&self) -> usize {
        3
    }
    fn seat_model(&self) -> SeatModel {
        SeatModel::Dealer
    }
    fn rotation(&self, _options: &serde_json::Value, outcome: &MancheOutcome) -> Rotation {
        match outcome.players.iter().position(|p| p.mahjong) {
            Some(winner) => Rotation::To(winner),
            None => Rotation::Pass,
        }
    }
    fn deal_always_passes(&self, _options: &serde_json::Value) -> bool {
        false
    }
    fn entry_model(&self) -> &'static EntryModel {
        &ENTRY
    }
    fn default_options(&self) -> serde_json::Value {
        serde_json::json!({"starting_points": 100, "stake": 10})
    }
    fn check_options(&self, options: &serde_json::Value) -> Result<(), MancheError> {
        let Some(map) = options.as_object() else {
            return Err(MancheError::general("options: not an object", "options: non è un oggetto"));
        };
        for (key, value) in map {
            if !["starting_points", "stake"].contains(&key.as_str()) || !value.is_u64() {
                return Err(MancheError::general(
                    format!("options.{key}: refused"),
                    format!("options.{key}: rifiutato"),
                ));
            }
        }
        Ok(())
    }
    fn score(&self, manche: &MancheInput) -> Result<MancheOutcome, MancheError> {
        self.check_options(&manche.options)?;
        if manche.players.len() != 3 {
            return Err(MancheError::general("Tre needs 3 players", "Tre vuole 3 giocatori"));
        }
        if let Some(p) = manche.players.iter().find(|p| p.seat.is_some() || p.hand.is_some()) {
            return Err(MancheError::player(&p.name, "Tre has no winds and no tiles", "Tre non ha venti né tessere"));
        }
        let winners: Vec<usize> = (0..3).filter(|&i| manche.players[i].mahjong).collect();
        let winner = match (manche.void, winners.as_slice()) {
            (true, []) => None,
            (false, [w]) => Some(*w),
            (true, [w, ..]) => {
                let name = &manche.players[*w].name;
                return Err(MancheError::player(name, "a draw has no winner", "una patta non ha vincitori"));
            }
            _ => return Err(MancheError::general("exactly one winner", "un solo vincitore")),
        };
        let mut payments = Vec::new();
        let mut net = vec![0i64; 3];
        let mut players: Vec<PlayerOutcome> = manche
            .players
            .iter()
            .map(|p| PlayerOutcome {
                name: p.name.clone(),
                seat: None,
                mahjong: p.mahjong,
                score: 0,
                stick_points: 0,
                doubles: 0,
                limit: None,
                arrangement: String::new(),
                items: Vec::new(),
            })
            .collect();
        if let Some(w) = winner {
            let doubled = manche.players[w].win.iter().any(|f| f == "double");
            let value = stake(&manche.options) * if doubled { 2 } else { 1 };
            players[w].score = i64::try_from(value).unwrap_or(i64::MAX);
            for other in (0..3).filter(|&i| i != w) {
                payments.push(PaymentOutcome {
                    from: manche.players[other].name.clone(),
                    to: manche.players[w].name.clone(),
                    amount: value,
                });
                net[other] -= value as i64;
                net[w] += value as i64;
            }
        }
        Ok(MancheOutcome {
            rules: "tre".into(),
            void: manche.void,
            players,
            payments,
            net: manche.players.iter().map(|p| p.name.clone()).zip(net).collect(),
            next_oya: None,
            warnings: Vec::new(),
        })
    }
    fn tunable_values(&self) -> &'static [TunableValue] {
        &[STAKE]
    }
    fn choice_options(&self) -> &'static [ChoiceOption] {
        &[]
    }
    fn random_manche(&self, seed: u64, frame: &MancheFrame, options: &serde_json::Value) -> MancheInput {
        let winner = (seed % 4) as usize;
        MancheInput {
            rules: "tre".into(),
            round_wind: None,
            void: winner == 3,
            players: frame
                .names
                .iter()
                .enumerate()
                .map(|(i, name)| PlayerInput {
                    name: name.clone(),
                    seat: None,
                    hand: None,
                    mahjong: i == winner,
                    win: if i == winner && seed % 3 == 0 { vec!["double".into()] } else { Vec::new() },
                    ..PlayerInput::default()
                })
                .collect(),
            bettor: None,
            tegarasu_sanjuu: None,
            options: options.clone(),
        }
    }
}

static TRE: Tre = Tre;
