//! A match's games as the game workers play them (claimed with their match by
//! `db::games::claim`): their moves are shown live while they are played ([`record_progress`]),
//! and each result is recorded once ([`record_games`]): written, its thinking time charged, and,
//! with its last game, the match decided and scored (`MatchSummary`: 3 points for more games won,
//! 1 each for as many).

use crate::db::games::{self, GameJob, MatchScore, MatchSetup, Stored};
use crate::db::ids::{ContestId, GameRecordId, MatchId, UserId};
use crate::judge::result::{BotId, GameResult, MatchSummary};
use crate::judge::GameLog;
use anyhow::Context;
use serde_json::Value;
use sqlx::PgConnection;
use std::collections::BTreeSet;

/// Writes the moves so far of a game being played (`{"params", "moves", "lines"}`), for its
/// live page; nothing once the game is no longer running.
pub async fn record_progress(
    conn: &mut PgConnection,
    id: GameRecordId,
    progress: &Value,
) -> sqlx::Result<()> {
    games::set_progress(conn, id, progress).await
}

/// A game a worker played, to record ([`record_games`]).
pub struct Played<'a> {
    pub job: &'a GameJob,
    pub setup: &'a MatchSetup,
    pub result: &'a GameResult,
    pub log: &'a GameLog,
    pub when: Option<games::Played>,
}

impl Played<'_> {
    /// Each bot's thinking time (sides `a`, `b`).
    fn think_ms(&self) -> [i64; 2] {
        [BotId::A, BotId::B].map(|b| self.result.think_ms.get(&b).copied().unwrap_or(0) as i64)
    }

    /// Who pays for its thinking time, and how much: both users (never a house bot, and nobody
    /// for a rejudge's replays); for a test match, the student who asked for it, both bots'.
    fn charges(&self) -> Vec<(UserId, i64)> {
        let think_ms = self.think_ms();
        match self.setup.requested_by {
            Some(asked) => vec![(asked, think_ms.iter().sum())],
            None if self.job.charge => self
                .setup
                .sides
                .iter()
                .zip(think_ms)
                .filter(|(side, _)| side.house_level.is_none())
                .map(|(side, ms)| (side.user_id, ms))
                .collect(),
            None => Vec::new(),
        }
    }
}

/// Records games `worker` played in contest `contest`, in one transaction: writes each result
/// (once), charges the users' thinking time ([`Played::charges`]), and decides each match whose
/// last game is done, with its score. Returns the games recorded: not one that is no longer
/// `worker`'s (nothing written for it, nobody charged).
pub async fn record_games(
    conn: &mut PgConnection,
    worker: &str,
    contest: ContestId,
    played: &[Played<'_>],
) -> anyhow::Result<Vec<GameRecordId>> {
    // In the lock order of `db::games`: the contest (shared); the games' jobs and rows, the slot
    // time and the users' usage in one statement; then their matches. Four round trips, five
    // when a match ends, for any number of games.
    let mut tx = games::begin_storing(conn, contest).await?;
    let recorded = record_games_in(&mut tx, worker, contest, played).await?;
    if !recorded.is_empty() {
        tx.commit().await?;
    }
    Ok(recorded)
}

/// [`record_games`] in the caller's transaction, which holds the contest's lock (shared, or
/// exclusive: a newcomer's first game is stored in the transaction that makes it ready,
/// `jobs::first_game`).
pub async fn record_games_in(
    tx: &mut PgConnection,
    worker: &str,
    contest: ContestId,
    played: &[Played<'_>],
) -> anyhow::Result<Vec<GameRecordId>> {
    let recorded = write_results(tx, worker, contest, played).await?;
    if recorded.is_empty() {
        return Ok(recorded);
    }
    let matches: BTreeSet<MatchId> =
        played.iter().filter(|p| recorded.contains(&p.job.id)).map(|p| p.job.match_id).collect();
    decide_matches(tx, &matches.into_iter().collect::<Vec<_>>()).await?;
    Ok(recorded)
}

/// [`record_games_in`] for the first game of a match made in the caller's transaction (a
/// newcomer's first game, stored in the transaction that creates it: `jobs::first_game`), of
/// `games_in_match` games. None of the match's other games can have ended (they are not yet
/// visible outside the transaction), so only a match of a single game is decided by it: for the
/// others, its games are not read back. Returns whether it was recorded.
pub async fn record_first_game_in(
    tx: &mut PgConnection,
    worker: &str,
    contest: ContestId,
    played: &Played<'_>,
    games_in_match: usize,
) -> anyhow::Result<bool> {
    if games_in_match == 1 {
        return Ok(!record_games_in(tx, worker, contest, std::slice::from_ref(played)).await?.is_empty());
    }
    Ok(!write_results(tx, worker, contest, std::slice::from_ref(played)).await?.is_empty())
}

/// Writes the results of games `worker` played (once), charging the users' thinking time; returns
/// the games written ([`record_games_in`]).
async fn write_results(
    tx: &mut PgConnection,
    worker: &str,
    contest: ContestId,
    played: &[Played<'_>],
) -> anyhow::Result<Vec<GameRecordId>> {
    let charges: Vec<Vec<(UserId, i64)>> = played.iter().map(Played::charges).collect();
    let json = played
        .iter()
        .map(|p| Ok((serde_json::to_value(p.result)?, serde_json::to_string(p.log)?)))
        .collect::<anyhow::Result<Vec<(Value, String)>>>()?;
    let stored: Vec<Stored> = played
        .iter()
        .zip(&json)
        .zip(&charges)
        .map(|((p, (result, log)), charges)| Stored {
            id: p.job.id,
            result,
            log,
            think_ms: p.think_ms(),
            played: p.when,
            charges,
        })
        .collect();
    let recorded = games::finish(tx, worker, contest, &stored).await?;
    Ok(recorded)
}

/// Decides each of `matches` whose games are all done, with its score (their rows locked first).
async fn decide_matches(tx: &mut PgConnection, matches: &[MatchId]) -> anyhow::Result<()> {
    let mut scores = Vec::new();
    for (id, winners) in games::lock_match_winners(tx, matches).await? {
        if let Some(score) = score(winners)? {
            scores.push((id, score));
        }
    }
    if !scores.is_empty() {
        games::set_matches_done(tx, &scores).await?;
    }
    Ok(())
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
