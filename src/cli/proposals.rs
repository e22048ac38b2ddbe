//! `stecca proposals list|show|confirm|reject --tournament ID [--id N] [--reason TEXT] [--referee NAME]`: the
//! manches the tables' phones sent, waiting for the referee: the queue, one as sent and as it scores, and the
//! referee confirming one (it becomes the manche) or rejecting it with a reason the table's phone shows.

use super::{open_existing, referee};
use crate::desk::{Desk, DeskError, ProposalState, ProposalView};
use crate::message::{Explain, Message};
use crate::msg;
use crate::rules::MancheOutcome;
use crate::tournament::MancheEntry;

/// Arguments of `stecca proposals`.
#[derive(Debug, clap::Args)]
pub struct ProposalsArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
    /// The tournament's id.
    #[arg(long, global = true)]
    pub tournament: Option<i64>,
    /// The proposal's id (as `list` prints it).
    #[arg(long, global = true)]
    pub id: Option<i64>,
    /// Why the manche is rejected: the table's phone shows it.
    #[arg(long, global = true)]
    pub reason: Option<String>,
    /// Who confirms or rejects, for the audit log (default: the desk's referee).
    #[arg(long, global = true)]
    pub referee: Option<String>,
}

/// The proposals subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Every proposal, the waiting ones first.
    List,
    /// One proposal: the manche as the phone sent it and as it scores.
    Show,
    /// Confirm a proposal: it becomes the manche.
    Confirm,
    /// Reject a proposal with a reason (--reason).
    Reject,
}

/// Runs `stecca proposals`.
pub fn run(db: Option<&str>, args: &ProposalsArgs) -> anyhow::Result<()> {
    let Some(tournament) = args.tournament else { anyhow::bail!(msg!("cli.proposals.give_tournament")) };
    let mut desk = open_existing(db)?;
    desk.tournament(tournament)?;
    let by = args.referee.clone().unwrap_or_else(|| referee(&desk));
    if let Action::List = args.action {
        for view in desk.proposals(tournament)? {
            say!("{}", line(&view));
        }
        return Ok(());
    }
    let Some(id) = args.id else { anyhow::bail!(msg!("cli.proposals.give_id")) };
    match args.action {
        Action::List => {}
        Action::Show => show(&desk, &find(&desk, tournament, id)?)?,
        Action::Confirm => {
            let view = find(&desk, tournament, id)?;
            let (_, outcome) = desk.confirm_proposal(tournament, id, None, &by)?;
            let (session, table) = (view.proposal.session, view.proposal.table);
            say!("{}", msg!("cli.proposals.confirmed", session = session, table = table, n = view.proposal.number));
            nets(&outcome);
        }
        Action::Reject => {
            let reason = args.reason.as_deref().unwrap_or_default();
            desk.reject_proposal(tournament, id, reason, &by)?;
            say!("{}", msg!("cli.proposals.rejected", id = id));
        }
    }
    Ok(())
}

/// The proposal `id` of the tournament, as the queue has it.
fn find(desk: &Desk, tournament: i64, id: i64) -> anyhow::Result<ProposalView> {
    let views = desk.proposals(tournament)?;
    let found = views.into_iter().find(|view| view.proposal.id == id);
    found.ok_or_else(|| anyhow::anyhow!(msg!("error.not_found.proposal")))
}

/// A proposal on one line: its id, table and manche, where it stands, when and from where it came, whether
/// every player gave their PIN, whether the desk has that manche already.
fn line(view: &ProposalView) -> String {
    let p = &view.proposal;
    let mut line = msg!(
        "cli.proposals.line",
        id = p.id,
        session = p.session,
        table = p.table,
        number = p.number,
        sent_at = local_time(&p.sent_at),
        sender = p.sender
    )
    .arg_message("state", state(view))
    .to_string();
    if p.pins_given {
        line.push_str(&format!(" · {}", msg!("cli.proposals.pins_given")));
    }
    if view.entered {
        line.push_str(&format!(" · {}", msg!("cli.proposals.entered")));
    }
    line
}

/// Where a proposal stands, with who decided and why it was rejected.
fn state(view: &ProposalView) -> Message {
    let p = &view.proposal;
    match p.state {
        ProposalState::Waiting => msg!("cli.proposals.waiting"),
        ProposalState::Confirmed => msg!("cli.proposals.state_confirmed", by = p.decided_by),
        ProposalState::Rejected => msg!("cli.proposals.state_rejected", by = p.decided_by, reason = p.reason),
        ProposalState::Withdrawn => msg!("cli.proposals.withdrawn"),
    }
}

/// A stored time (RFC 3339) as the desk's clock reads it, to the minute; as stored when it does not read.
fn local_time(stored: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(stored)
        .map(|t| t.with_timezone(&chrono::Local).format("%Y-%m-%d %H:%M").to_string())
        .unwrap_or_else(|_| stored.to_owned())
}

/// `show`: the proposal's line, the hands as the phone sent them, and the manche as it scores.
fn show(desk: &Desk, view: &ProposalView) -> anyhow::Result<()> {
    say!("{}", line(view));
    say!("{}", msg!("cli.proposals.as_sent"));
    let names = match view.table {
        Some(table) => desk.table_state(table)?.players.into_iter().map(|p| p.name).collect(),
        None => Vec::new(),
    };
    sent(&view.entry, &names);
    say!("{}", msg!("cli.proposals.as_scored"));
    let Some(table) = view.table else {
        say!("  {}", msg!("cli.proposals.no_table"));
        return Ok(());
    };
    match desk.table_state(table)?.preview(view.proposal.number, &view.entry) {
        Ok((_, outcome)) => scored(&outcome),
        Err(errors) => say!("  {}", DeskError::Entry(errors).message()),
    }
    Ok(())
}

/// The hands as typed on the phone, by seat: the hand, Mah Jong and its win flags, the other fields.
fn sent(entry: &MancheEntry, names: &[String]) {
    if entry.void {
        say!("  {}", msg!("entry.void"));
    }
    for (position, hand) in entry.hands.iter().enumerate() {
        let name = names.get(position).map_or("?", String::as_str);
        let mut said = format!("  {name}: {}", hand.text);
        if hand.mahjong {
            said.push_str(format!(" — {}", msg!("cli.proposals.mahjong", flags = hand.win.join(" "))).trim_end());
        }
        for (key, value) in &hand.fields {
            said.push_str(&format!(" · {key}={value}"));
        }
        say!("{said}");
    }
}

/// The manche as it scores: payments, what goes on or off the table, points off results, then each net.
fn scored(outcome: &MancheOutcome) {
    for payment in &outcome.payments {
        say!("  {}", msg!("entry.pays", from = payment.from, to = payment.to, amount = payment.amount));
    }
    for deposit in &outcome.pot {
        let (player, amount) = (&deposit.player, deposit.amount.unsigned_abs());
        let said = if deposit.amount > 0 {
            msg!("entry.puts_on_table", player = player, amount = amount)
        } else {
            msg!("entry.collects_from_table", player = player, amount = amount)
        };
        say!("  {said}");
    }
    for penalty in &outcome.penalties {
        say!("  {}", msg!("entry.off_result", player = penalty.player, points = penalty.points));
    }
    for warning in &outcome.warnings {
        say!("  {}", warning.text);
    }
    nets(outcome);
}

/// Each player's net, in seat order.
fn nets(outcome: &MancheOutcome) {
    for (name, net) in &outcome.net {
        say!("  {name}: {net:+}");
    }
}
