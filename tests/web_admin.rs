//! Running a contest as an admin: the settings page and its audit history, rejudging,
//! disqualifying, freezing the standings (each asking first on the pages), the CSV export, the
//! status page and the game attempt cap; the users page (search, disabling, password resets), the
//! list of submissions, the zip of the current sources and the command line's `users` commands.
//! Submissions are made ready and games finished by hand in SQL, so no bot runs here.

mod common;

use axum::http::StatusCode;
use botarena::db::games::{self, MAX_ATTEMPTS};
use botarena::db::ids::{ContestId, MatchId, SubmissionId, UserId};
use botarena::db::queue::{self, JobKind};
use botarena::db::users::Role;
use botarena::db::workers;
use botarena::service::{scheduler, scoreboard};
use common::*;
use serde_json::{json, Value};

/// A ready submission of `user` to contest `c4`, scheduled as a good compile would be (the user's
/// earlier ready submission superseded, one match against every other current submission).
async fn ready(app: &TestApp, user: UserId) -> SubmissionId {
    let mut tx = app.pool.begin().await.unwrap();
    let id: SubmissionId = sqlx::query_scalar(
        "insert into submissions (contest_id, user_id, language, source, status, created_at)
         select id, $1, 'python', 'x', 'ready', '2026-11-01T10:00:00Z' from contests where slug = 'c4'
         returning id",
    )
    .bind(user)
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    sqlx::query(
        "update submissions set status = 'superseded' where user_id = $1 and id <> $2 and status = 'ready'",
    )
    .bind(user)
    .bind(id)
    .execute(&mut *tx)
    .await
    .unwrap();
    scheduler::on_compiled(&mut tx, id).await.unwrap();
    tx.commit().await.unwrap();
    id
}

async fn match_between(app: &TestApp, x: SubmissionId, y: SubmissionId) -> (MatchId, SubmissionId) {
    sqlx::query_as(
        "select id, submission_a from matches
         where least(submission_a, submission_b) = least($1, $2) and greatest(submission_a, submission_b) = greatest($1, $2)",
    )
    .bind(x)
    .bind(y)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

/// Finishes the match of `first` and `second` by hand: per game "first", "second" or "" (draw).
async fn finish_match(app: &TestApp, first: SubmissionId, second: SubmissionId, winners: &[&str]) {
    let (id, a) = match_between(app, first, second).await;
    let (mut wins_a, mut wins_b) = (0, 0);
    for (index, w) in winners.iter().enumerate() {
        let side = match (*w, a == first) {
            ("first", true) | ("second", false) => Some("a"),
            ("first", false) | ("second", true) => Some("b"),
            _ => None,
        };
        match side {
            Some("a") => wins_a += 1,
            Some(_) => wins_b += 1,
            None => {}
        }
        sqlx::query(
            "update games set status = 'done', result = $3, finished_at = now() where match_id = $1 and index = $2",
        )
        .bind(id)
        .bind(index as i32)
        .bind(json!({"winner": side}))
        .execute(&app.pool)
        .await
        .unwrap();
    }
    let points = |mine: i32, theirs: i32| match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => 3,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Less => 0,
    };
    sqlx::query(
        "update matches set status = 'done', points_a = $2, points_b = $3,
                games_won_a = $4, games_won_b = $5, games_drawn = $6 where id = $1",
    )
    .bind(id)
    .bind(points(wins_a, wins_b))
    .bind(points(wins_b, wins_a))
    .bind(wins_a)
    .bind(wins_b)
    .bind(winners.len() as i32 - wins_a - wins_b)
    .execute(&app.pool)
    .await
    .unwrap();
}

/// The texts of the cells of the table row with this id.
/// Stores `job`'s result with `games::finish`, with an empty log, played when stored, nobody
/// charged; whether it was stored.
async fn finish(
    conn: &mut sqlx::PgConnection,
    worker: &str,
    job: &games::GameJob,
    (result, think_ms): (&Value, [i64; 2]),
) -> bool {
    let contest: ContestId = sqlx::query_scalar("select contest_id from matches where id = $1")
        .bind(job.match_id)
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    let stored = games::Stored { id: job.id, result, log: "{}", think_ms, played: None, charges: &[] };
    games::finish(conn, worker, contest, &[stored]).await.unwrap() == [job.id]
}

fn cells(html: &str, id: &str) -> Vec<String> {
    let start = html.find(&format!("id=\"{id}\"")).unwrap_or_else(|| panic!("no row {id}"));
    let row = &html[start..start + html[start..].find("</tr>").unwrap()];
    row.split("<t")
        .skip(1)
        .map(|c| c[c.find('>').unwrap() + 1..].split('<').next().unwrap().trim().to_string())
        .collect()
}

/// The first post of an action that asks first: the confirmation page, whose form posts the
/// same action again, confirmed. (Callers check that it changed nothing.)
async fn asks_first(c: &mut Client, path: &str, fields: &[(&str, &str)]) -> Resp {
    let r = c.submit_form(path, fields).await;
    assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.body);
    let form = r.element("confirm").unwrap_or_else(|| panic!("{path} does not ask first: {}", r.body));
    assert!(!form.is_empty());
    assert!(r.body.contains(&format!("action=\"{path}\"")), "{}", r.body);
    assert!(r.body.contains(r#"name="confirmed" value="yes""#), "{}", r.body);
    r
}

/// The post of an action with the confirmation.
async fn confirmed(c: &mut Client, path: &str, fields: &[(&str, &str)]) -> Resp {
    let mut all = fields.to_vec();
    all.push(("confirmed", "yes"));
    c.submit_form(path, &all).await
}

async fn contest_id(app: &TestApp) -> ContestId {
    sqlx::query_scalar("select id from contests where slug = 'c4'").fetch_one(&app.pool).await.unwrap()
}

async fn standings(app: &TestApp) -> Vec<Value> {
    let id = contest_id(app).await;
    let rows = scoreboard::compute(&mut app.pool.acquire().await.unwrap(), id).await.unwrap();
    // The rows as the API and the stored snapshot show them.
    rows.iter().map(|r| serde_json::to_value(r).unwrap()).collect()
}

/// The `move_ms` each game of the match between two submissions was scheduled with.
async fn move_ms_of(app: &TestApp, x: SubmissionId, y: SubmissionId) -> Vec<i64> {
    let (id, _) = match_between(app, x, y).await;
    sqlx::query_scalar("select (settings->>'move_ms')::bigint from games where match_id = $1 order by index")
        .bind(id)
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_settings_page_shows_defaults_audits_each_change_and_changes_apply_to_games_scheduled_afterwards()
{
    let app = setup().await;
    app.contest("c4", &[]).await;
    let root = app.user("root", Role::Admin).await;
    let ids = [
        app.user("ada", Role::Student).await,
        app.user("bob", Role::Student).await,
        app.user("cyd", Role::Student).await,
    ];
    let ada = ready(&app, ids[0]).await;
    let bob = ready(&app, ids[1]).await;

    let mut a = app.logged_in("root").await;
    let page = a.get("/admin/contests/c4/settings").await;
    assert_eq!(page.status, StatusCode::OK);
    let move_ms = page.element("setting-move_ms").unwrap();
    // The explanation: the rules page's (its catalog), else the game's own English help.
    let explained = move_ms.contains("CPU time for one move") || move_ms.contains("time per move");
    assert!(move_ms.contains("5000") && explained, "{move_ms}");
    assert!(page.body.contains(r#"name="move_ms" value="5000""#));
    assert!(page.element("setting-rows").unwrap().contains('9'));
    for (name, _) in botarena::db::contests::LIMITS {
        assert!(page.element(&format!("setting-{name}")).is_some(), "{name} missing");
    }
    assert!(page.body.contains(r#"name="submit_interval_s" value="60""#));
    assert!(page.element("applies").unwrap().contains("games scheduled afterwards"));
    assert!(page.element("applies").unwrap().contains("Rejudge"));

    // A bad value is refused with the reason, and the form keeps what was typed.
    let r = a.submit_form("/admin/contests/c4/settings", &[("move_ms", "0"), ("title", "Four")]).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.element("settings-errors").unwrap().contains("move_ms"), "{}", r.body);
    assert!(r.body.contains(r#"name="move_ms" value="0""#));
    // Every bad field is named, not only the first.
    let r = a
        .submit_form(
            "/admin/contests/c4/settings",
            &[("move_ms", "0"), ("rows", "x"), ("memory_mib", "-1"), ("share", "0"), ("title", "Four")],
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let listed = r.element("settings-errors").unwrap();
    for name in ["move_ms:", "rows:", "memory_mib:", "share:"] {
        assert!(listed.contains(name), "{name} not named: {listed}");
    }

    // Unchanged values (rows) are not recorded.
    let r = a
        .submit_form(
            "/admin/contests/c4/settings",
            &[("move_ms", "1500"), ("rows", "9"), ("title", "Four in a row")],
        )
        .await;
    assert_eq!(r.location(), "/admin/contests/c4/settings?saved=2");
    let (actor, old, new, at): (UserId, Value, Value, time::OffsetDateTime) = sqlx::query_as(
        "select actor_id, old_value, new_value, at from audit_log where action = 'contest.settings'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(actor, root);
    assert_eq!(old, json!({"move_ms": "5000", "title": "c4"}));
    assert_eq!(new, json!({"move_ms": "1500", "title": "Four in a row"}));
    assert!((time::OffsetDateTime::now_utc() - at).whole_minutes() < 5);
    let page = a.get("/admin/contests/c4/settings?saved=2").await;
    assert!(page.element("notice").unwrap().contains("2 settings changed"));
    let history = page.element("history").unwrap();
    assert!(
        history.contains("root")
            && history.contains("move_ms")
            && history.contains("5000")
            && history.contains("1500"),
        "{history}"
    );
    assert!(history.find("move_ms").unwrap() < history.rfind("title").unwrap());

    // The API goes through the same code: a later change is listed first.
    let token = app.token(root).await;
    let r = app.api("PATCH", "/api/contests/c4/settings", Some(&token), Some(json!({"connect": 5}))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let history = a.get("/admin/contests/c4/settings").await.element("history").unwrap();
    assert!(history.find("connect").unwrap() < history.find("move_ms").unwrap(), "newest first: {history}");

    // Games scheduled before keep the old settings; those scheduled afterwards get the new ones.
    let cyd = ready(&app, ids[2]).await;
    assert_eq!(move_ms_of(&app, ada, bob).await, [5000, 5000]);
    assert_eq!(move_ms_of(&app, cyd, ada).await, [1500, 1500]);
    assert_eq!(move_ms_of(&app, cyd, bob).await, [1500, 1500]);
}

#[tokio::test]
async fn a_student_gets_403_from_every_admin_page_and_endpoint() {
    let app = setup().await;
    app.contest("c4", &[]).await;
    let eve = app.user("eve", Role::Student).await;
    let sub = ready(&app, eve).await;
    let mut s = app.logged_in("eve").await;
    for path in ["/admin/contests/c4/settings", "/admin/contests/c4/standings.csv", "/admin/status"] {
        assert_eq!(s.get(path).await.status, StatusCode::FORBIDDEN, "{path}");
    }
    let disqualify = format!("/admin/submissions/{sub}/disqualify");
    for path in [
        "/admin/contests/c4/settings",
        "/admin/contests/c4/rejudge",
        "/admin/contests/c4/freeze",
        "/admin/contests/c4/unfreeze",
        disqualify.as_str(),
    ] {
        assert_eq!(s.submit_form(path, &[("move_ms", "1")]).await.status, StatusCode::FORBIDDEN, "{path}");
    }
    assert!(s.get(&format!("/submissions/{sub}")).await.element("disqualify-form").is_none());
    let token = app.token(eve).await;
    let disqualify = format!("/api/submissions/{sub}/disqualify");
    for (method, path) in [
        ("POST", "/api/contests/c4/rejudge"),
        ("POST", "/api/contests/c4/freeze"),
        ("POST", "/api/contests/c4/unfreeze"),
        ("POST", disqualify.as_str()),
        ("GET", "/api/queue"),
    ] {
        let r = app.api(method, path, Some(&token), None).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{method} {path}");
        assert_eq!(r.json()["error"], "forbidden");
    }
    let r = app.api("PATCH", "/api/contests/c4/settings", Some(&token), Some(json!({"move_ms": 1}))).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let status: String = sqlx::query_scalar("select status::text from submissions where id = $1")
        .bind(sub)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(status, "ready");
    let audited: i64 =
        sqlx::query_scalar("select count(*) from audit_log").fetch_one(&app.pool).await.unwrap();
    assert_eq!(audited, 0);
}

#[tokio::test]
async fn a_rejudge_requeues_current_matches_under_current_settings_and_ignores_a_stale_workers_late_result() {
    let app = setup().await;
    app.contest("c4", &[]).await;
    let root = app.user("root", Role::Admin).await;
    let token = app.token(root).await;
    let (ada_u, bob_u) = (app.user("ada", Role::Student).await, app.user("bob", Role::Student).await);
    let ada_old = ready(&app, ada_u).await;
    let bob = ready(&app, bob_u).await;
    finish_match(&app, ada_old, bob, &["first", "first"]).await;
    let ada = ready(&app, ada_u).await;
    let (current, _) = match_between(&app, ada, bob).await;
    let (old_match, _) = match_between(&app, ada_old, bob).await;

    // One game is being played by w1, the other is done.
    let mut conn = app.pool.acquire().await.unwrap();
    let playing = games::claim(&mut conn, "w1", 60.0, 1, &[]).await.unwrap().pop().unwrap().0;
    assert_eq!(playing.match_id, current);
    let other = games::claim(&mut conn, "w2", 60.0, 1, &[]).await.unwrap().pop().unwrap().0;
    assert!(finish(&mut conn, "w2", &other, (&json!({"winner": "a"}), [5, 5])).await);

    let r = app.api("PATCH", "/api/contests/c4/settings", Some(&token), Some(json!({"move_ms": 1234}))).await;
    assert_eq!(r.status, StatusCode::OK);
    let r = app.api("POST", "/api/contests/c4/rejudge", Some(&token), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json(), json!({"matches": 1, "games": 2}));

    // status, attempts, result, locked_by, move_ms, charge
    type Row = (String, i32, Option<Value>, Option<String>, i64, bool);
    let rows: Vec<Row> = sqlx::query_as(
        "select g.status::text, j.attempts, g.result, j.locked_by, (g.settings->>'move_ms')::bigint, g.charge
         from games g join jobs j on j.game_id = g.id where g.match_id = $1 and g.replaced_at is null
         order by g.index",
    )
    .bind(current)
    .fetch_all(&mut *conn)
    .await
    .unwrap();
    assert_eq!(rows.len(), 2);
    for r in &rows {
        assert_eq!(r, &("queued".to_string(), 0, None, None, 1234, false));
    }
    let m: (String, Option<i32>) = sqlx::query_as("select status::text, points_a from matches where id = $1")
        .bind(current)
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(m, ("queued".to_string(), None));
    // The match of a superseded submission is not current: left alone.
    let old: String = sqlx::query_scalar("select status::text from matches where id = $1")
        .bind(old_match)
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(old, "done");

    // The same worker process claims the replay; its late result of the old attempt is ignored.
    let replay = games::claim(&mut conn, "w1", 60.0, 1, &[]).await.unwrap().pop().unwrap().0;
    assert_eq!(replay.settings["move_ms"], 1234);
    assert!(!queue::extend_lease(&mut conn, JobKind::Game, playing.id, "w1", 60.0).await.unwrap());
    assert!(!finish(&mut conn, "w1", &playing, (&json!({"winner": "b"}), [9, 9])).await);
    let done: i64 = sqlx::query_scalar(
        "select count(*) from games where match_id = $1 and status = 'done' and replaced_at is null",
    )
    .bind(current)
    .fetch_one(&mut *conn)
    .await
    .unwrap();
    assert_eq!(done, 0);
    let audited: Value =
        sqlx::query_scalar("select new_value from audit_log where action = 'contest.rejudge'")
            .fetch_one(&mut *conn)
            .await
            .unwrap();
    assert_eq!(audited["matches"], 1);

    // The page's button does the same, once the admin confirms: the first post changes nothing.
    let rejudges = || async {
        let n: i64 = sqlx::query_scalar("select count(*) from audit_log where action = 'contest.rejudge'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
        n
    };
    let mut a = app.logged_in("root").await;
    let asked = asks_first(&mut a, "/admin/contests/c4/rejudge", &[]).await;
    assert!(asked.element("consequence").unwrap().contains("current match"), "{}", asked.body);
    assert_eq!(rejudges().await, 1);
    let replay_status: String = sqlx::query_scalar("select status::text from games where id = $1")
        .bind(replay.id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(replay_status, "running", "not queued again by the unconfirmed post");
    let r = confirmed(&mut a, "/admin/contests/c4/rejudge", &[]).await;
    assert_eq!(r.location(), "/admin/contests/c4/settings?rejudged=1");
    assert_eq!(rejudges().await, 2);
}

#[tokio::test]
async fn a_disqualified_submission_leaves_the_standings_and_its_queued_games_are_cancelled() {
    let app = setup().await;
    app.contest("c4", &[]).await;
    app.user("root", Role::Admin).await;
    let users = [
        app.user("ada", Role::Student).await,
        app.user("bob", Role::Student).await,
        app.user("cyd", Role::Student).await,
    ];
    let ada = ready(&app, users[0]).await;
    let bob = ready(&app, users[1]).await;
    let cyd_old = ready(&app, users[2]).await;
    let cyd = ready(&app, users[2]).await;
    finish_match(&app, ada, bob, &["first", ""]).await;
    finish_match(&app, cyd, bob, &["first", "first"]).await;
    assert_eq!(standings(&app).await.len(), 3);

    let mut a = app.logged_in("root").await;
    assert!(a.get(&format!("/submissions/{cyd}")).await.element("disqualify-form").is_some());
    let path = format!("/admin/submissions/{cyd}/disqualify");
    let asked = asks_first(&mut a, &path, &[]).await;
    assert!(asked.element("consequence").unwrap().contains("of cyd"), "{}", asked.body);
    assert_eq!(a.get(&format!("/submissions/{cyd}")).await.element("status").unwrap(), "ready");
    assert_eq!(standings(&app).await.len(), 3);
    let r = confirmed(&mut a, &path, &[]).await;
    assert_eq!(r.location(), format!("/submissions/{cyd}"));
    let page = a.get(&format!("/submissions/{cyd}")).await;
    assert_eq!(page.element("status").unwrap(), "disqualified");
    assert!(page.element("disqualify-form").is_none());

    let rows = standings(&app).await;
    let nicks: Vec<&str> = rows.iter().map(|r| r["nickname"].as_str().unwrap()).collect();
    assert_eq!(nicks, ["nick-ada", "nick-bob"], "the user is out until they submit again");
    assert_eq!(rows[1]["matches"], json!({"won": 0, "drawn": 0, "lost": 1}), "bob's loss to cyd is gone");
    let (ada_cyd, _) = match_between(&app, ada, cyd).await;
    let statuses: Vec<String> = sqlx::query_scalar("select status::text from games where match_id = $1")
        .bind(ada_cyd)
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(statuses, ["cancelled", "cancelled"]);
    let old: String = sqlx::query_scalar("select status::text from submissions where id = $1")
        .bind(cyd_old)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(old, "superseded");
    // The stored snapshot was recomputed at once.
    let token = app.token(users[0]).await;
    let board = app.api("GET", "/api/contests/c4/scoreboard", Some(&token), None).await.json();
    assert_eq!(board["rows"].as_array().unwrap().len(), 2);
    let (old, new): (Value, Value) =
        sqlx::query_as("select old_value, new_value from audit_log where action = 'submission.disqualify'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(
        (old["status"].as_str(), new["status"].as_str(), new["submission"].as_i64()),
        (Some("ready"), Some("disqualified"), Some(cyd.0))
    );

    let root = sqlx::query_scalar("select id from users where username = 'root'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let r = app
        .api("POST", &format!("/api/submissions/{cyd}/disqualify"), Some(&app.token(root).await), None)
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn after_the_deadline_the_standings_freeze_once_the_last_game_is_done_and_then_stay() {
    let app = setup().await;
    app.contest("c4", &[]).await;
    let root = app.user("root", Role::Admin).await;
    let (ada_u, bob_u, cyd_u) = (
        app.user("ada", Role::Student).await,
        app.user("bob", Role::Student).await,
        app.user("cyd", Role::Student).await,
    );
    let ada = ready(&app, ada_u).await;
    let bob = ready(&app, bob_u).await;
    let cyd = ready(&app, cyd_u).await;
    finish_match(&app, ada, bob, &["first", "first"]).await;
    finish_match(&app, ada, cyd, &["first", "first"]).await;
    sqlx::query("update contests set deadline = now() - interval '1 minute'")
        .execute(&app.pool)
        .await
        .unwrap();
    let token = app.token(cyd_u).await;
    let r = app
        .api(
            "POST",
            "/api/contests/c4/submissions",
            Some(&token),
            Some(json!({"language": "python", "source": "x"})),
        )
        .await;
    assert_eq!(r.json()["error"], "deadline_passed");

    // A game of a current match is still queued: not final yet.
    botarena::jobs::scoreboard::refresh_due(&app.pool).await.unwrap();
    let frozen = || async {
        sqlx::query_scalar::<_, Option<time::OffsetDateTime>>("select frozen_at from contests")
            .fetch_one(&app.pool)
            .await
            .unwrap()
    };
    assert!(frozen().await.is_none());
    finish_match(&app, bob, cyd, &["first", "second"]).await;
    botarena::jobs::scoreboard::refresh_due(&app.pool).await.unwrap();
    assert!(frozen().await.is_some());
    let final_board = app.api("GET", "/api/contests/c4/scoreboard", Some(&token), None).await.json();
    assert_eq!(final_board["rows"][0]["points"], 6);
    assert_eq!(final_board["rows"][1]["points"], 1);

    // Results that change afterwards (here by hand) do not change the frozen standings.
    finish_match(&app, ada, bob, &["second", "second"]).await;
    sqlx::query("update scoreboards set computed_at = computed_at - interval '1 day'")
        .execute(&app.pool)
        .await
        .unwrap();
    // An edit by another process (here by hand) is served within a second.
    let stored: time::OffsetDateTime =
        sqlx::query_scalar("select computed_at from scoreboards").fetch_one(&app.pool).await.unwrap();
    let stored = stored.format(&time::format_description::well_known::Rfc3339).unwrap();
    let final_board = eventually(
        || async { app.api("GET", "/api/contests/c4/scoreboard", Some(&token), None).await.json() },
        |board| board["computed_at"] == stored.as_str(),
    )
    .await;
    assert_eq!(final_board["computed_at"], stored.as_str());
    botarena::jobs::scoreboard::refresh_due(&app.pool).await.unwrap();
    let admin = app.token(root).await;
    let refreshed = app.api("POST", "/api/contests/c4/scoreboard/refresh", Some(&admin), None).await.json();
    assert_eq!(refreshed, final_board);
    assert_eq!(app.api("GET", "/api/contests/c4/scoreboard", Some(&token), None).await.json(), final_board);

    // Unfreezing recomputes; freezing by hand keeps the standings of that moment.
    let mut a = app.logged_in("root").await;
    assert!(a.get("/admin/contests/c4/settings").await.element("frozen").unwrap().contains("Frozen since"));
    asks_first(&mut a, "/admin/contests/c4/unfreeze", &[]).await;
    assert!(a.get("/admin/contests/c4/settings").await.element("frozen").unwrap().contains("Frozen since"));
    let r = confirmed(&mut a, "/admin/contests/c4/unfreeze", &[]).await;
    assert_eq!(r.location(), "/admin/contests/c4/settings?unfrozen=1");
    let board = app.api("GET", "/api/contests/c4/scoreboard", Some(&token), None).await.json();
    assert_eq!(board["rows"][0]["nickname"], "nick-bob", "{board}");
    let r = a.submit_form("/admin/contests/c4/freeze", &[]).await;
    assert_eq!(r.location(), "/admin/contests/c4/settings?frozen=1");
    finish_match(&app, ada, bob, &["first", "first"]).await;
    let refreshed = app.api("POST", "/api/contests/c4/scoreboard/refresh", Some(&admin), None).await.json();
    assert_eq!(refreshed["rows"], board["rows"]);
    let actions: Vec<String> =
        sqlx::query_scalar("select action from audit_log order by id").fetch_all(&app.pool).await.unwrap();
    assert_eq!(actions, ["contest.unfreeze", "contest.freeze"]);
}

#[tokio::test]
async fn the_standings_csv_has_every_column_quoted_where_needed_and_no_house_rows() {
    let app = setup().await;
    app.contest("c4", &[]).await;
    app.user("root", Role::Admin).await;
    let (ada_u, bob_u, cyd_u) = (
        app.user("ada", Role::Student).await,
        app.user("bob", Role::Student).await,
        app.user("cyd", Role::Student).await,
    );
    sqlx::query(
        "update users set nickname = 'Ada \"Lovelace\", 1st', display_name = 'Lovelace, Ada' where id = $1",
    )
    .bind(ada_u)
    .execute(&app.pool)
    .await
    .unwrap();
    let ada = ready(&app, ada_u).await;
    let bob = ready(&app, bob_u).await;
    let cyd = ready(&app, cyd_u).await;
    finish_match(&app, ada, bob, &["first", "first"]).await;
    finish_match(&app, ada, cyd, &["first", "second"]).await;
    finish_match(&app, bob, cyd, &["", ""]).await;
    let id = contest_id(&app).await;
    scoreboard::refresh(&mut app.pool.acquire().await.unwrap(), id).await.unwrap();
    // A house bot's row (added by the house-bots feature) stays out of the export.
    sqlx::query(
        r#"update scoreboards set rows = rows || '[{"rank": 1, "nickname": "house-3", "points": 9, "house": true,
              "matches": {"won": 3, "drawn": 0, "lost": 0}, "games": {"won": 6, "drawn": 0, "lost": 0},
              "language": "house", "submitted_at": "2026-11-23T10:00:00Z"}]'::jsonb"#,
    )
    .execute(&app.pool)
    .await
    .unwrap();

    let mut a = app.logged_in("root").await;
    let r = a.get("/admin/contests/c4/standings.csv").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.headers["content-type"], "text/csv; charset=utf-8");
    assert!(r.headers["content-disposition"].to_str().unwrap().contains("c4-standings.csv"));
    let expected = format!(
        "rank,nickname,username,display_name,points,matches_won,matches_drawn,matches_lost,games_won,games_drawn,games_lost,language,submission_id,submitted_at\r\n\
         1,\"Ada \"\"Lovelace\"\", 1st\",ada,\"Lovelace, Ada\",4,1,1,0,3,0,1,python,{ada},2026-11-01T10:00:00Z\r\n\
         2,nick-cyd,cyd,,2,0,2,0,1,2,1,python,{cyd},2026-11-01T10:00:00Z\r\n\
         3,nick-bob,bob,,1,0,1,1,0,2,2,python,{bob},2026-11-01T10:00:00Z\r\n"
    );
    assert_eq!(r.body, expected);
}

#[tokio::test]
async fn a_game_whose_lease_expires_max_attempts_times_is_failed_until_a_rejudge() {
    let app = setup().await;
    app.contest("c4", &[]).await;
    let root = app.user("root", Role::Admin).await;
    let ada = ready(&app, app.user("ada", Role::Student).await).await;
    let bob = ready(&app, app.user("bob", Role::Student).await).await;
    let (match_id, _) = match_between(&app, ada, bob).await;
    let mut conn = app.pool.acquire().await.unwrap();
    let mut crashing = None;
    for n in 0..MAX_ATTEMPTS {
        assert_eq!(games::fail_exhausted(&mut conn).await.unwrap(), 0);
        let job =
            games::claim(&mut conn, &format!("dying-{n}"), 60.0, 1, &[]).await.unwrap().pop().unwrap().0;
        assert_eq!(*crashing.get_or_insert(job.id), job.id, "the same game is retried");
        assert_eq!(job.attempts, n + 1);
        sqlx::query("update jobs set lease_until = now() - interval '1 second' where game_id = $1")
            .bind(job.id)
            .execute(&mut *conn)
            .await
            .unwrap();
    }
    let crashing = crashing.unwrap();
    // The cap reached, the next claim takes another game; the sweep gives the first one up.
    let next = games::claim(&mut conn, "alive", 60.0, 1, &[]).await.unwrap().pop().unwrap().0;
    assert_ne!(next.id, crashing);
    assert_eq!(games::fail_exhausted(&mut conn).await.unwrap(), 1);
    let (status, failure): (String, String) =
        sqlx::query_as("select status::text, failure from games where id = $1")
            .bind(crashing)
            .fetch_one(&mut *conn)
            .await
            .unwrap();
    assert_eq!(status, "failed");
    assert!(failure.contains(&format!("after {MAX_ATTEMPTS} attempts")), "{failure}");
    // Its match cannot complete: it stays out of the standings even when the other game is done.
    assert!(finish(&mut conn, "alive", &next, (&json!({"winner": "a"}), [1, 1])).await);
    let score = games::MatchScore { points: [3, 0], games_won: [1, 0], games_drawn: 0 };
    games::set_matches_done(&mut conn, &[(match_id, score)]).await.unwrap();
    let m: String = sqlx::query_scalar("select status::text from matches where id = $1")
        .bind(match_id)
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(m, "failed");
    assert!(standings(&app).await.iter().all(|r| r["points"] == 0));
    assert!(games::claim(&mut conn, "alive", 60.0, 1, &[]).await.unwrap().is_empty());

    let mut a = app.logged_in("root").await;
    let page = a.get("/admin/status").await;
    assert!(page.element("failed").unwrap().contains("nick-bob vs nick-ada"), "{}", page.body);
    assert_eq!(cells(&page.body, "game-counts"), ["Games", "0", "0", "1", "1", "0"]);
    let token = app.token(root).await;
    let q = app.api("GET", "/api/queue", Some(&token), None).await.json();
    assert_eq!(q["games"]["failed"], 1, "{q}");
    assert_eq!(q["failed"][0]["id"], crashing.0);
    let g = app.api("GET", &format!("/api/games/{crashing}"), Some(&token), None).await.json();
    assert_eq!(g["status"], "failed");

    // A rejudge plays it again.
    app.api("POST", "/api/contests/c4/rejudge", Some(&token), None).await;
    let q = app.api("GET", "/api/queue", Some(&token), None).await.json();
    assert_eq!((q["games"]["failed"].clone(), q["games"]["queued"].clone()), (json!(0), json!(2)), "{q}");
}

#[tokio::test]
async fn the_status_page_shows_queues_running_games_and_stale_workers() {
    let app = setup().await;
    app.contest("c4", &[]).await;
    app.user("root", Role::Admin).await;
    ready(&app, app.user("ada", Role::Student).await).await;
    ready(&app, app.user("bob", Role::Student).await).await;
    let mut conn = app.pool.acquire().await.unwrap();
    workers::worker_seen(&mut conn, "host:1:alive", 1).await.unwrap();
    workers::worker_seen(&mut conn, "host:2:gone", 0).await.unwrap();
    sqlx::query("update workers set last_seen = now() - interval '5 minutes' where id = 'host:2:gone'")
        .execute(&mut *conn)
        .await
        .unwrap();
    let job = games::claim(&mut conn, "host:1:alive", 60.0, 1, &[]).await.unwrap().pop().unwrap().0;
    sqlx::query("insert into submissions (contest_id, user_id, language, source) select id, 1, 'c', 'x' from contests")
        .execute(&mut *conn)
        .await
        .unwrap();

    let mut a = app.logged_in("root").await;
    let page = a.get("/admin/status").await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(cells(&page.body, "compile-counts"), ["Compile", "1", "0", "2", "0", "—"]);
    assert_eq!(cells(&page.body, "game-counts"), ["Games", "1", "1", "0", "0", "0"]);
    let running = page.element("running").unwrap();
    assert!(
        running.contains(&job.id.to_string()) && running.contains("host:1:alive") && running.contains("c4"),
        "{running}"
    );
    let workers = page.element("workers").unwrap();
    let alive = workers.find("host:1:alive").unwrap();
    let gone = workers.find("host:2:gone").unwrap();
    assert!(workers[alive..gone].contains("alive") && !workers[alive..gone].contains("stale"), "{workers}");
    assert!(workers[gone..].contains("stale"), "{workers}");
}

/// Inserts a submission of `username` to contest `slug` as it is stored, with any status.
async fn stored_submission(
    app: &TestApp,
    slug: &str,
    username: &str,
    language: &str,
    status: &str,
    source: &str,
) -> i64 {
    sqlx::query_scalar(
        "insert into submissions (contest_id, user_id, language, source, status)
         select c.id, u.id, $3, $5::bytea, $4::submission_status from contests c, users u
         where c.slug = $1 and u.username = $2 returning id",
    )
    .bind(slug)
    .bind(username)
    .bind(language)
    .bind(status)
    .bind(source.as_bytes())
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

/// The usernames of the rows of the users page, in order.
fn listed_users(page: &Resp) -> Vec<String> {
    let Some(table) = page.body.find("id=\"users\"") else { return vec![] };
    page.body[table..]
        .split("<tr id=\"user-")
        .skip(1)
        .map(|row| row.split('"').next().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn the_users_page_finds_users_by_username_display_name_or_nickname_and_pages_a_big_class() {
    let app = setup().await;
    app.contest("c4", &[]).await;
    app.user("root", Role::Admin).await;
    let ada = app.user("ada", Role::Student).await;
    app.user("bob", Role::Student).await;
    app.user("cyd_1", Role::Student).await;
    sqlx::query("update users set display_name = 'Ada Lovelace' where username = 'ada'")
        .execute(&app.pool)
        .await
        .unwrap();
    ready(&app, ada).await;
    ready(&app, ada).await;
    app.logged_in("ada").await;

    let mut s = app.logged_in("bob").await;
    assert_eq!(s.get("/admin/users?q=ada").await.status, StatusCode::FORBIDDEN);

    let mut a = app.logged_in("root").await;
    let page = a.get("/admin/users").await;
    assert_eq!(listed_users(&page), ["ada", "bob", "cyd_1", "root"]);
    let ada_row = page.element("user-ada").unwrap();
    for shown in ["Ada Lovelace", "nick-ada", "active", "UTC"] {
        assert!(ada_row.contains(shown), "{shown} in {ada_row}");
    }
    assert!(page
        .body
        .contains(r#"<a href="/admin/submissions?student=ada" title="their submissions">2</a>"#));
    assert!(page.element("user-cyd_1").unwrap().contains("never"), "cyd never logged in");
    assert!(page.element("user-root").unwrap().contains("admin"));

    for (query, found) in [
        ("q=LOVELACE", vec!["ada"]),
        ("q=nick-B", vec!["bob"]),
        ("q=d_", vec!["cyd_1"]),
        ("q=%25", vec![]),
        ("q=_", vec!["cyd_1"]),
        ("q=%00ada", vec!["ada"]),
        ("only=disabled", vec![]),
        ("sort=submissions", vec!["ada", "bob", "cyd_1", "root"]),
        ("sort=last_login", vec!["root", "bob", "ada", "cyd_1"]),
        ("sort=nonsense&page=x", vec!["ada", "bob", "cyd_1", "root"]),
    ] {
        let page = a.get(&format!("/admin/users?{query}")).await;
        assert_eq!(page.status, StatusCode::OK, "{query}");
        assert_eq!(listed_users(&page), found, "{query}");
    }
    assert!(a.get("/admin/users?q=zzz").await.element("users-none").is_some());

    // A class of a thousand: a hundred a page, the search kept in the pages' links.
    sqlx::query(
        "insert into users (username, password_hash) select 'student' || lpad(n::text, 4, '0'), 'x'
         from generate_series(1, 1000) n",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let first = a.get("/admin/users?q=student").await;
    let rows = listed_users(&first);
    assert_eq!((rows.len(), rows[0].as_str(), rows[99].as_str()), (100, "student0001", "student0100"));
    assert!(first.element("user-count").unwrap().starts_with("1000 users"));
    assert!(first.body.contains(r#"href="/admin/users?q=student&#38;page=2" rel="next""#), "{}", first.body);
    let last = a.get("/admin/users?q=student&page=10").await;
    assert_eq!(listed_users(&last).last().unwrap(), "student1000");
    assert!(!last.body.contains("rel=\"next\""));
}

#[tokio::test]
async fn a_disabled_user_cannot_log_in_loses_sessions_and_tokens_keeps_standings_and_can_again_once_enabled()
{
    let app = setup().await;
    app.contest("c4", &[]).await;
    let root = app.user("root", Role::Admin).await;
    let ada = app.user("ada", Role::Student).await;
    let bob = app.user("bob", Role::Student).await;
    let (ada_sub, bob_sub) = (ready(&app, ada).await, ready(&app, bob).await);
    finish_match(&app, ada_sub, bob_sub, &["first", "first"]).await;
    let token = app.token(ada).await;
    let mut s = app.logged_in("ada").await;
    let mut a = app.logged_in("root").await;

    // Asked first: nothing changes until the admin confirms.
    let asked = asks_first(&mut a, "/admin/users/disable", &[("username", "ada")]).await;
    assert!(asked.element("consequence").unwrap().contains("sessions end"), "{}", asked.body);
    assert_eq!(s.get("/profile").await.status, StatusCode::OK);
    assert_eq!(app.api("GET", "/api/contests", Some(&token), None).await.status, StatusCode::OK);

    let r = confirmed(&mut a, "/admin/users/disable", &[("username", "ada")]).await;
    // POST-redirect-GET: the list of her, saying it once; a reload posts nothing again.
    assert_eq!(r.location(), "/admin/users?q=ada");
    let r = a.follow(r).await;
    assert_eq!(r.element("account-result").unwrap(), "ada is disabled.");
    assert!(a.get("/admin/users?q=ada").await.element("account-result").is_none());
    assert!(r.element("user-ada").unwrap().contains("disabled since"));
    assert_eq!(listed_users(&a.get("/admin/users?only=disabled").await), ["ada"]);
    // Her open session is over at once (this process keeps sessions for a second: not this one).
    let old_cookie = s.cookie.clone();
    let r = s.get("/profile").await;
    assert_eq!((r.status, r.location()), (StatusCode::SEE_OTHER, "/login?next=/profile"));
    // Her tokens are revoked.
    let r = app.api("GET", "/api/contests", Some(&token), None).await;
    assert_eq!((r.status, r.json()["error"].as_str()), (StatusCode::UNAUTHORIZED, Some("unauthorized")));
    let r = app.client().login("ada", "pw-ada").await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(r.element("login-error").unwrap(), "This account is disabled; ask your course staff.");
    // A wrong password is told nothing more.
    let r = app.client().login("ada", "guess").await;
    assert_eq!(r.element("login-error").unwrap(), "Wrong username or password.");
    // Her data stays: her submission keeps its place in the standings.
    let nicks: Vec<Value> = standings(&app).await.iter().map(|r| r["nickname"].clone()).collect();
    assert_eq!(nicks, [json!("nick-ada"), json!("nick-bob")]);

    // Nobody disables their own account; disabling twice changes nothing more.
    let r = confirmed(&mut a, "/admin/users/disable", &[("username", "root")]).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.element("account-error").unwrap().contains("your own account"));
    let r = confirmed(&mut a, "/admin/users/disable", &[("username", "ada")]).await;
    let r = a.follow(r).await;
    assert_eq!(r.element("account-result").unwrap(), "ada was disabled already.");
    let r = confirmed(&mut a, "/admin/users/disable", &[("username", "nobody")]).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);

    // Enabled again: she logs in; the ended session stays ended, the revoked token revoked.
    let r = a.submit_form("/admin/users/enable", &[("username", "ada")]).await;
    let r = a.follow(r).await;
    assert_eq!(r.element("account-result").unwrap(), "ada is enabled.");
    s.cookie = old_cookie;
    assert_eq!(s.get("/profile").await.status, StatusCode::SEE_OTHER);
    assert_eq!(app.logged_in("ada").await.get("/profile").await.status, StatusCode::OK);
    assert_eq!(app.api("GET", "/api/contests", Some(&token), None).await.status, StatusCode::UNAUTHORIZED);

    let audited: Vec<(String, Option<i64>, Value, Value)> = sqlx::query_as(
        "select action, actor_id, old_value, new_value from audit_log where target = 'user:ada' order by id",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    let root = Some(root.0);
    assert_eq!(
        audited,
        [
            ("users.disable".to_string(), root, json!({"disabled": false}), json!({"disabled": true})),
            ("users.enable".to_string(), root, json!({"disabled": true}), json!({"disabled": false})),
        ]
    );
}

#[tokio::test]
async fn a_password_reset_asks_first_and_ends_the_students_open_sessions() {
    let app = setup().await;
    app.user("root", Role::Admin).await;
    app.user("fay", Role::Student).await;
    let mut s = app.logged_in("fay").await;
    let mut a = app.logged_in("root").await;
    // The row's button asks first.
    asks_first(&mut a, "/admin/users/reset-password", &[("username", "fay")]).await;
    assert_eq!(s.get("/profile").await.status, StatusCode::OK);
    assert_eq!(app.client().login("fay", "pw-fay").await.status, StatusCode::SEE_OTHER);
    let r = confirmed(&mut a, "/admin/users/reset-password", &[("username", "fay")]).await;
    let r = a.follow(r).await;
    assert!(r.element("reset-result").unwrap().contains("fay"));
    assert_eq!(s.get("/profile").await.location(), "/login?next=/profile");
    assert_eq!(app.client().login("fay", "fay").await.location(), "/welcome");
    // The admin's own session is untouched.
    assert_eq!(a.get("/admin/users").await.status, StatusCode::OK);
}

#[tokio::test]
async fn an_admin_sees_whose_submission_it_is_and_the_student_does_not_see_the_line() {
    let app = setup().await;
    app.contest("c4", &[]).await;
    app.user("root", Role::Admin).await;
    let ada = app.user("ada", Role::Student).await;
    sqlx::query("update users set display_name = 'Ada Lovelace' where username = 'ada'")
        .execute(&app.pool)
        .await
        .unwrap();
    let sub = ready(&app, ada).await;
    let mut a = app.logged_in("root").await;
    let page = a.get(&format!("/submissions/{sub}")).await;
    let owner = page.element("owner").unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(owner, "By ada (Ada Lovelace), nickname nick-ada · all their submissions here");
    assert!(page.body.contains(r#"<a href="/admin/users?q=ada">ada</a>"#));
    assert!(page.body.contains(r#"href="/admin/submissions?student=ada&amp;contest=c4""#));
    let mut s = app.logged_in("ada").await;
    let own = s.get(&format!("/submissions/{sub}")).await;
    assert_eq!(own.status, StatusCode::OK);
    assert!(own.element("owner").is_none());
}

#[tokio::test]
async fn the_submissions_list_filters_by_contest_student_language_and_status_and_pages() {
    let app = setup().await;
    app.contest("c4", &[]).await;
    app.contest("c5", &[]).await;
    app.user("root", Role::Admin).await;
    app.user("ada", Role::Student).await;
    app.user("bob", Role::Student).await;
    let ada_c = stored_submission(&app, "c4", "ada", "c", "compile_error", "x").await;
    let ada_py = stored_submission(&app, "c4", "ada", "python", "ready", "x").await;
    let bob_c = stored_submission(&app, "c4", "bob", "c", "ready", "x").await;
    let bob_c5 = stored_submission(&app, "c5", "bob", "python", "queued", "x").await;
    let mut s = app.logged_in("bob").await;
    assert_eq!(s.get("/admin/submissions").await.status, StatusCode::FORBIDDEN);

    let mut a = app.logged_in("root").await;
    let shown = |page: &Resp| -> Vec<i64> {
        page.body
            .split("<tr id=\"submission-")
            .skip(1)
            .map(|row| row.split('"').next().unwrap().parse().unwrap())
            .collect()
    };
    for (query, found) in [
        ("", vec![bob_c5, bob_c, ada_py, ada_c]),
        ("contest=c4", vec![bob_c, ada_py, ada_c]),
        ("student=ada", vec![ada_py, ada_c]),
        ("student=NICK-BOB", vec![bob_c5, bob_c]),
        ("student=ad", vec![]),
        ("language=c", vec![bob_c, ada_c]),
        ("status=ready", vec![bob_c, ada_py]),
        ("contest=c4&student=bob&language=c&status=ready", vec![bob_c]),
        ("status=nonsense&language=%00&page=-3", vec![bob_c5, bob_c, ada_py, ada_c]),
    ] {
        let page = a.get(&format!("/admin/submissions?{query}")).await;
        assert_eq!(page.status, StatusCode::OK, "{query}");
        assert_eq!(shown(&page), found, "{query}");
    }
    let page = a.get("/admin/submissions?contest=c4&status=ready").await;
    assert!(page.body.contains(&format!(r#"<a href="/submissions/{bob_c}">{bob_c}</a>"#)));
    assert!(page.body.contains(r#"<option value="ready" selected>"#));
    assert!(page.body.contains(r#"<option value="c4" selected>"#));
    assert!(page.body.contains(r#"href="/admin/contests/c4/sources.zip""#));
    assert_eq!(a.get("/admin/submissions?contest=nope").await.status, StatusCode::NOT_FOUND);

    // A hundred a page, newest first, the filters kept in the pages' links.
    sqlx::query(
        "insert into submissions (contest_id, user_id, language, source)
         select c.id, u.id, 'c', 'x' from contests c, users u, generate_series(1, 150)
         where c.slug = 'c5' and u.username = 'ada'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let first = a.get("/admin/submissions?contest=c5&status=queued").await;
    assert_eq!(shown(&first).len(), 100);
    assert!(first.element("submission-count").unwrap().starts_with("151 submissions"));
    assert!(first
        .body
        .contains(r#"href="/admin/submissions?contest=c5&#38;status=queued&#38;page=2" rel="next""#));
    let second = a.get("/admin/submissions?contest=c5&status=queued&page=2").await;
    assert_eq!(shown(&second).len(), 51);
    assert_eq!(*shown(&second).last().unwrap(), bob_c5);
}

#[tokio::test]
async fn the_sources_zip_holds_exactly_each_persons_current_source_named_by_username() {
    let app = setup().await;
    app.contest("c4", &[]).await;
    app.contest("c5", &[]).await;
    app.user("root", Role::Admin).await;
    for name in ["ada", "bob", "cyd", "dan"] {
        app.user(name, Role::Student).await;
    }
    stored_submission(&app, "c4", "ada", "python", "superseded", "print('old')").await;
    stored_submission(&app, "c4", "ada", "python", "ready", "print('ada')\n").await;
    stored_submission(&app, "c4", "ada", "c", "compile_error", "int main( {").await;
    stored_submission(&app, "c4", "bob", "cpp", "ready", "// bob: ünïcode\nint main() {}\n").await;
    stored_submission(&app, "c4", "cyd", "java", "disqualified", "class Main {}").await;
    stored_submission(&app, "c5", "cyd", "rust", "ready", "fn main() {}").await;
    stored_submission(&app, "c4", "dan", "rust", "ready", "fn main() { /* dan */ }").await;
    sqlx::query("update users set disabled_at = now() where username = 'dan'")
        .execute(&app.pool)
        .await
        .unwrap();
    sqlx::query("insert into users (username, password_hash, is_house) values ('house:random', 'x', true)")
        .execute(&app.pool)
        .await
        .unwrap();
    stored_submission(&app, "c4", "house:random", "python", "ready", "house").await;

    let mut s = app.logged_in("bob").await;
    assert_eq!(s.get("/admin/contests/c4/sources.zip").await.status, StatusCode::FORBIDDEN);
    let mut a = app.logged_in("root").await;
    let req = axum::http::Request::builder()
        .uri("/admin/contests/c4/sources.zip")
        .header(axum::http::header::COOKIE, a.cookie.clone().unwrap())
        .body(axum::body::Body::empty())
        .unwrap();
    let resp = tower::ServiceExt::oneshot(app.router.clone(), req).await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    let header = |name| resp.headers()[name].to_str().unwrap().to_string();
    assert_eq!(header(axum::http::header::CONTENT_TYPE), "application/zip");
    assert_eq!(header(axum::http::header::CONTENT_DISPOSITION), r#"attachment; filename="c4-sources.zip""#);
    let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX).await.unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let mut files = Vec::new();
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).unwrap();
        let mut text = String::new();
        std::io::Read::read_to_string(&mut f, &mut text).unwrap();
        files.push((f.name().unwrap().to_string(), text));
    }
    let expected = [
        ("ada.py", "print('ada')\n"),
        ("bob.cpp", "// bob: ünïcode\nint main() {}\n"),
        ("dan.rs", "fn main() { /* dan */ }"),
    ];
    let expected: Vec<(String, String)> =
        expected.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect();
    assert_eq!(files, expected);

    // A contest without a current source: an empty zip, still a zip.
    sqlx::query("update submissions set status = 'superseded' where contest_id = (select id from contests where slug = 'c5')")
        .execute(&app.pool)
        .await
        .unwrap();
    let empty = a.get("/admin/contests/c5/sources.zip").await;
    assert_eq!(empty.status, StatusCode::OK);
    assert!(empty.body.starts_with("PK"), "{:?}", empty.body);
    assert_eq!(a.get("/admin/contests/nope/sources.zip").await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_command_line_disables_enables_and_resets_and_its_audit_entries_say_command_line() {
    let app = setup().await;
    app.user("root", Role::Admin).await;
    app.user("ada", Role::Student).await;
    let mut s = app.logged_in("ada").await;
    let database: String =
        sqlx::query_scalar("select current_database()").fetch_one(&app.pool).await.unwrap();
    let url = common::database::url_of_database(&database);
    let botarena = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_botarena"))
            .args(args)
            .env("DATABASE_URL", &url)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
        )
    };
    let (code, out) = botarena(&["contest", "create", "c9", "--game", "connect4"]);
    assert_eq!(code, Some(0), "{out}");

    // Disabled by another process: this server's kept copy of her session does not outlive it.
    assert_eq!(s.get("/profile").await.status, StatusCode::OK);
    let (code, out) = botarena(&["users", "disable", "ada"]);
    assert_eq!((code, out.trim()), (Some(0), "ada is disabled"));
    assert_eq!(s.get("/profile").await.status, StatusCode::SEE_OTHER);
    assert_eq!(app.client().login("ada", "pw-ada").await.status, StatusCode::FORBIDDEN);
    let (code, out) = botarena(&["users", "enable", "ada"]);
    assert_eq!((code, out.trim()), (Some(0), "ada is enabled"));
    let (code, _) = botarena(&["users", "reset-password", "ada"]);
    assert_eq!(code, Some(0));
    assert_eq!(app.client().login("ada", "ada").await.location(), "/welcome");
    let (code, out) = botarena(&["users", "disable", "nobody"]);
    assert_ne!(code, Some(0));
    assert!(out.contains("no user named `nobody`"), "{out}");

    let actors: Vec<(String, Option<i64>, Option<String>)> = sqlx::query_as(
        "select action, actor_id, actor_name from audit_log where target = 'user:ada' order by id",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    let by_command_line = |a: &str| (a.to_string(), None, None);
    assert_eq!(
        actors,
        [
            by_command_line("users.disable"),
            by_command_line("users.enable"),
            by_command_line("users.reset_password")
        ]
    );
    // The contest's history says who: the command line created it, root changed it.
    let mut a = app.logged_in("root").await;
    let r = a.submit_form("/admin/contests/c9/settings", &[("move_ms", "1500")]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let page = a.get("/admin/contests/c9/settings").await;
    let history = page.element("history").unwrap();
    assert!(!history.contains("deleted user"), "{history}");
    let whos: Vec<&str> = page.body[page.body.find("id=\"history\"").unwrap()..]
        .split("data-label=\"Who\">")
        .skip(1)
        .map(|cell| cell.split('<').next().unwrap())
        .collect();
    assert_eq!(whos.first(), Some(&"root"));
    assert_eq!(whos.last(), Some(&"command line"));
}

#[tokio::test]
async fn the_settings_history_wraps_long_values_instead_of_scrolling_sideways() {
    let Some(browser) = browser::chromium_or_skip("the settings page's layout") else { return };
    let app = setup().await;
    app.contest("c4", &[]).await;
    app.user("root", Role::Admin).await;
    let mut a = app.logged_in("root").await;
    let long_title = format!("A{}", "very_long_title_without_any_space_".repeat(5));
    let r = a
        .submit_form("/admin/contests/c4/settings", &[("title", &long_title), ("languages", "c,python")])
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let page = a.get("/admin/contests/c4/settings").await;
    assert!(page.element("history").unwrap().contains(&long_title));
    for width in [390, 1280] {
        let layout = browser::layout_at_width(browser, &page.body, width, "history").await;
        let (viewport, content, history_right) = layout;
        assert_eq!(viewport, width as i64, "{layout:?}");
        assert!(content <= viewport, "at {width}px the page scrolls sideways: {layout:?}");
        assert!(history_right <= viewport, "at {width}px the history runs out of the page: {layout:?}");
    }
}

#[tokio::test]
async fn the_settings_form_has_a_time_factor_per_language_and_checks_it() {
    let app = setup().await;
    app.contest("c4", &[]).await;
    app.user("root", Role::Admin).await;
    let mut a = app.logged_in("root").await;
    let new = a.get("/admin/contests/new").await;
    assert!(new.body.contains("time_factor.LANGUAGE"), "the names list the factors: {}", new.body);
    let page = a.get("/admin/contests/c4/settings").await;
    for id in app.state.language_ids() {
        assert!(page.body.contains(&format!(r#"name="time_factor.{id}" value="1""#)), "{id}: {}", page.body);
    }
    let r = a
        .submit_form("/admin/contests/c4/settings", &[("time_factor.python", "3"), ("time_factor.java", "1")])
        .await;
    assert_eq!(r.location(), "/admin/contests/c4/settings?saved=1");
    let page = a.get("/admin/contests/c4/settings").await;
    assert!(page.body.contains(r#"name="time_factor.python" value="3""#), "{}", page.body);
    // Out of range: refused with the field named, the typed value kept, nothing stored.
    let r = a.submit_form("/admin/contests/c4/settings", &[("time_factor.python", "20")]).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.element("settings-errors").unwrap().contains("time_factor.python"), "{}", r.body);
    assert!(r.body.contains(r#"name="time_factor.python" value="20""#));
    let stored: Value = sqlx::query_scalar("select settings from contests where slug = 'c4'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(stored["time_factor.python"], 3, "{stored}");
}

#[tokio::test]
async fn the_settings_page_shows_and_reads_the_deadline_in_the_contests_time_zone() {
    let app = setup().await;
    app.contest("c4", &["time_zone=Asia/Shanghai"]).await;
    app.user("root", Role::Admin).await;
    let deadline = || async {
        sqlx::query_scalar::<_, Option<time::OffsetDateTime>>(
            "select deadline from contests where slug = 'c4'",
        )
        .fetch_one(&app.pool)
        .await
        .unwrap()
    };
    let mut a = app.logged_in("root").await;
    let page = a.get("/admin/contests/c4/settings").await;
    assert!(page.element("setting-deadline").unwrap().contains("Asia/Shanghai"), "{}", page.body);
    // A wall-clock time is read in the contest's zone (UTC+08:00).
    let r = a.submit_form("/admin/contests/c4/settings", &[("deadline", "2026-12-31T23:59")]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert_eq!(deadline().await, Some(time::macros::datetime!(2026-12-31 15:59 UTC)));
    let page = a.get("/admin/contests/c4/settings").await;
    assert!(page.body.contains(r#"name="deadline" value="2026-12-31T23:59""#), "{}", page.body);
    // Sent back as shown with another zone, the deadline stays the same moment.
    let r = a
        .submit_form(
            "/admin/contests/c4/settings",
            &[("deadline", "2026-12-31T23:59"), ("time_zone", "Europe/Helsinki")],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert_eq!(deadline().await, Some(time::macros::datetime!(2026-12-31 15:59 UTC)));
    let page = a.get("/admin/contests/c4/settings").await;
    assert!(page.body.contains(r#"name="deadline" value="2026-12-31T17:59""#), "{}", page.body);
    assert!(page.element("setting-deadline").unwrap().contains("Europe/Helsinki"));

    // The new contest form has the time zone and page language; its deadline is read in that zone.
    let r = a
        .submit_form(
            "/admin/contests/new",
            &[
                ("slug", "sh"),
                ("game", "connect4"),
                ("time_zone", "Asia/Shanghai"),
                ("language", "zh-CN"),
                ("deadline", "2099-01-01T00:00"),
                ("languages", "python"),
            ],
        )
        .await;
    assert_eq!(r.location(), "/contests/sh", "{}", r.body);
    let (zone, locale, at): (Option<String>, Option<String>, Option<time::OffsetDateTime>) =
        sqlx::query_as("select time_zone, locale, deadline from contests where slug = 'sh'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!((zone.as_deref(), locale.as_deref()), (Some("Asia/Shanghai"), Some("zh-CN")));
    assert_eq!(at, Some(time::macros::datetime!(2098-12-31 16:00 UTC)));
    let r = a
        .submit_form(
            "/admin/contests/new",
            &[("slug", "x"), ("game", "connect4"), ("time_zone", "Mars/Base")],
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.element("time_zone-error").is_some(), "{}", r.body);
}
