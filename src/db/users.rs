//! Accounts and failed-login bookkeeping.

use serde::Serialize;
use sqlx::PgConnection;
use time::OffsetDateTime;

#[derive(sqlx::Type, Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[sqlx(type_name = "user_role", rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Student,
    Admin,
}

#[derive(Clone, Debug)]
pub struct User {
    pub id: i64,
    pub username: String,
    pub display_name: Option<String>,
    pub nickname: Option<String>,
    pub role: Role,
    pub must_change_password: bool,
}

impl User {
    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }

    /// The name shown to others: the nickname, else the username.
    pub fn shown_name(&self) -> &str {
        self.nickname.as_deref().unwrap_or(&self.username)
    }
}

pub async fn by_id(conn: &mut PgConnection, id: i64) -> sqlx::Result<Option<User>> {
    sqlx::query_as!(
        User,
        r#"select id, username, display_name, nickname, role as "role: Role", must_change_password
           from users where id = $1"#,
        id
    )
    .fetch_optional(conn)
    .await
}

/// The user and their password hash, for logging in (house-bot accounts never log in).
pub async fn for_login(conn: &mut PgConnection, username: &str) -> sqlx::Result<Option<(User, String)>> {
    let row = sqlx::query!(
        r#"select id, username, display_name, nickname, role as "role: Role", must_change_password,
                  password_hash
           from users where username = $1 and not is_house"#,
        username
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| {
        (
            User {
                id: r.id,
                username: r.username,
                display_name: r.display_name,
                nickname: r.nickname,
                role: r.role,
                must_change_password: r.must_change_password,
            },
            r.password_hash,
        )
    }))
}

/// Creates an account; `Ok(None)` when the username is taken.
pub async fn create(
    conn: &mut PgConnection,
    username: &str,
    display_name: Option<&str>,
    password_hash: &str,
    role: Role,
    must_change_password: bool,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar!(
        r#"insert into users (username, display_name, password_hash, role, must_change_password)
           values ($1, $2, $3, $4, $5)
           on conflict (username) do nothing
           returning id"#,
        username,
        display_name,
        password_hash,
        role as Role,
        must_change_password
    )
    .fetch_optional(conn)
    .await
}

pub async fn set_password(
    conn: &mut PgConnection,
    id: i64,
    hash: &str,
    must_change: bool,
) -> sqlx::Result<()> {
    sqlx::query!(
        "update users set password_hash = $2, must_change_password = $3 where id = $1",
        id,
        hash,
        must_change
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets the nickname; `Ok(false)` when another user has it.
pub async fn set_nickname(conn: &mut PgConnection, id: i64, nickname: &str) -> sqlx::Result<bool> {
    let res = sqlx::query!("update users set nickname = $2 where id = $1", id, nickname).execute(conn).await;
    match res {
        Ok(_) => Ok(true),
        Err(e) if super::is_unique_violation(&e, "users_nickname_key") => Ok(false),
        Err(e) => Err(e),
    }
}

/// Failed logins of a username so far and when the last one was.
pub async fn login_failures(
    conn: &mut PgConnection,
    username: &str,
) -> sqlx::Result<Option<(i32, OffsetDateTime)>> {
    let row =
        sqlx::query!("select failures, last_failure_at from login_failures where username = $1", username)
            .fetch_optional(conn)
            .await?;
    Ok(row.map(|r| (r.failures, r.last_failure_at)))
}

pub async fn record_login_failure(conn: &mut PgConnection, username: &str) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into login_failures (username, failures, last_failure_at) values ($1, 1, now())
         on conflict (username) do update
         set failures = login_failures.failures + 1, last_failure_at = now()",
        username
    )
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn clear_login_failures(conn: &mut PgConnection, username: &str) -> sqlx::Result<()> {
    sqlx::query!("delete from login_failures where username = $1", username).execute(conn).await?;
    Ok(())
}
