//! The hourly pruning of stored work that is kept for a while only: practice games past
//! `--practice-keep-days`, and the counts of practice starts once older than an hour
//! ([`crate::service::practice::prune`]).

use crate::service::practice::{self, PracticeConfig};
use sqlx::PgPool;
use std::time::Duration;
use tokio::sync::watch;

/// Prunes at once, then every `tick`, until `stop` turns true.
pub fn spawn(
    pool: PgPool,
    config: PracticeConfig,
    tick: Duration,
    mut stop: watch::Receiver<bool>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        while !*stop.borrow() {
            match practice::prune(&pool, &config).await {
                Ok(0) => {}
                Ok(n) => tracing::info!("deleted {n} practice game(s) older than {} days", config.keep_days),
                Err(e) => tracing::error!("pruning practice games: {e:#}"),
            }
            tokio::select! {
                _ = tokio::time::sleep(tick) => {}
                _ = stop.changed() => {}
            }
        }
    })
}
