//! API tokens, shared by the profile page and `/api/tokens`: issuing one (its secret is shown
//! once), listing and revoking a user's own, and telling whose a presented token is (which notes
//! when it was last used, at most once a minute).

use crate::db::ids::UserId;
use crate::db::tokens::{self, TokenInfo};
use crate::db::users::User;
use sqlx::PgPool;

/// The longest token name kept, in characters (a longer one is cut).
pub const NAME_MAX_CHARS: usize = 100;

/// A token just issued: the only time its secret is known.
#[derive(Debug)]
pub struct Issued {
    pub id: i64,
    /// The name as kept: trimmed, at most [`NAME_MAX_CHARS`] characters.
    pub name: String,
    pub secret: String,
}

/// Issues a token named `name` (trimmed and cut to [`NAME_MAX_CHARS`]) for `user`.
pub async fn issue(pool: &PgPool, user: UserId, name: &str) -> anyhow::Result<Issued> {
    let name: String = name.trim().chars().take(NAME_MAX_CHARS).collect();
    let (id, secret) = tokens::create(&mut *pool.acquire().await?, user, &name).await?;
    Ok(Issued { id, name, secret })
}

/// The user's live tokens, without their secrets.
pub async fn list(pool: &PgPool, user: UserId) -> anyhow::Result<Vec<TokenInfo>> {
    Ok(tokens::list(&mut *pool.acquire().await?, user).await?)
}

/// Revokes one of the user's own tokens; `false` when they have no such live token.
pub async fn revoke(pool: &PgPool, user: UserId, id: i64) -> anyhow::Result<bool> {
    Ok(tokens::revoke(&mut *pool.acquire().await?, user, id).await?)
}

/// Whose a presented token is.
#[derive(Debug)]
pub enum Bearer {
    /// Not the shape of a token at all (wrong prefix, or too long).
    Malformed,
    /// No live token: never issued, or revoked.
    Unknown,
    /// A live token's account (disabled or not: the caller refuses a disabled one, saying why).
    User(User),
}

/// Tells whose `token` is, and notes that it was used (at most once a minute, so a client
/// calling the API in a loop does not write on every request).
pub async fn authenticate(pool: &PgPool, token: &str) -> anyhow::Result<Bearer> {
    if !token.starts_with(tokens::PREFIX) || token.len() > 200 {
        return Ok(Bearer::Malformed);
    }
    Ok(match tokens::user_for(&mut *pool.acquire().await?, token).await? {
        Some(u) => Bearer::User(u),
        None => Bearer::Unknown,
    })
}
