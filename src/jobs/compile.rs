//! Compiling a submission, a kind of job of the queue ([`Compile`]): a worker claims the oldest
//! queued compile (or one whose lease ran out because its worker died), compiles it through a
//! [`Launcher`] (the sandbox in production) holding no database connection, and stores the
//! outcome with a tar of the build directory, so that a worker on another machine can run the
//! bot with only the database address. What becomes of it is the service's
//! (`service::submissions::compiled`): a good build becomes `ready` and gets its matches, or, for
//! a game with validity tests, is queued for its validity run (`jobs::validity`) first.

use super::validity::Validity;
use super::{Job, Worker};
use crate::db::queue::{self, JobKind};
use crate::db::submissions::{self, CompileJob};
use crate::judge::compile::{compile, CompileOutcome};
use crate::judge::languages::Languages;
use crate::judge::launch::Launcher;
use crate::service::submissions as service;
use anyhow::Context;
use sqlx::{PgConnection, PgPool};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{watch, Notify};

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
        }
    }

    /// Runs `concurrency` workers until `stop` turns true; each finishes its current job first.
    pub fn spawn(&self, stop: watch::Receiver<bool>) -> Vec<tokio::task::JoinHandle<()>> {
        (0..self.concurrency.max(1))
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
            .collect()
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
        let scheduled = crate::service::scheduler::schedule_pending(&mut *self.pool.acquire().await?).await?;
        if scheduled > 0 {
            tracing::warn!("{scheduled} match(es) left unscheduled by a stopped worker were scheduled");
        }
        Ok(false)
    }
}

/// Compiling a submission.
pub struct Compile(pub CompileJob);

/// A compile's outcome, the build (a tar) when good, and the compute time it took.
pub struct Compiled {
    outcome: CompileOutcome,
    artifact: Option<Vec<u8>>,
    ms: i64,
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

    /// Compiles in a temporary directory and packs the build.
    async fn run(&self, q: &CompileQueue) -> anyhow::Result<Compiled> {
        let job = &self.0;
        let started = Instant::now();
        let Some(lang) = q.languages.get(&job.language).cloned() else {
            let log = format!("The language `{}` is no longer configured on this judge.", job.language);
            return Ok(Compiled { outcome: CompileOutcome::Error { log }, artifact: None, ms: 0 });
        };
        let compile = q.compile.clone();
        let source = job.source.clone();
        let (outcome, artifact) = tokio::task::spawn_blocking(move || {
            let dir = crate::scratch::dir("build-").context("creating a build directory")?;
            let outcome = compile(&lang, &source, dir.path()).context("running the compiler")?;
            if !outcome.is_ok() {
                return anyhow::Ok((outcome, None));
            }
            let artifact = tar_dir(dir.path()).context("packing the build")?;
            anyhow::Ok((outcome, Some(artifact)))
        })
        .await
        .context("compile task")??;
        let ms = i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
        Ok(Compiled { outcome, artifact, ms })
    }

    /// Hands the outcome to the service ([`service::compiled`]), which stores and charges it
    /// and makes the submission ready or queues its validity run; wakes a slot for the latter.
    async fn store(
        &self,
        conn: &mut PgConnection,
        worker: &str,
        q: &CompileQueue,
        c: Compiled,
    ) -> anyhow::Result<bool> {
        let build = service::Build { outcome: &c.outcome, artifact: c.artifact.as_deref(), ms: c.ms };
        match service::compiled(conn, &self.0, worker, build, crate::starters::sources).await? {
            service::Compiled::NotOurs => Ok(false),
            service::Compiled::Testing => {
                q.wakeup.notify_one();
                Ok(true)
            }
            service::Compiled::Failed | service::Compiled::Ready => Ok(true),
        }
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
