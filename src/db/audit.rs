//! The audit log: every administrative change, with who, when, the old and the new value.

use super::ids::UserId;
use serde_json::Value;
use sqlx::PgConnection;

pub async fn record(
    conn: &mut PgConnection,
    actor_id: Option<UserId>,
    action: &str,
    target: &str,
    old_value: Option<Value>,
    new_value: Option<Value>,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into audit_log (actor_id, action, target, old_value, new_value) values ($1, $2, $3, $4, $5)",
        actor_id as Option<UserId>,
        action,
        target,
        old_value,
        new_value
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// An audit log entry, with the actor's username.
#[derive(Clone, Debug)]
pub struct Entry {
    pub actor: Option<String>,
    pub action: String,
    pub old_value: Option<Value>,
    pub new_value: Option<Value>,
    pub at: time::OffsetDateTime,
}

/// The entries about one target, newest first.
pub async fn history(conn: &mut PgConnection, target: &str, limit: i64) -> sqlx::Result<Vec<Entry>> {
    sqlx::query_as!(
        Entry,
        "select u.username as \"actor?\", a.action, a.old_value, a.new_value, a.at
         from audit_log a left join users u on u.id = a.actor_id
         where a.target = $1 order by a.at desc, a.id desc limit $2",
        target,
        limit
    )
    .fetch_all(conn)
    .await
}
