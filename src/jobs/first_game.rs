//! A newcomer's first game, played while its compile is being stored. A student who submits waits
//! for a first result; through the queue it would follow the transaction that makes the
//! submission ready (its first matches created), then a claim, the game, and the storing of the
//! result, one after the other. Instead, when the compile worker's process has game slots, the
//! worker reads while compiling what the first game will be played with (the lowest ready
//! opponent, as the scheduler pairs them: [`Handoff::pick`]); once the build is there, it hands
//! the game, with the seed its first match will be made with, to an idle slot ([`offer`]), which
//! plays it while the transaction runs; the transaction creates the match with that very seed and
//! its game already leased to the slot's queue, as a claim would lease it ([`FirstPlayed`]), and
//! stores the result in the same commit when the game is over by then ([`Offered::settle`]). A
//! longer game is stored after the commit, under the lease, renewed meanwhile, as the slot would
//! ([`Settled::after_commit`]). The game is played exactly as the queue would play it (same bots,
//! cores, seed, plan and settings: it is created leased only if it is the game played); anything
//! else (the pairing changed during the compile, no idle slot, the slot stopping, the judge
//! failing) leaves the game to the queue, as any other.

use super::games::{Output, PlayGame, Slot};
use super::{report_stored, Worker};
use crate::db::games::{self, GameJob, LeaseFirst, MatchSetup, Side};
use crate::db::ids::{ContestId, SubmissionId, UserId};
use crate::db::queue::JobKind;
use crate::games::settings::Settings;
use crate::games::GameId;
use crate::judge::matches::{plan, GamePlan};
use crate::service::matches;
use crate::service::scheduler::{self, FirstPlayed};
use sqlx::{PgConnection, PgPool};
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{oneshot, Notify};

/// How long past the end of its transaction's other work the transaction that makes a newcomer
/// ready waits for its first game to end, to store the result in the same commit: it holds the
/// contest's lock, which the results of the contest's other games wait for.
pub const SAME_COMMIT_WAIT: Duration = Duration::from_millis(10);

/// How long a slot that has played a first game waits at most for its transaction to commit
/// before it claims its next games ([`FirstGame::committed`]): the commit follows the game's end
/// within milliseconds, unless the transaction waits for the contest's lock.
pub const COMMIT_WAIT: Duration = Duration::from_millis(100);

/// A first game handed to an idle slot: what it is played with, and where its output goes.
pub struct FirstGame {
    pub game: GameId,
    pub settings: Settings,
    pub plan: GamePlan,
    pub sides: [Side; 2],
    pub seed: u64,
    pub done: oneshot::Sender<anyhow::Result<Output>>,
    /// Closed once the game's transaction has committed (or let the game go). The slot claims
    /// its next games after that, not as soon as it has played: a claim then would find none of
    /// the newcomer's games queued yet, and would take a share of the two cores that the
    /// transaction storing the result needs.
    pub committed: oneshot::Receiver<()>,
}

/// The idle slots of a game queue, each waiting for a first game.
pub type IdleSlots = Arc<Mutex<Vec<oneshot::Sender<FirstGame>>>>;

/// Where a compile worker hands a newcomer's first game: the idle slots of its process's game
/// queue, and what leasing and storing a game in that queue's name takes.
#[derive(Clone)]
pub struct Handoff {
    pub(super) idle: IdleSlots,
    pub(super) pool: PgPool,
    /// The game queue's name in `locked_by`.
    pub(super) worker_id: String,
    pub(super) lease: Duration,
    /// The game queue's `stored` notification.
    pub(super) stored: Arc<Notify>,
    /// First games handed to the queue's slots so far.
    pub(super) handed: Arc<AtomicU64>,
    /// First games handed and then leased in the transaction that created them.
    pub(super) leased: Arc<AtomicU64>,
}

impl Handoff {
    /// How many first games were handed to the queue's slots so far.
    pub fn handed(&self) -> u64 {
        self.handed.load(Ordering::Relaxed)
    }

    /// How many of those were the game their transaction created, leased in it: the others were
    /// left to the queue (the pairing had changed).
    pub fn leased(&self) -> u64 {
        self.leased.load(Ordering::Relaxed)
    }

    /// Hands `first` to an idle slot; `false` if none is.
    fn hand(&self, mut first: FirstGame) -> bool {
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        // A slot that stopped waiting (woken by a queued game, or stopping) left a closed sender.
        while let Some(slot) = idle.pop() {
            match slot.send(first) {
                Ok(()) => {
                    self.handed.fetch_add(1, Ordering::Relaxed);
                    return true;
                }
                Err(back) => first = back,
            }
        }
        false
    }
}

/// The newcomer whose first game is offered: a submission that compiled, and its build.
pub struct Newcomer<'a> {
    pub submission: SubmissionId,
    pub user: UserId,
    pub contest: ContestId,
    pub language: &'a str,
    pub artifact: &'a [u8],
}

/// A first game handed to a slot, until the transaction that makes its newcomer ready settles it.
pub struct Offered {
    handoff: Handoff,
    contest: ContestId,
    game: PlannedGame,
    done: oneshot::Receiver<anyhow::Result<Output>>,
}

/// The game as it is played: the scheduler creates it so ([`FirstPlayed`]).
struct PlannedGame {
    game: GameId,
    seed: u64,
    settings: Settings,
    sides: [Side; 2],
}

/// What a newcomer's first game is played with, read while it compiles ([`Handoff::pick`]): its
/// contest's game and settings, its name, and its lowest ready opponent (with its build), as the
/// scheduler will pair them when it is made ready.
pub struct Picked {
    game: GameId,
    settings: Settings,
    nickname: String,
    opponent: Side,
}

impl Handoff {
    /// Reads what `user`'s newcomer in `contest` would play its first game with ([`Picked`]), on
    /// a connection of its own: the compile worker reads it while compiling, so that the game
    /// starts the moment the build is there. `None` when the newcomer will get no match when made
    /// ready (no opponent yet, a ladder, a game with validity tests: those run first) or the read
    /// failed (its games are then the queue's, as any other). A pick gone stale by the end of the
    /// compile (a new opponent, new settings) is caught as the game is created: it is then not
    /// leased ([`FirstPlayed`]), and the game played is dropped.
    pub async fn pick(&self, contest: ContestId, user: UserId) -> Option<Picked> {
        let picked = async {
            let mut conn = self.pool.acquire().await?;
            let first = games::first_opponent(&mut conn, contest, user).await?;
            let Some(opponent) = first.opponent else { return Ok(None) };
            if first.ladder || first.game.has_validity_tests() {
                return Ok(None);
            }
            let settings = scheduler::settings_from_json(first.game, &first.settings)?;
            anyhow::Ok(Some(Picked { game: first.game, settings, nickname: first.nickname, opponent }))
        };
        picked.await.unwrap_or_else(|e| {
            tracing::warn!(%contest, %user, "picking a first game: {e:#}");
            None
        })
    }
}

/// Hands the newcomer's first game (`picked`'s, the match's first game with `seed`, the seed its
/// first match is then made with) to an idle slot of `handoff`'s queue, which starts it at once
/// and claims again once `committed` is closed ([`FirstGame::committed`]). `None` when no slot is
/// idle.
fn offer(
    handoff: &Handoff,
    newcomer: Newcomer<'_>,
    picked: Picked,
    seed: u64,
    committed: oneshot::Receiver<()>,
) -> Option<Offered> {
    let Picked { game, settings, nickname, opponent } = picked;
    let planned = plan(&settings, seed).into_iter().next()?;
    let own = Side {
        submission_id: newcomer.submission,
        user_id: newcomer.user,
        nickname,
        language: newcomer.language.to_string(),
        // Not yet stored: unpacked for this game only.
        compiled_at: None,
        artifact: Some(newcomer.artifact.to_vec()),
        house_level: None,
    };
    let stored = PlannedGame {
        game,
        seed,
        settings: settings.clone(),
        sides: [Side { artifact: None, ..own.clone() }, Side { artifact: None, ..opponent.clone() }],
    };
    let (done, done_rx) = oneshot::channel();
    let sides = [own, opponent];
    let handed = FirstGame { game, settings, plan: planned, sides, seed, done, committed };
    if !handoff.hand(handed) {
        return None;
    }
    tracing::debug!(submission = %newcomer.submission, "first game handed to an idle slot");
    Some(Offered { handoff: handoff.clone(), contest: newcomer.contest, game: stored, done: done_rx })
}

/// Hands the newcomer's first game, `picked` while it compiled, to an idle slot of `handoff`'s
/// queue ([`offer`]), then runs `transaction` while the game is played: given the game handed
/// (`None` if none was), it makes the newcomer ready, its first match with that game's seed and
/// that game created leased if it is the one played, and returns the game so leased
/// ([`FirstPlayed`]). Settles that game in the transaction ([`Offered::settle`]) and commits.
/// Returns what the transaction returned and, for a game still being played at the commit, its
/// storing ([`Settled::after_commit`]), for the caller to run off its path. No pick, or no idle
/// slot, leaves the game to the queue.
pub async fn commit_playing<'c, T, F>(
    handoff: &Handoff,
    newcomer: Newcomer<'_>,
    picked: Option<Picked>,
    transaction: impl FnOnce(Option<FirstPlayed>) -> F,
) -> anyhow::Result<(T, Option<impl Future<Output = ()> + Send + 'static>)>
where
    F: Future<Output = anyhow::Result<(sqlx::Transaction<'c, sqlx::Postgres>, T, Option<GameJob>)>>,
{
    let seed: u64 = rand::random();
    let submission = newcomer.submission;
    // Held until the commit (or a failure) lets the slot claim again.
    let (_committed, committed) = oneshot::channel();
    let offered = picked.and_then(|picked| offer(handoff, newcomer, picked, seed, committed));
    let played = offered.as_ref().map(Offered::played);
    let (mut tx, made, leased) = transaction(played).await?;
    let settled = match (offered, leased) {
        (Some(offered), Some(job)) => offered.settle(&mut tx, job).await?,
        (Some(_), None) => {
            tracing::info!(%submission, "its first game is not the one played: left to the queue");
            Settled::Nothing
        }
        (None, _) => Settled::Nothing,
    };
    tx.commit().await?;
    Ok((made, settled.after_commit()))
}

impl Offered {
    /// The game handed, as the transaction that makes its newcomer ready is to create it: leased
    /// to the slot's queue.
    fn played(&self) -> FirstPlayed {
        FirstPlayed {
            seed: self.game.seed,
            settings: self.game.settings.clone(),
            lease: LeaseFirst {
                opponent: self.game.sides[1].submission_id,
                worker: self.handoff.worker_id.clone(),
                lease_secs: self.handoff.lease.as_secs_f64(),
            },
        }
    }

    /// In the transaction that made the newcomer ready and created `job`, the game being played,
    /// leased to the slot's queue ([`FirstPlayed`]): stores its result if the game ends within
    /// [`SAME_COMMIT_WAIT`]. What is left for after the commit is the returned [`Settled`]'s.
    pub async fn settle(mut self, tx: &mut PgConnection, job: GameJob) -> anyhow::Result<Settled> {
        let h = &self.handoff;
        let g = &self.game;
        h.leased.fetch_add(1, Ordering::Relaxed);
        let setup = MatchSetup {
            contest_id: self.contest,
            game: g.game,
            seed: g.seed as i64,
            sides: g.sides.clone(),
            requested_by: None,
        };
        let game = PlayGame { job, setup };
        let output = match tokio::time::timeout(SAME_COMMIT_WAIT, &mut self.done).await {
            Ok(output) => output,
            Err(_) => {
                return Ok(Settled::Later(Box::new(Later { handoff: self.handoff, game, done: self.done })))
            }
        };
        let id = game.job.id;
        match output {
            Ok(Ok(output)) => {
                let seconds = (output.2.finished - output.2.started).as_seconds_f64();
                let started = Instant::now();
                let played = game.played(&output);
                let games_in_match = plan(&g.settings, g.seed).len();
                let stored =
                    matches::record_first_game_in(tx, &h.worker_id, self.contest, &played, games_in_match)
                        .await?;
                Ok(Settled::Stored { notify: h.stored.clone(), subject: id.into(), stored, seconds, started })
            }
            Ok(Err(e)) => {
                tracing::error!(game = i64::from(id), "could not run: {e:#}");
                games::release(tx, id, &h.worker_id).await?;
                Ok(Settled::Nothing)
            }
            // The slot stopped (its worker is draining): as a game given back.
            Err(_) => {
                games::give_back(tx, &[id], &h.worker_id).await?;
                Ok(Settled::Nothing)
            }
        }
    }
}

/// What is left of a first game once its transaction has committed.
pub enum Settled {
    /// Nothing: not leased (the queue plays the match's games), or put back.
    Nothing,
    /// Stored in the commit: its waiters are told.
    Stored { notify: Arc<Notify>, subject: i64, stored: bool, seconds: f64, started: Instant },
    /// Still being played, leased: stored once over ([`Settled::after_commit`]).
    Later(Box<Later>),
}

/// A first game leased and still being played when its transaction committed.
pub struct Later {
    handoff: Handoff,
    game: PlayGame,
    done: oneshot::Receiver<anyhow::Result<Output>>,
}

impl Settled {
    /// Once the transaction has committed: tells who waits for results that one was stored;
    /// returns the storing of a game still being played, for the caller to run off its path.
    pub fn after_commit(self) -> Option<impl Future<Output = ()> + Send + 'static> {
        match self {
            Settled::Nothing => None,
            Settled::Stored { notify, subject, stored, seconds, started } => {
                notify.notify_waiters();
                report_stored(JobKind::Game, subject, stored, seconds, started);
                None
            }
            Settled::Later(later) => Some(later.store()),
        }
    }
}

impl Later {
    /// Waits for the game under a heartbeat that renews its lease, then stores its result as its
    /// slot would have (or puts it back if the judge failed or the slot stopped).
    async fn store(self) {
        let Later { handoff: h, game, done } = self;
        let worker = Worker { pool: &h.pool, id: &h.worker_id, lease: h.lease };
        let heartbeat = worker.heartbeat(JobKind::Game, game.job.id.into());
        let output = done.await;
        drop(heartbeat);
        let id = game.job.id;
        let stored = async {
            let mut conn = h.pool.acquire().await?;
            match output {
                Ok(Ok(output)) => {
                    let seconds = (output.2.finished - output.2.started).as_seconds_f64();
                    let started = Instant::now();
                    let played = [game.played(&output)];
                    let contest = game.setup.contest_id;
                    let recorded = matches::record_games(&mut conn, &h.worker_id, contest, &played).await?;
                    h.stored.notify_waiters();
                    report_stored(JobKind::Game, id.into(), recorded.contains(&id), seconds, started);
                }
                Ok(Err(e)) => {
                    tracing::error!(game = i64::from(id), "could not run: {e:#}");
                    games::release(&mut conn, id, &h.worker_id).await?;
                }
                Err(_) => games::give_back(&mut conn, &[id], &h.worker_id).await?,
            }
            anyhow::Ok(())
        };
        if let Err(e) = stored.await {
            tracing::error!(game = i64::from(id), "storing a first game: {e:#}");
        }
    }
}

/// The slot's side: plays a first game handed to it, and sends the output back.
pub(super) async fn play(slot: &Slot, first: FirstGame, give_back: impl Future<Output = ()> + Send) {
    let FirstGame { game, settings, plan, sides, seed, done, committed } = first;
    let played = async {
        // Both builds come with the game (the opponent's read with the pick): nothing is read
        // here unless one came without.
        let sides = slot.with_builds(&sides).await?;
        slot.play(game, settings, plan, sides, seed, None).await
    };
    tokio::pin!(give_back);
    tokio::select! {
        output = played => {
            let _ = done.send(output);
        }
        // Dropping `done` puts the game back, if it was leased.
        () = &mut give_back => {
            tracing::warn!("a first game was dropped unfinished: this worker is stopping");
            return;
        }
    }
    tokio::select! {
        _ = tokio::time::timeout(COMMIT_WAIT, committed) => {}
        () = give_back => {}
    }
}
