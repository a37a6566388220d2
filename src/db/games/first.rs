//! A newcomer's first game, played while the transaction that makes it ready runs
//! (`jobs::first_game`): what it is played with, read before that transaction, and its lease,
//! taken in it once the game exists.

use super::{GameJob, Side};
use crate::db::ids::{ContestId, GameRecordId, MatchId, SubmissionId, UserId};
use crate::games::GameId;
use serde_json::Value;
use sqlx::PgConnection;

/// What a newcomer's first game is played with, read before it is made ready: the contest's game
/// and settings, whether it is a ladder, and its first opponent (the lowest of `ready_opponents`,
/// as `create_matches` pairs them), without its build (the slot reads it unless it has it
/// unpacked). One statement.
pub struct FirstOpponent {
    pub game: GameId,
    pub settings: Value,
    pub ladder: bool,
    /// The newcomer's name, as a side of a game shows it.
    pub nickname: String,
    pub opponent: Option<Side>,
}

/// [`FirstOpponent`] of `user`'s newcomer in `contest`.
pub async fn first_opponent(
    conn: &mut PgConnection,
    contest: ContestId,
    user: UserId,
) -> sqlx::Result<FirstOpponent> {
    let r = sqlx::query!(
        r#"select c.game as "game: GameId", c.settings, c.format = 'ladder' as "ladder!",
                  (select coalesce(nu.nickname, nu.username) from users nu where nu.id = $2) as "nickname!",
                  s.id as "submission_id?: SubmissionId", s.user_id as "user_id?: UserId",
                  coalesce(u.nickname, u.username) as nickname_b, s.language as "language?", s.compiled_at,
                  case when u.is_house then convert_from(s.source, 'UTF8') end as house_level
           from contests c
                left join lateral (select o.id from ready_opponents(c.id, $2) o order by o.id limit 1) o on true
                left join submissions s on s.id = o.id
                left join users u on u.id = s.user_id
           where c.id = $1"#,
        contest as ContestId,
        user as UserId
    )
    .fetch_one(conn)
    .await?;
    let opponent = match (r.submission_id, r.user_id, r.nickname_b, r.language) {
        (Some(submission_id), Some(user_id), Some(nickname), Some(language)) => Some(Side {
            submission_id,
            user_id,
            nickname,
            language,
            compiled_at: r.compiled_at,
            artifact: None,
            house_level: r.house_level,
        }),
        _ => None,
    };
    Ok(FirstOpponent { game: r.game, settings: r.settings, ladder: r.ladder, nickname: r.nickname, opponent })
}

/// Leases to `worker` the game of the match of `newcomer` (side `a`) against `opponent` with
/// `seed` whose plan and settings are `plan` and `settings`, if it is queued and nobody holds it,
/// as `claim` would (attempt counted, game and match `running`, the contest charged its slot
/// time): in the transaction that created it, so no other worker ever sees it queued. `None`
/// when there is no such game (the scheduler paired the newcomer otherwise).
#[allow(clippy::too_many_arguments)]
pub async fn lease_first_game(
    conn: &mut PgConnection,
    newcomer: SubmissionId,
    opponent: SubmissionId,
    seed: i64,
    plan: &Value,
    settings: &Value,
    worker: &str,
    lease_secs: f64,
) -> sqlx::Result<Option<GameJob>> {
    let row = sqlx::query!(
        r#"with first as (
               select g.id, g.match_id, g.plan, g.settings, g.charge, m.contest_id
               from matches m join games g on g.match_id = m.id
               where m.submission_a = $1 and m.submission_b = $2 and m.seed = $3
                 and m.status not in ('cancelled', 'failed') and g.status = 'queued'
                 and g.plan = $4 and g.settings = $5
               limit 1),
           claimed as (
               update jobs set attempts = attempts + 1, locked_by = $6,
                               lease_until = now() + make_interval(secs => $7)
               where kind = 'game' and subject_id in (select id from first) and finished_at is null
                 and locked_by is null
               returning subject_id, attempts),
           taken as (
               update games g set status = 'running', started_at = now()
               from claimed c where g.id = c.subject_id
               returning g.match_id),
           charged as (
               insert into contest_slot_usage as u (contest_id, vtime)
               select c.id, 1000 / c.share from contests c
               where c.id = (select contest_id from first) and exists (select 1 from taken)
               on conflict (contest_id) do update
                   set vtime = u.vtime + u.estimate_ms
                       / (select share from contests where id = (select contest_id from first))
               returning u.contest_id),
           started as (
               update matches set status = 'running'
               where id in (select match_id from taken) and exists (select 1 from charged))
           select f.id as "id!: GameRecordId", f.match_id as "match_id!: MatchId", f.plan as "plan!",
                  f.settings as "settings!", f.charge as "charge!", c.attempts as "attempts!"
           from first f join claimed c on c.subject_id = f.id"#,
        newcomer as SubmissionId,
        opponent as SubmissionId,
        seed,
        plan,
        settings,
        worker,
        lease_secs
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| GameJob {
        id: r.id,
        match_id: r.match_id,
        plan: r.plan,
        settings: r.settings,
        attempts: r.attempts,
        charge: r.charge,
    }))
}
