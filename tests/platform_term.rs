//! A term on one shared server, with real bots through the API and the game queue: nothing judged
//! is ever deleted by an action (a rejudge keeps the old games, marked replaced; a superseded or
//! disqualified submission keeps its played games; only `prune` deletes, on purpose), contests
//! share the game slots fairly, and a quick resubmission never deadlocks a worker storing a result.

mod common;

use axum::http::StatusCode;
use botarena::db::ids::{ContestId, SubmissionId};
use botarena::db::users::Role;
use botarena::service::contests;
use common::queues::{compile_all, game_queue, plain, submit};
use common::*;
use serde_json::{json, Value};
use std::time::Duration;

const LEFTMOST_PY: &str = include_str!("bots/connect4/leftmost.py");
const THINK300_PY: &str = include_str!("bots/connect4/think300.py");

/// Plays every queued game on one slot; how many.
async fn play_all(app: &TestApp) -> usize {
    let q = game_queue(app, plain());
    let mut n = 0;
    while q.run_one(plain(), None).await.unwrap() {
        n += 1;
    }
    n
}

/// The ids of the current games and of the replaced games of `submission`'s one match.
async fn match_games(app: &TestApp, token: &str, submission: SubmissionId) -> (Vec<i64>, Vec<i64>) {
    let r =
        app.api("GET", &format!("/api/contests/c4/matches?submission={submission}"), Some(token), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let m = &r.json()[0];
    let ids = |v: &Value| v.as_array().unwrap().iter().map(|g| g.as_i64().unwrap()).collect();
    (ids(&m["games"]), ids(&m["replaced_games"]))
}

async fn audited(app: &TestApp, action: &str) -> Vec<Value> {
    sqlx::query_scalar("select new_value from audit_log where action = $1 order by id")
        .bind(action)
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_rejudge_plays_new_games_and_keeps_the_old_ones_readable_marked_replaced_until_pruned() {
    let app = setup().await;
    app.contest("c4", &["submit_interval_s=0"]).await;
    let root = app.user("root", Role::Admin).await;
    let admin = app.token(root).await;
    let tokens = app.students(&["ada", "bob"]).await;
    let ada = submit(&app, "c4", &tokens[0], "python", LEFTMOST_PY).await;
    submit(&app, "c4", &tokens[1], "python", LEFTMOST_PY).await;
    compile_all(&app).await;
    assert_eq!(play_all(&app).await, 2);
    let (old, replaced) = match_games(&app, &tokens[0], ada).await;
    assert!(replaced.is_empty());

    let r = app.api("POST", "/api/contests/c4/rejudge", Some(&admin), None).await;
    assert_eq!(r.json(), json!({"matches": 1, "games": 2}));
    let (new, replaced) = match_games(&app, &tokens[0], ada).await;
    assert_eq!(replaced, old, "the old games are listed as replaced");
    assert!(new.iter().all(|g| !old.contains(g)), "fresh games: {new:?} {old:?}");

    // The old games answer as before, for their owner too, and say what replaced them.
    for (old, new) in old.iter().zip(&new) {
        let g = app.api("GET", &format!("/api/games/{old}"), Some(&tokens[0]), None).await;
        assert_eq!(g.status, StatusCode::OK, "{}", g.body);
        let g = g.json();
        assert_eq!(g["status"], "done");
        assert!(g["winner"].is_string() || g["winner"].is_null(), "the result is still there: {g}");
        assert!(g["replaced_at"].is_string(), "{g}");
        assert_eq!(g["replaced_by"], *new);
        let log = app.api("GET", &format!("/api/games/{old}/log"), Some(&tokens[0]), None).await;
        assert_eq!(log.status, StatusCode::OK);
        assert!(!log.body.is_empty());
        let fresh = app.api("GET", &format!("/api/games/{new}"), Some(&tokens[0]), None).await.json();
        assert_eq!((fresh["status"].as_str(), &fresh["replaced_at"]), (Some("queued"), &Value::Null));
    }
    let mut page = app.logged_in("ada").await;
    let p = page.get(&format!("/games/{}", old[0])).await;
    assert_eq!(p.status, StatusCode::OK);
    let notice = p.element("replaced").expect("the old game says it was replaced");
    assert!(notice.starts_with("Replaced by the rejudge of") && notice.contains("(by root)"), "{notice}");
    assert!(p.body.contains(&format!("href=\"/games/{}\" id=\"replaced-by\"", new[0])), "{}", p.body);
    let list = page.get(&format!("/contests/c4/submissions/{ada}/matches")).await;
    assert!(list.body.contains("id=\"show-replaced\""), "{}", list.body);
    assert!(!list.body.contains(&format!("href=\"/games/{}\"", old[0])));
    let list = page.get(&format!("/contests/c4/submissions/{ada}/matches?replaced=1")).await;
    assert!(list.body.contains(&format!("href=\"/games/{}\"", old[0])), "{}", list.body);

    // The replays count, once: leftmost against leftmost is a drawn match.
    assert_eq!(play_all(&app).await, 2);
    let board = app.api("POST", "/api/contests/c4/scoreboard/refresh", Some(&admin), None).await.json();
    for row in board["rows"].as_array().unwrap() {
        assert_eq!(row["matches"], json!({"won": 0, "drawn": 1, "lost": 0}), "{row}");
        assert_eq!(
            row["games"]["won"].as_i64().unwrap() + row["games"]["lost"].as_i64().unwrap(),
            2,
            "{row}"
        );
    }

    // One submission's matches can be rejudged alone; a superseded submission cannot.
    let r = app.api("POST", &format!("/api/submissions/{ada}/rejudge"), Some(&admin), None).await;
    assert_eq!(r.json(), json!({"matches": 1, "games": 2}));
    assert_eq!(audited(&app, "submission.rejudge").await[0]["games"], 2);
    let (_, replaced) = match_games(&app, &tokens[0], ada).await;
    assert_eq!(replaced.len(), 4, "two rounds replaced");
    let ada2 = submit(&app, "c4", &tokens[0], "python", LEFTMOST_PY).await;
    compile_all(&app).await;
    let r = app.api("POST", &format!("/api/submissions/{ada}/rejudge"), Some(&admin), None).await;
    assert_eq!(
        (r.status, r.json()["error"].as_str()),
        (StatusCode::CONFLICT, Some("not_current")),
        "{}",
        r.body
    );
    let r = app.api("POST", &format!("/api/submissions/{ada2}/rejudge"), Some(&tokens[0]), None).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);

    // Pruning is explicit: a dry run counts, the real one deletes only replaced games, audited.
    let later = time::OffsetDateTime::now_utc() + time::Duration::minutes(1);
    let counted = contests::prune_replaced(&app.pool, "c4", later, true).await.unwrap();
    assert_eq!((counted.games, counted.matches), (4, 1));
    assert!(audited(&app, "contest.prune").await.is_empty());
    let earlier = time::OffsetDateTime::now_utc() - time::Duration::hours(1);
    assert_eq!(contests::prune_replaced(&app.pool, "c4", earlier, false).await.unwrap().games, 0);
    let pruned = contests::prune_replaced(&app.pool, "c4", later, false).await.unwrap();
    assert_eq!(pruned.games, 4);
    assert_eq!(audited(&app, "contest.prune").await.last().unwrap()["games"], 4);
    let gone = app.api("GET", &format!("/api/games/{}", old[0]), Some(&admin), None).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    let (current, replaced) = match_games(&app, &tokens[0], ada).await;
    assert!(replaced.is_empty());
    for g in current {
        let r = app.api("GET", &format!("/api/games/{g}"), Some(&admin), None).await;
        assert_eq!(r.status, StatusCode::OK, "current games are never pruned");
    }
}

#[tokio::test]
async fn superseded_and_disqualified_submissions_keep_their_played_games_readable() {
    let app = setup().await;
    app.contest("c4", &["submit_interval_s=0"]).await;
    let root = app.user("root", Role::Admin).await;
    let admin = app.token(root).await;
    let tokens = app.students(&["ada", "bob"]).await;
    let ada = submit(&app, "c4", &tokens[0], "python", LEFTMOST_PY).await;
    let bob = submit(&app, "c4", &tokens[1], "python", LEFTMOST_PY).await;
    compile_all(&app).await;
    assert_eq!(play_all(&app).await, 2);
    let (played, _) = match_games(&app, &tokens[0], ada).await;
    submit(&app, "c4", &tokens[0], "python", LEFTMOST_PY).await;
    compile_all(&app).await;
    let r = app.api("POST", &format!("/api/submissions/{bob}/disqualify"), Some(&admin), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    for (token, game) in [(&tokens[0], played[0]), (&tokens[1], played[1])] {
        let r = app.api("GET", &format!("/api/games/{game}"), Some(token), None).await;
        assert_eq!((r.status, r.json()["status"].as_str()), (StatusCode::OK, Some("done")));
        assert_eq!(
            app.api("GET", &format!("/api/games/{game}/log"), Some(token), None).await.status,
            StatusCode::OK
        );
    }
}

/// The id of contest `slug`.
async fn contest_id(app: &TestApp, slug: &str) -> ContestId {
    sqlx::query_scalar("select id from contests where slug = $1")
        .bind(slug)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

/// `(done, queued)` games of a contest.
async fn games_of(app: &TestApp, contest: ContestId) -> (i64, i64) {
    sqlx::query_as(
        "select count(*) filter (where g.status = 'done'), count(*) filter (where g.status = 'queued')
         from games g join matches m on m.id = g.match_id where m.contest_id = $1",
    )
    .bind(contest)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_fast_contest_gets_its_first_match_while_a_slow_contest_still_has_dozens_of_games_queued() {
    let app = setup().await;
    app.contest("slow", &["submit_interval_s=0"]).await;
    app.contest("fast", &["submit_interval_s=0"]).await;
    let (slow, fast) = (contest_id(&app, "slow").await, contest_id(&app, "fast").await);
    let thinkers = app.students(&["s1", "s2", "s3", "s4", "s5", "s6"]).await;
    for t in &thinkers {
        submit(&app, "slow", t, "python", THINK300_PY).await;
    }
    compile_all(&app).await;
    assert_eq!(games_of(&app, slow).await, (0, 30), "15 matches of two games");

    // One game worker, one slot, playing the slow contest's games until a few are done.
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let mut q = game_queue(&app, plain());
    q.concurrency = 1;
    let slots = q.spawn(stopped).unwrap();
    let waited = std::time::Instant::now();
    while games_of(&app, slow).await.0 < 2 {
        assert!(waited.elapsed() < Duration::from_secs(120), "the slow games do not end");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // The fast contest's two instant bots arrive now.
    let submitted: time::OffsetDateTime =
        sqlx::query_scalar("select now()").fetch_one(&app.pool).await.unwrap();
    let fast_tokens = app.students(&["f1", "f2"]).await;
    for t in &fast_tokens {
        submit(&app, "fast", t, "python", LEFTMOST_PY).await;
    }
    compile_all(&app).await;
    let first_fast: time::OffsetDateTime = loop {
        let started: Option<time::OffsetDateTime> = sqlx::query_scalar(
            "select min(g.started_at) from games g join matches m on m.id = g.match_id
             where m.contest_id = $1 and g.status = 'done'",
        )
        .bind(fast)
        .fetch_one(&app.pool)
        .await
        .unwrap();
        if let Some(t) = started {
            break t;
        }
        assert!(waited.elapsed() < Duration::from_secs(180), "the fast contest never got a slot");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    stop.send(true).unwrap();
    for s in slots {
        s.await.unwrap();
    }
    let slow_started_between: i64 = sqlx::query_scalar(
        "select count(*) from games g join matches m on m.id = g.match_id
         where m.contest_id = $1 and g.started_at > $2 and g.started_at < $3",
    )
    .bind(slow)
    .bind(submitted)
    .bind(first_fast)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let (slow_done, slow_queued) = games_of(&app, slow).await;
    eprintln!(
        "slow contest: {slow_done} games done, {slow_queued} queued; {slow_started_between} of its games \
         started between the fast contest's submissions and its first game"
    );
    // Arrival order would have played every queued slow game first (over 20); the fair share
    // plays at most the one a slot may have claimed while the fast bots compiled.
    assert!(slow_started_between <= 1, "{slow_started_between} slow games went first");
    assert!(slow_queued >= 20, "the slow contest still has games queued: {slow_queued}");
}

#[tokio::test]
async fn resubmitting_quickly_while_workers_store_results_never_deadlocks_and_loses_no_game() {
    let app = setup().await;
    app.contest("c4", &["submit_interval_s=0"]).await;
    let tokens = app.students(&["ada", "bob", "cyd", "dan"]).await;
    for t in &tokens {
        submit(&app, "c4", t, "python", LEFTMOST_PY).await;
    }
    compile_all(&app).await;
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let mut slots = Vec::new();
    for _ in 0..2 {
        let q = game_queue(&app, plain());
        let stopped = stopped.clone();
        slots.push(tokio::spawn(async move {
            let mut errors = Vec::new();
            while !*stopped.borrow() {
                match q.run_one(plain(), None).await {
                    Ok(true) => {}
                    Ok(false) => tokio::time::sleep(Duration::from_millis(5)).await,
                    Err(e) => errors.push(format!("{e:#}")),
                }
            }
            errors
        }));
    }
    // ada and bob resubmit as fast as they can while both slots store results.
    for round in 0..12 {
        submit(&app, "c4", &tokens[round % 2], "python", LEFTMOST_PY).await;
        compile_all(&app).await;
    }
    stop.send(true).unwrap();
    let mut errors = Vec::new();
    for s in slots {
        errors.extend(s.await.unwrap());
    }
    assert!(errors.is_empty(), "{errors:?}");
    play_all(&app).await;
    let stuck: i64 = sqlx::query_scalar("select count(*) from games where status in ('queued', 'running')")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(stuck, 0);
    // Every pair of current submissions has its match decided, and the kept standings agree.
    let undecided: i64 = sqlx::query_scalar(
        "select count(*) from matches m join submissions a on a.id = m.submission_a and a.status = 'ready'
         join submissions b on b.id = m.submission_b and b.status = 'ready' where m.status <> 'done'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(undecided, 0);
    let id = contest_id(&app, "c4").await;
    let mut conn = app.pool.acquire().await.unwrap();
    let mut kept = botarena::db::scoreboard::tallies(&mut conn, id).await.unwrap();
    let mut recounted = botarena::db::scoreboard::recount(&mut conn, id).await.unwrap();
    kept.sort_by_key(|t| t.submission_id);
    recounted.sort_by_key(|t| t.submission_id);
    assert_eq!(kept, recounted);
    assert_eq!(kept.len(), 4);
}
