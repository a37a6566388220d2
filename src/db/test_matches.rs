//! Test matches: a full match a student asks for, of their current submission (side `a`) against
//! an opponent they pick. It is a row of `matches` marked with `requested_by` (see the migration
//! `*_test_matches.sql`): its games are played and stored like a round robin's, but it never
//! counts in the standings and its games' jobs are queued in the queue's own lane,
//! [`PRIORITY`], ahead of the round robin.

use super::games::{GameOutcome, GameStatus};
use super::ids::{ContestId, GameRecordId, MatchId, SubmissionId, UserId};
use crate::games::settings::Settings;
use serde_json::Value;
use sqlx::PgConnection;
use time::OffsetDateTime;

/// The queue priority of a test match's games (round-robin games have 0): a game slot that frees
/// up plays a waiting test game first, so a test match starts within one game of a slot.
pub const PRIORITY: i32 = 1;

/// A test match to create: who asks, their submission, the opponent's submission, the match's
/// seed, its games' plans (index and `games.plan`) and the contest's settings.
pub struct NewTestMatch<'a> {
    pub contest: ContestId,
    pub requested_by: UserId,
    pub submission: SubmissionId,
    pub opponent: SubmissionId,
    pub seed: i64,
    pub plans: &'a [(i32, Value)],
    pub settings: &'a Settings,
}

/// Creates a test match, its games and their jobs (in the test lane, arrived now), in one
/// statement. Its games are not charged through `games.charge` (which charges both sides): the
/// worker charges both bots' time to `requested_by` instead.
pub async fn create(conn: &mut PgConnection, m: NewTestMatch<'_>) -> sqlx::Result<MatchId> {
    let (indexes, plans): (Vec<i32>, Vec<Value>) = m.plans.iter().cloned().unzip();
    super::queue::join_game_queue(conn, m.contest.into()).await?;
    sqlx::query_scalar!(
        r#"with new_match as (
               insert into matches (contest_id, submission_a, submission_b, seed, requested_by)
               values ($1, $2, $3, $4, $5)
               returning id),
           new_games as (
               insert into games (match_id, index, plan, settings, charge)
               select m.id, p.index, p.plan, $8, false
               from new_match m cross join unnest($6::int4[], $7::jsonb[]) with ordinality as p(index, plan, n)
               order by p.n
               returning id),
           new_jobs as (
               insert into jobs (kind, game_id, priority, contest_id) select 'game', id, $9, $1 from new_games order by id
               returning 1)
           select id as "id: MatchId" from new_match"#,
        m.contest as ContestId,
        m.submission as SubmissionId,
        m.opponent as SubmissionId,
        m.seed,
        m.requested_by as UserId,
        &indexes,
        &plans,
        super::contests::stored(m.settings),
        PRIORITY
    )
    .fetch_one(conn)
    .await
}

/// The user's test match still queued or running, if any (a student has one at a time).
pub async fn unfinished(conn: &mut PgConnection, user: UserId) -> sqlx::Result<Option<MatchId>> {
    sqlx::query_scalar!(
        r#"select id as "id: MatchId" from matches
           where requested_by = $1 and status in ('queued', 'running') order by id desc limit 1"#,
        user as UserId
    )
    .fetch_optional(conn)
    .await
}

/// A test match as its page and the API show it.
#[derive(Clone, Debug)]
pub struct TestMatch {
    pub id: MatchId,
    pub contest_id: ContestId,
    pub slug: String,
    pub requested_by: UserId,
    pub status: GameStatus,
    /// The asking student's submission (side `a`).
    pub submission: SubmissionId,
    pub opponent_submission: SubmissionId,
    pub opponent_nickname: String,
    /// The asking student's points (3 / 1 / 0) once done.
    pub points: Option<i32>,
    pub games_won: Option<i32>,
    pub games_lost: Option<i32>,
    pub games_drawn: Option<i32>,
    pub games: Vec<GameRecordId>,
    pub created_at: OffsetDateTime,
    pub finished_at: Option<OffsetDateTime>,
}

/// One test match.
pub async fn by_id(conn: &mut PgConnection, id: MatchId) -> sqlx::Result<Option<TestMatch>> {
    sqlx::query_as!(
        TestMatch,
        r#"select m.id as "id: _", m.contest_id as "contest_id: _", c.slug, m.requested_by as "requested_by!: _",
                  m.status as "status: GameStatus", m.submission_a as "submission: _",
                  m.submission_b as "opponent_submission: _", coalesce(u.nickname, u.username) as "opponent_nickname!",
                  m.points_a as points, m.games_won_a as games_won, m.games_won_b as games_lost, m.games_drawn,
                  array(select g.id from games g where g.match_id = m.id order by g.index) as "games!: _",
                  m.created_at, m.finished_at
           from matches m join contests c on c.id = m.contest_id
           join submissions o on o.id = m.submission_b join users u on u.id = o.user_id
           where m.id = $1 and m.requested_by is not null"#,
        id as MatchId
    )
    .fetch_optional(conn)
    .await
}

/// The user's test matches in a contest, newest first, at most `limit`.
pub async fn of_user(
    conn: &mut PgConnection,
    contest: ContestId,
    user: UserId,
    limit: i64,
) -> sqlx::Result<Vec<TestMatch>> {
    sqlx::query_as!(
        TestMatch,
        r#"select m.id as "id: _", m.contest_id as "contest_id: _", c.slug, m.requested_by as "requested_by!: _",
                  m.status as "status: GameStatus", m.submission_a as "submission: _",
                  m.submission_b as "opponent_submission: _", coalesce(u.nickname, u.username) as "opponent_nickname!",
                  m.points_a as points, m.games_won_a as games_won, m.games_won_b as games_lost, m.games_drawn,
                  array(select g.id from games g where g.match_id = m.id order by g.index) as "games!: _",
                  m.created_at, m.finished_at
           from matches m join contests c on c.id = m.contest_id
           join submissions o on o.id = m.submission_b join users u on u.id = o.user_id
           where m.requested_by = $2 and m.contest_id = $1
           order by m.id desc limit $3"#,
        contest as ContestId,
        user as UserId,
        limit
    )
    .fetch_all(conn)
    .await
}

/// The outcomes of the games of these test matches, seen from side `a` (the asking student).
pub async fn outcomes(conn: &mut PgConnection, matches: &[MatchId]) -> sqlx::Result<Vec<GameOutcome>> {
    sqlx::query_as!(
        GameOutcome,
        r#"select id as "id: _", status as "status: GameStatus", winner, end_reason, 'a' as "side!"
           from games where match_id = any($1)"#,
        matches as &[MatchId]
    )
    .fetch_all(conn)
    .await
}

/// Round-robin and test games waiting ahead of a test match's first game in the queue, for its
/// page: those of the test lane that arrived before it (round-robin games wait behind it).
pub async fn queued_ahead(conn: &mut PgConnection, id: MatchId) -> sqlx::Result<i64> {
    sqlx::query_scalar!(
        r#"select count(*) as "n!" from jobs j
           where j.kind = 'game' and j.finished_at is null and j.locked_by is null and j.priority >= $2
             and j.id < (select min(k.id) from games g join jobs k on k.kind = 'game' and k.subject_id = g.id
                         where g.match_id = $1)"#,
        id as MatchId,
        PRIORITY
    )
    .fetch_one(conn)
    .await
}

/// Whether a test match's game waits in the queue unclaimed: a game slot that holds round-robin
/// games claimed ahead gives them back for it.
pub async fn game_waiting(conn: &mut PgConnection) -> sqlx::Result<bool> {
    sqlx::query_scalar!(
        r#"select exists (select 1 from jobs
                          where kind = 'game' and finished_at is null and priority >= $1
                            and locked_by is null) as "waiting!""#,
        PRIORITY
    )
    .fetch_one(conn)
    .await
}
