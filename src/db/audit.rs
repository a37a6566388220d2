//! The audit log: every administrative change, with who, when, the old and the new value.

use super::ids::UserId;
use serde_json::Value;
use sqlx::PgConnection;

/// Records a change by `actor_id`, or by the command line when `None` (it acts as nobody).
/// Returns the entry's id, which what the change made can point to (a replaced game's
/// `replaced_in`).
pub async fn record(
    conn: &mut PgConnection,
    actor_id: Option<UserId>,
    action: &str,
    target: &str,
    old_value: Option<Value>,
    new_value: Option<Value>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar!(
        "insert into audit_log (actor_id, actor_name, action, target, old_value, new_value)
         values ($1, (select username from users where id = $1), $2, $3, $4, $5)
         returning id",
        actor_id as Option<UserId>,
        action,
        target,
        old_value,
        new_value
    )
    .fetch_one(conn)
    .await
}

/// Fills in the new value of an entry recorded before the change was made (whose rows point to
/// the entry), in the same transaction.
pub async fn set_new_value(conn: &mut PgConnection, entry: i64, new_value: &Value) -> sqlx::Result<()> {
    sqlx::query!("update audit_log set new_value = $2 where id = $1", entry, new_value).execute(conn).await?;
    Ok(())
}

/// Who made an audited change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Actor {
    User(String),
    /// An account deleted since (by hand: the platform disables accounts, it never deletes them).
    DeletedUser(String),
    CommandLine,
}

impl std::fmt::Display for Actor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Actor::User(name) => f.write_str(name),
            Actor::DeletedUser(name) => write!(f, "{name} (deleted user)"),
            Actor::CommandLine => f.write_str("command line"),
        }
    }
}

/// An audit log entry, with its actor.
#[derive(Clone, Debug)]
pub struct Entry {
    pub actor: Actor,
    pub action: String,
    pub old_value: Option<Value>,
    pub new_value: Option<Value>,
    pub at: time::OffsetDateTime,
}

/// The entries about one target, newest first.
pub async fn history(conn: &mut PgConnection, target: &str, limit: i64) -> sqlx::Result<Vec<Entry>> {
    let rows = sqlx::query!(
        "select u.username as \"actor?\", a.actor_name, a.action, a.old_value, a.new_value, a.at
         from audit_log a left join users u on u.id = a.actor_id
         where a.target = $1 order by a.at desc, a.id desc limit $2",
        target,
        limit
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| Entry {
            actor: match (r.actor, r.actor_name) {
                (Some(name), _) => Actor::User(name),
                (None, Some(name)) => Actor::DeletedUser(name),
                (None, None) => Actor::CommandLine,
            },
            action: r.action,
            old_value: r.old_value,
            new_value: r.new_value,
            at: r.at,
        })
        .collect())
}
