//! The rated ladder's rows (`format=ladder`): its settings on `contests`, each entrant's rating
//! (`ladder_ratings`) and its history (`ladder_history`), and the ladder's matches (`matches`
//! rows marked `ladder`, which a pair may have several of). What to do with them is
//! `service::ladder`.

use super::games::GameStatus;
use super::ids::{ContestId, MatchId, SubmissionId};
use sqlx::PgConnection;
use time::OffsetDateTime;

/// A ladder contest's own settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LadderSettings {
    pub games_per_hour: i32,
    pub max_repeats: i32,
    /// Submissions are no longer accepted: the ladder stops making matches.
    pub closed: bool,
}

/// The ladder settings of `contest`; `None` when it is a round robin.
pub async fn settings(conn: &mut PgConnection, contest: ContestId) -> sqlx::Result<Option<LadderSettings>> {
    let row = sqlx::query!(
        r#"select format, ladder_games_per_hour, ladder_max_repeats,
                  coalesce(deadline <= now(), false) as "closed!"
           from contests where id = $1"#,
        contest as ContestId
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.filter(|r| r.format == "ladder").map(|r| LadderSettings {
        games_per_hour: r.ladder_games_per_hour,
        max_repeats: r.ladder_max_repeats,
        closed: r.closed,
    }))
}

/// The ladder contests that have a match to rate or may make one (open, or with unrated matches).
pub async fn active(conn: &mut PgConnection) -> sqlx::Result<Vec<ContestId>> {
    sqlx::query_scalar!(
        r#"select id as "id: ContestId" from contests c
           where format = 'ladder'
             and (deadline is null or deadline > now()
                  or exists (select 1 from matches m where m.contest_id = c.id and m.ladder and m.rated_at is null))
           order by id"#
    )
    .fetch_all(conn)
    .await
}

/// Enters every current submission of the contest that has no rating yet, at the prior.
pub async fn enter_current(
    conn: &mut PgConnection,
    contest: ContestId,
    mu: f64,
    sigma: f64,
) -> sqlx::Result<u64> {
    let res = sqlx::query!(
        "insert into ladder_ratings (submission_id, contest_id, mu, sigma)
         select s.id, s.contest_id, $2, $3 from submissions s
         where s.contest_id = $1 and s.status = 'ready'
         order by s.id
         on conflict (submission_id) do nothing",
        contest as ContestId,
        mu,
        sigma
    )
    .execute(conn)
    .await?;
    Ok(res.rows_affected())
}

/// A current submission of a ladder, as the matchmaker sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct EntrantRow {
    pub submission_id: SubmissionId,
    pub is_house: bool,
    pub mu: f64,
    pub sigma: f64,
    pub games: i32,
    /// Its last game's end, or its entry: microseconds since the epoch.
    pub last_played_us: i64,
    /// It has a ladder match queued or being played.
    pub busy: bool,
}

/// The contest's current submissions with their ratings.
pub async fn entrants(conn: &mut PgConnection, contest: ContestId) -> sqlx::Result<Vec<EntrantRow>> {
    sqlx::query_as!(
        EntrantRow,
        r#"select r.submission_id as "submission_id: SubmissionId", u.is_house, r.mu, r.sigma, r.games,
                  (extract(epoch from coalesce(r.last_played_at, r.entered_at)) * 1000000)::int8 as "last_played_us!",
                  exists (select 1 from matches m
                          where m.ladder and m.status in ('queued', 'running')
                            and (m.submission_a = r.submission_id or m.submission_b = r.submission_id)) as "busy!"
           from ladder_ratings r
           join submissions s on s.id = r.submission_id and s.status = 'ready'
           join users u on u.id = s.user_id
           where r.contest_id = $1
           order by r.submission_id"#,
        contest as ContestId
    )
    .fetch_all(conn)
    .await
}

/// How often each pair of submissions has met (or is to meet) in the contest's ladder, cancelled
/// matches left out: `(lower id, higher id, matches)`.
pub async fn pair_counts(
    conn: &mut PgConnection,
    contest: ContestId,
) -> sqlx::Result<Vec<(SubmissionId, SubmissionId, i64)>> {
    let rows = sqlx::query!(
        r#"select least(submission_a, submission_b) as "a!: SubmissionId",
                  greatest(submission_a, submission_b) as "b!: SubmissionId", count(*) as "n!"
           from matches where contest_id = $1 and ladder and status <> 'cancelled'
           group by 1, 2"#,
        contest as ContestId
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.a, r.b, r.n)).collect())
}

/// The ladder's matches so far (its turn number), those queued or running, and the games of
/// those created in the last hour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    pub matches: i64,
    pub unfinished: i64,
    pub games_last_hour: i64,
}

pub async fn counts(conn: &mut PgConnection, contest: ContestId) -> sqlx::Result<Counts> {
    let r = sqlx::query!(
        r#"select count(*) as "matches!",
                  count(*) filter (where status in ('queued', 'running')) as "unfinished!",
                  coalesce((select count(*) from games g join matches m on m.id = g.match_id
                            where m.contest_id = $1 and m.ladder and m.created_at > now() - interval '1 hour'), 0)
                      as "games_last_hour!"
           from matches where contest_id = $1 and ladder"#,
        contest as ContestId
    )
    .fetch_one(conn)
    .await?;
    Ok(Counts { matches: r.matches, unfinished: r.unfinished, games_last_hour: r.games_last_hour })
}

/// A ladder match over (decided, cancelled or failed) whose games have not been rated yet.
#[derive(Clone, Debug, PartialEq)]
pub struct Unrated {
    pub id: MatchId,
    pub submission_a: SubmissionId,
    pub submission_b: SubmissionId,
    pub status: GameStatus,
    pub finished_at: Option<OffsetDateTime>,
}

/// The contest's ladder matches to rate, in the order they ended.
pub async fn unrated(conn: &mut PgConnection, contest: ContestId) -> sqlx::Result<Vec<Unrated>> {
    sqlx::query_as!(
        Unrated,
        r#"select id as "id: MatchId", submission_a as "submission_a: SubmissionId",
                  submission_b as "submission_b: SubmissionId", status as "status: GameStatus", finished_at
           from matches
           where contest_id = $1 and ladder and rated_at is null and status not in ('queued', 'running')
           order by finished_at nulls first, id"#,
        contest as ContestId
    )
    .fetch_all(conn)
    .await
}

/// A submission's rating: `(mu, sigma, games)`; `None` when it never entered the ladder.
pub async fn rating(
    conn: &mut PgConnection,
    submission: SubmissionId,
) -> sqlx::Result<Option<(f64, f64, i32)>> {
    let r = sqlx::query!(
        "select mu, sigma, games from ladder_ratings where submission_id = $1",
        submission as SubmissionId
    )
    .fetch_optional(conn)
    .await?;
    Ok(r.map(|r| (r.mu, r.sigma, r.games)))
}

/// Stores a submission's rating after a match of `games` rated games that ended `at`, and adds
/// it to its history.
pub async fn store_rating(
    conn: &mut PgConnection,
    contest: ContestId,
    submission: SubmissionId,
    mu: f64,
    sigma: f64,
    games: i32,
    at: OffsetDateTime,
) -> sqlx::Result<()> {
    let total = sqlx::query_scalar!(
        "insert into ladder_ratings as r (submission_id, contest_id, mu, sigma, games, last_played_at)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (submission_id) do update
             set mu = excluded.mu, sigma = excluded.sigma, games = r.games + excluded.games,
                 last_played_at = greatest(r.last_played_at, excluded.last_played_at)
         returning games",
        submission as SubmissionId,
        contest as ContestId,
        mu,
        sigma,
        games,
        at
    )
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query!(
        "insert into ladder_history (submission_id, at, mu, sigma, games) values ($1, $2, $3, $4, $5)",
        submission as SubmissionId,
        at,
        mu,
        sigma,
        total
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Rates the contest's ladder again from scratch (after a rejudge): every rating back to the
/// prior with no games, its history dropped, and every ladder match unrated, so the tick rates
/// each decided one again in the order they ended.
pub async fn rate_again(
    conn: &mut PgConnection,
    contest: ContestId,
    mu: f64,
    sigma: f64,
) -> sqlx::Result<()> {
    sqlx::query!("update matches set rated_at = null where contest_id = $1 and ladder", contest as ContestId)
        .execute(&mut *conn)
        .await?;
    sqlx::query!(
        "delete from ladder_history h using ladder_ratings r
         where r.submission_id = h.submission_id and r.contest_id = $1",
        contest as ContestId
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "update ladder_ratings set mu = $2, sigma = $3, games = 0, last_played_at = null where contest_id = $1",
        contest as ContestId,
        mu,
        sigma
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The contest's ladder matches not over yet (queued or being played).
pub async fn unfinished(conn: &mut PgConnection, contest: ContestId) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar!(
        "select id from matches where contest_id = $1 and ladder and status in ('queued', 'running') order by id",
        contest as ContestId
    )
    .fetch_all(conn)
    .await
}

/// Marks a ladder match rated.
pub async fn mark_rated(conn: &mut PgConnection, id: MatchId) -> sqlx::Result<()> {
    sqlx::query!("update matches set rated_at = now() where id = $1", id as MatchId).execute(conn).await?;
    Ok(())
}

/// One entrant's row of the ladder's table.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub submission_id: SubmissionId,
    pub username: String,
    /// The name shown to others: the nickname, else the username.
    pub shown: String,
    pub mu: f64,
    pub sigma: f64,
    pub games: i32,
}

/// The contest's current entrants by conservative score (`mu - 3 sigma`), best first.
pub async fn standings(conn: &mut PgConnection, contest: ContestId) -> sqlx::Result<Vec<Standing>> {
    sqlx::query_as!(
        Standing,
        r#"select r.submission_id as "submission_id: SubmissionId", u.username,
                  coalesce(u.nickname, u.username) as "shown!", r.mu, r.sigma, r.games
           from ladder_ratings r
           join submissions s on s.id = r.submission_id and s.status = 'ready'
           join users u on u.id = s.user_id
           where r.contest_id = $1
           order by r.mu - 3 * r.sigma desc, r.submission_id"#,
        contest as ContestId
    )
    .fetch_all(conn)
    .await
}

/// A point of an entrant's rating history.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryPoint {
    pub submission_id: SubmissionId,
    pub mu: f64,
    pub sigma: f64,
}

/// The rating histories of the contest's current entrants, each in the order it was rated.
pub async fn history(conn: &mut PgConnection, contest: ContestId) -> sqlx::Result<Vec<HistoryPoint>> {
    sqlx::query_as!(
        HistoryPoint,
        r#"select h.submission_id as "submission_id: SubmissionId", h.mu, h.sigma
           from ladder_history h
           join ladder_ratings r on r.submission_id = h.submission_id
           join submissions s on s.id = h.submission_id and s.status = 'ready'
           where r.contest_id = $1
           order by h.submission_id, h.id"#,
        contest as ContestId
    )
    .fetch_all(conn)
    .await
}
