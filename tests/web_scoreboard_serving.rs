//! Serving the scoreboard snapshot: rendered once per snapshot, revalidated with `ETag` /
//! `Last-Modified` (304), compressed on request, paginated with a "find me" link to the viewer's
//! highlighted row, windowed in the API; and `/metrics` for admins, with the series recorded
//! after a real compile and game.

mod common;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use botarena::db::ids::{ContestId, SubmissionId};
use botarena::db::scoreboard::{store_scoreboard, ScoreRow, Wdl};
use botarena::db::users::Role;
use common::queues::{compile_all, plain, submit};
use common::*;

async fn contest_id(app: &TestApp) -> ContestId {
    sqlx::query_scalar("select id from contests where slug = 'c4'").fetch_one(&app.pool).await.unwrap()
}

/// `n` students' rows; row `mine` (0-based) is `sub`'s.
fn rows(n: usize, mine: usize, sub: SubmissionId) -> Vec<ScoreRow> {
    (0..n)
        .map(|i| ScoreRow {
            rank: i as u64 + 1,
            nickname: format!("student-{i:03}"),
            points: (n - i) as i64,
            matches: Wdl::default(),
            games: Wdl::default(),
            submission_id: Some(if i == mine { sub } else { SubmissionId(900_000 + i as i64) }),
            language: "python".into(),
            submitted_at: time::macros::datetime!(2026-11-22 06:00 UTC),
            house: false,
        })
        .collect()
}

async fn get_with(app: &TestApp, uri: &str, token: &str, headers: &[(header::HeaderName, &str)]) -> Resp {
    let mut req = Request::builder().uri(uri).header(header::AUTHORIZATION, format!("Bearer {token}"));
    for (k, v) in headers {
        req = req.header(k, *v);
    }
    send(&app.router, req.body(Body::empty()).unwrap()).await
}

/// ada with a submission of her own (so her row can be found), and a token.
async fn ada(app: &TestApp) -> (SubmissionId, String) {
    app.contest("c4", &["submit_interval_s=0"]).await;
    let ada = app.user("ada", Role::Student).await;
    let token = app.token(ada).await;
    let sub = submit(app, "c4", &token, "python", "print('hi')\n").await;
    (sub, token)
}

#[tokio::test]
async fn the_api_answers_304_to_its_etag_or_date_until_the_snapshot_changes_and_windows_its_rows() {
    let app = setup().await;
    let (sub, token) = ada(&app).await;
    let id = contest_id(&app).await;
    store_scoreboard(&mut app.pool.acquire().await.unwrap(), id, &rows(5, 0, sub)).await.unwrap();
    let uri = "/api/contests/c4/scoreboard";
    let r = get_with(&app, uri, &token, &[]).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["rows"].as_array().unwrap().len(), 5);
    assert_eq!(r.headers["x-total-count"], "5");
    let etag = r.headers[header::ETAG].to_str().unwrap().to_string();
    let modified = r.headers[header::LAST_MODIFIED].to_str().unwrap().to_string();
    let again = get_with(&app, uri, &token, &[(header::IF_NONE_MATCH, &etag)]).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
    let since = get_with(&app, uri, &token, &[(header::IF_MODIFIED_SINCE, &modified)]).await;
    assert_eq!(since.status, StatusCode::NOT_MODIFIED);
    let other = get_with(&app, uri, &token, &[(header::IF_NONE_MATCH, "\"something-else\"")]).await;
    assert_eq!(other.status, StatusCode::OK);

    // A window of the rows is the same rows; a bad window is refused.
    let w = get_with(&app, &format!("{uri}?offset=1&limit=2"), &token, &[]).await.json();
    assert_eq!(w["rows"].as_array().unwrap().as_slice(), &r.json()["rows"].as_array().unwrap()[1..3]);
    assert_eq!(w["computed_at"], r.json()["computed_at"]);
    let past = get_with(&app, &format!("{uri}?offset=9"), &token, &[]).await.json();
    assert_eq!(past["rows"], serde_json::json!([]));
    let bad = get_with(&app, &format!("{uri}?limit=-1"), &token, &[]).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.json()["error"], "bad_window");

    // A new snapshot (here with the same rows) has a new tag: the old one gets the new answer,
    // within a second when another process stored it (the contest's head is read once a second).
    store_scoreboard(&mut app.pool.acquire().await.unwrap(), id, &rows(6, 0, sub)).await.unwrap();
    let changed = eventually(&app, uri, &token, &etag, |r| r.status == StatusCode::OK).await;
    assert_eq!(changed.json()["rows"].as_array().unwrap().len(), 6);
    assert_ne!(changed.headers[header::ETAG].to_str().unwrap(), etag);
    // Even an edit of the stored rows that keeps `computed_at` is seen.
    let etag = changed.headers[header::ETAG].to_str().unwrap().to_string();
    sqlx::query("update scoreboards set rows = '[]'::jsonb").execute(&app.pool).await.unwrap();
    let edited = eventually(&app, uri, &token, &etag, |r| r.status == StatusCode::OK).await;
    assert_eq!(edited.json()["rows"], serde_json::json!([]));
}

/// The API's answer to `uri` revalidating `etag` once `done` holds of it.
async fn eventually(app: &TestApp, uri: &str, token: &str, etag: &str, done: impl Fn(&Resp) -> bool) -> Resp {
    let headers = [(header::IF_NONE_MATCH, etag)];
    let r = common::eventually(|| get_with(app, uri, token, &headers), &done).await;
    assert!(done(&r), "still {} after 3 s", r.status);
    r
}

#[tokio::test]
async fn answers_are_compressed_for_clients_that_accept_gzip() {
    let app = setup().await;
    let (sub, token) = ada(&app).await;
    let id = contest_id(&app).await;
    store_scoreboard(&mut app.pool.acquire().await.unwrap(), id, &rows(50, 0, sub)).await.unwrap();
    let plain = get_with(&app, "/api/contests/c4/scoreboard", &token, &[]).await;
    assert!(plain.headers.get(header::CONTENT_ENCODING).is_none());
    let req = Request::builder()
        .uri("/api/contests/c4/scoreboard")
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::ACCEPT_ENCODING, "gzip")
        .body(Body::empty())
        .unwrap();
    let resp = tower::ServiceExt::oneshot(app.router.clone(), req).await.unwrap();
    assert_eq!(resp.headers()[header::CONTENT_ENCODING], "gzip");
    let zipped = axum::body::to_bytes(resp.into_body(), usize::MAX).await.unwrap();
    assert!(zipped.len() < plain.body.len() / 2, "{} vs {}", zipped.len(), plain.body.len());
    let mut c = app.logged_in("ada").await;
    let css = Request::builder()
        .uri("/static/style.css")
        .header(header::ACCEPT_ENCODING, "gzip")
        .body(Body::empty())
        .unwrap();
    let resp = tower::ServiceExt::oneshot(app.router.clone(), css).await.unwrap();
    assert_eq!(resp.headers()[header::CONTENT_ENCODING], "gzip");
    assert_eq!(c.get("/contests/c4/scoreboard").await.status, StatusCode::OK);
}

#[tokio::test]
async fn the_page_shows_a_hundred_rows_a_page_and_finds_the_viewers_row() {
    let app = setup().await;
    let (sub, _) = ada(&app).await;
    app.user("bob", Role::Student).await;
    let id = contest_id(&app).await;
    store_scoreboard(&mut app.pool.acquire().await.unwrap(), id, &rows(250, 149, sub)).await.unwrap();
    let mut c = app.logged_in("ada").await;
    let first = c.get("/contests/c4/scoreboard").await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    let table = first.element("standings").unwrap();
    assert!(table.contains("student-000") && table.contains("student-099"), "{table}");
    assert!(!table.contains("student-100"), "{table}");
    let pager = first.element("pager").unwrap();
    assert!(pager.contains("Rows 1–100 of 250"), "{pager}");
    assert!(first.body.contains("href=\"/contests/c4/scoreboard?page=3\""));
    // "Find me" links to the page and the row of ada's submission (rank 150: page 2).
    let link = format!("href=\"/contests/c4/scoreboard?page=2#s{sub}\"");
    assert!(first.body.contains(&link), "{}", first.element("find-me").unwrap_or_default());
    assert!(first.element("find-me").unwrap().contains("rank 150"));
    assert!(!first.body.contains("class=\"me\""));
    let second = c.get("/contests/c4/scoreboard?page=2").await;
    let table = second.element("standings").unwrap();
    assert!(table.contains("student-100") && table.contains("student-199") && !table.contains("student-099"));
    assert!(second.body.contains(&format!("<tr id=\"s{sub}\" class=\"me\">")), "{}", second.body);
    assert_eq!(second.body.matches("class=\"me\"").count(), 1);
    let last = c.get("/contests/c4/scoreboard?page=99").await;
    assert!(last.element("pager").unwrap().contains("Rows 201–250 of 250"));

    // bob has no row: no "find me", and no row of his highlighted.
    let mut b = app.logged_in("bob").await;
    let r = b.get("/contests/c4/scoreboard?page=2").await;
    assert!(r.element("find-me").is_none() && !r.body.contains("class=\"me\""));

    // The browser's copy is revalidated: 304 for the same page and viewer, 200 for another page.
    let etag = second.headers[header::ETAG].to_str().unwrap().to_string();
    let cookie = c.cookie.clone().unwrap();
    let ask = |uri: &str| {
        Request::builder()
            .uri(uri)
            .header(header::COOKIE, &cookie)
            .header(header::IF_NONE_MATCH, &etag)
            .body(Body::empty())
            .unwrap()
    };
    assert_eq!(
        send(&app.router, ask("/contests/c4/scoreboard?page=2")).await.status,
        StatusCode::NOT_MODIFIED
    );
    assert_eq!(send(&app.router, ask("/contests/c4/scoreboard?page=1")).await.status, StatusCode::OK);
    let bob_cookie = b.cookie.clone().unwrap();
    let as_bob = Request::builder()
        .uri("/contests/c4/scoreboard?page=2")
        .header(header::COOKIE, &bob_cookie)
        .header(header::IF_NONE_MATCH, &etag)
        .body(Body::empty())
        .unwrap();
    assert_eq!(send(&app.router, as_bob).await.status, StatusCode::OK, "another viewer's page differs");
}

#[tokio::test]
async fn metrics_are_for_admins_and_name_the_series_after_a_compile_and_a_game() {
    let app = setup().await;
    let (_, ada_token) = ada(&app).await;
    let bob = app.user("bob", Role::Student).await;
    let bob_token = app.token(bob).await;
    submit(&app, "c4", &bob_token, "python", include_str!("bots/connect4/leftmost.py")).await;
    let root = app.user("root", Role::Admin).await;
    let admin = app.token(root).await;
    compile_all(&app).await;
    let q = common::queues::game_queue(&app, plain());
    while q.run_one(plain(), None).await.unwrap() {}
    botarena::jobs::scoreboard::refresh_due(&app.pool).await.unwrap();
    botarena::db::workers::worker_seen(&mut app.pool.acquire().await.unwrap(), "box:1:test", 0)
        .await
        .unwrap();
    app.api("GET", "/api/contests/c4/scoreboard", Some(&ada_token), None).await;

    assert_eq!(app.api("GET", "/metrics", None, None).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.api("GET", "/metrics", Some(&ada_token), None).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.logged_in("ada").await.get("/metrics").await.status, StatusCode::FORBIDDEN);
    let r = app.api("GET", "/metrics", Some(&admin), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(r.headers[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/plain"));
    for series in [
        "botarena_queue_depth{kind=\"game\",state=\"waiting\"}",
        "botarena_queue_depth{kind=\"compile\",state=\"running\"}",
        "botarena_worker_last_seen_seconds{worker=",
        "botarena_games_finished_total{result=\"done\"}",
        "botarena_game_duration_seconds_bucket",
        "botarena_compiles_finished_total",
        "botarena_compile_duration_seconds_count",
        "botarena_scoreboard_refresh_duration_seconds_count",
        "route=\"/api/contests/{slug}/scoreboard\"",
        "botarena_http_request_duration_seconds_bucket",
    ] {
        assert!(r.body.contains(series), "no {series} in:\n{}", r.body);
    }
    // The recorder is the process's, shared with the other tests of this file running at the same
    // time (which also ask this route, some with a bad window: status 400), so look for our line.
    let requests = r.body.lines().find(|l| {
        l.starts_with("botarena_http_requests_total")
            && l.contains("route=\"/api/contests/{slug}/scoreboard\"")
            && l.contains("method=\"GET\"")
            && l.contains("status=\"200\"")
    });
    assert!(requests.is_some(), "no GET 200 of the scoreboard route in:\n{}", r.body);
    // An admin's browser session may scrape too.
    assert_eq!(app.logged_in("root").await.get("/metrics").await.status, StatusCode::OK);
    // The standalone listener's router answers without login.
    let open = botarena::web::metrics::standalone(app.pool.clone());
    let r = send(&open, Request::builder().uri("/metrics").body(Body::empty()).unwrap()).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.body.contains("botarena_queue_depth"));
}
