//! Test matches on demand: a student runs one full match of their current submission against an
//! opponent they pick, under the contest's settings, whenever they like. It is scheduled like a
//! round-robin match (the same plan of games, seats swapped, boards and seeds) but in the game
//! queue's own lane (`db::test_matches::PRIORITY`), so it starts as soon as a game slot is free
//! even while a round robin is queued; it never counts in the standings; both bots' thinking time
//! is charged to the student's daily compute budget; and a student has one queued or running at
//! a time, so the lane cannot be flooded.
//!
//! Opponents are those of practice games, as the contest's `practice_opponents` allows them: a
//! house level (`house:level2`, enabled in the contest or not), one of the student's own
//! submissions (the current one, or an earlier one that compiled: new against old), or another
//! student's current submission.

use super::practice::{Allowed, Opponent};
use super::scheduler::stored_plan;
use super::submissions::{budget_left, BudgetUsed};
use crate::db::contests::{self, Contest};
use crate::db::ids::{MatchId, UserId};
use crate::db::submissions::{self, Status};
use crate::db::test_matches::{self, NewTestMatch, TestMatch};
use crate::db::{house, users};
use crate::judge::matches::plan;
use sqlx::{Connection, PgConnection};

/// Why a test match was refused.
#[derive(Debug, thiserror::Error)]
pub enum TestMatchError {
    #[error("no such contest")]
    NoSuchContest,
    #[error("no such test match")]
    NoSuchMatch,
    #[error("you have no compiled submission in this contest yet: a test match plays your current one")]
    NoSubmission,
    /// The opponent could not be read (`Opponent::parse`).
    #[error("{0}")]
    BadOpponent(crate::service::practice::PracticeError),
    /// No submission of this number the user may play (`missing`).
    #[error(
        "no submission #{0} in this contest to play: an opponent is a house level, one of your compiled \
         submissions, or another student's current one"
    )]
    NoSuchOpponent(i64),
    #[error("this contest does not let you play test matches against {0}")]
    NotAllowed(crate::service::practice::Kept),
    #[error("your test match {0} is still queued or running; one at a time")]
    AlreadyRunning(MatchId),
    #[error("you have used your daily compute budget of {} seconds; it renews at midnight UTC", .0.budget_s)]
    BudgetUsed(#[from] BudgetUsed),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

/// Queues a test match of `user`'s current submission in the contest `slug` against `opponent`,
/// in one transaction with the user's row locked (two requests at once cannot both pass the
/// one-at-a-time and budget checks). Returns the match's id.
pub async fn request(
    conn: &mut PgConnection,
    user: UserId,
    slug: &str,
    opponent: &Opponent,
) -> Result<MatchId, TestMatchError> {
    let mut tx = conn.begin().await?;
    let contest = contests::by_slug(&mut tx, slug).await?.ok_or(TestMatchError::NoSuchContest)?;
    users::lock(&mut tx, user).await?;
    if let Some(running) = test_matches::unfinished(&mut tx, user).await? {
        return Err(TestMatchError::AlreadyRunning(running));
    }
    budget_left::<TestMatchError>(&mut tx, &contest, user).await?;
    let own =
        submissions::current_of(&mut tx, contest.id, user).await?.ok_or(TestMatchError::NoSubmission)?;
    let opponent = opponent_submission(&mut tx, &contest, user, opponent).await?;
    let seed: u64 = rand::random::<u64>() >> 1;
    let plans: Vec<_> =
        plan(&contest.settings, seed).iter().map(|p| (p.index as i32, stored_plan(p))).collect();
    let id = test_matches::create(
        &mut tx,
        NewTestMatch {
            contest: contest.id,
            requested_by: user,
            submission: own,
            opponent,
            seed: seed as i64,
            plans: &plans,
            settings: &contest.settings,
        },
    )
    .await?;
    tx.commit().await?;
    tracing::info!(%user, match_id = %id, "test match queued");
    Ok(id)
}

/// The submission that plays `opponent`, if the contest allows it.
async fn opponent_submission(
    conn: &mut PgConnection,
    contest: &Contest,
    user: UserId,
    opponent: &Opponent,
) -> Result<crate::db::ids::SubmissionId, TestMatchError> {
    let allowed = Allowed::of(contest);
    match opponent {
        Opponent::House(level) => {
            allowed.check(true, false).map_err(TestMatchError::NotAllowed)?;
            Ok(house::test_submission(conn, contest.id, *level).await?)
        }
        Opponent::Submission(id) => {
            let missing = || TestMatchError::NoSuchOpponent(id.0);
            let sub = submissions::by_id(conn, *id).await?.filter(|s| s.contest_id == contest.id);
            let sub = sub.ok_or_else(missing)?;
            let side = crate::db::games::side(conn, *id).await?.ok_or_else(missing)?;
            let (house, own) = (side.house_level.is_some(), sub.user_id == user);
            // One's own: the current one, or an earlier one that compiled (superseded since);
            // a house level: any of the contest's; anyone else's: the current one.
            let playable = if own && !house {
                matches!(sub.status, Status::Ready | Status::Superseded) && side.artifact.is_some()
            } else {
                house || sub.status == Status::Ready
            };
            if !playable {
                return Err(missing());
            }
            allowed.check(house, own).map_err(TestMatchError::NotAllowed)?;
            Ok(*id)
        }
    }
}

/// A test match, for the student who asked for it or an admin; `NoSuchMatch` for anyone else.
pub async fn view(
    conn: &mut PgConnection,
    id: MatchId,
    viewer: UserId,
    admin: bool,
) -> Result<TestMatch, TestMatchError> {
    let m = test_matches::by_id(conn, id).await?.ok_or(TestMatchError::NoSuchMatch)?;
    if m.requested_by != viewer && !admin {
        return Err(TestMatchError::NoSuchMatch);
    }
    Ok(m)
}
