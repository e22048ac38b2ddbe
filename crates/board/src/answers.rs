//! What every answer of the board shares, the read-only pages' and the tables' alike: the server's bounds,
//! whom a connection's address stands for, the headers every page carries, and the reader's language.

use std::net::IpAddr;
use std::time::Duration;

use http_body_util::Full;
use hyper::body::Bytes;
use hyper::header::{self, HeaderValue};
use hyper::{Request, Response, StatusCode};
use stecca_core::i18n::Lang;

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
    /// within 10 s, with 400 tables' requests waiting at most (a hall of 100 tables, every seat's phone opening
    /// its table's page at the same moment: the load bench's 100 at once took 0.3 s to answer).
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
            phone_queue: 400,
        }
    }
}

/// The longest search a page accepts, in characters (a name is shorter; anything longer is cut).
pub(crate) const MAX_QUERY_CHARS: usize = 100;

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

/// The headers every answer carries: nothing cached (the data move), nothing loaded from elsewhere, no
/// address of the board passed on to another site.
pub(crate) fn secure(mut response: Response<Full<Bytes>>) -> Response<Full<Bytes>> {
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

pub(crate) fn plain(status: StatusCode, text: &str) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(text.to_owned())));
    *response.status_mut() = status;
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    secure(response)
}

pub(crate) fn json(body: Result<Vec<u8>, serde_json::Error>) -> Response<Full<Bytes>> {
    let Ok(body) = body else { return plain(StatusCode::INTERNAL_SERVER_ERROR, "") };
    let mut response = Response::new(Full::new(Bytes::from(body)));
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    secure(response)
}

/// A query parameter's value, decoded, cut to [`MAX_QUERY_CHARS`] (empty when absent).
pub(crate) fn parameter(query: &str, name: &str) -> String {
    form_urlencoded::parse(query.as_bytes())
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.chars().take(MAX_QUERY_CHARS).collect())
        .unwrap_or_default()
}

/// The language asked for by the switch (`?lang=it`), if the desk speaks it.
pub(crate) fn chosen_language(query: &str) -> Option<Lang> {
    Lang::parse(&parameter(query, "lang"))
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
        if let Some(lang) = pair.trim().strip_prefix("lang=").and_then(Lang::parse) {
            return lang;
        }
    }
    let accepted = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or("");
    browser_language(accepted)
}

/// The language a browser weighs most among those the desk speaks (its first 32 choices); English for one that
/// names none of them.
pub(crate) fn browser_language(accepted: &str) -> Lang {
    let first: String = accepted.split(',').take(32).collect::<Vec<_>>().join(",");
    Lang::from_accept_language(&first).unwrap_or(Lang::ENGLISH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_browser_language_is_the_preferred_of_those_the_desk_speaks() {
        assert_eq!(browser_language("it-IT,it;q=0.9,en-US;q=0.8"), Lang::ITALIAN);
        assert_eq!(browser_language("en-GB,en;q=0.9,it;q=0.5"), Lang::ENGLISH);
        assert_eq!(browser_language("de-DE,de;q=0.9,it;q=0.7,en;q=0.3"), Lang::ITALIAN);
        assert_eq!(browser_language("de;q=1, en;q=0.2, it;q=0.4"), Lang::ITALIAN);
        assert_eq!(browser_language("de"), Lang::ENGLISH);
        assert_eq!(browser_language(""), Lang::ENGLISH);
        assert_eq!(browser_language("it;q=0, en;q=0.1"), Lang::ENGLISH);
    }

    #[test]
    fn a_parameter_is_decoded_and_cut() {
        assert_eq!(parameter("q=%3Cscript%3E&x=1", "q"), "<script>");
        assert_eq!(parameter(&format!("q={}", "a".repeat(500)), "q").len(), MAX_QUERY_CHARS);
        assert_eq!(parameter("x=1", "q"), "");
    }
}
