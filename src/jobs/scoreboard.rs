//! The scoreboard refresher: recomputes the snapshots that are due (each contest's
//! `scoreboard_refresh_s`) and freezes the final standings once a contest past its deadline has
//! nothing left to judge. The computing itself is [`crate::service::scoreboard`].

use crate::db;
use crate::service::metrics::SCOREBOARD_REFRESH_SECONDS;
use crate::service::scoreboard::{freeze, refresh};
use sqlx::PgPool;
use std::time::Duration;
use tokio::sync::watch;

/// Refreshes every contest whose snapshot is due, every `tick`, until `stop` turns true.
pub fn spawn(pool: PgPool, tick: Duration, mut stop: watch::Receiver<bool>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        while !*stop.borrow() {
            if let Err(e) = refresh_due(&pool).await {
                tracing::error!("scoreboard refresh: {e:#}");
            }
            tokio::select! {
                _ = tokio::time::sleep(tick) => {}
                _ = stop.changed() => {}
            }
        }
    })
}

/// One round of the refresher: the snapshots that are due, then the freezes that are due.
pub async fn refresh_due(pool: &PgPool) -> sqlx::Result<()> {
    let mut conn = pool.acquire().await?;
    for id in db::scoreboard::scoreboards_due(&mut conn).await? {
        let started = std::time::Instant::now();
        refresh(&mut conn, id).await?;
        metrics::histogram!(SCOREBOARD_REFRESH_SECONDS).record(started.elapsed().as_secs_f64());
    }
    // The final standings: computed once when the last game after the deadline is done.
    for id in db::scoreboard::freezes_due(&mut conn).await? {
        let started = std::time::Instant::now();
        freeze(&mut conn, id).await?;
        metrics::histogram!(SCOREBOARD_REFRESH_SECONDS).record(started.elapsed().as_secs_f64());
    }
    Ok(())
}
