//! The job queue shared by every kind of background work (compiles, validity runs, games): one
//! `jobs` row per job with only the queue's bookkeeping — attempts, the worker holding it
//! (`locked_by`) and until when (`lease_until`). Workers claim with `FOR UPDATE SKIP LOCKED`, so
//! several processes share a queue without taking the same row; a worker that dies simply stops
//! renewing its lease, and once the lease runs out the job is claimed again, up to a cap of
//! attempts after which it is given up. A job is addressed by its kind and its subject (the
//! submission or the game); the subject's own status, which users see, is updated in the same
//! transaction by the subject's [`Subject::take`] (see [`claim_next`]) and by the callers of
//! [`finish`] and [`release`].

use sqlx::{Connection, PgConnection};
use std::future::Future;
use time::OffsetDateTime;

/// What a job does, and so which table its subject is in.
#[derive(sqlx::Type, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[sqlx(type_name = "job_kind", rename_all = "snake_case")]
pub enum JobKind {
    /// Compiling a submission.
    Compile,
    /// Running the validity tests on a compiled submission (one-two-three).
    Validity,
    /// Playing a game.
    Game,
}

impl JobKind {
    /// The name stored in `jobs.kind`, for logs.
    pub fn as_str(self) -> &'static str {
        match self {
            JobKind::Compile => "compile",
            JobKind::Validity => "validity",
            JobKind::Game => "game",
        }
    }
}

/// A job just claimed: its subject, and how many times it has been claimed, this time included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claimed {
    pub subject: i64,
    pub attempts: i32,
}

/// What a job of one kind is about (a submission to compile, a game to play), as loaded by the
/// worker that claims it.
pub trait Subject: Sized + Send {
    /// The kind of the jobs about such subjects.
    const KIND: JobKind;

    /// Marks the subject of a just-claimed job as being worked on and loads what running the job
    /// needs, in the claim's transaction; `None` when the subject no longer needs its job (it was
    /// disqualified, superseded or cancelled meanwhile).
    fn take(
        conn: &mut PgConnection,
        claimed: Claimed,
    ) -> impl Future<Output = sqlx::Result<Option<Self>>> + Send;
}

/// Claims the next job of `S`'s kind (see [`claim`]) whose subject still needs it, and takes the
/// subject ([`Subject::take`]), in one transaction. Jobs whose subject no longer needs them are
/// taken out of the queue on the way.
pub async fn claim_next<S: Subject>(
    conn: &mut PgConnection,
    worker: &str,
    lease_secs: f64,
    max_attempts: i32,
) -> sqlx::Result<Option<S>> {
    let mut tx = conn.begin().await?;
    let taken = loop {
        let Some(claimed) = claim(&mut tx, S::KIND, worker, lease_secs, max_attempts).await? else {
            break None;
        };
        match S::take(&mut tx, claimed).await? {
            Some(subject) => break Some(subject),
            None => abandon(&mut tx, S::KIND, claimed.subject).await?,
        }
    };
    tx.commit().await?;
    Ok(taken)
}

/// The contests with games queued, in the order their games are claimed: the one whose games have
/// used the least slot time for their share first (its virtual time, see the migration
/// `*_fair_game_queue.sql`). Within a contest, `db::games::claim` takes test matches first, then
/// by `seq` (every submission's first match before anyone's second), then by arrival, and
/// charges the contest the game's estimated duration at once, so that the next free slot already
/// sees the charge; storing the result (`db::games::finish`) corrects it when the game ends.
pub async fn game_contests_by_turn(conn: &mut PgConnection) -> sqlx::Result<Vec<i64>> {
    // Found by skipping through an index (a handful of rows however long the queue).
    sqlx::query_scalar!(
        r#"with recursive pending(contest_id) as (
               (select contest_id from jobs where kind = 'game' and finished_at is null
                order by contest_id limit 1)
               union all
               select (select j.contest_id from jobs j
                       where j.kind = 'game' and j.finished_at is null and j.contest_id > p.contest_id
                       order by j.contest_id limit 1)
               from pending p where p.contest_id is not null)
           select p.contest_id as "contest_id!" from pending p
           left join contest_slot_usage u on u.contest_id = p.contest_id
           where p.contest_id is not null
           order by coalesce(u.vtime, 0), p.contest_id"#
    )
    .fetch_all(conn)
    .await
}

/// Begins a transaction that commits without waiting for its WAL to be flushed to disk, in one
/// round trip ([`RELAXED_BEGIN`]).
pub async fn begin_relaxed(conn: &mut PgConnection) -> sqlx::Result<sqlx::Transaction<'_, sqlx::Postgres>> {
    conn.begin_with(RELAXED_BEGIN).await
}

/// Begins a transaction that commits without waiting for its WAL to be flushed to disk
/// (`synchronous_commit = off` until it ends). Only for writes that the queue makes safe to lose
/// in a crash of the server, those that finish a job: a game's stored result, a compile's or a
/// validity run's outcome. Lost, the job stays held by its worker until the lease runs out, and
/// it is done again (a claim, one statement, relaxes its own commit the same way:
/// `db::games::claim`). The commit returns at once
/// instead of waiting for a disk flush (milliseconds on a virtual disk, twice per game); the
/// server flushes within `wal_writer_delay` (200 ms), and any later commit that waits flushes
/// these first.
pub const RELAXED_BEGIN: &str = "begin; set local synchronous_commit = off";

/// Brings a contest into the game slots' fair share before games of it are queued: when it has
/// none queued, its virtual time moves up to the lowest of the contests that have some (never
/// down), so a contest idle for a while does not take every slot until it has caught up.
pub async fn join_game_queue(conn: &mut PgConnection, contest: i64) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into contest_slot_usage as u (contest_id, vtime)
         select $1, coalesce(min(o.vtime), 0) from contest_slot_usage o
         where o.contest_id <> $1
           and exists (select 1 from jobs j where j.kind = 'game' and j.finished_at is null and j.contest_id = o.contest_id)
         on conflict (contest_id) do update set vtime = greatest(u.vtime, excluded.vtime)
         where not exists (select 1 from jobs j where j.kind = 'game' and j.finished_at is null and j.contest_id = $1)",
        contest
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Puts a compile or validity job in the queue for a submission, as arrived when the submission
/// did. Games are queued with their contest and place by `games::create_matches`,
/// `games::replace_games` and `test_matches::create`.
pub async fn enqueue(conn: &mut PgConnection, kind: JobKind, subject: impl Into<i64>) -> sqlx::Result<()> {
    let subject: i64 = subject.into();
    sqlx::query!(
        "insert into jobs (kind, submission_id, game_id, arrived_at)
         values ($1, case when $1 <> 'game'::job_kind then $2::int8 end, case when $1 = 'game'::job_kind then $2::int8 end,
                 coalesce((select created_at from submissions where id = $2 and $1 <> 'game'::job_kind), now()))",
        kind as JobKind,
        subject
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Claims the job of `kind` that arrived first (of the highest priority; every job has the
/// default one today) that nobody holds (never claimed, released, or whose lease ran out
/// because its worker died) and that had fewer than `max_attempts` claims, for `worker` until
/// `lease_secs` from now. A job arrives with its submission (`arrived_at`): work is done in the
/// order the submissions came in, and a resubmission queues behind everyone who submitted
/// before it (while its predecessor's unplayed games are cancelled, `games::cancel_stale`), so
/// resubmitting often cannot hold up the others. One index lookup (`jobs_pending`).
pub async fn claim(
    conn: &mut PgConnection,
    kind: JobKind,
    worker: &str,
    lease_secs: f64,
    max_attempts: i32,
) -> sqlx::Result<Option<Claimed>> {
    sqlx::query_as!(
        Claimed,
        r#"update jobs set attempts = attempts + 1, locked_by = $2, lease_until = now() + make_interval(secs => $3)
           where id = (
               select id from jobs
               where kind = $1 and finished_at is null and attempts < $4
                 and (locked_by is null or lease_until < now())
               order by priority desc, arrived_at, id
               for update skip locked
               limit 1)
           returning subject_id as "subject!", attempts"#,
        kind as JobKind,
        worker,
        lease_secs,
        max_attempts
    )
    .fetch_optional(conn)
    .await
}

/// Extends the lease of a job `worker` holds; `false` if it no longer does (the job was
/// finished, or taken over after the lease ran out, or is gone with its subject).
pub async fn extend_lease(
    conn: &mut PgConnection,
    kind: JobKind,
    subject: impl Into<i64>,
    worker: &str,
    lease_secs: f64,
) -> sqlx::Result<bool> {
    let subject: i64 = subject.into();
    let res = sqlx::query!(
        "update jobs set lease_until = now() + make_interval(secs => $4)
         where kind = $1 and subject_id = $2 and locked_by = $3 and finished_at is null",
        kind as JobKind,
        subject,
        worker,
        lease_secs
    )
    .execute(conn)
    .await?;
    Ok(res.rows_affected() == 1)
}

/// Extends the leases of the jobs of `kind` on `subjects` that `worker` holds, in one
/// statement; those it no longer holds are left alone. Returns how many were extended.
pub async fn extend_leases(
    conn: &mut PgConnection,
    kind: JobKind,
    subjects: &[i64],
    worker: &str,
    lease_secs: f64,
) -> sqlx::Result<u64> {
    let res = sqlx::query!(
        "update jobs set lease_until = now() + make_interval(secs => $4)
         where kind = $1 and subject_id = any($2) and locked_by = $3 and finished_at is null",
        kind as JobKind,
        subjects,
        worker,
        lease_secs
    )
    .execute(conn)
    .await?;
    Ok(res.rows_affected())
}

/// Puts a job `worker` holds back in the queue (after a failure of the judge itself; its
/// attempts still count). `false` if it no longer held it.
pub async fn release(
    conn: &mut PgConnection,
    kind: JobKind,
    subject: impl Into<i64>,
    worker: &str,
) -> sqlx::Result<bool> {
    put_back(conn, kind, subject.into(), worker, 0).await
}

/// Puts a job `worker` holds back in the queue unfinished because the worker is stopping (it was
/// told to drain, a scale-down): the claim does not count as an attempt, since nothing failed.
/// `false` if it no longer held it.
pub async fn give_back(
    conn: &mut PgConnection,
    kind: JobKind,
    subject: impl Into<i64>,
    worker: &str,
) -> sqlx::Result<bool> {
    put_back(conn, kind, subject.into(), worker, 1).await
}

async fn put_back(
    conn: &mut PgConnection,
    kind: JobKind,
    subject: i64,
    worker: &str,
    uncount: i32,
) -> sqlx::Result<bool> {
    let res = sqlx::query!(
        "update jobs set locked_by = null, lease_until = null, attempts = greatest(attempts - $4, 0)
         where kind = $1 and subject_id = $2 and locked_by = $3 and finished_at is null",
        kind as JobKind,
        subject,
        worker,
        uncount
    )
    .execute(conn)
    .await?;
    Ok(res.rows_affected() == 1)
}

/// Takes a job `worker` holds out of the queue, done; `false` (nothing changed) if it no longer
/// held it, in which case its result must not be stored: exactly one worker stores each job.
pub async fn finish(
    conn: &mut PgConnection,
    kind: JobKind,
    subject: impl Into<i64>,
    worker: &str,
) -> sqlx::Result<bool> {
    let subject: i64 = subject.into();
    let res = sqlx::query!(
        "update jobs set finished_at = now(), locked_by = null, lease_until = null
         where kind = $1 and subject_id = $2 and locked_by = $3 and finished_at is null",
        kind as JobKind,
        subject,
        worker
    )
    .execute(conn)
    .await?;
    Ok(res.rows_affected() == 1)
}

/// Gives up the jobs of `kind` that had their `max_attempts` claims and that nobody holds any
/// more: they leave the queue, and the caller records the failure on their subjects.
pub async fn fail_exhausted(
    conn: &mut PgConnection,
    kind: JobKind,
    max_attempts: i32,
) -> sqlx::Result<Vec<Claimed>> {
    sqlx::query_as!(
        Claimed,
        r#"update jobs set finished_at = now(), locked_by = null, lease_until = null
           where kind = $1 and finished_at is null and attempts >= $2
             and (locked_by is null or lease_until < now())
           returning subject_id as "subject!", attempts"#,
        kind as JobKind,
        max_attempts
    )
    .fetch_all(conn)
    .await
}

/// Takes the jobs of these subjects out of the queue unless a worker holds them (a job being
/// worked on finishes or is given up as usual). Returns the subjects whose job was cancelled.
pub async fn cancel(conn: &mut PgConnection, kind: JobKind, subjects: &[i64]) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar!(
        r#"update jobs set finished_at = now()
           where kind = $1 and subject_id = any($2) and finished_at is null and locked_by is null
           returning subject_id as "subject!""#,
        kind as JobKind,
        subjects
    )
    .fetch_all(conn)
    .await
}

/// Takes a subject's job out of the queue even if a worker holds it (the subject was
/// disqualified): that worker's result is then dropped.
pub async fn abandon(conn: &mut PgConnection, kind: JobKind, subject: impl Into<i64>) -> sqlx::Result<()> {
    let subject: i64 = subject.into();
    sqlx::query!(
        "update jobs set finished_at = now(), locked_by = null, lease_until = null
         where kind = $1 and subject_id = $2 and finished_at is null",
        kind as JobKind,
        subject
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A job's bookkeeping, for the status pages and tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobRow {
    pub attempts: i32,
    pub locked_by: Option<String>,
    pub lease_until: Option<OffsetDateTime>,
    pub finished_at: Option<OffsetDateTime>,
}

/// The job of a subject, if it has one.
pub async fn job(
    conn: &mut PgConnection,
    kind: JobKind,
    subject: impl Into<i64>,
) -> sqlx::Result<Option<JobRow>> {
    let subject: i64 = subject.into();
    sqlx::query_as!(
        JobRow,
        "select attempts, locked_by, lease_until, finished_at from jobs where kind = $1 and subject_id = $2",
        kind as JobKind,
        subject
    )
    .fetch_optional(conn)
    .await
}
