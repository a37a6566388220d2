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

/// Claims the next games for `worker` until `lease_secs` from now, up to `up_to` of them: from
/// the contest whose turn it is ([`queue::game_contests_by_turn`]), the first of its order (test
/// matches first, then by `seq`, then by arrival) that nobody holds (never claimed, released, or
/// whose lease ran out: its worker died) and that had fewer than [`MAX_ATTEMPTS`] claims (see
/// [`fail_exhausted`]), in that order. Each game becomes `running` with its match, and comes with
/// what it is played with; a side in `kept` (a submission and the time of its build that the
/// worker still has unpacked) comes without its build, and so does a side met earlier in the
/// batch (its build is sent once, with its first game: the worker has it unpacked by the next). A
/// job whose game no longer needs it (cancelled meanwhile) is taken out of the queue on the way.
/// Empty: nothing to claim.
pub async fn claim(
    conn: &mut PgConnection,
    worker: &str,
    lease_secs: f64,
    up_to: usize,
    kept: &[(SubmissionId, time::OffsetDateTime)],
) -> sqlx::Result<Vec<(GameJob, MatchSetup)>> {
    for contest in queue::game_contests_by_turn(conn).await? {
        loop {
            let (games, cancelled) = claim_in(conn, contest, worker, lease_secs, up_to, kept).await?;
            for job in &cancelled {
                queue::abandon(conn, JobKind::Game, *job).await?;
            }
            if !games.is_empty() {
                return Ok(games);
            }
            if cancelled.is_empty() {
                break;
            }
        }
    }
    Ok(Vec::new())
}

/// Claims the first games of `contest`'s order, up to `up_to`, in one statement (one round trip,
/// its own transaction): their jobs are leased to `worker`, the games and their matches become
/// `running`, the contest is charged the games' estimated slot time (see
/// [`queue::game_contests_by_turn`]), and what the games are played with is read, both sides
/// included (each as [`side`] reads it, its build only where the worker does not have it). In
/// the lock order: the jobs, the games, the contest's slot time, then the matches, in the order
/// of their ids (each part reads the one before). Its commit does not wait for the disk (as
/// [`queue::RELAXED_BEGIN`]'s): a claim lost in a crash of the server leaves the games queued; the
/// worker's results are then refused as no longer its own, and the games are played again.
/// Returns the games claimed, in the contest's order, and the jobs claimed whose games no longer
/// needed them (cancelled).
async fn claim_in(
    conn: &mut PgConnection,
    contest: i64,
    worker: &str,
    lease_secs: f64,
    up_to: usize,
    kept: &[(SubmissionId, time::OffsetDateTime)],
) -> sqlx::Result<(Vec<(GameJob, MatchSetup)>, Vec<i64>)> {
    let (kept_ids, kept_at): (Vec<i64>, Vec<time::OffsetDateTime>) =
        kept.iter().map(|&(s, at)| (i64::from(s), at)).unzip();
    let rows = sqlx::query!(
        r#"with relaxed as (select set_config('synchronous_commit', 'off', true)),
           claimed as (
               update jobs set attempts = attempts + 1, locked_by = $2,
                               lease_until = now() + make_interval(secs => $3)
               where id in (
                   select id from jobs
                   where kind = 'game' and contest_id = $1 and finished_at is null and attempts < $4
                     and (locked_by is null or lease_until < now())
                   order by priority desc, seq, arrived_at, id
                   for update skip locked
                   limit $5)
               returning subject_id, attempts, priority, seq, arrived_at, id),
           taken as (
               update games g set status = 'running', started_at = now()
               from claimed c where g.id = c.subject_id and g.status in ('queued', 'running')
               returning g.id, g.match_id, g.plan, g.settings, g.charge),
           charged as (
               insert into contest_slot_usage as u (contest_id, vtime)
               select c.id, (select count(*) from taken) * 1000 / c.share
               from contests c where c.id = $1 and exists (select 1 from taken)
               on conflict (contest_id) do update
                   set vtime = u.vtime
                       + (select count(*) from taken) * u.estimate_ms / (select share from contests where id = $1)
               returning u.contest_id),
           to_start as (
               select id from matches
               where id in (select match_id from taken) and status not in ('cancelled', 'failed', 'running')
                 and exists (select 1 from charged)
               order by id
               for update),
           started as (
               update matches set status = 'running', points_a = null, points_b = null,
                      games_won_a = null, games_won_b = null, games_drawn = null, finished_at = null
               where id in (select id from to_start)),
           -- Materialized: planned apart from the statement's other joins, which is quicker.
           sides as materialized (
               select t.id as game_id, m.contest_id, co.game, m.seed, m.submission_a, m.submission_b,
                      m.requested_by, s.id, s.user_id, s.language, s.compiled_at,
                      coalesce(u.nickname, u.username) as nickname, u.is_house,
                      row_number() over (partition by s.id order by c.priority desc, c.seq, c.arrived_at, c.id) as nth
               from claimed c
                    join taken t on t.id = c.subject_id
                    join matches m on m.id = t.match_id
                    join contests co on co.id = m.contest_id
                    join submissions s on s.id in (m.submission_a, m.submission_b)
                    join users u on u.id = s.user_id)
           select c.subject_id as "subject!", c.attempts as "attempts!", t.match_id as "match_id?: MatchId",
                  t.plan as "plan?", t.settings as "settings?", t.charge as "charge?",
                  sd.contest_id as "contest_id?: ContestId", sd.game as "game?: GameId", sd.seed as "seed?",
                  sd.submission_a as "submission_a?", sd.submission_b as "submission_b?",
                  sd.requested_by as "requested_by: UserId",
                  sd.id as "submission_id?: SubmissionId", sd.user_id as "user_id?: UserId",
                  sd.nickname as "nickname?", sd.language as "language?", sd.compiled_at,
                  case when sd.nth = 1 and not exists (
                           select 1 from unnest($6::int8[], $7::timestamptz[]) as k(id, at)
                           where k.id = sd.id and k.at = sd.compiled_at)
                       then (select artifact from submissions where id = sd.id) end as artifact,
                  case when sd.is_house then (select convert_from(source, 'UTF8') from submissions where id = sd.id)
                  end as house_level
           from relaxed cross join claimed c
                left join taken t on t.id = c.subject_id
                left join sides sd on sd.game_id = t.id
           order by c.priority desc, c.seq, c.arrived_at, c.id"#,
        contest,
        worker,
        lease_secs,
        MAX_ATTEMPTS,
        up_to as i64,
        &kept_ids,
        &kept_at
    )
    .fetch_all(conn)
    .await?;
    let (mut games, mut cancelled) = (Vec::new(), Vec::new());
    for rows in rows.chunk_by(|a, b| a.subject == b.subject) {
        let first = &rows[0];
        let (Some(match_id), Some(plan), Some(settings), Some(charge)) =
            (first.match_id, first.plan.clone(), first.settings.clone(), first.charge)
        else {
            cancelled.push(first.subject);
            continue;
        };
        let job = GameJob {
            id: GameRecordId(first.subject),
            match_id,
            plan,
            settings,
            attempts: first.attempts,
            charge,
        };
        let (Some(contest_id), Some(game), Some(seed), Some(a), Some(b)) =
            (first.contest_id, first.game, first.seed, first.submission_a, first.submission_b)
        else {
            return Err(sqlx::Error::RowNotFound);
        };
        let sides: Vec<Side> = rows
            .iter()
            .filter_map(|r| {
                Some(Side {
                    submission_id: r.submission_id?,
                    user_id: r.user_id?,
                    nickname: r.nickname.clone()?,
                    language: r.language.clone()?,
                    compiled_at: r.compiled_at,
                    artifact: r.artifact.clone(),
                    house_level: r.house_level.clone(),
                })
            })
            .collect();
        // A bot that plays itself is one row, both sides.
        let side = |id| sides.iter().find(|s| s.submission_id == id).cloned().ok_or(sqlx::Error::RowNotFound);
        let sides = [side(SubmissionId(a))?, side(SubmissionId(b))?];
        let requested_by = first.requested_by;
        games.push((job, MatchSetup { contest_id, game, seed, sides, requested_by }));
    }
    Ok((games, cancelled))
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
    /// When its build was stored: with the submission's id, what tells one build from another.
    pub compiled_at: Option<time::OffsetDateTime>,
    /// The build; `None` for a house bot, and for a build the worker said it still has.
    pub artifact: Option<Vec<u8>>,
    /// Set for a house bot: its level, run as `botarena house` (no artifact, no compute charged).
    pub house_level: Option<String>,
}

/// One submission as a side of a game (compiled bot, or house level, and whose it is).
pub async fn side(conn: &mut PgConnection, submission: SubmissionId) -> sqlx::Result<Option<Side>> {
    sqlx::query_as!(
        Side,
        r#"select s.id as "submission_id: _", s.user_id as "user_id: _", coalesce(u.nickname, u.username) as "nickname!",
                  s.language, s.compiled_at, s.artifact,
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
    put_back(conn, &[id], worker, 0).await
}

/// Puts games `worker` holds back in the queue unfinished, their claims not counted as attempts
/// (the worker is draining, or makes way for a test match: see [`queue::give_back`]).
pub async fn give_back(conn: &mut PgConnection, ids: &[GameRecordId], worker: &str) -> sqlx::Result<()> {
    put_back(conn, ids, worker, 1).await
}

/// Puts games `worker` holds back in the queue, their jobs' attempts less `uncount`, in one
/// statement: the jobs (as `queue::release` and `queue::give_back` do), then their games.
async fn put_back(
    conn: &mut PgConnection,
    ids: &[GameRecordId],
    worker: &str,
    uncount: i32,
) -> sqlx::Result<()> {
    sqlx::query!(
        r#"with back as (
               update jobs set locked_by = null, lease_until = null, attempts = greatest(attempts - $3, 0)
               where kind = 'game' and subject_id = any($1) and locked_by = $2 and finished_at is null
               returning subject_id)
           update games set status = 'queued' where id in (select subject_id from back) and status = 'running'"#,
        ids as &[GameRecordId],
        worker,
        uncount
    )
    .execute(conn)
    .await?;
    Ok(())
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
    super::begin_relaxed_with(conn, &[], "pg_advisory_xact_lock_shared", contest).await
}

/// What storing a game's result writes ([`finish`]).
pub struct Stored<'a> {
    pub id: GameRecordId,
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

/// Stores the results of games of `contest`, each exactly once, in one statement: their jobs are
/// finished, the games are `done` with their results and logs, the contest's slot time is
/// settled (the estimates it was charged at the claims replaced by what the games really took,
/// from which the contest's estimate is learnt) and the users are charged their thinking time for
/// the day. Returns the games stored: not one that is no longer ours (its lease ran out and
/// another worker took it, or a rejudge replaced it). The outcome columns the standings and pages
/// read (`winner`, `end_reason`, `forfeit_kind`) are computed by the database from each result
/// as it is written. The writes follow the lock order (jobs, games, the slot time, the users'
/// usage in user order): each part reads the one before it.
pub async fn finish(
    conn: &mut PgConnection,
    worker: &str,
    contest: ContestId,
    games: &[Stored<'_>],
) -> sqlx::Result<Vec<GameRecordId>> {
    let ids: Vec<i64> = games.iter().map(|g| i64::from(g.id)).collect();
    let results: Vec<&Value> = games.iter().map(|g| g.result).collect();
    let logs: Vec<&str> = games.iter().map(|g| g.log).collect();
    let (think_a, think_b): (Vec<i64>, Vec<i64>) =
        games.iter().map(|g| (g.think_ms[0], g.think_ms[1])).unzip();
    let started: Vec<Option<time::OffsetDateTime>> =
        games.iter().map(|g| g.played.map(|p| p.started)).collect();
    let finished: Vec<Option<time::OffsetDateTime>> =
        games.iter().map(|g| g.played.map(|p| p.finished)).collect();
    let mut charged = (Vec::new(), Vec::new(), Vec::new());
    for g in games {
        for &(user, ms) in g.charges {
            charged.0.push(i64::from(g.id));
            charged.1.push(i64::from(user));
            charged.2.push(ms);
        }
    }
    let stored = sqlx::query_scalar!(
        r#"with job as (
               update jobs set finished_at = now(), locked_by = null, lease_until = null
               where kind = 'game' and subject_id = any($1) and locked_by = $2 and finished_at is null
               returning subject_id),
           game as (
               update games g set status = 'done', result = i.result, log = i.log,
                      think_ms_a = i.think_a, think_ms_b = i.think_b,
                      started_at = coalesce(i.started, g.started_at), finished_at = coalesce(i.finished, now()),
                      progress = null
               from unnest($1::int8[], $4::jsonb[], $5::text[], $6::int8[], $7::int8[],
                           $8::timestamptz[], $9::timestamptz[])
                    as i(id, result, log, think_a, think_b, started, finished)
               where g.id = i.id and g.id in (select subject_id from job) and g.status = 'running'
               returning g.id, g.started_at, g.finished_at),
           played as (
               select count(*) as n, sum(ms) as total, avg(ms) as mean
               from (select greatest(0, extract(epoch from finished_at - started_at) * 1000)::float8 as ms
                     from game where started_at is not null) as p
               having count(*) > 0),
           settled as (
               -- One game's time teaches the estimate a fifth; n games' as their mean would n
               -- times over.
               update contest_slot_usage u
               set vtime = u.vtime + (p.total - p.n * u.estimate_ms) / c.share,
                   used_ms = u.used_ms + p.total::int8,
                   estimate_ms = greatest(1, power(0.8, p.n) * u.estimate_ms + (1 - power(0.8, p.n)) * p.mean)
               from played p, contests c where u.contest_id = $3 and c.id = $3
               returning u.contest_id),
           charged as (
               insert into compute_usage (user_id, contest_id, day, used_ms)
               select c.user_id, $3, (now() at time zone 'utc')::date, sum(c.ms)::int8
               from unnest($10::int8[], $11::int8[], $12::int8[]) as c(game_id, user_id, ms)
                    join game g on g.id = c.game_id
                    -- after the slot time (the lock order), whether or not the contest has its row
                    cross join (select count(*) from settled) as after_settled
               group by c.user_id order by c.user_id
               on conflict (user_id, contest_id, day) do update set used_ms = compute_usage.used_ms + excluded.used_ms)
           select id as "id!: GameRecordId" from game"#,
        &ids,
        worker,
        i64::from(contest),
        &results as &[&Value],
        &logs as &[&str],
        &think_a,
        &think_b,
        &started as &[Option<time::OffsetDateTime>],
        &finished as &[Option<time::OffsetDateTime>],
        &charged.0,
        &charged.1,
        &charged.2
    )
    .fetch_all(conn)
    .await?;
    Ok(stored)
}

/// Locks the rows of matches (step 5 of the lock order, after their games', in the order of their
/// ids) until the transaction ends and reads the winners of their games, as [`match_winners`]
/// does, in one round trip. Two workers storing a match's last two games at the same moment take
/// turns, and the second sees the first's result and closes the match: the second's [`finish`]
/// waited for the first's commit (both update their contest's slot time row), so this statement,
/// which comes after it, reads what the first wrote (a statement blocked here would read rows as
/// they were when it began).
pub async fn lock_match_winners(
    conn: &mut PgConnection,
    matches: &[MatchId],
) -> sqlx::Result<Vec<(MatchId, Vec<Option<Option<String>>>)>> {
    let ids: Vec<i64> = matches.iter().map(|&m| i64::from(m)).collect();
    let rows = sqlx::query!(
        r#"select m.id as "match_id: MatchId", g.status as "status: GameStatus", g.winner
           from matches m join games g on g.match_id = m.id
           where m.id = any($1) and g.replaced_at is null order by m.id, g.index for update of m"#,
        &ids
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .chunk_by(|a, b| a.match_id == b.match_id)
        .map(|games| {
            let winners = games.iter().map(|r| (r.status == GameStatus::Done).then(|| r.winner.clone()));
            (games[0].match_id, winners.collect())
        })
        .collect())
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

/// Marks matches done with their scores, in one statement (the standings' trigger runs once
/// for all); a cancelled or failed match keeps its status.
pub async fn set_matches_done(conn: &mut PgConnection, scores: &[(MatchId, MatchScore)]) -> sqlx::Result<()> {
    let ids: Vec<i64> = scores.iter().map(|(m, _)| i64::from(*m)).collect();
    let column = |f: fn(&MatchScore) -> i32| scores.iter().map(|(_, s)| f(s)).collect::<Vec<i32>>();
    sqlx::query!(
        "update matches m set status = 'done', points_a = s.points_a, points_b = s.points_b,
                games_won_a = s.won_a, games_won_b = s.won_b, games_drawn = s.drawn, finished_at = now()
         from unnest($1::int8[], $2::int4[], $3::int4[], $4::int4[], $5::int4[], $6::int4[])
              as s(id, points_a, points_b, won_a, won_b, drawn)
         where m.id = s.id and m.status not in ('cancelled', 'failed')",
        &ids,
        &column(|s| s.points[0]),
        &column(|s| s.points[1]),
        &column(|s| s.games_won[0]),
        &column(|s| s.games_won[1]),
        &column(|s| s.games_drawn)
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
