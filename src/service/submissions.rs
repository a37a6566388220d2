//! Submissions: the rules a new one must pass, whether it comes from the submit page or the API
//! (the deadline, the language, the source's size, the minimum interval between two, the daily
//! compute budget), and what becomes of it once compiled ([`compiled`]) or tested ([`tested`]):
//! the compile or validity job hands over what it produced, and the submission is stored, charged,
//! and made ready with its first matches, in one transaction; the rest of its matches are
//! scheduled once its first result is in ([`after_compile`]).
//!
//! The daily compute budget is one rule for everything that spends it: a submission and a test
//! match ([`super::test_matches`]) are both refused by [`budget_left`] once it is used up.

use super::scheduler;
use crate::db::contests::Contest;
use crate::db::games::GameJob;
use crate::db::ids::{ContestId, SubmissionId, UserId};
use crate::db::queue::{self, JobKind};
use crate::db::submissions::{self, CompileJob, ValidityJob};
use crate::db::users;
use crate::games::GameId;
use crate::judge::compile::CompileOutcome;
use crate::judge::languages::Languages;
use crate::judge::validity;
use sqlx::{Connection, PgConnection, PgPool};
use std::time::Duration;
use time::OffsetDateTime;
use tokio_util::sync::CancellationToken;

/// Why a submission was refused. Each is the user's to hear; the web says each with its HTTP
/// answer (`web::error`).
#[derive(Debug, thiserror::Error)]
pub enum SubmitError {
    /// The contest's deadline (shown by the web in its own time format) has passed.
    #[error("the deadline of this contest has passed; no more submissions are accepted")]
    DeadlinePassed { deadline: Option<OffsetDateTime> },
    /// No language chosen; `choices` lists the contest's.
    #[error("Choose a language: one of {choices}.")]
    NoLanguage { choices: String },
    #[error("`{language}` is not a language of this contest; choose one of: {choices}.")]
    UnknownLanguage { language: String, choices: String },
    /// A language of the contest whose compiler or interpreter this server lacks.
    #[error("{name} is {why}; the server's admin can install it. Choose another language.")]
    LanguageUnavailable { name: String, why: String },
    #[error("The source is empty: paste it or choose a file.")]
    EmptySource,
    #[error("The source is {size} bytes; at most {max} bytes ({} KiB) are accepted.", max / 1024)]
    TooLarge { size: usize, max: usize },
    /// Sooner than the contest's minimum interval after the user's previous submission.
    #[error("You may submit once every {interval_s} seconds; try again in {wait_s} seconds.")]
    TooSoon { interval_s: i32, wait_s: i64 },
    #[error("You have used your daily compute budget of {} seconds; it renews at midnight UTC.", .0.budget_s)]
    BudgetUsed(#[from] BudgetUsed),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

/// The user's daily compute budget in a contest is used up, until it renews at midnight UTC.
#[derive(Debug, thiserror::Error)]
#[error("the daily compute budget of {budget_s} seconds is used up")]
pub struct BudgetUsed {
    /// The contest's `daily_budget_s`.
    pub budget_s: i32,
    /// Seconds until it renews.
    pub retry_after: u64,
}

/// What the server accepts of any submission: its languages, and the largest source.
#[derive(Clone, Copy)]
pub struct Limits<'a> {
    pub languages: &'a Languages,
    pub max_source_bytes: usize,
}

/// How much of the rate limits a user has left in a contest, for the submit page.
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

/// The user's allowance in the contest now.
pub async fn allowance(conn: &mut PgConnection, contest: &Contest, user: UserId) -> sqlx::Result<Allowance> {
    let wait_s = wait_s(conn, contest, user, OffsetDateTime::now_utc()).await?;
    let used_ms = submissions::used_today_ms(conn, contest.id, user).await?;
    Ok(Allowance { wait_s, used_ms, budget_ms: budget_ms(contest) })
}

/// Seconds until the user may submit again to the contest (0 = now), rounded up.
async fn wait_s(
    conn: &mut PgConnection,
    contest: &Contest,
    user: UserId,
    now: OffsetDateTime,
) -> sqlx::Result<i64> {
    let last = submissions::last_submitted_at(conn, contest.id, user).await?;
    Ok(last.map_or(0, |t| {
        let next = t + time::Duration::seconds(contest.submit_interval_s.into());
        let d = next - now;
        if d.is_positive() {
            d.whole_seconds() + i64::from(d.subsec_nanoseconds() > 0)
        } else {
            0
        }
    }))
}

fn budget_ms(contest: &Contest) -> i64 {
    i64::from(contest.daily_budget_s) * 1000
}

/// The daily budget check of everything that spends compute (a submission, a test match):
/// refused with [`BudgetUsed`] once the user's compute time in the contest today reached the
/// contest's `daily_budget_s`. Run it in the transaction that locked the user's row, so that two
/// requests at once cannot both pass.
pub async fn budget_left<E: From<BudgetUsed> + From<sqlx::Error>>(
    conn: &mut PgConnection,
    contest: &Contest,
    user: UserId,
) -> Result<(), E> {
    let used_ms = submissions::used_today_ms(conn, contest.id, user).await?;
    if used_ms >= budget_ms(contest) {
        let retry_after = secs_to_utc_midnight(OffsetDateTime::now_utc());
        return Err(BudgetUsed { budget_s: contest.daily_budget_s, retry_after }.into());
    }
    Ok(())
}

/// Seconds until the daily budgets renew.
pub fn secs_to_utc_midnight(now: OffsetDateTime) -> u64 {
    let midnight = now.date().next_day().map(|d| d.midnight().assume_utc());
    midnight.map_or(3600, |m| (m - now).whole_seconds().max(1) as u64)
}

/// Checks every rule and queues the submission for its compile; returns its id. The checks of
/// the interval and the budget run with the user's row locked, in the transaction that stores
/// the submission, so that two submissions at once cannot both pass them.
pub async fn submit(
    conn: &mut PgConnection,
    limits: Limits<'_>,
    contest: &Contest,
    user: UserId,
    language: &str,
    source: &[u8],
) -> Result<SubmissionId, SubmitError> {
    let now = OffsetDateTime::now_utc();
    if !contest.is_open(now) {
        return Err(SubmitError::DeadlinePassed { deadline: contest.deadline });
    }
    let choices = || contest.languages.join(", ");
    if language.is_empty() {
        return Err(SubmitError::NoLanguage { choices: choices() });
    }
    let Some(lang) =
        limits.languages.get(language).filter(|_| contest.languages.iter().any(|l| l == language))
    else {
        return Err(SubmitError::UnknownLanguage { language: language.to_string(), choices: choices() });
    };
    if let Some(why) = lang.unavailable() {
        return Err(SubmitError::LanguageUnavailable { name: lang.name.clone(), why });
    }
    if source.iter().all(u8::is_ascii_whitespace) {
        return Err(SubmitError::EmptySource);
    }
    let max = limits.max_source_bytes;
    if source.len() > max {
        return Err(SubmitError::TooLarge { size: source.len(), max });
    }
    let mut tx = conn.begin().await?;
    // One submission of a user at a time, so two at once cannot both pass the interval check.
    users::lock(&mut tx, user).await?;
    let wait_s = wait_s(&mut tx, contest, user, now).await?;
    if wait_s > 0 {
        return Err(SubmitError::TooSoon { interval_s: contest.submit_interval_s, wait_s });
    }
    budget_left::<SubmitError>(&mut tx, contest, user).await?;
    // The compile job is queued with it; its NOTIFY wakes the compile slots when this commits.
    let id = submissions::create(&mut tx, contest.id, user, language, source).await?;
    tx.commit().await?;
    Ok(id)
}

/// What became of a compiled submission once [`compiled`] stored it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compiled {
    /// Nothing was written: the job is no longer this worker's (its lease was taken over).
    NotOurs,
    /// A compile error, stored with its log.
    Failed,
    /// Its game has validity tests: their job is queued, and the submission waits for them.
    Testing,
    /// Ready, with its matches scheduled.
    Ready,
}

/// What a compile job produced.
pub struct Build<'a> {
    pub outcome: &'a CompileOutcome,
    /// The build directory as a tar, when the compile succeeded.
    pub artifact: Option<&'a [u8]>,
    /// The compute time it took, charged to the user.
    pub ms: i64,
}

/// The starter bots' sources of a game (`crate::starters::sources`, a module beside this one),
/// which copy detection leaves out of what it flags.
pub type Starters = fn(GameId) -> Vec<(String, String)>;

/// Stores a compile's outcome (with the build when good) for `worker`'s compile job and charges
/// its time to the user's budget, in one transaction with what comes next: a good build of a game
/// with validity tests gets its validity job, any other good build becomes ready with its first
/// matches ([`scheduler::make_ready`]). Its commit does not wait for the disk
/// ([`queue::RELAXED_BEGIN`]: lost in a crash of the server, the compile is done again): the
/// student waits for its first result, and a flush is milliseconds. What is left for after the transaction is
/// [`after_compile`]'s.
pub async fn compiled(
    conn: &mut PgConnection,
    job: &CompileJob,
    worker: &str,
    build: Build<'_>,
) -> anyhow::Result<Compiled> {
    let (tx, next, _) = store_compile(conn, job, worker, build, None).await?;
    tx.commit().await?;
    Ok(next)
}

/// [`compiled`]'s writes, its transaction left open for the caller to commit (or to store the
/// newcomer's first game played meanwhile, `jobs::first_game`: `first`, returned leased when it
/// is the game created, [`scheduler::FirstPlayed`]). Nothing written when [`Compiled::NotOurs`].
pub async fn store_compile<'c>(
    conn: &'c mut PgConnection,
    job: &CompileJob,
    worker: &str,
    build: Build<'_>,
    first: Option<&scheduler::FirstPlayed>,
) -> anyhow::Result<(sqlx::Transaction<'c, sqlx::Postgres>, Compiled, Option<GameJob>)> {
    let Build { outcome, artifact, ms } = build;
    let ok = outcome.is_ok();
    // Step 1 of the lock order (`db::games`) before anything is written.
    let (mut tx, contest) = if ok {
        let (tx, contest) = scheduler::begin_locked(conn, job.contest_id).await?;
        (tx, Some(contest))
    } else {
        (queue::begin_relaxed(conn).await?, None)
    };
    if !submissions::finish_compile(&mut tx, job.id, worker, ok, outcome.log(), artifact).await? {
        return Ok((tx, Compiled::NotOurs, None));
    }
    submissions::add_usage(&mut tx, job.contest_id, job.user_id, ms).await?;
    let (next, leased) = match contest {
        None => (Compiled::Failed, None),
        Some(contest) if contest.game.has_validity_tests() => {
            queue::enqueue(&mut tx, JobKind::Validity, job.id).await?;
            (Compiled::Testing, None)
        }
        Some(contest) => (Compiled::Ready, scheduler::make_ready(&mut tx, &contest, job.id, first).await?),
    };
    Ok((tx, next, leased))
}

/// What follows a stored compile ([`compiled`]) once its transaction has committed: for a
/// submission it made ready, the rest of its matches, after its first result or `wait` at most
/// ([`scheduler::schedule_rest_after_first_result`]); then copy detection indexes the submission
/// (a failure there is only logged: it never fails a compile). The compile queue runs it off the
/// compile slot, so neither the newcomer's first game nor the next compile waits for it.
pub async fn after_compile(
    pool: &PgPool,
    submission: SubmissionId,
    contest: ContestId,
    compiled: Compiled,
    wait: Duration,
    stop: &CancellationToken,
    starters: Starters,
) {
    if compiled == Compiled::NotOurs {
        return;
    }
    if compiled == Compiled::Ready {
        scheduler::schedule_rest_after_first_result(pool, submission, wait, stop).await;
    }
    let indexed = async {
        let mut conn = pool.acquire().await?;
        let game = scheduler::contest_game(&mut conn, contest).await?.0;
        super::similarity::index(&mut conn, submission, starters(game)).await
    };
    if let Err(e) = indexed.await {
        tracing::warn!(%submission, "similarity index: {e:#}");
    }
}

/// Stores a validity run's report for `worker`'s validity job, charges its `ms` to the user's
/// budget, and makes the submission ready with its first matches, in one transaction that does
/// not wait for the disk, as [`compiled`]'s (the rest
/// are [`scheduler::schedule_rest_after_first_result`]'s, once it has committed); `false`
/// (nothing written) if the job is no longer `worker`'s.
pub async fn tested(
    conn: &mut PgConnection,
    job: &ValidityJob,
    worker: &str,
    report: &validity::Report,
    ms: i64,
) -> anyhow::Result<bool> {
    let (mut tx, contest) = scheduler::begin_locked(conn, job.contest_id).await?;
    if !submissions::finish_validity(&mut tx, job.id, worker, &serde_json::to_value(report)?).await? {
        return Ok(false);
    }
    submissions::add_usage(&mut tx, job.contest_id, job.user_id, ms).await?;
    scheduler::make_ready(&mut tx, &contest, job.id, None).await?;
    tx.commit().await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn the_budget_renews_at_midnight_utc() {
        assert_eq!(secs_to_utc_midnight(datetime!(2026-03-01 23:59:30 UTC)), 30);
        assert_eq!(secs_to_utc_midnight(datetime!(2026-03-01 00:00:00 UTC)), 86_400);
        // Never 0: a `Retry-After` of 0 would invite an immediate retry.
        assert_eq!(secs_to_utc_midnight(datetime!(2026-03-01 23:59:59.9 UTC)), 1);
    }

    #[test]
    fn the_allowance_shows_whole_seconds_and_never_a_negative_rest() {
        let a = Allowance { wait_s: 0, used_ms: 61_999, budget_ms: 60_000 };
        assert_eq!((a.used_s(), a.left_s()), (61, 0));
        let a = Allowance { wait_s: 0, used_ms: 1_500, budget_ms: 60_000 };
        assert_eq!((a.used_s(), a.left_s()), (1, 58));
    }

    #[test]
    fn the_refusals_say_what_the_user_can_do() {
        let e = SubmitError::TooLarge { size: 70_000, max: 65_536 };
        assert_eq!(e.to_string(), "The source is 70000 bytes; at most 65536 bytes (64 KiB) are accepted.");
        let e = SubmitError::from(BudgetUsed { budget_s: 600, retry_after: 5 });
        assert_eq!(
            e.to_string(),
            "You have used your daily compute budget of 600 seconds; it renews at midnight UTC."
        );
    }
}
