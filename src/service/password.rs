//! Password hashing with argon2, off the async threads, with bounded memory.
//!
//! An argon2 hash (the crate's defaults: argon2id, 19 MiB, 2 passes) needs a 19 MiB work area.
//! Hashing with `Argon2::hash_password` allocates it anew each time on whichever blocking thread
//! runs it; glibc keeps such freed areas in per-thread arenas, so a burst of logins used to leave
//! the server at gigabytes (96 concurrent logins: 1.8 GB, never returned). Here every hash, from
//! any caller, first takes one of as many permits as the machine has cores and runs in a work area
//! that belongs to that permit and is reused: memory stays at cores × 19 MiB however many logins
//! arrive. A caller that cannot get a permit within [`WAIT`] gets [`PasswordError::Busy`] (the
//! web answers 503 with `Retry-After`).

use argon2::password_hash::{rand_core::OsRng, Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use std::sync::{LazyLock, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

/// How long a hash waits for a free permit before the request is refused as busy.
pub const WAIT: Duration = Duration::from_secs(3);

/// Stored hashes needing more memory than this are treated as not matching (we never write them).
const MAX_BLOCKS: usize = 256 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum PasswordError {
    /// Every permit was taken for [`WAIT`]: the server is hashing as fast as it can.
    #[error("the server is busy checking passwords; try again in a moment")]
    Busy,
    #[error("password hashing: {0}")]
    Failed(String),
}

/// The permits and their reusable work areas, one per core, for the whole process.
struct Hasher {
    permits: Semaphore,
    areas: Mutex<Vec<Vec<Block>>>,
}

static HASHER: LazyLock<Hasher> =
    LazyLock::new(|| Hasher { permits: Semaphore::new(concurrency()), areas: Mutex::new(Vec::new()) });

/// Hashes run at once: one per core.
pub fn concurrency() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs `f` with a work area of at least `blocks` argon2 blocks, on the blocking pool, under a
/// permit.
async fn with_area<T: Send + 'static>(
    blocks: usize,
    f: impl FnOnce(&mut [Block]) -> T + Send + 'static,
) -> Result<T, PasswordError> {
    let hasher = &*HASHER;
    let _permit = tokio::time::timeout(WAIT, hasher.permits.acquire())
        .await
        .map_err(|_| PasswordError::Busy)?
        .map_err(|_| PasswordError::Busy)?;
    let pooled = hasher.areas.lock().map_err(|_| PasswordError::Failed("work areas poisoned".into()))?.pop();
    let mut area = pooled.unwrap_or_default();
    tokio::task::spawn_blocking(move || {
        if area.len() < blocks {
            area.resize(blocks, Block::default());
        }
        let out = f(&mut area);
        // Areas of the default size go back to the pool; an odd larger one is freed.
        if area.len() == Params::DEFAULT.block_count() {
            if let Ok(mut areas) = HASHER.areas.lock() {
                areas.push(area);
            }
        }
        out
    })
    .await
    .map_err(|e| PasswordError::Failed(format!("hashing task: {e}")))
}

/// A PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`) of the password.
pub async fn hash(password: String) -> Result<String, PasswordError> {
    let params = Params::DEFAULT;
    with_area(params.block_count(), move |area| {
        let salt = SaltString::generate(&mut OsRng);
        let mut salt_bytes = [0u8; 64];
        let salt_raw = salt.as_salt().decode_b64(&mut salt_bytes).map_err(|e| e.to_string())?;
        let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
        let output = Output::init_with(Params::DEFAULT_OUTPUT_LEN, |out| {
            argon.hash_password_into_with_memory(password.as_bytes(), salt_raw, out, &mut *area)?;
            Ok(())
        })
        .map_err(|e| e.to_string())?;
        let phc = PasswordHash {
            algorithm: Algorithm::Argon2id.ident(),
            version: Some(Version::V0x13.into()),
            params: ParamsString::try_from(&params).map_err(|e| e.to_string())?,
            salt: Some(salt.as_salt()),
            hash: Some(output),
        };
        Ok(phc.to_string())
    })
    .await?
    .map_err(PasswordError::Failed)
}

/// Whether the password matches the stored hash (a malformed hash never matches).
pub async fn verify(hash: String, password: String) -> Result<bool, PasswordError> {
    let blocks = PasswordHash::new(&hash)
        .ok()
        .and_then(|h| Params::try_from(&h).ok())
        .map_or(Params::DEFAULT.block_count(), |p| p.block_count());
    if blocks > MAX_BLOCKS {
        return Ok(false);
    }
    with_area(blocks, move |area| verify_in(&hash, password.as_bytes(), area).unwrap_or(false)).await
}

fn verify_in(hash: &str, password: &[u8], area: &mut [Block]) -> Option<bool> {
    let h = PasswordHash::new(hash).ok()?;
    let algorithm = Algorithm::try_from(h.algorithm).ok()?;
    let version = h.version.map_or(Ok(Version::default()), Version::try_from).ok()?;
    let params = Params::try_from(&h).ok()?;
    let expected = h.hash?;
    let mut salt_bytes = [0u8; 64];
    let salt = h.salt?.decode_b64(&mut salt_bytes).ok()?;
    let mut out = vec![0u8; expected.len()];
    Argon2::new(algorithm, version, params)
        .hash_password_into_with_memory(password, salt, &mut out, area)
        .ok()?;
    // `Output`'s equality is constant-time.
    Some(Output::new(&out).ok()? == expected)
}

/// Why a new password is refused, if it is.
pub fn weakness(password: &str, username: &str) -> Option<&'static str> {
    if password.chars().count() < 8 {
        Some("Use at least 8 characters.")
    } else if password.len() > 1024 {
        Some("Use at most 1024 bytes.")
    } else if password == username {
        Some("Choose a password other than your username.")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::PasswordVerifier;

    #[tokio::test]
    async fn a_hash_verifies_its_password_and_no_other_and_is_a_standard_phc_string() {
        let h = hash("correct horse".into()).await.unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(verify(h.clone(), "correct horse".into()).await.unwrap());
        assert!(!verify(h.clone(), "correct hors".into()).await.unwrap());
        // The argon2 crate's own verifier agrees, so hashes stored before stay valid and vice versa.
        let parsed = PasswordHash::new(&h).unwrap();
        assert!(Argon2::default().verify_password(b"correct horse", &parsed).is_ok());
        assert!(!verify("not a hash".into(), "x".into()).await.unwrap());
        assert!(!verify("$argon2id$v=19$m=99999999,t=2,p=1$c2FsdHNhbHQ$aGFzaA".into(), "x".into())
            .await
            .unwrap());
    }

    #[tokio::test]
    async fn hashes_written_by_the_argon2_crate_verify() {
        use argon2::PasswordHasher;
        let salt = SaltString::generate(&mut OsRng);
        let h = Argon2::default().hash_password(b"s1234567", &salt).unwrap().to_string();
        assert!(verify(h.clone(), "s1234567".into()).await.unwrap());
        assert!(!verify(h, "s1234568".into()).await.unwrap());
    }
}
