//! Background work of the platform, driven by rows in Postgres so that it survives restarts and
//! several processes can share it: the job queue (`db::queue`) and its kinds of job — compiling
//! a submission, its validity run, playing a game — each a type implementing [`Job`]; the
//! scoreboard refresher; the ladder's tick ([`ladder`]); and the hourly pruning of what is kept
//! for a while only ([`prune`]). What a job *does* to the platform's data (scheduling matches,
//! computing standings, rating a ladder) is the service layer's ([`crate::service`]); this
//! module owns the loops, leases and workers.

pub mod compile;
pub mod first_game;
pub mod games;
pub mod ladder;
pub mod prune;
pub mod scoreboard;
pub mod validity;
pub mod wakeups;

use crate::db::queue::{self, JobKind};
use crate::service::metrics as names;
use sqlx::{PgConnection, PgPool};
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A kind of job of the queue, as a type (like crates.io's `BackgroundJob`): how a worker claims
/// one (marking its subject as being worked on and loading what running it needs), runs it
/// holding no database connection, and stores what it produced; how a failure of the judge puts
/// it back, and how a job that used up its attempts is given up. [`Worker::run_one`] drives these
/// steps with the lease, the heartbeat and the attempts cap common to every kind.
pub trait Job: Sized + Send + Sync {
    /// Its kind in `jobs.kind`.
    const KIND: JobKind;
    /// What a worker provides to run it (languages, launchers, limits).
    type Context: Sync;
    /// What running it produced, stored by [`Job::store`].
    type Output: Send;

    /// Claims the next job of this kind for `worker`, if there is one.
    fn claim(
        conn: &mut PgConnection,
        worker: &str,
        lease_secs: f64,
        ctx: &Self::Context,
    ) -> impl Future<Output = anyhow::Result<Option<Self>>> + Send;

    /// Claims up to `up_to` jobs of this kind at once, in their order (one round trip where the
    /// kind can do it); by default the one [`Job::claim`] gives.
    fn claim_batch(
        conn: &mut PgConnection,
        worker: &str,
        lease_secs: f64,
        ctx: &Self::Context,
        _up_to: usize,
    ) -> impl Future<Output = anyhow::Result<Vec<Self>>> + Send {
        async move { Ok(Self::claim(conn, worker, lease_secs, ctx).await?.into_iter().collect()) }
    }

    /// The submission or game the job is about.
    fn subject(&self) -> i64;

    /// Claims of the job so far, this one included.
    fn attempts(&self) -> i32;

    /// Does the work; an error is a failure of the judge, not of the user's program.
    fn run(&self, ctx: &Self::Context) -> impl Future<Output = anyhow::Result<Self::Output>> + Send;

    /// Hands the output to the service, which stores it in one transaction with the end of the
    /// job (and what comes next: the scheduling, the match's points); `false` (nothing written)
    /// if the job is no longer `worker`'s.
    fn store(
        &self,
        conn: &mut PgConnection,
        worker: &str,
        ctx: &Self::Context,
        output: Self::Output,
    ) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Puts the job back in the queue after [`Job::run`] failed.
    fn release(&self, conn: &mut PgConnection, worker: &str)
        -> impl Future<Output = sqlx::Result<()>> + Send;

    /// Puts the job back in the queue unfinished because the worker is stopping; by default as
    /// [`Job::release`] does.
    fn give_back(
        &self,
        conn: &mut PgConnection,
        worker: &str,
    ) -> impl Future<Output = sqlx::Result<()>> + Send {
        self.release(conn, worker)
    }

    /// Gives up the jobs of this kind that used up their attempts, recording why on their
    /// subjects. Returns how many.
    fn give_up(
        conn: &mut PgConnection,
        ctx: &Self::Context,
    ) -> impl Future<Output = anyhow::Result<u64>> + Send;
}

/// Names a queue of this process in `jobs.locked_by` and in `workers`: host name, process id,
/// and a random part that tells apart two queues of one process.
pub fn worker_id() -> String {
    let host =
        nix::unistd::gethostname().ok().and_then(|h| h.into_string().ok()).unwrap_or_else(|| "host".into());
    format!("{host}:{}:{}", std::process::id(), uuid::Uuid::new_v4().simple())
}

/// One worker of the queue: who it is and how long a claimed job stays its own without a
/// heartbeat.
#[derive(Clone, Copy)]
pub struct Worker<'a> {
    pub pool: &'a PgPool,
    pub id: &'a str,
    pub lease: Duration,
}

impl Worker<'_> {
    /// Gives up the exhausted jobs of kind `J`, then claims one, runs it under a heartbeat that
    /// renews its lease, and stores its output (or puts it back if the judge failed).
    /// `Ok(false)` when there was nothing to claim.
    pub async fn run_one<J: Job>(&self, ctx: &J::Context) -> anyhow::Result<bool> {
        self.run_one_until::<J>(ctx, std::future::pending()).await
    }

    /// [`Worker::run_one`], except that when `give_back` completes before the job has, the job
    /// is dropped and put back in the queue unfinished ([`Job::give_back`]): a worker that drains
    /// on SIGTERM hands its running game to another worker instead of being killed with it.
    pub async fn run_one_until<J: Job>(
        &self,
        ctx: &J::Context,
        give_back: impl Future<Output = ()> + Send,
    ) -> anyhow::Result<bool> {
        let Some(job) = self.claim::<J>(ctx, true).await? else { return Ok(false) };
        let kind = J::KIND.as_str();
        let subject = job.subject();
        let heartbeat = self.heartbeat(J::KIND, subject);
        let started = std::time::Instant::now();
        let output = tokio::select! {
            output = job.run(ctx) => output,
            () = give_back => {
                drop(heartbeat);
                job.give_back(&mut *self.pool.acquire().await?, self.id).await?;
                tracing::warn!(kind, subject, "put back in the queue unfinished: this worker is stopping");
                return Ok(true);
            }
        };
        let seconds = started.elapsed().as_secs_f64();
        drop(heartbeat);
        self.finish(&job, ctx, output, seconds).await?;
        Ok(true)
    }

    /// Claims the next job of kind `J`, after giving up the exhausted ones if `give_up` (a
    /// worker that claims often does that once in a while, see `games::GIVE_UP_EVERY`).
    pub async fn claim<J: Job>(&self, ctx: &J::Context, give_up: bool) -> anyhow::Result<Option<J>> {
        Ok(self.claim_batch(ctx, give_up, 1).await?.into_iter().next())
    }

    /// [`Worker::claim`] for up to `up_to` jobs at once ([`Job::claim_batch`]).
    pub async fn claim_batch<J: Job>(
        &self,
        ctx: &J::Context,
        give_up: bool,
        up_to: usize,
    ) -> anyhow::Result<Vec<J>> {
        let kind = J::KIND.as_str();
        let started = Instant::now();
        let mut conn = self.pool.acquire().await?;
        if give_up {
            self.give_up_on::<J>(&mut conn, ctx).await?;
        }
        let jobs = J::claim_batch(&mut conn, self.id, self.lease.as_secs_f64(), ctx, up_to).await?;
        let claim_ms = started.elapsed().as_secs_f64() * 1000.0;
        for job in &jobs {
            tracing::info!(kind, subject = job.subject(), attempt = job.attempts(), claim_ms, "running");
        }
        Ok(jobs)
    }

    /// Gives up the jobs of kind `J` that used up their attempts (see [`Job::give_up`]).
    pub async fn give_up<J: Job>(&self, ctx: &J::Context) -> anyhow::Result<()> {
        self.give_up_on::<J>(&mut *self.pool.acquire().await?, ctx).await
    }

    async fn give_up_on<J: Job>(&self, conn: &mut PgConnection, ctx: &J::Context) -> anyhow::Result<()> {
        let given_up = J::give_up(conn, ctx).await?;
        if given_up > 0 {
            let kind = J::KIND.as_str();
            tracing::warn!("{given_up} {kind} job(s) used up their attempts and were given up");
            if J::KIND == JobKind::Game {
                metrics::counter!(names::GAMES_FINISHED, "result" => "failed").increment(given_up);
            }
        }
        Ok(())
    }

    /// Stores what running `job` produced (`seconds` of work), or puts it back in the queue if
    /// the judge failed.
    pub async fn finish<J: Job>(
        &self,
        job: &J,
        ctx: &J::Context,
        output: anyhow::Result<J::Output>,
        seconds: f64,
    ) -> anyhow::Result<()> {
        let (kind, subject) = (J::KIND.as_str(), job.subject());
        let started = Instant::now();
        let mut conn = self.pool.acquire().await?;
        match output {
            Ok(output) => {
                let stored = job.store(&mut conn, self.id, ctx, output).await?;
                report_stored(J::KIND, subject, stored, seconds, started);
            }
            Err(e) => {
                // The judge failed, not the program: back to the queue (attempts limit the retries).
                tracing::error!(kind, subject, "could not run: {e:#}");
                job.release(&mut conn, self.id).await?;
            }
        }
        Ok(())
    }

    /// Renews the job's lease every third of the lease until the job is no longer ours
    /// (finished, or taken over after our lease ran out) or the returned guard is dropped.
    fn heartbeat(&self, kind: JobKind, subject: i64) -> Heartbeat {
        let (pool, worker, lease) = (self.pool.clone(), self.id.to_string(), self.lease);
        Heartbeat(tokio::spawn(async move {
            loop {
                tokio::time::sleep(lease / 3).await;
                let Ok(mut conn) = pool.acquire().await else { continue };
                match queue::extend_lease(&mut conn, kind, subject, &worker, lease.as_secs_f64()).await {
                    Ok(true) => {}
                    Ok(false) => break,
                    Err(e) => tracing::warn!("extending a {} lease: {e:#}", kind.as_str()),
                }
            }
        }))
    }
}

/// Reports the output of job `subject` (`seconds` of work) stored, after `started`: counted and
/// logged, or, not stored (`stored` false: the job was no longer ours), warned about.
pub(crate) fn report_stored(kind: JobKind, subject: i64, stored: bool, seconds: f64, started: Instant) {
    let kind_name = kind.as_str();
    if stored {
        record_finished(kind, seconds);
        let store_ms = started.elapsed().as_secs_f64() * 1000.0;
        tracing::debug!(kind = kind_name, subject, seconds, store_ms, "stored");
    } else {
        tracing::warn!(kind = kind_name, subject, "finished after its lease was taken over; result dropped");
    }
}

/// Counts a game or a compile finished and records how long it ran (`/metrics`).
fn record_finished(kind: JobKind, seconds: f64) {
    match kind {
        JobKind::Game => {
            metrics::counter!(names::GAMES_FINISHED, "result" => "done").increment(1);
            metrics::histogram!(names::GAME_SECONDS).record(seconds);
        }
        JobKind::Compile => {
            metrics::counter!(names::COMPILES_FINISHED).increment(1);
            metrics::histogram!(names::COMPILE_SECONDS).record(seconds);
        }
        JobKind::Validity => {}
    }
}

/// A job's running heartbeat, stopped when dropped: a job abandoned half-way (its task aborted,
/// its future dropped) must not keep its lease alive, or no worker would ever take it over.
struct Heartbeat(tokio::task::JoinHandle<()>);

impl Drop for Heartbeat {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// The leases a queue's slots hold, renewed together: one statement every third of the lease
/// for all of them, however many games the slots hold (each slot its current game and, for
/// quick games, the next one it claimed ahead). A lease is held while its [`Held`] lives; the
/// renewing stops with the last clone of the `Leases` (the slots' tasks ending or aborted), so a
/// job abandoned half-way never keeps its lease alive.
#[derive(Clone)]
pub struct Leases(Arc<LeaseSet>);

struct LeaseSet {
    held: Arc<Mutex<Vec<i64>>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for LeaseSet {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Leases {
    /// Renews the leases of jobs of `kind` held by `worker` (its [`Worker`]) through `pool`.
    pub fn new(pool: PgPool, kind: JobKind, worker: String, lease: Duration) -> Leases {
        let held: Arc<Mutex<Vec<i64>>> = Arc::default();
        let renewed = Arc::downgrade(&held);
        let task = tokio::spawn(async move {
            loop {
                tokio::time::sleep(lease / 3).await;
                let Some(held) = renewed.upgrade() else { break };
                let subjects = held.lock().expect("the lease set").clone();
                drop(held);
                if subjects.is_empty() {
                    continue;
                }
                let Ok(mut conn) = pool.acquire().await else { continue };
                if let Err(e) =
                    queue::extend_leases(&mut conn, kind, &subjects, &worker, lease.as_secs_f64()).await
                {
                    tracing::warn!("extending {} leases: {e:#}", kind.as_str());
                }
            }
        });
        Leases(Arc::new(LeaseSet { held, task }))
    }

    /// Keeps the lease of `subject` renewed until the returned guard is dropped.
    pub fn hold(&self, subject: i64) -> Held {
        self.0.held.lock().expect("the lease set").push(subject);
        Held { set: self.0.held.clone(), subject }
    }
}

/// A lease [`Leases`] renews, until dropped.
pub struct Held {
    set: Arc<Mutex<Vec<i64>>>,
    subject: i64,
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = self.set.lock().expect("the lease set");
        if let Some(i) = held.iter().position(|&s| s == self.subject) {
            held.swap_remove(i);
        }
    }
}
