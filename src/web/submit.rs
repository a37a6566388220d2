//! Submitting a bot from the submit page or the API: the rules are the service's
//! ([`crate::service::submissions::submit`]), asked with this server's languages and source
//! limit; here is only where a refusal belongs on the form.

use super::state::AppState;
use crate::db::contests::Contest;
use crate::db::ids::SubmissionId;
use crate::db::users::User;
use crate::service::submissions::{self, Limits, SubmitError};

/// Submits through the service; returns the new submission's id.
pub async fn submit(
    state: &AppState,
    contest: &Contest,
    user: &User,
    language: &str,
    source: &[u8],
) -> Result<SubmissionId, SubmitError> {
    let limits = Limits { languages: &state.languages, max_source_bytes: state.config.max_source_bytes };
    let mut conn = state.pool.acquire().await?;
    submissions::submit(&mut conn, limits, contest, user.id, language, source).await
}

/// Where a refused submission's message belongs on the form.
pub fn field_of(err: &SubmitError) -> &'static str {
    match err {
        SubmitError::NoLanguage { .. }
        | SubmitError::UnknownLanguage { .. }
        | SubmitError::LanguageUnavailable { .. } => "language",
        SubmitError::EmptySource | SubmitError::TooLarge { .. } => "source",
        _ => "form",
    }
}
