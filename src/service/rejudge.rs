//! Rejudging: the current matches of a contest (between the latest ready submissions), or those of
//! one submission, are played again under the contest's current settings, e.g. after a limit was
//! found too tight. Nothing judged is deleted: the old games stay readable, marked replaced. A
//! ladder's current matches are all its matches between current submissions; its ratings are
//! rated again from the prior. Final matches (`service::finals`) are not replayed.

use crate::db::games;
use crate::db::ids::{ContestId, SubmissionId};
use crate::judge::matches::plan;
use sqlx::PgConnection;

/// What a rejudge put back in the queue.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rejudged {
    pub matches: usize,
    pub games: usize,
}

/// Replaces the current games of every current match of the contest (or only of `submission`'s)
/// with fresh queued ones planned from the contest's current settings and the match's own seed
/// (so the boards stay the same when the settings do), in the caller's transaction. The old
/// games are marked replaced in `audit_entry`, the audited action that asked for the rejudge; a
/// running one is cancelled, and its worker's late result finds nothing to write.
pub async fn rejudge(
    conn: &mut PgConnection,
    contest_id: ContestId,
    submission: Option<SubmissionId>,
    audit_entry: i64,
) -> anyhow::Result<Rejudged> {
    games::lock_contest(conn, contest_id).await?;
    games::cancel_stale(conn, contest_id).await?;
    let (_, settings) = games::contest_game(conn, contest_id).await?;
    let mut done = Rejudged::default();
    // A thousand matches a statement: a contest of 1,000 entrants has 499,500 of them.
    for chunk in games::current_match_seeds(conn, contest_id, submission).await?.chunks(1000) {
        let replays: Vec<games::Replay> = chunk
            .iter()
            .enumerate()
            .map(|(n, &(match_id, seed))| games::Replay {
                match_id,
                seq: i32::try_from(done.matches + n).unwrap_or(i32::MAX),
                plans: plan(&settings, seed as u64)
                    .iter()
                    .map(|p| (p.index as i32, super::scheduler::stored_plan(p)))
                    .collect(),
            })
            .collect();
        done.games +=
            games::replace_games(conn, contest_id, &replays, &settings, audit_entry).await? as usize;
        done.matches += replays.len();
    }
    // A ladder's ratings depend on the order of every result: they are rated again from the
    // prior, every decided ladder match in the order it ended (the replayed ones once replayed),
    // by its tick.
    if crate::db::ladder::settings(conn, contest_id).await?.is_some() {
        let prior = super::ladder::rating::Rating::PRIOR;
        crate::db::ladder::rate_again(conn, contest_id, prior.mu, prior.sigma).await?;
    }
    Ok(done)
}
