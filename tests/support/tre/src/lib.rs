//! "Tre", a ruleset Stecca does not ship, for the tests that prove the ruleset seam: three players a table, no
//! winds and no tiles (a dealer and numbered seats), the winner collecting the stake from each other player
//! (twice the stake with `double`), the winner dealing next, a draw passing the deal. With `carry_draws`, a
//! draw is not free: each player puts the stake on the table, and the next winner collects what is there —
//! the table's pot, carried from hand to hand in a manche field `on_table` that the table fills in.
//!
//! A crate of its own, as a shipped ruleset is: it depends on the seam alone, its build compiles its Fluent files
//! and its `msg!` checks their ids; a test registers [`TRE`] with the registry, one line.

include!(concat!(env!("OUT_DIR"), "/texts.rs"));

use stecca_seam::message::Message;
use stecca_seam::rules::{
    self, Applies, ChoiceOption, EntryModel, Field, FieldKind, Figures, Locales, MancheError, MancheFrame, MancheInput,
    MancheOutcome, PaymentOutcome, PlayerInput, PlayerOutcome, PotPayment, Rotation, SeatModel, SheetFact,
    TunableValue, TypedRuleset, WinFlagInfo, problems::Problems,
};

/// The toy ruleset.
#[derive(Clone, Copy, Debug)]
pub struct Tre;

const DOUBLE: WinFlagInfo = WinFlagInfo { id: "double", label: "tre.flag.double" };
/// Field kinds none of the four shipped rulesets uses: a count typed for every player, and one player picked
/// for the whole manche.
const STICKS: Field =
    Field { key: "sticks", kind: FieldKind::Number, label: "tre.field.sticks", applies: Applies::Everyone, hint: "0" };
const PAYS_ALL: Field = Field {
    key: "pays_all",
    kind: FieldKind::PickPlayer,
    label: "tre.field.pays_all",
    applies: Applies::Everyone,
    hint: "",
};
const ENTRY: EntryModel = EntryModel {
    hand: None,
    mahjong: Some("tre.mah_jong"),
    win_flags: &[DOUBLE],
    fields: &[STICKS, PAYS_ALL],
    void_label: "tre.void",
    points_and_doubles: false,
    dealer_flag: None,
    book: None,
    // The paper sheet notes who paid for all: a column Stecca's own rulesets never draw.
    sheet_facts: &[SheetFact { key: PAYS_ALL.key, title: "tre.sheet.pays_all" }],
    carried: &[rules::CarriedField { key: ON_TABLE, label: "tre.on_table" }],
};
const STAKE: TunableValue = TunableValue { path: "stake", group: "tre.group.stake", label: "tre.tunable.stake" };

/// Tre's options: the stake a winner collects from each other player, and the chips each player starts with.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TreOptions {
    /// Chips at the start of a session.
    pub starting_points: i64,
    /// The stake.
    pub stake: u64,
    /// A draw puts the stake of each player on the table for the next winner: the session's state from hand to
    /// hand.
    pub carry_draws: bool,
}

impl Default for TreOptions {
    fn default() -> Self {
        TreOptions { starting_points: 100, stake: 10, carry_draws: false }
    }
}

/// The manche field that holds the chips on the table when the manche starts, carried from hand to hand.
const ON_TABLE: &str = "on_table";

impl TypedRuleset for Tre {
    type Options = TreOptions;
    type Manche = MancheInput;

    fn id(&self) -> &'static str {
        "tre"
    }
    fn name_id(&self) -> &'static str {
        text_id!("tre.name")
    }
    fn locales(&self) -> Locales {
        Locales { files: crate::texts::FILES, renamed: &[] }
    }
    fn edition(&self, options: &TreOptions) -> Option<Message> {
        Some(msg!("tre.edition", stake = options.stake))
    }
    fn table_size(&self) -> usize {
        3
    }
    fn seat_model(&self) -> SeatModel {
        SeatModel::Dealer
    }
    fn rotation(&self, _options: &TreOptions, outcome: &MancheOutcome) -> Rotation {
        match outcome.players.iter().position(|p| p.mahjong) {
            Some(winner) => Rotation::To(winner),
            None => Rotation::Pass,
        }
    }
    fn deal_always_passes(&self, _options: &TreOptions) -> bool {
        false
    }
    fn carry(&self, options: &TreOptions, from: &rules::CarryFrom<'_>) -> rules::Fields {
        let mut carried = rules::Fields::new();
        if options.carry_draws {
            // What was on the table, and what the manche put on it or took from it.
            let on_table = from.before.map_or(0, |(input, outcome)| {
                let was = input.field::<i64>(ON_TABLE).ok().flatten().unwrap_or(0);
                was + outcome.pot.iter().map(|p| p.amount).sum::<i64>()
            });
            carried.insert(ON_TABLE.into(), on_table.into());
        }
        carried
    }
    fn entry_model(&self) -> &'static EntryModel {
        &ENTRY
    }
    fn check_options(&self, options: &TreOptions) -> Result<(), Message> {
        match options.stake {
            1..=1000 => Ok(()),
            stake => Err(rules::option_errors::in_range("options.stake", 1, 1000, stake)),
        }
    }
    fn read_manche(&self, manche: &MancheInput) -> Result<MancheInput, Problems> {
        Ok(manche.clone())
    }
    fn score(&self, manche: &MancheInput, options: &TreOptions) -> Result<MancheOutcome, Problems> {
        if manche.players.len() != 3 {
            return Err(MancheError::general(msg!("tre.error.three_players")).into());
        }
        if let Some(p) = manche.players.iter().find(|p| p.seat.is_some() || p.hand.is_some()) {
            return Err(MancheError::player(&p.name, msg!("tre.error.no_winds_no_tiles")).into());
        }
        manche.refuse_fields_but(&[PAYS_ALL.key, ON_TABLE], "Tre")?;
        let on_table = manche.field::<u64>(ON_TABLE)?.unwrap_or(0);
        let mut sticks = Vec::with_capacity(3);
        for player in &manche.players {
            player.refuse_fields_but(&[STICKS.key], "Tre")?;
            sticks.push(u64::from(player.field::<u32>(STICKS.key)?.unwrap_or(0)));
        }
        let pays_all = match manche.field::<String>(PAYS_ALL.key)? {
            None => None,
            Some(name) => match manche.players.iter().position(|p| p.name == name) {
                Some(seat) if manche.players[seat].mahjong => {
                    return Err(MancheError::player(&name, msg!("tre.error.winner_pays_nobody")).into());
                }
                Some(seat) => Some(seat),
                None => return Err(MancheError::general(msg!("tre.error.not_at_table")).into()),
            },
        };
        let winners: Vec<usize> = (0..3).filter(|&i| manche.players[i].mahjong).collect();
        let winner = match (manche.void, winners.as_slice()) {
            (true, []) => None,
            (false, [w]) => Some(*w),
            (true, [w, ..]) => {
                let name = &manche.players[*w].name;
                return Err(MancheError::player(name, msg!("tre.error.draw_has_no_winner")).into());
            }
            _ => return Err(MancheError::general(msg!("tre.error.one_winner")).into()),
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
                figures: Figures::none(),
                arrangement: String::new(),
                items: Vec::new(),
                summary: None,
            })
            .collect();
        if let Some(w) = winner {
            let doubled = manche.players[w].win.iter().any(|f| f == "double");
            let value = options.stake * if doubled { 2 } else { 1 };
            players[w].score = i64::try_from(value).unwrap_or(i64::MAX);
            // Each loser owes the stake and a chip per stick it holds; the one who pays for all pays both debts.
            for other in (0..3).filter(|&i| i != w) {
                let amount = value + sticks[other];
                let payer = pays_all.unwrap_or(other);
                payments.push(PaymentOutcome {
                    from: manche.players[payer].name.clone(),
                    to: manche.players[w].name.clone(),
                    amount,
                });
                net[payer] -= amount as i64;
                net[w] += amount as i64;
            }
        }
        let mut pot = Vec::new();
        match winner {
            Some(w) if on_table > 0 => {
                let amount = i64::try_from(on_table).unwrap_or(i64::MAX);
                pot.push(PotPayment { player: manche.players[w].name.clone(), amount: -amount });
                net[w] += amount;
            }
            None if options.carry_draws => {
                let stake = i64::try_from(options.stake).unwrap_or(i64::MAX);
                for (seat, player) in manche.players.iter().enumerate() {
                    pot.push(PotPayment { player: player.name.clone(), amount: stake });
                    net[seat] -= stake;
                }
            }
            _ => {}
        }
        Ok(MancheOutcome {
            rules: "tre".into(),
            void: manche.void,
            players,
            payments,
            pot,
            net: manche.players.iter().map(|p| p.name.clone()).zip(net).collect(),
            penalties: Vec::new(),
            next_dealer: None,
            warnings: Vec::new(),
        })
    }
    fn tunable_values(&self) -> &'static [TunableValue] {
        &[STAKE]
    }
    fn choice_options(&self) -> &'static [ChoiceOption] {
        &[]
    }
    fn random_manche(&self, seed: u64, frame: &MancheFrame, _options: &TreOptions) -> MancheInput {
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
                    win: if i == winner && seed.is_multiple_of(3) { vec!["double".into()] } else { Vec::new() },
                    ..PlayerInput::default()
                })
                .collect(),
            options: serde_json::json!({}),
            fields: rules::Fields::new(),
        }
    }
}

/// The toy ruleset, to register with the registry.
pub static TRE: Tre = Tre;
