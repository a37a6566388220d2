//! The security headers (`web::headers`) on every kind of response the server gives: pages, the
//! API's JSON, static files, redirects, the 404s of pages, files and the API, the errors of
//! handlers and of axum's own layers (405, 415), a server error (500), compressed answers, a
//! live game's event stream, the `--metrics-listen` router; and HSTS only with `--secure-cookies`.
//! A browser's view of the same policy (no page breaks it) is in `web_browser.rs`.

mod common;

use axum::body::Body;
use axum::http::{header, HeaderMap, Request, StatusCode};
use botarena::config::WebConfig;
use botarena::db::users::Role;
use botarena::judge::result::BotId;
use common::*;

mod game_fixtures;
use game_fixtures::*;

/// The policy, spelled out here rather than read from the code, so that weakening it fails.
const CSP: &str =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; \
                   connect-src 'self'; manifest-src 'self'; form-action 'self'; frame-ancestors 'none'; \
                   base-uri 'none'; object-src 'none'";

/// The headers every response must carry, and HSTS exactly when `https`.
fn check(what: &str, headers: &HeaderMap, https: bool) {
    let get = |name: &header::HeaderName| {
        let all: Vec<_> = headers.get_all(name).iter().map(|v| v.to_str().unwrap().to_string()).collect();
        assert!(all.len() <= 1, "{what}: {name} sent {} times: {all:?}", all.len());
        all.into_iter().next()
    };
    assert_eq!(get(&header::CONTENT_SECURITY_POLICY).as_deref(), Some(CSP), "{what}: {headers:?}");
    assert_eq!(get(&header::X_FRAME_OPTIONS).as_deref(), Some("DENY"), "{what}");
    assert_eq!(get(&header::X_CONTENT_TYPE_OPTIONS).as_deref(), Some("nosniff"), "{what}");
    assert_eq!(get(&header::REFERRER_POLICY).as_deref(), Some("same-origin"), "{what}");
    let hsts = get(&header::STRICT_TRANSPORT_SECURITY);
    if https {
        assert_eq!(hsts.as_deref(), Some("max-age=31536000"), "{what}");
    } else {
        assert_eq!(hsts, None, "{what}: HSTS without --secure-cookies");
    }
}

/// A request straight to the router, with these headers.
async fn raw(app: &TestApp, method: &str, uri: &str, headers: &[(&str, &str)], body: &'static str) -> Resp {
    let mut req = Request::builder().method(method).uri(uri);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    send(&app.router, req.body(Body::from(body)).unwrap()).await
}

/// Every response kind of one server, `https` as its `--secure-cookies`.
async fn every_kind_of_response_carries_the_headers(https: bool) {
    let app = setup_with(WebConfig { secure_cookies: https, ..WebConfig::default() }).await;
    let (ada, bob) = (app.user("ada", Role::Student).await, app.user("bob", Role::Student).await);
    let token = app.token(ada).await;
    app.contest("c4", &[]).await;
    let m = finished_match(&app, "c4", ada, bob, &[connect4_win(0, [BotId::A, BotId::B])]).await;
    let mut anonymous = app.client();
    let mut student = app.logged_in("ada").await;
    let mut seen = Vec::new();
    let mut expect = |what: &str, r: &Resp, status: StatusCode| {
        assert_eq!(r.status, status, "{what}: {}", r.body);
        check(what, &r.headers, https);
        seen.push(what.to_string());
    };

    // Pages, logged out and in, and the redirects between them.
    expect("login page", &anonymous.get("/login").await, StatusCode::OK);
    expect("redirect from /", &anonymous.get("/").await, StatusCode::SEE_OTHER);
    let r = student.get("/contests/c4").await;
    assert!(r.headers[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/html"));
    expect("contest page", &r, StatusCode::OK);
    expect("game page", &student.get(&format!("/games/{}", m.games[0])).await, StatusCode::OK);
    expect("scoreboard", &student.get("/contests/c4/scoreboard").await, StatusCode::OK);
    expect("download", &student.get(&format!("/games/{}/log", m.games[0])).await, StatusCode::OK);
    let r = student.submit_form("/profile/nickname", &[("nickname", "")]).await;
    assert!(r.status.is_client_error() || r.status.is_redirection() || r.status.is_success());
    check("a refused form", &r.headers, https);
    let r = student.post_form("/logout", &[("csrf", "wrong")]).await;
    expect("a form without its CSRF token", &r, StatusCode::FORBIDDEN);

    // The API's JSON, its errors and its description.
    let r = app.api("GET", "/api/contests", Some(&token), None).await;
    assert!(r.headers[header::CONTENT_TYPE].to_str().unwrap().starts_with("application/json"));
    expect("API JSON", &r, StatusCode::OK);
    expect("API without a token", &app.api("GET", "/api/queue", None, None).await, StatusCode::UNAUTHORIZED);
    expect("API 404", &app.api("GET", "/api/contests/nope", Some(&token), None).await, StatusCode::NOT_FOUND);
    expect("OpenAPI document", &app.api("GET", "/api/openapi.json", None, None).await, StatusCode::OK);
    let bearer = format!("Bearer {token}");
    let r = raw(&app, "POST", "/api/tokens", &[("authorization", &bearer)], "{}").await;
    expect("API body without its content type", &r, StatusCode::BAD_REQUEST);
    let json = [("authorization", bearer.as_str()), ("content-type", "application/json")];
    expect(
        "API body that does not parse",
        &raw(&app, "POST", "/api/tokens", &json, "{").await,
        StatusCode::BAD_REQUEST,
    );
    let r = app.api("POST", "/api/contests/c4/scoreboard/refresh", Some(&token), None).await;
    expect("API forbidden", &r, StatusCode::FORBIDDEN);

    // Static files, found and not, and a name too long for any file system.
    let r = anonymous.get("/static/style.css").await;
    assert!(r.headers[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/css"));
    expect("stylesheet", &r, StatusCode::OK);
    expect("script", &anonymous.get("/static/replay.js").await, StatusCode::OK);
    expect("static 404", &anonymous.get("/static/nope.js").await, StatusCode::NOT_FOUND);
    expect(
        "static long name",
        &anonymous.get(&format!("/static/{}", "x".repeat(300))).await,
        StatusCode::NOT_FOUND,
    );

    // The fallback's 404, a method the route does not have (axum's 405), an admin page (403).
    expect("page 404", &anonymous.get("/no/such/page").await, StatusCode::NOT_FOUND);
    expect("405", &raw(&app, "DELETE", "/login", &[], "").await, StatusCode::METHOD_NOT_ALLOWED);
    expect("403", &student.get("/admin/users").await, StatusCode::FORBIDDEN);
    expect("bad path", &student.get("/games/x").await, StatusCode::NOT_FOUND);
    expect("HEAD", &raw(&app, "HEAD", "/login", &[], "").await, StatusCode::OK);

    // Compressed: the headers are on the compressed answer.
    let r = raw(&app, "GET", "/static/replay.js", &[("accept-encoding", "gzip")], "").await;
    assert_eq!(r.headers.get(header::CONTENT_ENCODING).map(|v| v.to_str().unwrap()), Some("gzip"));
    expect("gzip", &r, StatusCode::OK);

    // A game being played: its page, and the stream of its moves.
    sqlx::query("update games set status = 'running', result = null where id = $1")
        .bind(m.games[0])
        .execute(&app.pool)
        .await
        .unwrap();
    expect("live game page", &student.get(&format!("/games/{}", m.games[0])).await, StatusCode::OK);
    let live = student.raw_get(&format!("/games/{}/live", m.games[0])).await;
    assert_eq!(live.status(), StatusCode::OK);
    assert!(live.headers()[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/event-stream"));
    check("event stream", live.headers(), https);
    drop(live);

    // The metrics listener's own router: the headers, never HSTS (it is plain HTTP for a scraper).
    let metrics = botarena::web::metrics::standalone(app.pool.clone());
    let r = send(&metrics, Request::get("/metrics").body(Body::empty()).unwrap()).await;
    assert_eq!(r.status, StatusCode::OK);
    check("--metrics-listen", &r.headers, false);

    // The server's own failure: with the database gone, pages and the API answer 500.
    app.pool.close().await;
    let r = student.get("/contests").await;
    expect("500 page", &r, StatusCode::INTERNAL_SERVER_ERROR);
    assert!(!r.body.contains("closed"), "no internals in the page: {}", r.body);
    let r = app.api("GET", "/api/contests", Some(&token), None).await;
    expect("500 API", &r, StatusCode::INTERNAL_SERVER_ERROR);
    assert!(seen.len() >= 25, "{seen:?}");
}

#[tokio::test]
async fn every_kind_of_response_carries_the_security_headers_and_no_hsts_over_plain_http() {
    every_kind_of_response_carries_the_headers(false).await;
}

#[tokio::test]
async fn with_secure_cookies_every_response_also_carries_hsts() {
    every_kind_of_response_carries_the_headers(true).await;
}

/// A real server on a port: the headers are on the wire, on a page and a 404 of the same
/// connection's kind, as a browser gets them.
#[tokio::test]
async fn the_headers_are_on_the_wire() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = setup().await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = app.router.clone();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    for (path, status) in [("/login", "200"), ("/nope", "404"), ("/static/style.css", "200")] {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
        s.write_all(req.as_bytes()).await.unwrap();
        let mut raw = Vec::new();
        s.read_to_end(&mut raw).await.unwrap();
        let text = String::from_utf8_lossy(&raw).to_ascii_lowercase();
        let head = text.split("\r\n\r\n").next().unwrap();
        assert!(head.starts_with(&format!("http/1.1 {status}")), "{head}");
        for line in [
            format!("content-security-policy: {}", CSP.to_ascii_lowercase()),
            "x-frame-options: deny".into(),
            "x-content-type-options: nosniff".into(),
            "referrer-policy: same-origin".into(),
        ] {
            assert!(head.lines().any(|l| l == line), "{path}: no `{line}` in\n{head}");
        }
        assert!(!head.contains("strict-transport-security"), "{head}");
    }
}
