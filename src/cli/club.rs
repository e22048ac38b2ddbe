//! `stecca club …`: the treasurer's whole flow for scripts — create a club, add members, open an evening with
//! its tables, enter chip counts (or the manches with `stecca enter` on the evening's tournament), close it,
//! record cash and corrections, read balances, settle up (and mark it paid), export the ledger, receipts and
//! the statement. Amounts are typed as on a receipt ("12,50" or "12.50" euro).

use std::path::PathBuf;

use anyhow::{Context, bail};
use chrono::NaiveDate;
use serde_json::{Value, json};

use super::{open_existing, referee};
use crate::desk::{Cash, Desk, Party, Scope};
use crate::export::club::{ReceiptScope, ledger_csv};
use crate::export::pdf;
use crate::i18n::Lang;
use crate::ledger::{ChipValue, ClubSettings, EntryKind, MemberData, parse_cents};
use crate::msg;
use crate::tournament::Id;

/// Arguments of `stecca club`.
#[derive(Debug, clap::Args)]
pub struct ClubArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// What a receipt, the statement or the ledger export writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Sheet {
    /// Every ledger entry as CSV.
    Ledger,
    /// The club's statement (PDF).
    Statement,
    /// A member's receipt for an evening or a period (PDF).
    Receipt,
}

/// The club subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Create a club (and the database if there is none yet); prints its id.
    New {
        /// Its name.
        #[arg(long)]
        name: String,
        /// The ruleset its evenings are played by (the default one when absent).
        #[arg(long)]
        rules: Option<String>,
        /// What one chip is worth in euro cents ("0.5": half a cent).
        #[arg(long)]
        chip_value: String,
        /// The table fee each member pays for an evening, in euro ("2,00").
        #[arg(long, default_value = "0")]
        fee: String,
        /// Chips each seat starts with.
        #[arg(long)]
        starting_chips: i64,
        /// Settle-ups avoid transfers under this amount in euro ("1,00") where as few transfers allow it.
        #[arg(long, default_value = "0")]
        avoid_under: String,
    },
    /// Change the amount in euro under which settle-ups avoid transfers ("0" for no preference).
    AvoidUnder {
        /// The club's id.
        #[arg(long)]
        club: Id,
        /// The amount ("1,00").
        amount: String,
    },
    /// List the clubs with their ids.
    List,
    /// Add a member; prints the member's id.
    AddMember {
        /// The club's id.
        #[arg(long)]
        club: Id,
        /// Full name.
        #[arg(long)]
        name: String,
        /// Member number.
        #[arg(long, default_value = "")]
        number: String,
    },
    /// Open an evening: one --table per table, member names in seat order separated by commas (a name that
    /// holds a comma in double quotes, as in a CSV line). Prints the evening's id and its tournament's id (for
    /// `stecca enter`).
    Evening {
        /// The club's id.
        #[arg(long)]
        club: Id,
        /// The day (YYYY-MM-DD).
        #[arg(long)]
        date: NaiveDate,
        /// A table's members in seat order ("Anna,Bruno,Carla,Dario"; '"Rossi, Mario",Bruno,Carla,Dario').
        #[arg(long = "table", required = true)]
        tables: Vec<String>,
    },
    /// Enter a table's final chip counts in seat order; refused with the difference when they do not add up.
    Chips {
        /// The evening's id.
        #[arg(long)]
        evening: Id,
        /// The table's number.
        #[arg(long)]
        table: u32,
        /// The counts, one per seat.
        #[arg(required = true)]
        counts: Vec<i64>,
    },
    /// Close an evening: each member's result and table fee go to the ledger (once).
    Close {
        /// The evening's id.
        #[arg(long)]
        evening: Id,
    },
    /// Record cash a member paid in (--in) or was paid out (--out).
    Cash {
        /// The club's id.
        #[arg(long)]
        club: Id,
        /// The member's name.
        #[arg(long)]
        member: String,
        /// The member paid the club this amount.
        #[arg(long = "in", conflicts_with = "paid_out", required_unless_present = "paid_out")]
        paid_in: Option<String>,
        /// The club paid the member this amount.
        #[arg(long = "out")]
        paid_out: Option<String>,
        /// How ("contanti", "bonifico").
        #[arg(long, default_value = "")]
        method: String,
        /// A note.
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Correct a ledger entry with a new one (signed amount to add to the member's balance) and the reason.
    Correct {
        /// The club's id.
        #[arg(long)]
        club: Id,
        /// The entry corrected (its number in the ledger CSV).
        #[arg(long)]
        entry: Id,
        /// The amount to add, e.g. "-3,00".
        #[arg(long, allow_hyphen_values = true)]
        amount: String,
        /// Why.
        #[arg(long)]
        reason: String,
    },
    /// Every member's balance and the kitty's, in cents, as JSON.
    Balances {
        /// The club's id.
        #[arg(long)]
        club: Id,
    },
    /// Propose the fewest transfers (or each member with the kitty) for an evening or for everyone now, as
    /// JSON; with --pay, record them as paid.
    Settle {
        /// The club's id.
        #[arg(long)]
        club: Id,
        /// Settle only this evening's results and fees.
        #[arg(long)]
        evening: Option<Id>,
        /// Everyone settles with the club's kitty.
        #[arg(long)]
        kitty: bool,
        /// Record every proposed transfer as paid.
        #[arg(long)]
        pay: bool,
        /// How they were paid (with --pay).
        #[arg(long, default_value = "")]
        method: String,
    },
    /// Write the ledger (CSV), the club's statement (PDF) or a member's receipt (PDF).
    Export {
        /// The club's id.
        #[arg(long)]
        club: Id,
        /// What to write.
        #[arg(long, value_enum)]
        what: Sheet,
        /// Where.
        #[arg(long)]
        out: PathBuf,
        /// The member of a receipt.
        #[arg(long)]
        member: Option<String>,
        /// A receipt of one evening.
        #[arg(long)]
        evening: Option<Id>,
        /// A receipt of a period: first day.
        #[arg(long)]
        from: Option<NaiveDate>,
        /// A receipt of a period: last day.
        #[arg(long)]
        to: Option<NaiveDate>,
        /// The ledger's CSV separator: `,` (amounts with a decimal point) or `;` (decimal comma).
        #[arg(long, default_value = ",", value_parser = super::export::separator)]
        sep: crate::export::csv::Separator,
    },
}

/// Runs `stecca club`.
pub fn run(db: Option<&str>, args: &ClubArgs, lang: Option<Lang>) -> anyhow::Result<()> {
    if let Action::New { name, rules, chip_value, fee, starting_chips, avoid_under } = &args.action {
        let settings = ClubSettings {
            name: name.clone(),
            rules: rules.clone().unwrap_or_else(|| crate::rules::default_ruleset().id().to_owned()),
            chip_value: ChipValue::parse(chip_value).context("--chip-value")?,
            table_fee: parse_cents(fee).context("--fee")?,
            starting_chips: *starting_chips,
            avoid_under: parse_cents(avoid_under).context("--avoid-under")?,
        };
        // Checked before the database is opened (or created): a bad command leaves no file behind.
        if let Some(problem) = settings.problem() {
            bail!("{problem}");
        }
        let mut desk = super::open_desk(db)?;
        say!("{}", desk.create_club(&settings)?);
        return Ok(());
    }
    let mut desk = open_existing(db)?;
    let by = referee(&desk);
    match &args.action {
        Action::New { .. } => Ok(()),
        Action::List => {
            for club in desk.clubs()? {
                say!("{}\t{}\t{}", club.id, club.settings.name, club.settings.rules);
            }
            Ok(())
        }
        Action::AvoidUnder { club, amount } => {
            desk.set_avoid_under(*club, parse_cents(amount).context("AMOUNT")?)?;
            Ok(())
        }
        Action::AddMember { club, name, number } => {
            let data = MemberData { name: name.clone(), number: number.clone(), ..MemberData::default() };
            say!("{}", desk.add_member(*club, &data)?);
            Ok(())
        }
        Action::Evening { club, date, tables } => {
            let tables = tables
                .iter()
                .map(|table| table_names(table)?.iter().map(|name| member_id(&desk, *club, name)).collect())
                .collect::<anyhow::Result<Vec<Vec<Id>>>>()?;
            let evening = desk.open_evening(*club, *date, &tables, &by)?;
            let tournament = desk.evening(evening)?.tournament_id;
            say!("{}", json!({"evening": evening, "tournament": tournament}));
            Ok(())
        }
        Action::Chips { evening, table, counts } => {
            let view = desk.evening_view(*evening)?;
            let Some(found) = view.tables.iter().find(|t| t.number == *table) else {
                bail!(msg!("cli.evening_tables", table = table, last = view.tables.len()));
            };
            desk.enter_chip_counts(*evening, found.id, counts)?;
            say!("{}", msg!("cli.chips_saved", table = table));
            Ok(())
        }
        Action::Close { evening } => {
            let entries = desk.close_evening(*evening, &by)?;
            let club = desk.evening(*evening)?.club_id;
            let names = names(&desk, club)?;
            let posted: Vec<Value> = entries
                .iter()
                .map(|e| json!({"member": names(e.member), "kind": e.kind.code(), "amount": e.amount}))
                .collect();
            say!("{}", json!({ "entries": posted }));
            Ok(())
        }
        Action::Cash { club, member, paid_in, paid_out, method, note } => {
            let (kind, text) = match (paid_in, paid_out) {
                (Some(amount), _) => (EntryKind::CashIn, amount),
                (None, Some(amount)) => (EntryKind::CashOut, amount),
                (None, None) => bail!(msg!("cli.give_cash")),
            };
            let amount = parse_cents(text).context(if kind == EntryKind::CashIn { "--in" } else { "--out" })?;
            let member = member_id(&desk, *club, member)?;
            let cash = Cash { member, kind, amount, method: method.clone(), note: note.clone() };
            say!("{}", desk.record_cash(*club, &cash, &by)?);
            Ok(())
        }
        Action::Correct { club, entry, amount, reason } => {
            let amount = parse_cents(amount).context("--amount")?;
            say!("{}", desk.correct_entry(*club, *entry, amount, reason, &by)?);
            Ok(())
        }
        Action::Balances { club } => {
            let balances = desk.balances(*club)?;
            let members: serde_json::Map<String, Value> =
                balances.members.iter().map(|b| (b.member.data.name.clone(), json!(b.balance))).collect();
            say!("{}", json!({"members": members, "kitty": balances.kitty}));
            Ok(())
        }
        Action::Settle { club, evening, kitty, pay, method } => {
            let scope = evening.map_or(Scope::Now, Scope::Evening);
            let plan = desk.settle_up(*club, scope, *kitty)?;
            if *pay {
                desk.mark_all_paid(*club, scope, &plan.transfers, method, &by)?;
            }
            let party = |p: &Party| p.name(Lang::ENGLISH);
            let transfers: Vec<Value> = plan
                .transfers
                .iter()
                .map(|t| json!({"from": party(&t.from), "to": party(&t.to), "amount": t.amount}))
                .collect();
            let count = transfers.len();
            say!(
                "{}",
                json!({"transfers": transfers, "count": count, "lower_bound": plan.lower_bound,
                       "optimal": plan.optimal, "paid": *pay})
            );
            Ok(())
        }
        Action::Export { club, what, out, member, evening, from, to, sep } => {
            let lang = super::export::sheet_lang(&desk, lang)?;
            let book = desk.club_book(*club)?;
            let bytes = match what {
                Sheet::Ledger => ledger_csv(&book, *sep)?,
                Sheet::Statement => pdf::club::statement(&book, chrono::Local::now().date_naive(), lang)?,
                Sheet::Receipt => {
                    let Some(name) = member else { bail!(msg!("cli.receipt_member")) };
                    let member = member_id(&desk, *club, name)?;
                    let scope = match (evening, from, to) {
                        (Some(evening), None, None) => ReceiptScope::Evening(*evening),
                        (None, Some(from), Some(to)) if from <= to => ReceiptScope::Period { from: *from, to: *to },
                        _ => bail!(msg!("cli.receipt_scope")),
                    };
                    pdf::club::receipt(&book, member, scope, lang)?
                }
            };
            desk.write_export(out, &bytes)?;
            say!("{}", msg!("cli.written", path = out.display(), bytes = bytes.len()));
            Ok(())
        }
    }
}

/// The id of the club's member called `name`.
fn member_id(desk: &Desk, club: Id, name: &str) -> anyhow::Result<Id> {
    let name = name.trim();
    let members = desk.members(club)?;
    members
        .iter()
        .find(|m| m.data.name == name)
        .map(|m| m.id)
        .with_context(|| msg!("cli.not_a_member", name = name, club = club, members = members.len()))
}

/// The club's member names by id.
fn names(desk: &Desk, club: Id) -> anyhow::Result<impl Fn(Id) -> String> {
    let members = desk.members(club)?;
    Ok(move |id: Id| members.iter().find(|m| m.id == id).map(|m| m.data.name.clone()).unwrap_or_default())
}

/// The member names of one `--table`: separated by commas, read as one CSV line so that a name holding a comma
/// is given in double quotes (`"Rossi, Mario",Bruno`).
fn table_names(table: &str) -> anyhow::Result<Vec<String>> {
    let mut reader =
        ::csv::ReaderBuilder::new().has_headers(false).trim(::csv::Trim::All).from_reader(table.as_bytes());
    let record = match reader.records().next() {
        Some(record) => record.map_err(|e| anyhow::anyhow!("--table {table}: {e}"))?,
        None => bail!(msg!("cli.table_no_member")),
    };
    Ok(record.iter().map(str::to_owned).collect())
}
