//! Finished games put straight into the database (no compiling, no playing), for the judging
//! pages' tests: two ready submissions, a done match and its games with results and logs.
#![allow(dead_code)]

use crate::common::TestApp;
use botarena::db::ids::UserId;
use botarena::judge::log::Channel;
use botarena::judge::result::{BotId, Forfeit, ForfeitKind, GameResult, MatchSummary, PerBot};
use botarena::judge::GameLog;
use serde_json::{json, Value};

/// A contest of any game, open, with no submit interval.
pub async fn contest(app: &TestApp, slug: &str, game: &str) {
    let ids = app.state.language_ids();
    let c = botarena::db::contests::NewContest::build(slug, game, None, None, &[], &ids).unwrap();
    botarena::db::contests::create(&mut app.pool.acquire().await.unwrap(), &c).await.unwrap().unwrap();
}

/// A result with the figures filled in.
pub fn result(
    index: u32,
    seats: [BotId; 2],
    params: Value,
    moves: Vec<Value>,
    winner: Option<BotId>,
    reason: &str,
) -> GameResult {
    GameResult {
        index,
        seats,
        params,
        moves,
        winner,
        score: None,
        reason: serde_json::from_value(json!(reason)).expect("a reason word of the result format"),
        forfeit: None,
        think_ms: PerBot::from([(BotId::A, 120), (BotId::B, 7)]),
        peak_memory_kib: PerBot::from([(BotId::A, Some(2048)), (BotId::B, None)]),
        time_factor: PerBot::from([(BotId::A, 1.0), (BotId::B, 1.0)]),
    }
}

/// Connect4: the first mover fills the bottom row from column 3 to 6 while the other stacks on it.
pub fn connect4_win(index: u32, seats: [BotId; 2]) -> GameResult {
    let moves = ["3", "3", "4", "4", "5", "5", "6"].map(|m| json!(m)).to_vec();
    result(index, seats, json!({"magic": 42}), moves, Some(seats[0]), "four_in_a_row")
}

/// A game that `bot` forfeited on its first move.
pub fn forfeited(index: u32, seats: [BotId; 2], bot: BotId) -> GameResult {
    let mut r = result(index, seats, json!({}), vec![], Some(bot.other()), "forfeit");
    r.forfeit = Some(Forfeit { bot, kind: ForfeitKind::IllegalMove, detail: "99".into() });
    r
}

/// The two sides of an inserted match.
pub struct Inserted {
    pub submissions: [i64; 2],
    pub match_id: i64,
    pub games: Vec<i64>,
}

/// Inserts ready submissions of users `a` and `b` in contest `slug`, a done match between them
/// and its games; each log holds one DEBUG line of each bot (`debug of a`, `debug of b`) and,
/// for every move, one of its mover (`thinking about move K`).
pub async fn finished_match(
    app: &TestApp,
    slug: &str,
    a: UserId,
    b: UserId,
    results: &[GameResult],
) -> Inserted {
    let pool = &app.pool;
    let (contest, settings): (i64, Value) =
        sqlx::query_as("select id, settings from contests where slug = $1")
            .bind(slug)
            .fetch_one(pool)
            .await
            .unwrap();
    let mut submissions = [0; 2];
    for (i, user) in [a, b].into_iter().enumerate() {
        submissions[i] = sqlx::query_scalar(
            "insert into submissions (contest_id, user_id, language, source, status)
             values ($1, $2, 'python', 'print(1)', 'ready') returning id",
        )
        .bind(contest)
        .bind(user)
        .fetch_one(pool)
        .await
        .unwrap();
    }
    let summary = MatchSummary::from_games(results);
    let match_id: i64 = sqlx::query_scalar(
        "insert into matches (contest_id, submission_a, submission_b, seed, status, points_a, points_b,
                              games_won_a, games_won_b, games_drawn, finished_at)
         values ($1, $2, $3, 7, 'done', $4, $5, $6, $7, $8, now()) returning id",
    )
    .bind(contest)
    .bind(submissions[0])
    .bind(submissions[1])
    .bind(summary.points[&BotId::A] as i32)
    .bind(summary.points[&BotId::B] as i32)
    .bind(summary.wins[&BotId::A] as i32)
    .bind(summary.wins[&BotId::B] as i32)
    .bind(summary.draws as i32)
    .fetch_one(pool)
    .await
    .unwrap();
    let mut games = Vec::new();
    for r in results {
        let mut log =
            GameLog::new(format!("game {}", r.index), vec![(BotId::A, "a".into()), (BotId::B, "b".into())]);
        log.line(1, BotId::A, Channel::ToBot, "TURN");
        log.debug(2, BotId::A, "debug of a");
        log.debug(3, BotId::B, "debug of b");
        // Each mover says which move it is thinking about, then plays it.
        for k in 0..r.moves.len() {
            log.debug(4 + k as u64, r.seats[k % 2], &format!("thinking about move {}", k + 1));
            log.moved();
        }
        log.verdict = r.reason.to_string();
        let id: i64 = sqlx::query_scalar(
            "insert into games (match_id, index, plan, settings, status, result, log, finished_at)
             values ($1, $2, '{}', $3, 'done', $4, $5, now()) returning id",
        )
        .bind(match_id)
        .bind(r.index as i32)
        .bind(&settings)
        .bind(serde_json::to_value(r).unwrap())
        .bind(serde_json::to_string(&log).unwrap())
        .fetch_one(pool)
        .await
        .unwrap();
        games.push(id);
    }
    Inserted { submissions, match_id, games }
}
