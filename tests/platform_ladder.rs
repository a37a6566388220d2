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
}
