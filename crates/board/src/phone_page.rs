//! The table's page on its phone: the players, the manches entered, a proposal waiting or rejected, and the
//! form of the next manche drawn from the desk's [`FormView`] — every field kind drawn alike for every
//! ruleset, so that a ruleset does nothing to appear here. Plain HTML that works without a script; maud
//! escapes every text from outside (names, typed values, a referee's reason).

use maud::{DOCTYPE, Markup, PreEscaped, html};
use stecca_core::i18n::Lang;
use stecca_core::message::Message;
use stecca_core::msg;
use stecca_core::rules::FieldKind;
use stecca_core::text_id;
use stecca_desk::form::{Column, FieldState, FormView};

use crate::phone::{PhonePage, Said};

/// What the page needs besides the table.
pub(crate) struct PhoneCtx<'a> {
    /// The page's language.
    pub(crate) lang: Lang,
    /// This page in each language (the switch).
    pub(crate) switch: Vec<(Lang, String)>,
    /// Where the form posts (the page's own path).
    pub(crate) action: &'a str,
    /// The form's token (see `phone::Csrf`).
    pub(crate) csrf: &'a str,
}

impl PhoneCtx<'_> {
    fn tr(&self, id: &str) -> String {
        self.lang.tr(id)
    }

    fn say(&self, message: &Message) -> String {
        message.render(self.lang)
    }
}

/// What the phone's page adds to the board's style: the form's columns one under the other, fields full
/// width, ticks and buttons big enough for a thumb.
const PHONE_STYLE: &str = "\
form.manche{display:block;margin:0}\
form.manche input,form.manche select{flex:none;width:100%}\
form.manche input[type=checkbox],form.manche input[type=radio]{width:auto;min-width:1.3rem;height:1.3rem;margin:0}\
fieldset{background:#fff;border:1px solid #e2e0d8;border-radius:.3rem;margin:0 0 .6rem;padding:.4rem .6rem .6rem;min-width:0}\
legend{font-weight:600;padding:0 .3rem;overflow-wrap:anywhere}\
legend .seat{color:#666;font-weight:400;margin-right:.3rem}\
label.field{display:block;margin:.35rem 0}\
label.field span{display:block;font-size:.85rem;color:#444}\
label.tick{display:flex;gap:.5rem;align-items:center;margin:.45rem 0;min-height:1.8rem}\
select{font:inherit;padding:.4rem;border:1px solid #999;border-radius:.3rem;background:#fff}\
.error{color:#b3261e;margin:.3rem 0}\
.pending{color:#666;margin:.3rem 0;font-size:.9rem}\
.scored{font-size:.9rem;margin-top:.4rem;border-top:1px dashed #ccc;padding-top:.3rem}\
.scored ul,.outcome ul{margin:.2rem 0;padding-left:1.1rem}\
ul.nets{list-style:none;padding:0}\
.outcome{background:#eef5ef;border:1px solid #b9d3bf;border-radius:.3rem;padding:.4rem .6rem;margin:.6rem 0}\
.outcome h3{font-size:.95rem;margin:.1rem 0}\
.nets{font-weight:600;font-variant-numeric:tabular-nums}\
.buttons{display:flex;gap:.6rem;margin:.8rem 0 1.2rem}\
.buttons button{flex:1;padding:.7rem .5rem}\
button.secondary{background:#fff;color:#16432f;border:2px solid #16432f}\
details.pins{background:#fff;border:1px solid #e2e0d8;border-radius:.3rem;padding:.4rem .6rem}\
details.pins summary{font-weight:600}\
.meta{margin:.1rem 0;color:#444}\
ol.players{margin:0 0 .6rem;padding-left:1.4rem}\
ol.players .seat{color:#666;font-size:.85rem}\
.ok{background:#e3f4e6;border-color:#5a9e6a}\
table.manches th{overflow-wrap:anywhere}\
";

/// The phone page's one script, for a phone that runs scripts (the page works without): a tick or a choice
/// changed (Mah Jong, a win flag, who discarded) previews the manche at once, so that a winner's fields and
/// the ruleset's answer appear without pressing "Preview"; the page comes back at the hand that changed. Typed
/// text waits for the button: a preview on every field left would move the page under the thumb.
pub(crate) const PHONE_SCRIPT: &str = "\
(function(){\
var f=document.querySelector('form.manche');if(!f)return;\
var b=f.querySelector('button[value=preview]');if(!b)return;\
f.addEventListener('change',function(e){\
var t=e.target;if(t.type!=='checkbox'&&t.type!=='radio')return;\
var h=t.closest('fieldset');\
f.setAttribute('action',f.getAttribute('action').split('#')[0]+(h&&h.id?'#'+h.id:''));\
if(f.requestSubmit)f.requestSubmit(b);else b.click();\
});\
})();\
";

/// The frame of a phone's page: the heading, the language switch, the body.
fn layout(ctx: &PhoneCtx<'_>, title: &str, heading: &str, subheading: Option<&str>, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang=(ctx.lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex";
                title { (title) }
                style { (PreEscaped(crate::pages::STYLE)) (PreEscaped(PHONE_STYLE)) }
                script src="/phone.js" defer {}
            }
            body {
                header {
                    h1 { (heading) }
                    @if let Some(sub) = subheading { p { (sub) } }
                    nav {
                        (crate::pages::language_switch(ctx.lang, &ctx.switch))
                    }
                }
                main { (body) }
            }
        }
    }
}

/// A page that says why there is no table (a wrong link, a block, a refused post, a busy board).
pub(crate) fn notice(ctx: &PhoneCtx<'_>, text: &str) -> Markup {
    let heading = ctx.tr(text_id!("board.window_title"));
    layout(ctx, text, &heading, None, html! { p.note role="alert" { (text) } })
}

/// The table's page.
pub(crate) fn table(ctx: &PhoneCtx<'_>, page: &PhonePage) -> Markup {
    let state = &page.table.state;
    let table = &state.table;
    let title = ctx.say(&msg!("board.phone.title", table = table.number));
    let heading = ctx.say(&msg!("board.phone.heading", session = table.session, table = table.number));
    let names: Vec<&str> = state.players.iter().map(|p| p.name.as_str()).collect();
    let rejected = page.table.next.and_then(|next| page.table.rejected(next)).filter(|_| page.form.is_some());
    let body = html! {
        @if let Some(said) = &page.said { (said_note(ctx, said)) }
        @if let Some(proposal) = rejected {
            p.note.trouble role="status" {
                (ctx.say(&msg!("board.phone.rejected", number = proposal.number, reason = proposal.reason)))
            }
        }
        h2 { (ctx.tr(text_id!("board.phone.players"))) }
        ol.players {
            @for (position, name) in names.iter().enumerate() {
                li {
                    (name)
                    @if let Some(seat) = page.seats.get(position) { " " span.seat { "(" (ctx.say(seat)) ")" } }
                }
            }
        }
        h2 { (ctx.tr(text_id!("board.phone.manches"))) }
        (manches(ctx, page, &names))
        @if let Some((number, nets)) = &page.waiting {
            // Said once: the banner above says it already when this post sent it.
            @let said = matches!(page.said, Some(Said::Queued(_) | Said::AlreadyQueued(_)));
            p.note role="status" {
                @if !said { (ctx.say(&msg!("board.phone.waiting", number = number))) br; }
                @if !nets.is_empty() { span.nets { (nets_text(nets)) } }
            }
        }
        @if page.table.next.is_none() {
            p.note { (ctx.say(&msg!("board.phone.complete", count = state.manches.len()))) }
        }
        @if let Some(form) = &page.form { (manche_form(ctx, form)) }
    };
    let venue = state.settings.name.clone();
    layout(ctx, &title, &heading, Some(&venue), body)
}

/// The banner saying what became of the post.
fn said_note(ctx: &PhoneCtx<'_>, said: &Said) -> Markup {
    let (text, class) = match said {
        Said::Queued(number) => (ctx.say(&msg!("board.phone.queued", number = number)), "note ok"),
        Said::AlreadyQueued(number) => (ctx.say(&msg!("board.phone.already", number = number)), "note ok"),
        Said::Saved(number) => (ctx.say(&msg!("board.phone.saved", number = number)), "note ok"),
        Said::NotValid => (ctx.tr(text_id!("board.phone.not_valid")), "note trouble"),
        Said::Refused(why) => (ctx.say(why), "note trouble"),
        Said::Entered(_, why) => (ctx.say(why), "note trouble"),
    };
    html! {
        p class=(class) role="status" {
            (text)
            @if let Said::Entered(stored, _) = said {
                br;
                (ctx.say(&msg!("board.phone.desk_has", number = stored.number)))
                " "
                span.nets { (stored_nets(stored)) }
            }
        }
    }
}

/// "Anna +12 · Bruno −4 · …" of a stored manche.
fn stored_nets(stored: &stecca_desk::StoredManche) -> String {
    nets_text(&stored.outcome.net)
}

/// "Anna +12 · Bruno -4 · …".
fn nets_text(nets: &[(String, i64)]) -> String {
    nets.iter().map(|(name, net)| format!("{name} {net:+}")).collect::<Vec<_>>().join(" · ")
}

/// The manches entered: one row each, a column per player, and the totals.
fn manches(ctx: &PhoneCtx<'_>, page: &PhonePage, names: &[&str]) -> Markup {
    let manches = &page.table.state.manches;
    if manches.is_empty() {
        return html! { p { (ctx.tr(text_id!("board.no_manches"))) } };
    }
    let totals: Vec<i64> =
        (0..names.len()).map(|p| manches.iter().map(|m| m.nets.get(p).copied().unwrap_or(0)).sum()).collect();
    html! {
        table.manches {
            thead { tr {
                th.n { (ctx.tr(text_id!("board.manche_short"))) }
                @for name in names { th.n { (name) } }
            } }
            tbody {
                @for manche in manches {
                    tr {
                        td.n {
                            (manche.number)
                            @if manche.outcome.void { " " (ctx.tr(text_id!("table.void"))) }
                        }
                        @for position in 0..names.len() {
                            td.n { (format!("{:+}", manche.nets.get(position).copied().unwrap_or(0))) }
                        }
                    }
                }
                tr {
                    th { (ctx.tr(text_id!("pdf.total"))) }
                    @for total in &totals { th.n { (format!("{total:+}")) } }
                }
            }
        }
    }
}

/// The form of the next manche, as the desk's model gives it.
fn manche_form(ctx: &PhoneCtx<'_>, form: &FormView) -> Markup {
    let books = books(form);
    let across = across_table_fields(form);
    html! {
        form.manche method="post" action=(ctx.action) autocomplete="off" {
            input type="hidden" name="csrf" value=(ctx.csrf);
            input type="hidden" name="number" value=(form.number);
            h2 { (ctx.say(&msg!("board.phone.manche", number = form.number))) }
            @if let Some(round) = &form.round { p.meta { (ctx.say(round)) } }
            @for carried in &form.carried { p.meta { (ctx.say(carried)) } }
            @if let Some(void) = &form.void {
                label.tick {
                    input type="checkbox" name=(void.name) value=(void.value) checked[void.on];
                    (ctx.say(&void.label))
                }
            }
            @for column in &form.columns { (hand(ctx, column)) }
            @for (name, label) in &across {
                @let nobody = !form.columns.iter().flat_map(|c| &c.fields).any(|f| &f.name == name && f.on());
                label.tick {
                    input type="radio" name=(name) value="" checked[nobody];
                    (ctx.say(&msg!("board.phone.nobody").arg_message("field", label.clone())))
                }
            }
            @for (id, lines) in &books {
                datalist id=(id) { @for line in *lines { option value=(line) {} } }
            }
            @if let Some(error) = &form.general_error { p.error role="alert" { (ctx.say(error)) } }
            @for warning in &form.warnings { p.note { (ctx.say(warning)) } }
            @if let Some(outcome) = &form.outcome {
                section.outcome aria-live="polite" {
                    h3 { (ctx.tr(text_id!("board.phone.preview"))) }
                    ul {
                        @for line in outcome.payments.iter().chain(&outcome.table_moves).chain(&outcome.penalties) {
                            li { (ctx.say(line)) }
                        }
                    }
                    // One player a line: the number a player looks for beside their name.
                    ul.nets { @for (name, net) in &outcome.nets { li { (name) " " (format!("{net:+}")) } } }
                }
            }
            details.pins {
                summary { (ctx.tr(text_id!("board.phone.pins"))) }
                p.meta { (ctx.tr(text_id!("board.phone.pins_hint"))) }
                @for column in &form.columns {
                    label.field {
                        span { (column.name) }
                        input type="password" name={ "pin" (column.position) } inputmode="numeric" maxlength="8"
                            autocomplete="off";
                    }
                }
            }
            // Preview first: the Enter key of a text field presses the first button, and sends nothing.
            div.buttons {
                button.secondary type="submit" name="do" value="preview" { (ctx.tr(text_id!("board.phone.do_preview"))) }
                button type="submit" name="do" value="send" { (ctx.tr(text_id!("board.phone.do_send"))) }
            }
        }
    }
}

/// One player's hand: the seat and name, the main field, Mah Jong and the win flags, the other fields, the
/// mistake and the breakdown.
fn hand(ctx: &PhoneCtx<'_>, column: &Column) -> Markup {
    html! {
        fieldset id={ "hand" (column.position) } {
            legend { span.seat { (ctx.say(&column.seat)) } (column.name) }
            @if let Some(main) = &column.main { (field(ctx, main, column.position)) }
            @if let Some(mahjong) = &column.mahjong {
                label.tick {
                    input type="checkbox" name=(mahjong.name) value=(mahjong.value) checked[mahjong.on];
                    b { (ctx.say(&mahjong.label)) }
                }
            }
            @for flag in &column.win_flags {
                label.tick {
                    input type="checkbox" name=(flag.name) value=(flag.value) checked[flag.on];
                    (ctx.say(&flag.label))
                }
            }
            @for state in &column.fields { (field(ctx, state, column.position)) }
            @if let Some(error) = &column.error {
                p class=(if column.pending { "pending" } else { "error" }) { (ctx.say(error)) }
            }
            @if let Some(scored) = &column.scored {
                div.scored {
                    b { (ctx.tr(text_id!("entry.value"))) " " (scored.value) }
                    @if let Some(summary) = &scored.summary { " · " (ctx.say(summary)) }
                    @if !scored.lines.is_empty() {
                        ul {
                            @for (label, amount) in &scored.lines {
                                li { (ctx.say(label)) " " (amount.render(ctx.lang)) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// One field, drawn by its kind alone.
fn field(ctx: &PhoneCtx<'_>, state: &FieldState, position: usize) -> Markup {
    let label = ctx.say(&state.label);
    let hint = (!state.hint.is_empty()).then_some(state.hint);
    match state.kind {
        FieldKind::Flag => html! {
            label.tick { input type="checkbox" name=(state.name) value="on" checked[state.on()]; (label) }
        },
        FieldKind::OnePlayer | FieldKind::PickPlayer => html! {
            label.tick { input type="radio" name=(state.name) value=(position) checked[state.on()]; (label) }
        },
        FieldKind::OneOf { .. } => html! {
            label.field {
                span { (label) }
                select name=(state.name) {
                    @for (id, choice) in &state.choices {
                        option value=(id) selected[*id == state.value] { (ctx.say(choice)) }
                    }
                }
            }
        },
        FieldKind::Number => html! {
            label.field {
                span { (label) }
                input type="text" inputmode="numeric" name=(state.name) value=(state.text()) placeholder=[hint];
            }
        },
        FieldKind::FromBook { .. } => html! {
            label.field {
                span { (label) }
                input type="text" name=(state.name) value=(state.text()) placeholder=[hint]
                    list=(book_id(state.key)) autocapitalize="off" spellcheck="false";
            }
        },
        FieldKind::Tiles | FieldKind::Cards(_) | FieldKind::Text => html! {
            label.field {
                span { (label) }
                input type="text" name=(state.name) value=(state.text()) placeholder=[hint]
                    autocapitalize="off" spellcheck="false";
            }
        },
    }
}

/// The id of the list of book lines a field offers.
fn book_id(key: &str) -> String {
    format!("book-{key}")
}

/// Each book field's offered lines, once per field (every column offers the same).
fn books(form: &FormView) -> Vec<(String, &[String])> {
    let mut books: Vec<(String, &[String])> = Vec::new();
    for state in form.columns.iter().flat_map(|c| &c.fields) {
        let id = book_id(state.key);
        if matches!(state.kind, FieldKind::FromBook { .. }) && !books.iter().any(|(seen, _)| *seen == id) {
            books.push((id, &state.offered));
        }
    }
    books
}

/// The fields one player of the table carries (a radio group across the columns), each once, with its label:
/// each gets a "nobody" choice.
fn across_table_fields(form: &FormView) -> Vec<(String, Message)> {
    let mut across: Vec<(String, Message)> = Vec::new();
    for state in form.columns.iter().flat_map(|c| &c.fields) {
        let one = matches!(state.kind, FieldKind::OnePlayer | FieldKind::PickPlayer);
        if one && !across.iter().any(|(name, _)| *name == state.name) {
            across.push((state.name.clone(), state.label.clone()));
        }
    }
    across
}
