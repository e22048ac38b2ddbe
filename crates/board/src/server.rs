//! The board's HTTP server: hyper's HTTP/1.1 on a single-threaded tokio runtime of its own thread, answering GET
//! and HEAD from what the feed published (never from the database), inside explicit bounds: connections at
//! once, and from one client, the size of a request's head, the time to send it, and the time a connection may stay open.
//! Given a certificate, it speaks HTTPS only: each connection's TLS handshake is made inside the same bounds.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::Arc;
use std::task::Poll;
use std::time::Duration;

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use stecca_core::i18n::Lang;
use stecca_core::text_id;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};
use tokio_rustls::TlsAcceptor;

use crate::feed::Board;
use crate::pages::{self, Context};
use crate::phone::Phones;

/// How much the server accepts.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Connections served at once; one more is answered 503 and closed.
    pub connections: usize,
    /// Connections served at once to one client address (an IPv6 client by its /64 network, where a phone
    /// changes its address): one more from it is answered 503 and closed, so that no client can hold the
    /// connections that every phone of the hall needs.
    pub per_client: usize,
    /// The largest request head (request line and headers), in bytes; a larger one is answered 431.
    pub head_bytes: usize,
    /// How long a client may take to send a request's head; over HTTPS, also how long it may take to finish
    /// the TLS handshake before that.
    pub head_time: Duration,
    /// How long one connection may stay open (kept alive between polls), after which it is closed once its
    /// current answer is sent.
    pub connection_time: Duration,
    /// Wrong table tokens from one client within [`Limits::wrong_window`] that block it for
    /// [`Limits::block_time`]: every table page is then refused to it (429).
    pub wrong_tokens: usize,
    /// See [`Limits::wrong_tokens`].
    pub wrong_window: Duration,
    /// See [`Limits::wrong_tokens`].
    pub block_time: Duration,
    /// Forms posted by one client within [`Limits::post_window`]; one more is refused (429).
    pub posts: usize,
    /// See [`Limits::posts`].
    pub post_window: Duration,
    /// The largest form body, in bytes; a larger one is refused (413).
    pub body_bytes: usize,
    /// How long a client may take to send a form's body (408 after).
    pub body_time: Duration,
    /// How long a table's page waits for the database (503 after: the board is busy).
    pub phone_time: Duration,
    /// The tables' requests waiting for the database at most; one more is answered 503 at once.
    pub phone_queue: usize,
}

impl Default for Limits {
    /// 512 connections (a 400-player hall with a phone each, plus the projector), 8 from one address (a
    /// browser opens up to 6 to a site), 16 KiB heads sent within 5 s, connections closed after 30 s; 20 wrong
    /// table tokens in a minute block an address for 5 minutes; 30 forms a minute from one address (a table
    /// previews a few times per manche), of 16 KiB at most sent within 5 s; the database answers a table
    /// within 10 s, with 100 tables' requests waiting at most (a hall of 100 tables sending at once).
    fn default() -> Limits {
        Limits {
            connections: 512,
            per_client: 8,
            head_bytes: 16 * 1024,
            head_time: Duration::from_secs(5),
            connection_time: Duration::from_secs(30),
            wrong_tokens: 20,
            wrong_window: Duration::from_secs(60),
            block_time: Duration::from_secs(300),
            posts: 30,
            post_window: Duration::from_secs(60),
            body_bytes: 16 * 1024,
            body_time: Duration::from_secs(5),
            phone_time: Duration::from_secs(10),
            phone_queue: 100,
        }
    }
}

/// The longest search a page accepts, in characters (a name is shorter; anything longer is cut).
const MAX_QUERY_CHARS: usize = 100;

/// Serves `board` (and the tables' pages through `phones`) on `listener`, over TLS only when given `tls`, until
/// `stop` turns true.
pub(crate) async fn serve(
    listener: TcpListener,
    board: Board,
    phones: Arc<Phones>,
    limits: Limits,
    tls: Option<TlsAcceptor>,
    mut stop: watch::Receiver<bool>,
) {
    let permits = Arc::new(Semaphore::new(limits.connections));
    let refusals = Arc::new(Semaphore::new(REFUSALS));
    let clients = Clients::default();
    loop {
        let accepted = match first(listener.accept(), stop.changed()).await {
            Either::First(accepted) => accepted,
            Either::Second(_) => break,
        };
        let Ok((stream, peer)) = accepted else {
            // Out of file descriptors or a connection reset before it was accepted: try again shortly.
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let client = clients.enter(peer.ip(), limits.per_client);
        match (permits.clone().try_acquire_owned(), client) {
            (Ok(permit), Some(client)) => {
                let (board, phones, tls) = (board.clone(), phones.clone(), tls.clone());
                tokio::spawn(async move {
                    match tls {
                        None => connection(stream, peer.ip(), board, phones, limits, false).await,
                        // The handshake holds the connection's permit and its client's slot, for the head time
                        // at most: a client that opens connections and never finishes one holds no more than a
                        // client that sends half a head.
                        Some(tls) => {
                            if let Ok(Ok(stream)) = tokio::time::timeout(limits.head_time, tls.accept(stream)).await {
                                connection(stream, peer.ip(), board, phones, limits, true).await;
                            }
                        }
                    }
                    drop((permit, client));
                });
            }
            // Over TLS a connection over the limit is closed unanswered: a 503 would cost it a handshake, the
            // work the limit is there to spare.
            _ if tls.is_some() => drop(stream),
            _ => {
                if let Ok(permit) = refusals.clone().try_acquire_owned() {
                    tokio::spawn(async move {
                        refuse(stream).await;
                        drop(permit);
                    });
                }
            }
        }
    }
}

/// The connections being served, counted by client (see [`Limits::per_client`]).
#[derive(Clone, Default)]
struct Clients(Arc<std::sync::Mutex<HashMap<IpAddr, usize>>>);

/// One connection counted for its client, until it is dropped.
struct ClientSlot {
    clients: Clients,
    client: IpAddr,
}

impl Clients {
    /// Counts one more connection of the client at `address`, or `None` when it already has `most`.
    fn enter(&self, address: IpAddr, most: usize) -> Option<ClientSlot> {
        let client = client_of(address);
        let mut counts = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let count = counts.entry(client).or_insert(0);
        if *count >= most {
            return None;
        }
        *count += 1;
        Some(ClientSlot { clients: self.clone(), client })
    }
}

impl Drop for ClientSlot {
    fn drop(&mut self) {
        let mut counts = self.clients.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(count) = counts.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.client);
            }
        }
    }
}

/// Whom a connection's address stands for: an IPv4 address itself (an IPv4-mapped IPv6 address too); an IPv6
/// address by its /64 network, the part a device keeps when it changes its address for privacy.
pub(crate) fn client_of(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let network = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(std::net::Ipv6Addr::from(network))
            }
        },
    }
}

/// Which of two futures finished first.
enum Either<A, B> {
    First(A),
    Second(B),
}

/// Waits for the first of two futures. Written here because tokio's `select!` needs tokio's macros feature, a
/// proc-macro crate that builds a second major version of syn (5 s of every clean build) for two uses.
async fn first<A: Future, B: Future>(a: A, b: B) -> Either<A::Output, B::Output> {
    let mut a = std::pin::pin!(a);
    let mut b = std::pin::pin!(b);
    std::future::poll_fn(|cx| {
        if let Poll::Ready(out) = a.as_mut().poll(cx) {
            return Poll::Ready(Either::First(out));
        }
        b.as_mut().poll(cx).map(Either::Second)
    })
    .await
}

/// Answers a connection over the limit with 503 and closes it, reading what the client sent first (closing a
/// socket with unread bytes resets it, and the client might lose the answer). The refusals themselves are
/// bounded: as many at once as [`REFUSALS`], each for at most a second; past that a connection is just closed.
async fn refuse(mut stream: TcpStream) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let answer =
        b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
    let exchange = async {
        stream.write_all(answer).await?;
        stream.shutdown().await?;
        let mut sink = [0u8; 1024];
        let mut read = 0;
        while read < 64 * 1024 {
            match stream.read(&mut sink).await? {
                0 => break,
                n => read += n,
            }
        }
        Ok::<(), std::io::Error>(())
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), exchange).await;
}

/// Refusals answered at once (see [`refuse`]).
const REFUSALS: usize = 64;

/// Serves one connection (a TCP stream, or a TLS stream over one when `https`).
async fn connection<S>(stream: S, peer: IpAddr, board: Board, phones: Arc<Phones>, limits: Limits, https: bool)
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let service = service_fn(move |request: Request<Incoming>| {
        let (board, phones) = (board.clone(), phones.clone());
        async move {
            let response = if crate::phone_http::is_phone(request.uri().path()) {
                crate::phone_http::answer(&phones, request, peer, &limits).await
            } else {
                answer(&board, &request)
            };
            Ok::<_, Infallible>(if https { secure_cookies(response) } else { response })
        }
    });
    let mut builder = http1::Builder::new();
    // hyper refuses a buffer under 8 KiB (its minimum for HTTP/1.1 heads): a smaller limit is raised to it.
    let head_bytes = limits.head_bytes.max(8192);
    builder.timer(TokioTimer::new()).header_read_timeout(limits.head_time).max_buf_size(head_bytes);
    let connection = builder.serve_connection(TokioIo::new(stream), service);
    let mut connection = std::pin::pin!(connection);
    if let Either::Second(()) = first(connection.as_mut(), tokio::time::sleep(limits.connection_time)).await {
        // Let the answer being written finish (within the head time), then close.
        connection.as_mut().graceful_shutdown();
        let _ = tokio::time::timeout(limits.head_time, connection).await;
    }
}

/// The answer to one request.
fn answer<B>(board: &Board, request: &Request<B>) -> Response<Full<Bytes>> {
    let published = board.published();
    let query = request.uri().query().unwrap_or("");
    let lang = language(request, query);
    let path = request.uri().path();
    let ctx = Context { lang, published: &published, switch: switch_links(path, query) };
    if request.method() != Method::GET && request.method() != Method::HEAD {
        let text = ctx.lang.tr(text_id!("board.read_only"));
        let mut response = html(StatusCode::METHOD_NOT_ALLOWED, pages::notice(&ctx, &text), lang);
        response.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return response;
    }
    let has_body = request.headers().contains_key(header::TRANSFER_ENCODING)
        || request
            .headers()
            .get(header::CONTENT_LENGTH)
            .is_some_and(|length| length.to_str().map_or(true, |l| l.trim() != "0"));
    if has_body {
        // Nothing here reads a body: a GET that sends one is not a request for a page.
        let mut response = plain(StatusCode::PAYLOAD_TOO_LARGE, "");
        response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
        return response;
    }
    let response = match path {
        "/" => html(StatusCode::OK, pages::standings(&ctx, &parameter(query, "q")), lang),
        "/seating" => html(StatusCode::OK, pages::seating(&ctx), lang),
        "/clock" => html(StatusCode::OK, pages::clock(&ctx), lang),
        "/teams" => html(StatusCode::OK, pages::teams(&ctx), lang),
        "/find" => html(StatusCode::OK, pages::find(&ctx, &parameter(query, "name")), lang),
        "/standings.json" => json(crate::json::standings(&published)),
        "/seating.json" => json(crate::json::seating(&published)),
        "/stamp" => plain(StatusCode::OK, &published.generation.to_string()),
        "/board.js" | "/phone.js" => {
            let script = if path == "/phone.js" { crate::phone_page::PHONE_SCRIPT } else { pages::SCRIPT };
            let mut response = Response::new(Full::new(Bytes::from_static(script.as_bytes())));
            response
                .headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/javascript; charset=utf-8"));
            response
        }
        _ => match player_page(&ctx, path) {
            Some(page) => html(StatusCode::OK, page, lang),
            None => {
                let text = match path.strip_prefix("/player/") {
                    Some(_) if published.view.is_some() => ctx.lang.tr(text_id!("board.no_player")),
                    _ => ctx.lang.tr(text_id!("board.no_page")),
                };
                html(StatusCode::NOT_FOUND, pages::notice(&ctx, &text), lang)
            }
        },
    };
    remember_language(response, query)
}

/// `response` with every cookie it sets marked `Secure`: a phone that reached the board over HTTPS then never
/// sends the board's cookies (the phone's, which its form tokens are bound to, and the language) where the
/// hall's network could read them.
fn secure_cookies(mut response: Response<Full<Bytes>>) -> Response<Full<Bytes>> {
    let headers = response.headers_mut();
    if !headers.contains_key(header::SET_COOKIE) {
        return response;
    }
    let secured: Vec<HeaderValue> = headers
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|cookie| HeaderValue::from_bytes(&[cookie.as_bytes(), b"; Secure"].concat()).ok())
        .collect();
    headers.remove(header::SET_COOKIE);
    for cookie in secured {
        headers.append(header::SET_COOKIE, cookie);
    }
    response
}

/// `response` with the language chosen by the switch (`?lang=it`) remembered by the phone for the board's
/// other pages (nothing is kept here).
pub(crate) fn remember_language(mut response: Response<Full<Bytes>>, query: &str) -> Response<Full<Bytes>> {
    if let Some(lang) = chosen_language(query) {
        let cookie = format!("lang={}; Path=/; Max-Age=2592000; SameSite=Lax", lang.code());
        if let Ok(cookie) = HeaderValue::from_str(&cookie) {
            response.headers_mut().append(header::SET_COOKIE, cookie);
        }
    }
    response
}

fn player_page(ctx: &Context<'_>, path: &str) -> Option<maud::Markup> {
    let id: i64 = path.strip_prefix("/player/")?.parse().ok()?;
    let view = ctx.published.view.as_deref()?;
    let card = view.cards.get(&id)?;
    Some(pages::player(ctx, view, id, card))
}

/// The headers every answer carries: nothing cached (the data move), nothing loaded from elsewhere, no
/// address of the board passed on to another site.
fn secure(mut response: Response<Full<Bytes>>) -> Response<Full<Bytes>> {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; connect-src 'self'; \
             form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
        ),
    );
    response
}

pub(crate) fn html(status: StatusCode, page: maud::Markup, lang: Lang) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(page.into_string())));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    headers.insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(lang.code()));
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Language, Cookie"));
    secure(response)
}

fn plain(status: StatusCode, text: &str) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(text.to_owned())));
    *response.status_mut() = status;
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    secure(response)
}

fn json(body: Result<Vec<u8>, serde_json::Error>) -> Response<Full<Bytes>> {
    let Ok(body) = body else { return plain(StatusCode::INTERNAL_SERVER_ERROR, "") };
    let mut response = Response::new(Full::new(Bytes::from(body)));
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    secure(response)
}

/// A query parameter's value, decoded, cut to [`MAX_QUERY_CHARS`] (empty when absent).
fn parameter(query: &str, name: &str) -> String {
    form_urlencoded::parse(query.as_bytes())
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.chars().take(MAX_QUERY_CHARS).collect())
        .unwrap_or_default()
}

/// The language asked for by the switch (`?lang=it`), if any.
fn chosen_language(query: &str) -> Option<Lang> {
    match parameter(query, "lang").as_str() {
        "it" => Some(Lang::It),
        "en" => Some(Lang::En),
        _ => None,
    }
}

/// The page's language: the switch, then the phone's remembered choice, then the browser's languages in their
/// order of preference; English for a browser that names neither (a visitor from abroad).
pub(crate) fn language<B>(request: &Request<B>, query: &str) -> Lang {
    if let Some(lang) = chosen_language(query) {
        return lang;
    }
    let headers = request.headers();
    let cookie = headers.get_all(header::COOKIE).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(';'));
    for pair in cookie {
        match pair.trim() {
            "lang=it" => return Lang::It,
            "lang=en" => return Lang::En,
            _ => {}
        }
    }
    let accepted = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or("");
    browser_language(accepted)
}

/// The first of Italian and English in an `Accept-Language` header, by quality then order.
fn browser_language(accepted: &str) -> Lang {
    let mut best: Option<(u32, Lang)> = None;
    for item in accepted.split(',').take(32) {
        let mut parts = item.split(';');
        let tag = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        let quality = parts
            .filter_map(|p| p.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .map_or(1000, |q| (q.clamp(0.0, 1.0) * 1000.0) as u32);
        let lang = match tag.split('-').next() {
            Some("it") => Lang::It,
            Some("en") => Lang::En,
            _ => continue,
        };
        if quality > 0 && best.is_none_or(|(q, _)| quality > q) {
            best = Some((quality, lang));
        }
    }
    best.map_or(Lang::En, |(_, lang)| lang)
}

/// This page in each language: its path and query with `lang` set.
fn switch_links(path: &str, query: &str) -> [(Lang, String); 2] {
    let link = |lang: Lang| {
        let mut query: String = form_urlencoded::Serializer::new(String::new())
            .extend_pairs(form_urlencoded::parse(query.as_bytes()).filter(|(key, _)| key != "lang").take(8))
            .finish();
        if !query.is_empty() {
            query.push('&');
        }
        let path = if path.starts_with('/') && path.len() < 200 { path } else { "/" };
        format!("{path}?{query}lang={}", lang.code())
    };
    [(Lang::It, link(Lang::It)), (Lang::En, link(Lang::En))]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_is_counted_by_its_address_and_an_ipv6_one_by_its_network() {
        let clients = Clients::default();
        let phone: IpAddr = "192.168.1.20".parse().expect("v4");
        let held: Vec<_> = (0..3).map(|_| clients.enter(phone, 3).expect("within the limit")).collect();
        assert!(clients.enter(phone, 3).is_none(), "a fourth from the same phone");
        assert!(clients.enter("192.168.1.21".parse().expect("v4"), 3).is_some(), "another phone");
        drop(held);
        assert!(clients.enter(phone, 3).is_some(), "counted down as its connections close");
        let mapped: IpAddr = "::ffff:192.168.1.20".parse().expect("mapped");
        assert_eq!(client_of(mapped), phone);
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().expect("v6");
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().expect("v6");
        let c: IpAddr = "2001:db8:1:3::1".parse().expect("v6");
        assert_eq!(client_of(a), client_of(b), "one /64 is one client");
        assert_ne!(client_of(a), client_of(c));
    }

    #[test]
    fn over_https_every_cookie_is_secure_and_none_is_lost() {
        let mut response = remember_language(plain(StatusCode::OK, ""), "lang=it");
        response.headers_mut().append(header::SET_COOKIE, HeaderValue::from_static("phone=ab; HttpOnly"));
        let secured = secure_cookies(response);
        let cookies: Vec<_> = secured.headers().get_all(header::SET_COOKIE).iter().collect();
        assert_eq!(cookies.len(), 2);
        assert!(cookies.iter().all(|c| c.as_bytes().ends_with(b"; Secure")), "{cookies:?}");
        assert!(!secure_cookies(plain(StatusCode::OK, "")).headers().contains_key(header::SET_COOKIE));
    }

    #[test]
    fn the_browser_language_is_the_preferred_of_italian_and_english() {
        assert_eq!(browser_language("it-IT,it;q=0.9,en-US;q=0.8"), Lang::It);
        assert_eq!(browser_language("en-GB,en;q=0.9,it;q=0.5"), Lang::En);
        assert_eq!(browser_language("de-DE,de;q=0.9,it;q=0.7,en;q=0.3"), Lang::It);
        assert_eq!(browser_language("fr;q=1, en;q=0.2, it;q=0.4"), Lang::It);
        assert_eq!(browser_language("de"), Lang::En);
        assert_eq!(browser_language(""), Lang::En);
        assert_eq!(browser_language("it;q=0, en;q=0.1"), Lang::En);
    }

    #[test]
    fn the_switch_keeps_the_query_and_sets_the_language() {
        let [(_, it), (_, en)] = switch_links("/find", "name=Ann%20a&lang=en");
        assert_eq!(it, "/find?name=Ann+a&lang=it");
        assert_eq!(en, "/find?name=Ann+a&lang=en");
    }

    #[test]
    fn a_parameter_is_decoded_and_cut() {
        assert_eq!(parameter("q=%3Cscript%3E&x=1", "q"), "<script>");
        assert_eq!(parameter(&format!("q={}", "a".repeat(500)), "q").len(), MAX_QUERY_CHARS);
        assert_eq!(parameter("x=1", "q"), "");
    }
}
