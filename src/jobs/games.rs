//! Playing a game, a kind of job of the queue ([`PlayGame`]), and the pool of game slots that
//! play them ([`GameQueue`]), each claiming one game at a time under a lease its heartbeat
//! renews. A game is played holding no database connection (both bots unpacked into temporary
//! directories, the referee in `spawn_blocking`), and its result is handed to
//! [`crate::service::matches::record_games`], which writes it exactly once: a worker whose lease
//! was taken over finds nothing to update. A game is claimed at most
//! `db::games::MAX_ATTEMPTS` times; then it is given up as `failed`.

use super::first_game::{self, Handoff, IdleSlots};
use super::{Held, Job, Leases, Worker};
use crate::db::games::{self, GameJob, MatchSetup, Side};
use crate::db::ids::{ContestId, GameRecordId, SubmissionId};
use crate::db::queue::JobKind;
use crate::db::{test_matches, workers};
use crate::games::settings::Settings;
use crate::games::GameId;
use crate::judge::languages::Languages;
use crate::judge::launch::Launcher;
use crate::judge::matches::{GamePlan, MatchSpec};
use crate::judge::result::GameResult;
use crate::judge::{self, GameLog};
use crate::service::{bots, matches};
use anyhow::Context;
use futures_util::FutureExt;
use sqlx::{PgConnection, PgPool};
use std::collections::{BTreeMap, VecDeque};
use std::path::PathBuf;
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// Builds the launcher of concurrent game `n` (0-based): each must use its own sandbox `worker`
/// index so that two games never share user ids.
pub type LauncherFactory = Arc<dyn Fn(u32) -> anyhow::Result<Arc<dyn Launcher>> + Send + Sync>;

/// The sandbox launcher for game slot `n`; slot indices start at 1 (0 is the compile queue's).
pub fn sandbox_launchers(allow_insecure: bool) -> LauncherFactory {
    Arc::new(move |n| {
        use crate::judge::sandbox::{require_full_isolation, SandboxConfig, SandboxLauncher};
        let launcher = SandboxLauncher::new(SandboxConfig { worker: n + 1, ..SandboxConfig::default() })?;
        require_full_isolation(&launcher, allow_insecure)?;
        Ok(Arc::new(launcher) as Arc<dyn Launcher>)
    })
}

/// How often an idle game slot looks for a queued game when nothing wakes it
/// ([`GameQueue::wakeup`]): after a missed notification, a game waits up to this long.
pub const IDLE_POLL: Duration = Duration::from_secs(1);

/// Games at once by default: one per pair of cores (each bot on its own core), at least one.
pub fn default_concurrency() -> usize {
    (cores().len() / 2).max(1)
}

/// The two cores the bots of game slot `n` are pinned to, when the machine has them.
pub fn slot_cpus(n: usize) -> Option<[usize; 2]> {
    let cores = cores();
    (cores.len() >= 2 * (n + 1)).then(|| [cores[2 * n], cores[2 * n + 1]])
}

fn cores() -> Vec<usize> {
    let Ok(set) = nix::sched::sched_getaffinity(nix::unistd::Pid::from_raw(0)) else { return Vec::new() };
    (0..nix::sched::CpuSet::count()).filter(|&c| set.is_set(c).unwrap_or(false)).collect()
}

/// One process's share of the game queue.
#[derive(Clone)]
pub struct GameQueue {
    pub pool: PgPool,
    pub languages: Arc<Languages>,
    pub launchers: LauncherFactory,
    /// Names this process in `locked_by` and in `workers` ([`super::worker_id`]).
    pub worker_id: String,
    pub concurrency: usize,
    /// How long a claimed game stays ours without a heartbeat.
    pub lease: Duration,
    /// The `botarena` binary that plays house bots: this very one by default; tests, whose
    /// executable is the test harness, point it at `CARGO_BIN_EXE_botarena`.
    pub house_exe: PathBuf,
    /// After `stop`, how long a running game may go on before it is put back in the queue
    /// unfinished (`None`: until it ends).
    pub drain: Option<Duration>,
    /// Wakes the idle slots when games are queued ([`super::wakeups`]); they poll meanwhile.
    pub wakeup: Arc<tokio::sync::Notify>,
    /// Notified (its waiters) each time a slot has stored results: `botarena bench` waits on it
    /// for a newcomer's first result instead of asking the database over and over.
    pub stored: Arc<tokio::sync::Notify>,
    running: Arc<AtomicI32>,
    /// The slots waiting for work, to which a compile worker of this process may hand a
    /// newcomer's first game ([`GameQueue::handoff`]).
    idle: IdleSlots,
    /// First games handed to this queue's slots so far, and those leased ([`Handoff`]).
    handed: Arc<AtomicU64>,
    leased: Arc<AtomicU64>,
}

impl GameQueue {
    pub fn new(pool: PgPool, languages: Arc<Languages>, launchers: LauncherFactory) -> Self {
        GameQueue {
            pool,
            languages,
            launchers,
            worker_id: super::worker_id(),
            concurrency: default_concurrency(),
            lease: Duration::from_secs(60),
            house_exe: PathBuf::from(crate::judge::commands::SELF_EXE),
            drain: None,
            wakeup: Arc::default(),
            stored: Arc::default(),
            running: Arc::new(AtomicI32::new(0)),
            idle: Arc::default(),
            handed: Arc::default(),
            leased: Arc::default(),
        }
    }

    /// Where a compile worker of this process hands a newcomer's first game to an idle slot of
    /// this queue ([`first_game`]); taken once this queue's name and lease are settled.
    pub fn handoff(&self) -> Handoff {
        Handoff {
            idle: self.idle.clone(),
            pool: self.pool.clone(),
            worker_id: self.worker_id.clone(),
            lease: self.lease,
            stored: self.stored.clone(),
            handed: self.handed.clone(),
            leased: self.leased.clone(),
        }
    }

    /// Runs `concurrency` game slots (and a heartbeat) until `stop` turns true; each slot finishes
    /// its current game first, or puts it back in the queue once [`GameQueue::drain`] has passed.
    pub fn spawn(&self, stop: watch::Receiver<bool>) -> anyhow::Result<Vec<tokio::task::JoinHandle<()>>> {
        let mut handles = Vec::new();
        let leases = Leases::new(self.pool.clone(), JobKind::Game, self.worker_id.clone(), self.lease);
        for n in 0..self.concurrency.max(1) {
            let launcher = (self.launchers)(n as u32)?;
            let q = self.clone();
            let leases = leases.clone();
            let stop = stop.clone();
            handles.push(tokio::spawn(async move { q.run_slot(launcher, slot_cpus(n), leases, stop).await }));
        }
        let q = self.clone();
        let mut stop = stop.clone();
        handles.push(tokio::spawn(async move {
            while !*stop.borrow() {
                if let Ok(mut conn) = q.pool.acquire().await {
                    let running = q.running.load(Ordering::Relaxed);
                    if let Err(e) = workers::worker_seen(&mut conn, &q.worker_id, running).await {
                        tracing::warn!("worker heartbeat: {e:#}");
                    }
                }
                tokio::select! {
                    _ = tokio::time::sleep(Duration::from_secs(10)) => {}
                    _ = stop.changed() => {}
                }
            }
        }));
        Ok(handles)
    }

    /// Claims and plays one game on this slot's launcher (and cores); `Ok(false)` when the
    /// queue is empty.
    pub async fn run_one(
        &self,
        launcher: Arc<dyn Launcher>,
        cpus: Option<[usize; 2]>,
    ) -> anyhow::Result<bool> {
        self.run_one_until(launcher, cpus, std::future::pending()).await
    }

    /// [`GameQueue::run_one`], putting the game back unfinished if `give_back` completes first.
    pub async fn run_one_until(
        &self,
        launcher: Arc<dyn Launcher>,
        cpus: Option<[usize; 2]>,
        give_back: impl std::future::Future<Output = ()> + Send,
    ) -> anyhow::Result<bool> {
        let slot = self.slot(launcher, cpus);
        Worker { pool: &self.pool, id: &self.worker_id, lease: self.lease }
            .run_one_until::<PlayGame>(&slot, give_back)
            .await
    }
}

impl GameQueue {
    /// One game slot until `stop`: claims a game, plays it, and stores its result while it claims
    /// and plays the next one (the storing's round trips and the standings' trigger overlap the
    /// next game instead of delaying it); after a quick game (under [`QUICK_GAME`]) it also claims
    /// its next game while it plays the current one, whose lease [`Leases`] then renews with the
    /// current one's. The first game after an idle spell is played alone, its result stored before
    /// the next game is claimed: on a small machine that is a newcomer's first result in about one
    /// game's time rather than two. A game given back (drained) gives back the one claimed ahead
    /// too; on `stop` the last result is stored and a game claimed ahead is given back, its claim
    /// not counted.
    async fn run_slot(
        self,
        launcher: Arc<dyn Launcher>,
        cpus: Option<[usize; 2]>,
        leases: Leases,
        mut stop: watch::Receiver<bool>,
    ) {
        let slot = self.slot(launcher, cpus);
        let worker = Worker { pool: &self.pool, id: &self.worker_id, lease: self.lease };
        // Given up at the first claim, at least every `GIVE_UP_EVERY`, and whenever the queue
        // looks empty: then at once, while the slot has nothing to do, rather than at the next
        // claim, which is likely a newcomer's first game, whose student is waiting.
        let mut gave_up: Option<Instant> = None;
        let claim = async |gave_up: &mut Option<Instant>, up_to: usize| -> VecDeque<(PlayGame, Held)> {
            let give_up = gave_up.is_none_or(|t| t.elapsed() >= GIVE_UP_EVERY);
            if give_up {
                *gave_up = Some(Instant::now());
            }
            match worker.claim_batch::<PlayGame>(&slot, give_up, up_to).await {
                Ok(games) if !games.is_empty() => games
                    .into_iter()
                    .map(|game| {
                        let held = leases.hold(game.subject());
                        (game, held)
                    })
                    .collect(),
                Ok(_) => {
                    if !give_up {
                        if let Err(e) = worker.give_up::<PlayGame>(&slot).await {
                            tracing::error!("game queue: {e:#}");
                        }
                    }
                    *gave_up = Some(Instant::now());
                    VecDeque::new()
                }
                Err(e) => {
                    tracing::error!("game queue: {e:#}");
                    VecDeque::new()
                }
            }
        };
        let store = async |played: Vec<Played>| self.store(&worker, &slot, played).await;
        // The games claimed and not yet played, in order.
        let mut ahead: VecDeque<(PlayGame, Held)> = VecDeque::new();
        // The games played whose results are not yet stored.
        let mut played: Vec<Played> = Vec::new();
        let mut quick = false;
        // Games claimed at once: more the quicker the last game (see `BATCH_SPAN`).
        let mut batch = 1;
        // The last game was played alone (see below).
        let mut alone = true;
        while !*stop.borrow() {
            // Listening before looking: a game queued after an empty claim wakes it.
            let woken = self.wakeup.notified();
            tokio::pin!(woken);
            woken.as_mut().enable();
            if ahead.is_empty() {
                let previous = std::mem::take(&mut played);
                ahead = if previous.is_empty() {
                    claim(&mut gave_up, batch).await
                } else if alone {
                    // The last game was played alone (the first after an idle spell, or one after
                    // a long game): its result is stored before the next claim shares the cores
                    // with it.
                    store(previous).await;
                    claim(&mut gave_up, batch).await
                } else {
                    // Nothing was claimed ahead (the queue looked empty then): the last results
                    // are stored while the next games are claimed, not after, so that they do not
                    // compete with the next game's start.
                    tokio::join!(store(previous), claim(&mut gave_up, batch)).1
                };
            }
            let Some((game, held)) = ahead.pop_front() else {
                // The first game after an idle spell is played alone (nothing claimed ahead while
                // it plays, its result stored before the next one starts): it is likely a
                // newcomer's first, whose student is waiting for it.
                (quick, batch) = (false, 1);
                // Idle, it may be handed a newcomer's first game (`first_game`).
                let (hand, mut handed) = tokio::sync::oneshot::channel();
                self.idle.lock().unwrap_or_else(|e| e.into_inner()).push(hand);
                let first = tokio::select! {
                    _ = woken => None,
                    first = &mut handed => first.ok(),
                    _ = tokio::time::sleep(IDLE_POLL) => None,
                    _ = stop.changed() => None,
                };
                // Handed one even as something else woke it: it plays it all the same.
                handed.close();
                if let Some(first) = first.or_else(|| handed.try_recv().ok()) {
                    first_game::play(&slot, first, drained(stop.clone(), self.drain)).await;
                }
                self.idle.lock().unwrap_or_else(|e| e.into_inner()).retain(|s| !s.is_closed());
                // The queue looked empty, and its exhausted games were given up then: the claim
                // that follows a wake-up (likely a newcomer's first game) does not do it again.
                gave_up = Some(Instant::now());
                continue;
            };
            let started = Instant::now();
            alone = !quick;
            let give_back = drained(stop.clone(), self.drain);
            let play = async {
                tokio::select! {
                    output = game.run(&slot) => Some(output),
                    () = give_back => None,
                }
            };
            // The results are stored once a batch's worth is played, at a batch's last game (while
            // it plays; the next batch is claimed then too), and at the first round-robin game
            // after a test match's games, whose student is waiting for them.
            let last = ahead.is_empty();
            let test_played = played.last().is_some_and(|p| p.0.setup.requested_by.is_some())
                && game.setup.requested_by.is_none();
            let previous = if played.len() >= batch || last || test_played {
                std::mem::take(&mut played)
            } else {
                Vec::new()
            };
            let claim_ahead = quick && last && !*stop.borrow();
            let meanwhile = async {
                if !previous.is_empty() {
                    store(previous).await;
                }
                if claim_ahead {
                    claim(&mut gave_up, batch).await
                } else {
                    VecDeque::new()
                }
            };
            let (output, next) = tokio::join!(play, meanwhile);
            ahead.extend(next);
            // Work was queued while the game played: if it is a test match's, the round-robin
            // games claimed ahead go back to the queue, and the next claim takes the test games
            // first (a test match waits for the game being played, not for a batch).
            if woken.as_mut().now_or_never().is_some()
                && ahead.iter().any(|(g, _)| g.setup.requested_by.is_none())
            {
                self.make_way_for_test_games(&mut ahead).await;
            }
            let took = started.elapsed();
            quick = took < QUICK_GAME;
            batch = if quick { batch_size(took) } else { 1 };
            match output {
                Some(output) => played.push((game, held, output, took.as_secs_f64())),
                None => {
                    tracing::warn!(
                        game = game.subject(),
                        "put back in the queue unfinished: this worker is stopping"
                    );
                    ahead.push_front((game, held));
                    break;
                }
            }
        }
        store(played).await;
        self.give_back(ahead).await;
    }

    /// Stores what a slot played: the results of each contest's games in one transaction
    /// ([`matches::record_games`]; one at a time if that fails), a game the judge could not run
    /// put back in the queue.
    async fn store(&self, worker: &Worker<'_>, slot: &Slot, played: Vec<Played>) {
        let mut by_contest: BTreeMap<ContestId, Vec<(PlayGame, Output, f64)>> = BTreeMap::new();
        let mut held = Vec::new();
        for (game, lease, output, seconds) in played {
            held.push(lease);
            match output {
                Ok(output) => {
                    by_contest.entry(game.setup.contest_id).or_default().push((game, output, seconds))
                }
                Err(e) => {
                    if let Err(e) = worker.finish(&game, slot, Err(e), seconds).await {
                        tracing::error!("game queue: {e:#}");
                    }
                }
            }
        }
        for (contest, games) in by_contest {
            if let Err(e) = self.record(contest, &games).await {
                tracing::error!("game queue: storing {} results at once: {e:#}", games.len());
                if games.len() > 1 {
                    for game in &games {
                        if let Err(e) = self.record(contest, std::slice::from_ref(game)).await {
                            tracing::error!(game = game.0.subject(), "game queue: {e:#}");
                        }
                    }
                }
            }
        }
        drop(held);
    }

    /// Records played games of `contest` in one transaction.
    async fn record(&self, contest: ContestId, games: &[(PlayGame, Output, f64)]) -> anyhow::Result<()> {
        let started = Instant::now();
        let played: Vec<matches::Played> =
            games.iter().map(|(game, output, _)| game.played(output)).collect();
        let mut conn = self.pool.acquire().await?;
        let recorded = matches::record_games(&mut conn, &self.worker_id, contest, &played).await?;
        self.stored.notify_waiters();
        for (game, _, seconds) in games {
            let stored = recorded.contains(&game.job.id);
            super::report_stored(JobKind::Game, game.subject(), stored, *seconds, started);
        }
        Ok(())
    }

    /// What a slot plays with.
    fn slot(&self, launcher: Arc<dyn Launcher>, cpus: Option<[usize; 2]>) -> Slot {
        Slot {
            pool: self.pool.clone(),
            languages: self.languages.clone(),
            house_exe: self.house_exe.clone(),
            running: self.running.clone(),
            launcher,
            cpus,
            unpacked: Arc::default(),
        }
    }

    /// Gives back the round-robin games of `ahead` if a test match's game waits unclaimed.
    async fn make_way_for_test_games(&self, ahead: &mut VecDeque<(PlayGame, Held)>) {
        let waiting = async { test_matches::game_waiting(&mut *self.pool.acquire().await?).await };
        match waiting.await {
            Ok(true) => {}
            Ok(false) => return,
            Err(e) => {
                tracing::warn!("game queue: looking for waiting test games: {e:#}");
                return;
            }
        }
        let (test, round_robin): (VecDeque<_>, VecDeque<_>) =
            std::mem::take(ahead).into_iter().partition(|(g, _)| g.setup.requested_by.is_some());
        *ahead = test;
        self.give_back(round_robin).await;
    }

    /// Puts games this queue holds back unfinished (it is stopping, or it makes way for a test
    /// match), their claims not counted, in one statement; their leases end with it.
    async fn give_back(&self, games: VecDeque<(PlayGame, Held)>) {
        if games.is_empty() {
            return;
        }
        let ids: Vec<GameRecordId> = games.iter().map(|(g, _)| g.job.id).collect();
        let back = async { games::give_back(&mut *self.pool.acquire().await?, &ids, &self.worker_id).await };
        if let Err(e) = back.await {
            tracing::error!(games = ?ids, "giving games back: {e:#}");
        }
    }
}

/// What playing a game gives: its result, its log and when it was played.
pub(super) type Output = (GameResult, GameLog, games::Played);

/// A game a slot played, until its output is stored: the game, its lease, the output and the
/// seconds it took.
type Played = (PlayGame, Held, anyhow::Result<Output>, f64);

/// A slot whose last game took less than this claims its next games while it plays the current
/// one: the claim's round trips are then a noticeable share of a game, while for longer games
/// they are not, and claiming ahead would hold a second game's lease (from the other workers, and
/// for up to a lease after a crash) for all of a long game.
pub const QUICK_GAME: Duration = Duration::from_secs(1);

/// After a quick game, a slot claims as many games at once as would take about this long (at
/// least one, at most [`MAX_BATCH`]), and stores their results together: one claim and one
/// transaction for several games instead of each, their statements' cost shared. A result waits
/// at most that long to be stored; the games claimed ahead are held from other workers that long.
pub const BATCH_SPAN: Duration = Duration::from_millis(100);

/// The most games a slot claims at once.
pub const MAX_BATCH: usize = 8;

// A build a claim did not read stays unpacked through the current game and the claimed batch.
const _: () = assert!(bots::Unpacked::KEEP - bots::Unpacked::SURE >= 2 * (MAX_BATCH + 1));

/// Games to claim at once after a game that took `took`.
fn batch_size(took: Duration) -> usize {
    (BATCH_SPAN.as_secs_f64() / took.as_secs_f64().max(1e-6)).clamp(1.0, MAX_BATCH as f64) as usize
}

/// A busy slot gives up the games that used up their attempts at most this often (and at its
/// first claim, and whenever the queue looked empty), rather than before every claim.
pub const GIVE_UP_EVERY: Duration = Duration::from_secs(1);

/// Completes `drain` after `stop` turned true; never without a drain limit.
async fn drained(mut stop: watch::Receiver<bool>, drain: Option<Duration>) {
    let Some(drain) = drain else { return std::future::pending().await };
    let _ = stop.wait_for(|stopped| *stopped).await;
    tokio::time::sleep(drain).await;
}

/// What one game slot of a [`GameQueue`] plays with.
pub struct Slot {
    /// For the moves written while a game is played (its live page).
    pool: PgPool,
    languages: Arc<Languages>,
    house_exe: PathBuf,
    /// The games this process is playing, for its heartbeat in `workers`.
    running: Arc<AtomicI32>,
    launcher: Arc<dyn Launcher>,
    cpus: Option<[usize; 2]>,
    /// The bots of its last games, still unpacked.
    unpacked: Arc<std::sync::Mutex<bots::Unpacked>>,
}

impl Slot {
    /// Unpacks both bots (a house bot is this binary's `house` command) and plays the game, on a
    /// blocking thread, counted among the games this process is playing; the moves are written
    /// into game `progress`'s row for its live page while it is played.
    pub(super) async fn play(
        &self,
        game: GameId,
        settings: Settings,
        plan: GamePlan,
        sides: [Side; 2],
        seed: u64,
        progress: Option<GameRecordId>,
    ) -> anyhow::Result<Output> {
        self.running.fetch_add(1, Ordering::Relaxed);
        let started = time::OffsetDateTime::now_utc();
        let (languages, house_exe) = (self.languages.clone(), self.house_exe.clone());
        let (launcher, cpus) = (self.launcher.clone(), self.cpus);
        let (moves_tx, moves_rx) = tokio::sync::mpsc::unbounded_channel();
        if let Some(id) = progress {
            let params = judge::adapters::game_params(&settings, &plan).to_value();
            tokio::spawn(write_progress(self.pool.clone(), id, params, moves_rx));
        }
        let unpacked = self.unpacked.clone();
        let played = tokio::task::spawn_blocking(move || {
            // Held for the game: its bots' directories stay while it is played.
            let mut unpacked = unpacked.lock().unwrap_or_else(|e| e.into_inner());
            let bots = unpacked.commands(&sides, game, &settings, &languages, &house_exe)?;
            let spec = MatchSpec { game, settings, bots, seed, cpus };
            let played = judge::play_game_with(&spec, &plan, launcher.as_ref(), |table| {
                table.watch(Box::new(Reporter(moves_tx)))
            });
            anyhow::Ok(played)
        })
        .await
        .context("game task")
        .and_then(|played| played);
        let when = games::Played { started, finished: time::OffsetDateTime::now_utc() };
        self.running.fetch_sub(1, Ordering::Relaxed);
        played.map(|(result, log)| (result, log, when))
    }

    /// The builds this slot has unpacked, which its claims do not read again.
    fn kept(&self) -> Vec<(SubmissionId, time::OffsetDateTime)> {
        self.unpacked.lock().unwrap_or_else(|e| e.into_inner()).kept()
    }

    /// `sides`, each with its build unless this slot has it unpacked: a claim leaves out the
    /// builds the slot had then and sends each other build once, with its first game of the batch;
    /// a build left out may have made way for others since, or that first game may have failed
    /// before unpacking it.
    pub(super) async fn with_builds(&self, sides: &[Side; 2]) -> anyhow::Result<[Side; 2]> {
        let mut sides = sides.clone();
        for side in &mut sides {
            let has = self.unpacked.lock().unwrap_or_else(|e| e.into_inner()).has(side);
            if side.house_level.is_none() && side.artifact.is_none() && !has {
                let id = side.submission_id;
                let mut conn = self.pool.acquire().await?;
                *side =
                    games::side(&mut conn, id).await?.with_context(|| format!("submission {id} is gone"))?;
            }
        }
        Ok(sides)
    }
}

/// Playing a game of a match.
pub struct PlayGame {
    pub job: GameJob,
    pub setup: MatchSetup,
}

impl Job for PlayGame {
    const KIND: JobKind = JobKind::Game;
    type Context = Slot;
    type Output = (GameResult, GameLog, games::Played);

    async fn claim(
        conn: &mut PgConnection,
        worker: &str,
        lease_secs: f64,
        slot: &Slot,
    ) -> anyhow::Result<Option<Self>> {
        Ok(Self::claim_batch(conn, worker, lease_secs, slot, 1).await?.into_iter().next())
    }

    /// One statement for the whole batch (`db::games::claim`), leaving out the builds `slot`
    /// has unpacked.
    async fn claim_batch(
        conn: &mut PgConnection,
        worker: &str,
        lease_secs: f64,
        slot: &Slot,
        up_to: usize,
    ) -> anyhow::Result<Vec<Self>> {
        let kept = slot.kept();
        let claimed = games::claim(conn, worker, lease_secs, up_to, &kept).await?;
        Ok(claimed.into_iter().map(|(job, setup)| PlayGame { job, setup }).collect())
    }

    fn subject(&self) -> i64 {
        self.job.id.into()
    }

    fn attempts(&self) -> i32 {
        self.job.attempts
    }

    async fn run(&self, slot: &Slot) -> anyhow::Result<(GameResult, GameLog, games::Played)> {
        let (job, setup) = (&self.job, &self.setup);
        let settings = crate::service::scheduler::settings_from_json(setup.game, &job.settings)?;
        let plan = crate::service::scheduler::plan_from_stored(&job.plan)?;
        let sides = slot.with_builds(&setup.sides).await?;
        slot.play(setup.game, settings, plan, sides, setup.seed as u64, Some(job.id)).await
    }

    async fn store(
        &self,
        conn: &mut PgConnection,
        worker: &str,
        _: &Slot,
        output: Output,
    ) -> anyhow::Result<bool> {
        let played = self.played(&output);
        Ok(!matches::record_games(conn, worker, self.setup.contest_id, &[played]).await?.is_empty())
    }

    async fn release(&self, conn: &mut PgConnection, worker: &str) -> sqlx::Result<()> {
        games::release(conn, self.job.id, worker).await
    }

    async fn give_back(&self, conn: &mut PgConnection, worker: &str) -> sqlx::Result<()> {
        games::give_back(conn, &[self.job.id], worker).await
    }

    async fn give_up(conn: &mut PgConnection, _: &Slot) -> anyhow::Result<u64> {
        Ok(games::fail_exhausted(conn).await? as u64)
    }
}

impl PlayGame {
    /// The game with its output, as [`matches::record_games`] records it.
    pub(super) fn played<'a>(&'a self, (result, log, when): &'a Output) -> matches::Played<'a> {
        matches::Played { job: &self.job, setup: &self.setup, result, log, when: Some(*when) }
    }
}

/// How often at most a game's moves are written for its live page.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// What happened in a game being played, for its live page.
enum Progress {
    /// A move's record.
    Move(serde_json::Value),
    /// A bot's DEBUG message or line of standard error.
    Line(judge::log::LogEntry),
}

/// Passes each move of a game being played, and each DEBUG and standard-error line of its bots,
/// to [`write_progress`].
struct Reporter(tokio::sync::mpsc::UnboundedSender<Progress>);

impl judge::table::Watcher for Reporter {
    fn moved(&mut self, record: &serde_json::Value) {
        let _ = self.0.send(Progress::Move(record.clone()));
    }

    fn said(&mut self, entry: &judge::log::LogEntry) {
        let _ = self.0.send(Progress::Line(entry.clone()));
    }
}

/// Writes the moves of game `id` into its row while it is played (`{"params", "moves", "lines"}`;
/// each line `{"bot", "channel", "move", "text"}` with the index of the move it came before), at
/// most every [`PROGRESS_EVERY`]: a game over within that time (most games between quick bots)
/// costs no write at all. The live page shows a bot's lines only to its owner and admins.
async fn write_progress(
    pool: PgPool,
    id: crate::db::ids::GameRecordId,
    params: serde_json::Value,
    mut incoming: tokio::sync::mpsc::UnboundedReceiver<Progress>,
) {
    use tokio::sync::mpsc::error::TryRecvError;
    let (mut moves, mut lines) = (Vec::new(), Vec::new());
    let take = |p: Progress, moves: &mut Vec<serde_json::Value>, lines: &mut Vec<serde_json::Value>| match p {
        Progress::Move(m) => moves.push(m),
        Progress::Line(e) => lines.push(serde_json::json!({
            "bot": e.bot, "channel": e.channel, "move": e.at_move.unwrap_or(moves.len()), "text": e.text,
        })),
    };
    while let Some(first) = incoming.recv().await {
        take(first, &mut moves, &mut lines);
        tokio::time::sleep(PROGRESS_EVERY).await;
        loop {
            match incoming.try_recv() {
                Ok(p) => take(p, &mut moves, &mut lines),
                Err(TryRecvError::Empty) => break,
                // Over: the result is about to be stored.
                Err(TryRecvError::Disconnected) => return,
            }
        }
        let progress = serde_json::json!({ "params": params, "moves": moves, "lines": lines });
        let written = async { matches::record_progress(&mut *pool.acquire().await?, id, &progress).await };
        if let Err(e) = written.await {
            tracing::warn!(game = ?id, "could not write the game's progress: {e}");
        }
    }
}
