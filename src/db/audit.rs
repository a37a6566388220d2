//! The audit log: every administrative change, with who, when, the old and the new value.

use serde_json::Value;
use sqlx::PgConnection;

pub async fn record(
    conn: &mut PgConnection,
    actor_id: Option<i64>,
    action: &str,
    target: &str,
    old_value: Option<Value>,
    new_value: Option<Value>,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into audit_log (actor_id, action, target, old_value, new_value) values ($1, $2, $3, $4, $5)",
        actor_id,
        action,
        target,
        old_value,
        new_value
    )
    .execute(conn)
    .await?;
    Ok(())
}
