//! API bearer tokens. A token is shown once when created; the database keeps only its SHA-256.

use super::ids::UserId;
use super::users::{Role, User};
use rand::RngCore;
use sha2::{Digest, Sha256};
use sqlx::PgConnection;
use time::OffsetDateTime;

/// Every token starts with this, so a leaked one is easy to recognise.
pub const PREFIX: &str = "bta_";

pub struct TokenInfo {
    pub id: i64,
    pub name: String,
    pub created_at: OffsetDateTime,
    pub last_used_at: Option<OffsetDateTime>,
}

fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Creates a token for the user and returns its id and its text (the only time it is known).
pub async fn create(conn: &mut PgConnection, user_id: UserId, name: &str) -> sqlx::Result<(i64, String)> {
    let mut bytes = [0u8; 24];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let token = format!("{PREFIX}{}", hex::encode(bytes));
    let id = sqlx::query_scalar!(
        "insert into api_tokens (user_id, name, token_hash) values ($1, $2, $3) returning id",
        user_id as UserId,
        name,
        hash(&token)
    )
    .fetch_one(conn)
    .await?;
    Ok((id, token))
}

/// The user a live token belongs to (disabled or not: the caller refuses a disabled one, saying
/// why); records that it was used, at most once a minute (a client
/// calling the API in a loop does not write on every request).
pub async fn user_for(conn: &mut PgConnection, token: &str) -> sqlx::Result<Option<User>> {
    let hash = hash(token);
    let found = sqlx::query!(
        r#"select t.id as token_id, t.last_used_at is null or t.last_used_at < now() - interval '1 minute' as "stale!",
                  u.id as "id: UserId", u.username, u.display_name, u.nickname, u.role as "role: Role", u.must_change_password,
                  u.disabled_at is not null as "disabled!", u.session_generation, u.locale, u.time_zone
           from api_tokens t join users u on u.id = t.user_id
           where t.token_hash = $1 and t.revoked_at is null"#,
        hash
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(r) = found else { return Ok(None) };
    if r.stale {
        sqlx::query!(
            "update api_tokens set last_used_at = now()
             where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')",
            r.token_id
        )
        .execute(conn)
        .await?;
    }
    Ok(Some(User {
        id: r.id,
        username: r.username,
        display_name: r.display_name,
        nickname: r.nickname,
        role: r.role,
        must_change_password: r.must_change_password,
        disabled: r.disabled,
        session_generation: r.session_generation,
        locale: r.locale,
        time_zone: r.time_zone,
    }))
}

pub async fn list(conn: &mut PgConnection, user_id: UserId) -> sqlx::Result<Vec<TokenInfo>> {
    sqlx::query_as!(
        TokenInfo,
        "select id, name, created_at, last_used_at from api_tokens
         where user_id = $1 and revoked_at is null order by id",
        user_id as UserId
    )
    .fetch_all(conn)
    .await
}

/// Revokes one of the user's tokens; `false` if they have no such live token.
pub async fn revoke(conn: &mut PgConnection, user_id: UserId, id: i64) -> sqlx::Result<bool> {
    let res = sqlx::query!(
        "update api_tokens set revoked_at = now() where id = $1 and user_id = $2 and revoked_at is null",
        id,
        user_id as UserId
    )
    .execute(conn)
    .await?;
    Ok(res.rows_affected() == 1)
}

/// Revokes every live token of the user (a password change that asks it, a disabled account);
/// returns how many.
pub async fn revoke_all(conn: &mut PgConnection, user_id: UserId) -> sqlx::Result<u64> {
    let res = sqlx::query!(
        "update api_tokens set revoked_at = now() where user_id = $1 and revoked_at is null",
        user_id as UserId
    )
    .execute(conn)
    .await?;
    Ok(res.rows_affected())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_stored_hash_is_the_lowercase_hex_sha256_of_the_token() {
        assert_eq!(
            super::hash("bta_abc"),
            "0de4940c8ee3b5b7105a77f73bfd129e6f8469c186d85d7892ab22efb5ffc38a"
        );
    }
}
