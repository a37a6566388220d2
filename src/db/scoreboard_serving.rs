//! What serving the stored scoreboard snapshot needs on every request, cheaply: the contest and
//! the snapshot's version (one indexed lookup, no rows read), so that a server keeps the
//! snapshot rendered and re-renders only when another refresh (by any process sharing the
//! database) stored a new one; and, once per snapshot, which user owns each submission of it
//! (the viewer's own row).

use super::ids::{ContestId, SubmissionId, UserId};
use super::scoreboard::ScoreRow;
use serde::Deserialize;
use sqlx::PgConnection;
use std::sync::atomic::{AtomicU64, Ordering};
use time::OffsetDateTime;

/// How many writes of a snapshot, a contest's settings or its freeze this process has made:
/// whoever keeps a [`Head`] for a while (the web's render cache) reads it again when this moved,
/// so nothing written here is ever hidden by it; writes by other processes are seen when the
/// kept head expires.
static WRITES: AtomicU64 = AtomicU64::new(0);

/// The number of snapshot and contest writes this process has made so far.
pub fn writes() -> u64 {
    WRITES.load(Ordering::Acquire)
}

/// Counts a write (after it is made, so a head read after this count sees it once committed).
pub(super) fn note_write() {
    WRITES.fetch_add(1, Ordering::AcqRel);
}

/// A contest and the version of its stored snapshot, if it has one.
#[derive(Clone, Debug)]
pub struct Head {
    pub contest_id: ContestId,
    pub slug: String,
    pub title: String,
    /// When the snapshot was computed.
    pub computed_at: Option<OffsetDateTime>,
    /// The snapshot row's `xmin`: changes with every write of the row, even one that keeps
    /// `computed_at` (e.g. two refreshes in one transaction, or an edit by hand).
    pub version: Option<i64>,
    /// When the next snapshot is due at the latest; none while the standings are frozen.
    pub next_refresh_at: Option<OffsetDateTime>,
}

/// The contest of `slug` and its snapshot's version.
pub async fn head(conn: &mut PgConnection, slug: &str) -> sqlx::Result<Option<Head>> {
    sqlx::query_as!(
        Head,
        r#"select c.id as "contest_id: ContestId", c.slug, c.title, s.computed_at as "computed_at?",
                  s.xmin::text::int8 as "version?",
                  case when c.frozen_at is null
                       then s.computed_at + make_interval(secs => c.scoreboard_refresh_s::float8) end as next_refresh_at
           from contests c left join scoreboards s on s.contest_id = c.id
           where c.slug = $1"#,
        slug
    )
    .fetch_optional(conn)
    .await
}

/// A contest's stored snapshot with its version (`computed_at`, `xmin`), read together.
pub async fn snapshot(
    conn: &mut PgConnection,
    contest_id: ContestId,
) -> sqlx::Result<Option<(OffsetDateTime, i64, Vec<ScoreRow>)>> {
    let Some(r) = sqlx::query!(
        r#"select computed_at, xmin::text::int8 as "version!", rows from scoreboards where contest_id = $1"#,
        contest_id as ContestId
    )
    .fetch_optional(conn)
    .await?
    else {
        return Ok(None);
    };
    let rows = Vec::<ScoreRow>::deserialize(&r.rows).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
    Ok(Some((r.computed_at, r.version, rows)))
}

/// The owner of each of these submissions.
pub async fn owners(
    conn: &mut PgConnection,
    ids: &[SubmissionId],
) -> sqlx::Result<Vec<(SubmissionId, UserId)>> {
    let ids: Vec<i64> = ids.iter().map(|&i| i.into()).collect();
    let rows = sqlx::query!(
        r#"select id as "id: SubmissionId", user_id as "user_id: UserId" from submissions where id = any($1)"#,
        &ids
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.id, r.user_id)).collect())
}
