//! Background work of the platform, driven by rows in Postgres so that it survives restarts and
//! several processes can share it: the compile queue, the scheduler of matches, the game queue
//! the house bots that play as contest opponents, and the scoreboard refresher.

pub mod compile;
pub mod games;
pub mod house;
pub mod scheduler;
pub mod scoreboard;

/// Renews a running job's lease every third of the lease until `extend` says the job is no
/// longer ours (finished, or taken over after our lease ran out). Shared by every Postgres queue.
pub(crate) fn spawn_heartbeat<F, Fut>(
    pool: sqlx::PgPool,
    lease: std::time::Duration,
    what: &'static str,
    extend: F,
) -> tokio::task::JoinHandle<()>
where
    F: Fn(sqlx::pool::PoolConnection<sqlx::Postgres>) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = sqlx::Result<bool>> + Send,
{
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(lease / 3).await;
            let Ok(conn) = pool.acquire().await else { continue };
            match extend(conn).await {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => tracing::warn!("extending a {what} lease: {e:#}"),
            }
        }
    })
}
