//! A newcomer's first game, played while the transaction that makes it ready runs
//! (`jobs::first_game`): what it is played with, read while the newcomer compiles. (The game is
//! created leased: `create_matches`' `LeaseFirst`.)

use super::Side;
use crate::db::ids::{ContestId, SubmissionId, UserId};
use crate::games::GameId;
use serde_json::Value;
use sqlx::PgConnection;

/// What a newcomer's first game is played with, read before it is made ready: the contest's game
/// and settings, whether it is a ladder, and its first opponent (the lowest of `ready_opponents`,
/// as `create_matches` pairs them) with its build: read while the newcomer compiles, so that the
/// slot that plays the game reads nothing from the database first, whether or not it has the
/// build unpacked. One statement.
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
                  s.artifact,
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
            artifact: r.artifact,
            house_level: r.house_level,
        }),
        _ => None,
    };
    Ok(FirstOpponent { game: r.game, settings: r.settings, ladder: r.ladder, nickname: r.nickname, opponent })
}
