//! The figures of `/metrics` that are read from the database when scraped: the job queue's depth
//! by kind, and the game workers' heartbeats.

use sqlx::PgConnection;
use time::OffsetDateTime;

/// Jobs of one kind not finished yet: waiting for a worker, and held by one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Depth {
    pub kind: String,
    pub waiting: i64,
    pub running: i64,
}

/// The queue's unfinished jobs by kind (every kind, zero included).
pub async fn queue_depths(conn: &mut PgConnection) -> sqlx::Result<Vec<Depth>> {
    sqlx::query_as!(
        Depth,
        r#"select k.kind::text as "kind!",
                  count(j.id) filter (where j.locked_by is null) as "waiting!",
                  count(j.id) filter (where j.locked_by is not null) as "running!"
           from unnest(enum_range(null::job_kind)) as k(kind)
           left join jobs j on j.kind = k.kind and j.finished_at is null
           group by k.kind order by k.kind"#
    )
    .fetch_all(conn)
    .await
}

/// Each game worker's last heartbeat (the hundred most recent).
pub async fn heartbeats(conn: &mut PgConnection) -> sqlx::Result<Vec<(String, OffsetDateTime)>> {
    let rows = sqlx::query!("select id, last_seen from workers order by last_seen desc limit 100")
        .fetch_all(conn)
        .await?;
    Ok(rows.into_iter().map(|r| (r.id, r.last_seen)).collect())
}
