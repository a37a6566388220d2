//! A match's games as the game workers play them (claimed with their match by
//! `db::games::claim`): their moves are shown live while they are played ([`record_progress`]),
//! and each result is recorded once ([`record_game`]): written, its thinking time charged, and,
//! with its last game, the match decided and scored (`MatchSummary`: 3 points for more games won,
//! 1 each for as many).

use crate::db::games::{self, GameJob, GameStatus, MatchScore, MatchSetup, Stored};
use crate::db::ids::{GameRecordId, UserId};
use crate::judge::result::{BotId, GameResult, MatchSummary};
use crate::judge::GameLog;
use anyhow::Context;
use serde_json::Value;
use sqlx::PgConnection;

/// Writes the moves so far of a game being played (`{"params", "moves", "lines"}`), for its
/// live page; nothing once the game is no longer running.
pub async fn record_progress(
    conn: &mut PgConnection,
    id: GameRecordId,
    progress: &Value,
) -> sqlx::Result<()> {
    games::set_progress(conn, id, progress).await
}

/// Records a game `worker` played, in one transaction: writes the result (once), charges both
/// users' thinking time (never a house bot's, and not for a rejudge's replays; a test match's,
/// both bots', to the student who asked for it), and decides the match with its score when its
/// last game is done. `false` (nothing written, nobody charged) when the game is no longer
/// `worker`'s.
pub async fn record_game(
    conn: &mut PgConnection,
    worker: &str,
    job: &GameJob,
    setup: &MatchSetup,
    result: &GameResult,
    log: &GameLog,
    played: Option<games::Played>,
) -> anyhow::Result<bool> {
    let think = |b: BotId| result.think_ms.get(&b).copied().unwrap_or(0) as i64;
    let think_ms = [think(BotId::A), think(BotId::B)];
    let charges: Vec<(UserId, i64)> = match setup.requested_by {
        // A test match: whoever asked for it pays for both bots.
        Some(asked) => vec![(asked, think_ms.iter().sum())],
        None if job.charge => setup
            .sides
            .iter()
            .zip(think_ms)
            .filter(|(side, _)| side.house_level.is_none())
            .map(|(side, ms)| (side.user_id, ms))
            .collect(),
        None => Vec::new(),
    };
    // In the lock order of `db::games`: the contest (shared); the game's job and row, the slot
    // time and the users' usage in one statement; then its match. Four round trips, five when the
    // match ends.
    let mut tx = games::begin_storing(conn, setup.contest_id).await?;
    let (result, log) = (serde_json::to_value(result)?, serde_json::to_string(log)?);
    let stored = Stored { result: &result, log: &log, think_ms, played, charges: &charges };
    if !games::finish(&mut tx, job.id, worker, &stored).await? {
        return Ok(false);
    }
    let winners = games::lock_match_winners(&mut tx, job.match_id).await?;
    if let Some(score) = score(winners)? {
        games::set_match_state(&mut tx, job.match_id, GameStatus::Done, Some(score)).await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// A match's score from its games' stored winners (bot names; `Some(None)` a draw), once every
/// game is done; `None` while one is not.
fn score(winners: Vec<Option<Option<String>>>) -> anyhow::Result<Option<MatchScore>> {
    if !winners.iter().all(Option::is_some) {
        return Ok(None);
    }
    let winners = winners
        .into_iter()
        .flatten()
        .map(|w| match w {
            None => Ok(None),
            Some(name) => BotId::from_name(&name).map(Some).context("a stored game's winner"),
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let summary = MatchSummary::from_winners(winners);
    let per_bot = |m: &std::collections::BTreeMap<BotId, u32>| [BotId::A, BotId::B].map(|b| m[&b] as i32);
    Ok(Some(MatchScore {
        points: per_bot(&summary.points),
        games_won: per_bot(&summary.wins),
        games_drawn: summary.draws as i32,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn won(name: &str) -> Option<Option<String>> {
        Some(Some(name.to_string()))
    }

    #[test]
    fn a_match_is_scored_once_every_game_is_done() {
        assert_eq!(score(vec![won("a"), None]).unwrap(), None);
        let s = score(vec![won("a"), won("b"), won("a"), Some(None)]).unwrap().unwrap();
        assert_eq!(s, MatchScore { points: [3, 0], games_won: [2, 1], games_drawn: 1 });
        let s = score(vec![won("b"), won("a")]).unwrap().unwrap();
        assert_eq!(s, MatchScore { points: [1, 1], games_won: [1, 1], games_drawn: 0 });
        assert!(score(vec![won("nobody")]).is_err(), "an unknown winner is an error, not a draw");
    }
}
