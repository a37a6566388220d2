//! A game as a worker plays it: claimed from the queue, its match's sides, put back or given
//! up, its moves so far, its result stored and its match decided.

use super::{GameStatus, MAX_ATTEMPTS};
use crate::db::ids::{ContestId, GameRecordId, MatchId, SubmissionId, UserId};
use crate::db::queue::{self, Claimed, JobKind};
use crate::games::GameId;
use serde_json::Value;
use sqlx::{Connection, PgConnection};

/// A game taken from the queue, with what a worker needs to play it.
#[derive(Clone, Debug)]
pub struct GameJob {
    pub id: GameRecordId,
    pub match_id: MatchId,
    pub plan: Value,
    pub settings: Value,
    pub attempts: i32,
    /// Whether the thinking time is charged to the users' daily budgets.
    pub charge: bool,
}

/// A claimed game becomes `running`; one cancelled meanwhile has nothing left to play.
impl queue::Subject for GameJob {
    const KIND: JobKind = JobKind::Game;

    async fn take(conn: &mut PgConnection, claimed: Claimed) -> sqlx::Result<Option<GameJob>> {
        sqlx::query_as!(
            GameJob,
            r#"update games set status = 'running', started_at = now()
               where id = $1 and status in ('queued', 'running')
               returning id as "id: _", match_id as "match_id: _", plan, settings, $2::int4 as "attempts!",
                         charge"#,
            claimed.subject,
            claimed.attempts
        )
        .fetch_optional(conn)
        .await
    }
}

/// Claims the next queued game (the contest whose turn it is, then its order: see
/// [`queue::claim_next_game`]), or a running one whose lease ran out (its worker died), unless
/// it has had its [`MAX_ATTEMPTS`] (see [`fail_exhausted`]); the game becomes `running`.
pub async fn claim(conn: &mut PgConnection, worker: &str, lease_secs: f64) -> sqlx::Result<Option<GameJob>> {
    queue::claim_next_game(conn, worker, lease_secs, MAX_ATTEMPTS).await
}

/// Gives up on the games that had their [`MAX_ATTEMPTS`] without a result (their last lease ran
/// out, or the judge released them): they become `failed` with the reason, and so do their
/// matches, which stay out of the standings until a rejudge. Returns how many games.
pub async fn fail_exhausted(conn: &mut PgConnection) -> sqlx::Result<i64> {
    let mut tx = conn.begin().await?;
    let given_up = queue::fail_exhausted(&mut tx, JobKind::Game, MAX_ATTEMPTS).await?;
    if given_up.is_empty() {
        tx.commit().await?;
        return Ok(0);
    }
    let (ids, attempts): (Vec<i64>, Vec<i32>) = given_up.iter().map(|c| (c.subject, c.attempts)).unzip();
    let n = sqlx::query_scalar!(
        r#"with failed as (
               update games g set status = 'failed', finished_at = now(),
                      failure = 'Given up after ' || a.attempts || ' attempts: each time its worker died, lost its lease or could not run it (a fault of the judge, not of the bots). A rejudge plays it again.',
                      failure_code = 'given_up', failure_args = jsonb_build_object('attempts', a.attempts)
               from unnest($1::int8[], $2::int4[]) as a(id, attempts)
               where g.id = a.id and g.status in ('queued', 'running')
               returning g.match_id),
           matches_failed as (
               update matches set status = 'failed', points_a = null, points_b = null,
                                  games_won_a = null, games_won_b = null, games_drawn = null
               where id in (select match_id from failed) and status <> 'cancelled')
           select count(*) as "n!" from failed"#,
        &ids,
        &attempts
    )
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(n)
}

/// One side of a match, for a worker: the compiled bot (or the house bot's level) and whose it is.
#[derive(Clone, Debug)]
pub struct Side {
    pub submission_id: SubmissionId,
    pub user_id: UserId,
    pub nickname: String,
    pub language: String,
    pub artifact: Option<Vec<u8>>,
    /// Set for a house bot: its level, run as `botarena house` (no artifact, no compute charged).
    pub house_level: Option<String>,
}

/// One submission as a side of a game (compiled bot, or house level, and whose it is).
pub async fn side(conn: &mut PgConnection, submission: SubmissionId) -> sqlx::Result<Option<Side>> {
    sqlx::query_as!(
        Side,
        r#"select s.id as "submission_id: _", s.user_id as "user_id: _", coalesce(u.nickname, u.username) as "nickname!",
                  s.language, s.artifact,
                  case when u.is_house then convert_from(s.source, 'UTF8') end as house_level
           from submissions s join users u on u.id = s.user_id where s.id = $1"#,
        submission as SubmissionId
    )
    .fetch_optional(conn)
    .await
}

/// The contest's game, the match seed and both sides of a match.
pub struct MatchSetup {
    pub contest_id: ContestId,
    pub game: GameId,
    pub seed: i64,
    pub sides: [Side; 2],
    /// Set for a test match: the user who asked for it, charged for its games.
    pub requested_by: Option<UserId>,
}

/// Marks a claimed game's match `running` (unless it was cancelled or has failed) and reads what
/// its games are played with, both sides included (each as [`side`] reads it), in one round trip;
/// `None` if the match is gone.
pub async fn start_match(conn: &mut PgConnection, match_id: MatchId) -> sqlx::Result<Option<MatchSetup>> {
    let rows = sqlx::query!(
        r#"with started as (
               update matches set status = 'running', points_a = null, points_b = null,
                      games_won_a = null, games_won_b = null, games_drawn = null, finished_at = null
               where id = $1 and status not in ('cancelled', 'failed'))
           select m.contest_id as "contest_id: ContestId", c.game as "game: GameId", m.seed,
                  m.submission_a, m.submission_b, m.requested_by as "requested_by: UserId",
                  s.id as "submission_id: SubmissionId", s.user_id as "user_id: UserId",
                  coalesce(u.nickname, u.username) as "nickname!", s.language, s.artifact,
                  case when u.is_house then convert_from(s.source, 'UTF8') end as house_level
           from matches m join contests c on c.id = m.contest_id
                join submissions s on s.id in (m.submission_a, m.submission_b)
                join users u on u.id = s.user_id
           where m.id = $1"#,
        match_id as MatchId
    )
    .fetch_all(conn)
    .await?;
    let Some(first) = rows.first() else { return Ok(None) };
    let (contest_id, game, seed, requested_by) =
        (first.contest_id, first.game, first.seed, first.requested_by);
    let ids = [SubmissionId(first.submission_a), SubmissionId(first.submission_b)];
    let sides: Vec<Side> = rows
        .into_iter()
        .map(|r| Side {
            submission_id: r.submission_id,
            user_id: r.user_id,
            nickname: r.nickname,
            language: r.language,
            artifact: r.artifact,
            house_level: r.house_level,
        })
        .collect();
    // A bot that plays itself is one row, both sides.
    let side = |id| sides.iter().find(|s| s.submission_id == id).cloned().ok_or(sqlx::Error::RowNotFound);
    Ok(Some(MatchSetup { contest_id, game, seed, sides: [side(ids[0])?, side(ids[1])?], requested_by }))
}

/// Puts a game back in the queue after a failure of the judge itself.
pub async fn release(conn: &mut PgConnection, id: GameRecordId, worker: &str) -> sqlx::Result<()> {
    put_back(conn, id, worker, false).await
}

/// Puts a game `worker` holds back in the queue unfinished, the claim not counted as an attempt
/// (the worker is draining: see [`queue::give_back`]).
pub async fn give_back(conn: &mut PgConnection, id: GameRecordId, worker: &str) -> sqlx::Result<()> {
    put_back(conn, id, worker, true).await
}

async fn put_back(
    conn: &mut PgConnection,
    id: GameRecordId,
    worker: &str,
    uncount: bool,
) -> sqlx::Result<()> {
    let mut tx = conn.begin().await?;
    let back = if uncount {
        queue::give_back(&mut tx, JobKind::Game, id, worker).await?
    } else {
        queue::release(&mut tx, JobKind::Game, id, worker).await?
    };
    if back {
        sqlx::query!(
            "update games set status = 'queued' where id = $1 and status = 'running'",
            id as GameRecordId
        )
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}

/// When a game was played: from its first bot's start to its end, as the slot saw it. A slot
/// claims its next quick game while it plays one, and stores a result while it plays the next,
/// so the claim and the store are not the game's own start and end.
#[derive(Clone, Copy, Debug)]
pub struct Played {
    pub started: time::OffsetDateTime,
    pub finished: time::OffsetDateTime,
}

/// Begins the transaction that stores a result of `contest`, in one round trip: it commits
/// without waiting for the disk ([`queue::RELAXED_BEGIN`]: a result lost in a crash of the server
/// leaves its job held by the worker, and the game is played again once the lease runs out) and
/// holds the contest's lock shared (step 1 of the lock order, [`super::share_contest_lock`]).
pub async fn begin_storing(
    conn: &mut PgConnection,
    contest: ContestId,
) -> sqlx::Result<sqlx::Transaction<'_, sqlx::Postgres>> {
    // The contest's id is an integer of ours, formatted into the statement: `begin_with` takes a
    // plain query (no parameters), which may hold several statements.
    let lock = format!("select pg_advisory_xact_lock_shared({})", i64::from(contest));
    conn.begin_with(format!("{}; {lock}", queue::RELAXED_BEGIN)).await
}

/// Stores a game's result, exactly once, in one statement: its job is finished, the game is
/// `done` with its result and log, and the contest's slot time is settled: the estimate it was
/// charged at the claim replaced by what the game really took, from which the contest's estimate
/// is learnt. `false` (nothing written) when the game is no longer
/// ours (its lease ran out and another worker took it, or a rejudge replaced it). The outcome
/// columns the standings and pages read (`winner`, `end_reason`, `forfeit_kind`) are computed by
/// the database from the result as it is written. The writes follow the lock order (jobs, then
/// games): each part reads the one before it.
pub async fn finish(
    conn: &mut PgConnection,
    id: GameRecordId,
    worker: &str,
    result: &Value,
    log: &str,
    think_ms: [i64; 2],
    played: Option<Played>,
) -> sqlx::Result<bool> {
    let stored = sqlx::query_scalar!(
        r#"with job as (
               update jobs set finished_at = now(), locked_by = null, lease_until = null
               where kind = 'game' and subject_id = $1 and locked_by = $2 and finished_at is null
               returning subject_id),
           game as (
               update games set status = 'done', result = $3, log = $4, think_ms_a = $5, think_ms_b = $6,
                      started_at = coalesce($7, started_at), finished_at = coalesce($8, now()), progress = null
               where id = (select subject_id from job) and status = 'running'
               returning match_id, started_at),
           played as (
               select m.contest_id, c.share, greatest(0, extract(epoch from now() - g.started_at) * 1000)::float8 as ms
               from game g join matches m on m.id = g.match_id join contests c on c.id = m.contest_id
               where g.started_at is not null),
           settled as (
               update contest_slot_usage u
               set vtime = u.vtime + (p.ms - u.estimate_ms) / p.share,
                   used_ms = u.used_ms + p.ms::int8,
                   estimate_ms = greatest(1, 0.8 * u.estimate_ms + 0.2 * p.ms)
               from played p where u.contest_id = p.contest_id)
           select exists (select 1 from game) as "stored!""#,
        i64::from(id),
        worker,
        result,
        log,
        think_ms[0],
        think_ms[1],
        played.map(|p| p.started),
        played.map(|p| p.finished)
    )
    .fetch_one(conn)
    .await?;
    Ok(stored)
}

/// Locks a match's row until the transaction ends (step 3 of the lock order, after its game's)
/// and reads the winners of its games, as [`match_winners`] does, in one round trip: the workers
/// storing its last two games at the same moment take turns, and the second sees the first's
/// result and closes the match.
pub async fn lock_match_winners(
    conn: &mut PgConnection,
    match_id: MatchId,
) -> sqlx::Result<Vec<Option<Option<String>>>> {
    let rows = sqlx::query!(
        r#"select g.status as "status: GameStatus", g.winner from matches m join games g on g.match_id = m.id
           where m.id = $1 and g.replaced_at is null order by g.index for update of m"#,
        match_id as MatchId
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.status == GameStatus::Done).then_some(r.winner)).collect())
}

/// The winners of a match's games in order (`Some(None)` a draw), `None` for a game not done
/// (cancelled games count as not done): the stored outcome columns, never the result objects.
pub async fn match_winners(
    conn: &mut PgConnection,
    match_id: MatchId,
) -> sqlx::Result<Vec<Option<Option<String>>>> {
    let rows = sqlx::query!(
        r#"select status as "status: GameStatus", winner from games
           where match_id = $1 and replaced_at is null order by index"#,
        match_id as MatchId
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.status == GameStatus::Done).then_some(r.winner)).collect())
}

/// What a decided match stores for the standings: each side's points (3 / 1 / 0) and games won,
/// and the games drawn; sides `a`, `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchScore {
    pub points: [i32; 2],
    pub games_won: [i32; 2],
    pub games_drawn: i32,
}

/// Marks a match running, or done with its score; a cancelled or failed match keeps its status.
pub async fn set_match_state(
    conn: &mut PgConnection,
    match_id: MatchId,
    status: GameStatus,
    score: Option<MatchScore>,
) -> sqlx::Result<()> {
    sqlx::query!(
        "update matches set status = $2, points_a = $3, points_b = $4,
                games_won_a = $5, games_won_b = $6, games_drawn = $7,
                finished_at = case when $2 = 'done'::game_status then now() end
         where id = $1 and status not in ('cancelled', 'failed')",
        match_id as MatchId,
        status as GameStatus,
        score.map(|s| s.points[0]),
        score.map(|s| s.points[1]),
        score.map(|s| s.games_won[0]),
        score.map(|s| s.games_won[1]),
        score.map(|s| s.games_drawn)
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Writes the moves so far of a game `worker` is playing (`{"params", "moves"}`), for its page to
/// show live; nothing when the game is no longer running.
pub async fn set_progress(conn: &mut PgConnection, id: GameRecordId, progress: &Value) -> sqlx::Result<()> {
    sqlx::query!(
        "update games set progress = $2 where id = $1 and status = 'running'",
        id as GameRecordId,
        progress
    )
    .execute(conn)
    .await?;
    Ok(())
}
