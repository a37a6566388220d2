//! Judging end to end against a real Postgres with real bots: scheduling on a good compile, the
//! game queue (leases, exactly-once results), the scoreboard snapshot and who may read a log.

mod common;

use botarena::db::games;
use botarena::db::users::Role;
use botarena::jobs::compile::{self, CompileQueue};
use botarena::jobs::games::GameQueue;
use botarena::judge::launch::Launcher;
use botarena::judge::PlainLauncher;
use common::*;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

const LEFTMOST_PY: &str = include_str!("bots/connect4/leftmost.py");
const LEFTMOST_C: &str = include_str!("bots/connect4/leftmost.c");
const RESIGN_PY: &str = include_str!("bots/connect4/resign.py");

fn plain() -> Arc<dyn Launcher> {
    Arc::new(PlainLauncher::new())
}

/// A compile queue that schedules all of a submission's matches before `run_one` returns.
fn compile_queue(app: &TestApp) -> CompileQueue {
    let mut q = CompileQueue::new(
        app.pool.clone(),
        app.state.languages.clone(),
        compile::with_launcher(plain()),
        app.state.compile_wakeup.clone(),
    );
    q.first_result_wait = std::time::Duration::ZERO;
    q
}

fn game_queue(app: &TestApp) -> GameQueue {
    GameQueue::new(app.pool.clone(), app.state.languages.clone(), Arc::new(|_| Ok(plain())))
}

async fn submit(app: &TestApp, token: &str, language: &str, source: &str) -> i64 {
    let r = app
        .api(
            "POST",
            "/api/contests/c4/submissions",
            Some(token),
            Some(json!({"language": language, "source": source})),
        )
        .await;
    assert_eq!(r.status, axum::http::StatusCode::CREATED, "{}", r.body);
    r.json()["id"].as_i64().unwrap()
}

async fn compile_all(app: &TestApp) {
    let q = compile_queue(app);
    while q.run_one().await.unwrap() {}
}

async fn play_all(app: &TestApp) -> usize {
    let q = game_queue(app);
    let mut n = 0;
    while q.run_one(plain(), None).await.unwrap() {
        n += 1;
    }
    n
}

async fn count_games(app: &TestApp, status: &str) -> i64 {
    sqlx::query_scalar("select count(*) from games where status::text = $1")
        .bind(status)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn three_users_end_with_the_hand_computed_standings_and_a_resubmission_replaces_only_its_matches() {
    let app = setup().await;
    app.contest("c4", &["submit_interval_s=0"]).await;
    let admin = app.user("root", Role::Admin).await;
    let admin = app.token(admin).await;
    let tokens = app.students(&["ada", "bob", "cyd"]).await;
    submit(&app, &tokens[0], "python", LEFTMOST_PY).await;
    submit(&app, &tokens[1], "c", LEFTMOST_C).await;
    let cyd = submit(&app, &tokens[2], "python", RESIGN_PY).await;
    compile_all(&app).await;
    // Three pairings of two games each (connect4 plays two, sides swapped).
    assert_eq!(count_games(&app, "queued").await, 6);
    let bob_cyd: Vec<i64> =
        sqlx::query_scalar("select id from matches where $1 in (submission_a, submission_b)")
            .bind(cyd)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(bob_cyd.len(), 2);

    // ada resubmits before anything is played: her two queued matches are cancelled, two new
    // ones are scheduled, bob against cyd stays as it was.
    let ada2 = submit(&app, &tokens[0], "python", LEFTMOST_PY).await;
    compile_all(&app).await;
    assert_eq!(count_games(&app, "cancelled").await, 4);
    assert_eq!(count_games(&app, "queued").await, 6);
    let ada_matches = app
        .api("GET", &format!("/api/contests/c4/matches?submission={ada2}"), Some(&tokens[1]), None)
        .await
        .json();
    assert_eq!(ada_matches.as_array().unwrap().len(), 2, "{ada_matches}");

    assert_eq!(play_all(&app).await, 6);
    assert_eq!(count_games(&app, "done").await, 6);

    let board = app.api("POST", "/api/contests/c4/scoreboard/refresh", Some(&admin), None).await.json();
    let rows = board["rows"].as_array().unwrap();
    let row = |nick: &str| rows.iter().find(|r| r["nickname"] == format!("nick-{nick}")).unwrap().clone();
    // leftmost against leftmost: the same bot on both sides, so the match is drawn; both beat
    // the bot that forfeits every game.
    for nick in ["ada", "bob"] {
        let r = row(nick);
        assert_eq!(r["points"], 4, "{r}");
        assert_eq!(r["rank"], 1, "{r}");
        assert_eq!(r["matches"], json!({"won": 1, "drawn": 1, "lost": 0}), "{r}");
        let g = &r["games"];
        assert_eq!(
            g["won"].as_u64().unwrap() + g["drawn"].as_u64().unwrap() + g["lost"].as_u64().unwrap(),
            4
        );
        assert_eq!(g["won"].as_u64().unwrap(), 2 + g["lost"].as_u64().unwrap(), "{r}");
    }
    let c = row("cyd");
    assert_eq!((c["rank"].clone(), c["points"].clone()), (json!(3), json!(0)));
    assert_eq!(c["matches"], json!({"won": 0, "drawn": 0, "lost": 2}));
    assert_eq!(c["games"], json!({"won": 0, "drawn": 0, "lost": 4}));
    assert_eq!(row("ada")["submission_id"], ada2);

    // The snapshot is served as stored.
    let served = app.api("GET", "/api/contests/c4/scoreboard", Some(&tokens[2]), None).await.json();
    assert_eq!(served, board);

    // Thinking time counts against each user's budget.
    let used: i64 = sqlx::query_scalar("select count(*) from compute_usage where used_ms > 0")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(used, 3);
}

#[tokio::test]
async fn a_game_whose_worker_died_is_played_again_counted_once_and_its_log_stays_private() {
    let app = setup().await;
    app.contest("c4", &["submit_interval_s=0"]).await;
    let admin = app.user("root", Role::Admin).await;
    let admin = app.token(admin).await;
    let ada = app.user("ada", Role::Student).await;
    let ada = app.token(ada).await;
    let cyd = app.user("cyd", Role::Student).await;
    let cyd = app.token(cyd).await;
    let eve = app.user("eve", Role::Student).await;
    let eve = app.token(eve).await;
    submit(&app, &ada, "python", LEFTMOST_PY).await;
    submit(&app, &cyd, "python", RESIGN_PY).await;
    compile_all(&app).await;

    // A worker claims a game and dies: its lease runs out.
    let mut conn = app.pool.acquire().await.unwrap();
    let (dead, setup) = games::claim(&mut conn, "dead-worker", 60.0, 1, &[]).await.unwrap().pop().unwrap();
    sqlx::query(
        "update jobs set lease_until = now() - interval '1 second' where kind = 'game' and game_id = $1",
    )
    .bind(dead.id)
    .execute(&mut *conn)
    .await
    .unwrap();
    assert_eq!(play_all(&app).await, 2);
    // The dead worker's late result is ignored.
    let late = games::Stored {
        id: dead.id,
        result: &json!({}),
        log: "{}",
        think_ms: [1, 1],
        played: None,
        charges: &[],
    };
    let late = games::finish(&mut conn, "dead-worker", setup.contest_id, &[late]).await.unwrap();
    assert!(late.is_empty());
    let (status, attempts): (String, i32) = sqlx::query_as(
        "select g.status::text, j.attempts from games g join jobs j on j.game_id = g.id where g.id = $1",
    )
    .bind(dead.id)
    .fetch_one(&mut *conn)
    .await
    .unwrap();
    assert_eq!((status.as_str(), attempts), ("done", 2));
    drop(conn);

    let game = app.api("GET", &format!("/api/games/{}", dead.id), Some(&eve), None).await.json();
    assert_eq!(game["status"], "done", "{game}");
    assert!(game["winner"].is_string(), "{game}");
    assert!(game["forfeit"]["kind"].is_string(), "{game}");

    let log = format!("/api/games/{}/log", dead.id);
    let r = app.api("GET", &log, Some(&eve), None).await;
    assert_eq!(r.status, axum::http::StatusCode::FORBIDDEN);
    for t in [&ada, &cyd, &admin] {
        let r = app.api("GET", &log, Some(t), None).await;
        assert_eq!(r.status, axum::http::StatusCode::OK, "{}", r.body);
        assert!(!r.body.is_empty());
    }

    let q = app.api("GET", "/api/queue", Some(&admin), None).await.json();
    assert_eq!(q["games"]["done"], 2, "{q}");
}

/// A newcomer's first game is handed to an idle game slot of its compile worker's process and
/// played while its compile is stored (not claimed from the queue after the commit); it is
/// recorded once, under a lease as any game, and the rest of the match follows through the queue.
#[tokio::test]
async fn a_newcomers_first_game_is_played_by_an_idle_slot_while_its_compile_is_stored() {
    let app = setup().await;
    app.contest("c4", &["submit_interval_s=0"]).await;
    let ada = app.user("ada", Role::Student).await;
    let ada = app.token(ada).await;
    let cyd = app.user("cyd", Role::Student).await;
    let cyd = app.token(cyd).await;
    submit(&app, &ada, "c", LEFTMOST_C).await;
    compile_all(&app).await;

    let games = game_queue(&app);
    let handoff = games.handoff();
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let slots = games.spawn(stopped).unwrap();
    // The slot goes idle at once (nothing queued).
    tokio::time::sleep(Duration::from_millis(300)).await;
    let newcomer = submit(&app, &cyd, "c", LEFTMOST_C).await;
    let mut q = compile_queue(&app);
    q.first_games = Some(handoff.clone());
    assert!(q.run_one().await.unwrap());
    assert_eq!(handoff.handed(), 1, "the first game went to the idle slot");
    assert_eq!(handoff.leased(), 1, "its transaction created that very game");

    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while count_games(&app, "done").await < 2 {
        assert!(std::time::Instant::now() < deadline, "the match was not played");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let _ = stop.send(true);
    for slot in slots {
        slot.await.unwrap();
    }
    let rows: Vec<(i32, String, i32, bool, bool)> = sqlx::query_as(
        "select g.index, m.status::text, j.attempts, j.locked_by is null, length(g.log) > 0
         from games g join matches m on m.id = g.match_id join jobs j on j.game_id = g.id
         where m.submission_a = $1 order by g.index",
    )
    .bind(newcomer)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    for (_, status, attempts, released, logged) in &rows {
        assert_eq!((status.as_str(), *attempts, *released, *logged), ("done", 1, true, true), "{rows:?}");
    }
    // Its slot time charged as a claim charges it: each game's estimate when it starts, settled
    // to its real time when stored. Uncharged, the first game's settling would have taken its
    // estimate (a second) back off a time that never had it, leaving it below zero.
    let vtime: f64 =
        sqlx::query_scalar("select vtime from contest_slot_usage").fetch_one(&app.pool).await.unwrap();
    assert!(vtime > 0.0, "the slot time of two quick games: {vtime}");
}

/// A connect4 contest where ada has a ready leftmost bot, and cyd is about to submit: what the
/// first-game tests start from.
struct AdaReady {
    contest: botarena::db::ids::ContestId,
    ada: String,
    cyd_id: botarena::db::ids::UserId,
    cyd: String,
    /// Ada's build, which cyd's bot (the same source) would have too.
    artifact: Vec<u8>,
}

async fn ada_ready(app: &TestApp) -> AdaReady {
    app.contest("c4", &["submit_interval_s=0"]).await;
    let ada = app.user("ada", Role::Student).await;
    let ada = app.token(ada).await;
    let cyd_id = app.user("cyd", Role::Student).await;
    let cyd = app.token(cyd_id).await;
    let built = submit(app, &ada, "c", LEFTMOST_C).await;
    compile_all(app).await;
    let (artifact, contest): (Vec<u8>, i64) =
        sqlx::query_as("select artifact, contest_id from submissions where id = $1")
            .bind(built)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    AdaReady { contest: botarena::db::ids::ContestId(contest), ada, cyd_id, cyd, artifact }
}

/// A first game handed to a slot whose transaction did not create it (the pairing changed
/// meanwhile) is not leased: its output is dropped, nothing is stored, and the slot is idle again.
#[tokio::test]
async fn a_first_game_its_transaction_did_not_create_is_dropped_and_the_slot_freed() {
    use botarena::jobs::first_game::{commit_playing, Newcomer};
    use sqlx::Connection;
    let app = setup().await;
    let AdaReady { contest, cyd_id: user, cyd, artifact, .. } = ada_ready(&app).await;
    let newcomer = submit(&app, &cyd, "c", LEFTMOST_C).await;

    let games = game_queue(&app);
    let handoff = games.handoff();
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let slots = games.spawn(stopped).unwrap();
    let mut conn = app.pool.acquire().await.unwrap();
    for handed in 1..=2 {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let picked = handoff.pick(contest, user).await;
        assert!(picked.is_some(), "ada is cyd's first opponent");
        let newcomer_of = Newcomer {
            submission: botarena::db::ids::SubmissionId(newcomer),
            user,
            contest,
            language: "c",
            artifact: &artifact,
        };
        // A transaction that makes nothing ready: no game is created, none leased.
        let conn = &mut *conn;
        let ((), later) =
            commit_playing(
                &handoff,
                newcomer_of,
                picked,
                |_| async move { Ok((conn.begin().await?, (), None)) },
            )
            .await
            .unwrap();
        assert!(later.is_none());
        assert_eq!((handoff.handed(), handoff.leased()), (handed, 0));
    }
    let _ = stop.send(true);
    for slot in slots {
        slot.await.unwrap();
    }
    assert_eq!(count_games(&app, "done").await + count_games(&app, "queued").await, 0);
}

/// A first game picked while its newcomer compiled, against an opponent replaced since (the
/// opponent resubmitted), is played but not leased: the match the scheduler makes is against the
/// new submission, and its games are the queue's.
#[tokio::test]
async fn a_first_game_picked_against_an_opponent_replaced_since_is_not_leased() {
    use botarena::db::ids::SubmissionId;
    use botarena::jobs::first_game::{commit_playing, Newcomer};
    use botarena::service::scheduler;
    let app = setup().await;
    let AdaReady { contest, ada, cyd_id, cyd, artifact } = ada_ready(&app).await;

    let games = game_queue(&app);
    let handoff = games.handoff();
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let slots = games.spawn(stopped).unwrap();
    // Picked while cyd's submission compiles: against ada's first submission.
    let picked = handoff.pick(contest, cyd_id).await;
    assert!(picked.is_some(), "ada is cyd's first opponent");
    // Meanwhile ada resubmits, and that one is ready first.
    let second = submit(&app, &ada, "c", LEFTMOST_C).await;
    compile_all(&app).await;
    let newcomer = submit(&app, &cyd, "c", LEFTMOST_C).await;
    // Claimed by its compile worker.
    sqlx::query("update submissions set status = 'compiling' where id = $1")
        .bind(newcomer)
        .execute(&app.pool)
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let newcomer_of = Newcomer {
        submission: SubmissionId(newcomer),
        user: cyd_id,
        contest,
        language: "c",
        artifact: &artifact,
    };
    let mut conn = app.pool.acquire().await.unwrap();
    let readying = &mut *conn;
    let ((), later) = commit_playing(&handoff, newcomer_of, picked, |played| async move {
        let (mut tx, ready) = scheduler::begin_locked(readying, contest).await?;
        let leased = scheduler::make_ready(&mut tx, &ready, SubmissionId(newcomer), played.as_ref()).await?;
        Ok((tx, (), leased))
    })
    .await
    .unwrap();
    assert!(later.is_none());
    assert_eq!((handoff.handed(), handoff.leased()), (1, 0));
    let opponents: Vec<i64> =
        sqlx::query_scalar("select submission_b from matches where submission_a = $1 order by id")
            .bind(newcomer)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(opponents, [second]);
    let _ = stop.send(true);
    for slot in slots {
        slot.await.unwrap();
    }
}

/// The leftmost bot, thinking 60 ms per move: slow enough to watch.
const SLOW_LEFTMOST_PY: &str = "import time\n_sleep = time.sleep\n";

#[tokio::test]
async fn a_game_being_played_is_followed_live_and_then_shows_its_replay() {
    use http_body_util::BodyExt;
    let app = setup().await;
    app.contest("c4", &["submit_interval_s=0"]).await;
    for name in ["ada", "bob"] {
        // Each bot says a DEBUG line of its own before every move.
        let slow = format!(
            "{SLOW_LEFTMOST_PY}{}",
            LEFTMOST_PY.replace(
                "print(c, flush=True)",
                &format!("_sleep(0.06)\n        print('DEBUG {name}-thinking', flush=True)\n        print(c, flush=True)")
            )
        );
        let id = app.user(name, Role::Student).await;
        let token = app.token(id).await;
        submit(&app, &token, "python", &slow).await;
    }
    compile_all(&app).await;
    let q = game_queue(&app);
    let worker = tokio::spawn(async move { q.run_one(plain(), None).await.unwrap() });

    // While it is played, the worker writes the moves so far into the game's row.
    let mut running = None;
    for _ in 0..200 {
        let row: Option<(i64, serde_json::Value)> = sqlx::query_as(
            "select id, progress from games where status = 'running' and progress is not null",
        )
        .fetch_optional(&app.pool)
        .await
        .unwrap();
        if row.is_some() {
            running = row;
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let (id, progress) = running.expect("the running game's moves were written");
    assert!(!progress["moves"].as_array().unwrap().is_empty(), "{progress}");
    assert!(progress["params"]["magic"].is_number(), "{progress}");

    // Its page follows it: the first event has the moves and the frames to draw.
    let mut viewer = app.logged_in("ada").await;
    let page = viewer.get(&format!("/games/{id}")).await;
    assert!(page.body.contains("id=\"live\""), "the page of a running game follows it live");
    let response = viewer.raw_get(&format!("/games/{id}/live")).await;
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    let mut body = response.into_body();
    let first = body.frame().await.unwrap().unwrap().into_data().unwrap();
    let text = String::from_utf8_lossy(&first).to_string();
    assert!(text.starts_with("event: progress\n"), "{text}");
    let data: serde_json::Value =
        serde_json::from_str(text.lines().nth(1).unwrap().trim_start_matches("data: ")).unwrap();
    assert_eq!(data["frames"].as_array().unwrap().len(), data["moves"].as_array().unwrap().len() + 1);
    // ada sees her own bot's DEBUG lines, each with the move it came before, and never bob's.
    let lines = data["lines"].as_array().unwrap();
    assert!(!lines.is_empty(), "{data}");
    for l in lines {
        assert_eq!(l["text"], "ada-thinking", "{l}");
        assert_eq!(l["channel"], "debug");
        assert!(l["move"].as_u64().unwrap() <= data["moves"].as_array().unwrap().len() as u64);
    }
    assert!(
        progress["lines"].as_array().unwrap().iter().any(|l| l["text"] == "bob-thinking")
            || progress["moves"].as_array().unwrap().len() < 2,
        "the row keeps both bots' lines: {progress}"
    );
    // A student who owns neither bot sees the moves and no lines.
    app.user("cyd", Role::Student).await;
    let cyd = app.logged_in("cyd").await;
    let mut other = cyd.raw_get(&format!("/games/{id}/live")).await.into_body();
    let first = other.frame().await.unwrap().unwrap().into_data().unwrap();
    let text = String::from_utf8_lossy(&first).to_string();
    let seen: serde_json::Value =
        serde_json::from_str(text.lines().nth(1).unwrap().trim_start_matches("data: ")).unwrap();
    assert_eq!(seen["lines"], json!([]), "{seen}");
    drop(other);

    // Once stored, the moves are in the result and the row forgets its progress; the stream ends.
    worker.await.unwrap();
    let (status, progress): (String, Option<serde_json::Value>) =
        sqlx::query_as("select status::text, progress from games where id = $1")
            .bind(id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!((status.as_str(), progress), ("done", None));
    let mut rest = String::new();
    while let Some(frame) = body.frame().await {
        if let Ok(data) = frame.unwrap().into_data() {
            rest.push_str(&String::from_utf8_lossy(&data));
        }
    }
    assert!(rest.contains("event: done"), "{rest}");
}

#[tokio::test]
async fn a_submission_page_counts_its_games_played_and_the_games_queued_ahead_of_it() {
    let app = setup().await;
    app.contest("c4", &["submit_interval_s=0"]).await;
    let tokens = app.students(&["ada", "bob", "cyd"]).await;
    submit(&app, &tokens[0], "python", LEFTMOST_PY).await;
    submit(&app, &tokens[1], "python", LEFTMOST_PY).await;
    compile_all(&app).await;
    let cyd = submit(&app, &tokens[2], "python", LEFTMOST_PY).await;
    compile_all(&app).await;
    // cyd's four games queue behind ada and bob's two.
    let p = app.api("GET", &format!("/api/submissions/{cyd}"), Some(&tokens[2]), None).await.json()
        ["progress"]
        .clone();
    assert_eq!(
        p,
        json!({"total": 4, "done": 0, "running": 0, "queued": 4, "failed": 0, "queued_ahead": 2}),
        "{p}"
    );
    let mut web = app.logged_in("cyd").await;
    let page = web.get(&format!("/submissions/{cyd}")).await;
    assert_eq!(
        page.element("progress").unwrap(),
        "0 of 4 games played, 4 queued (2 games of others ahead of yours)."
    );
    assert!(page.body.contains("/static/progress.js"));
    let q = game_queue(&app);
    assert!(q.run_one(plain(), None).await.unwrap());
    assert!(q.run_one(plain(), None).await.unwrap());
    assert!(q.run_one(plain(), None).await.unwrap());
    let live = web.get(&format!("/submissions/{cyd}/progress")).await.json();
    assert_eq!(live["text"], "1 of 4 games played, 3 queued (0 games of others ahead of yours).", "{live}");
    play_all(&app).await;
    let live = web.get(&format!("/submissions/{cyd}/progress")).await.json();
    assert_eq!(live["text"], "4 of 4 games played.");
    // Another student does not see it.
    let mut bob = app.logged_in("bob").await;
    assert_eq!(
        bob.get(&format!("/submissions/{cyd}/progress")).await.status,
        axum::http::StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn the_scoreboard_is_computed_at_once_for_the_first_result_and_when_the_queue_empties() {
    let app = setup().await;
    app.contest("c4", &["submit_interval_s=0", "scoreboard_refresh_s=3600"]).await;
    let mut tokens = Vec::new();
    for name in ["ada", "bob", "cyd"] {
        let id = app.user(name, Role::Student).await;
        tokens.push(app.token(id).await);
        submit(&app, tokens.last().unwrap(), "python", LEFTMOST_PY).await;
    }
    compile_all(&app).await;
    let computed_at = || async {
        sqlx::query_scalar::<_, time::OffsetDateTime>("select computed_at from scoreboards")
            .fetch_optional(&app.pool)
            .await
            .unwrap()
    };
    // The first snapshot (nothing decided yet), then nothing is due for an hour.
    botarena::jobs::scoreboard::refresh_due(&app.pool).await.unwrap();
    let first = computed_at().await.expect("a first snapshot");
    let board = app.api("GET", "/api/contests/c4/scoreboard", Some(&tokens[0]), None).await.json();
    let next: time::OffsetDateTime = time::OffsetDateTime::parse(
        board["next_refresh_at"].as_str().unwrap(),
        &time::format_description::well_known::Rfc3339,
    )
    .unwrap();
    assert_eq!((next - first).whole_seconds(), 3600, "{board}");
    botarena::jobs::scoreboard::refresh_due(&app.pool).await.unwrap();
    assert_eq!(computed_at().await, Some(first));

    // The contest's first decided match: computed at once.
    let q = game_queue(&app);
    assert!(q.run_one(plain(), None).await.unwrap());
    assert!(q.run_one(plain(), None).await.unwrap());
    botarena::jobs::scoreboard::refresh_due(&app.pool).await.unwrap();
    let second = computed_at().await.unwrap();
    assert!(second > first, "the first result shows at once");
    // A second match while games still wait: not yet.
    assert!(q.run_one(plain(), None).await.unwrap());
    assert!(q.run_one(plain(), None).await.unwrap());
    botarena::jobs::scoreboard::refresh_due(&app.pool).await.unwrap();
    assert_eq!(computed_at().await, Some(second));
    // The queue empties: computed at once.
    play_all(&app).await;
    botarena::jobs::scoreboard::refresh_due(&app.pool).await.unwrap();
    let third = computed_at().await.unwrap();
    assert!(third > second);
    let rows =
        app.api("GET", "/api/contests/c4/scoreboard", Some(&tokens[0]), None).await.json()["rows"].clone();
    assert!(rows.as_array().unwrap().iter().all(|r| r["points"] == 2), "three draws each: {rows}");
    // The page says when the next one is due; a frozen contest has none.
    let mut web = app.logged_in("ada").await;
    assert!(web.get("/contests/c4/scoreboard").await.element("next-refresh").is_some());
    sqlx::query("update contests set frozen_at = now()").execute(&app.pool).await.unwrap();
    let board = common::eventually(
        || async { app.api("GET", "/api/contests/c4/scoreboard", Some(&tokens[0]), None).await.json() },
        |b| b["next_refresh_at"].is_null(),
    )
    .await;
    assert!(board["next_refresh_at"].is_null(), "{board}");
}

/// The ids of the games played and not replaced, in order.
async fn current_games(app: &TestApp) -> Vec<i64> {
    sqlx::query_scalar("select id from games where status::text = 'done' and replaced_at is null order by id")
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

/// A contest's time factor reaches the games its workers play: ada's Python bot, which needs
/// 1.5 s for its first moves, plays its games through under `move_ms=1000` and
/// `time_factor.python=4` against bob's C bot (factor 1), and forfeits them once an admin sets
/// the factor back to 1 and rejudges. (The test's launcher charges the wall clock, over which
/// 1.5 s of CPU time stretches when the tests beside it compute: hence a factor with room.) The rules page, its play command, the game page and the
/// API show the factors.
#[tokio::test]
async fn a_python_time_factor_lets_a_slow_python_bot_play_where_it_forfeits_without() {
    const SLOW_START_PY: &str = include_str!("bots/connect4/slow_start.py");
    let app = setup().await;
    app.contest("c4", &["submit_interval_s=0", "move_ms=1000", "time_factor.python=4"]).await;
    let root = app.user("root", Role::Admin).await;
    let admin = app.token(root).await;
    let tokens = app.students(&["ada", "bob"]).await;
    let ada = submit(&app, &tokens[0], "python", SLOW_START_PY).await;
    submit(&app, &tokens[1], "c", LEFTMOST_C).await;
    compile_all(&app).await;
    assert_eq!(play_all(&app).await, 2);
    let games = current_games(&app).await;
    assert_eq!(games.len(), 2);
    for id in &games {
        let g = app.api("GET", &format!("/api/games/{id}"), Some(&admin), None).await.json();
        assert!(g["forfeit"].is_null(), "{g}");
        assert_eq!(g["settings"]["time_factor.python"], 4, "{g}");
        let ada_side = if g["submissions"]["a"] == ada { "a" } else { "b" };
        let bob_side = if ada_side == "a" { "b" } else { "a" };
        assert_eq!((&g["time_factor"][ada_side], &g["time_factor"][bob_side]), (&json!(4.0), &json!(1.0)));
    }
    let mut page = app.logged_in("ada").await;
    let p = page.get(&format!("/games/{}", games[0])).await;
    let under = p.element("settings").expect("Played under");
    assert!(under.contains("time_factor.python") && under.contains("time factor of nick-ada"), "{under}");
    let rules = page.get("/contests/c4/rules").await;
    let line = rules.element("setting-time_factor.python").expect("the rules list the factor");
    assert!(line.contains("move_ms 4000") && line.contains("start_ms 20000"), "{line}");
    let play = rules.element("play-command").unwrap();
    assert!(play.contains("--set move_ms=1000") && play.contains("--set time_factor.python=4"), "{play}");

    // Without the factor, the same bots replayed: ada's bot runs out of time in both games.
    let r = app
        .api("PATCH", "/api/contests/c4/settings", Some(&admin), Some(json!({"time_factor.python": 1})))
        .await;
    assert_eq!(r.status, axum::http::StatusCode::OK, "{}", r.body);
    let r =
        app.api("PATCH", "/api/contests/c4/settings", Some(&admin), Some(json!({"time_factor.cobol": 2})));
    let r = r.await;
    assert_eq!(r.status, axum::http::StatusCode::BAD_REQUEST, "{}", r.body);
    assert!(r.body.contains("unknown language `cobol`"), "{}", r.body);
    let r = app.api("POST", "/api/contests/c4/rejudge", Some(&admin), None).await;
    assert_eq!(r.status, axum::http::StatusCode::OK, "{}", r.body);
    assert_eq!(play_all(&app).await, 2);
    let replays = current_games(&app).await;
    assert!(replays.iter().all(|g| !games.contains(g)), "{replays:?} {games:?}");
    for id in &replays {
        let g = app.api("GET", &format!("/api/games/{id}"), Some(&admin), None).await.json();
        assert_eq!(g["forfeit"]["kind"], "move_timeout", "{g}");
        let ada_side = if g["submissions"]["a"] == ada { "a" } else { "b" };
        assert_eq!(g["forfeit"]["bot"], ada_side, "{g}");
        assert!(g["settings"].get("time_factor.python").is_none(), "{g}");
        assert_eq!(g["time_factor"], json!({"a": 1.0, "b": 1.0}));
    }
}
