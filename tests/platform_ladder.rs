//! The rated ladder end to end against a real Postgres with real processes: a ladder contest of
//! ten C bots, five strong (`greedy.c`) and five weak (`leftmost.c`), compiled and judged by a
//! real game queue, its matches made and rated by the ladder's tick. The strong hold the top five
//! after a bounded number of games, no pair meets more often than the setting allows, and no
//! round robin was scheduled.

mod common;

use botarena::db;
use botarena::service::ladder::schedule::tick;
use common::queues::{compile_all, game_queue, plain, submit};
use common::*;
use std::collections::HashMap;

const GREEDY_C: &str = include_str!("bots/connect4/greedy.c");
const LEFTMOST_C: &str = include_str!("bots/connect4/leftmost.c");

/// Games after which the order is checked: 16 per entrant on average.
const GAMES: usize = 80;

#[tokio::test]
async fn five_strong_bots_hold_the_top_five_of_a_ladder_after_a_bounded_number_of_games() {
    let app = setup().await;
    app.contest("ladder", &["submit_interval_s=0", "format=ladder", "ladder_max_repeats=2"]).await;
    let contest =
        db::contests::by_slug(&mut app.pool.acquire().await.unwrap(), "ladder").await.unwrap().unwrap();
    assert_eq!(contest.format, "ladder");
    let names = ["s1", "w1", "s2", "w2", "s3", "w3", "s4", "w4", "s5", "w5"];
    let tokens = app.students(&names).await;
    for (name, token) in names.iter().zip(&tokens) {
        let source = if name.starts_with('s') { GREEDY_C } else { LEFTMOST_C };
        submit(&app, "ladder", token, "c", source).await;
    }
    compile_all(&app).await;
    let matches = |app: &TestApp| {
        let pool = app.pool.clone();
        async move {
            sqlx::query_scalar::<_, i64>("select count(*) from matches where not ladder")
                .fetch_one(&pool)
                .await
                .unwrap()
        }
    };
    assert_eq!(matches(&app).await, 0, "a ladder schedules no round robin");

    let queue = game_queue(&app, plain());
    let mut conn = app.pool.acquire().await.unwrap();
    let mut played = 0;
    let mut ticks = 0;
    while played < GAMES {
        let done = tick(&mut conn, contest.id).await.unwrap();
        ticks += 1;
        assert!(ticks < 200, "the ladder stalled after {played} games");
        if ticks == 1 {
            assert_eq!(done.entered, 10, "every compiled submission enters at the prior");
            assert!(done.created > 0 && done.created <= 4, "{done:?}");
        }
        while queue.run_one(plain(), None).await.unwrap() {
            played += 1;
        }
    }
    // Rate what the last games decided.
    tick(&mut conn, contest.id).await.unwrap();

    let standings = db::ladder::standings(&mut conn, contest.id).await.unwrap();
    assert_eq!(standings.len(), 10);
    let order: Vec<&str> = standings.iter().map(|s| s.username.as_str()).collect();
    assert!(order[..5].iter().all(|n| n.starts_with('s')), "the strong bots are not the top five: {order:?}");
    for s in &standings {
        assert!(s.games >= 8, "{} played {} games: its placement is 8", s.username, s.games);
        assert!(s.sigma < botarena::service::ladder::rating::PRIOR_SIGMA);
    }
    let best = &standings[0];
    let worst = &standings[9];
    assert!(best.mu - 3.0 * best.sigma > worst.mu - 3.0 * worst.sigma);

    // No pair met more than ladder_max_repeats times; the history has a point per rated match.
    let pairs: Vec<(i64, i64, i64)> = sqlx::query_as(
        "select least(submission_a, submission_b), greatest(submission_a, submission_b), count(*)
         from matches where ladder group by 1, 2",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert!(pairs.iter().all(|p| p.2 <= 2), "{pairs:?}");
    let history: HashMap<i64, i64> = sqlx::query_as::<_, (i64, i64)>(
        "select submission_id, count(*) from ladder_history group by submission_id",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap()
    .into_iter()
    .collect();
    let rated: i64 = sqlx::query_scalar("select count(*) from matches where ladder and status = 'done'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(history.values().sum::<i64>(), 2 * rated);

    // The ladder's page: the entrants in that order, by nickname, each with a rating chart.
    let mut browser = app.logged_in("w3").await;
    let page = browser.get("/contests/ladder/ladder").await;
    assert_eq!(page.status, axum::http::StatusCode::OK, "{}", page.body);
    let shown: Vec<&str> =
        page.body.split("<td class=\"name\">").skip(1).map(|r| r.split('<').next().unwrap()).collect();
    let expected: Vec<String> = order.iter().map(|n| format!("nick-{n}")).collect();
    assert_eq!(shown, expected);
    assert_eq!(page.body.matches("<polyline").count(), 10);

    // The official scoreboard ranks by the same conservative rating.
    let rows = botarena::service::scoreboard::compute(&mut conn, contest.id).await.unwrap();
    let ranked: Vec<&str> = rows.iter().map(|r| r.nickname.as_str()).collect();
    assert_eq!(ranked, expected);

    // A rejudge replays every ladder match between current submissions and rates the ladder again
    // from the prior, each decided match once, in the order they end.
    sqlx::query("update contests set deadline = now() - interval '1 second' where id = $1")
        .bind(contest.id.0)
        .execute(&app.pool)
        .await
        .unwrap();
    let admin = app.user("boss", botarena::db::users::Role::Admin).await;
    let admin = db::users::by_id(&mut conn, admin).await.unwrap().unwrap();
    let done = botarena::service::contests::rejudge(&app.pool, &admin, &contest).await.unwrap();
    assert!(done.matches as i64 >= rated, "{done:?}: {rated} rated");
    let games: Vec<i32> =
        sqlx::query_scalar("select games from ladder_ratings").fetch_all(&app.pool).await.unwrap();
    assert!(games.iter().all(|&g| g == 0), "{games:?}");
    for _ in 0..10 {
        let mut replayed = 0;
        while queue.run_one(plain(), None).await.unwrap() {
            replayed += 1;
        }
        tick(&mut conn, contest.id).await.unwrap();
        if replayed == 0 {
            break;
        }
    }
    let (unrated, rated_games, counted): (i64, i64, i64) = sqlx::query_as(
        "select (select count(*) from matches where ladder and status = 'done' and rated_at is null),
                (select count(*) from games g join matches m on m.id = g.match_id
                 where m.ladder and m.status = 'done' and g.replaced_at is null and g.status = 'done'),
                (select sum(games) from ladder_ratings)",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(unrated, 0);
    assert_eq!(counted, 2 * rated_games, "every decided game rated once, for both sides");
    let standings = db::ladder::standings(&mut conn, contest.id).await.unwrap();
    let order: Vec<&str> = standings.iter().map(|s| s.username.as_str()).collect();
    assert!(order[..5].iter().all(|n| n.starts_with('s')), "after the rejudge: {order:?}");
}

/// A round robin turned into a ladder enters its submissions at the prior; turned back into a
/// round robin, the pairs the ladder never matched get their round-robin match.
#[tokio::test]
async fn a_contest_changes_format_between_round_robin_and_ladder() {
    let app = setup().await;
    app.contest("flip", &["submit_interval_s=0"]).await;
    let names = ["a", "b", "c"];
    let tokens = app.students(&names).await;
    for token in &tokens[..2] {
        submit(&app, "flip", token, "c", GREEDY_C).await;
    }
    compile_all(&app).await;
    let count = |sql: &'static str| {
        let pool = app.pool.clone();
        async move { sqlx::query_scalar::<_, i64>(sql).fetch_one(&pool).await.unwrap() }
    };
    assert_eq!(count("select count(*) from matches where not ladder").await, 1);
    let languages = app.state.language_ids();
    let change = |format: &'static str| {
        let pool = app.pool.clone();
        let languages = languages.clone();
        async move {
            let changes = [("format".to_string(), format.to_string())];
            botarena::service::contests::change_settings(&pool, None, "flip", &changes, &languages)
                .await
                .unwrap()
                .unwrap()
        }
    };
    change("ladder").await;
    submit(&app, "flip", &tokens[2], "c", LEFTMOST_C).await;
    compile_all(&app).await;
    assert_eq!(
        count("select count(*) from matches where not ladder").await,
        1,
        "a ladder schedules no round robin"
    );
    let contest =
        db::contests::by_slug(&mut app.pool.acquire().await.unwrap(), "flip").await.unwrap().unwrap();
    let done = tick(&mut app.pool.acquire().await.unwrap(), contest.id).await.unwrap();
    assert_eq!(done.entered, 3);
    change("round_robin").await;
    assert_eq!(
        count(
            "select count(distinct (least(submission_a, submission_b), greatest(submission_a, submission_b)))
             from matches where not ladder and not in_finals and requested_by is null"
        )
        .await,
        3,
        "every pair of the three has its round-robin match"
    );
    assert_eq!(
        count("select count(*) from matches where ladder and status in ('queued', 'running')").await,
        0,
        "the ladder's unplayed matches are cancelled"
    );
}
