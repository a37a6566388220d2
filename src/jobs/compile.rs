//! The compile queue. Submissions are the queue: a worker claims the oldest `queued` row (or a
//! `compiling` row whose lease ran out because its worker died) with `FOR UPDATE SKIP LOCKED`,
//! compiles it through a [`Launcher`] (the sandbox in production) holding no database connection,
//! extends its lease while the compiler runs, and stores the outcome with a tar of the build
//! directory, so that a worker on another machine can run the bot with only the database address.

use crate::db::games;
use crate::db::submissions::{self, CompileJob};
use crate::games::GameId;
use crate::judge::compile::{compile, CompileOutcome};
use crate::judge::languages::Languages;
use crate::judge::launch::Launcher;
use crate::judge::validity;
use anyhow::Context;
use sqlx::PgPool;
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

/// One process's share of the compile queue.
#[derive(Clone)]
pub struct CompileQueue {
    pub pool: PgPool,
    pub languages: Arc<Languages>,
    pub compile: CompileFn,
    /// Names this process in `locked_by` (host name and process id).
    pub worker_id: String,
    /// Compiles at once in this process.
    pub concurrency: usize,
    /// How long a claimed job stays ours without a heartbeat.
    pub lease: Duration,
    /// Claims of one job (crashes included) before it is given up as a compile error.
    pub max_attempts: i32,
    pub wakeup: Arc<Notify>,
    /// Runs the one-two-three validity tests on a good build (`judge::validity`); without it
    /// they are skipped.
    pub tester: Option<Arc<dyn Launcher>>,
}

impl CompileQueue {
    pub fn new(pool: PgPool, languages: Arc<Languages>, compile: CompileFn, wakeup: Arc<Notify>) -> Self {
        let host = nix::unistd::gethostname()
            .ok()
            .and_then(|h| h.into_string().ok())
            .unwrap_or_else(|| "host".into());
        CompileQueue {
            pool,
            languages,
            compile,
            worker_id: format!("{host}:{}:{}", std::process::id(), uuid::Uuid::new_v4().simple()),
            concurrency: 1,
            lease: Duration::from_secs(120),
            max_attempts: 3,
            wakeup,
            tester: None,
        }
    }

    /// Runs `concurrency` workers until `stop` turns true; each finishes its current compile first.
    pub fn spawn(&self, stop: watch::Receiver<bool>) -> Vec<tokio::task::JoinHandle<()>> {
        (0..self.concurrency.max(1))
            .map(|_| {
                let q = self.clone();
                let mut stop = stop.clone();
                tokio::spawn(async move {
                    while !*stop.borrow() {
                        match q.run_one().await {
                            Ok(true) => continue,
                            Ok(false) => {}
                            Err(e) => tracing::error!("compile queue: {e:#}"),
                        }
                        tokio::select! {
                            _ = q.wakeup.notified() => {}
                            _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                            _ = stop.changed() => {}
                        }
                    }
                })
            })
            .collect()
    }

    /// Also runs the validity tests where the game has them; see [`CompileQueue::tester`].
    pub fn with_tester(mut self, launcher: Arc<dyn Launcher>) -> Self {
        self.tester = Some(launcher);
        self
    }

    /// Claims and compiles one job; `Ok(false)` when the queue is empty.
    pub async fn run_one(&self) -> anyhow::Result<bool> {
        let lease = self.lease.as_secs_f64();
        let job = {
            let mut conn = self.pool.acquire().await?;
            let given_up = submissions::fail_exhausted(&mut conn, self.max_attempts).await?;
            if given_up > 0 {
                tracing::warn!("{given_up} compile(s) failed {} times and were given up", self.max_attempts);
            }
            submissions::claim_compile(&mut conn, &self.worker_id, lease, self.max_attempts).await?
        };
        let Some(job) = job else { return Ok(false) };
        tracing::info!(submission = job.id, attempt = job.attempts, "compiling");
        let started = Instant::now();
        let heartbeat = self.heartbeat(job.id);
        let result = self.compile_job(&job).await;
        drop(heartbeat);
        let mut conn = self.pool.acquire().await?;
        match result {
            Ok((outcome, artifact, validity)) => {
                let ok = outcome.is_ok();
                let mut tx = sqlx::Connection::begin(&mut *conn).await?;
                let ours = submissions::finish_compile(
                    &mut tx,
                    job.id,
                    &self.worker_id,
                    ok,
                    outcome.log(),
                    artifact.as_deref(),
                )
                .await?;
                if ours {
                    if let Some(report) = validity {
                        submissions::set_validity(&mut tx, job.id, &serde_json::to_value(report)?).await?;
                    }
                    let ms = i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
                    submissions::add_usage(&mut tx, job.contest_id, job.user_id, ms).await?;
                    if ok {
                        let n = super::scheduler::on_compiled(&mut tx, job.id).await?;
                        tracing::info!(submission = job.id, "{n} match(es) scheduled");
                    }
                } else {
                    tracing::warn!(
                        submission = job.id,
                        "compile finished after its lease was taken over; result dropped"
                    );
                }
                tx.commit().await?;
            }
            Err(e) => {
                // The judge failed, not the program: back to the queue (attempts limit the retries).
                tracing::error!(submission = job.id, "compile could not run: {e:#}");
                submissions::release(&mut conn, job.id, &self.worker_id).await?;
            }
        }
        Ok(true)
    }

    /// Extends the lease of a running job every third of the lease.
    fn heartbeat(&self, id: i64) -> super::Heartbeat {
        let (worker, secs) = (self.worker_id.clone(), self.lease.as_secs_f64());
        super::spawn_heartbeat(self.pool.clone(), self.lease, "compile", move |mut conn| {
            let worker = worker.clone();
            async move { submissions::extend_lease(&mut conn, id, &worker, secs).await }
        })
    }

    /// Compiles in a fresh build directory; returns the outcome and, for a good compile, the
    /// build directory as a tar.
    /// Compiles in a temporary directory and packs the build; for a one-two-three contest, also
    /// runs the validity tests on the build (under the contest's move time and memory limits).
    async fn compile_job(
        &self,
        job: &CompileJob,
    ) -> anyhow::Result<(CompileOutcome, Option<Vec<u8>>, Option<validity::Report>)> {
        let Some(lang) = self.languages.get(&job.language).cloned() else {
            let log = format!("The language `{}` is no longer configured on this judge.", job.language);
            return Ok((CompileOutcome::Error { log }, None, None));
        };
        let tester = match &self.tester {
            Some(launcher) => {
                let (game, stored) =
                    games::contest_game(&mut *self.pool.acquire().await?, job.contest_id).await?;
                let game: GameId = game.parse().map_err(|e| anyhow::anyhow!("{e}"))?;
                let settings = super::scheduler::settings_from_json(game, &stored)?;
                let limits = (Duration::from_millis(settings.common().move_ms), settings.common().memory_mib);
                (game == GameId::OneTwoThree).then(|| (launcher.clone(), limits))
            }
            None => None,
        };
        let compile = self.compile.clone();
        let source = job.source.clone();
        tokio::task::spawn_blocking(move || {
            let dir = tempfile::Builder::new()
                .prefix("botarena-build-")
                .tempdir()
                .context("creating a build directory")?;
            let outcome = compile(&lang, &source, dir.path()).context("running the compiler")?;
            if !outcome.is_ok() {
                return anyhow::Ok((outcome, None, None));
            }
            let artifact = tar_dir(dir.path()).context("packing the build")?;
            let report = tester.map(|(launcher, (time, memory_mib))| {
                let bot = crate::cli::play::run_command(&lang, "validity", dir.path(), memory_mib);
                validity::run(launcher.as_ref(), &bot, time, memory_mib)
            });
            anyhow::Ok((outcome, Some(artifact), report))
        })
        .await
        .context("compile task")?
    }
}

/// The build directory as an uncompressed tar, paths relative to it.
pub fn tar_dir(dir: &Path) -> std::io::Result<Vec<u8>> {
    let mut builder = tar::Builder::new(Vec::new());
    builder.follow_symlinks(false);
    builder.append_dir_all(".", dir)?;
    builder.into_inner()
}

/// Unpacks an artifact into an empty directory (on the worker that runs the bot).
pub fn untar_into(artifact: &[u8], dir: &Path) -> std::io::Result<()> {
    let mut archive = tar::Archive::new(artifact);
    archive.set_preserve_permissions(true);
    archive.unpack(dir)
}
