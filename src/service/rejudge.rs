//! Rejudging a contest: every current match (between the latest ready submissions) is played
//! again under the contest's current settings, e.g. after a limit was found too tight.

use crate::db::games;
use crate::db::ids::ContestId;
use crate::judge::matches::plan;
use sqlx::PgConnection;

/// What a rejudge put back in the queue.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rejudged {
    pub matches: usize,
    pub games: usize,
}

/// Replaces the games of every current match of the contest with fresh queued ones planned from
/// the contest's current settings and the match's own seed (so the boards stay the same when
/// the settings do), in the caller's transaction. Running games are dropped with their match:
/// their workers' late results find no row to write.
pub async fn rejudge(conn: &mut PgConnection, contest_id: ContestId) -> anyhow::Result<Rejudged> {
    games::lock_contest(conn, contest_id).await?;
    games::cancel_stale(conn, contest_id).await?;
    let (game, stored) = games::contest_game(conn, contest_id).await?;
    let settings = super::scheduler::settings_from_json(game, &stored)?;
    let mut done = Rejudged::default();
    // A thousand matches a statement: a contest of 1,000 entrants has 499,500 of them.
    for chunk in games::current_match_seeds(conn, contest_id).await?.chunks(1000) {
        let replays: Vec<games::Replay> = chunk
            .iter()
            .map(|&(match_id, seed)| games::Replay {
                match_id,
                plans: plan(&settings, seed as u64)
                    .iter()
                    .map(|p| (p.index as i32, super::scheduler::plan_json(p)))
                    .collect(),
            })
            .collect();
        done.games += games::replace_games(conn, &replays, &stored).await? as usize;
        done.matches += replays.len();
    }
    Ok(done)
}
