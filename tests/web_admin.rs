//! Running a contest as an admin: the settings page and its audit history, rejudging,
//! disqualifying, freezing the standings, the CSV export, the status page and the game attempt
//! cap. Submissions are made ready and games finished by hand in SQL, so no bot runs here.

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
fn cells(html: &str, id: &str) -> Vec<String> {
    let start = html.find(&format!("id=\"{id}\"")).unwrap_or_else(|| panic!("no row {id}"));
    let row = &html[start..start + html[start..].find("</tr>").unwrap()];
    row.split("<t")
        .skip(1)
        .map(|c| c[c.find('>').unwrap() + 1..].split('<').next().unwrap().trim().to_string())
        .collect()
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
    assert!(move_ms.contains("5000") && move_ms.contains("time per move"), "{move_ms}");
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
    assert!(page.element("notice").unwrap().contains("2 setting(s) changed"));
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
    let playing = games::claim(&mut conn, "w1", 60.0).await.unwrap().unwrap();
    assert_eq!(playing.match_id, current);
    let other = games::claim(&mut conn, "w2", 60.0).await.unwrap().unwrap();
    assert!(games::finish(&mut conn, other.id, "w2", &json!({"winner": "a"}), "{}", [5, 5]).await.unwrap());

    let r = app.api("PATCH", "/api/contests/c4/settings", Some(&token), Some(json!({"move_ms": 1234}))).await;
    assert_eq!(r.status, StatusCode::OK);
    let r = app.api("POST", "/api/contests/c4/rejudge", Some(&token), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json(), json!({"matches": 1, "games": 2}));

    // status, attempts, result, locked_by, move_ms, charge
    type Row = (String, i32, Option<Value>, Option<String>, i64, bool);
    let rows: Vec<Row> = sqlx::query_as(
        "select g.status::text, j.attempts, g.result, j.locked_by, (g.settings->>'move_ms')::bigint, g.charge
         from games g join jobs j on j.game_id = g.id where g.match_id = $1 order by g.index",
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
    let replay = games::claim(&mut conn, "w1", 60.0).await.unwrap().unwrap();
    assert_eq!(replay.settings["move_ms"], 1234);
    assert!(!queue::extend_lease(&mut conn, JobKind::Game, playing.id, "w1", 60.0).await.unwrap());
    assert!(!games::finish(&mut conn, playing.id, "w1", &json!({"winner": "b"}), "{}", [9, 9])
        .await
        .unwrap());
    let done: i64 = sqlx::query_scalar("select count(*) from games where match_id = $1 and status = 'done'")
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

    // The page's button does the same.
    let mut a = app.logged_in("root").await;
    let r = a.submit_form("/admin/contests/c4/rejudge", &[]).await;
    assert_eq!(r.location(), "/admin/contests/c4/settings?rejudged=1");
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
    let r = a.submit_form(&format!("/admin/submissions/{cyd}/disqualify"), &[]).await;
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
    let r = a.submit_form("/admin/contests/c4/unfreeze", &[]).await;
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
        let job = games::claim(&mut conn, &format!("dying-{n}"), 60.0).await.unwrap().unwrap();
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
    let next = games::claim(&mut conn, "alive", 60.0).await.unwrap().unwrap();
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
    assert!(games::finish(&mut conn, next.id, "alive", &json!({"winner": "a"}), "{}", [1, 1]).await.unwrap());
    let score = games::MatchScore { points: [3, 0], games_won: [1, 0], games_drawn: 0 };
    games::set_match_state(&mut conn, match_id, games::GameStatus::Done, Some(score)).await.unwrap();
    let m: String = sqlx::query_scalar("select status::text from matches where id = $1")
        .bind(match_id)
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(m, "failed");
    assert!(standings(&app).await.iter().all(|r| r["points"] == 0));
    assert!(games::claim(&mut conn, "alive", 60.0).await.unwrap().is_none());

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
    let job = games::claim(&mut conn, "host:1:alive", 60.0).await.unwrap().unwrap();
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
