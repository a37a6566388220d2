//! Submissions, which are also the compile queue (see `jobs::compile`), and compute usage.

use serde::Serialize;
use sqlx::PgConnection;
use time::OffsetDateTime;

#[derive(sqlx::Type, Clone, Copy, Debug, PartialEq, Eq, Serialize, strum::Display, strum::IntoStaticStr)]
#[sqlx(type_name = "submission_status", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum Status {
    Queued,
    Compiling,
    CompileError,
    Ready,
    Superseded,
    Disqualified,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// A submission with its source and compile log (for its owner and admins).
#[derive(Clone, Debug)]
pub struct Submission {
    pub id: i64,
    pub contest_id: i64,
    pub user_id: i64,
    pub language: String,
    pub source: Vec<u8>,
    pub status: Status,
    pub compile_log: String,
    pub created_at: OffsetDateTime,
    pub compiled_at: Option<OffsetDateTime>,
    /// The validity tests' report (`judge::validity::Report`), for games that have them.
    pub validity: Option<serde_json::Value>,
}

/// A line of "All submissions": who, when, language, status — never the source.
#[derive(Clone, Debug)]
pub struct Listed {
    pub id: i64,
    pub user_id: i64,
    pub nickname: String,
    pub language: String,
    pub status: Status,
    pub created_at: OffsetDateTime,
}

pub async fn create(
    conn: &mut PgConnection,
    contest_id: i64,
    user_id: i64,
    language: &str,
    source: &[u8],
) -> sqlx::Result<i64> {
    sqlx::query_scalar!(
        "insert into submissions (contest_id, user_id, language, source) values ($1, $2, $3, $4) returning id",
        contest_id,
        user_id,
        language,
        source
    )
    .fetch_one(conn)
    .await
}

pub async fn by_id(conn: &mut PgConnection, id: i64) -> sqlx::Result<Option<Submission>> {
    sqlx::query_as!(
        Submission,
        r#"select id, contest_id, user_id, language, source, status as "status: Status", compile_log,
                  created_at, compiled_at, validity
           from submissions where id = $1"#,
        id
    )
    .fetch_optional(conn)
    .await
}

/// A user's submissions to a contest, newest first.
pub async fn of_user(
    conn: &mut PgConnection,
    contest_id: i64,
    user_id: i64,
) -> sqlx::Result<Vec<Submission>> {
    sqlx::query_as!(
        Submission,
        r#"select id, contest_id, user_id, language, source, status as "status: Status", compile_log,
                  created_at, compiled_at, validity
           from submissions where contest_id = $1 and user_id = $2 order by created_at desc, id desc"#,
        contest_id,
        user_id
    )
    .fetch_all(conn)
    .await
}

/// Every submission of a contest, newest first, without sources.
pub async fn of_contest(conn: &mut PgConnection, contest_id: i64, limit: i64) -> sqlx::Result<Vec<Listed>> {
    sqlx::query_as!(
        Listed,
        r#"select s.id, s.user_id, coalesce(u.nickname, u.username) as "nickname!", s.language,
                  s.status as "status: Status", s.created_at
           from submissions s join users u on u.id = s.user_id
           where s.contest_id = $1 order by s.created_at desc, s.id desc limit $2"#,
        contest_id,
        limit
    )
    .fetch_all(conn)
    .await
}

/// When the user last submitted to the contest.
pub async fn last_submitted_at(
    conn: &mut PgConnection,
    contest_id: i64,
    user_id: i64,
) -> sqlx::Result<Option<OffsetDateTime>> {
    sqlx::query_scalar!(
        "select max(created_at) from submissions where contest_id = $1 and user_id = $2",
        contest_id,
        user_id
    )
    .fetch_one(conn)
    .await
}

/// Compute milliseconds the user consumed in the contest today (UTC).
pub async fn used_today_ms(conn: &mut PgConnection, contest_id: i64, user_id: i64) -> sqlx::Result<i64> {
    let used = sqlx::query_scalar!(
        "select used_ms from compute_usage
         where contest_id = $1 and user_id = $2 and day = (now() at time zone 'utc')::date",
        contest_id,
        user_id
    )
    .fetch_optional(conn)
    .await?;
    Ok(used.unwrap_or(0))
}

/// Adds compute time (a compile, a game) to the user's usage of today.
pub async fn add_usage(conn: &mut PgConnection, contest_id: i64, user_id: i64, ms: i64) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into compute_usage (user_id, contest_id, day, used_ms)
         values ($1, $2, (now() at time zone 'utc')::date, $3)
         on conflict (user_id, contest_id, day) do update set used_ms = compute_usage.used_ms + $3",
        user_id,
        contest_id,
        ms
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A compile job taken from the queue.
#[derive(Clone, Debug)]
pub struct CompileJob {
    pub id: i64,
    pub contest_id: i64,
    pub user_id: i64,
    pub language: String,
    pub source: Vec<u8>,
    pub attempts: i32,
}

/// Claims the oldest queued submission, or one whose compile lease ran out (its worker died),
/// for `worker` until `lease_secs` from now. `FOR UPDATE SKIP LOCKED` lets several processes
/// share the queue without taking the same row.
pub async fn claim_compile(
    conn: &mut PgConnection,
    worker: &str,
    lease_secs: f64,
    max_attempts: i32,
) -> sqlx::Result<Option<CompileJob>> {
    sqlx::query_as!(
        CompileJob,
        r#"update submissions set status = 'compiling', attempts = attempts + 1, locked_by = $1,
                  lease_until = now() + make_interval(secs => $2)
           where id = (
               select id from submissions
               where (status = 'queued' or (status = 'compiling' and lease_until < now()))
                 and attempts < $3
               order by created_at, id
               for update skip locked
               limit 1)
           returning id, contest_id, user_id, language, source, attempts"#,
        worker,
        lease_secs,
        max_attempts
    )
    .fetch_optional(conn)
    .await
}

/// Gives up on compiles that crashed their worker `max_attempts` times: they become compile
/// errors with an explanation instead of staying in the queue forever. Returns how many.
pub async fn fail_exhausted(conn: &mut PgConnection, max_attempts: i32) -> sqlx::Result<u64> {
    let res = sqlx::query!(
        "update submissions set status = 'compile_error', locked_by = null, lease_until = null, compiled_at = now(),
                compile_log = 'The compiler could not be run to completion ' || attempts || ' times (the judge, not your program, failed). Please submit again.'
         where status in ('queued', 'compiling') and attempts >= $1 and (lease_until is null or lease_until < now())",
        max_attempts
    )
    .execute(conn)
    .await?;
    Ok(res.rows_affected())
}

/// Extends the lease of a compile still running; `false` if the job is no longer ours.
pub async fn extend_lease(
    conn: &mut PgConnection,
    id: i64,
    worker: &str,
    lease_secs: f64,
) -> sqlx::Result<bool> {
    let res = sqlx::query!(
        "update submissions set lease_until = now() + make_interval(secs => $3)
         where id = $1 and locked_by = $2 and status = 'compiling'",
        id,
        worker,
        lease_secs
    )
    .execute(conn)
    .await?;
    Ok(res.rows_affected() == 1)
}

/// Puts a job back in the queue after a failure of the judge itself (not of the program).
pub async fn release(conn: &mut PgConnection, id: i64, worker: &str) -> sqlx::Result<()> {
    sqlx::query!(
        "update submissions set status = 'queued', locked_by = null, lease_until = null
         where id = $1 and locked_by = $2 and status = 'compiling'",
        id,
        worker
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Stores the result of a compile. A good compile supersedes the user's earlier ready
/// submission to the contest. `false` if the job was no longer ours (its lease ran out and
/// another worker took it), in which case nothing is written.
pub async fn finish_compile(
    conn: &mut PgConnection,
    id: i64,
    worker: &str,
    ok: bool,
    log: &str,
    artifact: Option<&[u8]>,
) -> sqlx::Result<bool> {
    let status = if ok { Status::Ready } else { Status::CompileError };
    let row = sqlx::query!(
        "update submissions set status = $3, compile_log = $4, artifact = $5, locked_by = null, lease_until = null,
                compiled_at = now()
         where id = $1 and locked_by = $2 and status = 'compiling'
         returning contest_id, user_id",
        id,
        worker,
        status as Status,
        log,
        artifact
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else { return Ok(false) };
    if ok {
        sqlx::query!(
            "update submissions set status = 'superseded'
             where contest_id = $1 and user_id = $2 and id <> $3 and status = 'ready' and id < $3",
            row.contest_id,
            row.user_id,
            id
        )
        .execute(&mut *conn)
        .await?;
        // Compiles may finish out of order: a newer ready submission wins.
        sqlx::query!(
            "update submissions set status = 'superseded'
             where id = $3 and exists (select 1 from submissions
                 where contest_id = $1 and user_id = $2 and id > $3 and status = 'ready')",
            row.contest_id,
            row.user_id,
            id
        )
        .execute(&mut *conn)
        .await?;
    }
    Ok(true)
}

/// Marks a submission disqualified; returns its contest and former status, `None` when there is
/// no such submission or it already is. The caller cancels its queued games
/// (`games::cancel_stale`). Earlier submissions of the user stay superseded: a disqualified user
/// is out of the standings until they submit again.
pub async fn disqualify(conn: &mut PgConnection, id: i64) -> sqlx::Result<Option<(i64, Status)>> {
    Ok(sqlx::query!(
        r#"update submissions s set status = 'disqualified', locked_by = null, lease_until = null
           from (select id, status from submissions where id = $1 for update) old
           where s.id = old.id and old.status <> 'disqualified'
           returning s.contest_id, old.status as "old: Status""#,
        id
    )
    .fetch_optional(conn)
    .await?
    .map(|r| (r.contest_id, r.old)))
}

/// The owner of each submission: submission id, username, display name.
pub async fn owners(
    conn: &mut PgConnection,
    ids: &[i64],
) -> sqlx::Result<Vec<(i64, String, Option<String>)>> {
    Ok(sqlx::query!(
        "select s.id, u.username, u.display_name from submissions s join users u on u.id = s.user_id
         where s.id = any($1)",
        ids
    )
    .fetch_all(conn)
    .await?
    .into_iter()
    .map(|r| (r.id, r.username, r.display_name))
    .collect())
}

/// The compiled build directory (a tar), for workers.
pub async fn artifact(conn: &mut PgConnection, id: i64) -> sqlx::Result<Option<Vec<u8>>> {
    Ok(sqlx::query_scalar!("select artifact from submissions where id = $1", id)
        .fetch_optional(conn)
        .await?
        .flatten())
}

/// Stores the validity tests' report of a submission (one-two-three).
pub async fn set_validity(conn: &mut PgConnection, id: i64, report: &serde_json::Value) -> sqlx::Result<()> {
    sqlx::query!("update submissions set validity = $2 where id = $1", id, report).execute(conn).await?;
    Ok(())
}
