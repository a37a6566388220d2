//! Compiling a submission, a kind of job of the queue ([`Compile`]): a worker claims the oldest
//! queued compile (or one whose lease ran out because its worker died), compiles it through a
//! [`Launcher`] (the sandbox in production) holding no database connection, and stores the
//! outcome with a tar of the build directory, so that a worker on another machine can run the
//! bot with only the database address. What becomes of it is the service's
//! (`service::submissions::compiled`): a good build becomes `ready` and gets its matches, or, for
//! a game with validity tests, is queued for its validity run (`jobs::validity`) first.

use super::first_game::{self, Handoff, Newcomer};
use super::validity::Validity;
use super::{Job, Worker};
use crate::db::queue::{self, JobKind};
use crate::db::submissions::{self, CompileJob};
use crate::judge::compile::{compile, CompileOutcome};
use crate::judge::languages::Languages;
use crate::judge::launch::Launcher;
use crate::service::scheduler;
use crate::service::submissions as service;
use anyhow::Context;
use sqlx::{PgConnection, PgPool};
use std::future::Future;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{watch, Notify};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// Compiling through the judge's compile step; a seam so tests and the merge can choose the
/// launcher (and so a unit test can count calls).
pub type CompileFn = Arc<
    dyn Fn(&crate::judge::languages::Language, &[u8], &Path) -> std::io::Result<CompileOutcome> + Send + Sync,
>;

/// `crate::judge::compile::compile` through the given launcher.
pub fn with_launcher(launcher: Arc<dyn Launcher>) -> CompileFn {
    Arc::new(move |lang, source, dir| compile(launcher.as_ref(), lang, source, dir))
}

/// One process's share of the compile and validity jobs.
#[derive(Clone)]
pub struct CompileQueue {
    pub pool: PgPool,
    pub languages: Arc<Languages>,
    pub compile: CompileFn,
    /// Names this process in `locked_by` ([`super::worker_id`]).
    pub worker_id: String,
    /// Compiles at once in this process.
    pub concurrency: usize,
    /// How long a claimed job stays ours without a heartbeat.
    pub lease: Duration,
    /// Claims of one job (crashes included) before it is given up as a compile error.
    pub max_attempts: i32,
    pub wakeup: Arc<Notify>,
    /// Runs the validity tests (`jobs::validity`); without it this process leaves them to
    /// another worker.
    pub tester: Option<Arc<dyn Launcher>>,
    /// How long a submission made ready waits for its first result before the rest of its
    /// matches are scheduled ([`scheduler::FIRST_RESULT_WAIT`]). Zero: the follow-up runs at
    /// once in the compile slot, before [`CompileQueue::run_one`] returns (tests that count
    /// matches).
    pub first_result_wait: Duration,
    /// The game queue of this process, to whose idle slot a newcomer's first game is handed
    /// while its compile is stored ([`first_game`]); without it, the first game is claimed
    /// from the queue like any other.
    pub first_games: Option<Handoff>,
    /// The follow-ups of stored jobs (the rest of the matches, copy detection), run off the
    /// compile slots; [`CompileQueue::spawn`]'s drain waits for them.
    follow_ups: TaskTracker,
    /// Cut short the follow-ups' wait when the queue drains.
    draining: CancellationToken,
}

impl CompileQueue {
    pub fn new(pool: PgPool, languages: Arc<Languages>, compile: CompileFn, wakeup: Arc<Notify>) -> Self {
        CompileQueue {
            pool,
            languages,
            compile,
            worker_id: super::worker_id(),
            concurrency: 1,
            lease: Duration::from_secs(120),
            max_attempts: 3,
            wakeup,
            tester: None,
            first_result_wait: scheduler::FIRST_RESULT_WAIT,
            first_games: None,
            follow_ups: TaskTracker::new(),
            draining: CancellationToken::new(),
        }
    }

    /// Runs `concurrency` workers until `stop` turns true; each finishes its current job first,
    /// and the last handle ends once every follow-up of a stored job has (their wait cut short).
    pub fn spawn(&self, stop: watch::Receiver<bool>) -> Vec<tokio::task::JoinHandle<()>> {
        let mut drained = stop.clone();
        let (follow_ups, draining) = (self.follow_ups.clone(), self.draining.clone());
        let drain = tokio::spawn(async move {
            let _ = drained.wait_for(|stopped| *stopped).await;
            draining.cancel();
            follow_ups.close();
            follow_ups.wait().await;
        });
        let mut workers: Vec<_> = (0..self.concurrency.max(1))
            .map(|_| {
                let q = self.clone();
                let mut stop = stop.clone();
                tokio::spawn(async move {
                    while !*stop.borrow() {
                        // Listening before looking: work queued after an empty claim wakes it.
                        let woken = q.wakeup.notified();
                        tokio::pin!(woken);
                        woken.as_mut().enable();
                        match q.run_one().await {
                            Ok(true) => continue,
                            Ok(false) => {}
                            Err(e) => tracing::error!("compile queue: {e:#}"),
                        }
                        tokio::select! {
                            _ = woken => {}
                            _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                            _ = stop.changed() => {}
                        }
                    }
                })
            })
            .collect();
        workers.push(drain);
        workers
    }

    /// Runs `follow_up` (given the pool, the wait and the drain's token) off the compile slot,
    /// or at once when [`CompileQueue::first_result_wait`] is zero.
    pub(super) async fn follow_up<F>(&self, follow_up: impl FnOnce(PgPool, Duration, CancellationToken) -> F)
    where
        F: Future<Output = ()> + Send + 'static,
    {
        let run = follow_up(self.pool.clone(), self.first_result_wait, self.draining.clone());
        if self.first_result_wait.is_zero() {
            run.await;
        } else {
            self.follow_ups.spawn(run);
        }
    }

    /// Also runs the validity tests, with this launcher; see [`CompileQueue::tester`].
    pub fn with_tester(mut self, launcher: Arc<dyn Launcher>) -> Self {
        self.tester = Some(launcher);
        self
    }

    /// Runs one job: a validity run waiting (when this process has a tester), else a compile.
    /// `Ok(false)` when there is neither (then it schedules what a stopped worker left
    /// unscheduled: `scheduler::schedule_pending`).
    pub async fn run_one(&self) -> anyhow::Result<bool> {
        let worker = Worker { pool: &self.pool, id: &self.worker_id, lease: self.lease };
        if self.tester.is_some() && worker.run_one::<Validity>(self).await? {
            return Ok(true);
        }
        if worker.run_one::<Compile>(self).await? {
            return Ok(true);
        }
        // Idle: the matches a worker that died left unscheduled after making a submission ready.
        let scheduled =
            scheduler::schedule_pending(&mut *self.pool.acquire().await?, self.first_result_wait).await?;
        if scheduled > 0 {
            tracing::warn!("{scheduled} match(es) left unscheduled by a stopped worker were scheduled");
        }
        Ok(false)
    }
}

/// Compiling a submission.
pub struct Compile(pub CompileJob);

/// A compile's outcome, the build (a tar) when good, the compute time it took, and what its
/// first game is played with, read meanwhile ([`first_game`]).
pub struct Compiled {
    outcome: CompileOutcome,
    artifact: Option<Vec<u8>>,
    ms: i64,
    first: Option<first_game::Picked>,
}

impl Job for Compile {
    const KIND: JobKind = JobKind::Compile;
    type Context = CompileQueue;
    type Output = Compiled;

    async fn claim(
        conn: &mut PgConnection,
        worker: &str,
        lease_secs: f64,
        q: &CompileQueue,
    ) -> anyhow::Result<Option<Self>> {
        Ok(queue::claim_next::<CompileJob>(conn, worker, lease_secs, q.max_attempts).await?.map(Compile))
    }

    fn subject(&self) -> i64 {
        self.0.id.into()
    }

    fn attempts(&self) -> i32 {
        self.0.attempts
    }

    /// Compiles in a temporary directory and packs the build; meanwhile, when this process has
    /// game slots, reads what the submission's first game would be played with
    /// ([`first_game::Handoff::pick`]).
    async fn run(&self, q: &CompileQueue) -> anyhow::Result<Compiled> {
        let job = &self.0;
        let started = Instant::now();
        let Some(lang) = q.languages.get(&job.language).cloned() else {
            let log = format!("The language `{}` is no longer configured on this judge.", job.language);
            let outcome = CompileOutcome::Error { log };
            return Ok(Compiled { outcome, artifact: None, ms: 0, first: None });
        };
        let compile = q.compile.clone();
        let source = job.source.clone();
        let building = tokio::task::spawn_blocking(move || {
            let dir = crate::scratch::dir("build-").context("creating a build directory")?;
            let outcome = compile(&lang, &source, dir.path()).context("running the compiler")?;
            let artifact = match outcome.is_ok() {
                true => Some(tar_dir(dir.path()).context("packing the build")?),
                false => None,
            };
            // The compile's own time, not the pick's.
            let ms = i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
            anyhow::Ok((outcome, artifact, ms))
        });
        let picking = async {
            match &q.first_games {
                Some(handoff) => handoff.pick(job.contest_id, job.user_id).await,
                None => None,
            }
        };
        let (built, first) = tokio::join!(building, picking);
        let (outcome, artifact, ms) = built.context("compile task")??;
        Ok(Compiled { outcome, artifact, ms, first })
    }

    /// Hands the outcome to the service ([`service::store_compile`]), which stores and charges it
    /// and makes the submission ready or queues its validity run; wakes a slot for the latter. A
    /// good build's first game is handed to an idle game slot of this process meanwhile
    /// ([`first_game`]). What follows ([`service::after_compile`]) runs off the compile slot.
    async fn store(
        &self,
        conn: &mut PgConnection,
        worker: &str,
        q: &CompileQueue,
        c: Compiled,
    ) -> anyhow::Result<bool> {
        let job = &self.0;
        let build = service::Build { outcome: &c.outcome, artifact: c.artifact.as_deref(), ms: c.ms };
        let compiled = match (&q.first_games, c.outcome.is_ok(), c.artifact.as_deref()) {
            (Some(handoff), true, Some(artifact)) => {
                let newcomer = Newcomer {
                    submission: job.id,
                    user: job.user_id,
                    contest: job.contest_id,
                    language: &job.language,
                    artifact,
                };
                let (compiled, later) =
                    first_game::commit_playing(handoff, newcomer, c.first, |played| async move {
                        service::store_compile(conn, job, worker, build, played.as_ref()).await
                    })
                    .await?;
                if let Some(later) = later {
                    q.follow_ups.spawn(later);
                }
                compiled
            }
            _ => service::compiled(conn, job, worker, build).await?,
        };
        if compiled == service::Compiled::Testing {
            q.wakeup.notify_one();
        }
        let (id, contest) = (job.id, job.contest_id);
        q.follow_up(move |pool, wait, stop| async move {
            service::after_compile(&pool, id, contest, compiled, wait, &stop, crate::starters::sources).await
        })
        .await;
        Ok(compiled != service::Compiled::NotOurs)
    }

    async fn release(&self, conn: &mut PgConnection, worker: &str) -> sqlx::Result<()> {
        submissions::release(conn, self.0.id, worker).await
    }

    async fn give_up(conn: &mut PgConnection, q: &CompileQueue) -> anyhow::Result<u64> {
        Ok(submissions::fail_exhausted(conn, q.max_attempts).await?)
    }
}

/// The build directory as an uncompressed tar, paths relative to it.
pub fn tar_dir(dir: &Path) -> std::io::Result<Vec<u8>> {
    let mut builder = tar::Builder::new(Vec::new());
    builder.follow_symlinks(false);
    builder.append_dir_all(".", dir)?;
    builder.into_inner()
}
