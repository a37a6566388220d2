//! What the pages and the API read of matches and games: a submission's matches and games, one
//! stored game, a running game's moves, a game page's names, a round robin's progress.

use super::GameStatus;
use crate::db::ids::{GameRecordId, MatchId, SubmissionId, UserId};
use crate::games::GameId;
use serde::Serialize;
use serde_json::Value;
use sqlx::PgConnection;
use time::OffsetDateTime;

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
