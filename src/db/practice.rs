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
