//! The whole platform's figures: games judged through the queue per second, the wait for a
//! newcomer's first result, and the bytes a stored game takes. Each runs the real code paths
//! (the scheduler, the game queue's worker loop with its wake-ups, the storing of results) on a
//! throwaway database of the embedded cluster or of `DATABASE_URL` (`db::bench::Scratch`), with
//! an instant connect4 bot submitted as a student's C program (`bots/connect4_student.c`,
//! compiled once with the platform's C command) and the default pool of game slots, each with its
//! own sandbox launcher (the plain launcher where `--insecure` allows and the sandbox cannot
//! start, noted). The baselines play the same bots on the same launchers with no platform around
//! them, in the same run.

use super::{Bench, Figure};
use crate::db::bench::{self, Scratch};
use crate::db::ids::ContestId;
use crate::db::{self, games};
use crate::games::settings::Settings;
use crate::games::GameId;
use crate::jobs::first_game::{self, Handoff, Newcomer};
use crate::jobs::games::{GameQueue, LauncherFactory};
use crate::jobs::wakeups::Wakeups;
use crate::judge::languages::Languages;
use crate::judge::launch::Launcher;
use crate::judge::matches::{GamePlan, MatchSpec};
use crate::judge::result::BotId;
use crate::judge::{BotCommand, PlainLauncher};
use crate::service::scheduler;
use crate::service::submissions::{self, Compiled};
use anyhow::{ensure, Context};
use sqlx::postgres::PgConnectOptions;
use sqlx::PgConnection;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

pub const PLATFORM_GAMES_PER_SECOND: &str = "platform_games_per_second";
pub const FIRST_RESULT_LATENCY: &str = "first_result_latency";
pub const STORED_BYTES_PER_GAME: &str = "stored_bytes_per_game";

/// Entrants of `platform_games_per_second` unless `--entrants` says otherwise.
pub const DEFAULT_ENTRANTS: usize = 40;
/// Entrants of the contest a newcomer joins in `first_result_latency` (`--quick`: 200).
const LATENCY_ENTRANTS: usize = 1000;

const STUDENT_BOT: &str = include_str!("bots/connect4_student.c");

/// What the platform figures share: the runtime, the database server, the compiled bot and the
/// launchers of the game slots.
pub struct Kit {
    rt: tokio::runtime::Runtime,
    server: PgConnectOptions,
    _cluster: Option<db::embedded::Cluster>,
    languages: Arc<Languages>,
    /// The student bot's build, as the compile queue stores it.
    artifact: Vec<u8>,
    /// One launcher per game slot of the default pool.
    launchers: Vec<Arc<dyn Launcher>>,
    note: Option<String>,
    /// The bot unpacked for the baselines.
    dirs: [tempfile::TempDir; 2],
}

impl Kit {
    pub fn new(db: &crate::config::DbArgs, insecure: bool) -> anyhow::Result<Kit> {
        let rt = crate::cli::serve::runtime()?;
        let (server, cluster) = rt.block_on(crate::service::figures::server(db))?;
        let languages = Arc::new(Languages::load_default()?);
        let lang = languages.get("c").context("the language `c` is not configured")?;
        let build = tempfile::Builder::new().prefix("botarena-bench-build-").tempdir()?;
        let outcome = crate::judge::compile::compile(
            &PlainLauncher::new(),
            lang,
            STUDENT_BOT.as_bytes(),
            build.path(),
        )?;
        ensure!(outcome.is_ok(), "compiling the bench's student bot: {}", outcome.log());
        let artifact = crate::jobs::compile::tar_dir(build.path())?;
        let mut note = None;
        let mut launchers = Vec::new();
        let sandbox = crate::jobs::games::sandbox_launchers(insecure);
        for n in 0..crate::jobs::games::default_concurrency() {
            launchers.push(match sandbox(n as u32) {
                Ok(l) => l,
                Err(e) if insecure => {
                    note = Some(format!("plain launcher: {e:#}"));
                    Arc::new(PlainLauncher::new()) as Arc<dyn Launcher>
                }
                Err(e) => return Err(e).context("building the sandbox (--insecure measures without it)"),
            });
        }
        let dirs = [0, 1].map(|_| tempfile::Builder::new().prefix("botarena-bench-bot-").tempdir());
        let [a, b] = dirs;
        let dirs = [a?, b?];
        for d in &dirs {
            crate::judge::commands::unpack(&artifact, d.path())?;
        }
        Ok(Kit { rt, server, _cluster: cluster, languages, artifact, launchers, note, dirs })
    }

    fn bot(&self, i: usize) -> anyhow::Result<BotCommand> {
        let lang = self.languages.get("c").context("the language `c`")?;
        let memory =
            Settings::from_assignments(GameId::Connect4, std::iter::empty::<&str>())?.common().memory_mib;
        Ok(crate::judge::commands::run_command(lang, &format!("bench:{i}"), self.dirs[i].path(), memory))
    }

    /// Plays the bots' games back to back on every slot's launcher at once (as many threads as
    /// slots) for about `time`; the games played and the time they took.
    fn judge_games(&self, time: Duration) -> anyhow::Result<(u64, Duration)> {
        let settings = Settings::from_assignments(GameId::Connect4, std::iter::empty::<&str>())?;
        let started = Instant::now();
        let played = std::thread::scope(|s| {
            let threads: Vec<_> = self
                .launchers
                .iter()
                .enumerate()
                .map(|(n, launcher)| {
                    let settings = settings.clone();
                    s.spawn(move || -> anyhow::Result<u64> {
                        let spec = MatchSpec {
                            game: GameId::Connect4,
                            settings,
                            bots: [self.bot(0)?, self.bot(1)?],
                            seed: 1,
                            cpus: crate::jobs::games::slot_cpus(n),
                        };
                        let mut games = 0;
                        while started.elapsed() < time {
                            let index = (games % 2) as u32;
                            let seats = if index == 0 { [BotId::A, BotId::B] } else { [BotId::B, BotId::A] };
                            let plan = GamePlan { index, seats, board: None, seed: games };
                            let (r, _) = crate::judge::play_game(&spec, &plan, launcher.as_ref());
                            ensure!(
                                r.forfeit.is_none() && r.winner.is_some(),
                                "a bench game ended with {}",
                                r.reason
                            );
                            games += 1;
                        }
                        Ok(games)
                    })
                })
                .collect();
            threads.into_iter().map(|t| t.join().expect("a bench thread")).sum::<anyhow::Result<u64>>()
        })?;
        Ok((played, started.elapsed()))
    }

    /// One game's wall time (the median of three).
    fn one_game(&self) -> anyhow::Result<Duration> {
        let settings = Settings::from_assignments(GameId::Connect4, std::iter::empty::<&str>())?;
        let spec = MatchSpec {
            game: GameId::Connect4,
            settings,
            bots: [self.bot(0)?, self.bot(1)?],
            seed: 1,
            cpus: crate::jobs::games::slot_cpus(0),
        };
        let mut times: Vec<Duration> = (0..3)
            .map(|i| {
                let plan = GamePlan { index: 0, seats: [BotId::A, BotId::B], board: None, seed: i };
                let t = Instant::now();
                let (r, _) = crate::judge::play_game(&spec, &plan, self.launchers[0].as_ref());
                (r.winner.is_some(), t.elapsed())
            })
            .map(|(ok, t)| if ok { Ok(t) } else { Err(anyhow::anyhow!("a bench game had no winner")) })
            .collect::<anyhow::Result<_>>()?;
        times.sort();
        Ok(times[1])
    }

    /// The game queue of one process on `scratch`, with the default pool and this kit's
    /// launchers, woken by its own listener as `serve`'s is; stopped by `stop`.
    fn start_queue(
        &self,
        scratch: &Scratch,
        stop: watch::Receiver<bool>,
    ) -> anyhow::Result<(Vec<tokio::task::JoinHandle<()>>, Arc<tokio::sync::Notify>, Handoff)> {
        let launchers = self.launchers.clone();
        let factory: LauncherFactory = Arc::new(move |n| Ok(launchers[n as usize].clone()));
        let mut queue = GameQueue::new(scratch.pool.clone(), self.languages.clone(), factory);
        let stored = queue.stored.clone();
        queue.concurrency = self.launchers.len();
        let wakeups = Wakeups::default();
        queue.wakeup = wakeups.games.clone();
        let mut handles = vec![wakeups.listen(scratch.pool.clone(), stop.clone())];
        handles.extend(queue.spawn(stop)?);
        Ok((handles, stored, queue.handoff()))
    }

    /// A connect4 contest with the default settings, open to C.
    async fn contest(conn: &mut PgConnection, slug: &str) -> anyhow::Result<ContestId> {
        Kit::contest_of(conn, slug, "connect4").await
    }

    /// A contest of `game` with the default settings, open to C.
    async fn contest_of(conn: &mut PgConnection, slug: &str, game: &str) -> anyhow::Result<ContestId> {
        let c = db::contests::NewContest::build(slug, game, None, None, &[], &["c".to_string()])
            .map_err(|e| anyhow::anyhow!("{e:?}"))?;
        db::contests::create(conn, &c).await?.context("the bench contest exists")
    }

    fn with_note(&self, mut f: Figure) -> Figure {
        f.note.clone_from(&self.note);
        f
    }
}

/// Runs `f` on a throwaway database (`connections` pooled), dropped afterwards also when `f` fails.
async fn on_scratch<T>(
    server: &PgConnectOptions,
    connections: u32,
    f: impl AsyncFnOnce(&Scratch) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    let scratch = Scratch::create_with(server, connections).await?;
    let out = f(&scratch).await;
    let dropped = scratch.drop().await;
    let out = out?;
    dropped?;
    Ok(out)
}

/// Stops the queue's tasks and waits for them (a game under way is finished first).
async fn stop_queue(stop: watch::Sender<bool>, handles: Vec<tokio::task::JoinHandle<()>>) {
    let _ = stop.send(true);
    for h in handles {
        let _ = h.await;
    }
}

/// `platform_games_per_second`: the round robin of `--entrants` students (default 40), scheduled
/// by the scheduler as each submission becomes ready, then judged by the game queue (claim, play,
/// store the result and log, the match and the standings) until it is over or for 30 s (`--quick`:
/// 2 s): games stored per second, from the queue's start to the last result. The baseline is the
/// same bots' games played back to back on the same launchers, as many at once as slots (5 s
/// before and 5 s after; `--quick`: 0.3 s each).
pub fn platform_games_per_second(b: &mut Bench) -> anyhow::Result<Figure> {
    let entrants = b.entrants.unwrap_or(DEFAULT_ENTRANTS);
    let (window, baseline) = if b.quick {
        (Duration::from_secs(2), Duration::from_millis(300))
    } else {
        (Duration::from_secs(30), Duration::from_secs(5))
    };
    let kit = b.throughput()?;
    let connections = 4 + 2 * kit.launchers.len() as u32;
    let (done, secs, played, took) =
        kit.rt.block_on(on_scratch(&kit.server, connections, async |scratch| {
            let mut conn = scratch.pool.acquire().await?;
            let contest = Kit::contest(&mut conn, "bench").await?;
            let t = Instant::now();
            let subs = bench::add_entrants(&mut conn, contest, entrants, &kit.artifact, "compiling").await?;
            for s in subs {
                // As the compile worker's transaction (`service::submissions::compiled`).
                let (mut tx, ready) = scheduler::begin_locked(&mut conn, contest).await?;
                scheduler::make_ready(&mut tx, &ready, s, None).await?;
                tx.commit().await?;
                scheduler::schedule_rest(&mut conn, s).await?;
            }
            bench::analyze(&mut conn).await?;
            tracing::info!("bench: {entrants} entrants scheduled in {:.1} s", t.elapsed().as_secs_f64());
            let (played1, took1) = tokio::task::block_in_place(|| kit.judge_games(baseline))?;
            let since = bench::clock(&mut conn).await?;
            let (stop, stopped) = watch::channel(false);
            let (handles, _, _) = kit.start_queue(scratch, stopped)?;
            let deadline = Instant::now() + window;
            while Instant::now() < deadline && bench::games_pending(&mut conn).await? {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            stop_queue(stop, handles).await;
            let (done, secs) = bench::games_done_since(&mut conn, contest, since).await?;
            let (played2, took2) = tokio::task::block_in_place(|| kit.judge_games(baseline))?;
            anyhow::Ok((done, secs, played1 + played2, took1 + took2))
        }))?;
    ensure!(done > 0, "no game was judged through the queue");
    let f = Figure::new(
        PLATFORM_GAMES_PER_SECOND,
        done as f64 / secs,
        "games/s",
        "games_per_second",
        played as f64 / took.as_secs_f64(),
    );
    Ok(kit.with_note(f))
}

/// `first_result_latency`: a contest of 1,000 ready entrants (`--quick`: 200) whose round robin
/// has been played (every match decided, its games stored), and idle game slots; a newcomer's
/// compiled submission is made ready as its compile worker does (its first opponent read before
/// the clock starts, as the worker reads it while compiling;
/// `jobs::first_game::commit_playing`: its first game handed to an idle slot and played while
/// the transaction queues its first matches; the rest of its 1,000 once that has committed) and
/// the time until a game of it is stored is measured (taken at the queue's notification of a
/// stored result, once a look-up finds the newcomer's), against one game's wall time on the
/// judge alone. Median of five newcomers (`--quick`: one); the rest of each newcomer's games
/// are cancelled before the next.
pub fn first_result_latency(b: &mut Bench) -> anyhow::Result<Figure> {
    let reps = b.reps(5, 1);
    let entrants = b.reps(LATENCY_ENTRANTS, 200);
    let kit = b.throughput()?;
    let connections = 4 + 2 * kit.launchers.len() as u32;
    let (mut waits, mut games) = (Vec::new(), Vec::new());
    kit.rt.block_on(on_scratch(&kit.server, connections, async |scratch| {
        let mut conn = scratch.pool.acquire().await?;
        let contest = Kit::contest(&mut conn, "latency").await?;
        let all = bench::add_entrants(&mut conn, contest, entrants, &kit.artifact, "ready").await?;
        // Their round robin played out: what a newcomer's path reads, it reads among their
        // hundreds of thousands of matches and games, not in empty tables.
        let (_, settings) = scheduler::contest_game(&mut conn, contest).await?;
        bench::analyze(&mut conn).await?;
        bench::add_played_round_robin(&mut conn, contest, &all, settings.common().games as i32).await?;
        bench::analyze(&mut conn).await?;
        let (stop, stopped) = watch::channel(false);
        let (handles, stored, handoff) = kit.start_queue(scratch, stopped)?;
        let measured = async {
            for _ in 0..reps {
                games.push(tokio::task::block_in_place(|| kit.one_game())?);
                let newcomer =
                    bench::add_entrants(&mut conn, contest, 1, &kit.artifact, "compiling").await?[0];
                // Idle slots: they wait for a wake-up.
                tokio::time::sleep(Duration::from_millis(300)).await;
                // Listening from before the newcomer is made ready, its result is looked up only
                // when the queue has stored results: a look meanwhile would take a share of the two
                // cores that its claim and its game need.
                let mut stored_some = Box::pin(stored.notified());
                stored_some.as_mut().enable();
                let user = bench::user_of(&mut conn, newcomer).await?;
                // What its compile worker reads while compiling (`jobs::compile`): its first
                // opponent. (A compile takes a hundred times longer.)
                let picked = handoff.pick(contest, user).await;
                ensure!(picked.is_some(), "the newcomer has no first game to pick");
                let newcomer_of =
                    Newcomer { submission: newcomer, user, contest, language: "c", artifact: &kit.artifact };
                let t = Instant::now();
                // As the compile worker's store (`jobs::compile`): its first game handed to the
                // idle slot and played while the transaction makes the newcomer ready.
                let readying = &mut *conn;
                let ((), later) =
                    first_game::commit_playing(&handoff, newcomer_of, picked, |played| async move {
                        let (mut tx, ready) = scheduler::begin_locked(readying, contest).await?;
                        let leased =
                            scheduler::make_ready(&mut tx, &ready, newcomer, played.as_ref()).await?;
                        Ok((tx, (), leased))
                    })
                    .await?;
                if let Some(later) = later {
                    tokio::spawn(later);
                }
                tracing::debug!(%newcomer, "bench: the newcomer is ready");
                // What its compile worker leaves for after the commit: the rest of its matches
                // (once its first result is in) and copy detection.
                let pool = scratch.pool.clone();
                let rest = tokio::spawn(async move {
                    let (ready, wait) = (Compiled::Ready, scheduler::FIRST_RESULT_WAIT);
                    let stop = CancellationToken::new();
                    let starters = crate::starters::sources;
                    submissions::after_compile(&pool, newcomer, contest, ready, wait, &stop, starters).await
                });
                let wait = loop {
                    let left = Duration::from_secs(60).checked_sub(t.elapsed()).unwrap_or_default();
                    ensure!(
                        tokio::time::timeout(left, stored_some.as_mut()).await.is_ok(),
                        "no result for the newcomer after a minute"
                    );
                    // Told once the store has committed: its result was stored by then, if the
                    // look-up finds it (the look-up's own time, shared with the work that follows
                    // the commit, is not the student's wait).
                    let stored_by = t.elapsed();
                    // Listening again before looking: no store is missed.
                    stored_some.set(stored.notified());
                    stored_some.as_mut().enable();
                    if bench::has_a_result(&mut conn, newcomer).await? {
                        break stored_by;
                    }
                };
                waits.push(wait);
                rest.await?;
                while bench::cancel_queued_games(&mut conn).await? > 0 {
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
                // Not analyzed again: a newcomer's thousand matches are a fifth of a percent of
                // the contest's, which no autovacuum would analyze the tables for.
            }
            anyhow::Ok(())
        }
        .await;
        stop_queue(stop, handles).await;
        measured
    }))?;
    waits.sort();
    games.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let f = Figure::new(
        FIRST_RESULT_LATENCY,
        ms(waits[waits.len() / 2]),
        "ms",
        "one_game",
        ms(games[games.len() / 2]),
    );
    Ok(kit.with_note(f))
}

/// `stored_bytes_per_game`: real checkers games (the house bots `level1` and `random`, four
/// games, sides swapped; `--quick`: two) stored through `db::games::finish` 100 times each
/// (`--quick`: 10) in a
/// throwaway database; the `games` table's bytes with its TOAST table once vacuumed, per game,
/// against the raw size of a result (its JSON) and its log.
pub fn stored_bytes_per_game(b: &mut Bench) -> anyhow::Result<Figure> {
    let (copies, kinds) = (b.reps(100, 10), b.reps(4, 2));
    let kit = b.throughput()?;
    let settings = Settings::from_assignments(GameId::Checkers, std::iter::empty::<&str>())?;
    let dir = tempfile::Builder::new().prefix("botarena-bench-house-").tempdir()?;
    let exe = std::path::Path::new(crate::judge::commands::SELF_EXE);
    let house =
        |level| crate::judge::commands::house_bot(exe, GameId::Checkers, level, &settings, dir.path());
    let spec = MatchSpec {
        game: GameId::Checkers,
        settings: settings.clone(),
        bots: [house("level1")?, house("random")?],
        seed: 7,
        cpus: crate::jobs::games::slot_cpus(0),
    };
    let mut played = Vec::new();
    for (i, plan) in crate::judge::matches::plan(&settings, 7).iter().cycle().take(kinds).enumerate() {
        let plan = GamePlan { seed: 7 + i as u64, ..plan.clone() };
        let (result, log) = crate::judge::play_game(&spec, &plan, kit.launchers[0].as_ref());
        ensure!(result.forfeit.is_none(), "a house bot forfeited: {}", result.reason);
        played.push((serde_json::to_value(&result)?, serde_json::to_string(&log)?));
    }
    let raw: usize = played.iter().map(|(r, l)| r.to_string().len() + l.len()).sum::<usize>() / played.len();
    let bytes = kit.rt.block_on(on_scratch(&kit.server, 4, async |scratch| {
        let mut conn = scratch.pool.acquire().await?;
        let contest = Kit::contest_of(&mut conn, "stored", "checkers").await?;
        let subs = bench::add_entrants(&mut conn, contest, 2, &kit.artifact, "ready").await?;
        let n = copies * played.len();
        bench::queue_games(&mut conn, contest, subs[0], subs[1], n as i32).await?;
        for (result, log) in played.iter().cycle().take(n) {
            let (job, _) =
                games::claim(&mut conn, "bench", 60.0, 1, &[]).await?.pop().context("a queued game")?;
            let stored =
                games::Stored { id: job.id, result, log, think_ms: [0, 0], played: None, charges: &[] };
            ensure!(games::finish(&mut conn, "bench", contest, &[stored]).await? == [job.id], "stored");
        }
        Ok(bench::games_table_bytes(&mut conn).await? as f64 / n as f64)
    }))?;
    let f = Figure::new(STORED_BYTES_PER_GAME, bytes, "bytes", "raw_result_and_log", raw as f64);
    Ok(kit.with_note(f))
}
