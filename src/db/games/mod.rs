//! Matches and their games. Each game is the subject of a job of the queue (`db::queue`,
//! played by `jobs::games`); the game's status is what users see, updated with its job.
//!
//! **Lock order.** Every transaction that writes games, matches or standings takes its locks in
//! this order, so that two of them never wait for each other:
//! 1. the contest's advisory lock ([`lock_contest`]: exclusive for whatever changes who is
//!    current — scheduling, superseding, disqualifying, rejudging, house bots —; shared,
//!    [`share_contest_lock`], for a worker storing a result);
//! 2. submissions (and, by their triggers, the `standings` rows, in submission order);
//! 3. jobs, then games, then the contest's `contest_slot_usage` row (the fair share's charge);
//! 4. the users' `compute_usage` rows, in user order;
//! 5. matches (and by the match trigger the `standings` rows again).
//!
//! A transaction that makes a submission ready takes step 1 before it writes the compile's
//! outcome and charges its time ([`begin_scheduling`]).
//!
//! A worker storing a match's last game writes the match's standings rows after its match; a
//! resubmission writes them (superseding) before cancelling that match: without step 1 those
//! two deadlocked.
//!
//! **Files.** This file holds the game's status, the locks of the order above and what the
//! others share; the rest is split by who asks: `schedule.rs` creates and cancels matches (the
//! scheduler), `play.rs` is a worker's side (claiming, playing, storing a result), `pages.rs`
//! reads what the pages and the API show, and `rejudge.rs` replaces games and prunes the replaced.

mod first;
mod pages;
mod play;
mod rejudge;
mod schedule;

pub use first::{first_opponent, FirstOpponent};
pub use pages::{
    game, game_page_info, games_of_submission, live, matches_of_submission, progress, Game, GameOutcome,
    GamePageInfo, Live, MatchRow, Progress, Replacement,
};
pub use play::{
    begin_storing, claim, fail_exhausted, finish, give_back, lock_match_winners, match_winners, release,
    set_matches_done, set_progress, side, GameJob, MatchScore, MatchSetup, Played, Side, Stored,
};
pub use rejudge::{current_match_seeds, prune_replaced, replace_games, Replay};
pub use schedule::{
    any_game_ended, cancel_matches, cancel_stale, create_match, create_matches, ready_opponent_count,
    schedule_pending, take_schedule_pending, LeaseFirst, NewMatch, OwnMatch,
};

use super::ids::ContestId;
use super::queue;
use crate::games::settings::Settings;
use crate::games::GameId;
use serde::Serialize;
use serde_json::Value;
use sqlx::{Connection, PgConnection};

#[derive(sqlx::Type, Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[sqlx(type_name = "game_status", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    Queued,
    Running,
    Done,
    Cancelled,
    /// Given up after [`MAX_ATTEMPTS`]; played again only by a rejudge.
    Failed,
}

/// Claims of one game before it is given up (`failed`): a game that keeps killing or losing its
/// worker must not occupy the queue forever, while one lost worker is still forgiven.
pub const MAX_ATTEMPTS: i32 = 3;

/// The games of several matches as the columns of an `unnest` insert: each game's match key
/// (whatever the statement joins on), index and plan.
fn game_columns<'a, K: Copy + 'a>(
    matches: impl Iterator<Item = (K, &'a [(i32, Value)])>,
) -> (Vec<K>, Vec<i32>, Vec<Value>) {
    let mut columns = (Vec::new(), Vec::new(), Vec::new());
    for (key, plans) in matches {
        for (index, plan) in plans {
            columns.0.push(key);
            columns.1.push(*index);
            columns.2.push(plan.clone());
        }
    }
    columns
}

/// The game and settings of a contest (of [`scheduling`]'s read).
pub async fn contest_game(
    conn: &mut PgConnection,
    contest_id: ContestId,
) -> sqlx::Result<(GameId, Settings)> {
    let Scheduling { game, settings, .. } = scheduling(conn, contest_id).await?;
    Ok((game, settings))
}

/// What the scheduler reads of a contest: its game, its settings, and whether it is a ladder
/// (which plays no round robin).
#[derive(Clone, Debug)]
pub struct Scheduling {
    pub id: ContestId,
    pub game: GameId,
    pub settings: Settings,
    pub ladder: bool,
}

/// Reads what the scheduler needs of a contest in one statement, after its lock is taken (an
/// admin changes the format and the settings under the same lock).
pub async fn scheduling(conn: &mut PgConnection, contest_id: ContestId) -> sqlx::Result<Scheduling> {
    let r = sqlx::query!(
        r#"select slug, game as "game: GameId", settings, format = 'ladder' as "ladder!"
           from contests where id = $1"#,
        contest_id as ContestId
    )
    .fetch_one(conn)
    .await?;
    let settings = super::contests::read_settings(r.game, &r.settings, &r.slug)?;
    Ok(Scheduling { id: contest_id, game: r.game, settings, ladder: r.ladder })
}

/// Takes the contest's scheduling lock until the transaction ends, so that two submissions
/// becoming ready at once still see each other.
pub async fn lock_contest(conn: &mut PgConnection, contest_id: ContestId) -> sqlx::Result<()> {
    sqlx::query!("select pg_advisory_xact_lock($1)", contest_id as ContestId).execute(conn).await?;
    Ok(())
}

/// Begins a transaction that changes the contest's current submissions, in one round trip: it
/// holds the contest's scheduling lock (step 1 of the lock order, [`lock_contest`]), commits
/// without waiting for the disk ([`queue::RELAXED_BEGIN`]: what a compile or validity worker
/// writes is done again if a crash of the server loses it), and plans each of its statements
/// once per connection ([`GENERIC_PLANS`]).
pub async fn begin_scheduling(
    conn: &mut PgConnection,
    contest: ContestId,
) -> sqlx::Result<sqlx::Transaction<'_, sqlx::Postgres>> {
    begin_relaxed_with(conn, &[GENERIC_PLANS], "pg_advisory_xact_lock", contest).await
}

/// The plans of the transaction that makes a submission ready ([`begin_scheduling`]) are made
/// once per connection and kept (until the tables' statistics change), not made again on every
/// run: Postgres plans a prepared statement afresh for its first five runs on a connection, and a
/// pool's connection makes a submission ready seldom, so every newcomer paid 2 to 3 ms of
/// planning on the way to its first result (its statements are large, with the standings'
/// triggers behind them). They find rows by key, or by a contest on its indexes, so a plan made
/// without the values fits any.
const GENERIC_PLANS: &str = "set local plan_cache_mode = force_generic_plan";

/// Begins a transaction that commits without waiting for the disk ([`queue::RELAXED_BEGIN`]) and
/// takes the contest's advisory lock with `lock` (exclusive or shared), after the `settings` (`set
/// local` statements), in one round trip. The contest's id is an integer of ours, formatted into
/// the statement: `begin_with` takes a plain query (no parameters), which may hold several
/// statements.
async fn begin_relaxed_with<'c>(
    conn: &'c mut PgConnection,
    settings: &[&str],
    lock: &str,
    contest: ContestId,
) -> sqlx::Result<sqlx::Transaction<'c, sqlx::Postgres>> {
    let mut statements = vec![queue::RELAXED_BEGIN.to_string()];
    statements.extend(settings.iter().map(|s| s.to_string()));
    statements.push(format!("select {lock}({})", i64::from(contest)));
    conn.begin_with(statements.join("; ")).await
}

/// Takes the contest's scheduling lock shared until the transaction ends: results of the
/// contest are stored side by side, but never while its current submissions change (see the
/// lock order above).
pub async fn share_contest_lock(conn: &mut PgConnection, contest_id: ContestId) -> sqlx::Result<()> {
    sqlx::query!("select pg_advisory_xact_lock_shared($1)", contest_id as ContestId).execute(conn).await?;
    Ok(())
}
