//! A contest's finals (`finals`, and the `matches` rows marked `in_finals`): a final round robin
//! among the top K of its standings under its own game settings. What they mean is
//! `service::finals`.

use super::ids::{ContestId, SubmissionId, UserId};
use super::scoreboard::{Tally, TallyRow};
use crate::games::settings::Settings;
use serde_json::Value;
use sqlx::PgConnection;
use time::OffsetDateTime;

/// A contest's finals as started.
#[derive(Clone, Debug, PartialEq)]
pub struct Finals {
    pub contest_id: ContestId,
    pub top_k: i32,
    /// The finals' game settings, stored as `contests.settings` holds a contest's.
    pub settings: Value,
    pub started_at: OffsetDateTime,
    /// Final matches not over yet (queued or running).
    pub unfinished: i64,
    /// Final matches in all.
    pub matches: i64,
}

/// The finals of `contest`, if started.
pub async fn of_contest(conn: &mut PgConnection, contest: ContestId) -> sqlx::Result<Option<Finals>> {
    sqlx::query_as!(
        Finals,
        r#"select f.contest_id as "contest_id: ContestId", f.top_k, f.settings, f.started_at,
                  (select count(*) from matches m
                   where m.contest_id = f.contest_id and m.in_finals and m.status in ('queued', 'running'))
                      as "unfinished!",
                  (select count(*) from matches m where m.contest_id = f.contest_id and m.in_finals)
                      as "matches!"
           from finals f where f.contest_id = $1"#,
        contest as ContestId
    )
    .fetch_optional(conn)
    .await
}

/// Records that the finals of `contest` started; `false` when they had already.
pub async fn create(
    conn: &mut PgConnection,
    contest: ContestId,
    top_k: i32,
    settings: &Settings,
    by: Option<UserId>,
) -> sqlx::Result<bool> {
    let settings = super::contests::stored(settings);
    let res = sqlx::query!(
        "insert into finals (contest_id, top_k, settings, started_by) values ($1, $2, $3, $4)
         on conflict (contest_id) do nothing",
        contest as ContestId,
        top_k,
        settings,
        by as Option<UserId>
    )
    .execute(conn)
    .await?;
    Ok(res.rows_affected() == 1)
}

/// The finalists: the submissions of the contest's final matches, current or not.
pub async fn finalists(conn: &mut PgConnection, contest: ContestId) -> sqlx::Result<Vec<SubmissionId>> {
    sqlx::query_scalar!(
        r#"select distinct s as "s!: SubmissionId" from matches m
           cross join lateral (values (m.submission_a), (m.submission_b)) as side(s)
           where m.contest_id = $1 and m.in_finals
           order by 1"#,
        contest as ContestId
    )
    .fetch_all(conn)
    .await
}

/// Every current finalist's totals over the decided final matches between current submissions.
pub async fn tallies(conn: &mut PgConnection, contest: ContestId) -> sqlx::Result<Vec<Tally>> {
    let rows = sqlx::query_as!(
        TallyRow,
        r#"with decided as not materialized (
               select m.* from matches m
               join submissions a on a.id = m.submission_a and a.status = 'ready'
               join submissions b on b.id = m.submission_b and b.status = 'ready'
               where m.contest_id = $1 and m.in_finals and m.status = 'done')
           select me as "submission_id!: SubmissionId", coalesce(sum(points), 0)::int8 as "points!",
                  sum(mw)::int8 as "matches_won!", sum(md)::int8 as "matches_drawn!",
                  sum(ml)::int8 as "matches_lost!", sum(gw)::int8 as "games_won!",
                  sum(gd)::int8 as "games_drawn!", sum(gl)::int8 as "games_lost!"
           from (
               select submission_a as me, points_a as points, (points_a > points_b)::int as mw,
                      (points_a = points_b)::int as md, (points_a < points_b)::int as ml,
                      games_won_a as gw, games_drawn as gd, games_won_b as gl
               from decided
               union all
               select submission_b, points_b, (points_b > points_a)::int, (points_b = points_a)::int,
                      (points_b < points_a)::int, games_won_b, games_drawn, games_won_a
               from decided) sides
           group by me"#,
        contest as ContestId
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(Tally::from).collect())
}
