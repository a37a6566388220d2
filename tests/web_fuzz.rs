//! Bad input never gets a 5xx: every route of the router, with every method it answers, as every
//! role (anonymous, a student's and an admin's session, a student's and an admin's API token),
//! with a corpus of bad path segments, query strings, form and JSON bodies and headers.
//!
//! [`ROUTES`] is the one list of routes; `the_fuzz_list_is_exactly_the_routers_routes` reads the
//! router's own table (its `Debug` form) and fails when a route is missing here, so a new route
//! cannot be forgotten. Methods are asked of the router too (the `Allow` header of a 405).

mod common;
mod game_fixtures;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use botarena::db::users::Role;
use botarena::judge::result::BotId;
use common::*;
use game_fixtures::*;
use std::collections::BTreeSet;

/// Every route of `botarena::web::app`, as the router spells it.
const ROUTES: &[&str] = &[
    "/",
    "/login",
    "/logout",
    "/welcome",
    "/profile",
    "/profile/nickname",
    "/profile/password",
    "/profile/tokens",
    "/profile/tokens/{id}/revoke",
    "/contests",
    "/contests/{slug}",
    "/contests/{slug}/mine",
    "/contests/{slug}/submissions",
    "/contests/{slug}/rules",
    "/contests/{slug}/starters/{language}",
    "/contests/{slug}/scoreboard",
    "/contests/{slug}/scoreboard/matrix",
    "/contests/{slug}/submissions/{id}/matches",
    "/contests/{slug}/play",
    "/practice/{id}",
    "/contests/{slug}/test-matches",
    "/test-matches/{id}",
    "/download/botarena",
    "/submissions/{id}",
    "/submissions/{id}/progress",
    "/games/{id}",
    "/games/{id}/log",
    "/games/{id}/live",
    "/admin/users",
    "/admin/users/reset-password",
    "/admin/users/disable",
    "/admin/users/enable",
    "/admin/contests/new",
    "/admin/contests/{slug}/settings",
    "/admin/contests/{slug}/rejudge",
    "/admin/submissions/{id}/rejudge",
    "/admin/contests/{slug}/freeze",
    "/admin/contests/{slug}/unfreeze",
    "/admin/contests/{slug}/standings.csv",
    "/admin/contests/{slug}/sources.zip",
    "/admin/submissions",
    "/admin/contests/{slug}/announcements",
    "/admin/submissions/{id}/disqualify",
    "/admin/status",
    "/admin/contests/{slug}/similarity",
    "/admin/contests/{slug}/similarity/reindex",
    "/admin/contests/{slug}/similarity/base",
    "/admin/contests/{slug}/similarity/base/{id}/remove",
    "/admin/contests/{slug}/similarity/{a}/{b}",
    "/metrics",
    "/api/contests",
    "/api/contests/{slug}",
    "/api/openapi.json",
    "/api/contests/{slug}/submissions",
    "/api/contests/{slug}/settings",
    "/api/contests/{slug}/announcements",
    "/api/contests/{slug}/scoreboard",
    "/api/contests/{slug}/scoreboard/matrix",
    "/api/contests/{slug}/scoreboard/history",
    "/api/contests/{slug}/scoreboard/refresh",
    "/api/contests/{slug}/matches",
    "/api/contests/{slug}/similarity",
    "/api/contests/{slug}/rejudge",
    "/api/submissions/{id}/rejudge",
    "/api/contests/{slug}/freeze",
    "/api/contests/{slug}/unfreeze",
    "/api/submissions/{id}",
    "/api/submissions/{id}/disqualify",
    "/api/games/{id}",
    "/api/games/{id}/log",
    "/api/tokens",
    "/api/tokens/{id}",
    "/api/queue",
    "/api/contests/{slug}/practice",
    "/api/practice/{id}",
    "/api/practice/{id}/moves",
    "/api/practice/{id}/ws",
    "/api/contests/{slug}/test-matches",
    "/api/test-matches/{id}",
    "/static",
    "/static/",
    "/static/{*__private__axum_nest_tail_param}",
];

/// Bad path segments, as they appear in a URI (percent-encoded).
const SEGMENTS: &[&str] = &[
    "%00",
    "c4%00",
    "1%00",
    "%01",
    "%09",
    "%0A",
    "%0D%0A",
    "%1B%5B31m",
    "%7F",
    "%C2%80",
    "%C2%9F",
    "%FF",
    "%C3%28",
    "%ED%A0%80",
    "%F0%9F%98%80",
    "%E2%80%AE",
    "%EF%BB%BF",
    "%20",
    "%25",
    "%2F",
    "..",
    "%2E%2E%2F%2E%2E",
    "-1",
    "0",
    "9223372036854775808",
    "99999999999999999999999999",
    "1e3",
    "0x10",
    "+1",
    "null",
    "'%20or%201=1--",
    "%3Cscript%3E",
    "LONG",
];

/// Bad query strings, for every route.
const QUERIES: &[&str] = &[
    "next=%00",
    "next=/%09/evil.example",
    "next=%FF",
    "next=//evil.example",
    "next=LONG",
    "submission=%00",
    "submission=-1",
    "submission=99999999999999999999",
    "submission=",
    "submission=1&submission=2",
    "saved=%FF&rejudged=-1&frozen=999&unfrozen=x",
    "%00=%00",
    "q=%00&sort=%00&only=%FF&page=-1",
    "q=%25_%5C&sort=last_login&page=99999999999999999999",
    "contest=%00&student=%00&language=%FF&status=%00&page=0",
    "contest=LONG&student=LONG&status=ready",
    "&&&=&",
    "a=%",
];

/// The field names of every form and JSON body of the site.
const FIELDS: &[&str] = &[
    "csrf",
    "username",
    "password",
    "next",
    "nickname",
    "confirm",
    "confirmed",
    "current",
    "name",
    "csv",
    "title",
    "deadline",
    "settings",
    "slug",
    "game",
    "languages",
    "language",
    "source",
    "move_ms",
    "house_bots",
];

/// Bad form values, as they appear in an urlencoded body.
const FORM_VALUES: &[&str] =
    &["%00", "a%01b", "%FF%FE", "%C0%AF", "%E2%80%8B%E2%80%AE", "LONG", "%", "%G0", "-1"];

/// Whole bodies, with their content type.
const BODIES: &[(&str, &str)] = &[
    ("application/json", "{not json"),
    ("application/json", ""),
    ("application/json", "[]"),
    ("application/json", "null"),
    ("application/json", "1e999"),
    ("application/json", r#""\u0000""#),
    ("application/json", r#"{"name": 1, "title": [], "language": {}, "source": null}"#),
    ("application/json", r#"{"name": "\u0000", "title": "a\u0001", "deadline": "\u0000"}"#),
    ("application/json", r#"{"language": "c\u0000", "source": "int main(){}"}"#),
    ("application/json", r#"{"language": ["c"], "source": 5}"#),
    ("application/json", r#"{"\u0000": 1, "move_ms": "\u0000"}"#),
    ("application/json", r#"{"move_ms": -1, "games": 1e300, "deadline": 5, "languages": [1, null, "x\u0000"]}"#),
    ("application/json", r#"{"house_bots": [{"a": 1}], "languages": "c,\u0007"}"#),
    ("application/json", r#"{"title": "a", "title": "b\u0000"}"#),
    ("application/json", r#"{"name": "LONG"}"#),
    ("application/json", "DEEP"),
    ("application/json", "{\"name\": \"\u{FF}\u{FE}\"}"),
    ("text/plain", "\u{0}\u{1}"),
    ("application/x-www-form-urlencoded", "csrf"),
    ("application/x-www-form-urlencoded", "=&=&%00"),
    ("multipart/form-data", "--x\r\n"),
    ("multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\u{0}\r\n--x--"),
    ("multipart/form-data; boundary=x", "garbage"),
    ("multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"%00.py\"\r\n\r\n\u{0}\r\n--x\r\nContent-Disposition: form-data; name=\"language\"\r\n\r\n\u{0}\r\n--x--\r\n"),
];

/// Bad headers, sent on every route.
const HEADERS: &[(&str, &str)] = &[
    ("cookie", "botarena_session=%00"),
    ("cookie", "botarena_session=LONG"),
    ("cookie", "botarena_session=not-a-session; botarena_session=x"),
    ("authorization", "Bearer "),
    ("authorization", "Bearer ba_%00"),
    ("authorization", "Bearer LONG"),
    ("authorization", "Basic YWRtaW46YWRtaW4="),
    ("x-forwarded-for", "%00, ::ffff:999.1.1.1"),
];

fn long() -> String {
    "x".repeat(10_000)
}

fn expand(s: &str) -> String {
    s.replace("LONG", &long()).replace("DEEP", &format!("{}{}", "[".repeat(5000), "]".repeat(5000)))
}

/// The paths of the router's table, read from its `Debug` form (axum lists them as
/// `RouteId(n): "/path"` in its node; fallbacks come after `fallback_router`).
fn router_paths(router: &axum::Router) -> BTreeSet<String> {
    let debug = format!("{router:?}");
    let table = debug.split("fallback_router").next().unwrap();
    let mut paths = BTreeSet::new();
    for part in table.split("RouteId(").skip(1) {
        if let Some(rest) = part.split_once("): \"").map(|(_, r)| r) {
            paths.insert(rest.split('"').next().unwrap().to_string());
        }
    }
    paths
}

#[tokio::test]
async fn the_fuzz_list_is_exactly_the_routers_routes() {
    let app = setup().await;
    let found = router_paths(&app.router);
    assert!(found.len() > 30, "the router's table could not be read: {found:?}");
    let listed: BTreeSet<String> = ROUTES.iter().map(|s| s.to_string()).collect();
    let missing: Vec<_> = found.difference(&listed).collect();
    let extra: Vec<_> = listed.difference(&found).collect();
    assert!(missing.is_empty(), "routes of the router missing from the fuzz list ROUTES: {missing:?}");
    assert!(extra.is_empty(), "routes in ROUTES that the router does not have: {extra:?}");
    // The stylesheet is still served, and an impossible file name is simply not found.
    let mut c = app.client();
    let css = c.get("/static/style.css").await;
    assert_eq!(css.status, StatusCode::OK);
    assert!(css.headers[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/css"));
    assert_eq!(c.get(&format!("/static/{}", long())).await.status, StatusCode::NOT_FOUND);
}

/// Who is asking.
#[derive(Clone)]
struct Asker {
    name: &'static str,
    cookie: Option<String>,
    csrf: String,
    token: Option<String>,
}

/// One request of the walk.
struct Probe {
    role: &'static str,
    method: Method,
    uri: String,
    what: String,
    request: Request<Body>,
}

fn request(
    role: &Asker,
    method: &Method,
    uri: &str,
    body: Option<(&str, Vec<u8>)>,
    extra: Option<(&str, String)>,
) -> Request<Body> {
    let mut r = Request::builder().method(method.clone()).uri(uri);
    if let Some(c) = &role.cookie {
        r = r.header(header::COOKIE, c);
    }
    if let Some(t) = &role.token {
        r = r.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    if let Some((k, v)) = extra {
        r = r.header(k, v);
    }
    match body {
        Some((ct, bytes)) => r.header(header::CONTENT_TYPE, ct).body(Body::from(bytes)).unwrap(),
        None => r.body(Body::empty()).unwrap(),
    }
}

/// The methods a route answers, from the `Allow` header of a 405 (HEAD is GET's handler).
async fn methods(app: &TestApp, path: &str) -> Vec<Method> {
    let req = Request::builder().method("PURGE").uri(path).body(Body::empty()).unwrap();
    let r = send(&app.router, req).await;
    assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED, "{path}");
    let allow = r.headers[header::ALLOW].to_str().unwrap().to_string();
    allow.split(',').map(|m| m.trim().parse().unwrap()).filter(|m| *m != Method::HEAD).collect()
}

/// Fills a route's parameters: each with `value`, or valid values when `value` is `None`.
fn fill(route: &str, valid: &[(&str, String)], bad: Option<(&str, &str)>) -> String {
    let mut out = route.replace("{*__private__axum_nest_tail_param}", "{tail}");
    for (name, good) in valid {
        let key = format!("{{{name}}}");
        let v = match bad {
            Some((n, b)) if n == *name => expand(b),
            _ => good.clone(),
        };
        out = out.replace(&key, &v);
    }
    out
}

fn params(route: &str) -> Vec<&'static str> {
    ["slug", "id", "tail", "language"]
        .into_iter()
        .filter(|p| route.contains(&format!("{{{p}}}")) || (*p == "tail" && route.contains("{*")))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_route_answers_a_5xx_to_bad_input_as_any_role() {
    let app = setup().await;
    // Throwaway tokens first, so that ids the fuzz uses never name the roles' own tokens.
    let filler = app.user("filler", Role::Student).await;
    for _ in 0..20 {
        app.token(filler).await;
    }
    app.contest("c4", &[]).await;
    let ada = app.user("ada", Role::Student).await;
    let bob = app.user("bob", Role::Student).await;
    let admin = app.user("root", Role::Admin).await;
    let m = finished_match(&app, "c4", ada, bob, &[connect4_win(0, [BotId::A, BotId::B])]).await;
    let valid = [
        ("slug", "c4".to_string()),
        ("id", m.submissions[0].to_string()),
        ("tail", "style.css".to_string()),
        ("language", "python".to_string()),
    ];
    let game_valid = [
        ("slug", "c4".to_string()),
        ("id", m.games[0].to_string()),
        ("tail", "style.css".to_string()),
        ("language", "python".to_string()),
    ];
    let student_token = app.token(ada).await;
    let admin_token = app.token(admin).await;

    let mut total = 0usize;
    let mut failures: Vec<String> = Vec::new();
    let mut walked = BTreeSet::new();
    for route in ROUTES {
        let methods = methods(&app, &fill(route, &valid, None)).await;
        // Fresh sessions per route: a walk of `/logout` must not end the others' sessions.
        let mut roles = vec![
            Asker { name: "anonymous", cookie: None, csrf: String::new(), token: None },
            Asker {
                name: "student token",
                cookie: None,
                csrf: String::new(),
                token: Some(student_token.clone()),
            },
            Asker {
                name: "admin token",
                cookie: None,
                csrf: String::new(),
                token: Some(admin_token.clone()),
            },
        ];
        for (name, user) in [("student", "ada"), ("admin", "root")] {
            let mut c = app.logged_in(user).await;
            let csrf = c.csrf().await;
            roles.push(Asker { name, cookie: c.cookie.clone(), csrf, token: None });
        }
        let valid =
            if route.starts_with("/games") || route.starts_with("/api/games") { &game_valid } else { &valid };
        for role in &roles {
            for method in &methods {
                walked.insert((route.to_string(), method.clone(), role.name));
                // The server's own executable is large: ask for its headers only (same handler).
                let method = if *route == "/download/botarena" { &Method::HEAD } else { method };
                let mut probes = Vec::new();
                let mut probe = |uri: String, what: String, req: Request<Body>| {
                    probes.push(Probe { role: role.name, method: method.clone(), uri, what, request: req })
                };
                // Bad path segments, one parameter at a time.
                for p in params(route) {
                    for seg in SEGMENTS {
                        let uri = fill(route, valid, Some((p, seg)));
                        probe(uri.clone(), format!("{p}={seg}"), request(role, method, &uri, None, None));
                    }
                }
                let uri = fill(route, valid, None);
                for q in QUERIES {
                    let u = format!("{uri}?{}", expand(q));
                    probe(u.clone(), format!("query {q}"), request(role, method, &u, None, None));
                }
                for (k, v) in HEADERS {
                    probe(
                        uri.clone(),
                        format!("header {k}: {v}"),
                        request(role, method, &uri, None, Some((k, expand(v)))),
                    );
                }
                if *method != Method::GET {
                    for field in FIELDS {
                        for value in FORM_VALUES {
                            let body = format!("csrf={}&{field}={}", role.csrf, expand(value));
                            let req = request(
                                role,
                                method,
                                &uri,
                                Some(("application/x-www-form-urlencoded", body.into_bytes())),
                                None,
                            );
                            probe(uri.clone(), format!("form {field}={value}"), req);
                        }
                        let body = format!("csrf={}&{field}=a&{field}=b", role.csrf);
                        let req = request(
                            role,
                            method,
                            &uri,
                            Some(("application/x-www-form-urlencoded", body.into_bytes())),
                            None,
                        );
                        probe(uri.clone(), format!("form {field} twice"), req);
                    }
                    for (ct, body) in BODIES {
                        let mut bytes = expand(body).into_bytes();
                        if body.contains('\u{FF}') {
                            // Invalid UTF-8 inside a JSON string.
                            bytes = bytes
                                .into_iter()
                                .flat_map(|b| if b == 0xC3 { vec![] } else { vec![b] })
                                .collect();
                        }
                        let req = request(role, method, &uri, Some((ct, bytes)), None);
                        probe(
                            uri.clone(),
                            format!("body {ct}: {}", body.chars().take(60).collect::<String>()),
                            req,
                        );
                    }
                }
                for chunk in probes.chunks_mut(4) {
                    let mut set = tokio::task::JoinSet::new();
                    for p in chunk.iter_mut() {
                        let req = std::mem::replace(&mut p.request, Request::new(Body::empty()));
                        let router = app.router.clone();
                        let label = format!("{} {} as {} ({})", p.method, short(&p.uri), p.role, p.what);
                        set.spawn(async move {
                            (label, tokio::spawn(async move { send(&router, req).await }).await)
                        });
                    }
                    while let Some(done) = set.join_next().await {
                        let (label, result) = done.unwrap();
                        total += 1;
                        match result {
                            Ok(r) if r.status.is_server_error() => failures.push(format!(
                                "{label} -> {} {}",
                                r.status,
                                r.body.chars().take(200).collect::<String>()
                            )),
                            Ok(_) => {}
                            Err(e) => failures.push(format!("{label} -> panic: {e}")),
                        }
                    }
                }
            }
        }
    }
    let routes_methods: BTreeSet<_> = walked.iter().map(|(r, m, _)| (r.clone(), m.clone())).collect();
    let corpus = SEGMENTS.len()
        + QUERIES.len()
        + HEADERS.len()
        + FIELDS.len() * (FORM_VALUES.len() + 1)
        + BODIES.len();
    eprintln!(
        "fuzz: {} routes, {} route-methods x 5 roles = {} combinations; corpus {} inputs ({} path segments, {} queries, {} headers, {} form fields x {} values + duplicates, {} bodies); {total} requests",
        ROUTES.len(),
        routes_methods.len(),
        walked.len(),
        corpus,
        SEGMENTS.len(),
        QUERIES.len(),
        HEADERS.len(),
        FIELDS.len(),
        FORM_VALUES.len(),
        BODIES.len()
    );
    assert!(
        failures.is_empty(),
        "{} requests answered 5xx (first 40):\n{}",
        failures.len(),
        failures.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
}

fn short(uri: &str) -> String {
    if uri.len() > 120 {
        format!("{}…", &uri[..uri.char_indices().take_while(|(i, _)| *i < 120).last().map_or(0, |(i, _)| i)])
    } else {
        uri.to_string()
    }
}
