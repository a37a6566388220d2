//! The login throttle: how many passwords one client address may have checked.
//!
//! Failed attempts are counted per client address (any username: the main defence against
//! guessing) and per username from that address (so that a stranger failing on someone's username
//! elsewhere never slows its owner down). Once the free failures are used up, the next attempt
//! waits 1 s after the last failure, then 2 s, 4 s, … up to 1024 s (17 min).
//!
//! The decision and its count are one step: [`reserve`] locks the address (a transaction-scoped
//! advisory lock, so every server process sharing the database takes part), reads its failures,
//! and, if the attempt may go ahead, counts it as a failure there and then — before its password
//! is hashed. Concurrent attempts from one address therefore see each other: a burst of 40 gets
//! at most the free failures checked, and the rest are told to wait. A right password then
//! forgives the failures of its username from that address ([`Attempt::succeeded`]); one that was
//! never checked (no hashing slot) is taken back ([`Attempt::release`]); a wrong one simply
//! stays counted.

use crate::db::ids::UserId;
use crate::db::users;
use sqlx::PgPool;
use time::OffsetDateTime;

/// How many failed logins are free before attempts wait.
#[derive(Clone, Copy, Debug)]
pub struct Allowance {
    /// From one address for one username.
    pub per_username: i32,
    /// From one address for all usernames together.
    pub per_address: i32,
}

/// Why an attempt may not go ahead, and how many seconds it must wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Throttled {
    /// Too many failures from the address, whatever the username.
    Address(i64),
    /// Too many failures of this username from the address.
    Username(i64),
}

impl Throttled {
    /// Seconds left to wait (at least 1).
    pub fn seconds(self) -> i64 {
        match self {
            Throttled::Address(s) | Throttled::Username(s) => s,
        }
    }
}

/// Seconds to wait after the last failure, once `failures` reach `free`: 1 s, 2 s, 4 s, … up to
/// 1024 s (17 min).
fn throttle_secs(failures: i64, free: i32) -> i64 {
    if failures < i64::from(free) {
        0
    } else {
        1i64 << (failures - i64::from(free)).clamp(0, 10)
    }
}

/// Seconds left to wait, if `failures` (the last at `last`) call for a wait.
fn wait_left(failures: i64, last: Option<OffsetDateTime>, free: i32, now: OffsetDateTime) -> Option<i64> {
    let waited = (now - last?).whole_seconds();
    let left = throttle_secs(failures, free) - waited;
    (left > 0).then_some(left)
}

/// What the recorded failures say about one more attempt.
fn decide(failures: &users::LoginFailures, allowance: Allowance, now: OffsetDateTime) -> Option<Throttled> {
    if let Some(left) = wait_left(failures.address, failures.address_last, allowance.per_address, now) {
        return Some(Throttled::Address(left));
    }
    wait_left(failures.username, failures.username_last, allowance.per_username, now).map(Throttled::Username)
}

/// A login attempt allowed to have its password checked, counted as a failure until said
/// otherwise. Dropping it leaves it counted (a wrong password, or an error on the way).
#[must_use = "an attempt stays counted as a failure unless it succeeded or is released"]
#[derive(Debug)]
pub struct Attempt {
    address: String,
    username: String,
}

/// Takes an attempt for `username` from `address`, or says how long to wait.
pub async fn reserve(
    pool: &PgPool,
    address: &str,
    username: &str,
    allowance: Allowance,
) -> anyhow::Result<Result<Attempt, Throttled>> {
    let mut tx = pool.begin().await?;
    users::lock_login_address(&mut tx, address).await?;
    let failures = users::login_failures(&mut tx, address, username).await?;
    if let Some(wait) = decide(&failures, allowance, OffsetDateTime::now_utc()) {
        // Ended at once, so the address's next attempt does not wait for the lock.
        tx.rollback().await?;
        return Ok(Err(wait));
    }
    users::record_login_failure(&mut tx, address, username).await?;
    tx.commit().await?;
    Ok(Ok(Attempt { address: address.to_string(), username: username.to_string() }))
}

impl Attempt {
    /// The password was right: the failures of this username from this address are forgiven
    /// (this attempt's with them).
    pub async fn succeeded(self, pool: &PgPool) -> anyhow::Result<()> {
        users::clear_login_failures_from(&mut *pool.acquire().await?, &self.address, &self.username).await?;
        Ok(())
    }

    /// The password was right and `user` logs in: the failures are forgiven as in
    /// [`Attempt::succeeded`], and the account's last login is noted.
    pub async fn logged_in(self, pool: &PgPool, user: UserId) -> anyhow::Result<()> {
        self.succeeded(pool).await?;
        users::note_login(&mut *pool.acquire().await?, user).await?;
        Ok(())
    }

    /// The attempt was no failure — its password was never checked (no hashing slot was free), or
    /// was right for an account that may not log in: it is taken back.
    pub async fn release(self, pool: &PgPool) -> anyhow::Result<()> {
        users::uncount_login_failure(&mut *pool.acquire().await?, &self.address, &self.username).await?;
        Ok(())
    }

    /// The password was wrong: it stays counted, as it was from the start.
    pub fn failed(self) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::Duration;

    #[test]
    fn waits_double_after_the_free_failures_and_stop_growing_at_17_minutes() {
        assert_eq!(throttle_secs(4, 5), 0);
        assert_eq!(throttle_secs(5, 5), 1);
        assert_eq!(throttle_secs(6, 5), 2);
        assert_eq!(throttle_secs(15, 5), 1024);
        assert_eq!(throttle_secs(500, 5), 1024);
    }

    #[test]
    fn the_address_is_decided_first_and_a_past_wait_allows_the_attempt() {
        let now = OffsetDateTime::now_utc();
        let allowance = Allowance { per_username: 5, per_address: 20 };
        let f = |address, username, ago: i64| users::LoginFailures {
            address,
            address_last: Some(now - Duration::seconds(ago)),
            username,
            username_last: Some(now - Duration::seconds(ago)),
        };
        assert_eq!(decide(&users::LoginFailures::default(), allowance, now), None);
        assert_eq!(decide(&f(4, 4, 0), allowance, now), None);
        assert_eq!(decide(&f(5, 5, 0), allowance, now), Some(Throttled::Username(1)));
        assert_eq!(decide(&f(22, 5, 1), allowance, now), Some(Throttled::Address(3)));
        assert_eq!(decide(&f(7, 7, 4), allowance, now), None);
    }
}
