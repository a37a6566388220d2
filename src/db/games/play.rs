//! A game as a worker plays it: claimed from the queue, its match's sides, put back or given
//! up, its moves so far, its result stored and its match decided.

use super::{GameStatus, MAX_ATTEMPTS};
use crate::db::ids::{ContestId, GameRecordId, MatchId, SubmissionId, UserId};
use crate::db::queue::{self, JobKind};
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

/// Claims the next game for `worker` until `lease_secs` from now: from the contest whose turn it
/// is ([`queue::game_contests_by_turn`]), the first of its order (test matches first, then by
/// `seq`, then by arrival) that nobody holds (never claimed, released, or whose lease ran out: its
/// worker died) and that had fewer than [`MAX_ATTEMPTS`] claims (see [`fail_exhausted`]). The
/// game becomes `running` with its match, and comes with what it is played with. A job whose game
/// no longer needs it (cancelled meanwhile) is taken out of the queue on the way.
pub async fn claim(
    conn: &mut PgConnection,
    worker: &str,
    lease_secs: f64,
) -> sqlx::Result<Option<(GameJob, MatchSetup)>> {
    for contest in queue::game_contests_by_turn(conn).await? {
        while let Some(claimed) = claim_in(conn, contest, worker, lease_secs).await? {
            match claimed {
                Ok(game) => return Ok(Some(game)),
                Err(cancelled) => queue::abandon(conn, JobKind::Game, cancelled).await?,
            }
        }
    }
    Ok(None)
}

/// Claims the first game of `contest`'s order, in one statement (one round trip, its own
/// transaction): its job is leased to `worker`, the game and its match become `running`, the
/// contest is charged the game's estimated slot time (see [`queue::game_contests_by_turn`]), and
/// what the game is played with is read, both sides included (each as [`side`] reads it). In the
/// lock order: the job, the game, the contest's slot time, then the match (each part reads the
/// one before). Its commit does not wait for the disk (as [`queue::RELAXED_BEGIN`]'s): a claim lost
/// in a crash of the server leaves the game queued; the worker's result is then refused as no
/// longer its own, and the game is played again. `None`: nothing to claim in the contest;
/// `Some(Err(game))`: the job claimed was the game's, no longer needed (cancelled).
async fn claim_in(
    conn: &mut PgConnection,
    contest: i64,
    worker: &str,
    lease_secs: f64,
) -> sqlx::Result<Option<Result<(GameJob, MatchSetup), i64>>> {
    let rows = sqlx::query!(
        r#"with relaxed as (select set_config('synchronous_commit', 'off', true)),
           claimed as (
               update jobs set attempts = attempts + 1, locked_by = $2,
                               lease_until = now() + make_interval(secs => $3)
               where id = (
                   select id from jobs
                   where kind = 'game' and contest_id = $1 and finished_at is null and attempts < $4
                     and (locked_by is null or lease_until < now())
                   order by priority desc, seq, arrived_at, id
                   for update skip locked
                   limit 1)
               returning subject_id, attempts),
           taken as (
               update games g set status = 'running', started_at = now()
               from claimed c where g.id = c.subject_id and g.status in ('queued', 'running')
               returning g.id, g.match_id, g.plan, g.settings, g.charge),
           charged as (
               insert into contest_slot_usage as u (contest_id, vtime)
               select c.id, 1000 / c.share from contests c where c.id = $1 and exists (select 1 from taken)
               on conflict (contest_id) do update
                   set vtime = u.vtime + u.estimate_ms / (select share from contests where id = $1)
               returning u.contest_id),
           started as (
               update matches set status = 'running', points_a = null, points_b = null,
                      games_won_a = null, games_won_b = null, games_drawn = null, finished_at = null
               where id = (select match_id from taken) and status not in ('cancelled', 'failed')
                 and exists (select 1 from charged))
           select c.subject_id as "subject!", c.attempts as "attempts!", t.match_id as "match_id?: MatchId",
                  t.plan as "plan?", t.settings as "settings?", t.charge as "charge?",
                  m.contest_id as "contest_id?: ContestId", co.game as "game?: GameId", m.seed as "seed?",
                  m.submission_a as "submission_a?", m.submission_b as "submission_b?",
                  m.requested_by as "requested_by: UserId",
                  s.id as "submission_id?: SubmissionId", s.user_id as "user_id?: UserId",
                  coalesce(u.nickname, u.username) as "nickname?", s.language as "language?", s.artifact,
                  case when u.is_house then convert_from(s.source, 'UTF8') end as house_level
           from relaxed cross join claimed c
                left join taken t on true
                left join matches m on m.id = t.match_id
                left join contests co on co.id = m.contest_id
                left join submissions s on s.id in (m.submission_a, m.submission_b)
                left join users u on u.id = s.user_id"#,
        contest,
        worker,
        lease_secs,
        MAX_ATTEMPTS
    )
    .fetch_all(conn)
    .await?;
    let Some(first) = rows.first() else { return Ok(None) };
    let subject = first.subject;
    let (Some(match_id), Some(plan), Some(settings), Some(charge)) =
        (first.match_id, first.plan.clone(), first.settings.clone(), first.charge)
    else {
        return Ok(Some(Err(subject)));
    };
    let job =
        GameJob { id: GameRecordId(subject), match_id, plan, settings, attempts: first.attempts, charge };
    let (Some(contest_id), Some(game), Some(seed), Some(a), Some(b)) =
        (first.contest_id, first.game, first.seed, first.submission_a, first.submission_b)
    else {
        return Err(sqlx::Error::RowNotFound);
    };
    let requested_by = first.requested_by;
    let sides: Vec<Side> = rows
        .into_iter()
        .filter_map(|r| {
            Some(Side {
                submission_id: r.submission_id?,
                user_id: r.user_id?,
                nickname: r.nickname?,
                language: r.language?,
                artifact: r.artifact,
                house_level: r.house_level,
            })
        })
        .collect();
    // A bot that plays itself is one row, both sides.
    let side = |id| sides.iter().find(|s| s.submission_id == id).cloned().ok_or(sqlx::Error::RowNotFound);
    let sides = [side(SubmissionId(a))?, side(SubmissionId(b))?];
    Ok(Some(Ok((job, MatchSetup { contest_id, game, seed, sides, requested_by }))))
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

/// What storing a game's result writes ([`finish`]).
pub struct Stored<'a> {
    /// The result object and the log, as JSON.
    pub result: &'a Value,
    pub log: &'a str,
    /// Each bot's thinking time (sides `a`, `b`).
    pub think_ms: [i64; 2],
    pub played: Option<Played>,
    /// The users charged for the game's thinking time, and how much (a user named twice pays
    /// both).
    pub charges: &'a [(UserId, i64)],
}

/// Stores a game's result, exactly once, in one statement: its job is finished, the game is
/// `done` with its result and log, the contest's slot time is settled (the estimate it was
/// charged at the claim replaced by what the game really took, from which the contest's estimate
/// is learnt), and the users are charged their thinking time for the day. `false` (nothing
/// written) when the game is no longer ours (its lease ran out and another worker took it, or a
/// rejudge replaced it). The outcome columns the standings and pages read (`winner`,
/// `end_reason`, `forfeit_kind`) are computed by the database from the result as it is written.
/// The writes follow the lock order (jobs, games, the slot time, the users' usage in user order):
/// each part reads the one before it.
pub async fn finish(
    conn: &mut PgConnection,
    id: GameRecordId,
    worker: &str,
    s: &Stored<'_>,
) -> sqlx::Result<bool> {
    let (users, ms): (Vec<i64>, Vec<i64>) = s.charges.iter().map(|&(u, ms)| (i64::from(u), ms)).unzip();
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
               from played p where u.contest_id = p.contest_id
               returning u.contest_id),
           charged as (
               insert into compute_usage (user_id, contest_id, day, used_ms)
               select c.user_id, p.contest_id, (now() at time zone 'utc')::date, sum(c.ms)::int8
               from unnest($9::int8[], $10::int8[]) as c(user_id, ms)
                    cross join played p
                    -- after the slot time (the lock order), whether or not the contest has its row
                    cross join (select count(*) from settled) as after_settled
               group by c.user_id, p.contest_id order by c.user_id
               on conflict (user_id, contest_id, day) do update set used_ms = compute_usage.used_ms + excluded.used_ms)
           select exists (select 1 from game) as "stored!""#,
        i64::from(id),
        worker,
        s.result,
        s.log,
        s.think_ms[0],
        s.think_ms[1],
        s.played.map(|p| p.started),
        s.played.map(|p| p.finished),
        &users,
        &ms
    )
    .fetch_one(conn)
    .await?;
    Ok(stored)
}

/// Locks a match's row until the transaction ends (step 5 of the lock order, after its game's)
/// and reads the winners of its games, as [`match_winners`] does, in one round trip. Two workers
/// storing its last two games at the same moment take turns, and the second sees the first's
/// result and closes the match: the second's [`finish`] waited for the first's commit (both
/// update their contest's slot time row), so this statement, which comes after it, reads what
/// the first wrote (a statement blocked here would read rows as they were when it began).
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
