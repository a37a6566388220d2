//! The validity run of a compiled submission, a kind of job of the queue ([`Validity`]), queued
//! by a good compile of a game with validity tests (one-two-three): the tests of
//! `judge::validity` run on the build under the contest's move time and memory limits, and the
//! report is stored (`service::submissions::tested`) in the transaction that makes the
//! submission ready and schedules its matches. Until then the submission stays `compiling`.

use super::compile::CompileQueue;
use super::Job;
use crate::db::queue::{self, JobKind};
use crate::db::submissions::{self, ValidityJob};
use crate::judge::validity;
use crate::service::scheduler;
use anyhow::Context;
use sqlx::PgConnection;
use std::time::{Duration, Instant};

/// Running the validity tests on a compiled submission.
pub struct Validity {
    pub job: ValidityJob,
    /// The contest's move time and memory limits, under which the tests run.
    pub move_time: Duration,
    pub memory_mib: u64,
}

/// The report, and the compute time it took.
pub struct Tested {
    report: validity::Report,
    ms: i64,
}

impl Job for Validity {
    const KIND: JobKind = JobKind::Validity;
    type Context = CompileQueue;
    type Output = Tested;

    async fn claim(
        conn: &mut PgConnection,
        worker: &str,
        lease_secs: f64,
        q: &CompileQueue,
    ) -> anyhow::Result<Option<Self>> {
        let Some(job) = queue::claim_next::<ValidityJob>(conn, worker, lease_secs, q.max_attempts).await?
        else {
            return Ok(None);
        };
        let (_, settings) = scheduler::contest_game(conn, job.contest_id).await?;
        let move_time = Duration::from_millis(settings.common().move_ms);
        Ok(Some(Validity { job, move_time, memory_mib: settings.common().memory_mib }))
    }

    fn subject(&self) -> i64 {
        self.job.id.into()
    }

    fn attempts(&self) -> i32 {
        self.job.attempts
    }

    /// Unpacks the build into a temporary directory and runs the tests on it.
    async fn run(&self, q: &CompileQueue) -> anyhow::Result<Tested> {
        let started = Instant::now();
        let launcher = q.tester.clone().context("this worker has no launcher for the validity tests")?;
        let lang = q
            .languages
            .get(&self.job.language)
            .cloned()
            .with_context(|| format!("language `{}` is not configured here", self.job.language))?;
        let (artifact, time, memory_mib) = (self.job.artifact.clone(), self.move_time, self.memory_mib);
        let report = tokio::task::spawn_blocking(move || {
            let dir = crate::scratch::dir("validity-")?;
            crate::judge::commands::unpack(&artifact, dir.path()).context("unpacking the build")?;
            let bot = crate::judge::commands::run_command(&lang, "validity", dir.path(), memory_mib);
            anyhow::Ok(validity::run(launcher.as_ref(), &bot, time, memory_mib))
        })
        .await
        .context("validity task")??;
        let ms = i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
        Ok(Tested { report, ms })
    }

    /// Hands the report to the service ([`crate::service::submissions::tested`]), which stores
    /// and charges it and makes the submission ready with its first matches; the rest follow
    /// its first result, off the compile slot.
    async fn store(
        &self,
        conn: &mut PgConnection,
        worker: &str,
        q: &CompileQueue,
        t: Tested,
    ) -> anyhow::Result<bool> {
        if !crate::service::submissions::tested(conn, &self.job, worker, &t.report, t.ms).await? {
            return Ok(false);
        }
        let id = self.job.id;
        q.follow_up(move |pool, wait, stop| async move {
            scheduler::schedule_rest_after_first_result(&pool, id, wait, &stop).await
        })
        .await;
        Ok(true)
    }

    async fn release(&self, conn: &mut PgConnection, worker: &str) -> sqlx::Result<()> {
        queue::release(conn, JobKind::Validity, self.job.id, worker).await.map(drop)
    }

    async fn give_up(conn: &mut PgConnection, q: &CompileQueue) -> anyhow::Result<u64> {
        Ok(submissions::fail_validity_exhausted(conn, q.max_attempts).await?)
    }
}
