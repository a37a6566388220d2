//! Matches and their games, which are also the game queue (see `jobs::games`), the workers seen,
//! and the stored scoreboard snapshots.

use crate::db::scoreboard::ScoreRow;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgConnection;
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
    pub id: i64,
    pub user_id: i64,
}

/// The latest ready submission of every other user of the contest; house bots play students
/// only, so a house bot's opponents leave the other house bots out.
pub async fn ready_opponents(
    conn: &mut PgConnection,
    contest_id: i64,
    user_id: i64,
) -> sqlx::Result<Vec<Opponent>> {
    sqlx::query_as!(
        Opponent,
        "select distinct on (s.user_id) s.id, s.user_id from submissions s join users u on u.id = s.user_id
         where s.contest_id = $1 and s.user_id <> $2 and s.status = 'ready'
           and not (u.is_house and (select is_house from users where id = $2))
         order by s.user_id, s.id desc",
        contest_id,
        user_id
    )
    .fetch_all(conn)
    .await
}

/// Inserts a match unless the pair already has one; its id when new.
pub async fn create_match(
    conn: &mut PgConnection,
    contest_id: i64,
    a: i64,
    b: i64,
    seed: i64,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar!(
        "insert into matches (contest_id, submission_a, submission_b, seed) values ($1, $2, $3, $4)
         on conflict do nothing returning id",
        contest_id,
        a,
        b,
        seed
    )
    .fetch_optional(conn)
    .await
}

pub async fn create_game(
    conn: &mut PgConnection,
    match_id: i64,
    index: i32,
    plan: &Value,
    settings: &Value,
) -> sqlx::Result<i64> {
    sqlx::query_scalar!(
        "insert into games (match_id, index, plan, settings) values ($1, $2, $3, $4) returning id",
        match_id,
        index,
        plan,
        settings
    )
    .fetch_one(conn)
    .await
}

/// Cancels the games still queued (or failed) of matches whose submissions are no longer current
/// (superseded or disqualified), and those matches themselves if unfinished. Returns the games
/// cancelled.
pub async fn cancel_stale(conn: &mut PgConnection, contest_id: i64) -> sqlx::Result<u64> {
    let res = sqlx::query!(
        "update games g set status = 'cancelled', locked_by = null, lease_until = null
         from matches m
         where g.match_id = m.id and m.contest_id = $1 and g.status in ('queued', 'failed')
           and exists (select 1 from submissions s
                       where s.id in (m.submission_a, m.submission_b) and s.status <> 'ready')",
        contest_id
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "update matches m set status = 'cancelled'
         where m.contest_id = $1 and m.status in ('queued', 'running', 'failed')
           and exists (select 1 from submissions s
                       where s.id in (m.submission_a, m.submission_b) and s.status <> 'ready')",
        contest_id
    )
    .execute(&mut *conn)
    .await?;
    Ok(res.rows_affected())
}

/// A game taken from the queue, with what a worker needs to play it.
#[derive(Clone, Debug)]
pub struct GameJob {
    pub id: i64,
    pub match_id: i64,
    pub plan: Value,
    pub settings: Value,
    pub attempts: i32,
    /// Whether the thinking time is charged to the users' daily budgets.
    pub charge: bool,
}

/// Claims the oldest queued game, or a running one whose lease ran out (its worker died), unless
/// it has had its [`MAX_ATTEMPTS`] (see [`fail_exhausted`]).
pub async fn claim(conn: &mut PgConnection, worker: &str, lease_secs: f64) -> sqlx::Result<Option<GameJob>> {
    sqlx::query_as!(
        GameJob,
        "update games set status = 'running', attempts = attempts + 1, locked_by = $1,
                lease_until = now() + make_interval(secs => $2), started_at = now()
         where id = (
             select id from games
             where (status = 'queued' or (status = 'running' and lease_until < now())) and attempts < $3
             order by id
             for update skip locked
             limit 1)
         returning id, match_id, plan, settings, attempts, charge",
        worker,
        lease_secs,
        MAX_ATTEMPTS
    )
    .fetch_optional(conn)
    .await
}

/// Gives up on the games that had their [`MAX_ATTEMPTS`] without a result (their last lease ran
/// out, or the judge released them): they become `failed` with the reason, and so do their
/// matches, which stay out of the standings until a rejudge. Returns how many games.
pub async fn fail_exhausted(conn: &mut PgConnection) -> sqlx::Result<i64> {
    sqlx::query_scalar!(
        r#"with failed as (
               update games set status = 'failed', locked_by = null, lease_until = null, finished_at = now(),
                      failure = 'Given up after ' || attempts || ' attempts: each time its worker died, lost its lease or could not run it (a fault of the judge, not of the bots). A rejudge plays it again.'
               where attempts >= $1 and (status = 'queued' or (status = 'running' and lease_until < now()))
               returning match_id),
           matches_failed as (
               update matches set status = 'failed', points_a = null, points_b = null
               where id in (select match_id from failed) and status <> 'cancelled')
           select count(*) as "n!" from failed"#,
        MAX_ATTEMPTS
    )
    .fetch_one(conn)
    .await
}

/// One side of a match, for a worker: the compiled bot (or the house bot's level) and whose it is.
#[derive(Clone, Debug)]
pub struct Side {
    pub submission_id: i64,
    pub user_id: i64,
    pub nickname: String,
    pub language: String,
    pub artifact: Option<Vec<u8>>,
    /// Set for a house bot: its level, run as `botarena house` (no artifact, no compute charged).
    pub house_level: Option<String>,
}

/// The contest's game, the match seed and both sides of a match.
pub struct MatchSetup {
    pub contest_id: i64,
    pub game: String,
    pub seed: i64,
    pub sides: [Side; 2],
}

pub async fn match_setup(conn: &mut PgConnection, match_id: i64) -> sqlx::Result<Option<MatchSetup>> {
    let Some(m) = sqlx::query!(
        "select m.contest_id, c.game, m.seed, m.submission_a, m.submission_b
         from matches m join contests c on c.id = m.contest_id where m.id = $1",
        match_id
    )
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    let mut sides = Vec::with_capacity(2);
    for sub in [m.submission_a, m.submission_b] {
        let side = sqlx::query_as!(
            Side,
            r#"select s.id as submission_id, s.user_id, coalesce(u.nickname, u.username) as "nickname!",
                      s.language, s.artifact,
                      case when u.is_house then convert_from(s.source, 'UTF8') end as house_level
               from submissions s join users u on u.id = s.user_id where s.id = $1"#,
            sub
        )
        .fetch_one(&mut *conn)
        .await?;
        sides.push(side);
    }
    let [a, b]: [Side; 2] = sides.try_into().map_err(|_| sqlx::Error::RowNotFound)?;
    Ok(Some(MatchSetup { contest_id: m.contest_id, game: m.game, seed: m.seed, sides: [a, b] }))
}

/// Extends the lease of a game still running; `false` if it is no longer ours.
pub async fn extend_lease(
    conn: &mut PgConnection,
    id: i64,
    worker: &str,
    lease_secs: f64,
) -> sqlx::Result<bool> {
    let res = sqlx::query!(
        "update games set lease_until = now() + make_interval(secs => $3)
         where id = $1 and locked_by = $2 and status = 'running'",
        id,
        worker,
        lease_secs
    )
    .execute(conn)
    .await?;
    Ok(res.rows_affected() == 1)
}

/// Puts a game back in the queue after a failure of the judge itself.
pub async fn release(conn: &mut PgConnection, id: i64, worker: &str) -> sqlx::Result<()> {
    sqlx::query!(
        "update games set status = 'queued', locked_by = null, lease_until = null
         where id = $1 and locked_by = $2 and status = 'running'",
        id,
        worker
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Stores a game's result, exactly once: `false` (nothing written) when the game is no longer
/// ours (its lease ran out and another worker took it, or it was cancelled).
pub async fn finish(
    conn: &mut PgConnection,
    id: i64,
    worker: &str,
    result: &Value,
    log: &str,
    think_ms: [i64; 2],
) -> sqlx::Result<bool> {
    let res = sqlx::query!(
        "update games set status = 'done', result = $3, log = $4, think_ms_a = $5, think_ms_b = $6,
                finished_at = now(), locked_by = null, lease_until = null
         where id = $1 and status = 'running' and locked_by = $2",
        id,
        worker,
        result,
        log,
        think_ms[0],
        think_ms[1]
    )
    .execute(conn)
    .await?;
    Ok(res.rows_affected() == 1)
}

/// Locks a match row until the transaction ends, so that the workers storing its last two games
/// at the same moment take turns: the second then sees the first's result and closes the match.
pub async fn lock_match(conn: &mut PgConnection, match_id: i64) -> sqlx::Result<()> {
    sqlx::query!("select id from matches where id = $1 for update", match_id).fetch_optional(conn).await?;
    Ok(())
}

/// The results of a match's games, `None` for games not done (cancelled games count as not done).
pub async fn match_results(conn: &mut PgConnection, match_id: i64) -> sqlx::Result<Vec<Option<Value>>> {
    let rows = sqlx::query!(
        r#"select status as "status: GameStatus", result from games where match_id = $1 order by index"#,
        match_id
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|r| if r.status == GameStatus::Done { r.result } else { None }).collect())
}

/// Marks a match running, or done with its points; a cancelled or failed match keeps its status.
pub async fn set_match_state(
    conn: &mut PgConnection,
    match_id: i64,
    status: GameStatus,
    points: Option<[i32; 2]>,
) -> sqlx::Result<()> {
    sqlx::query!(
        "update matches set status = $2, points_a = $3, points_b = $4,
                finished_at = case when $2 = 'done'::game_status then now() end
         where id = $1 and status not in ('cancelled', 'failed')",
        match_id,
        status as GameStatus,
        points.map(|p| p[0]),
        points.map(|p| p[1])
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Records a worker's heartbeat.
pub async fn worker_seen(conn: &mut PgConnection, worker: &str, running: i32) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into workers (id, running) values ($1, $2)
         on conflict (id) do update set last_seen = now(), running = $2",
        worker,
        running
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A match of a submission, seen from that submission.
#[derive(Clone, Debug)]
pub struct MatchRow {
    pub id: i64,
    pub status: GameStatus,
    pub opponent_submission: i64,
    pub opponent_nickname: String,
    /// The submission's points (3 / 1 / 0) once done.
    pub points: Option<i32>,
    pub games: Vec<i64>,
}

pub async fn matches_of_submission(conn: &mut PgConnection, submission: i64) -> sqlx::Result<Vec<MatchRow>> {
    sqlx::query_as!(
        MatchRow,
        r#"select m.id, m.status as "status: GameStatus",
                  o.id as opponent_submission, coalesce(u.nickname, u.username) as "opponent_nickname!",
                  case when m.submission_a = $1 then m.points_a else m.points_b end as points,
                  array(select g.id from games g where g.match_id = m.id order by g.index) as "games!"
           from matches m
           join submissions o on o.id = case when m.submission_a = $1 then m.submission_b else m.submission_a end
           join users u on u.id = o.user_id
           where m.submission_a = $1 or m.submission_b = $1
           order by m.id"#,
        submission
    )
    .fetch_all(conn)
    .await
}

/// A stored game, with the two submissions and their owners.
#[derive(Clone, Debug)]
pub struct Game {
    pub id: i64,
    pub match_id: i64,
    pub index: i32,
    pub status: GameStatus,
    pub plan: Value,
    pub settings: Value,
    pub result: Option<Value>,
    pub log: Option<String>,
    pub attempts: i32,
    pub submission_a: i64,
    pub submission_b: i64,
    pub user_a: i64,
    pub user_b: i64,
    pub finished_at: Option<OffsetDateTime>,
    /// The contest's game id (`checkers`, ...): which rules replay the result.
    pub game: String,
}

pub async fn game(conn: &mut PgConnection, id: i64) -> sqlx::Result<Option<Game>> {
    sqlx::query_as!(
        Game,
        r#"select g.id, g.match_id, g.index, g.status as "status: GameStatus", g.plan, g.settings, g.result,
                  g.log, g.attempts, m.submission_a, m.submission_b, sa.user_id as user_a, sb.user_id as user_b,
                  g.finished_at, c.game
           from games g join matches m on m.id = g.match_id
           join contests c on c.id = m.contest_id
           join submissions sa on sa.id = m.submission_a
           join submissions sb on sb.id = m.submission_b
           where g.id = $1"#,
        id
    )
    .fetch_optional(conn)
    .await
}

/// What the admins' status page and `GET /api/queue` show: compile and game jobs by status, the
/// running and the failed games, and the workers seen.
pub struct QueueState {
    pub compile: Vec<(crate::db::submissions::Status, i64)>,
    pub counts: Vec<(GameStatus, i64)>,
    pub workers: Vec<WorkerRow>,
    pub running: Vec<GameRow>,
    pub failed: Vec<GameRow>,
}

/// A game worker process, from its heartbeats.
#[derive(Clone, Debug)]
pub struct WorkerRow {
    pub id: String,
    pub last_seen: OffsetDateTime,
    /// Games it holds the lease of right now.
    pub games: i64,
    /// No heartbeat for over a minute: it died or lost the database.
    pub stale: bool,
}

/// A game as the status page lists it.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: i64,
    pub contest: String,
    pub players: String,
    pub worker: Option<String>,
    pub attempts: i32,
    pub started_at: Option<OffsetDateTime>,
    pub lease_until: Option<OffsetDateTime>,
    pub failure: Option<String>,
}

pub async fn queue_state(conn: &mut PgConnection) -> sqlx::Result<QueueState> {
    use crate::db::submissions::Status;
    let compile = sqlx::query!(
        r#"select status as "status: Status", count(*) as "n!" from submissions group by status"#
    )
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .map(|r| (r.status, r.n))
    .collect();
    let counts =
        sqlx::query!(r#"select status as "status: GameStatus", count(*) as "n!" from games group by status"#)
            .fetch_all(&mut *conn)
            .await?
            .into_iter()
            .map(|r| (r.status, r.n))
            .collect();
    let workers = sqlx::query_as!(
        WorkerRow,
        r#"select w.id, w.last_seen,
                  (select count(*) from games g where g.locked_by = w.id and g.status = 'running') as "games!",
                  w.last_seen < now() - interval '1 minute' as "stale!"
           from workers w order by w.last_seen desc limit 100"#
    )
    .fetch_all(&mut *conn)
    .await?;
    let running = games_with_status(conn, GameStatus::Running).await?;
    let failed = games_with_status(conn, GameStatus::Failed).await?;
    Ok(QueueState { compile, counts, workers, running, failed })
}

/// The first 200 games with this status, oldest first, with their contest and players.
async fn games_with_status(conn: &mut PgConnection, status: GameStatus) -> sqlx::Result<Vec<GameRow>> {
    sqlx::query_as!(
        GameRow,
        r#"select g.id, c.slug as contest,
                  coalesce(ua.nickname, ua.username) || ' vs ' || coalesce(ub.nickname, ub.username) as "players!",
                  g.locked_by as worker, g.attempts, g.started_at, g.lease_until, g.failure
           from games g join matches m on m.id = g.match_id join contests c on c.id = m.contest_id
           join submissions sa on sa.id = m.submission_a join users ua on ua.id = sa.user_id
           join submissions sb on sb.id = m.submission_b join users ub on ub.id = sb.user_id
           where g.status = $1 order by g.id limit 200"#,
        status as GameStatus
    )
    .fetch_all(conn)
    .await
}

/// The matches between the current (ready) submissions of a contest that a rejudge replays:
/// id and seed.
pub async fn current_match_seeds(conn: &mut PgConnection, contest_id: i64) -> sqlx::Result<Vec<(i64, i64)>> {
    Ok(sqlx::query!(
        "select m.id, m.seed from matches m
         join submissions sa on sa.id = m.submission_a and sa.status = 'ready'
         join submissions sb on sb.id = m.submission_b and sb.status = 'ready'
         where m.contest_id = $1 and m.status <> 'cancelled' order by m.id",
        contest_id
    )
    .fetch_all(conn)
    .await?
    .into_iter()
    .map(|r| (r.id, r.seed))
    .collect())
}

/// Replaces a match's games with fresh queued ones (plans and settings given) and puts the match
/// back in the queue without points. Fresh rows, not reset ones: a worker still playing an old
/// game finds nothing to extend or finish, even if its process claims the new game. Replays are
/// not charged to the users' budgets: the admin asked for them.
pub async fn replace_games(
    conn: &mut PgConnection,
    match_id: i64,
    plans: &[(i32, Value)],
    settings: &Value,
) -> sqlx::Result<()> {
    sqlx::query!("delete from games where match_id = $1", match_id).execute(&mut *conn).await?;
    for (index, plan) in plans {
        sqlx::query!(
            "insert into games (match_id, index, plan, settings, charge) values ($1, $2, $3, $4, false)",
            match_id,
            index,
            plan,
            settings
        )
        .execute(&mut *conn)
        .await?;
    }
    sqlx::query!(
        "update matches set status = 'queued', points_a = null, points_b = null, finished_at = null where id = $1",
        match_id
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A done match between two current (ready) submissions of a contest.
#[derive(Clone, Debug)]
pub struct CurrentMatch {
    pub submission_a: i64,
    pub submission_b: i64,
    pub points_a: i32,
    pub points_b: i32,
    pub results: Vec<Value>,
}

/// The finished matches between current submissions of a contest, with their games' results.
pub async fn current_matches(conn: &mut PgConnection, contest_id: i64) -> sqlx::Result<Vec<CurrentMatch>> {
    sqlx::query_as!(
        CurrentMatch,
        r#"select m.submission_a, m.submission_b, m.points_a as "points_a!", m.points_b as "points_b!",
                  array(select g.result from games g where g.match_id = m.id and g.status = 'done'
                        order by g.index) as "results!: Vec<Value>"
           from matches m
           join submissions sa on sa.id = m.submission_a and sa.status = 'ready'
           join submissions sb on sb.id = m.submission_b and sb.status = 'ready'
           where m.contest_id = $1 and m.status = 'done'"#,
        contest_id
    )
    .fetch_all(conn)
    .await
}

/// A current submission of a contest, for the scoreboard.
#[derive(Clone, Debug)]
pub struct Entrant {
    pub submission_id: i64,
    pub user_id: i64,
    /// A house bot, ranked apart from the students.
    pub house: bool,
    pub nickname: String,
    pub language: String,
    pub submitted_at: OffsetDateTime,
}

pub async fn entrants(conn: &mut PgConnection, contest_id: i64) -> sqlx::Result<Vec<Entrant>> {
    sqlx::query_as!(
        Entrant,
        r#"select distinct on (s.user_id) s.id as submission_id, s.user_id, u.is_house as house,
                  coalesce(u.nickname, u.username) as "nickname!", s.language,
                  (select max(created_at) from submissions x where x.contest_id = $1 and x.user_id = s.user_id)
                      as "submitted_at!"
           from submissions s join users u on u.id = s.user_id
           where s.contest_id = $1 and s.status = 'ready'
           order by s.user_id, s.id desc"#,
        contest_id
    )
    .fetch_all(conn)
    .await
}

/// Stores a scoreboard snapshot.
pub async fn store_scoreboard(
    conn: &mut PgConnection,
    contest_id: i64,
    rows: &[ScoreRow],
) -> sqlx::Result<OffsetDateTime> {
    let rows = serde_json::to_value(rows).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    sqlx::query_scalar!(
        "insert into scoreboards (contest_id, computed_at, rows) values ($1, now(), $2)
         on conflict (contest_id) do update set computed_at = now(), rows = $2
         returning computed_at",
        contest_id,
        rows
    )
    .fetch_one(conn)
    .await
}

/// The stored snapshot: when, and its rows.
pub async fn scoreboard(
    conn: &mut PgConnection,
    contest_id: i64,
) -> sqlx::Result<Option<(OffsetDateTime, Vec<ScoreRow>)>> {
    let Some(r) = sqlx::query!("select computed_at, rows from scoreboards where contest_id = $1", contest_id)
        .fetch_optional(conn)
        .await?
    else {
        return Ok(None);
    };
    let rows = Vec::<ScoreRow>::deserialize(&r.rows).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
    Ok(Some((r.computed_at, rows)))
}

/// Contests not frozen whose snapshot is missing or older than their refresh interval.
pub async fn scoreboards_due(conn: &mut PgConnection) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar!(
        r#"select c.id as "id!" from contests c left join scoreboards s on s.contest_id = c.id
         where c.frozen_at is null
           and (s.computed_at is null
                or s.computed_at < now() - make_interval(secs => c.scoreboard_refresh_s::float8))"#
    )
    .fetch_all(conn)
    .await
}

/// When the contest's standings were frozen, if they are.
pub async fn frozen_at(conn: &mut PgConnection, contest_id: i64) -> sqlx::Result<Option<OffsetDateTime>> {
    Ok(sqlx::query_scalar!("select frozen_at from contests where id = $1", contest_id)
        .fetch_optional(conn)
        .await?
        .flatten())
}

/// Freezes (now) or unfreezes the contest's standings.
pub async fn set_frozen(conn: &mut PgConnection, contest_id: i64, frozen: bool) -> sqlx::Result<()> {
    sqlx::query!(
        "update contests set frozen_at = case when $2 then now() end where id = $1",
        contest_id,
        frozen
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Contests past their deadline, not frozen yet, with nothing left to judge: no compile queued
/// and no game of a current match queued or running (failed games do not hold it up).
pub async fn freezes_due(conn: &mut PgConnection) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar!(
        "select c.id from contests c
         where c.frozen_at is null and c.deadline <= now()
           and not exists (select 1 from submissions s
                           where s.contest_id = c.id and s.status in ('queued', 'compiling'))
           and not exists (select 1 from games g join matches m on m.id = g.match_id
                           join submissions sa on sa.id = m.submission_a and sa.status = 'ready'
                           join submissions sb on sb.id = m.submission_b and sb.status = 'ready'
                           where m.contest_id = c.id and g.status in ('queued', 'running'))"
    )
    .fetch_all(conn)
    .await
}

/// The game and stored settings of a contest.
pub async fn contest_game(conn: &mut PgConnection, contest_id: i64) -> sqlx::Result<(String, Value)> {
    let r =
        sqlx::query!("select game, settings from contests where id = $1", contest_id).fetch_one(conn).await?;
    Ok((r.game, r.settings))
}

/// Takes the contest's scheduling lock until the transaction ends, so that two submissions
/// becoming ready at once still see each other.
pub async fn lock_contest(conn: &mut PgConnection, contest_id: i64) -> sqlx::Result<()> {
    sqlx::query!("select pg_advisory_xact_lock($1)", contest_id).execute(conn).await?;
    Ok(())
}
