//! Background work of the platform, driven by rows in Postgres so that it survives restarts and
//! several processes can share it: the compile queue, the game queue and the scoreboard
//! refresher. What a job *does* to the platform's data (scheduling matches, computing standings)
//! is the service layer's ([`crate::service`]); this module owns the loops, leases and workers.

pub mod compile;
pub mod games;
pub mod scoreboard;

/// A job's running heartbeat, stopped when dropped: a job abandoned half-way (its task aborted,
/// its future dropped) must not keep its lease alive, or no worker would ever take it over.
pub(crate) struct Heartbeat(tokio::task::JoinHandle<()>);

impl Drop for Heartbeat {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Renews a running job's lease every third of the lease until `extend` says the job is no
/// longer ours (finished, or taken over after our lease ran out) or the returned guard is
/// dropped. Shared by every Postgres queue.
pub(crate) fn spawn_heartbeat<F, Fut>(
    pool: sqlx::PgPool,
    lease: std::time::Duration,
    what: &'static str,
    extend: F,
) -> Heartbeat
where
    F: Fn(sqlx::pool::PoolConnection<sqlx::Postgres>) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = sqlx::Result<bool>> + Send,
{
    Heartbeat(tokio::spawn(async move {
        loop {
            tokio::time::sleep(lease / 3).await;
            let Ok(conn) = pool.acquire().await else { continue };
            match extend(conn).await {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => tracing::warn!("extending a {what} lease: {e:#}"),
            }
        }
    }))
}
