//! The accounts and submissions that stand for house bots in contests (see `service::house`): one
//! account per level (`house:<level>`, which no roster username can be, since `:` is refused),
//! and per contest one `ready` submission in the reserved language `house` whose source is the
//! level.

use super::ids::{ContestId, SubmissionId, UserId};
use crate::games::HouseLevel;
use sqlx::PgConnection;

/// The reserved language id of house submissions.
pub const LANGUAGE: &str = "house";

/// The account of a house-bot level, created on first use. It cannot log in (`is_house`, and
/// its password hash is not a hash).
pub async fn account(conn: &mut PgConnection, level: HouseLevel) -> sqlx::Result<UserId> {
    let username = format!("house:{level}");
    sqlx::query!(
        "insert into users (username, password_hash, must_change_password, is_house)
         values ($1, '!', false, true)
         on conflict (username) do nothing",
        username
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query_scalar!(r#"select id as "id: UserId" from users where username = $1 and is_house"#, username)
        .fetch_one(conn)
        .await
}

/// A contest's current house submission: its id and level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HouseEntry {
    pub submission_id: SubmissionId,
    pub level: HouseLevel,
}

/// The ready house submissions of a contest.
pub async fn current(conn: &mut PgConnection, contest_id: ContestId) -> sqlx::Result<Vec<HouseEntry>> {
    sqlx::query_as!(
        HouseEntry,
        r#"select s.id as "submission_id: SubmissionId", convert_from(s.source, 'UTF8') as "level!: HouseLevel"
           from submissions s join users u on u.id = s.user_id
           where s.contest_id = $1 and u.is_house and s.status = 'ready'
           order by s.id"#,
        contest_id as ContestId
    )
    .fetch_all(conn)
    .await
}

/// A new ready house submission of `level` in a contest (nothing to compile).
pub async fn create_submission(
    conn: &mut PgConnection,
    contest_id: ContestId,
    level: HouseLevel,
) -> sqlx::Result<SubmissionId> {
    insert_submission(conn, contest_id, level, true).await
}

/// A house submission of `level` (nothing to compile): `ready`, or else `superseded` (never paired
/// by the round robin).
async fn insert_submission(
    conn: &mut PgConnection,
    contest_id: ContestId,
    level: HouseLevel,
    ready: bool,
) -> sqlx::Result<SubmissionId> {
    let user_id = account(conn, level).await?;
    sqlx::query_scalar!(
        r#"insert into submissions (contest_id, user_id, language, source, status, compiled_at)
         values ($1, $2, $3, $4, case when $5 then 'ready' else 'superseded' end::submission_status, now())
         returning id as "id: SubmissionId""#,
        contest_id as ContestId,
        user_id as UserId,
        LANGUAGE,
        level.as_str().as_bytes(),
        ready
    )
    .fetch_one(conn)
    .await
}

/// A house submission of `level` in a contest for a test match to play against: the contest's
/// current one when the level is enabled, else the latest one it had, else a new one that is not
/// `ready` (so the round robin never pairs it: it only stands for the level in test matches).
pub async fn test_submission(
    conn: &mut PgConnection,
    contest_id: ContestId,
    level: HouseLevel,
) -> sqlx::Result<SubmissionId> {
    let user_id = account(conn, level).await?;
    let found = sqlx::query_scalar!(
        r#"select id as "id: SubmissionId" from submissions
           where contest_id = $1 and user_id = $2 order by (status = 'ready') desc, id desc limit 1"#,
        contest_id as ContestId,
        user_id as UserId
    )
    .fetch_optional(&mut *conn)
    .await?;
    match found {
        Some(id) => Ok(id),
        None => insert_submission(conn, contest_id, level, false).await,
    }
}

/// Takes a house submission out of the contest (its queued games are then cancelled as stale).
pub async fn retire(conn: &mut PgConnection, submission_id: SubmissionId) -> sqlx::Result<()> {
    sqlx::query!("update submissions set status = 'superseded' where id = $1", submission_id as SubmissionId)
        .execute(conn)
        .await?;
    Ok(())
}

/// The house-bot levels a contest enables.
pub async fn levels(conn: &mut PgConnection, contest_id: ContestId) -> sqlx::Result<Vec<HouseLevel>> {
    sqlx::query_scalar!(
        r#"select house_bots as "house_bots: Vec<HouseLevel>" from contests where id = $1"#,
        contest_id as ContestId
    )
    .fetch_one(conn)
    .await
}
