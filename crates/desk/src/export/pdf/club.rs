//! The treasurer's sheets: a member's receipt for an evening or a period, and the club's statement (every
//! member's totals and balance, the kitty, and totals that add up to zero). "Pagina 1 di 2" on every page.

use super::writer::{BOTTOM, FontError, MARGIN, PAGE_W, Weight, Writer};
use super::{BODY, Col, ROW, row, table_header};
use crate::export::club::{ClubBook, ReceiptScope, Totals};
use crate::i18n::Lang;
use crate::ledger::{Cents, EntryKind, format_cents};
use crate::msg;
use crate::store::LedgerEntry;
use crate::text_id;
use crate::tournament::Id;

/// Club name, its ruleset and money settings, the sheet's title and a subtitle; leaves the cursor under them.
fn heading(w: &mut Writer, book: &ClubBook, lang: Lang, title: &str, subtitle: &str) {
    let settings = &book.club.settings;
    let width = PAGE_W - 2.0 * MARGIN;
    let (name, size) = w.fit_sized(&settings.name, width, 15.0, Weight::Bold);
    let y = w.y;
    w.text(MARGIN, y, size, Weight::Bold, &name);
    let line = w.fit(&settings.summary(lang), width, BODY, Weight::Regular);
    w.text(MARGIN, y - 6.0, BODY, Weight::Regular, &line);
    let (title, title_size) = w.fit_sized(title, width, 12.0, Weight::Bold);
    w.text(MARGIN, y - 13.0, title_size, Weight::Bold, &title);
    let subtitle = w.fit(subtitle, width, BODY, Weight::Regular);
    w.text(MARGIN, y - 19.0, BODY, Weight::Regular, &subtitle);
    w.line((MARGIN, y - 21.5), (PAGE_W - MARGIN, y - 21.5), 0.8, 0.0);
    w.y = y - 27.0;
}

/// What an entry is, for people: its kind and what it says (method, the other member, the entry corrected,
/// the note).
pub fn describe(book: &ClubBook, entry: &LedgerEntry, lang: Lang) -> String {
    let e = &entry.entry;
    let mut text = e.kind.label().render(lang);
    let other = e.counterpart.and_then(|id| book.member(id)).map(|m| m.data.name.clone());
    match (e.kind, other) {
        (EntryKind::Transfer, Some(name)) if e.amount > 0 => {
            text = msg!("club.transfer_to", name = name).render(lang);
        }
        (EntryKind::Transfer, Some(name)) => text = msg!("club.transfer_from", name = name).render(lang),
        _ => {}
    }
    if let Some(corrected) = e.corrects {
        text.push_str(&format!(" n. {corrected}"));
    }
    // An evening's result says what the member played to: the chips counted and those won or lost.
    if e.kind == EntryKind::Result
        && let Some((counted, result)) = e.evening.and_then(|evening| book.chips.get(&(evening, e.member)))
    {
        let chips = match counted {
            Some(count) => msg!("club.chips_counted", count = count, result = format!("{result:+}")),
            None => msg!("club.chips_won", result = format!("{result:+}")),
        };
        text.push_str(" · ");
        text.push_str(&chips.render(lang));
    }
    for extra in [&e.method, &e.note] {
        if !extra.is_empty() {
            text.push_str(" · ");
            text.push_str(extra);
        }
    }
    text
}

/// Whether the club owes the member, the member owes, or they are even.
fn standing(balance: Cents, lang: Lang) -> String {
    lang.tr(match balance.signum() {
        1 => "club.in_credit",
        -1 => "club.in_debt",
        _ => "club.even",
    })
}

fn scope_line(book: &ClubBook, scope: ReceiptScope, lang: Lang) -> String {
    match scope {
        ReceiptScope::Evening(id) => {
            let date = book.evening(id).map(|e| e.date.to_string()).unwrap_or_default();
            msg!("club.evening_of", date = date).render(lang)
        }
        ReceiptScope::Period { from, to } => msg!("club.period", from = from, to = to).render(lang),
    }
}

/// A member's receipt: the balance before, each entry with the running balance, the totals by kind and the
/// balance after, with who owes whom.
pub fn receipt(book: &ClubBook, member: Id, scope: ReceiptScope, lang: Lang) -> Result<Vec<u8>, FontError> {
    let name = book.member(member).map(|m| m.data.clone()).unwrap_or_default();
    let title = if name.number.is_empty() {
        msg!("club.receipt_title", name = name.name).render(lang)
    } else {
        msg!("club.receipt_title_number", name = name.name, number = name.number).render(lang)
    };
    let subtitle = scope_line(book, scope, lang);
    let mut w = Writer::new(&format!("{} — {title}", book.club.settings.name), lang)?;
    let (before, lines, after) = book.receipt(member, scope);
    let cols = [
        Col { x: MARGIN, w: 24.0, right: false },
        Col { x: MARGIN + 24.0, w: 106.0, right: false },
        Col { x: MARGIN + 130.0, w: 25.0, right: true },
        Col { x: MARGIN + 155.0, w: 25.0, right: true },
    ];
    let titles = [
        lang.tr(text_id!("club.date")),
        lang.tr(text_id!("club.entry")),
        lang.tr(text_id!("club.amount")),
        lang.tr(text_id!("club.balance")),
    ];
    let start = |w: &mut Writer| {
        w.new_page();
        heading(w, book, lang, &title, &subtitle);
        table_header(w, &cols, &titles);
    };
    start(&mut w);
    let cells = [String::new(), lang.tr(text_id!("club.balance_before")), String::new(), format_cents(before, lang)];
    row(&mut w, &cols, &cells, Weight::Regular);
    let mut running = before;
    let mut totals = Totals::default();
    for entry in &lines {
        if w.y < BOTTOM + ROW {
            start(&mut w);
        }
        running += entry.entry.amount;
        totals.add(entry);
        let day = book.day(entry).map(|d| d.to_string()).unwrap_or_default();
        let cells =
            [day, describe(book, entry, lang), format_cents(entry.entry.amount, lang), format_cents(running, lang)];
        row(&mut w, &cols, &cells, Weight::Regular);
    }
    if lines.is_empty() {
        row(
            &mut w,
            &cols,
            &[String::new(), lang.tr(text_id!("club.no_entries")), String::new(), String::new()],
            Weight::Regular,
        );
    }
    // The totals block needs seven lines: it moves to a new page rather than split.
    if w.y < BOTTOM + 9.0 * ROW {
        start(&mut w);
    }
    w.y -= ROW / 2.0;
    w.line((MARGIN, w.y + ROW - 1.0), (PAGE_W - MARGIN, w.y + ROW - 1.0), 0.4, 0.3);
    let sums = [
        ("club.results", totals.results),
        ("club.fees", totals.fees),
        ("club.paid", totals.paid),
        ("club.received", totals.received),
        ("club.corrections", totals.corrections),
    ];
    for (key, amount) in sums {
        row(&mut w, &cols, &[String::new(), lang.tr(key), format_cents(amount, lang), String::new()], Weight::Regular);
    }
    let closing = [String::new(), lang.tr(text_id!("club.balance_after")), String::new(), format_cents(after, lang)];
    row(&mut w, &cols, &closing, Weight::Bold);
    let meaning = w.fit(&standing(after, lang), PAGE_W - 2.0 * MARGIN - 24.0, BODY, Weight::Regular);
    w.text(MARGIN + 24.0, w.y, BODY, Weight::Regular, &meaning);
    w.y -= 3.0 * ROW;
    w.text(MARGIN + 110.0, w.y, BODY, Weight::Regular, &lang.tr(text_id!("club.treasurer_signature")));
    w.line((MARGIN + 140.0, w.y - 0.5), (PAGE_W - MARGIN, w.y - 0.5), 0.4, 0.0);
    Ok(w.finish())
}

/// The statement's columns: name, member number, then six amounts, each as wide as its title needs at the
/// body size ("Quote tavolo" more than "Saldo"), the name taking the rest of the 180 mm.
fn statement_cols() -> Vec<Col> {
    const WIDTHS: [f32; 8] = [39.0, 16.0, 19.5, 25.0, 17.0, 19.0, 22.5, 22.0];
    let mut x = MARGIN;
    WIDTHS
        .iter()
        .enumerate()
        .map(|(i, &w)| {
            let col = Col { x, w, right: i >= 2 };
            x += w;
            col
        })
        .collect()
}

/// The statement's column titles.
fn statement_titles(lang: Lang) -> Vec<String> {
    let keys = ["club.member", "club.number", "club.results", "club.fees", "club.paid", "club.received"];
    let mut titles: Vec<String> = keys.iter().map(|k| lang.tr(k)).collect();
    titles.push(lang.tr(text_id!("club.corrections")));
    titles.push(lang.tr(text_id!("club.balance")));
    titles
}

/// The club's statement: each member's results, fees, paid, received, corrections and balance; the members'
/// totals, the kitty (minus the members' balance) and the sum of all balances, which is zero.
pub fn statement(book: &ClubBook, date: chrono::NaiveDate, lang: Lang) -> Result<Vec<u8>, FontError> {
    let title = lang.tr(text_id!("club.statement"));
    let subtitle = msg!("club.as_of", date = date, members = book.members.len()).render(lang);
    let mut w = Writer::new(&format!("{} — {title}", book.club.settings.name), lang)?;
    let (cols, titles) = (statement_cols(), statement_titles(lang));
    let start = |w: &mut Writer| {
        w.new_page();
        heading(w, book, lang, &title, &subtitle);
        table_header(w, &cols, &titles);
    };
    start(&mut w);
    let mut sum = Totals::default();
    let money = |t: &Totals| {
        [t.results, t.fees, t.paid, t.received, t.corrections, t.sum()].map(|c| format_cents(c, lang)).to_vec()
    };
    for (member, totals) in book.statement() {
        if w.y < BOTTOM + ROW {
            start(&mut w);
        }
        sum.merge(&totals);
        let mut cells = vec![member.data.name.clone(), member.data.number.clone()];
        cells.extend(money(&totals));
        row(&mut w, &cols, &cells, Weight::Regular);
    }
    if w.y < BOTTOM + 4.0 * ROW {
        start(&mut w);
    }
    w.line((MARGIN, w.y + ROW - 1.6), (PAGE_W - MARGIN, w.y + ROW - 1.6), 0.4, 0.3);
    let mut cells = vec![lang.tr(text_id!("club.members_total")), String::new()];
    cells.extend(money(&sum));
    row(&mut w, &cols, &cells, Weight::Bold);
    let kitty = -sum.sum();
    let blank = || vec![String::new(); 5];
    let mut cells = vec![lang.tr(text_id!("ledger.kitty")), String::new()];
    cells.extend(blank());
    cells.push(format_cents(kitty, lang));
    row(&mut w, &cols, &cells, Weight::Regular);
    let mut cells = vec![lang.tr(text_id!("club.all_total")), String::new()];
    cells.extend(blank());
    cells.push(format_cents(sum.sum() + kitty, lang));
    row(&mut w, &cols, &cells, Weight::Bold);
    Ok(w.finish())
}

#[cfg(test)]
mod tests {
    use super::super::header_size;
    use super::*;

    /// Every title of the statement is printed whole at the body's size: before, "Tessera" and "Quote tavolo"
    /// each shrank alone and printed smaller than their neighbours.
    #[test]
    fn the_statements_titles_share_one_readable_size() {
        let w = Writer::new("t", Lang::ITALIAN).expect("fonts");
        for lang in [Lang::ITALIAN, Lang::ENGLISH] {
            let (cols, titles) = (statement_cols(), statement_titles(lang));
            let size = header_size(&w, &cols, &titles);
            let each: Vec<(String, f32, f32)> =
                cols.iter().zip(&titles).map(|(c, t)| (t.clone(), w.width(t, BODY, Weight::Bold), c.w - 1.5)).collect();
            assert_eq!(size, BODY, "{lang:?}: the body size, {each:?}");
            for (col, title) in cols.iter().zip(&titles) {
                assert_eq!(&w.fit(title, col.w - 1.5, size, Weight::Bold), title, "{lang:?}: printed whole");
                assert_eq!(
                    w.fit_sized(title, col.w - 1.5, size, Weight::Bold).1,
                    size,
                    "{lang:?}: {title} at the common size"
                );
            }
        }
    }
}
