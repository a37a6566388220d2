//! Waking this process's idle compile and game slots when any process queues work. The trigger
//! on `jobs` (migration `*_notify_queued_jobs.sql`) sends a NOTIFY on [`CHANNEL`] with the job's
//! kind when a transaction that queued jobs commits; one listening connection per process turns
//! it into a [`Notify`] the slots wait on beside their poll. So a submission made on the server
//! is compiled at once by a `botarena worker` on another machine, and its games start as soon as
//! the compile has scheduled them, instead of up to a poll interval later at each step. A missed
//! notification (the listening connection lost) costs at most one poll.

use crate::db::queue::JobKind;
use sqlx::postgres::PgListener;
use sqlx::PgPool;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{watch, Notify};

/// The channel the trigger on `jobs` notifies; the payload is the kind (`compile`, `validity`,
/// `game`).
pub const CHANNEL: &str = "botarena_jobs";

/// What wakes each queue of this process.
#[derive(Clone, Default)]
pub struct Wakeups {
    /// Compile and validity slots.
    pub compile: Arc<Notify>,
    /// Game slots.
    pub games: Arc<Notify>,
}

impl Wakeups {
    fn wake(&self, payload: &str) {
        match payload {
            p if p == JobKind::Game.as_str() => self.games.notify_waiters(),
            _ => self.compile.notify_waiters(),
        }
    }

    fn wake_all(&self) {
        self.compile.notify_waiters();
        self.games.notify_waiters();
    }

    /// Listens on [`CHANNEL`] (one connection of `pool`) until `stop` turns true. If the server
    /// cannot be reached the slots go on polling, and listening is tried again.
    pub fn listen(&self, pool: PgPool, mut stop: watch::Receiver<bool>) -> tokio::task::JoinHandle<()> {
        let wakeups = self.clone();
        tokio::spawn(async move {
            while !*stop.borrow() {
                let listener = async {
                    let mut listener = PgListener::connect_with(&pool).await?;
                    listener.listen(CHANNEL).await?;
                    Ok::<_, sqlx::Error>(listener)
                };
                let mut listener = tokio::select! {
                    listener = listener => match listener {
                        Ok(listener) => listener,
                        Err(e) => {
                            tracing::warn!("cannot listen for queued jobs (the workers poll meanwhile): {e}");
                            tokio::select! {
                                _ = tokio::time::sleep(Duration::from_secs(5)) => continue,
                                _ = stop.changed() => return,
                            }
                        }
                    },
                    _ = stop.changed() => return,
                };
                // Work queued before listening began is found by the slots' first claim.
                loop {
                    tokio::select! {
                        message = listener.try_recv() => match message {
                            Ok(Some(n)) => wakeups.wake(n.payload()),
                            // The connection was lost and is made again by the next call:
                            // what was notified meanwhile is unknown, so every slot looks.
                            Ok(None) => wakeups.wake_all(),
                            Err(e) => {
                                tracing::warn!("listening for queued jobs: {e}");
                                wakeups.wake_all();
                                tokio::time::sleep(Duration::from_secs(1)).await;
                                break;
                            }
                        },
                        _ = stop.changed() => return,
                    }
                }
            }
        })
    }
}
