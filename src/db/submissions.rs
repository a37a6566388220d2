//! Submissions, the subjects of the compile and validity jobs (see `db::queue`,
//! `jobs::compile`, `jobs::validity`), and compute usage.

use super::ids::{ContestId, SubmissionId, UserId};
use super::queue::{self, Claimed, JobKind};
use serde::Serialize;
use sqlx::{Connection, PgConnection};
use time::OffsetDateTime;

#[derive(
    sqlx::Type,
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Serialize,
    utoipa::ToSchema,
    strum::Display,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
)]
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
    pub id: SubmissionId,
    pub contest_id: ContestId,
    pub user_id: UserId,
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
    pub id: SubmissionId,
    pub user_id: UserId,
    pub nickname: String,
    pub language: String,
    pub status: Status,
    pub created_at: OffsetDateTime,
}

pub async fn create(
    conn: &mut PgConnection,
    contest_id: ContestId,
    user_id: UserId,
    language: &str,
    source: &[u8],
) -> sqlx::Result<SubmissionId> {
    let mut tx = conn.begin().await?;
    let id = sqlx::query_scalar!(
        r#"insert into submissions (contest_id, user_id, language, source) values ($1, $2, $3, $4)
           returning id as "id: SubmissionId""#,
        contest_id as ContestId,
        user_id as UserId,
        language,
        source
    )
    .fetch_one(&mut *tx)
    .await?;
    queue::enqueue(&mut tx, JobKind::Compile, id).await?;
    tx.commit().await?;
    Ok(id)
}

pub async fn by_id(conn: &mut PgConnection, id: SubmissionId) -> sqlx::Result<Option<Submission>> {
    sqlx::query_as!(
        Submission,
        r#"select id as "id: _", contest_id as "contest_id: _", user_id as "user_id: _", language, source, status as "status: Status", compile_log,
                  created_at, compiled_at, validity
           from submissions where id = $1"#,
        id as SubmissionId
    )
    .fetch_optional(conn)
    .await
}

/// A user's submissions to a contest, newest first.
pub async fn of_user(
    conn: &mut PgConnection,
    contest_id: ContestId,
    user_id: UserId,
) -> sqlx::Result<Vec<Submission>> {
    sqlx::query_as!(
        Submission,
        r#"select id as "id: _", contest_id as "contest_id: _", user_id as "user_id: _", language, source, status as "status: Status", compile_log,
                  created_at, compiled_at, validity
           from submissions where contest_id = $1 and user_id = $2 order by created_at desc, id desc"#,
        contest_id as ContestId,
        user_id as UserId
    )
    .fetch_all(conn)
    .await
}

/// A user's current submission in a contest: the one that plays (`ready`), if any.
pub async fn current_of(
    conn: &mut PgConnection,
    contest_id: ContestId,
    user_id: UserId,
) -> sqlx::Result<Option<SubmissionId>> {
    sqlx::query_scalar!(
        r#"select id as "id: SubmissionId" from submissions
           where contest_id = $1 and user_id = $2 and status = 'ready' order by id desc limit 1"#,
        contest_id as ContestId,
        user_id as UserId
    )
    .fetch_optional(conn)
    .await
}

/// Every submission of a contest, newest first, without sources.
pub async fn of_contest(
    conn: &mut PgConnection,
    contest_id: ContestId,
    limit: i64,
) -> sqlx::Result<Vec<Listed>> {
    sqlx::query_as!(
        Listed,
        r#"select s.id as "id: _", s.user_id as "user_id: _", coalesce(u.nickname, u.username) as "nickname!", s.language,
                  s.status as "status: Status", s.created_at
           from submissions s join users u on u.id = s.user_id
           where s.contest_id = $1 order by s.created_at desc, s.id desc limit $2"#,
        contest_id as ContestId,
        limit
    )
    .fetch_all(conn)
    .await
}

/// What the admin's list of submissions is narrowed to; empty or `None`: no narrowing.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    pub contest: Option<ContestId>,
    /// A username or a nickname, in any case.
    pub student: String,
    /// A language id.
    pub language: String,
    pub status: Option<Status>,
}

/// A line of the admin's list of submissions: whose, where, when, language, status.
#[derive(Clone, Debug)]
pub struct AdminListed {
    pub id: SubmissionId,
    pub contest_slug: String,
    pub username: String,
    pub display_name: Option<String>,
    pub nickname: Option<String>,
    pub language: String,
    pub status: Status,
    pub created_at: OffsetDateTime,
    /// How many submissions the filter lets through in all (the same on every line).
    pub total: i64,
}

/// The people's submissions (not the house bots') that `filter` lets through, newest first,
/// `limit` from `offset`.
pub async fn search(
    conn: &mut PgConnection,
    filter: &Filter,
    limit: i64,
    offset: i64,
) -> sqlx::Result<Vec<AdminListed>> {
    sqlx::query_as!(
        AdminListed,
        r#"select s.id as "id: SubmissionId", c.slug as contest_slug, u.username, u.display_name, u.nickname,
                  s.language, s.status as "status: Status", s.created_at, count(*) over () as "total!"
           from submissions s join users u on u.id = s.user_id join contests c on c.id = s.contest_id
           where not u.is_house
             and ($1::int8 is null or s.contest_id = $1)
             and ($2 = '' or lower(u.username) = lower($2) or lower(u.nickname) = lower($2))
             and ($3 = '' or s.language = $3)
             and ($4::submission_status is null or s.status = $4)
           order by s.id desc limit $5 offset $6"#,
        filter.contest as Option<ContestId>,
        filter.student,
        filter.language,
        filter.status as Option<Status>,
        limit,
        offset
    )
    .fetch_all(conn)
    .await
}

/// A current source of a contest: the one submission of a person that plays (`ready`).
#[derive(Clone, Debug)]
pub struct CurrentSource {
    pub username: String,
    pub language: String,
    pub source: Vec<u8>,
    pub created_at: OffsetDateTime,
}

/// The ids of the people's current submissions in a contest, by username.
pub async fn current_ids(conn: &mut PgConnection, contest_id: ContestId) -> sqlx::Result<Vec<SubmissionId>> {
    sqlx::query_scalar!(
        r#"select id as "id!: SubmissionId" from (
               select distinct on (s.user_id) s.id, u.username from submissions s join users u on u.id = s.user_id
               where s.contest_id = $1 and s.status = 'ready' and not u.is_house
               order by s.user_id, s.id desc) current
           order by username"#,
        contest_id as ContestId
    )
    .fetch_all(conn)
    .await
}

/// One current source (see [`current_ids`]), read one at a time so that a contest's sources
/// are never all in memory at once.
pub async fn current_source(
    conn: &mut PgConnection,
    id: SubmissionId,
) -> sqlx::Result<Option<CurrentSource>> {
    sqlx::query_as!(
        CurrentSource,
        r#"select u.username, s.language, s.source, s.created_at
           from submissions s join users u on u.id = s.user_id where s.id = $1"#,
        id as SubmissionId
    )
    .fetch_optional(conn)
    .await
}

/// When the user last submitted to the contest.
pub async fn last_submitted_at(
    conn: &mut PgConnection,
    contest_id: ContestId,
    user_id: UserId,
) -> sqlx::Result<Option<OffsetDateTime>> {
    sqlx::query_scalar!(
        "select max(created_at) from submissions where contest_id = $1 and user_id = $2",
        contest_id as ContestId,
        user_id as UserId
    )
    .fetch_one(conn)
    .await
}

/// Compute milliseconds the user consumed in the contest today (UTC).
pub async fn used_today_ms(
    conn: &mut PgConnection,
    contest_id: ContestId,
    user_id: UserId,
) -> sqlx::Result<i64> {
    let used = sqlx::query_scalar!(
        "select used_ms from compute_usage
         where contest_id = $1 and user_id = $2 and day = (now() at time zone 'utc')::date",
        contest_id as ContestId,
        user_id as UserId
    )
    .fetch_optional(conn)
    .await?;
    Ok(used.unwrap_or(0))
}

/// Adds compute time (a compile, a game) to the user's usage of today.
pub async fn add_usage(
    conn: &mut PgConnection,
    contest_id: ContestId,
    user_id: UserId,
    ms: i64,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into compute_usage (user_id, contest_id, day, used_ms)
         values ($1, $2, (now() at time zone 'utc')::date, $3)
         on conflict (user_id, contest_id, day) do update set used_ms = compute_usage.used_ms + $3",
        user_id as UserId,
        contest_id as ContestId,
        ms
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A compile job taken from the queue.
#[derive(Clone, Debug)]
pub struct CompileJob {
    pub id: SubmissionId,
    pub contest_id: ContestId,
    pub user_id: UserId,
    pub language: String,
    pub source: Vec<u8>,
    pub attempts: i32,
}

/// A claimed compile's submission becomes `compiling`; one no longer waiting for a compile
/// (disqualified meanwhile) has nothing left to do. Claimed with `queue::claim_next`.
impl queue::Subject for CompileJob {
    const KIND: JobKind = JobKind::Compile;

    async fn take(conn: &mut PgConnection, claimed: Claimed) -> sqlx::Result<Option<CompileJob>> {
        sqlx::query_as!(
            CompileJob,
            r#"update submissions set status = 'compiling'
               where id = $1 and status in ('queued', 'compiling')
               returning id as "id: _", contest_id as "contest_id: _", user_id as "user_id: _", language,
                         source, $2::int4 as "attempts!""#,
            claimed.subject,
            claimed.attempts
        )
        .fetch_optional(conn)
        .await
    }
}

/// Gives up on compiles that crashed their worker `max_attempts` times: they become compile
/// errors with an explanation instead of staying in the queue forever. Returns how many.
pub async fn fail_exhausted(conn: &mut PgConnection, max_attempts: i32) -> sqlx::Result<u64> {
    let mut tx = conn.begin().await?;
    let given_up = queue::fail_exhausted(&mut tx, JobKind::Compile, max_attempts).await?;
    let (ids, attempts): (Vec<i64>, Vec<i32>) = given_up.iter().map(|c| (c.subject, c.attempts)).unzip();
    let res = sqlx::query!(
        "update submissions s set status = 'compile_error', compiled_at = now(),
                compile_log = 'The compiler could not be run to completion ' || a.attempts || ' times (the judge, not your program, failed). Please submit again.'
         from unnest($1::int8[], $2::int4[]) as a(id, attempts)
         where s.id = a.id and s.status in ('queued', 'compiling')",
        &ids,
        &attempts
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(res.rows_affected())
}

/// Gives up on validity runs that crashed their worker `max_attempts` times: the submission
/// becomes a compile error whose log says so, as when its compile could not be run.
pub async fn fail_validity_exhausted(conn: &mut PgConnection, max_attempts: i32) -> sqlx::Result<u64> {
    let mut tx = conn.begin().await?;
    let given_up = queue::fail_exhausted(&mut tx, JobKind::Validity, max_attempts).await?;
    let (ids, attempts): (Vec<i64>, Vec<i32>) = given_up.iter().map(|c| (c.subject, c.attempts)).unzip();
    let res = sqlx::query!(
        "update submissions s set status = 'compile_error', compiled_at = now(),
                compile_log = s.compile_log || E'\n' || 'The validity tests could not be run to completion ' || a.attempts || ' times (the judge, not your program, failed). Please submit again.'
         from unnest($1::int8[], $2::int4[]) as a(id, attempts)
         where s.id = a.id and s.status = 'compiling'",
        &ids,
        &attempts
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(res.rows_affected())
}

/// Puts a compile back in the queue after a failure of the judge itself (not of the program).
pub async fn release(conn: &mut PgConnection, id: SubmissionId, worker: &str) -> sqlx::Result<()> {
    let mut tx = conn.begin().await?;
    if queue::release(&mut tx, JobKind::Compile, id, worker).await? {
        sqlx::query!(
            "update submissions set status = 'queued' where id = $1 and status = 'compiling'",
            id as SubmissionId
        )
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}

/// Stores the result of a compile: a failed one is a compile error; a good one keeps its build
/// and stays `compiling` until the caller makes it ready ([`mark_ready`]) or queues what must
/// come first (the validity run). `false` if the job was no longer ours (its lease ran out and
/// another worker took it), in which case nothing is written.
pub async fn finish_compile(
    conn: &mut PgConnection,
    id: SubmissionId,
    worker: &str,
    ok: bool,
    log: &str,
    artifact: Option<&[u8]>,
) -> sqlx::Result<bool> {
    let mut tx = conn.begin().await?;
    if !queue::finish(&mut tx, JobKind::Compile, id, worker).await? {
        return Ok(false);
    }
    let status = if ok { Status::Compiling } else { Status::CompileError };
    sqlx::query!(
        "update submissions set status = $2, compile_log = $3, artifact = $4, compiled_at = now()
         where id = $1 and status = 'compiling'",
        id as SubmissionId,
        status as Status,
        log,
        artifact
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// A submission [`mark_ready`] changed: its status now, its user and when it arrived, and
/// whether it superseded an earlier ready submission of its user (whose unplayed games are then
/// stale: `games::cancel_stale`).
#[derive(Clone, Copy, Debug)]
pub struct Readied {
    pub status: Status,
    pub user_id: UserId,
    pub created_at: OffsetDateTime,
    pub superseded_earlier: bool,
}

/// Makes a compiled submission ready; it supersedes the user's earlier ready submission to the
/// contest (or is superseded by a newer one already ready: compiles may finish out of order).
/// Returns its status now (`Ready` or `Superseded`), or `None` if it was not compiling.
pub async fn mark_ready(conn: &mut PgConnection, id: SubmissionId) -> sqlx::Result<Option<Readied>> {
    // One statement (the standings' trigger runs once for both changes): the submission is
    // ready unless a newer one of its user is, and the user's older ready ones are superseded.
    sqlx::query_as!(
        Readied,
        r#"with me as (
               update submissions s
               set status = case when exists (
                                select 1 from submissions n
                                where n.contest_id = s.contest_id and n.user_id = s.user_id
                                  and n.id > s.id and n.status = 'ready')
                            then 'superseded'::submission_status else 'ready'::submission_status end
               where s.id = $1 and s.status = 'compiling'
               returning s.contest_id, s.user_id, s.status, s.created_at),
           older as (
               update submissions o set status = 'superseded'
               from me
               where o.contest_id = me.contest_id and o.user_id = me.user_id and o.id < $1 and o.status = 'ready'
               returning 1)
           select status as "status!: Status", user_id as "user_id!: UserId", created_at as "created_at!",
                  exists (select from older) as "superseded_earlier!"
           from me"#,
        id as SubmissionId
    )
    .fetch_optional(conn)
    .await
}

/// A compiled submission waiting for its validity run.
#[derive(Clone, Debug)]
pub struct ValidityJob {
    pub id: SubmissionId,
    pub contest_id: ContestId,
    pub user_id: UserId,
    pub language: String,
    pub artifact: Vec<u8>,
    pub attempts: i32,
}

/// A claimed validity run loads the build; a submission no longer compiled and waiting
/// (disqualified meanwhile) has nothing left to test. Claimed with `queue::claim_next`.
impl queue::Subject for ValidityJob {
    const KIND: JobKind = JobKind::Validity;

    async fn take(conn: &mut PgConnection, claimed: Claimed) -> sqlx::Result<Option<ValidityJob>> {
        sqlx::query_as!(
            ValidityJob,
            r#"select id as "id: _", contest_id as "contest_id: _", user_id as "user_id: _", language,
                      artifact as "artifact!", $2::int4 as "attempts!"
               from submissions where id = $1 and status = 'compiling' and artifact is not null"#,
            claimed.subject,
            claimed.attempts
        )
        .fetch_optional(conn)
        .await
    }
}

/// Marks a submission disqualified; returns its contest and former status, `None` when there is
/// no such submission or it already is. The caller cancels its queued games
/// (`games::cancel_stale`). Earlier submissions of the user stay superseded: a disqualified user
/// is out of the standings until they submit again.
pub async fn disqualify(
    conn: &mut PgConnection,
    id: SubmissionId,
) -> sqlx::Result<Option<(ContestId, Status)>> {
    let disqualified = sqlx::query!(
        r#"update submissions s set status = 'disqualified'
           from (select id, status from submissions where id = $1 for update) old
           where s.id = old.id and old.status <> 'disqualified'
           returning s.contest_id as "contest_id: ContestId", old.status as "old: Status""#,
        id as SubmissionId
    )
    .fetch_optional(&mut *conn)
    .await?
    .map(|r| (r.contest_id, r.old));
    if disqualified.is_some() {
        // A compile or validity run under way is dropped: its worker finds nothing to store.
        queue::abandon(conn, JobKind::Compile, id).await?;
        queue::abandon(conn, JobKind::Validity, id).await?;
    }
    Ok(disqualified)
}

/// The owner of each submission: submission id, username, display name.
pub async fn owners(
    conn: &mut PgConnection,
    ids: &[SubmissionId],
) -> sqlx::Result<Vec<(SubmissionId, String, Option<String>)>> {
    Ok(sqlx::query!(
        r#"select s.id as "id: SubmissionId", u.username, u.display_name from submissions s join users u on u.id = s.user_id
         where s.id = any($1)"#,
        ids as &[SubmissionId]
    )
    .fetch_all(conn)
    .await?
    .into_iter()
    .map(|r| (r.id, r.username, r.display_name))
    .collect())
}

/// The compiled build directory (a tar), for workers.
pub async fn artifact(conn: &mut PgConnection, id: SubmissionId) -> sqlx::Result<Option<Vec<u8>>> {
    Ok(sqlx::query_scalar!("select artifact from submissions where id = $1", id as SubmissionId)
        .fetch_optional(conn)
        .await?
        .flatten())
}

/// Stores the validity tests' report of a submission (one-two-three), which the caller then
/// makes ready ([`mark_ready`]). `false` if the job was no longer ours: nothing is written.
pub async fn finish_validity(
    conn: &mut PgConnection,
    id: SubmissionId,
    worker: &str,
    report: &serde_json::Value,
) -> sqlx::Result<bool> {
    let mut tx = conn.begin().await?;
    if !queue::finish(&mut tx, JobKind::Validity, id, worker).await? {
        return Ok(false);
    }
    sqlx::query!("update submissions set validity = $2 where id = $1", id as SubmissionId, report)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(true)
}
