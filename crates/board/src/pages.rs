//! The board's pages: server-written HTML for a phone first (one column, nothing wider than 360 px), a little
//! CSS inside each page, no external asset (the hall has no internet) and one small script of our own that
//! reloads the page when the data change. maud escapes every name and text it is given.

use maud::{DOCTYPE, Markup, PreEscaped, html};
use stecca_core::i18n::Lang;
use stecca_core::message::Message;
use stecca_core::msg;
use stecca_core::text_id;
use stecca_core::tournament::Id;

use crate::feed::Published;
use crate::view::{BoardView, Card, Progress, Standing};
use stecca_core::tournament::clock::{ClockCall, ClockState};

/// What every page needs: the language, what is published, and the addresses of this page in each language.
pub struct Context<'a> {
    /// The language the page is written in.
    pub lang: Lang,
    /// What the board shows.
    pub published: &'a Published,
    /// This page in each language (the language switch).
    pub switch: Vec<(Lang, String)>,
}

impl Context<'_> {
    fn tr(&self, id: &str) -> String {
        self.lang.tr(id)
    }

    fn say(&self, message: &Message) -> String {
        message.render(self.lang)
    }
}

pub(crate) const STYLE: &str = "\
*{box-sizing:border-box}\
body{margin:0;font:16px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;color:#1b1b1b;background:#f6f5f1}\
header{background:#16432f;color:#fff;padding:.6rem .8rem}\
header h1{font-size:1.15rem;margin:0;overflow-wrap:anywhere}\
header p{margin:.15rem 0 0;font-size:.85rem;opacity:.85}\
nav{display:flex;flex-wrap:wrap;gap:.3rem .9rem;margin-top:.45rem;align-items:center}\
nav a{color:#fff;font-weight:600}\
nav a[aria-current]{text-decoration:none;border-bottom:2px solid #e8c15a}\
nav .lang{margin-left:auto;font-size:.85rem;display:flex;gap:.6rem}\
nav .lang a{font-weight:400}\
main{padding:.6rem .8rem;max-width:60rem;margin:0 auto}\
h2{font-size:1.05rem;margin:.3rem 0 .6rem}\
form{display:flex;gap:.4rem;margin:.2rem 0 .7rem}\
input{flex:1;min-width:0;font:inherit;padding:.45rem .5rem;border:1px solid #999;border-radius:.3rem}\
button{font:inherit;padding:.45rem .8rem;border:0;border-radius:.3rem;background:#16432f;color:#fff}\
table{width:100%;border-collapse:collapse;background:#fff}\
th,td{padding:.35rem .3rem;border-bottom:1px solid #e2e0d8;text-align:left;vertical-align:top}\
th{font-size:.8rem;color:#555;font-weight:600}\
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\
td.name{overflow-wrap:anywhere}\
.club{display:block;font-size:.8rem;color:#666}\
.note{background:#fff4d6;border:1px solid #e8c15a;padding:.5rem .6rem;border-radius:.3rem}\
.trouble{background:#fde2e0;border-color:#d9534f}\
.tables{display:grid;grid-template-columns:repeat(auto-fill,minmax(13rem,1fr));gap:.5rem}\
.tables section{background:#fff;border:1px solid #e2e0d8;border-radius:.3rem;padding:.4rem .5rem}\
.tables h3{font-size:.95rem;margin:0 0 .2rem}\
.tables ol{list-style:none;margin:0;padding:0}\
.tables li{display:flex;gap:.4rem;overflow-wrap:anywhere}\
.seat{flex:0 0 3.4rem;color:#666;font-size:.85rem}\
.found li{margin:.3rem 0}\
.found b{display:block}\
a{color:#16432f}\
footer{padding:.5rem .8rem 1.5rem;font-size:.8rem;color:#666;text-align:center}\
header .clock{margin:.3rem 0 0;font-weight:600;font-variant-numeric:tabular-nums}\
.big{text-align:center;padding:2rem 0}\
.big .time{font-size:min(17vw,14rem);font-weight:700;line-height:1;font-variant-numeric:tabular-nums}\
.big .call{font-size:min(7vw,3rem);margin-top:1rem}\
.warn{color:#b8860b}.up{color:#c0392b}\
";

/// The frame around every page: the tournament's name, the menu, the language switch, a note while the
/// database cannot be read, and when the data were read.
/// The language switch of every page, the board's and the tables' phones': each language's code, a link to
/// this page in it but for the one shown.
pub(crate) fn language_switch(shown: Lang, switch: &[(Lang, String)]) -> Markup {
    html! {
        span.lang aria-label=(shown.tr(text_id!("board.language"))) {
            @for (lang, href) in switch {
                @if *lang == shown {
                    b lang=(lang.code()) { (lang.code().to_uppercase()) }
                } @else {
                    a href=(href) lang=(lang.code()) hreflang=(lang.code()) { (lang.code().to_uppercase()) }
                }
            }
        }
    }
}

fn layout(ctx: &Context<'_>, title: &str, current: &str, body: Markup) -> Markup {
    let published = ctx.published;
    let view = published.view.as_deref();
    let name = view.map_or_else(|| "Stecca".to_owned(), |v| v.name.clone());
    html! {
        (DOCTYPE)
        html lang=(ctx.lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · " (name) }
                style { (PreEscaped(STYLE)) }
                script src="/board.js" defer {}
            }
            body data-generation=(published.generation) {
                header {
                    h1 { (name) }
                    @if let Some(view) = view {
                        p {
                            (view.venue_and_dates)
                            @if !view.venue_and_dates.is_empty() { " · " }
                            (view.heading(ctx.lang))
                        }
                        @if let Some(line) = clock_line(ctx, view) {
                            (line)
                        }
                    }
                    nav {
                        a href="/" aria-current=[(current == "/").then_some("page")] { (ctx.tr(text_id!("board.standings"))) }
                        a href="/seating" aria-current=[(current == "/seating").then_some("page")] { (ctx.tr(text_id!("board.seating"))) }
                        @if view.is_some_and(|v| !v.teams.is_empty()) {
                            a href="/teams" aria-current=[(current == "/teams").then_some("page")] { (ctx.tr(text_id!("board.teams"))) }
                        }
                        a href="/clock" aria-current=[(current == "/clock").then_some("page")] { (ctx.tr(text_id!("board.clock"))) }
                        (language_switch(ctx.lang, &ctx.switch))
                    }
                }
                main {
                    @if let Some(trouble) = &published.trouble {
                        p.note.trouble role="status" {
                            @if let Some(read) = published.read_at {
                                (ctx.say(&msg!("board.offline", since = trouble.since.format("%H:%M:%S"), read = read.format("%H:%M:%S")).arg_message("why", trouble.why.clone())))
                            } @else {
                                (ctx.say(&trouble.why))
                            }
                        }
                    }
                    @if view.is_some() {
                        (body)
                    } @else if published.trouble.is_none() {
                        p.note { (ctx.tr(text_id!("board.waiting"))) }
                    }
                }
                footer {
                    @if let Some(read) = published.read_at {
                        (ctx.say(&msg!("board.updated", time = read.format("%H:%M:%S"))))
                    }
                }
            }
        }
    }
}

/// The standings line under the menu, as the standings sheet says it: provisional while a session is being
/// played, after which session otherwise, final once the last is complete.
fn progress_text(ctx: &Context<'_>, progress: &Progress) -> String {
    if progress.session == 0 {
        ctx.tr(text_id!("board.not_started"))
    } else if progress.is_final() {
        ctx.say(&msg!("board.final", sessions = progress.sessions))
    } else if progress.is_provisional() {
        ctx.say(&msg!(
            "pdf.provisional",
            session = progress.session,
            sessions = progress.sessions,
            manches = progress.manches
        ))
    } else {
        ctx.say(&msg!("board.after", session = progress.session, sessions = progress.sessions))
    }
}

/// `/`: the standings, filtered by `query` (part of a name or a club) when one is given.
pub fn standings(ctx: &Context<'_>, query: &str) -> Markup {
    let title = ctx.tr(text_id!("board.standings"));
    let Some(view) = ctx.published.view.as_deref() else { return layout(ctx, &title, "/", html! {}) };
    let wanted = query.trim().to_lowercase();
    let rows: Vec<&Standing> = view
        .standings
        .iter()
        .filter(|r| {
            wanted.is_empty() || r.name.to_lowercase().contains(&wanted) || r.club.to_lowercase().contains(&wanted)
        })
        .collect();
    let body = html! {
        h2 { (progress_text(ctx, &view.progress)) }
        form action="/" method="get" role="search" {
            input type="search" name="q" value=(query) aria-label=(ctx.tr(text_id!("board.search")))
                placeholder=(ctx.tr(text_id!("board.search")));
            button type="submit" { (ctx.tr(text_id!("board.search_go"))) }
        }
        @if !wanted.is_empty() {
            p { (ctx.say(&msg!("board.shown", shown = rows.len(), total = view.standings.len()))) }
        }
        @if view.standings.is_empty() {
            p.note { (ctx.tr(text_id!("board.no_results"))) }
        } @else {
            table {
                thead { tr {
                    th.n { (ctx.tr(text_id!("standings.place"))) }
                    th { (ctx.tr(text_id!("players.name"))) }
                    // Placement points rank first where they rank: before the points that break their ties.
                    @if view.placement { th.n { (ctx.tr(text_id!("standings.placement"))) } }
                    th.n { (ctx.tr(text_id!("standings.points"))) }
                    th.n { (ctx.tr(text_id!("board.sessions_short"))) }
                } }
                tbody {
                    @for r in &rows {
                        tr {
                            td.n { (r.place) }
                            td.name {
                                a href={ "/player/" (r.id) } { (r.name) }
                                @if !r.club.is_empty() || !r.country.is_empty() {
                                    span.club {
                                        (r.club)
                                        @if !r.club.is_empty() && !r.country.is_empty() { " · " }
                                        (r.country)
                                    }
                                }
                            }
                            @if view.placement { td.n { (r.placement_text()) } }
                            td.n { (r.points) }
                            td.n { (r.sessions_played) }
                        }
                    }
                }
            }
        }
    };
    layout(ctx, &title, "/", body)
}

/// The form that finds a player's seat.
fn find_form(ctx: &Context<'_>, name: &str) -> Markup {
    html! {
        form action="/find" method="get" role="search" {
            input type="search" name="name" value=(name) aria-label=(ctx.tr(text_id!("board.find_hint")))
                placeholder=(ctx.tr(text_id!("board.find_hint")));
            button type="submit" { (ctx.tr(text_id!("board.find_go"))) }
        }
    }
}

/// The time left (or what the clock says) and the attributes that let the page's script count it down.
struct ClockShown {
    session: u32,
    state: ClockState,
    said: ClockCall,
    warning_minutes: u32,
}

impl ClockShown {
    fn of(view: &BoardView) -> Option<ClockShown> {
        let (session, clock) = view.clock.as_ref()?;
        let now = chrono::Utc::now();
        let (state, said, warning_minutes) = (clock.state(now), clock.call(now), clock.warning_minutes);
        Some(ClockShown { session: *session, state, said, warning_minutes })
    }

    /// The seconds left while the clock runs (the script counts them down), as an attribute.
    fn running_left(&self) -> Option<i64> {
        match self.state {
            ClockState::Running { left } => Some(left),
            _ => None,
        }
    }

    /// What the hall is told beside the time.
    fn call(&self, ctx: &Context<'_>) -> Option<(String, &'static str)> {
        let paused = matches!(self.state, ClockState::Paused { .. });
        match self.said {
            ClockCall::Over => Some((ctx.say(&msg!("board.call.over", session = self.session)), "")),
            ClockCall::Time => Some((ctx.tr(text_id!("board.call.time")), "up")),
            ClockCall::LastHand => Some((ctx.tr(text_id!("board.call.last_hand")), "warn")),
            ClockCall::LastMinutes => {
                Some((ctx.say(&msg!("board.call.last_minutes", minutes = self.warning_minutes)), "warn"))
            }
            ClockCall::None if paused => Some((ctx.tr(text_id!("board.call.paused")), "")),
            ClockCall::None => None,
        }
    }
}

/// The clock under the heading of every page, once a session's clock is started.
fn clock_line(ctx: &Context<'_>, view: &BoardView) -> Option<Markup> {
    let shown = ClockShown::of(view)?;
    let session = ctx.say(&msg!("board.clock_session", session = shown.session));
    let call = shown.call(ctx);
    Some(html! {
        p.clock role="timer" {
            (session)
            @if let Some(time) = shown.state.shown() {
                " · " span data-left=[shown.running_left()] { (time) }
            }
            @if let Some((text, class)) = &call {
                " · " span class=(class) { (text) }
            }
        }
    })
}

/// `/teams`: the team standings, each team with its members (those not counted in brackets).
pub fn teams(ctx: &Context<'_>) -> Markup {
    let title = ctx.tr(text_id!("teams.title"));
    let Some(view) = ctx.published.view.as_deref() else { return layout(ctx, &title, "/teams", html! {}) };
    let body = if view.teams.is_empty() {
        html! { p.note { (ctx.tr(text_id!("teams.none"))) } }
    } else {
        html! {
            h2 { (title) }
            table {
                thead { tr {
                    th.n { (ctx.tr(text_id!("standings.place"))) }
                    th { (ctx.tr(text_id!("players.team"))) }
                    @if view.placement { th.n { (ctx.tr(text_id!("standings.placement"))) } }
                    th.n { (ctx.tr(text_id!("standings.points"))) }
                } }
                tbody {
                    @for team in &view.teams {
                        @let (counted, rest) = team.members.split_at(team.counted.min(team.members.len()));
                        tr {
                            td.n { (team.place) }
                            td.name {
                                (team.team)
                                span.club {
                                    (counted.join(", "))
                                    @if !rest.is_empty() { " (" (rest.join(", ")) ")" }
                                }
                            }
                            @if view.placement { td.n { (format!("{:.2}", team.placement())) } }
                            td.n { (team.points) }
                        }
                    }
                }
            }
        }
    };
    layout(ctx, &title, "/teams", body)
}

/// `/clock`: the session's time left, big, for the hall's projector.
pub fn clock(ctx: &Context<'_>) -> Markup {
    let title = ctx.tr(text_id!("board.clock"));
    let Some(view) = ctx.published.view.as_deref() else { return layout(ctx, &title, "/clock", html! {}) };
    let body = match ClockShown::of(view) {
        None => html! { p.note { (ctx.tr(text_id!("board.no_clock"))) } },
        Some(shown) => {
            let call = shown.call(ctx);
            html! {
                section.big role="timer" aria-live="polite" {
                    h2 { (ctx.say(&msg!("board.clock_session", session = shown.session))) }
                    @if let Some(time) = shown.state.shown() {
                        div.time data-left=[shown.running_left()] { (time) }
                    }
                    @if let Some((text, class)) = &call {
                        div.call class=(class) { (text) }
                    }
                }
            }
        }
    };
    layout(ctx, &title, "/clock", body)
}

/// `/seating`: the session being played (or the next one seated), table by table.
pub fn seating(ctx: &Context<'_>) -> Markup {
    let title = ctx.tr(text_id!("board.seating"));
    let Some(view) = ctx.published.view.as_deref() else { return layout(ctx, &title, "/seating", html! {}) };
    let body = html! {
        @if let Some(seating) = &view.seating {
            h2 { (ctx.say(&msg!("board.session", session = seating.session))) }
            h3 { (ctx.tr(text_id!("board.find"))) }
            (find_form(ctx, ""))
            div.tables {
                @for table in &seating.tables {
                    section {
                        h3 { (ctx.tr(text_id!("sessions.table"))) " " (table.number) }
                        ol {
                            @for seat in &table.seats {
                                li {
                                    span.seat { (seat.label.name(ctx.lang)) }
                                    a href={ "/player/" (seat.player) } { (seat.name) }
                                }
                            }
                        }
                    }
                }
            }
        } @else {
            p.note { (ctx.tr(text_id!("board.no_seating"))) }
        }
    };
    layout(ctx, &title, "/seating", body)
}

/// `/find?name=…`: "Session 3 · Table 7 · South" for each player of the session shown whose name contains it.
pub fn find(ctx: &Context<'_>, name: &str) -> Markup {
    let title = ctx.tr(text_id!("board.find"));
    let Some(view) = ctx.published.view.as_deref() else { return layout(ctx, &title, "/find", html! {}) };
    let body = html! {
        h2 { (title) }
        (find_form(ctx, name))
        @match &view.seating {
            None => p.note { (ctx.tr(text_id!("board.no_seating"))) },
            Some(seating) => {
                @let found = view.find(name);
                @if found.is_empty() && !name.trim().is_empty() {
                    p.note { (ctx.say(&msg!("board.not_found", session = seating.session, name = name.trim()))) }
                }
                ul.found {
                    @for (seat, table) in found {
                        li {
                            b { a href={ "/player/" (seat.player) } { (seat.name) } }
                            (ctx.say(&msg!("board.where", session = seating.session, table = table, seat = seat.label.name(ctx.lang))))
                        }
                    }
                }
            }
        }
    };
    layout(ctx, &title, "/find", body)
}

/// `/player/ID`: the player's manches with their nets and running total, like the player card sheet.
pub fn player(ctx: &Context<'_>, view: &BoardView, id: Id, card: &Card) -> Markup {
    let title = card.name.clone();
    let summary = match view.standing(id) {
        Some(r) => ctx.say(&msg!("board.card", name = card.name, place = r.place, points = r.points)),
        None => ctx.say(&msg!("board.card_unranked", name = card.name)),
    };
    let body = html! {
        h2 { (summary) }
        @if card.lines.is_empty() {
            p.note { (ctx.tr(text_id!("board.no_manches"))) }
        } @else {
            table {
                thead { tr {
                    th.n { (ctx.tr(text_id!("board.session_short"))) }
                    th.n { (ctx.tr(text_id!("board.table_short"))) }
                    th.n { (ctx.tr(text_id!("board.manche_short"))) }
                    th { (ctx.tr(text_id!("pdf.seat"))) }
                    th.n { (ctx.tr(text_id!("pdf.net"))) }
                    th.n { (ctx.tr(text_id!("pdf.total"))) }
                } }
                tbody {
                    @for line in &card.lines {
                        tr {
                            td.n { (line.session) }
                            td.n { (line.table) }
                            td.n { (line.manche) }
                            td { (line.seat.name(ctx.lang)) }
                            td.n {
                                // A void manche that still moved chips (a draw's payments) shows them.
                                @if line.void && line.net == 0 { (ctx.tr(text_id!("table.void"))) }
                                @else if line.void { (format!("{} {:+}", ctx.tr(text_id!("table.void")), line.net)) }
                                @else { (format!("{:+}", line.net)) }
                            }
                            td.n { (line.total) }
                        }
                    }
                }
            }
        }
    };
    layout(ctx, &title, "", body)
}

/// A page that says why there is nothing to show (no such page, no such player, not a GET).
pub fn notice(ctx: &Context<'_>, text: &str) -> Markup {
    layout(ctx, text, "", html! { p.note { (text) } })
}

/// The script every page loads: it asks `/stamp` once a second and reloads the page when the board's data
/// moved (a manche confirmed at any station, or the database going away or coming back), unless the player is
/// typing in a field.
pub const SCRIPT: &str = "\
(function(){\
var shown=document.body.getAttribute('data-generation');\
var t0=Date.now();\
function fmt(l){var s=Math.abs(l),h=Math.floor(s/3600),m=Math.floor(s/60)%60,x=s%60;\
return (l<0?'-':'')+(h>0?h+':'+(m<10?'0':'')+m:m)+':'+(x<10?'0':'')+x}\
setInterval(function(){\
var gone=Math.floor((Date.now()-t0)/1000);\
document.querySelectorAll('[data-left]').forEach(function(e){\
var l0=parseInt(e.getAttribute('data-left'),10),l=l0-gone;e.textContent=fmt(l);\
if((l0>900&&l<=900)||(l0>0&&l<=0))location.reload()})\
},1000);\
setInterval(function(){\
var e=document.activeElement;if(e&&e.tagName==='INPUT'&&e.value!==e.defaultValue)return;\
fetch('/stamp',{cache:'no-store'}).then(function(r){return r.ok?r.text():shown})\
.then(function(t){if(t.trim()!==shown)location.reload()}).catch(function(){});\
},1000);\
})();\
";
