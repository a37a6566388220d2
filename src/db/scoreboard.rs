//! What the scoreboard is computed from (the current submissions and their finished matches),
//! its stored snapshots, and freezing the standings.

use serde_json::Value;
use sqlx::PgConnection;
use time::OffsetDateTime;

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
    rows: &Value,
) -> sqlx::Result<OffsetDateTime> {
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
) -> sqlx::Result<Option<(OffsetDateTime, Value)>> {
    Ok(sqlx::query!("select computed_at, rows from scoreboards where contest_id = $1", contest_id)
        .fetch_optional(conn)
        .await?
        .map(|r| (r.computed_at, r.rows)))
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
