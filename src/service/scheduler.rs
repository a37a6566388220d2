//! The scheduler: when a submission becomes ready, it gets one match against every other user's
//! latest ready submission of the contest (games per `judge::matches::plan`, one seed per
//! match); the queued games of the submissions it replaces are cancelled. Only new pairings are
//! played, never the whole round robin again. A ladder contest (`format=ladder`) gets none: its
//! matches are the ladder's tick's (`service::ladder::schedule`).

use crate::db::games::{self, GameJob, LeaseFirst, NewMatch, Scheduling};
use crate::db::ids::{ContestId, SubmissionId, UserId};
use crate::db::submissions::{self, Status};
use crate::games::settings::Settings;
use crate::games::GameId;
use crate::judge::matches::{plan, GamePlan};
use anyhow::Context;
use serde::Deserialize;
use serde_json::Value;
use sqlx::{Connection, PgConnection, PgPool};
use std::time::{Duration, Instant};
use time::OffsetDateTime;
use tokio_util::sync::CancellationToken;

/// Makes a submission that compiled (and passed its validity tests, where its game has them)
/// ready, and schedules its first [`FIRST_MATCHES`] matches, in the caller's transaction, which
/// holds the contest's lock ([`begin_locked`], which read `contest`); the rest are left to
/// [`schedule_rest`], which the caller runs once its transaction has committed (so the first
/// games can be claimed meanwhile). Two statements (three when it supersedes an earlier
/// submission, whose unplayed games are cancelled): the newcomer's first result waits for them.
/// `first`, when given, is the newcomer's first game, already being played: its first match is
/// made with that seed, and that game created leased ([`FirstPlayed`]). Returns the game leased
/// so.
pub async fn make_ready(
    conn: &mut PgConnection,
    contest: &Scheduling,
    submission: SubmissionId,
    first: Option<&FirstPlayed>,
) -> anyhow::Result<Option<GameJob>> {
    let Some(readied) = submissions::mark_ready(conn, submission).await? else { return Ok(None) };
    // Only a submission that leaves `ready` leaves games to cancel: a user's first one, or one
    // superseded by a newer one already ready, replaces none.
    if readied.superseded_earlier {
        games::cancel_stale(conn, contest.id).await?;
    }
    if readied.status != Status::Ready {
        return Ok(None);
    }
    let entrant = Entrant { id: submission, user_id: readied.user_id, arrived_at: readied.created_at };
    let (n, leased) = create(conn, contest, &entrant, Some(FIRST_MATCHES), true, first).await?;
    tracing::info!(%submission, "{n} match(es) scheduled");
    Ok(leased)
}

/// A newcomer's first game, handed to an idle game slot before [`make_ready`] runs
/// (`jobs::first_game`): the seed its first match is to be made with, the settings it is played
/// with, and its lease (its opponent, the game queue's name and lease: [`LeaseFirst`]). It is
/// leased only if it is the game the scheduler creates: the first match against that opponent,
/// the contest's settings unchanged.
pub struct FirstPlayed {
    pub seed: u64,
    pub settings: Settings,
    pub lease: LeaseFirst,
}

/// The matches a submission gets in the transaction that makes it ready ([`make_ready`]): a
/// newcomer's first result then waits for a few rows, not for the thousand matches of a big
/// contest, which [`schedule_rest`] queues behind them.
pub const FIRST_MATCHES: usize = 2;

/// Schedules the matches [`make_ready`] left for later, in a transaction of its own (the
/// contest's lock held shared: results are stored meanwhile, while whatever changes who is
/// current waits). Nothing if it has none left (or the submission is no longer current: its
/// matches would be cancelled). Returns how many matches were created.
pub async fn schedule_rest(conn: &mut PgConnection, submission: SubmissionId) -> anyhow::Result<usize> {
    let mut tx = conn.begin().await?;
    let Some(sub) = submissions::by_id(&mut tx, submission).await? else { return Ok(0) };
    games::share_contest_lock(&mut tx, sub.contest_id).await?;
    if !games::take_schedule_pending(&mut tx, submission).await? {
        return Ok(0);
    }
    // Its first matches joined the game queue: taking the contest's row in the fair share again
    // would hold up the claims of its games (the first ones included) until this commits.
    let n = if sub.status == Status::Ready {
        let contest = games::scheduling(&mut tx, sub.contest_id).await?;
        create(&mut tx, &contest, &Entrant::of(&sub), None, false, None).await?.0
    } else {
        0
    };
    tx.commit().await?;
    tracing::info!(%submission, "{n} more match(es) scheduled");
    Ok(n)
}

/// How often [`schedule_rest_after_first_result`] looks for the first result: seldom enough that
/// its looks (a millisecond of the database each on a small machine) take little from the first
/// game, often enough that the rest of the matches follow the first result closely.
pub const FIRST_RESULT_POLL: Duration = Duration::from_millis(50);

/// How long [`schedule_rest_after_first_result`] waits at most for a newcomer's first result: a
/// quick game's is in within milliseconds; a slow game, or a judge with no free game slot, should
/// not hold the rest of the matches back for long.
pub const FIRST_RESULT_WAIT: Duration = Duration::from_secs(2);

/// [`schedule_rest`] once a game of the submission has ended, or `wait` has passed, or `stop` is
/// cancelled (a draining worker), looking every [`FIRST_RESULT_POLL`]; a failure is only logged
/// (the submission stays marked for [`schedule_pending`]). The thousand matches of a big contest
/// are a second's work of the database on a small machine: waiting keeps it off the cores while
/// the newcomer's first game is played, so its student sees a result in about one game's time.
pub async fn schedule_rest_after_first_result(
    pool: &PgPool,
    submission: SubmissionId,
    wait: Duration,
    stop: &CancellationToken,
) {
    let until = Instant::now() + wait;
    let rest = async {
        // Looking first after a pause: no game has ended yet, and a look now would share the
        // cores with the first game's claim.
        loop {
            tokio::select! {
                _ = tokio::time::sleep(FIRST_RESULT_POLL) => {}
                _ = stop.cancelled() => {}
            }
            if Instant::now() >= until
                || stop.is_cancelled()
                || games::any_game_ended(&mut *pool.acquire().await?, submission).await?
            {
                break;
            }
        }
        schedule_rest(&mut *pool.acquire().await?, submission).await
    };
    if let Err(e) = rest.await {
        tracing::warn!(%submission, "scheduling the rest of its matches (retried by the compile queue): {e:#}");
    }
}

/// Schedules the rest of the matches of submissions whose [`schedule_rest`] did not run (their
/// worker died after making them ready), a few at a time: those marked for longer than `wait`
/// (the compile queue's wait for a first result) and a margin, so that a live worker's follow-up
/// is not raced. Returns how many matches were created.
pub async fn schedule_pending(conn: &mut PgConnection, wait: Duration) -> anyhow::Result<usize> {
    let mut n = 0;
    let older_than = (wait + PENDING_MARGIN).as_secs_f64();
    for submission in games::schedule_pending(conn, older_than, 10).await? {
        n += schedule_rest(conn, submission).await?;
    }
    Ok(n)
}

/// How long past the wait for a first result a submission's rest of matches may stay unscheduled
/// before an idle compile worker takes it for lost ([`schedule_pending`]).
const PENDING_MARGIN: Duration = Duration::from_secs(30);

/// Takes the contest's scheduling lock for the caller's transaction, and then reads what
/// scheduling needs of the contest (its format and settings change under the same lock). A
/// transaction that will make a submission ready ([`make_ready`]) takes it before it writes
/// anything else (the compile's outcome, the user's compute usage): a worker storing a result
/// holds it shared while it writes the same users' usage (the lock order of `db::games`).
pub async fn lock_contest(conn: &mut PgConnection, contest: ContestId) -> anyhow::Result<Scheduling> {
    games::lock_contest(conn, contest).await?;
    Ok(games::scheduling(conn, contest).await?)
}

/// Begins the transaction that makes a submission of `contest` ready ([`make_ready`]): the
/// contest's lock taken ([`lock_contest`]) in the same round trip as the `begin`, its commit not
/// waiting for the disk (`db::queue::RELAXED_BEGIN`), and what scheduling needs of the contest.
pub async fn begin_locked(
    conn: &mut PgConnection,
    contest: ContestId,
) -> anyhow::Result<(sqlx::Transaction<'_, sqlx::Postgres>, Scheduling)> {
    let mut tx = games::begin_scheduling(conn, contest).await?;
    let scheduling = games::scheduling(&mut tx, contest).await?;
    Ok((tx, scheduling))
}

/// A contest's game and its settings.
pub async fn contest_game(conn: &mut PgConnection, contest: ContestId) -> anyhow::Result<(GameId, Settings)> {
    Ok(games::contest_game(conn, contest).await?)
}

/// Schedules the matches of a submission that just compiled, in the caller's transaction:
/// all of them, their games and their jobs in one batch, queued as arrived with the submission.
/// Returns how many matches were created.
pub async fn on_compiled(conn: &mut PgConnection, submission_id: SubmissionId) -> anyhow::Result<usize> {
    schedule(conn, submission_id).await
}

/// [`on_compiled`]: all the matches of a submission, its contest's lock taken.
async fn schedule(conn: &mut PgConnection, submission_id: SubmissionId) -> anyhow::Result<usize> {
    let Some(sub) = submissions::by_id(conn, submission_id).await? else { return Ok(0) };
    let contest = lock_contest(conn, sub.contest_id).await?;
    games::cancel_stale(conn, sub.contest_id).await?;
    if sub.status != Status::Ready {
        return Ok(0);
    }
    Ok(create(conn, &contest, &Entrant::of(&sub), None, true, None).await?.0)
}

/// A submission as the scheduler makes its matches: side `a` of each.
struct Entrant {
    id: SubmissionId,
    user_id: UserId,
    /// Its games' jobs are queued as arrived then.
    arrived_at: OffsetDateTime,
}

impl Entrant {
    fn of(sub: &submissions::Submission) -> Entrant {
        Entrant { id: sub.id, user_id: sub.user_id, arrived_at: sub.created_at }
    }
}

/// Creates the matches of a ready submission against every current opponent that it has none
/// with yet (the first `first` only, marking the rest pending, when there are more), bringing
/// the contest into the game slots' fair share in the same statement if `join_queue`. The
/// matches are made in the order of their opponents' submissions, the same for every
/// submission, so two transactions scheduling at once meet their common pair in the same order. The first match's
/// seed is `played`'s when given, the others' random; returns the matches created and the game
/// leased as `played` asks ([`FirstPlayed`]).
async fn create(
    conn: &mut PgConnection,
    contest: &Scheduling,
    entrant: &Entrant,
    first: Option<usize>,
    join_queue: bool,
    played: Option<&FirstPlayed>,
) -> anyhow::Result<(usize, Option<GameJob>)> {
    // A ladder plays no round robin: its tick enters the submission and matches it.
    if contest.ladder {
        return Ok((0, None));
    }
    let n = match first {
        Some(first) => first,
        None => games::ready_opponent_count(conn, contest.id, entrant.user_id).await? as usize,
    };
    let matches: Vec<NewMatch> = (0..n)
        .map(|i| {
            let seed: u64 = played.filter(|_| i == 0).map_or_else(rand::random, |p| p.seed);
            let plans =
                plan(&contest.settings, seed).iter().map(|p| (p.index as i32, stored_plan(p))).collect();
            NewMatch { seed: seed as i64, plans }
        })
        .collect();
    let (id, user, at) = (entrant.id, entrant.user_id, entrant.arrived_at);
    let more_pending = first.is_some();
    // The game played is the one created only with the same settings (the opponent is checked
    // as the match is made).
    let lease = played.filter(|p| p.settings == contest.settings).map(|p| &p.lease);
    let (created, leased) = games::create_matches(
        conn,
        contest.id,
        id,
        user,
        at,
        &matches,
        &contest.settings,
        more_pending,
        lease,
        join_queue,
    )
    .await?;
    Ok((created as usize, leased))
}

/// The settings stored with a contest (or a game) as the game's `Settings`.
pub fn settings_from_json(game: GameId, stored: &Value) -> anyhow::Result<Settings> {
    Settings::from_stored(game, stored).context("stored settings")
}

/// A game's plan as stored in `games.plan` (its derived serde shape).
pub fn stored_plan(p: &GamePlan) -> Value {
    serde_json::to_value(p).expect("a plan serializes")
}

/// The plan back from `games.plan`.
pub fn plan_from_stored(v: &Value) -> anyhow::Result<GamePlan> {
    GamePlan::deserialize(v).context("the game's stored plan")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_stored_plan_reads_back_the_same() {
        let s = Settings::from_assignments(GameId::Tron, std::iter::empty()).unwrap();
        for p in plan(&s, u64::MAX - 3) {
            assert_eq!(plan_from_stored(&stored_plan(&p)).unwrap(), p);
            // The column's shape, as earlier versions wrote it.
            let seats = serde_json::to_value(p.seats).unwrap();
            let board = p.board.map(|b| json!({"width": b.width, "height": b.height, "ms": b.ms}));
            let earlier = json!({"index": p.index, "seats": seats, "board": board, "seed": p.seed});
            assert_eq!(stored_plan(&p), earlier);
        }
        let stored = serde_json::to_value(&s).unwrap();
        assert_eq!(settings_from_json(GameId::Tron, &stored).unwrap(), s);
    }
}
