//! `/t/TOKEN`: a table's page and its form over HTTP. GET (and HEAD) show the table; POST previews or sends the
//! form. Before the database is asked anything: a blocked address is refused (429), a post must come from
//! this board's page (its `Origin`, when sent, is this board), within the posts allowed per minute (429), with
//! a body of bounded size read in bounded time (413, 408), carrying the form token of this phone's cookie
//! (403). A token that opens no table is 404, the same page whichever way it is wrong, and counted.

use std::net::IpAddr;
use std::time::Instant;

use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use stecca_core::i18n::Lang;
use stecca_core::msg;
use stecca_core::text_id;

use crate::answers::{Limits, client_of, html, language, remember_language};
use crate::phone::{Ask, COOKIE, Csrf, Fault, Phones, sender};
use crate::phone_page::{self, PhoneCtx};

/// The longest token looked up (the desk's are 40 characters; anything longer opens nothing).
const MAX_TOKEN: usize = 128;
/// The most fields read from a posted form (the largest ruleset's form has about 60).
const MAX_PAIRS: usize = 400;
/// The longest PIN read.
const MAX_PIN: usize = 16;

/// Whether `path` is a table's page (or meant to be).
pub(crate) fn is_phone(path: &str) -> bool {
    path == "/t" || path.starts_with("/t/")
}

/// The answer to a request for `/t/…` from `peer`.
pub(crate) async fn answer(
    phones: &Phones,
    request: Request<Incoming>,
    peer: IpAddr,
    limits: &Limits,
) -> Response<Full<Bytes>> {
    let query = request.uri().query().unwrap_or("").to_owned();
    let path = request.uri().path().to_owned();
    let lang = language(&request, &query);
    // The switch links to this same page by a query alone: a page says nothing of the token it was asked with
    // (a wrong token's page is the same whichever token).
    let switch = Lang::all().map(|l| (l, format!("?lang={}", l.code()))).collect();
    let page = Page { lang, switch, path: path.clone() };
    let client = client_of(peer);
    let now = Instant::now();
    let response = if let Some(left) = phones.guard.blocked(client, now) {
        let minutes = left.as_secs().div_ceil(60).max(1);
        let mut response =
            page.notice(StatusCode::TOO_MANY_REQUESTS, &msg!("board.phone.blocked", minutes = minutes).render(lang));
        if let Ok(after) = HeaderValue::from_str(&left.as_secs().max(1).to_string()) {
            response.headers_mut().insert(header::RETRY_AFTER, after);
        }
        response
    } else {
        match token_of(&path) {
            None => page.not_found(phones, client, now),
            Some(token) => table(phones, request, peer, limits, &page, token).await,
        }
    };
    remember_language(response, &query)
}

/// The token in `/t/TOKEN`, when it has a token's shape.
fn token_of(path: &str) -> Option<String> {
    let token = path.strip_prefix("/t/")?;
    let shaped = !token.is_empty() && token.len() <= MAX_TOKEN && token.bytes().all(|b| b.is_ascii_hexdigit());
    shaped.then(|| token.to_owned())
}

/// The page being answered: its language and path.
struct Page {
    lang: Lang,
    switch: Vec<(Lang, String)>,
    path: String,
}

impl Page {
    fn ctx<'a>(&'a self, csrf: &'a str) -> PhoneCtx<'a> {
        PhoneCtx { lang: self.lang, switch: self.switch.clone(), action: &self.path, csrf }
    }

    fn notice(&self, status: StatusCode, text: &str) -> Response<Full<Bytes>> {
        phone_headers(html(status, phone_page::notice(&self.ctx(""), text), self.lang))
    }

    fn says(&self, status: StatusCode, id: &'static str) -> Response<Full<Bytes>> {
        self.notice(status, &self.lang.tr(id))
    }

    /// The one page of a token that opens nothing, counted against the client.
    fn not_found(&self, phones: &Phones, client: IpAddr, now: Instant) -> Response<Full<Bytes>> {
        phones.guard.wrong_token(client, now);
        self.says(StatusCode::NOT_FOUND, text_id!("board.phone.no_table"))
    }
}

/// The table's page (GET, HEAD) or a post of its form.
async fn table(
    phones: &Phones,
    request: Request<Incoming>,
    peer: IpAddr,
    limits: &Limits,
    page: &Page,
    token: String,
) -> Response<Full<Bytes>> {
    let client = client_of(peer);
    let Some(csrf) = &phones.csrf else {
        return page.says(StatusCode::SERVICE_UNAVAILABLE, text_id!("board.phone.no_writer"));
    };
    let method = request.method().clone();
    let (cookie, new_cookie) = match phone_cookie(&request) {
        Some(cookie) => (cookie, false),
        None => match csrf.new_cookie() {
            Some(cookie) => (cookie, true),
            None => return page.says(StatusCode::SERVICE_UNAVAILABLE, text_id!("board.phone.no_writer")),
        },
    };
    let ask = if method == Method::GET || method == Method::HEAD {
        if has_body(&request) {
            return page.says(StatusCode::PAYLOAD_TOO_LARGE, text_id!("board.phone.too_large"));
        }
        Ask::Show
    } else if method == Method::POST {
        if new_cookie {
            // No cookie: the page was not loaded by this browser (or it refuses cookies).
            return page.says(StatusCode::FORBIDDEN, text_id!("board.phone.forbidden"));
        }
        match posted(phones, request, peer, limits, page, csrf, &cookie, &token).await {
            Ok(ask) => ask,
            Err(refused) => return refused,
        }
    } else {
        let mut response = page.says(StatusCode::METHOD_NOT_ALLOWED, text_id!("board.phone.method"));
        response.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, HEAD, POST"));
        return response;
    };
    let answer = phones.ask(&token, ask, limits.phone_time).await;
    let mut response = match answer {
        Ok(table) => {
            let form_token = csrf.form_token(&cookie, &token);
            let markup = phone_page::table(&page.ctx(&form_token), &table);
            phone_headers(html(StatusCode::OK, markup, page.lang))
        }
        Err(Fault::NotFound) => page.not_found(phones, client, Instant::now()),
        Err(Fault::Busy) => {
            let mut response = page.says(StatusCode::SERVICE_UNAVAILABLE, text_id!("board.phone.busy"));
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
            response
        }
        Err(Fault::Trouble(why)) => page.notice(StatusCode::SERVICE_UNAVAILABLE, &why.render(page.lang)),
    };
    if new_cookie {
        // Only for the tables' pages, never sent by another site's page, never read by a script.
        let cookie = format!("{COOKIE}={cookie}; Path=/t/; Max-Age=86400; HttpOnly; SameSite=Strict");
        if let Ok(cookie) = HeaderValue::from_str(&cookie) {
            response.headers_mut().append(header::SET_COOKIE, cookie);
        }
    }
    response
}

/// What a post asks, or the refusal: too many posts, another site's page, too large or too slow, a form
/// without this phone's token.
#[allow(clippy::too_many_arguments)]
async fn posted(
    phones: &Phones,
    request: Request<Incoming>,
    peer: IpAddr,
    limits: &Limits,
    page: &Page,
    csrf: &Csrf,
    cookie: &str,
    token: &str,
) -> Result<Ask, Response<Full<Bytes>>> {
    if !phones.guard.may_post(client_of(peer), Instant::now()) {
        let mut response = page.says(StatusCode::TOO_MANY_REQUESTS, text_id!("board.phone.too_often"));
        response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("60"));
        return Err(response);
    }
    if !same_origin(&request) {
        return Err(page.says(StatusCode::FORBIDDEN, text_id!("board.phone.forbidden")));
    }
    let declared = request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok());
    if declared.is_some_and(|length| length.trim().parse::<u64>().map_or(true, |n| n > limits.body_bytes as u64)) {
        return Err(close(page.says(StatusCode::PAYLOAD_TOO_LARGE, text_id!("board.phone.too_large"))));
    }
    let agent = request.headers().get(header::USER_AGENT).and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
    let body = Limited::new(request.into_body(), limits.body_bytes);
    let bytes = match tokio::time::timeout(limits.body_time, body.collect()).await {
        Ok(Ok(collected)) => collected.to_bytes(),
        Ok(Err(error)) if error.downcast_ref::<LengthLimitError>().is_some() => {
            return Err(close(page.says(StatusCode::PAYLOAD_TOO_LARGE, text_id!("board.phone.too_large"))));
        }
        Ok(Err(_)) => return Err(close(page.says(StatusCode::BAD_REQUEST, text_id!("board.phone.too_slow")))),
        Err(_) => return Err(close(page.says(StatusCode::REQUEST_TIMEOUT, text_id!("board.phone.too_slow")))),
    };
    let pairs: Vec<(String, String)> =
        form_urlencoded::parse(&bytes).take(MAX_PAIRS).map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
    let value = |name: &str| pairs.iter().find(|(key, _)| key == name).map(|(_, v)| v.as_str());
    if !csrf.check(cookie, token, value("csrf").unwrap_or("")) {
        return Err(page.says(StatusCode::FORBIDDEN, text_id!("board.phone.forbidden")));
    }
    let number = value("number").and_then(|n| n.trim().parse::<u32>().ok()).unwrap_or(0);
    let send = value("do") == Some("send");
    if !send {
        return Ok(Ask::Preview { number, pairs });
    }
    let pins =
        (0..8).map(|position| value(&format!("pin{position}")).unwrap_or("").chars().take(MAX_PIN).collect()).collect();
    Ok(Ask::Send { number, pairs, pins, sender: sender(peer, &agent) })
}

/// Whether a post comes from this board's own page: its `Sec-Fetch-Site`, when the browser sends one, says so,
/// and its `Origin`, when sent, is this board (`Origin: null`, a sandboxed or local page, is not).
fn same_origin<B>(request: &Request<B>) -> bool {
    let headers = request.headers();
    // A browser that says where a request comes from (Sec-Fetch-Site) must say this board itself: a second
    // defence beside the Origin, which another port of the same host would pass as "same-site".
    let site = headers.get("sec-fetch-site").map(|v| v.to_str().unwrap_or(""));
    if site.is_some_and(|site| site != "same-origin") {
        return false;
    }
    let Some(origin) = headers.get(header::ORIGIN) else { return true };
    let (Ok(origin), Some(host)) = (origin.to_str(), headers.get(header::HOST).and_then(|h| h.to_str().ok())) else {
        return false;
    };
    let host = host.trim().to_ascii_lowercase();
    let origin = origin.trim().to_ascii_lowercase();
    !host.is_empty() && (origin == format!("http://{host}") || origin == format!("https://{host}"))
}

/// The phone's cookie, when it has one of the board's shape.
fn phone_cookie<B>(request: &Request<B>) -> Option<String> {
    let prefix = format!("{COOKIE}=");
    request
        .headers()
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().strip_prefix(prefix.as_str()))
        .find(|value| Csrf::is_cookie(value))
        .map(str::to_owned)
}

/// Whether a GET carries a body.
fn has_body<B>(request: &Request<B>) -> bool {
    let headers = request.headers();
    headers.contains_key(header::TRANSFER_ENCODING)
        || headers.get(header::CONTENT_LENGTH).is_some_and(|length| length.to_str().map_or(true, |l| l.trim() != "0"))
}

/// The headers of a table's page beside the board's: its own address kept from other sites (the form's post
/// needs the `Origin` the browser sends only under a referrer policy that is not `no-referrer`: with it,
/// Chromium says `Origin: null`), and nothing of it kept by a search engine.
fn phone_headers(mut response: Response<Full<Bytes>>) -> Response<Full<Bytes>> {
    let headers = response.headers_mut();
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    response
}

/// The answer with the connection closed after it (a body not read is not waited for).
fn close(mut response: Response<Full<Bytes>>) -> Response<Full<Bytes>> {
    response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(headers: &[(&str, &str)]) -> Request<()> {
        let mut request = Request::builder().method("POST").uri("/t/ab");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.body(()).expect("request")
    }

    #[test]
    fn a_post_is_accepted_only_from_this_boards_origin() {
        assert!(same_origin(&with(&[("host", "sala:8080")])), "no Origin: an older browser");
        assert!(same_origin(&with(&[("host", "sala:8080"), ("origin", "http://sala:8080")])));
        assert!(same_origin(&with(&[("host", "Sala:8080"), ("origin", "https://sala:8080")])));
        assert!(!same_origin(&with(&[("host", "sala:8080"), ("origin", "http://evil.example")])));
        assert!(!same_origin(&with(&[("host", "sala:8080"), ("origin", "null")])));
        assert!(!same_origin(&with(&[("origin", "http://sala:8080")])), "no Host to compare");
        let own = [("host", "sala:8080"), ("origin", "http://sala:8080")];
        assert!(same_origin(&with(&[own[0], own[1], ("sec-fetch-site", "same-origin")])));
        for site in ["same-site", "cross-site", "none"] {
            assert!(!same_origin(&with(&[own[0], own[1], ("sec-fetch-site", site)])), "{site}");
        }
    }

    #[test]
    fn only_a_hexadecimal_token_is_looked_up() {
        assert_eq!(token_of("/t/abcd09").as_deref(), Some("abcd09"));
        assert_eq!(token_of("/t/"), None);
        assert_eq!(token_of("/t/ab/cd"), None);
        assert_eq!(token_of("/t/<script>"), None);
        assert_eq!(token_of(&format!("/t/{}", "a".repeat(MAX_TOKEN + 1))), None);
        assert!(is_phone("/t") && is_phone("/t/x") && !is_phone("/table"));
    }
}
