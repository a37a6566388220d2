//! Practice games once over (see `service::practice`, which plays them in memory): stored for
//! their player's replay and log, never part of a match or the standings.

use super::ids::{ContestId, UserId};
use crate::games::GameId;
use serde_json::Value;
use sqlx::PgConnection;
use time::OffsetDateTime;
use uuid::Uuid;

/// A practice game as stored.
#[derive(Clone, Debug)]
pub struct StoredGame {
    pub id: Uuid,
    pub user_id: UserId,
    pub contest_id: ContestId,
    pub opponent: String,
    pub seat: String,
    pub settings: Value,
    pub params: Value,
    pub result: Option<Value>,
    pub log: String,
    pub started_at: OffsetDateTime,
}

/// Stores a finished practice game (once: a second store of the same id changes nothing).
pub async fn store(conn: &mut PgConnection, g: &StoredGame) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into practice_games (id, user_id, contest_id, opponent, seat, settings, params, result, log, started_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         on conflict (id) do nothing",
        g.id,
        g.user_id as UserId,
        g.contest_id as ContestId,
        g.opponent,
        g.seat,
        g.settings,
        g.params,
        g.result,
        g.log,
        g.started_at
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A stored practice game of `user`, with its contest's slug and game.
pub async fn by_id(
    conn: &mut PgConnection,
    id: Uuid,
    user: UserId,
) -> sqlx::Result<Option<(StoredGame, String, GameId)>> {
    let row = sqlx::query!(
        r#"select p.id, p.user_id as "user_id: UserId", p.contest_id as "contest_id: ContestId", p.opponent, p.seat,
                  p.settings, p.params, p.result, p.log, p.started_at, c.slug, c.game as "game: GameId"
           from practice_games p join contests c on c.id = p.contest_id
           where p.id = $1 and p.user_id = $2"#,
        id,
        user as UserId
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| {
        let game = StoredGame {
            id: r.id,
            user_id: r.user_id,
            contest_id: r.contest_id,
            opponent: r.opponent,
            seat: r.seat,
            settings: r.settings,
            params: r.params,
            result: r.result,
            log: r.log,
            started_at: r.started_at,
        };
        (game, r.slug, r.game)
    }))
}

/// A line of a player's list of practice games.
#[derive(Clone, Debug)]
pub struct Listed {
    pub id: Uuid,
    pub opponent: String,
    pub seat: String,
    /// The result's `winner` (`a` is the person) and `reason`; none when it could not be played.
    pub winner: Option<String>,
    pub reason: Option<String>,
    pub finished_at: OffsetDateTime,
}

/// The user's stored practice games in a contest, newest first, at most `limit`.
pub async fn of_user(
    conn: &mut PgConnection,
    contest: ContestId,
    user: UserId,
    limit: i64,
) -> sqlx::Result<Vec<Listed>> {
    sqlx::query_as!(
        Listed,
        r#"select id, opponent, seat, result ->> 'winner' as winner, result ->> 'reason' as reason, finished_at
           from practice_games where user_id = $2 and contest_id = $1
           order by finished_at desc limit $3"#,
        contest as ContestId,
        user as UserId,
        limit
    )
    .fetch_all(conn)
    .await
}

/// Whether a person may start a practice game now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// Counted (the id of the count, to give it back if the game does not start after all).
    Counted(i64),
    /// They started `per_hour` games in the last hour: the seconds until the oldest of those is an
    /// hour old.
    Refused { retry_after: u64 },
}

/// Counts a start of a practice game by `user` unless they started `per_hour` (at least 1) in
/// the last hour. The check and the count are one step under a lock of the user's row, so two
/// requests at once (to any server process) cannot both take the last start.
pub async fn count_start(conn: &mut PgConnection, user: UserId, per_hour: u32) -> sqlx::Result<Start> {
    use sqlx::Connection;
    let mut tx = conn.begin().await?;
    sqlx::query!("select id from users where id = $1 for update", user as UserId).fetch_one(&mut *tx).await?;
    // The start that must be an hour old before another may be counted: the `per_hour`-th newest.
    let wait = sqlx::query_scalar!(
        r#"select ceil(extract(epoch from started_at + interval '1 hour' - now()))::bigint as "wait!"
           from practice_starts where user_id = $1 and started_at > now() - interval '1 hour'
           order by started_at desc offset $2 limit 1"#,
        user as UserId,
        i64::from(per_hour.max(1)) - 1
    )
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(wait) = wait {
        return Ok(Start::Refused { retry_after: wait.clamp(1, 3600) as u64 });
    }
    sqlx::query!(
        "delete from practice_starts where user_id = $1 and started_at <= now() - interval '1 hour'",
        user as UserId
    )
    .execute(&mut *tx)
    .await?;
    let id =
        sqlx::query_scalar!("insert into practice_starts (user_id) values ($1) returning id", user as UserId)
            .fetch_one(&mut *tx)
            .await?;
    tx.commit().await?;
    Ok(Start::Counted(id))
}

/// Gives back a start counted by [`count_start`] (the game did not start).
pub async fn uncount_start(conn: &mut PgConnection, id: i64) -> sqlx::Result<()> {
    sqlx::query!("delete from practice_starts where id = $1", id).execute(conn).await?;
    Ok(())
}

/// Forgets the counts of starts more than an hour old (they limit nothing any more).
pub async fn forget_old_starts(conn: &mut PgConnection) -> sqlx::Result<u64> {
    let done = sqlx::query!("delete from practice_starts where started_at <= now() - interval '1 hour'")
        .execute(conn)
        .await?;
    Ok(done.rows_affected())
}

/// Deletes the stored practice games that ended more than `days` days ago; how many.
pub async fn delete_ended_before(conn: &mut PgConnection, days: i32) -> sqlx::Result<u64> {
    let done = sqlx::query!(
        "delete from practice_games where finished_at < now() - make_interval(days => $1)",
        days
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}
