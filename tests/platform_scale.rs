//! The platform's acceptance run, at a small scale: a connect4 contest crowded with submissions
//! through the HTTP API (random players, forfeiting, crashing, stalling and illegal bots, a C bot,
//! a compile error, resubmissions, house bots enabled before and during the run) judged by a
//! game worker pool that is killed mid-run and replaced. Afterwards everything stored is checked
//! against the rules and recomputed independently: one result per game of every current pairing,
//! usage charged once, the scoreboard equal to a recount of the results, every game legal.

mod common;

use botarena::db::ids::UserId;
use botarena::db::users::Role;
use botarena::games::connect4::{Column, Connect4};
use botarena::games::settings::GameSettings;
use botarena::games::{GameId, TurnGame};
use botarena::judge::result::{ForfeitKind, GameResult};
use botarena::service::scheduler::settings_from_json;
use common::queues::*;
use common::*;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::{Duration, Instant};
use tokio::sync::watch;

const RANDOM_PY: &str = include_str!("bots/connect4/random.py");
const LEFTMOST_PY: &str = include_str!("bots/connect4/leftmost.py");
const LEFTMOST_C: &str = include_str!("bots/connect4/leftmost.c");
const RESIGN_PY: &str = include_str!("bots/connect4/resign.py");
const CRASH_PY: &str = include_str!("bots/connect4/crash.py");
const SLEEPY_PY: &str = include_str!("bots/connect4/sleepy.py");
const COLUMN0_PY: &str = include_str!("bots/connect4/column0.py");
const SYNTAX_ERROR_PY: &str = include_str!("bots/compile/syntax_error.py");

/// Games per match (connect4's default, sides swapped).
const GAMES: usize = 2;

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.pool).await.unwrap()
}

/// Waits until `sql` counts at least `n`, failing after `limit`.
async fn wait_for(app: &TestApp, sql: &str, n: i64, limit: Duration) {
    let start = Instant::now();
    while count(app, sql).await < n {
        assert!(start.elapsed() < limit, "`{sql}` did not reach {n} within {limit:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn usage(app: &TestApp) -> HashMap<UserId, i64> {
    sqlx::query_as::<_, (UserId, i64)>("select user_id, used_ms from compute_usage")
        .fetch_all(&app.pool)
        .await
        .unwrap()
        .into_iter()
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crowded_contest_survives_killed_workers_with_one_legal_result_per_game_and_a_recountable_scoreboard(
) {
    let started = Instant::now();
    let app = setup().await;
    app.contest("c4", &["submit_interval_s=0", "move_ms=500", &format!("games={GAMES}")]).await;
    let admin = app.user("root", Role::Admin).await;
    let admin = app.token(admin).await;
    let settings = |body: Value| app.api("PATCH", "/api/contests/c4/settings", Some(&admin), Some(body));
    assert_eq!(settings(json!({"house_bots": "random"})).await.status, axum::http::StatusCode::OK);

    let entries: [(&str, &[(&str, &str)]); 10] = [
        ("ada", &[("python", RANDOM_PY)]),
        ("bob", &[("python", RANDOM_PY)]),
        ("cyd", &[("c", LEFTMOST_C)]),
        ("dan", &[("python", LEFTMOST_PY)]),
        ("eve", &[("python", RESIGN_PY)]),
        ("fay", &[("python", CRASH_PY)]),
        ("gus", &[("python", SLEEPY_PY)]),
        ("hal", &[("python", COLUMN0_PY)]),
        ("ivy", &[("python", SYNTAX_ERROR_PY), ("python", RANDOM_PY)]),
        ("jon", &[("python", LEFTMOST_PY), ("python", RANDOM_PY)]),
    ];
    let mut tokens = HashMap::new();
    for (name, subs) in entries {
        let id = app.user(name, Role::Student).await;
        let token = app.token(id).await;
        for (language, source) in subs {
            submit(&app, "c4", &token, language, source).await;
        }
        tokens.insert(name, (id, token));
    }
    compile_all(&app).await;
    let mut compile_ms = usage(&app).await;

    // A worker pool with a short lease plays until a good part of the games are done, and dies.
    let lease = Duration::from_secs(2);
    let done = "select count(*) from games where status = 'done'";
    let mut first = game_queue(&app, plain());
    (first.lease, first.concurrency) = (lease, 2);
    let (_stop_first, stop) = watch::channel(false);
    let handles = first.spawn(stop).unwrap();
    wait_for(&app, done, 20, Duration::from_secs(60)).await;
    for h in &handles {
        h.abort();
    }
    for h in handles {
        let _ = h.await;
    }
    let orphans: Vec<i64> =
        sqlx::query_scalar(
            "select g.id from games g join jobs j on j.game_id = g.id where g.status = 'running' and j.locked_by = $1",
        )
            .bind(&first.worker_id)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert!(!orphans.is_empty(), "the worker died between games; nothing to take over");

    // While no worker runs: a student resubmits and a second house bot is enabled.
    let (jon, jon_token) = tokens["jon"].clone();
    let before = usage(&app).await.get(&jon).copied().unwrap_or(0);
    submit(&app, "c4", &jon_token, "python", RANDOM_PY).await;
    compile_all(&app).await;
    *compile_ms.entry(jon).or_default() += usage(&app).await[&jon] - before;
    assert_eq!(
        settings(json!({"house_bots": ["random", "level1"]})).await.status,
        axum::http::StatusCode::OK
    );

    // A new pool takes over the dead worker's games once their leases run out, and finishes.
    let mut second = game_queue(&app, plain());
    (second.lease, second.concurrency) = (lease, 2);
    let (stop_second, stop) = watch::channel(false);
    let handles = second.spawn(stop).unwrap();
    let open = "select count(*) from games where status in ('queued', 'running')";
    let start = Instant::now();
    while count(&app, open).await > 0 {
        assert!(start.elapsed() < Duration::from_secs(150), "games still open after 150 s");
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    stop_second.send(true).unwrap();
    for h in handles {
        h.await.unwrap();
    }
    let retried: Vec<(String, i32)> = sqlx::query_as(
        "select g.status::text, j.attempts from games g join jobs j on j.game_id = g.id where g.id = any($1)",
    )
    .bind(&orphans)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert!(retried.iter().all(|(s, a)| s == "done" && *a >= 2), "{retried:?}");

    let stored = Stored::load(&app).await;
    stored.check_pairings();
    stored.check_usage(&usage(&app).await, &compile_ms);
    let kinds = stored.check_rules();
    for kind in ["bad_output", "move_timeout", "exited", "illegal_move"] {
        assert!(kinds.contains(kind), "no game ended with {kind}: {kinds:?}");
    }
    let board = app.api("POST", "/api/contests/c4/scoreboard/refresh", Some(&admin), None).await.json();
    let served = app.api("GET", "/api/contests/c4/scoreboard", Some(&tokens["ada"].1), None).await.json();
    assert_eq!(served, board);
    let fields = ["rank", "nickname", "points", "matches", "games", "submission_id", "house"];
    let rows: Vec<Value> = board["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| fields.iter().map(|f| (f.to_string(), r[f].clone())).collect())
        .collect();
    assert_eq!(rows, stored.recount(), "stored scoreboard differs from the recount");
    assert_eq!(rows.len(), 12, "ten students and two house bots");
    eprintln!("{} games judged in {:?}", stored.games.len(), started.elapsed());
}

/// A current submission.
#[derive(Debug)]
struct Entrant {
    user_id: i64,
    nickname: String,
    house: bool,
}

#[derive(Debug)]
struct Match {
    id: i64,
    a: i64,
    b: i64,
    status: String,
    points: Option<(i32, i32)>,
}

#[derive(Debug)]
struct Game {
    id: i64,
    match_id: i64,
    index: i32,
    status: String,
    settings: Value,
    result: Option<Value>,
    think_ms: (Option<i64>, Option<i64>),
}

/// Everything the judge stored, read back with plain SQL (none of the platform's queries).
struct Stored {
    entrants: BTreeMap<i64, Entrant>,
    /// The owner of every submission.
    owners: HashMap<i64, i64>,
    matches: Vec<Match>,
    games: Vec<Game>,
}

impl Stored {
    async fn load(app: &TestApp) -> Stored {
        let rows: Vec<(i64, i64, String, bool, String)> = sqlx::query_as(
            "select s.id, s.user_id, coalesce(u.nickname, u.username), u.is_house, s.status::text
             from submissions s join users u on u.id = s.user_id",
        )
        .fetch_all(&app.pool)
        .await
        .unwrap();
        let owners = rows.iter().map(|r| (r.0, r.1)).collect();
        let entrants: BTreeMap<i64, Entrant> = rows
            .into_iter()
            .filter(|r| r.4 == "ready")
            .map(|(id, user_id, nickname, house, _)| (id, Entrant { user_id, nickname, house }))
            .collect();
        let users: BTreeSet<i64> = entrants.values().map(|e| e.user_id).collect();
        assert_eq!(users.len(), entrants.len(), "one current submission per user");
        let matches = sqlx::query_as::<_, (i64, i64, i64, String, Option<i32>, Option<i32>)>(
            "select id, submission_a, submission_b, status::text, points_a, points_b from matches",
        )
        .fetch_all(&app.pool)
        .await
        .unwrap()
        .into_iter()
        .map(|(id, a, b, status, pa, pb)| Match { id, a, b, status, points: pa.zip(pb) })
        .collect();
        let games = sqlx::query_as::<
            _,
            (i64, i64, i32, String, Value, Option<Value>, Option<i64>, Option<i64>),
        >(
            "select id, match_id, index, status::text, settings, result, think_ms_a, think_ms_b from games",
        )
        .fetch_all(&app.pool)
        .await
        .unwrap()
        .into_iter()
        .map(|(id, match_id, index, status, settings, result, ta, tb)| Game {
            id,
            match_id,
            index,
            status,
            settings,
            result,
            think_ms: (ta, tb),
        })
        .collect();
        Stored { entrants, owners, matches, games }
    }

    fn games_of(&self, m: &Match) -> Vec<&Game> {
        let mut g: Vec<&Game> = self.games.iter().filter(|g| g.match_id == m.id).collect();
        g.sort_by_key(|g| g.index);
        g
    }

    fn is_current(&self, m: &Match) -> bool {
        self.entrants.contains_key(&m.a) && self.entrants.contains_key(&m.b)
    }

    /// Games won by each side of a match, from its stored results.
    fn wins(&self, m: &Match) -> (u32, u32, u32) {
        let mut w = (0, 0, 0);
        for g in self.games_of(m) {
            match g.result.as_ref().unwrap()["winner"].as_str() {
                Some("a") => w.0 += 1,
                Some("b") => w.1 += 1,
                _ => w.2 += 1,
            }
        }
        w
    }

    /// Every pair of current submissions, except two house bots, has exactly one match, done,
    /// with exactly one result per game; nothing is left queued or running; only the games of
    /// replaced submissions were cancelled.
    fn check_pairings(&self) {
        let ids: Vec<i64> = self.entrants.keys().copied().collect();
        for (i, &x) in ids.iter().enumerate() {
            for &y in &ids[i + 1..] {
                let between: Vec<&Match> =
                    self.matches.iter().filter(|m| (m.a, m.b) == (x, y) || (m.a, m.b) == (y, x)).collect();
                let house_pair = self.entrants[&x].house && self.entrants[&y].house;
                assert_eq!(between.len(), usize::from(!house_pair), "matches between {x} and {y}");
            }
        }
        for m in &self.matches {
            let games = self.games_of(m);
            if self.is_current(m) {
                assert_eq!(m.status, "done", "{m:?}");
                assert_eq!(games.len(), GAMES, "{m:?}");
                for (i, g) in games.iter().enumerate() {
                    assert_eq!((g.index as usize, g.status.as_str()), (i, "done"), "game {}", g.id);
                    assert!(
                        g.result.is_some() && g.think_ms.0.is_some() && g.think_ms.1.is_some(),
                        "game {}",
                        g.id
                    );
                }
            } else {
                assert!(games.iter().all(|g| g.status == "done" || g.status == "cancelled"), "{m:?}");
            }
        }
    }

    /// Each student was charged their compiles plus their bots' thinking in every game played,
    /// once; house bots were charged nothing.
    fn check_usage(&self, used: &HashMap<UserId, i64>, compile_ms: &HashMap<UserId, i64>) {
        let mut expected: HashMap<i64, i64> = compile_ms.iter().map(|(u, &ms)| (u.0, ms)).collect();
        for g in self.games.iter().filter(|g| g.status == "done") {
            let m = self.matches.iter().find(|m| m.id == g.match_id).unwrap();
            for (sub, ms) in [(m.a, g.think_ms.0), (m.b, g.think_ms.1)] {
                *expected.entry(self.owners[&sub]).or_default() += ms.unwrap();
            }
        }
        let house_users: BTreeSet<i64> =
            self.entrants.values().filter(|e| e.house).map(|e| e.user_id).collect();
        expected.retain(|u, _| !house_users.contains(u));
        let used: HashMap<i64, i64> =
            used.iter().filter(|(_, &ms)| ms > 0).map(|(u, &ms)| (u.0, ms)).collect();
        expected.retain(|_, ms| *ms > 0);
        assert_eq!(used, expected, "compute usage charged per user");
    }

    /// Replays every stored game through the rules: every recorded move legal, and the
    /// recorded winner and reason what the rules (or the forfeit) say. Returns the forfeit kinds seen.
    fn check_rules(&self) -> BTreeSet<&'static str> {
        let mut kinds = BTreeSet::new();
        for g in self.games.iter().filter(|g| g.status == "done") {
            let r: GameResult = serde_json::from_value(g.result.clone().unwrap()).unwrap();
            let s = settings_from_json(GameId::Connect4, &g.settings).unwrap();
            let GameSettings::Connect4(c4) = s.game() else { panic!("game {}: not connect4 settings", g.id) };
            let mut game = Connect4::new(c4.rows, c4.cols, c4.connect);
            for mv in &r.moves {
                let col: Column = mv.as_str().unwrap().parse().unwrap();
                game.play(&col).unwrap_or_else(|e| panic!("game {}: {col} is illegal ({e})", g.id));
            }
            let seat = |side: botarena::games::Side| r.seats[side.index()];
            match &r.forfeit {
                None => {
                    let o = game.outcome().unwrap_or_else(|| panic!("game {} ended early, no forfeit", g.id));
                    assert_eq!(
                        (r.winner, r.reason.as_str()),
                        (o.winner.map(seat), o.reason.as_str()),
                        "game {}",
                        g.id
                    );
                }
                Some(f) => {
                    kinds.insert(f.kind.as_str());
                    assert!(game.outcome().is_none(), "game {}: a forfeit after the end", g.id);
                    assert_eq!(
                        (r.winner, r.reason.as_str()),
                        (Some(f.bot.other()), "forfeit"),
                        "game {}",
                        g.id
                    );
                    let owed = matches!(
                        f.kind,
                        ForfeitKind::IllegalMove | ForfeitKind::BadOutput | ForfeitKind::MoveTimeout
                    );
                    if owed {
                        assert_eq!(f.bot, seat(game.turn()), "game {}: only the mover owes a move", g.id);
                    }
                    if f.kind == ForfeitKind::IllegalMove {
                        let digits: String = f
                            .detail
                            .chars()
                            .skip_while(|c| !c.is_ascii_digit())
                            .take_while(char::is_ascii_digit)
                            .collect();
                        let col = Column(digits.parse().unwrap());
                        assert!(
                            game.clone().play(&col).is_err(),
                            "game {}: {col} was legal: {}",
                            g.id,
                            f.detail
                        );
                    }
                }
            }
        }
        kinds
    }

    /// The standings recounted from the stored results: 3 / 1 / 0 points per match by games
    /// won, a student's over the matches against students, a house bot's over its matches; students ranked by points (then games won minus lost, then nickname), house bots after
    /// them, ranked among themselves; equal points share a rank.
    fn recount(&self) -> Vec<Value> {
        #[derive(Default, Clone, Copy)]
        struct Tally {
            points: i64,
            matches: [u32; 3],
            games: [u32; 3],
        }
        let mut tally: BTreeMap<i64, Tally> =
            self.entrants.keys().map(|&id| (id, Tally::default())).collect();
        for m in self.matches.iter().filter(|m| self.is_current(m)) {
            let (wa, wb, draws) = self.wins(m);
            let (pa, pb) = match wa.cmp(&wb) {
                std::cmp::Ordering::Greater => (3, 0),
                std::cmp::Ordering::Less => (0, 3),
                std::cmp::Ordering::Equal => (1, 1),
            };
            assert_eq!(m.points, Some((pa, pb)), "stored points of {m:?}");
            for (sub, other, p, won, lost) in [(m.a, m.b, pa, wa, wb), (m.b, m.a, pb, wb, wa)] {
                // A student's standing counts only matches against students.
                if self.entrants[&other].house && !self.entrants[&sub].house {
                    continue;
                }
                let t = tally.get_mut(&sub).unwrap();
                t.points += i64::from(p);
                t.matches[match p {
                    3 => 0,
                    1 => 1,
                    _ => 2,
                }] += 1;
                t.games[0] += won;
                t.games[1] += draws;
                t.games[2] += lost;
            }
        }
        let mut order: Vec<(i64, &Entrant, Tally)> =
            self.entrants.iter().map(|(&id, e)| (id, e, tally[&id])).collect();
        order.sort_by_key(|(_, e, t)| {
            (e.house, -t.points, -(i64::from(t.games[0]) - i64::from(t.games[2])), e.nickname.clone())
        });
        let wdl = |x: [u32; 3]| json!({"won": x[0], "drawn": x[1], "lost": x[2]});
        order
            .iter()
            .map(|(id, e, t)| {
                let better =
                    order.iter().filter(|(_, o, u)| o.house == e.house && u.points > t.points).count();
                json!({
                    "rank": better + 1,
                    "nickname": e.nickname,
                    "points": t.points,
                    "matches": wdl(t.matches),
                    "games": wdl(t.games),
                    "submission_id": id,
                    "house": e.house,
                })
            })
            .collect()
    }
}
