//! Password hashing with argon2, off the async threads (a hash takes tens of milliseconds).

use anyhow::Context;
use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

pub async fn hash(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("argon2: {e}"))
    })
    .await
    .context("hashing task")?
}

/// Whether the password matches the stored hash (a malformed hash never matches).
pub async fn verify(hash: String, password: String) -> anyhow::Result<bool> {
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&hash)
            .is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
    })
    .await
    .context("verifying task")
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
