//! Submitting a bot: the checks shared by the submit page and the API (deadline, language, size,
//! minimum interval, daily compute budget), then queueing it for the compiler.

use super::error::{secs_to_utc_midnight, AppError};
use super::render::when;
use super::state::AppState;
use crate::db::contests::Contest;
use crate::db::ids::SubmissionId;
use crate::db::submissions;
use crate::db::users::{self, User};
use time::OffsetDateTime;

/// How much of the rate limits a user has left in a contest, for the submit page and errors.
pub struct Allowance {
    /// Seconds until the next submission is allowed (0 = now).
    pub wait_s: i64,
    pub used_ms: i64,
    pub budget_ms: i64,
}

impl Allowance {
    pub fn left_s(&self) -> i64 {
        ((self.budget_ms - self.used_ms).max(0)) / 1000
    }
    pub fn used_s(&self) -> i64 {
        self.used_ms / 1000
    }
}

pub async fn allowance(
    conn: &mut sqlx::PgConnection,
    contest: &Contest,
    user: &User,
) -> sqlx::Result<Allowance> {
    let now = OffsetDateTime::now_utc();
    let last = submissions::last_submitted_at(conn, contest.id, user.id).await?;
    let wait_s = last.map_or(0, |t| {
        let next = t + time::Duration::seconds(contest.submit_interval_s.into());
        let d = next - now;
        if d.is_positive() {
            d.whole_seconds() + i64::from(d.subsec_nanoseconds() > 0)
        } else {
            0
        }
    });
    let used_ms = submissions::used_today_ms(conn, contest.id, user.id).await?;
    Ok(Allowance { wait_s, used_ms, budget_ms: i64::from(contest.daily_budget_s) * 1000 })
}

/// Where a submission error belongs on the form.
pub fn field_of(err: &AppError) -> &'static str {
    match err {
        AppError::BadRequest { code: "unknown_language" | "language_unavailable", .. } => "language",
        AppError::BadRequest { .. } | AppError::TooLarge(_) => "source",
        _ => "form",
    }
}

/// Checks everything and queues the submission; returns its id.
pub async fn submit(
    state: &AppState,
    contest: &Contest,
    user: &User,
    language: &str,
    source: &[u8],
) -> Result<SubmissionId, AppError> {
    let now = OffsetDateTime::now_utc();
    if !contest.is_open(now) {
        return Err(AppError::Forbidden {
            code: "deadline_passed",
            message: format!(
                "The deadline of this contest ({}) has passed; no more submissions are accepted.",
                contest.deadline.as_ref().map(when).unwrap_or_default()
            ),
        });
    }
    if language.is_empty() {
        return Err(AppError::bad(
            "unknown_language",
            format!("Choose a language: one of {}.", contest.languages.join(", ")),
        ));
    }
    if !contest.languages.iter().any(|l| l == language) || state.languages.get(language).is_none() {
        return Err(AppError::bad(
            "unknown_language",
            format!(
                "`{language}` is not a language of this contest; choose one of: {}.",
                contest.languages.join(", ")
            ),
        ));
    }
    if let Some((lang, why)) = state.languages.get(language).and_then(|l| Some((l, l.unavailable()?))) {
        return Err(AppError::bad(
            "language_unavailable",
            format!("{} is {why}; the server's admin can install it. Choose another language.", lang.name),
        ));
    }
    if source.iter().all(u8::is_ascii_whitespace) {
        return Err(AppError::bad("empty_source", "The source is empty: paste it or choose a file."));
    }
    let max = state.config.max_source_bytes;
    if source.len() > max {
        return Err(AppError::TooLarge(format!(
            "The source is {} bytes; at most {max} bytes ({} KiB) are accepted.",
            source.len(),
            max / 1024
        )));
    }
    let mut tx = state.pool.begin().await?;
    // One submission of a user at a time, so two at once cannot both pass the interval check.
    users::lock(&mut tx, user.id).await?;
    let allow = allowance(&mut tx, contest, user).await?;
    if allow.wait_s > 0 {
        return Err(AppError::RateLimited {
            retry_after: allow.wait_s as u64,
            message: format!(
                "You may submit once every {} seconds; try again in {} seconds.",
                contest.submit_interval_s, allow.wait_s
            ),
        });
    }
    if allow.used_ms >= allow.budget_ms {
        return Err(AppError::RateLimited {
            retry_after: secs_to_utc_midnight(now),
            message: format!(
                "You have used your daily compute budget of {} seconds; it renews at midnight UTC.",
                contest.daily_budget_s
            ),
        });
    }
    let id = submissions::create(&mut tx, contest.id, user.id, language, source).await?;
    tx.commit().await?;
    state.compile_wakeup.notify_waiters();
    Ok(id)
}
