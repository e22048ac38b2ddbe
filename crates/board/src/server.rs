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

pub use crate::answers::Limits;
use crate::answers::{client_of, html, json, language, parameter, plain, remember_language};
use crate::feed::Board;
use crate::pages::{self, Context};
use crate::phone::Phones;

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

fn player_page(ctx: &Context<'_>, path: &str) -> Option<maud::Markup> {
    let id: i64 = path.strip_prefix("/player/")?.parse().ok()?;
    let view = ctx.published.view.as_deref()?;
    let card = view.cards.get(&id)?;
    Some(pages::player(ctx, view, id, card))
}

/// This page in each language: its path and query with `lang` set.
fn switch_links(path: &str, query: &str) -> Vec<(Lang, String)> {
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
    Lang::all().map(|lang| (lang, link(lang))).collect()
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
    fn the_switch_keeps_the_query_and_sets_the_language() {
        let links = switch_links("/find", "name=Ann%20a&lang=en");
        assert_eq!(links.len(), Lang::all().count());
        let link = |lang: Lang| links.iter().find(|(l, _)| *l == lang).map(|(_, href)| href.as_str());
        assert_eq!(link(Lang::ITALIAN), Some("/find?name=Ann+a&lang=it"));
        assert_eq!(link(Lang::ENGLISH), Some("/find?name=Ann+a&lang=en"));
    }
}
