//! What a form's POST did, said once on the page it redirects to (POST-redirect-GET): the text
//! waits in the session under its key and the next GET of that page takes it, so that a reload
//! neither posts the form again nor repeats the message.

use super::error::AppError;
use tower_sessions::Session;

/// Where on the page a message goes.
#[derive(Clone, Copy, Debug)]
pub enum Slot {
    /// The profile's notice.
    Notice,
    /// A new API token, shown once.
    NewToken,
    /// The users page: what disabling or enabling an account did.
    Account,
    /// The users page: whose password was reset.
    Reset,
    /// The users page: what an import did.
    Import,
}

impl Slot {
    fn key(self) -> &'static str {
        match self {
            Slot::Notice => "flash.notice",
            Slot::NewToken => "flash.new_token",
            Slot::Account => "flash.account",
            Slot::Reset => "flash.reset",
            Slot::Import => "flash.import",
        }
    }
}

/// Keeps `text` for the next page that shows `slot`.
pub async fn put(session: &Session, slot: Slot, text: impl Into<String>) -> Result<(), AppError> {
    session.insert(slot.key(), text.into()).await.map_err(|e| anyhow::anyhow!("session: {e}").into())
}

/// The text kept for `slot`, taken (the next page does not show it again). Read first, and
/// removed only when there: a page with nothing to say leaves its session unchanged (not saved
/// again, so an expired session stays expired).
pub async fn take(session: &Session, slot: Slot) -> Result<Option<String>, AppError> {
    let error = |e| -> AppError { anyhow::anyhow!("session: {e}").into() };
    if session.get::<String>(slot.key()).await.map_err(error)?.is_none() {
        return Ok(None);
    }
    session.remove::<String>(slot.key()).await.map_err(error)
}
