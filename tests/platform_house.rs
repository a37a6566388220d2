//! House bots as contest opponents, against a real Postgres: enabled and retired through the
//! settings API, played by the game queue as `botarena house`, ranked apart on the scoreboard,
//! charged to nobody, and runnable inside the sandbox as the judge's own binary.

mod common;

use axum::http::StatusCode;
use botarena::db::ids::{SubmissionId, UserId};
use botarena::db::users::Role;
use botarena::judge::launch::Launcher;
use common::queues::*;
use common::*;
use serde_json::json;
use std::path::PathBuf;
use std::sync::Arc;

const LEFTMOST_PY: &str = include_str!("bots/connect4/leftmost.py");
const RESIGN_PY: &str = include_str!("bots/connect4/resign.py");

async fn submit_and_compile(app: &TestApp, token: &str, source: &str) -> SubmissionId {
    let id = submit(app, "c4", token, "python", source).await;
    compile_all(app).await;
    id
}

async fn scalar(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.pool).await.unwrap()
}

#[tokio::test]
async fn house_bots_play_every_student_but_not_each_other_are_ranked_apart_and_cost_no_budget() {
    let app = setup().await;
    app.contest("c4", &["submit_interval_s=0"]).await;
    let admin = app.user("root", Role::Admin).await;
    let admin = app.token(admin).await;
    let ada = app.user("ada", Role::Student).await;
    let ada = app.token(ada).await;
    let bob = app.user("bob", Role::Student).await;
    let bob = app.token(bob).await;
    submit_and_compile(&app, &ada, LEFTMOST_PY).await;

    let patch = |body| app.api("PATCH", "/api/contests/c4/settings", Some(&admin), Some(body));
    let r = patch(json!({"house_bots": "grandmaster"})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    let r = patch(json!({"house_bots": ["random", "level1"]})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["limits"]["house_bots"], json!(["random", "level1"]));
    // Each house bot against ada, not against each other.
    assert_eq!(scalar(&app, "select count(*) from matches").await, 2);
    // Setting the same levels again changes nothing.
    patch(json!({"house_bots": "level1,random"})).await;
    assert_eq!(scalar(&app, "select count(*) from matches").await, 2);

    // A new student is paired with ada and with both house bots.
    submit_and_compile(&app, &bob, RESIGN_PY).await;
    assert_eq!(scalar(&app, "select count(*) from matches").await, 5);

    // Retiring a level cancels its queued games; the other house bot stays.
    let r = patch(json!({"house_bots": "level1"})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(scalar(&app, "select count(*) from games where status = 'cancelled'").await, 4);

    let q = game_queue(&app, plain());
    let mut played = 0;
    while q.run_one(plain(), None).await.unwrap() {
        played += 1;
    }
    assert_eq!(played, 6, "ada-bob, ada-level1, bob-level1");

    let board = app.api("POST", "/api/contests/c4/scoreboard/refresh", Some(&admin), None).await.json();
    let rows = board["rows"].as_array().unwrap();
    let names: Vec<(&str, bool, i64)> = rows
        .iter()
        .map(|r| {
            (r["nickname"].as_str().unwrap(), r["house"].as_bool().unwrap(), r["rank"].as_i64().unwrap())
        })
        .collect();
    // bob forfeits every game, so ada beats him; the house bot beats him too and is ranked
    // apart, after the students, with a rank of its own.
    assert_eq!(names[2], ("house:level1", true, 1), "{board}");
    assert_eq!(names[..2], [("nick-ada", false, 1), ("nick-bob", false, 2)], "{board}");
    let house_row = &rows[2];
    assert_eq!(
        house_row["matches"]["won"].as_u64().unwrap()
            + house_row["matches"]["drawn"].as_u64().unwrap()
            + house_row["matches"]["lost"].as_u64().unwrap(),
        2
    );
    assert_eq!(house_row["language"], "house");
    // The students' rows count only the match between them: the house bots leave them unchanged.
    for row in &rows[..2] {
        let m = &row["matches"];
        let played: u64 = ["won", "drawn", "lost"].iter().map(|k| m[k].as_u64().unwrap()).sum();
        assert_eq!(played, 1, "{board}");
    }
    assert_eq!(rows[0]["points"], 3, "{board}");

    // Only the students' thinking is charged; the house accounts have no usage and cannot log in.
    assert_eq!(
        scalar(
            &app,
            "select count(*) from compute_usage c join users u on u.id = c.user_id where u.is_house"
        )
        .await,
        0
    );
    // Not even after an admin gives one a password.
    let house = UserId(scalar(&app, "select id from users where username = 'house:level1'").await);
    let hash = botarena::service::password::hash("a-good-password".into()).await.unwrap();
    let mut conn = app.pool.acquire().await.unwrap();
    botarena::db::users::set_password(&mut conn, house, &hash, false).await.unwrap();
    drop(conn);
    let r = app.client().login("house:level1", "a-good-password").await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.body);
}

#[tokio::test]
async fn a_house_bot_runs_inside_the_sandbox_as_the_judges_own_binary() {
    use botarena::judge::sandbox::{SandboxConfig, SandboxLauncher};
    let config =
        SandboxConfig { helper: PathBuf::from(env!("CARGO_BIN_EXE_botarena")), ..Default::default() };
    let launcher = match SandboxLauncher::new(config) {
        Ok(l) if l.fully_isolated() => Arc::new(l) as Arc<dyn Launcher>,
        _ => {
            eprintln!("skipping: this machine cannot give the sandbox's full isolation");
            return;
        }
    };
    let app = setup().await;
    app.contest("c4", &["house_bots=random"]).await;
    let admin = app.user("root", Role::Admin).await;
    let admin = app.token(admin).await;
    // `contest()` inserts directly; the settings API is what brings the house bots in.
    app.api("PATCH", "/api/contests/c4/settings", Some(&admin), Some(json!({"title": "Four"}))).await;
    let ada = app.user("ada", Role::Student).await;
    let ada = app.token(ada).await;
    submit_and_compile(&app, &ada, LEFTMOST_PY).await;

    // The default `house_exe`, `/proc/self/exe`, names the sandbox helper (botarena) inside.
    let mut q = game_queue(&app, launcher.clone());
    q.house_exe = PathBuf::from(botarena::judge::commands::SELF_EXE);
    while q.run_one(launcher.clone(), None).await.unwrap() {}
    let results: Vec<serde_json::Value> =
        sqlx::query_scalar("select result from games where status = 'done' order by id")
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(results.len(), 2);
    for r in &results {
        // The house bot played legal moves to the end: no forfeit on either side.
        assert!(r["forfeit"].is_null(), "{r}");
        assert!(r["moves"].as_array().unwrap().len() >= 7, "{r}");
    }
}

/// Each game's moves, by index, of every current game of the contest.
async fn moves_by_game(app: &TestApp) -> Vec<serde_json::Value> {
    sqlx::query_scalar(
        "select result->'moves' from games where status = 'done' and replaced_at is null order by index",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap()
}

/// A game queue whose house bots run through a wrapper that records each one's `--seed` in
/// `calls` before it becomes `botarena house`: what the seed decides is then checked directly.
fn recording_game_queue(app: &TestApp, dir: &std::path::Path) -> (botarena::jobs::games::GameQueue, PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let calls = dir.join("calls");
    let wrapper = dir.join("house.sh");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\necho \"$*\" >> '{}'\nexec '{}' \"$@\"\n",
            calls.display(),
            env!("CARGO_BIN_EXE_botarena")
        ),
    )
    .unwrap();
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut q = game_queue(app, plain());
    q.house_exe = wrapper;
    (q, calls)
}

/// The `--seed` of every house bot started so far, in order.
fn house_seeds(calls: &std::path::Path) -> Vec<u64> {
    let calls = std::fs::read_to_string(calls).unwrap_or_default();
    calls
        .lines()
        .filter_map(|line| {
            let args: Vec<&str> = line.split_whitespace().collect();
            let at = args.iter().position(|a| *a == "--seed")?;
            Some(args[at + 1].parse().expect("a numeric seed"))
        })
        .collect()
}

#[tokio::test]
async fn a_house_bot_plays_every_game_of_a_match_with_its_own_seed_and_a_rejudge_replays_them_exactly() {
    let app = setup().await;
    app.contest("c4", &["games=10"]).await;
    let admin = app.user("root", Role::Admin).await;
    let admin = app.token(admin).await;
    let r = app
        .api("PATCH", "/api/contests/c4/settings", Some(&admin), Some(json!({"house_bots": "random"})))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    // A student bot that always plays the same way: any variety comes from the house bot.
    let ada = app.user("ada", Role::Student).await;
    let ada = app.token(ada).await;
    submit_and_compile(&app, &ada, LEFTMOST_PY).await;

    let dir = tempfile::tempdir().unwrap();
    let (q, calls) = recording_game_queue(&app, dir.path());
    while q.run_one(plain(), None).await.unwrap() {}
    let first = moves_by_game(&app).await;
    assert_eq!(first.len(), 10);
    // Every game's house bot got a seed of its own: the two games of a pair share their board's
    // seed, not the house bot's, and no two games of the match share one.
    let seeds = house_seeds(&calls);
    assert_eq!(seeds.len(), 10, "one house bot per game: {seeds:?}");
    let distinct: std::collections::HashSet<u64> = seeds.iter().copied().collect();
    assert_eq!(distinct.len(), 10, "the house bot's seeds repeat: {seeds:?}");

    // The match keeps its seed: replayed, every game gets the same seeds and is the same again
    // (the house bot's moves are decided by its seed alone).
    let r = app.api("POST", "/api/contests/c4/rejudge", Some(&admin), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        scalar(&app, "select count(*) from games where status = 'done' and replaced_at is null").await,
        0
    );
    assert_eq!(
        scalar(&app, "select count(*) from games where status = 'done' and replaced_at is not null").await,
        10
    );
    while q.run_one(plain(), None).await.unwrap() {}
    let again = house_seeds(&calls);
    let (before, after) = again.split_at(10);
    let sorted = |s: &[u64]| {
        let mut s = s.to_vec();
        s.sort_unstable();
        s
    };
    assert_eq!(sorted(after), sorted(before), "the rejudge's house bots got other seeds");
    assert_eq!(moves_by_game(&app).await, first);
}
