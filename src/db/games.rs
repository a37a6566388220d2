//! Matches and their games. Each game is the subject of a job of the queue (`db::queue`,
//! played by `jobs::games`); the game's status is what users see, updated with its job.
//!
//! **Lock order.** Every transaction that writes games, matches or standings takes its locks in
//! this order, so that two of them never wait for each other:
//! 1. the contest's advisory lock ([`lock_contest`]: exclusive for whatever changes who is
//!    current — scheduling, superseding, disqualifying, rejudging, house bots —; shared,
//!    [`share_contest_lock`], for a worker storing a result);
//! 2. submissions (and, by their triggers, the `standings` rows, in submission order);
//! 3. jobs, then games, then matches (and by the match trigger the `standings` rows again);
//! 4. the users' `compute_usage` rows, in user order.
//!
//! A transaction that makes a submission ready takes step 1 before it writes the compile's
//! outcome and charges its time (`service::scheduler::lock_contest`).
//!
//! A worker storing a match's last game writes the match's standings rows after its match; a
//! resubmission writes them (superseding) before cancelling that match: without step 1 those
//! two deadlocked.

use super::ids::{ContestId, GameRecordId, MatchId, SubmissionId, UserId};
use super::queue::{self, Claimed, JobKind};
use crate::games::settings::Settings;
use crate::games::GameId;
use serde::Serialize;
use serde_json::Value;
use sqlx::{Connection, PgConnection};
use time::OffsetDateTime;

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

/// A submission ready to play, as the scheduler sees it.
#[derive(Clone, Debug)]
pub struct Opponent {
    pub id: SubmissionId,
    pub user_id: UserId,
}

/// The latest ready submission of every other user of the contest; house bots play students
/// only, so a house bot's opponents leave the other house bots out.
pub async fn ready_opponents(
    conn: &mut PgConnection,
    contest_id: ContestId,
    user_id: UserId,
) -> sqlx::Result<Vec<Opponent>> {
    sqlx::query_as!(
        Opponent,
        r#"select distinct on (s.user_id) s.id as "id: _", s.user_id as "user_id: _"
         from submissions s join users u on u.id = s.user_id
         where s.contest_id = $1 and s.user_id <> $2 and s.status = 'ready'
           and not (u.is_house and (select is_house from users where id = $2))
         order by s.user_id, s.id desc"#,
        contest_id as ContestId,
        user_id as UserId
    )
    .fetch_all(conn)
    .await
}

/// A match to create for a new submission: its opponent, its seed and its games' plans (index
/// and `games.plan`).
#[derive(Clone, Debug)]
pub struct NewMatch {
    pub opponent: SubmissionId,
    pub seed: i64,
    pub plans: Vec<(i32, Value)>,
}

/// Creates the matches of `submission` (side `a`) against each opponent whose pair has none yet,
/// their games (with the contest's `settings`) and the games' jobs, in one statement however
/// many there are. The jobs are queued in the order given (each match's place its `seq`), as
/// arrived at `arrived_at` (the submission's arrival: see `queue`). Returns the matches created.
pub async fn create_matches(
    conn: &mut PgConnection,
    contest_id: ContestId,
    submission: SubmissionId,
    arrived_at: OffsetDateTime,
    matches: &[NewMatch],
    settings: &Settings,
) -> sqlx::Result<i64> {
    let settings = super::contests::stored(settings);
    let (opponents, seeds): (Vec<SubmissionId>, Vec<i64>) =
        matches.iter().map(|m| (m.opponent, m.seed)).unzip();
    let games = game_columns(matches.iter().map(|m| (m.opponent, &m.plans[..])));
    queue::join_game_queue(conn, contest_id.into()).await?;
    sqlx::query_scalar!(
        r#"with new_matches as (
               insert into matches (contest_id, submission_a, submission_b, seed)
               select $1, $2, o.opponent, o.seed
               from unnest($3::int8[], $4::int8[]) with ordinality as o(opponent, seed, n)
               order by o.n
               on conflict do nothing
               returning id, submission_b),
           new_games as (
               insert into games (match_id, index, plan, settings)
               select m.id, p.index, p.plan, $8
               from unnest($5::int8[], $6::int4[], $7::jsonb[]) with ordinality as p(opponent, index, plan, n)
               join new_matches m on m.submission_b = p.opponent
               order by p.n
               returning id, match_id),
           new_jobs as (
               insert into jobs (kind, game_id, arrived_at, contest_id, seq)
               select 'game', g.id, $9, $1, (o.n - 1)::int4
               from new_games g join new_matches m on m.id = g.match_id
               join unnest($3::int8[]) with ordinality as o(opponent, n) on o.opponent = m.submission_b
               order by g.id
               returning 1)
           select count(*) as "created!" from new_matches"#,
        contest_id as ContestId,
        submission as SubmissionId,
        &opponents as &[SubmissionId],
        &seeds,
        &games.0 as &[SubmissionId],
        &games.1,
        &games.2,
        settings,
        arrived_at
    )
    .fetch_one(conn)
    .await
}

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

/// Cancels the games still queued (or failed) of the unfinished round-robin matches whose
/// submissions are no longer current (superseded or disqualified), and those matches themselves
/// (a test match is played out: its student asked for that very pairing). A game a worker
/// has just claimed is left to finish. Returns the games cancelled. Found by index from the
/// contest's submissions that are not ready (`submissions_not_ready`) to their unfinished
/// matches (`matches_unfinished_a` / `_b`), never by reading the contest's matches.
pub async fn cancel_stale(conn: &mut PgConnection, contest_id: ContestId) -> sqlx::Result<u64> {
    let matches: Vec<i64> = sqlx::query_scalar!(
        r#"select m.id as "id!" from submissions s join matches m on m.submission_a = s.id
           where s.contest_id = $1 and s.status <> 'ready' and m.status in ('queued', 'running', 'failed')
             and m.requested_by is null
           union
           select m.id from submissions s join matches m on m.submission_b = s.id
           where s.contest_id = $1 and s.status <> 'ready' and m.status in ('queued', 'running', 'failed')
             and m.requested_by is null"#,
        contest_id as ContestId
    )
    .fetch_all(&mut *conn)
    .await?;
    if matches.is_empty() {
        return Ok(0);
    }
    let stale = sqlx::query!(
        r#"select id, status as "status: GameStatus" from games
           where match_id = any($1) and status in ('queued', 'failed')"#,
        &matches
    )
    .fetch_all(&mut *conn)
    .await?;
    let queued: Vec<i64> = stale.iter().filter(|g| g.status == GameStatus::Queued).map(|g| g.id).collect();
    let mut cancelled = queue::cancel(conn, JobKind::Game, &queued).await?;
    cancelled.extend(stale.iter().filter(|g| g.status == GameStatus::Failed).map(|g| g.id));
    let res = sqlx::query!(
        "update games set status = 'cancelled' where id = any($1) and status in ('queued', 'failed')",
        &cancelled
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "update matches set status = 'cancelled' where id = any($1) and status in ('queued', 'running', 'failed')",
        &matches
    )
    .execute(&mut *conn)
    .await?;
    Ok(res.rows_affected())
}

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
    let (ids, attempts): (Vec<i64>, Vec<i32>) = given_up.iter().map(|c| (c.subject, c.attempts)).unzip();
    let n = sqlx::query_scalar!(
        r#"with failed as (
               update games g set status = 'failed', finished_at = now(),
                      failure = 'Given up after ' || a.attempts || ' attempts: each time its worker died, lost its lease or could not run it (a fault of the judge, not of the bots). A rejudge plays it again.'
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

pub async fn match_setup(conn: &mut PgConnection, match_id: MatchId) -> sqlx::Result<Option<MatchSetup>> {
    let Some(m) = sqlx::query!(
        r#"select m.contest_id as "contest_id: ContestId", c.game as "game: GameId", m.seed,
                m.submission_a, m.submission_b, m.requested_by as "requested_by: UserId"
         from matches m join contests c on c.id = m.contest_id where m.id = $1"#,
        match_id as MatchId
    )
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    let mut sides = Vec::with_capacity(2);
    for sub in [m.submission_a, m.submission_b] {
        sides.push(side(conn, SubmissionId(sub)).await?.ok_or(sqlx::Error::RowNotFound)?);
    }
    let [a, b]: [Side; 2] = sides.try_into().map_err(|_| sqlx::Error::RowNotFound)?;
    Ok(Some(MatchSetup {
        contest_id: m.contest_id,
        game: m.game,
        seed: m.seed,
        sides: [a, b],
        requested_by: m.requested_by,
    }))
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

/// Stores a game's result, exactly once: `false` (nothing written) when the game is no longer
/// ours (its lease ran out and another worker took it, or a rejudge replaced it). The outcome
/// columns the standings and pages read (`winner`, `end_reason`, `forfeit_kind`) are computed by
/// the database from the result as it is written.
pub async fn finish(
    conn: &mut PgConnection,
    id: GameRecordId,
    worker: &str,
    result: &Value,
    log: &str,
    think_ms: [i64; 2],
) -> sqlx::Result<bool> {
    let mut tx = conn.begin().await?;
    if !queue::finish(&mut tx, JobKind::Game, id, worker).await? {
        return Ok(false);
    }
    let res = sqlx::query!(
        "update games set status = 'done', result = $2, log = $3, think_ms_a = $4, think_ms_b = $5,
                finished_at = now(), progress = null
         where id = $1 and status = 'running'",
        id as GameRecordId,
        result,
        log,
        think_ms[0],
        think_ms[1]
    )
    .execute(&mut *tx)
    .await?;
    if res.rows_affected() != 1 {
        return Ok(false);
    }
    queue::settle_game_slot(&mut tx, id.into()).await?;
    tx.commit().await?;
    Ok(true)
}

/// Locks a match row until the transaction ends, so that the workers storing its last two games
/// at the same moment take turns: the second then sees the first's result and closes the match.
/// Taken after the game's own row (see the lock order above).
pub async fn lock_match(conn: &mut PgConnection, match_id: MatchId) -> sqlx::Result<()> {
    sqlx::query!("select id from matches where id = $1 for update", match_id as MatchId)
        .fetch_optional(conn)
        .await?;
    Ok(())
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

/// A round-robin match of a submission, seen from that submission.
#[derive(Clone, Debug)]
pub struct MatchRow {
    pub id: MatchId,
    pub status: GameStatus,
    pub opponent_submission: SubmissionId,
    pub opponent_nickname: String,
    /// Whether the opponent's submission is still its user's current one (`ready`).
    pub opponent_current: bool,
    /// The submission's points (3 / 1 / 0) once done, and its games won, drawn and lost.
    pub points: Option<i32>,
    pub games_won: Option<i32>,
    pub games_drawn: Option<i32>,
    pub games_lost: Option<i32>,
    pub games: Vec<GameRecordId>,
    /// Its earlier games, replaced by rejudges, oldest first (they count for nothing).
    pub replaced: Vec<GameRecordId>,
}

pub async fn matches_of_submission(
    conn: &mut PgConnection,
    submission: SubmissionId,
) -> sqlx::Result<Vec<MatchRow>> {
    sqlx::query_as!(
        MatchRow,
        r#"select m.id as "id: _", m.status as "status: GameStatus",
                  o.id as "opponent_submission: _", coalesce(u.nickname, u.username) as "opponent_nickname!",
                  o.status = 'ready' as "opponent_current!",
                  case when m.submission_a = $1 then m.points_a else m.points_b end as points,
                  case when m.submission_a = $1 then m.games_won_a else m.games_won_b end as games_won,
                  m.games_drawn,
                  case when m.submission_a = $1 then m.games_won_b else m.games_won_a end as games_lost,
                  array(select g.id from games g where g.match_id = m.id and g.replaced_at is null
                        order by g.index) as "games!: _",
                  array(select g.id from games g where g.match_id = m.id and g.replaced_at is not null
                        order by g.replaced_at, g.index) as "replaced!: _"
           from matches m
           join submissions o on o.id = case when m.submission_a = $1 then m.submission_b else m.submission_a end
           join users u on u.id = o.user_id
           where (m.submission_a = $1 or m.submission_b = $1) and m.requested_by is null
           order by m.id"#,
        submission as SubmissionId
    )
    .fetch_all(conn)
    .await
}

/// A stored game, with the two submissions and their owners.
#[derive(Clone, Debug)]
pub struct Game {
    pub id: GameRecordId,
    pub match_id: MatchId,
    pub index: i32,
    pub status: GameStatus,
    pub plan: Value,
    pub settings: Value,
    pub result: Option<Value>,
    pub log: Option<String>,
    pub attempts: i32,
    pub submission_a: SubmissionId,
    pub submission_b: SubmissionId,
    pub user_a: UserId,
    pub user_b: UserId,
    pub finished_at: Option<OffsetDateTime>,
    /// The contest's game: which rules replay the result.
    pub game: GameId,
    /// Set for a game of a test match: the user who asked for it (who alone, with admins, sees it).
    pub requested_by: Option<UserId>,
    /// Set once a rejudge replaced the game: it stays readable but counts for nothing.
    pub replacement: Option<Replacement>,
}

/// How a game was replaced: when, by which game, in which audited action and by whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replacement {
    pub at: OffsetDateTime,
    /// The game played in its place (`None` once `botarena prune` deleted that one too).
    pub by: Option<GameRecordId>,
    /// The audit action that replaced it (`contest.rejudge`, `submission.rejudge`).
    pub action: Option<String>,
    /// Who asked: an admin's name, `None` for the command line.
    pub actor: Option<String>,
}

pub async fn game(conn: &mut PgConnection, id: GameRecordId) -> sqlx::Result<Option<Game>> {
    let Some(r) = sqlx::query!(
        r#"select g.id as "id: GameRecordId", g.match_id as "match_id: MatchId", g.index,
                  g.status as "status: GameStatus", g.plan, g.settings, g.result, g.log,
                  coalesce(j.attempts, 0) as "attempts!",
                  m.submission_a as "submission_a: SubmissionId", m.submission_b as "submission_b: SubmissionId",
                  sa.user_id as "user_a: UserId", sb.user_id as "user_b: UserId", g.finished_at,
                  c.game as "game: GameId", m.requested_by as "requested_by: UserId",
                  g.replaced_at, g.replaced_by as "replaced_by: GameRecordId",
                  a.action as "replaced_action?", coalesce(u.username, a.actor_name) as "replaced_actor?"
           from games g join matches m on m.id = g.match_id
           join contests c on c.id = m.contest_id
           join submissions sa on sa.id = m.submission_a
           join submissions sb on sb.id = m.submission_b
           left join jobs j on j.kind = 'game' and j.subject_id = g.id
           left join audit_log a on a.id = g.replaced_in
           left join users u on u.id = a.actor_id
           where g.id = $1"#,
        id as GameRecordId
    )
    .fetch_optional(conn)
    .await?
    else {
        return Ok(None);
    };
    Ok(Some(Game {
        id: r.id,
        match_id: r.match_id,
        index: r.index,
        status: r.status,
        plan: r.plan,
        settings: r.settings,
        result: r.result,
        log: r.log,
        attempts: r.attempts,
        submission_a: r.submission_a,
        submission_b: r.submission_b,
        user_a: r.user_a,
        user_b: r.user_b,
        finished_at: r.finished_at,
        game: r.game,
        requested_by: r.requested_by,
        replacement: r.replaced_at.map(|at| Replacement {
            at,
            by: r.replaced_by,
            action: r.replaced_action,
            actor: r.replaced_actor,
        }),
    }))
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

/// A game as its live page follows it: status, the moves so far while it runs.
pub struct Live {
    pub status: GameStatus,
    pub progress: Option<Value>,
}

pub async fn live(conn: &mut PgConnection, id: GameRecordId) -> sqlx::Result<Option<Live>> {
    sqlx::query_as!(
        Live,
        r#"select status as "status: GameStatus", progress from games where id = $1"#,
        id as GameRecordId
    )
    .fetch_optional(conn)
    .await
}

/// The round-robin matches between the current (ready) submissions of a contest that a rejudge
/// replays (never a test match), all of them or those of one `submission`: id and seed.
pub async fn current_match_seeds(
    conn: &mut PgConnection,
    contest_id: ContestId,
    submission: Option<SubmissionId>,
) -> sqlx::Result<Vec<(MatchId, i64)>> {
    Ok(sqlx::query!(
        r#"select m.id as "id: MatchId", m.seed from matches m
         join submissions sa on sa.id = m.submission_a and sa.status = 'ready'
         join submissions sb on sb.id = m.submission_b and sb.status = 'ready'
         where m.contest_id = $1 and m.status <> 'cancelled' and m.requested_by is null
           and ($2::int8 is null or $2 in (m.submission_a, m.submission_b))
         order by m.id"#,
        contest_id as ContestId,
        submission as Option<SubmissionId>
    )
    .fetch_all(conn)
    .await?
    .into_iter()
    .map(|r| (r.id, r.seed))
    .collect())
}

/// A match to replay: its id, its place in the rejudge's order (the queue's `seq`) and the plans
/// of its fresh games (index, plan).
pub struct Replay {
    pub match_id: MatchId,
    pub seq: i32,
    pub plans: Vec<(i32, Value)>,
}

/// Replaces the current games of `replays` with fresh queued ones (plans and settings given) and
/// puts the matches back in the queue without points, in four statements whatever their number
/// (the standings' triggers run once). The old games stay, marked replaced (`replaced_at`, the
/// new game in `replaced_by`, the audited action `replaced_in`); one not played yet becomes
/// `cancelled`, and its job leaves the queue, so a worker still playing it finds nothing to
/// extend or finish. Replays are not charged to the users' budgets: the admin asked for them.
/// Returns the games created.
pub async fn replace_games(
    conn: &mut PgConnection,
    contest_id: ContestId,
    replays: &[Replay],
    settings: &Settings,
    audit_entry: i64,
) -> sqlx::Result<u64> {
    let settings = super::contests::stored(settings);
    let ids: Vec<MatchId> = replays.iter().map(|r| r.match_id).collect();
    let seqs: Vec<i32> = replays.iter().map(|r| r.seq).collect();
    let games = game_columns(replays.iter().map(|r| (r.match_id, &r.plans[..])));
    queue::join_game_queue(conn, contest_id.into()).await?;
    sqlx::query!(
        "update jobs set finished_at = now(), locked_by = null, lease_until = null
         where kind = 'game' and finished_at is null
           and game_id in (select id from games where match_id = any($1) and replaced_at is null)",
        &ids as &[MatchId]
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "update games set replaced_at = now(), replaced_in = $2, progress = null,
                status = case when status in ('queued', 'running') then 'cancelled'::game_status else status end
         where match_id = any($1) and replaced_at is null",
        &ids as &[MatchId],
        audit_entry
    )
    .execute(&mut *conn)
    .await?;
    let created = sqlx::query!(
        r#"with new_games as (
               insert into games (match_id, index, plan, settings, charge)
               select p.match_id, p.index, p.plan, $4, false
               from unnest($1::int8[], $2::int4[], $3::jsonb[]) with ordinality as p(match_id, index, plan, n)
               order by p.n
               returning id, match_id, index),
           new_jobs as (
               insert into jobs (kind, game_id, contest_id, seq)
               select 'game', g.id, $6, r.seq from new_games g
               join unnest($7::int8[], $8::int4[]) as r(match_id, seq) on r.match_id = g.match_id
               order by g.id
               returning 1),
           linked as (
               update games old set replaced_by = n.id
               from new_games n
               where old.match_id = n.match_id and old.index = n.index and old.replaced_in = $5
                 and old.replaced_by is null
               returning 1)
           select (select count(*) from new_jobs) as "created!", (select count(*) from linked) as "linked!""#,
        &games.0 as &[MatchId],
        &games.1,
        &games.2,
        settings,
        audit_entry,
        contest_id as ContestId,
        &ids as &[MatchId],
        &seqs
    )
    .fetch_one(&mut *conn)
    .await?
    .created;
    sqlx::query!(
        "update matches set status = 'queued', points_a = null, points_b = null,
                games_won_a = null, games_won_b = null, games_drawn = null, finished_at = null
         where id = any($1)",
        &ids as &[MatchId]
    )
    .execute(conn)
    .await?;
    Ok(created as u64)
}

/// Deletes the games of a contest replaced before `before` (only counts them with `dry_run`):
/// the games deleted and the matches they were of. Current games are never touched; a game
/// that replaced a pruned one keeps its place (`replaced_by` of the pruned one is gone with it).
pub async fn prune_replaced(
    conn: &mut PgConnection,
    contest_id: ContestId,
    before: OffsetDateTime,
    dry_run: bool,
) -> sqlx::Result<(i64, i64)> {
    let r = sqlx::query!(
        r#"with doomed as (
               select g.id, g.match_id from games g join matches m on m.id = g.match_id
               where m.contest_id = $1 and g.replaced_at < $2),
           deleted as (
               delete from games where id in (select id from doomed) and not $3 returning id)
           select (select count(*) from doomed) as "games!",
                  (select count(distinct match_id) from doomed) as "matches!",
                  (select count(*) from deleted) as "deleted!""#,
        contest_id as ContestId,
        before,
        dry_run
    )
    .fetch_one(conn)
    .await?;
    debug_assert!(dry_run || r.deleted == r.games);
    Ok((r.games, r.matches))
}

/// The game and settings of a contest.
pub async fn contest_game(
    conn: &mut PgConnection,
    contest_id: ContestId,
) -> sqlx::Result<(GameId, Settings)> {
    let r = sqlx::query!(
        r#"select slug, game as "game: GameId", settings from contests where id = $1"#,
        contest_id as ContestId
    )
    .fetch_one(conn)
    .await?;
    Ok((r.game, super::contests::read_settings(r.game, &r.settings, &r.slug)?))
}

/// Takes the contest's scheduling lock until the transaction ends, so that two submissions
/// becoming ready at once still see each other.
pub async fn lock_contest(conn: &mut PgConnection, contest_id: ContestId) -> sqlx::Result<()> {
    sqlx::query!("select pg_advisory_xact_lock($1)", contest_id as ContestId).execute(conn).await?;
    Ok(())
}

/// Takes the contest's scheduling lock shared until the transaction ends: results of the
/// contest are stored side by side, but never while its current submissions change (see the
/// lock order above).
pub async fn share_contest_lock(conn: &mut PgConnection, contest_id: ContestId) -> sqlx::Result<()> {
    sqlx::query!("select pg_advisory_xact_lock_shared($1)", contest_id as ContestId).execute(conn).await?;
    Ok(())
}

/// How a game went, from its stored outcome columns (never the result object), seen from one
/// side (`"a"` or `"b"`) of its match.
#[derive(Clone, Debug)]
pub struct GameOutcome {
    pub id: GameRecordId,
    pub status: GameStatus,
    /// `a`, `b`, or none for a draw (or a game not done).
    pub winner: Option<String>,
    pub end_reason: Option<String>,
    pub side: String,
}

/// Every game of a submission's round-robin matches (replaced ones too), seen from the
/// submission's side.
pub async fn games_of_submission(
    conn: &mut PgConnection,
    submission: SubmissionId,
) -> sqlx::Result<Vec<GameOutcome>> {
    sqlx::query_as!(
        GameOutcome,
        r#"select g.id as "id: _", g.status as "status: GameStatus", g.winner, g.end_reason,
                  case when m.submission_a = $1 then 'a' else 'b' end as "side!"
           from games g join matches m on m.id = g.match_id
           where (m.submission_a = $1 or m.submission_b = $1) and m.requested_by is null"#,
        submission as SubmissionId
    )
    .fetch_all(conn)
    .await
}

/// What a game's page shows of its match: the contest and the players' shown names.
pub struct GamePageInfo {
    pub slug: String,
    pub title: String,
    pub game: GameId,
    pub nick_a: String,
    pub nick_b: String,
}

pub async fn game_page_info(
    conn: &mut PgConnection,
    match_id: MatchId,
    user_a: UserId,
    user_b: UserId,
) -> sqlx::Result<GamePageInfo> {
    sqlx::query_as!(
        GamePageInfo,
        r#"select c.slug, c.title, c.game as "game: _",
                  coalesce(ua.nickname, ua.username) as "nick_a!", coalesce(ub.nickname, ub.username) as "nick_b!"
           from matches m join contests c on c.id = m.contest_id
           join users ua on ua.id = $2 join users ub on ub.id = $3
           where m.id = $1"#,
        match_id as MatchId,
        user_a as UserId,
        user_b as UserId
    )
    .fetch_one(conn)
    .await
}

/// How far the round robin of a submission has come: its games by status, and the games of the
/// queue that will be played before its first one still waiting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Progress {
    /// Its round-robin games that count (not cancelled).
    pub total: i64,
    pub done: i64,
    pub running: i64,
    pub queued: i64,
    /// Given up by the judge (an admin's rejudge plays them again).
    pub failed: i64,
    /// Games of other submissions of the contest waiting in the queue ahead of this one's first
    /// queued game (the contests share the game slots by their `share`: see `queue`).
    pub queued_ahead: i64,
}

pub async fn progress(conn: &mut PgConnection, submission: SubmissionId) -> sqlx::Result<Progress> {
    sqlx::query_as!(
        Progress,
        r#"with mine as (
               select g.id, g.status from matches m join games g on g.match_id = m.id
               where m.submission_a = $1 and m.requested_by is null and g.replaced_at is null
               union all
               select g.id, g.status from matches m join games g on g.match_id = m.id
               where m.submission_b = $1 and m.requested_by is null and g.replaced_at is null),
           first_queued as (
               select j.contest_id, j.priority, j.seq, j.arrived_at, j.id
               from mine join jobs j on j.kind = 'game' and j.subject_id = mine.id
               where mine.status = 'queued' and j.finished_at is null
               order by j.priority desc, j.seq, j.arrived_at, j.id limit 1)
           select count(*) filter (where status <> 'cancelled') as "total!",
                  count(*) filter (where status = 'done') as "done!",
                  count(*) filter (where status = 'running') as "running!",
                  count(*) filter (where status = 'queued') as "queued!",
                  count(*) filter (where status = 'failed') as "failed!",
                  coalesce((select count(*) from jobs j, first_queued f
                            where j.kind = 'game' and j.finished_at is null and j.locked_by is null
                              and j.contest_id = f.contest_id
                              and (j.priority > f.priority
                                   or (j.priority = f.priority
                                       and (j.seq, j.arrived_at, j.id) < (f.seq, f.arrived_at, f.id)))), 0)
                    as "queued_ahead!"
           from mine"#,
        submission as SubmissionId
    )
    .fetch_one(conn)
    .await
}
