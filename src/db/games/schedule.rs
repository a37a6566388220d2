//! Matches as the scheduler makes them: a new submission's opponents and matches (with their
//! games and jobs), and the cancelling of those whose submissions are no longer current.

use super::{game_columns, GameJob, GameStatus};
use crate::db::ids::{ContestId, GameRecordId, MatchId, SubmissionId, UserId};
use crate::db::queue::{self, JobKind};
use crate::games::settings::Settings;
use serde_json::Value;
use sqlx::PgConnection;
use time::OffsetDateTime;

/// How many opponents a submission of `user_id` gets in the contest: the latest ready submission
/// of every other user (SQL function `ready_opponents`; house bots play students only).
pub async fn ready_opponent_count(
    conn: &mut PgConnection,
    contest_id: ContestId,
    user_id: UserId,
) -> sqlx::Result<i64> {
    sqlx::query_scalar!(
        r#"select count(*) as "n!" from ready_opponents($1, $2)"#,
        contest_id as ContestId,
        user_id as UserId
    )
    .fetch_one(conn)
    .await
}

/// A match to create for a new submission: its seed and its games' plans (index and
/// `games.plan`).
#[derive(Clone, Debug)]
pub struct NewMatch {
    pub seed: i64,
    pub plans: Vec<(i32, Value)>,
}

/// The first game of a newcomer's first match when it is already being played
/// (`jobs::first_game`): [`create_matches`] creates it leased to `worker` for `lease_secs` from
/// now, as a claim would lease it (attempt counted, game and match `running`, the contest charged
/// its slot time), if that match is against `opponent`, the one it is played against. So no
/// other worker ever sees it queued, and the newcomer's first result waits for no statement more.
pub struct LeaseFirst {
    pub opponent: SubmissionId,
    pub worker: String,
    pub lease_secs: f64,
}

/// Creates the matches of `submission` (side `a`, of user `user_id`) against its first ready
/// opponents (SQL function `ready_opponents`) in the order of their submissions, one per given
/// match, skipping the pairs that have one already; their games (with the contest's `settings`)
/// and the games' jobs; and, if `more_pending` and it has more opponents than matches given,
/// marks the rest for later ([`take_schedule_pending`]). One statement however many there are.
/// The jobs are queued in that order (each match's place its `seq`), as arrived at `arrived_at`
/// (the submission's arrival: see `queue`); if `join_queue`, the contest is brought into the
/// game slots' fair share as `queue::join_game_queue` does it, in the same statement (its slot
/// time moved up before anything is charged to it). Returns the matches created, and the first
/// game leased as `lease_first` asks, if it was.
#[allow(clippy::too_many_arguments)]
pub async fn create_matches(
    conn: &mut PgConnection,
    contest_id: ContestId,
    submission: SubmissionId,
    user_id: UserId,
    arrived_at: OffsetDateTime,
    matches: &[NewMatch],
    settings: &Settings,
    more_pending: bool,
    lease_first: Option<&LeaseFirst>,
    join_queue: bool,
) -> sqlx::Result<(i64, Option<GameJob>)> {
    let settings = crate::db::contests::stored(settings);
    let seeds: Vec<i64> = matches.iter().map(|m| m.seed).collect();
    let games = game_columns(matches.iter().zip(1i64..).map(|(m, n)| (n, &m.plans[..])));
    let r = sqlx::query!(
        r#"with opponents as (
               select o.id, row_number() over (order by o.id) as n
               from ready_opponents($1, $3) o order by o.id limit cardinality($5::int8[]) + 1),
           pending as (
               insert into schedule_pending (submission_id)
               select $2 where $10 and (select count(*) from opponents) > cardinality($5::int8[])
               on conflict do nothing),
           new_matches as (
               insert into matches (contest_id, submission_a, submission_b, seed, status)
               select $1, $2, o.id, s.seed,
                      (case when s.n = 1 and o.id = $11 then 'running' else 'queued' end)::game_status
               from unnest($5::int8[]) with ordinality as s(seed, n) join opponents o on o.n = s.n
               order by s.n
               on conflict do nothing
               returning id, submission_b, status),
           numbered as (
               select m.id, m.submission_b, o.n, m.status = 'running' as leased
               from new_matches m join opponents o on o.id = m.submission_b),
           new_games as (
               insert into games (match_id, index, plan, settings, status, started_at)
               select m.id, p.index, p.plan, $9,
                      (case when m.leased and p.k = 1 then 'running' else 'queued' end)::game_status,
                      case when m.leased and p.k = 1 then now() end
               from unnest($6::int8[], $7::int4[], $8::jsonb[]) with ordinality as p(n, index, plan, k)
               join numbered m on m.n = p.n
               order by p.k
               returning id, match_id, status, plan, settings, charge),
           new_jobs as (
               insert into jobs (kind, game_id, arrived_at, contest_id, seq, attempts, locked_by, lease_until)
               select 'game', g.id, $4, $1, (m.n - 1)::int4, (g.status = 'running')::int4,
                      case when g.status = 'running' then $12 end,
                      case when g.status = 'running' then now() + make_interval(secs => $13) end
               from new_games g join numbered m on m.id = g.match_id
               order by g.id
               returning 1),
           -- Joining the fair share (`queue::join_game_queue`): the lowest slot time of the
           -- contests with games queued, which an idle contest's moves up to. Both read as
           -- before this statement, its own jobs not yet queued.
           floor as (
               select coalesce(min(o.vtime), 0) as vtime from contest_slot_usage o
               where $14 and o.contest_id <> $1
                 and exists (select 1 from jobs j
                             where j.kind = 'game' and j.finished_at is null and j.contest_id = o.contest_id)),
           idle as (
               select not exists (select 1 from jobs j
                                  where j.kind = 'game' and j.finished_at is null and j.contest_id = $1) as idle),
           leased as (select exists (select 1 from new_games where status = 'running') as leased),
           -- One row of the contest's slot time, joined and charged for the leased game at once.
           slot as (
               insert into contest_slot_usage as u (contest_id, vtime)
               select c.id, case when $14 then (select vtime from floor) else 0 end
                            + case when l.leased then 1000 / c.share else 0 end
               from contests c cross join leased l
               where c.id = $1 and ($14 or l.leased)
               on conflict (contest_id) do update
                   set vtime = case when $14 and (select idle from idle) then greatest(u.vtime, (select vtime from floor))
                                    else u.vtime end
                               + case when (select leased from leased)
                                      then u.estimate_ms / (select share from contests where id = $1) else 0 end
                   where ($14 and (select idle from idle)) or (select leased from leased)
               returning 1)
           select (select count(*) from new_matches) as "created!",
                  l.id as "leased_id?: GameRecordId", l.match_id as "leased_match_id?: MatchId",
                  l.plan as "leased_plan?", l.settings as "leased_settings?", l.charge as "leased_charge?"
           from (select count(*) from slot) as after_slot
                left join new_games l on l.status = 'running'"#,
        contest_id as ContestId,
        submission as SubmissionId,
        user_id as UserId,
        arrived_at,
        &seeds,
        &games.0,
        &games.1,
        &games.2,
        settings,
        more_pending,
        lease_first.map(|l| l.opponent) as Option<SubmissionId>,
        lease_first.map(|l| l.worker.as_str()),
        lease_first.map(|l| l.lease_secs),
        join_queue
    )
    .fetch_one(conn)
    .await?;
    let leased = match (r.leased_id, r.leased_match_id, r.leased_plan, r.leased_settings, r.leased_charge) {
        (Some(id), Some(match_id), Some(plan), Some(settings), Some(charge)) => {
            Some(GameJob { id, match_id, plan, settings, attempts: 1, charge })
        }
        _ => None,
    };
    Ok((r.created, leased))
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
    cancel_matches(conn, &matches).await
}

/// Cancels matches (by id) that are not over: their games still queued (or failed) and those
/// games' jobs, and the matches themselves; a game a worker has just claimed is left to finish.
/// Returns the games cancelled.
pub async fn cancel_matches(conn: &mut PgConnection, matches: &[i64]) -> sqlx::Result<u64> {
    if matches.is_empty() {
        return Ok(0);
    }
    let stale = sqlx::query!(
        r#"select id, status as "status: GameStatus" from games
           where match_id = any($1) and status in ('queued', 'failed')"#,
        matches
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
        matches
    )
    .execute(&mut *conn)
    .await?;
    Ok(res.rows_affected())
}

/// Takes `submission`'s mark of matches still to schedule, for the caller's transaction to
/// schedule them: `false` if it has none (or another transaction took it: this one waits until
/// that one ends).
pub async fn take_schedule_pending(conn: &mut PgConnection, submission: SubmissionId) -> sqlx::Result<bool> {
    let res =
        sqlx::query!("delete from schedule_pending where submission_id = $1", submission as SubmissionId)
            .execute(conn)
            .await?;
    Ok(res.rows_affected() == 1)
}

/// The submissions with matches still to schedule for at least `secs` seconds, longest waiting
/// first (at most `limit`).
pub async fn schedule_pending(
    conn: &mut PgConnection,
    secs: f64,
    limit: i64,
) -> sqlx::Result<Vec<SubmissionId>> {
    sqlx::query_scalar!(
        r#"select submission_id as "id: SubmissionId" from schedule_pending
           where since < now() - make_interval(secs => $1)
           order by since limit $2"#,
        secs,
        limit
    )
    .fetch_all(conn)
    .await
}

/// Whether any game of `submission`'s matches has ended (stored, or given up or cancelled): its
/// first result is in, or will not come. Its current games only (`replaced_at is null`): so the
/// lookup uses the index of a match's games, `games_current`, instead of reading every game. One
/// `exists` per side, each on its side's index: with `submission_a = $1 or submission_b = $1`,
/// the planner expects the hundreds of matches an entrant of a big contest has, and reads the
/// table from the start until it meets one, which for a newcomer is every match.
pub async fn any_game_ended(conn: &mut PgConnection, submission: SubmissionId) -> sqlx::Result<bool> {
    let ended = sqlx::query_scalar!(
        r#"select exists (
                   select 1 from matches m join games g on g.match_id = m.id and g.replaced_at is null
                   where m.submission_a = $1 and g.status not in ('queued', 'running'))
               or exists (
                   select 1 from matches m join games g on g.match_id = m.id and g.replaced_at is null
                   where m.submission_b = $1 and g.status not in ('queued', 'running')) as "ended!""#,
        submission as SubmissionId
    )
    .fetch_one(conn)
    .await?;
    Ok(ended)
}

/// What a match made on its own (not in a submission's round robin) is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwnMatch {
    /// A ladder's next match, charged to the students' budgets like the round robin's.
    Ladder,
    /// One of the contest's final matches, queued in the place `seq`; not charged.
    Finals { seq: i32 },
}

/// Creates one match of `a` against `b` with its games (under `settings`, `plans` as `(index,
/// games.plan)`) and their jobs, queued as arrived now, after bringing the contest into the
/// game slots' fair share.
#[allow(clippy::too_many_arguments)]
pub async fn create_match(
    conn: &mut PgConnection,
    kind: OwnMatch,
    contest: ContestId,
    a: SubmissionId,
    b: SubmissionId,
    seed: i64,
    plans: &[(i32, Value)],
    settings: &Settings,
) -> sqlx::Result<MatchId> {
    let settings = crate::db::contests::stored(settings);
    let (indexes, plans): (Vec<i32>, Vec<Value>) = plans.iter().cloned().unzip();
    let (ladder, finals_seq) = match kind {
        OwnMatch::Ladder => (true, None),
        OwnMatch::Finals { seq } => (false, Some(seq)),
    };
    queue::join_game_queue(conn, contest.into()).await?;
    let id = sqlx::query_scalar!(
        r#"insert into matches (contest_id, submission_a, submission_b, seed, ladder, in_finals)
           values ($1, $2, $3, $4, $5, $6) returning id as "id: MatchId""#,
        contest as ContestId,
        a as SubmissionId,
        b as SubmissionId,
        seed,
        ladder,
        finals_seq.is_some()
    )
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query!(
        "with new_games as (
             insert into games (match_id, index, plan, settings, charge)
             select $1, p.index, p.plan, $4, $6
             from unnest($2::int4[], $3::jsonb[]) with ordinality as p(index, plan, n)
             order by p.n
             returning id)
         insert into jobs (kind, game_id, arrived_at, contest_id, seq)
         select 'game', g.id, now(), $5, $7 from new_games g order by g.id",
        id as MatchId,
        &indexes,
        &plans,
        settings,
        contest as ContestId,
        finals_seq.is_none(),
        finals_seq.unwrap_or(0)
    )
    .execute(conn)
    .await?;
    Ok(id)
}
