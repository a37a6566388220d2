//! A contest's announcements as a user sees them on the contest's page: the visit marks them read.
//! (Posting one is an admin action: [`super::contests::announce`].)

use crate::db::announcements::{self, Announcement};
use crate::db::ids::{ContestId, UserId};
use sqlx::PgPool;
use time::OffsetDateTime;

/// An announcement as seen on one visit.
#[derive(Debug)]
pub struct Seen {
    pub announcement: Announcement,
    /// Posted since the user's previous visit.
    pub new: bool,
}

/// The contest's announcements for `user`'s visit of its page, each told new or not; the visit
/// marks them read (a write only when there is something new, not on every visit).
pub async fn visit(pool: &PgPool, user: UserId, contest: ContestId) -> anyhow::Result<Vec<Seen>> {
    let mut conn = pool.acquire().await?;
    let list = announcements::of_contest(&mut conn, contest).await?;
    let read = announcements::read_at(&mut conn, user, contest).await?;
    let seen: Vec<Seen> =
        list.into_iter().map(|a| Seen { new: is_new(a.created_at, read), announcement: a }).collect();
    if seen.iter().any(|s| s.new) {
        announcements::mark_read(&mut conn, user, contest).await?;
    }
    Ok(seen)
}

/// Whether an announcement posted at `posted` is new to a user who last read at `read`.
fn is_new(posted: OffsetDateTime, read: Option<OffsetDateTime>) -> bool {
    read.is_none_or(|r| posted > r)
}
