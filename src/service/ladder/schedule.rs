//! The ladder in the database: one tick of a ladder contest, in one transaction under the
//! contest's scheduling lock. The tick
//!
//! 1. rates the ladder matches that ended since the last tick, in the order they ended, game by
//!    game (a decided match's games update both entrants' ratings and histories; a cancelled or
//!    failed one is only marked), so a rating never depends on which worker stored which game;
//! 2. enters the contest's new current submissions at the prior;
//! 3. while the contest is open, asks the matchmaker for the next matches, keeping at most
//!    [`QUEUED`] ladder matches queued or being played, and within `ladder_games_per_hour` (the
//!    games of the ladder matches created in the last hour).
//!
//! The ratings are the tick's alone: storing a game's result (`jobs::games`) knows nothing of the
//! ladder, and a finished match waits at most one tick ([`TICK`]) for its rating.

use super::matchmaker::{next_match, Config, Entrant};
use super::rating::{update, Outcome, Rating};
use crate::db::games::{self, GameStatus};
use crate::db::ids::{ContestId, SubmissionId};
use crate::db::ladder::{self, LadderSettings};
use crate::judge::matches::plan;
use crate::judge::result::BotId;
use anyhow::Context;
use rand::SeedableRng;
use sqlx::{Connection, PgConnection};
use std::collections::HashMap;
use std::time::Duration;

/// Ladder matches a contest keeps queued or being played at most: enough to keep its share of the
/// game slots busy between two ticks, few enough that each match is drawn from fresh ratings.
pub const QUEUED: i64 = 4;

/// How often the ladder's loop (`jobs::ladder`) ticks.
pub const TICK: Duration = Duration::from_secs(2);

/// What one tick did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tick {
    pub rated: usize,
    pub entered: u64,
    pub created: usize,
}

/// The matchmaker's settings for a contest.
pub fn config(settings: &LadderSettings) -> Config {
    Config { max_repeats: settings.max_repeats.max(1) as u32, ..Config::default() }
}

/// One tick of `contest` (see the module's documentation); nothing for a round robin.
pub async fn tick(conn: &mut PgConnection, contest: ContestId) -> anyhow::Result<Tick> {
    let mut tx = conn.begin().await?;
    let Some(settings) = ladder::settings(&mut tx, contest).await? else { return Ok(Tick::default()) };
    games::lock_contest(&mut tx, contest).await?;
    let mut done = Tick { rated: rate(&mut tx, contest).await?, ..Tick::default() };
    done.entered = ladder::enter_current(&mut tx, contest, Rating::PRIOR.mu, Rating::PRIOR.sigma).await?;
    if !settings.closed {
        done.created = make_matches(&mut tx, contest, &settings).await?;
    }
    tx.commit().await?;
    Ok(done)
}

/// Rates the ladder matches that ended, in order; returns how many were decided.
async fn rate(conn: &mut PgConnection, contest: ContestId) -> anyhow::Result<usize> {
    let mut rated = 0;
    for m in ladder::unrated(conn, contest).await? {
        if m.status == GameStatus::Done {
            let winners = games::match_winners(conn, m.id).await?;
            let load =
                |r: Option<(f64, f64, i32)>| r.map_or(Rating::PRIOR, |(mu, sigma, _)| Rating { mu, sigma });
            let mut a = load(ladder::rating(conn, m.submission_a).await?);
            let mut b = load(ladder::rating(conn, m.submission_b).await?);
            let mut played = 0;
            for w in winners.into_iter().flatten() {
                let winner =
                    w.as_deref().map(|n| BotId::from_name(n).context("a game's winner")).transpose()?;
                let outcome = match winner {
                    None => Outcome::Draw,
                    Some(BotId::A) => Outcome::Win,
                    Some(_) => Outcome::Loss,
                };
                (a, b) = update(a, b, outcome);
                played += 1;
            }
            let at = m.finished_at.unwrap_or_else(time::OffsetDateTime::now_utc);
            ladder::store_rating(conn, contest, m.submission_a, a.mu, a.sigma, played, at).await?;
            ladder::store_rating(conn, contest, m.submission_b, b.mu, b.sigma, played, at).await?;
            rated += 1;
        }
        ladder::mark_rated(conn, m.id).await?;
    }
    Ok(rated)
}

/// Creates the next matches of an open ladder; returns how many.
async fn make_matches(
    conn: &mut PgConnection,
    contest: ContestId,
    settings: &LadderSettings,
) -> anyhow::Result<usize> {
    let counts = ladder::counts(conn, contest).await?;
    let (_, game_settings) = games::contest_game(conn, contest).await?;
    let per_match = game_settings.common().games.max(1) as i64;
    let mut budget = settings.games_per_hour as i64 - counts.games_last_hour;
    let mut room = QUEUED - counts.unfinished;
    if room <= 0 || budget < per_match {
        return Ok(0);
    }
    let rows = ladder::entrants(conn, contest).await?;
    let mut entrants: Vec<Entrant<SubmissionId>> = rows
        .iter()
        .map(|r| Entrant {
            key: r.submission_id,
            rating: Rating { mu: r.mu, sigma: r.sigma },
            games: r.games.max(0) as u32,
            last_played: r.last_played_us,
            busy: r.busy,
        })
        .collect();
    let house: HashMap<SubmissionId, bool> = rows.iter().map(|r| (r.submission_id, r.is_house)).collect();
    let mut met: HashMap<(SubmissionId, SubmissionId), u32> =
        ladder::pair_counts(conn, contest).await?.into_iter().map(|(a, b, n)| ((a, b), n as u32)).collect();
    let config = config(settings);
    let mut turn = counts.matches as u64;
    let mut created = 0;
    // Not `thread_rng`: the tick's future crosses awaits on a multi-threaded runtime.
    let mut rng = rand::rngs::StdRng::from_entropy();
    while room > 0 && budget >= per_match {
        // House bots play students only, as in the round robin.
        let pair_met = |a: &SubmissionId, b: &SubmissionId| {
            if house[a] && house[b] {
                u32::MAX
            } else {
                *met.get(&((*a).min(*b), (*a).max(*b))).unwrap_or(&0)
            }
        };
        let Some((i, j)) = next_match(&entrants, turn, pair_met, &config, &mut rng) else { break };
        let (a, b) = (entrants[i].key, entrants[j].key);
        let seed: u64 = rand::random();
        let plans: Vec<(i32, serde_json::Value)> = plan(&game_settings, seed)
            .iter()
            .map(|p| (p.index as i32, crate::service::scheduler::stored_plan(p)))
            .collect();
        let kind = crate::db::games::OwnMatch::Ladder;
        crate::db::games::create_match(conn, kind, contest, a, b, seed as i64, &plans, &game_settings)
            .await?;
        entrants[i].busy = true;
        entrants[j].busy = true;
        *met.entry((a.min(b), a.max(b))).or_default() += 1;
        turn += 1;
        room -= 1;
        budget -= per_match;
        created += 1;
    }
    Ok(created)
}
