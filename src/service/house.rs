//! House bots as contest opponents: a contest's `house_bots` setting lists levels of
//! `HouseLevel`; each enabled level is a ready submission of its house account (see
//! `db::house`) which the scheduler pairs with every student's current submission, and which
//! workers run as `botarena house <game> <level>` through the same launcher as any bot. House
//! bots play students only, never each other: their matches would say nothing about a student.
//! Their rows on the scoreboard are flagged `"house": true` and ranked apart.

use crate::db::ids::ContestId;
use crate::db::{games, house};
use sqlx::PgConnection;

/// Brings a contest's house submissions in line with its `house_bots` setting, in the caller's
/// transaction: a newly enabled level gets a submission and its matches against every current
/// student submission; a disabled one is retired and its queued games cancelled. Returns how
/// many matches were scheduled. Call it after creating a contest or changing its settings.
pub async fn sync(conn: &mut PgConnection, contest_id: ContestId) -> anyhow::Result<usize> {
    games::lock_contest(conn, contest_id).await?;
    let wanted = house::levels(conn, contest_id).await?;
    let current = house::current(conn, contest_id).await?;
    for entry in current.iter().filter(|e| !wanted.contains(&e.level)) {
        house::retire(conn, entry.submission_id).await?;
    }
    games::cancel_stale(conn, contest_id).await?;
    let mut scheduled = 0;
    for level in wanted.iter().filter(|l| !current.iter().any(|e| &e.level == *l)) {
        let id = house::create_submission(conn, contest_id, *level).await?;
        scheduled += super::scheduler::on_compiled(conn, id).await?;
    }
    Ok(scheduled)
}
