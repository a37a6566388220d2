//! The standings are one aggregate over the matches' stored points and game tallies
//! (`service::scoreboard::compute`); they must equal what the former computation made of every
//! game's result object, kept here as the reference (`old_compute`): on a contest played through
//! the real scheduler and result path with wins, losses, draws, forfeits, house bots, a
//! resubmission, a disqualified submission, a given-up game and frozen standings; and on rows
//! stored before the tallies existed, which the migration fills from the stored results.

mod common;
mod game_fixtures;

use botarena::db::ids::{ContestId, GameRecordId, SubmissionId, UserId};
use botarena::db::scoreboard::{self, ScoreRow, Wdl};
use botarena::db::{games, submissions};
use botarena::judge::result::{BotId, GameResult};
use botarena::judge::GameLog;
use botarena::service;
use game_fixtures::{connect4_win, forfeited, result};
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::{PgConnection, PgPool};
use std::collections::{HashMap, HashSet};

/// The former `service::scoreboard::compute`, which loaded every current match with the result
/// objects of its games (moves included) and counted the winners in Rust; games a rejudge
/// replaced do not count (read through `to_jsonb`, as the test of the migrations runs it on a
/// schema from before `replaced_at`).
async fn old_compute(conn: &mut PgConnection, contest_id: ContestId) -> Vec<ScoreRow> {
    #[derive(Deserialize)]
    struct Winner {
        #[serde(default)]
        winner: Option<BotId>,
    }
    let entrants = scoreboard::entrants(conn, contest_id).await.unwrap();
    let matches: Vec<(SubmissionId, SubmissionId, i32, i32, Vec<Value>)> = sqlx::query_as(
        "select m.submission_a, m.submission_b, m.points_a, m.points_b,
                array(select g.result from games g where g.match_id = m.id and g.status = 'done' and to_jsonb(g) ->> 'replaced_at' is null
                      order by g.index)
         from matches m
         join submissions sa on sa.id = m.submission_a and sa.status = 'ready'
         join submissions sb on sb.id = m.submission_b and sb.status = 'ready'
         where m.contest_id = $1 and m.status = 'done'",
    )
    .bind(contest_id)
    .fetch_all(&mut *conn)
    .await
    .unwrap();
    let mut points: HashMap<SubmissionId, i64> = HashMap::new();
    let mut mwdl: HashMap<SubmissionId, Wdl> = HashMap::new();
    let mut gwdl: HashMap<SubmissionId, Wdl> = HashMap::new();
    let house: HashSet<SubmissionId> = entrants.iter().filter(|e| e.house).map(|e| e.submission_id).collect();
    for (a, b, pa, pb, results) in &matches {
        let results: Vec<Winner> = results.iter().map(|r| Winner::deserialize(r).unwrap()).collect();
        for (me, other, mine, theirs, side) in [(*a, *b, *pa, *pb, BotId::A), (*b, *a, *pb, *pa, BotId::B)] {
            if house.contains(&other) && !house.contains(&me) {
                continue;
            }
            *points.entry(me).or_default() += i64::from(mine);
            mwdl.entry(me).or_default().add(mine.max(0) as u32, theirs.max(0) as u32);
            for r in &results {
                let (won, lost) = match r.winner {
                    Some(w) if w == side => (1, 0),
                    Some(_) => (0, 1),
                    None => (0, 0),
                };
                gwdl.entry(me).or_default().add(won, lost);
            }
        }
    }
    let mut rows: Vec<_> = entrants
        .iter()
        .map(|e| {
            let p = points.get(&e.submission_id).copied().unwrap_or(0);
            let g = gwdl.get(&e.submission_id).copied().unwrap_or_default();
            (p, g, e)
        })
        .collect();
    rows.sort_by(|x, y| {
        x.2.house
            .cmp(&y.2.house)
            .then(y.0.cmp(&x.0))
            .then((y.1.won as i64 - y.1.lost as i64).cmp(&(x.1.won as i64 - x.1.lost as i64)))
            .then(x.2.nickname.cmp(&y.2.nickname))
    });
    let mut out = Vec::with_capacity(rows.len());
    let (mut rank, mut group_start) = (0, 0);
    for (i, (p, g, e)) in rows.iter().enumerate() {
        if i == 0 || rows[i - 1].2.house != e.house {
            group_start = i;
        }
        if i == group_start || rows[i - 1].0 != *p {
            rank = i - group_start + 1;
        }
        out.push(ScoreRow {
            rank: rank as u64,
            nickname: e.nickname.clone(),
            points: *p,
            matches: mwdl.get(&e.submission_id).copied().unwrap_or_default(),
            games: *g,
            submission_id: Some(e.submission_id),
            language: e.language.clone(),
            submitted_at: e.submitted_at,
            house: e.house,
        });
    }
    out
}

/// The standings computed from the kept `standings` rows equal the old computation, and those
/// rows equal a recount of every match.
async fn assert_same_standings(pool: &PgPool, contest_id: ContestId, when: &str) -> Vec<ScoreRow> {
    let mut conn = pool.acquire().await.unwrap();
    let new = service::scoreboard::compute(&mut conn, contest_id).await.unwrap();
    let old = old_compute(&mut conn, contest_id).await;
    assert_eq!(new, old, "{when}");
    let sorted = |mut t: Vec<scoreboard::Tally>| {
        t.sort_by_key(|t| t.submission_id);
        t
    };
    let kept = sorted(scoreboard::tallies(&mut conn, contest_id).await.unwrap());
    let counted = sorted(scoreboard::recount(&mut conn, contest_id).await.unwrap());
    // A row kept at zero (its matches all left the standings) is no row in a recount.
    let kept: Vec<_> = kept
        .into_iter()
        .filter(|t| t.points != 0 || t.matches != Wdl::default() || t.games != Wdl::default())
        .collect();
    assert_eq!(kept, counted, "{when}: kept standings against a recount");
    new
}

/// A submission of `user` that compiles and is scheduled, as the compile worker does it.
async fn submit(pool: &PgPool, contest_id: ContestId, user: UserId) -> SubmissionId {
    let mut tx = pool.begin().await.unwrap();
    let id: SubmissionId = sqlx::query_scalar(
        "insert into submissions (contest_id, user_id, language, source, status)
         values ($1, $2, 'python', 'print(1)', 'compiling') returning id",
    )
    .bind(contest_id)
    .bind(user)
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    submissions::mark_ready(&mut tx, id).await.unwrap();
    service::scheduler::on_compiled(&mut tx, id).await.unwrap();
    tx.commit().await.unwrap();
    id
}

/// A result for game `id` of the queue, by its id: wins of either seat, draws, forfeits of
/// either bot, and a game both bots lost at once (no winner, a forfeit recorded).
fn outcome(id: GameRecordId, plan: &Value) -> GameResult {
    let plan = service::scheduler::plan_from_stored(plan).unwrap();
    let (index, seats) = (plan.index, plan.seats);
    match id.0 % 7 {
        0 | 1 => connect4_win(index, seats),
        2 => connect4_win(index, [seats[1], seats[0]]),
        3 => result(index, seats, json!({}), vec![json!("3"); 42], None, "board_full"),
        4 => forfeited(index, seats, BotId::A),
        5 => forfeited(index, seats, BotId::B),
        _ => {
            let mut r = forfeited(index, seats, BotId::B);
            r.winner = None;
            r
        }
    }
}

/// Plays up to `n` games of the queue through the workers' result path, claimed and recorded in
/// batches of one to four games as game slots do; how many were played.
async fn play(pool: &PgPool, n: usize) -> usize {
    let mut conn = pool.acquire().await.unwrap();
    let mut played = 0;
    while played < n {
        let up_to = (played % 4 + 1).min(n - played);
        let batch = games::claim(&mut conn, "standings", 60.0, up_to, &[]).await.unwrap();
        let Some((_, first)) = batch.first() else { break };
        let contest = first.contest_id;
        let outcomes: Vec<(GameResult, GameLog)> = batch
            .iter()
            .map(|(job, _)| {
                let log = GameLog::new("game", vec![(BotId::A, "a".into()), (BotId::B, "b".into())]);
                (outcome(job.id, &job.plan), log)
            })
            .collect();
        let games: Vec<service::matches::Played> = batch
            .iter()
            .zip(&outcomes)
            .map(|((job, setup), (result, log))| service::matches::Played {
                job,
                setup,
                result,
                log,
                when: None,
            })
            .collect();
        let stored = service::matches::record_games(&mut conn, "standings", contest, &games).await.unwrap();
        let stored: HashSet<GameRecordId> = stored.into_iter().collect();
        assert_eq!(stored, batch.iter().map(|(job, _)| job.id).collect(), "every game of the batch stored");
        played += batch.len();
    }
    played
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn standings_from_the_stored_tallies_equal_a_count_of_every_result_through_a_contests_life() {
    let app = common::setup().await;
    app.contest("std", &["house_bots=random,level1"]).await;
    let pool = &app.pool;
    let contest_id: ContestId =
        sqlx::query_scalar("select id from contests where slug = 'std'").fetch_one(pool).await.unwrap();
    let mut users = Vec::new();
    for i in 0..7 {
        users.push(app.user(&format!("s{i}"), botarena::db::users::Role::Student).await);
    }
    let mut subs = Vec::new();
    for &u in &users {
        subs.push(submit(pool, contest_id, u).await);
    }
    {
        let mut tx = pool.begin().await.unwrap();
        assert!(service::house::sync(&mut tx, contest_id).await.unwrap() > 0);
        tx.commit().await.unwrap();
    }
    assert_same_standings(pool, contest_id, "nothing played").await;
    play(pool, 25).await;
    assert_same_standings(pool, contest_id, "some games played").await;

    // s1 resubmits: the old submission's finished matches leave the standings, its queued games
    // are cancelled.
    subs[1] = submit(pool, contest_id, users[1]).await;
    play(pool, 20).await;
    assert_same_standings(pool, contest_id, "after a resubmission").await;

    // s2 is disqualified once some of its matches are done.
    {
        let mut tx = pool.begin().await.unwrap();
        games::lock_contest(&mut tx, contest_id).await.unwrap();
        submissions::disqualify(&mut tx, subs[2]).await.unwrap().unwrap();
        games::cancel_stale(&mut tx, contest_id).await.unwrap();
        tx.commit().await.unwrap();
    }
    // A game given up after its attempts: its match stays out of the standings.
    {
        let mut conn = pool.acquire().await.unwrap();
        let job = games::claim(&mut conn, "dying", 60.0, 1, &[]).await.unwrap().pop().unwrap().0;
        sqlx::query(
            "update jobs set attempts = $2, lease_until = now() - interval '1 second' where game_id = $1",
        )
        .bind(job.id)
        .bind(games::MAX_ATTEMPTS)
        .execute(&mut *conn)
        .await
        .unwrap();
        assert_eq!(games::fail_exhausted(&mut conn).await.unwrap(), 1);
    }
    play(pool, usize::MAX).await;
    let full = assert_same_standings(pool, contest_id, "everything played").await;

    // What the fixture must exercise for the comparison to mean something.
    let students: Vec<&ScoreRow> = full.iter().filter(|r| !r.house).collect();
    let houses: Vec<&ScoreRow> = full.iter().filter(|r| r.house).collect();
    assert_eq!((students.len(), houses.len()), (6, 2), "{full:#?}");
    assert!(!full.iter().any(|r| r.nickname == "nick-s2" || r.submission_id == Some(subs[2])));
    let sum = |f: fn(&ScoreRow) -> u32| students.iter().map(|r| f(r)).sum::<u32>();
    assert!(sum(|r| r.matches.won) > 0 && sum(|r| r.matches.drawn) > 0 && sum(|r| r.matches.lost) > 0);
    assert!(sum(|r| r.games.won) > 0 && sum(|r| r.games.drawn) > 0 && sum(|r| r.games.lost) > 0);
    // Among students every game won is a game lost, and every match won a match lost.
    assert_eq!(sum(|r| r.games.won), sum(|r| r.games.lost));
    assert_eq!(sum(|r| r.matches.won), sum(|r| r.matches.lost));
    assert!(houses.iter().all(|r| r.matches.won + r.matches.drawn + r.matches.lost >= 5), "{houses:#?}");
    let (forfeits, failed): (i64, i64) = sqlx::query_as(
        "select count(*) filter (where end_reason = 'forfeit' and forfeit_kind = 'illegal_move'),
                (select count(*) from matches where status = 'failed')
         from games where status = 'done'",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    assert!(forfeits > 0 && failed == 1, "{forfeits} forfeits, {failed} failed matches");

    // Frozen standings stay as they were while the contest goes on.
    let (_, frozen) =
        service::scoreboard::freeze(&mut pool.acquire().await.unwrap(), contest_id).await.unwrap();
    assert_eq!(frozen, full);
    submit(pool, contest_id, users[3]).await;
    play(pool, usize::MAX).await;
    let (_, served) =
        service::scoreboard::refresh(&mut pool.acquire().await.unwrap(), contest_id).await.unwrap();
    assert_eq!(served, frozen);
    let now = assert_same_standings(pool, contest_id, "after the freeze").await;
    assert_ne!(now, frozen);

    // A rejudge puts every current match back in the queue: nothing counts until replayed.
    let admin = app.user("admin", botarena::db::users::Role::Admin).await;
    let admin = botarena::db::users::by_id(&mut pool.acquire().await.unwrap(), admin).await.unwrap().unwrap();
    let contest =
        botarena::db::contests::by_slug(&mut pool.acquire().await.unwrap(), "std").await.unwrap().unwrap();
    let rejudged = service::contests::rejudge(pool, &admin, &contest).await.unwrap();
    assert!(rejudged.matches > 0);
    let empty = assert_same_standings(pool, contest_id, "right after a rejudge").await;
    assert!(empty.iter().all(|r| r.points == 0 && r.games == Wdl::default()), "{empty:#?}");
    play(pool, 15).await;
    assert_same_standings(pool, contest_id, "part of a rejudge replayed").await;
    play(pool, usize::MAX).await;
    assert_same_standings(pool, contest_id, "a rejudge replayed").await;

    // A student's account deleted: their matches leave their opponents' standings.
    sqlx::query("delete from users where id = $1").bind(users[4]).execute(pool).await.unwrap();
    let gone = assert_same_standings(pool, contest_id, "after an account was deleted").await;
    assert_eq!(gone.iter().filter(|r| !r.house).count(), 5);
}

type Text = Option<String>;
type Count = Option<i32>;

/// The first migration that stores outcomes and tallies.
const TALLIES: i64 = 20261125000001;

#[tokio::test]
async fn rows_stored_before_the_tallies_get_them_from_their_results_when_migrating() {
    let pool = common::database::empty_pool().await;
    for m in botarena::db::MIGRATOR.iter().filter(|m| m.version < TALLIES) {
        sqlx::raw_sql(&m.sql).execute(&pool).await.unwrap();
    }
    // Three students, a house bot, and a superseded submission; results as an older version
    // stored them (one without a `winner` field, forfeits, a game of a match still running).
    sqlx::raw_sql(
        r#"insert into users (id, username, nickname, password_hash, is_house) values
               (1, 'ann', 'ann', '!', false), (2, 'bob', 'bob', '!', false), (3, 'cy', 'cy', '!', false),
               (4, 'house-random', 'house:random', '!', true);
           insert into contests (id, slug, title, game, settings, languages) values
               (1, 'old', 'Old', 'connect4', '{}', '{python}');
           insert into submissions (id, contest_id, user_id, language, source, status) values
               (1, 1, 1, 'python', '', 'ready'), (2, 1, 2, 'python', '', 'ready'),
               (3, 1, 3, 'python', '', 'ready'), (4, 1, 4, 'python', 'random', 'ready'),
               (5, 1, 2, 'python', '', 'superseded');
           insert into matches (id, contest_id, submission_a, submission_b, seed, status, points_a, points_b) values
               (1, 1, 1, 2, 1, 'done', 3, 0), (2, 1, 1, 3, 1, 'done', 0, 3), (3, 1, 2, 3, 1, 'done', 1, 1),
               (4, 1, 4, 1, 1, 'done', 3, 0), (5, 1, 5, 3, 1, 'done', 3, 0), (6, 1, 2, 4, 1, 'running', null, null);
           insert into games (match_id, index, plan, settings, status, result) values
               (1, 0, '{}', '{}', 'done', '{"index": 0, "seats": ["a", "b"], "moves": ["3"], "winner": "a", "reason": "four_in_a_row"}'),
               (1, 1, '{}', '{}', 'done', '{"index": 1, "seats": ["b", "a"], "moves": ["3"], "winner": null, "reason": "board_full"}'),
               (2, 0, '{}', '{}', 'done', '{"index": 0, "seats": ["a", "b"], "winner": "b", "reason": "forfeit", "forfeit": {"bot": "a", "kind": "move_timeout", "detail": "2000 ms"}}'),
               (2, 1, '{}', '{}', 'done', '{"index": 1, "seats": ["b", "a"], "moves": ["1", "2"], "winner": "b", "reason": "four_in_a_row"}'),
               (3, 0, '{}', '{}', 'done', '{"index": 0, "seats": ["a", "b"], "reason": "board_full"}'),
               (3, 1, '{}', '{}', 'done', '{"index": 1, "seats": ["b", "a"], "winner": null, "reason": "board_full"}'),
               (4, 0, '{}', '{}', 'done', '{"index": 0, "seats": ["a", "b"], "winner": "a", "reason": "four_in_a_row"}'),
               (4, 1, '{}', '{}', 'done', '{"index": 1, "seats": ["b", "a"], "winner": "a", "reason": "forfeit", "forfeit": {"bot": "b", "kind": "exited", "detail": ""}}'),
               (5, 0, '{}', '{}', 'done', '{"index": 0, "winner": "a", "reason": "four_in_a_row"}'),
               (5, 1, '{}', '{}', 'done', '{"index": 1, "winner": "a", "reason": "four_in_a_row"}'),
               (6, 0, '{}', '{}', 'done', '{"index": 0, "winner": "b", "reason": "four_in_a_row"}'),
               (6, 1, '{}', '{}', 'running', null);"#,
    )
    .execute(&pool)
    .await
    .unwrap();
    let before = old_compute(&mut pool.acquire().await.unwrap(), ContestId(1)).await;
    for m in botarena::db::MIGRATOR.iter().filter(|m| m.version >= TALLIES) {
        sqlx::raw_sql(&m.sql).execute(&pool).await.unwrap();
    }
    let after = assert_same_standings(&pool, ContestId(1), "after migrating").await;
    assert_eq!(after, before);
    let w = |won, drawn, lost| Wdl { won, drawn, lost };
    let rows: Vec<_> =
        after.iter().map(|r| (r.rank, r.nickname.as_str(), r.points, r.matches, r.games)).collect();
    assert_eq!(
        rows,
        [
            (1, "cy", 4, w(1, 1, 0), w(2, 2, 0)),
            (2, "ann", 3, w(1, 0, 1), w(1, 1, 2)),
            (3, "bob", 1, w(0, 1, 1), w(0, 3, 1)),
            (1, "house:random", 3, w(1, 0, 0), w(2, 0, 0)),
        ]
    );
    let outcomes: Vec<(i64, Text, Text, Text)> = sqlx::query_as(
        "select match_id, winner, end_reason, forfeit_kind from games where match_id = 2 order by index",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(
        outcomes,
        [
            (2, Some("b".into()), Some("forfeit".into()), Some("move_timeout".into())),
            (2, Some("b".into()), Some("four_in_a_row".into()), None)
        ]
    );
    let tallies: Vec<(String, Count, Count, Count)> =
        sqlx::query_as("select status::text, games_won_a, games_won_b, games_drawn from matches order by id")
            .fetch_all(&pool)
            .await
            .unwrap();
    let t = |s: &str, a, b, d| (s.to_string(), Some(a), Some(b), Some(d));
    assert_eq!(
        tallies,
        [
            t("done", 1, 0, 1),
            t("done", 0, 2, 0),
            t("done", 0, 0, 2),
            t("done", 2, 0, 0),
            t("done", 2, 0, 0),
            ("running".to_string(), None, None, None)
        ]
    );
}
