//! Sessions kept in this process for a second in front of their Postgres store.
//!
//! Every page a logged-in user asks for loads the session (its user id and CSRF token) before
//! anything else. A crowd refreshing the scoreboard would make that one database round trip per
//! request; kept for a second, a session read is a map lookup. What this process writes (a login,
//! a logout, a new CSRF token) goes to Postgres first and replaces or drops the kept copy, so it is
//! seen at once here; what another server process sharing the database writes (e.g. a logout
//! there) is seen here within `FRESH`. An expired session is never served from here.

use async_trait::async_trait;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use time::OffsetDateTime;
use tower_sessions::session::{Id, Record};
use tower_sessions::session_store::{Result, SessionStore};

/// How long a session read from the store is served without reading it again.
const FRESH: Duration = Duration::from_secs(1);

/// Kept copies beyond which the stale ones are swept on the next write.
const SWEEP_AT: usize = 10_000;

/// A [`SessionStore`] that serves what it read or wrote in the last second from memory.
#[derive(Debug, Clone)]
pub struct Cached<S> {
    inner: S,
    kept: Arc<Mutex<HashMap<Id, (Instant, Record)>>>,
}

impl<S> Cached<S> {
    pub fn new(inner: S) -> Self {
        Cached { inner, kept: Arc::default() }
    }

    fn keep(&self, record: &Record) {
        let mut kept = self.kept.lock().expect("session cache lock");
        if kept.len() >= SWEEP_AT {
            kept.retain(|_, (at, _)| at.elapsed() < FRESH);
        }
        kept.insert(record.id, (Instant::now(), record.clone()));
    }

    fn forget(&self, id: &Id) {
        self.kept.lock().expect("session cache lock").remove(id);
    }

    fn fresh(&self, id: &Id) -> Option<Record> {
        let kept = self.kept.lock().expect("session cache lock");
        let (at, record) = kept.get(id)?;
        (at.elapsed() < FRESH && record.expiry_date > OffsetDateTime::now_utc()).then(|| record.clone())
    }
}

#[async_trait]
impl<S: SessionStore + Clone> SessionStore for Cached<S> {
    async fn create(&self, record: &mut Record) -> Result<()> {
        self.inner.create(record).await?;
        self.keep(record);
        Ok(())
    }

    async fn save(&self, record: &Record) -> Result<()> {
        // Dropped first: a save that fails leaves nothing newer here than in the store.
        self.forget(&record.id);
        self.inner.save(record).await?;
        self.keep(record);
        Ok(())
    }

    async fn load(&self, id: &Id) -> Result<Option<Record>> {
        if let Some(record) = self.fresh(id) {
            return Ok(Some(record));
        }
        let record = self.inner.load(id).await?;
        match &record {
            Some(r) => self.keep(r),
            None => self.forget(id),
        }
        Ok(record)
    }

    async fn delete(&self, id: &Id) -> Result<()> {
        self.forget(id);
        self.inner.delete(id).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower_sessions::MemoryStore;

    fn record(expires_in: time::Duration) -> Record {
        Record {
            id: Id::default(),
            data: HashMap::new(),
            expiry_date: OffsetDateTime::now_utc() + expires_in,
        }
    }

    #[tokio::test]
    async fn a_write_here_is_seen_at_once_and_one_elsewhere_within_a_second() {
        let backing = MemoryStore::default();
        let store = Cached::new(backing.clone());
        let mut r = record(time::Duration::hours(1));
        store.create(&mut r).await.unwrap();
        assert_eq!(store.load(&r.id).await.unwrap().unwrap().data, r.data);

        // Saved here: seen at once.
        r.data.insert("user".into(), serde_json::json!(7));
        store.save(&r).await.unwrap();
        assert_eq!(store.load(&r.id).await.unwrap().unwrap().data["user"], 7);

        // Deleted elsewhere (straight in the backing store): served for at most a second more.
        backing.delete(&r.id).await.unwrap();
        tokio::time::sleep(FRESH + Duration::from_millis(50)).await;
        assert!(store.load(&r.id).await.unwrap().is_none());

        // Deleted here: gone at once.
        let mut other = record(time::Duration::hours(1));
        store.create(&mut other).await.unwrap();
        store.delete(&other.id).await.unwrap();
        assert!(store.load(&other.id).await.unwrap().is_none());
    }

    #[tokio::test]
    async fn an_expired_session_is_never_served_from_memory() {
        let store = Cached::new(MemoryStore::default());
        let mut r = record(time::Duration::milliseconds(100));
        store.create(&mut r).await.unwrap();
        assert!(store.load(&r.id).await.unwrap().is_some());
        tokio::time::sleep(Duration::from_millis(150)).await;
        assert!(store.load(&r.id).await.unwrap().is_none());
    }
}
