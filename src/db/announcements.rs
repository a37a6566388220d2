//! A contest's announcements (Markdown by an admin) and when each user last read them.

use super::ids::{ContestId, UserId};
use sqlx::PgConnection;
use time::OffsetDateTime;

/// An announcement, with its author's shown name.
#[derive(Clone, Debug)]
pub struct Announcement {
    pub id: i64,
    pub author: Option<String>,
    pub body: String,
    pub created_at: OffsetDateTime,
}

/// Posts an announcement; its id.
pub async fn create(
    conn: &mut PgConnection,
    contest: ContestId,
    author: UserId,
    body: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar!(
        "insert into announcements (contest_id, author_id, body) values ($1, $2, $3) returning id",
        contest as ContestId,
        author as UserId,
        body
    )
    .fetch_one(conn)
    .await
}

/// The contest's announcements, newest first.
pub async fn of_contest(conn: &mut PgConnection, contest: ContestId) -> sqlx::Result<Vec<Announcement>> {
    sqlx::query_as!(
        Announcement,
        r#"select a.id, coalesce(u.nickname, u.username) as author, a.body, a.created_at
           from announcements a left join users u on u.id = a.author_id
           where a.contest_id = $1 order by a.created_at desc, a.id desc"#,
        contest as ContestId
    )
    .fetch_all(conn)
    .await
}

/// When the user last read the contest's announcements.
pub async fn read_at(
    conn: &mut PgConnection,
    user: UserId,
    contest: ContestId,
) -> sqlx::Result<Option<OffsetDateTime>> {
    sqlx::query_scalar!(
        "select read_at from announcement_reads where user_id = $1 and contest_id = $2",
        user as UserId,
        contest as ContestId
    )
    .fetch_optional(conn)
    .await
}

/// Marks the contest's announcements read by the user, up to now.
pub async fn mark_read(conn: &mut PgConnection, user: UserId, contest: ContestId) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into announcement_reads (user_id, contest_id, read_at) values ($1, $2, now())
         on conflict (user_id, contest_id) do update set read_at = now()",
        user as UserId,
        contest as ContestId
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// For each contest, how many announcements the user has not read yet.
pub async fn unread_counts(conn: &mut PgConnection, user: UserId) -> sqlx::Result<Vec<(ContestId, i64)>> {
    Ok(sqlx::query!(
        r#"select a.contest_id as "contest_id: ContestId", count(*) as "n!"
           from announcements a left join announcement_reads r on r.contest_id = a.contest_id and r.user_id = $1
           where r.read_at is null or a.created_at > r.read_at
           group by a.contest_id"#,
        user as UserId
    )
    .fetch_all(conn)
    .await?
    .into_iter()
    .map(|r| (r.contest_id, r.n))
    .collect())
}
