//! The ladder's loop: every [`TICK`], one tick of every ladder contest that is open or has
//! matches to rate (`service::ladder::schedule`: rate the matches that ended, enter new
//! submissions, make the next matches within the budget).

use crate::db;
use crate::service::ladder::schedule::{tick, TICK};
use sqlx::PgPool;
use tokio::sync::watch;

/// Ticks every ladder contest every [`TICK`] until `stop` turns true.
pub fn spawn(pool: PgPool, mut stop: watch::Receiver<bool>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        while !*stop.borrow() {
            if let Err(e) = tick_all(&pool).await {
                tracing::error!("ladder tick: {e:#}");
            }
            tokio::select! {
                _ = tokio::time::sleep(TICK) => {}
                _ = stop.changed() => {}
            }
        }
    })
}

/// One tick of every active ladder contest.
pub async fn tick_all(pool: &PgPool) -> anyhow::Result<()> {
    let mut conn = pool.acquire().await?;
    for contest in db::ladder::active(&mut conn).await? {
        let done = tick(&mut conn, contest).await?;
        if done != Default::default() {
            tracing::debug!(%contest, ?done, "ladder tick");
        }
    }
    Ok(())
}
