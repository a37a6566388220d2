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
    "/favicon.ico",
    "/login",
    "/logout",
    "/welcome",
    "/profile",
    "/profile/nickname",
    "/profile/password",
    "/profile/tokens",
    "/profile/tokens/{id}/revoke",
    "/profile/preferences",
    "/language",
    "/contests",
    "/contests/{slug}",
    "/contests/{slug}/mine",
    "/contests/{slug}/submissions",
    "/contests/{slug}/rules",
    "/contests/{slug}/starters/{language}",
    "/contests/{slug}/scoreboard",
    "/contests/{slug}/scoreboard/matrix",
    "/contests/{slug}/ladder",
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
    "/admin/contests/{slug}/finals",
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
    "/api/contests/{slug}/finals",
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

// ---- Every field of every form and JSON body, with NUL and control characters ----

/// Who sends a body: an anonymous browser (a session, no login), a student's or an admin's
/// session, or their API tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sender {
    Anonymous,
    Student,
    Admin,
    StudentToken,
    AdminToken,
}

/// How a body is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Form,
    Multipart,
    Json,
}

use Kind::{Form, Json, Multipart};
use Sender::{Admin, AdminToken, Anonymous, Student, StudentToken};

/// Every route that takes a body (every method but GET), who sends it, and a value its handler
/// accepts in each of its fields (forms also get `csrf`, the session's own). The walk puts one bad
/// value in one field at a time and keeps the others valid, so that the bad value goes as far into
/// the handler as it can. `{slug}` is the contest, `{id}` a submission, `{token}` an API token's id,
/// `{practice}` a practice game. `every_route_with_a_body_is_in_the_field_walk` checks that no
/// route is missing.
#[allow(clippy::type_complexity)]
const BODY_FIELDS: &[(&str, &str, Sender, Kind, &[(&str, &str)])] = &[
    (
        "POST",
        "/login",
        Anonymous,
        Form,
        &[("username", "carol"), ("password", "pw-carol"), ("next", "/contests")],
    ),
    ("POST", "/logout", Student, Form, &[]),
    (
        "POST",
        "/welcome",
        Student,
        Form,
        &[("nickname", "Ada L"), ("password", "a-long-password-1"), ("confirm", "a-long-password-1")],
    ),
    ("POST", "/profile/nickname", Student, Form, &[("nickname", "Ada L")]),
    (
        "POST",
        "/profile/password",
        Student,
        Form,
        &[("current", "pw-ada"), ("password", "another-password-2"), ("confirm", "another-password-2")],
    ),
    ("POST", "/profile/tokens", Student, Form, &[("name", "laptop")]),
    ("POST", "/profile/tokens/{token}/revoke", Student, Form, &[]),
    ("POST", "/profile/preferences", Student, Form, &[("locale", "fi"), ("time_zone", "Europe/Helsinki")]),
    ("POST", "/language", Student, Form, &[("lang", "ro")]),
    ("POST", "/contests/{slug}", Student, Multipart, &[("language", "python"), ("source", "print(1)\n")]),
    (
        "POST",
        "/contests/{slug}/play",
        Student,
        Form,
        &[("opponent", "house:random"), ("submission", ""), ("seat", "first"), ("board", "")],
    ),
    (
        "POST",
        "/contests/{slug}/test-matches",
        Student,
        Form,
        &[("opponent", "submission"), ("submission", "{id}")],
    ),
    ("POST", "/admin/users", Admin, Form, &[("csv", "username,password\nnewbie,pw-newbie-123\n")]),
    ("POST", "/admin/users/reset-password", Admin, Form, &[("username", "bob"), ("confirmed", "yes")]),
    ("POST", "/admin/users/disable", Admin, Form, &[("username", "filler"), ("confirmed", "yes")]),
    ("POST", "/admin/users/enable", Admin, Form, &[("username", "filler"), ("confirmed", "yes")]),
    (
        "POST",
        "/admin/contests/new",
        Admin,
        Form,
        &[
            ("slug", "new1"),
            ("game", "connect4"),
            ("title", "New"),
            ("deadline", "2030-01-01 12:00"),
            ("languages", "python"),
            ("settings", "move_ms=1000"),
        ],
    ),
    (
        "POST",
        "/admin/contests/{slug}/settings",
        Admin,
        Form,
        &[("title", "Connect four"), ("deadline", ""), ("move_ms", "1000"), ("languages", "python")],
    ),
    ("POST", "/admin/contests/{slug}/rejudge", Admin, Form, &[("confirmed", "yes")]),
    ("POST", "/admin/contests/{slug}/freeze", Admin, Form, &[("confirmed", "yes")]),
    ("POST", "/admin/contests/{slug}/unfreeze", Admin, Form, &[("confirmed", "yes")]),
    (
        "POST",
        "/admin/contests/{slug}/finals",
        Admin,
        Form,
        &[("top", "2"), ("settings", "games=4"), ("confirmed", "yes")],
    ),
    ("POST", "/admin/submissions/{id}/rejudge", Admin, Form, &[("confirmed", "yes")]),
    ("POST", "/admin/submissions/{id}/disqualify", Admin, Form, &[("confirmed", "")]),
    ("POST", "/admin/contests/{slug}/announcements", Admin, Form, &[("body", "Rules *changed*.")]),
    ("POST", "/admin/contests/{slug}/similarity/reindex", Admin, Form, &[]),
    (
        "POST",
        "/admin/contests/{slug}/similarity/base",
        Admin,
        Form,
        &[("name", "lib.py"), ("language", "python"), ("source", "def helper():\n    return 1\n")],
    ),
    ("POST", "/admin/contests/{slug}/similarity/base/{token}/remove", Admin, Form, &[]),
    (
        "POST",
        "/api/contests/{slug}/submissions",
        StudentToken,
        Json,
        &[("language", "python"), ("source", "print(1)\n")],
    ),
    (
        "PATCH",
        "/api/contests/{slug}/settings",
        AdminToken,
        Json,
        &[
            ("title", "Connect four"),
            ("deadline", "2030-01-01 12:00"),
            ("move_ms", "1000"),
            ("languages", "python"),
        ],
    ),
    ("POST", "/api/contests/{slug}/announcements", AdminToken, Json, &[("body", "Rules *changed*.")]),
    ("POST", "/api/contests/{slug}/scoreboard/refresh", AdminToken, Json, &[]),
    ("POST", "/api/contests/{slug}/rejudge", AdminToken, Json, &[]),
    ("POST", "/api/submissions/{id}/rejudge", AdminToken, Json, &[]),
    ("POST", "/api/contests/{slug}/freeze", AdminToken, Json, &[]),
    ("POST", "/api/contests/{slug}/unfreeze", AdminToken, Json, &[]),
    ("POST", "/api/contests/{slug}/finals", AdminToken, Json, &[("top", "2")]),
    ("POST", "/api/submissions/{id}/disqualify", AdminToken, Json, &[]),
    ("POST", "/api/tokens", StudentToken, Json, &[("name", "laptop")]),
    ("DELETE", "/api/tokens/{token}", StudentToken, Json, &[]),
    (
        "POST",
        "/api/contests/{slug}/practice",
        StudentToken,
        Json,
        &[("opponent", "house:random"), ("seat", "first"), ("board", "7x6")],
    ),
    ("DELETE", "/api/practice/{practice}", StudentToken, Json, &[]),
    ("POST", "/api/practice/{practice}/moves", StudentToken, Json, &[("move", "3")]),
    ("POST", "/api/contests/{slug}/test-matches", StudentToken, Json, &[("opponent", "house:random")]),
];

/// Values no field may hold (each control character but tab and line ends; NUL not even in a
/// source), then text that every field may hold but that names nothing (`bogus`, empty, long).
const CONTROL_VALUES: &[&str] = &["\0", "a\0b", "\u{1}", "\u{8}", "\u{1b}[31m", "\u{7f}", "\u{85}", "\u{9f}"];
const ODD_VALUES: &[&str] =
    &["bogus", "", " ", "\t", "a\r\nb", "LONG", "\u{202e}x", "-1", "99999999999999999999"];

/// Percent-encodes every byte but the unreserved ones, as a browser does a form.
fn form_encode(s: &[u8]) -> String {
    s.iter()
        .map(|&b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// One body of [`BODY_FIELDS`], `bad` (raw bytes) put in field `field` (one not in the list is
/// added), the others valid.
fn body_of(kind: Kind, csrf: &str, fields: &[(&str, String)], field: &str, bad: &[u8]) -> (String, Vec<u8>) {
    let mut all: Vec<(&str, Vec<u8>)> = fields.iter().map(|(k, v)| (*k, v.as_bytes().to_vec())).collect();
    match all.iter_mut().find(|(k, _)| *k == field) {
        Some(slot) => slot.1 = bad.to_vec(),
        None => all.push((field, bad.to_vec())),
    }
    match kind {
        Form => {
            let mut parts = vec![format!("csrf={}", form_encode(csrf.as_bytes()))];
            parts
                .extend(all.iter().map(|(k, v)| format!("{}={}", form_encode(k.as_bytes()), form_encode(v))));
            ("application/x-www-form-urlencoded".into(), parts.join("&").into_bytes())
        }
        Multipart => {
            let mut body = Vec::new();
            for (k, v) in std::iter::once(("csrf", csrf.as_bytes().to_vec())).chain(all) {
                body.extend_from_slice(
                    format!("--x\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n").as_bytes(),
                );
                body.extend_from_slice(&v);
                body.extend_from_slice(b"\r\n");
            }
            body.extend_from_slice(b"--x--\r\n");
            ("multipart/form-data; boundary=x".into(), body)
        }
        Json => {
            // Valid UTF-8 goes through serde (NUL as `\u0000`, as any JSON library sends it);
            // invalid UTF-8 is put into the string as raw bytes.
            let mut body = b"{".to_vec();
            for (i, (k, v)) in all.iter().enumerate() {
                if i > 0 {
                    body.push(b',');
                }
                body.extend_from_slice(serde_json::to_string(k).unwrap().as_bytes());
                body.push(b':');
                match std::str::from_utf8(v) {
                    Ok(text) => body.extend_from_slice(serde_json::to_string(text).unwrap().as_bytes()),
                    Err(_) => {
                        body.push(b'"');
                        body.extend_from_slice(v);
                        body.push(b'"');
                    }
                }
            }
            body.push(b'}');
            ("application/json".into(), body)
        }
    }
}

#[tokio::test]
async fn every_route_with_a_body_is_in_the_field_walk() {
    let app = setup().await;
    let valid = [
        ("slug", "c4".to_string()),
        ("id", "1".to_string()),
        ("tail", "style.css".to_string()),
        ("language", "python".to_string()),
        ("a", "1".to_string()),
        ("b", "2".to_string()),
    ];
    let listed: BTreeSet<(String, String)> = BODY_FIELDS
        .iter()
        .map(|(m, r, ..)| (m.to_string(), r.replace("{token}", "{id}").replace("{practice}", "{id}")))
        .collect();
    let mut missing = Vec::new();
    for route in ROUTES {
        for method in methods(&app, &fill(route, &valid, None)).await {
            if method != Method::GET && !listed.contains(&(method.to_string(), route.to_string())) {
                missing.push(format!("{method} {route}"));
            }
        }
    }
    assert!(missing.is_empty(), "routes with a body missing from BODY_FIELDS: {missing:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_field_of_any_form_or_json_body_answers_a_5xx_to_nul_or_control_characters() {
    let app = setup().await;
    let filler = app.user("filler", Role::Student).await;
    app.contest("c4", &[]).await;
    let ada = app.user("ada", Role::Student).await;
    let bob = app.user("bob", Role::Student).await;
    app.user("root", Role::Admin).await;
    app.user("carol", Role::Student).await;
    let m = finished_match(&app, "c4", ada, bob, &[connect4_win(0, [BotId::A, BotId::B])]).await;
    app.token(filler).await;
    let token_id: i64 = sqlx::query_scalar("select id from api_tokens order by id limit 1")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let student_token = app.token(ada).await;
    let admin_token = app.token(app.user("staff", Role::Admin).await).await;
    let subs = m.submissions[0].to_string();
    let placeholders = [
        ("{slug}", "c4".to_string()),
        ("{id}", subs.clone()),
        ("{token}", token_id.to_string()),
        ("{practice}", "00000000-0000-4000-8000-000000000000".to_string()),
    ];
    let fill_in = |s: &str| placeholders.iter().fold(s.to_string(), |s, (k, v)| s.replace(k, v));
    // A walk of the welcome or password form with every field valid but one the handler ignores
    // changes ada's password: it is put back after each of her requests.
    let ada_hash = botarena::service::password::hash("pw-ada".to_string()).await.unwrap();

    let mut failures = Vec::new();
    let mut not_refused = Vec::new();
    let mut total = 0usize;
    for (method, route, sender, kind, fields) in BODY_FIELDS {
        let uri = fill_in(route);
        let fields: Vec<(&str, String)> = fields.iter().map(|&(k, v)| (k, fill_in(v))).collect();
        // Every field, and one more the handler does not know.
        let names: Vec<&str> = fields.iter().map(|(k, _)| *k).chain(["extra"]).collect();
        let mut values: Vec<Vec<u8>> =
            CONTROL_VALUES.iter().chain(ODD_VALUES).map(|v| expand(v).into_bytes()).collect();
        values.push(vec![0xFF, 0xFE]);
        for name in names {
            for value in &values {
                // A fresh session per request: a walk of `/logout` or of a password change must
                // not end the next one's.
                let (cookie, csrf, token) = match sender {
                    Anonymous => {
                        let mut c = app.client();
                        let csrf = c.csrf().await;
                        (c.cookie.clone(), csrf, None)
                    }
                    Student | Admin => {
                        let mut c = app.logged_in(if *sender == Student { "ada" } else { "root" }).await;
                        let csrf = c.csrf().await;
                        (c.cookie.clone(), csrf, None)
                    }
                    StudentToken => (None, String::new(), Some(student_token.clone())),
                    AdminToken => (None, String::new(), Some(admin_token.clone())),
                };
                let asker = Asker { name: "", cookie, csrf: csrf.clone(), token };
                let (ct, body) = body_of(*kind, &csrf, &fields, name, value);
                let method: Method = method.parse().unwrap();
                let mut req = request(&asker, &method, &uri, Some((ct.as_str(), body)), None);
                if *sender == Anonymous {
                    // Each from an address of its own: the walk's failed logins are not to slow
                    // down the ones after them (the throttle has its own tests).
                    let peer = std::net::SocketAddr::from((
                        [10, 77, (total / 250) as u8, (total % 250) as u8 + 1],
                        40000,
                    ));
                    req.extensions_mut().insert(axum::extract::ConnectInfo(peer));
                }
                let r = send(&app.router, req).await;
                total += 1;
                if *sender == Student {
                    sqlx::query("update users set password_hash = $1, must_change_password = false where username = 'ada'")
                        .bind(&ada_hash)
                        .execute(&app.pool)
                        .await
                        .unwrap();
                }
                let shown = String::from_utf8_lossy(value).chars().take(20).collect::<String>();
                let label = format!("{method} {uri} as {sender:?}: {name}={shown:?}");
                // "No practice games on this server" is a deliberate 503 `busy` (docs/api.md),
                // and the router alone plays none.
                let busy = r.status == StatusCode::SERVICE_UNAVAILABLE && r.body.contains("\"busy\"");
                if r.status.is_server_error() && !busy {
                    failures.push(format!(
                        "{label} -> {} {}",
                        r.status,
                        r.body.chars().take(300).collect::<String>()
                    ));
                    continue;
                }
                // Text no field may hold is refused at the door (a bot's pasted file is bytes; an
                // API call without a body does not read one).
                let text = String::from_utf8_lossy(value);
                let forbidden = text.contains('\0')
                    || (name != "source" && text.chars().any(|c| c.is_control() && !"\t\r\n".contains(c)));
                let read = *kind == Form || (*kind == Json && !fields.is_empty());
                if forbidden && read && !r.status.is_client_error() {
                    not_refused.push(format!("{label} -> {}", r.status));
                }
            }
        }
    }
    eprintln!("field walk: {} bodies, {total} requests", BODY_FIELDS.len());
    assert!(
        failures.is_empty(),
        "{} requests answered 5xx (first 40):\n{}",
        failures.len(),
        failures.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
    assert!(not_refused.is_empty(), "control characters accepted:\n{}", not_refused.join("\n"));
}
