//! Contests and their admin actions: changing a contest's settings (validated as a whole, only
//! the changed values audited), rejudging it, freezing and unfreezing its standings, and
//! disqualifying a submission. The admin pages, `/api` and the command line share these, so
//! every face validates and audits the same way. Each action runs in one transaction and
//! records who did what in the audit log under [`audit_target`].

use super::rejudge::Rejudged;
use super::scoreboard;
use crate::db::contests::{self, Contest, FieldError, NewContest};
use crate::db::ids::{ContestId, SubmissionId, UserId};
use crate::db::scoreboard::ScoreRow;
use crate::db::submissions::{self, Status};
use crate::db::users::User;
use crate::db::{self, audit, games, users};
use serde_json::{json, Map, Value};
use sqlx::PgPool;
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

/// Why an admin action could not be done; the web maps each to its status.
#[derive(Debug, thiserror::Error)]
pub enum ContestError {
    #[error("no such contest")]
    NoSuchContest,
    #[error("no such submission")]
    NoSuchSubmission,
    #[error("This submission is already disqualified.")]
    AlreadyDisqualified,
    #[error(
        "Only a current submission is rejudged: this one is superseded, disqualified or not compiled yet."
    )]
    NotCurrent,
    #[error("The finals start at or after the contest's deadline.")]
    BeforeDeadline,
    #[error("The finals of this contest have started already.")]
    FinalsStarted,
    #[error("The finals need at least two students with a compiled submission.")]
    TooFewFinalists,
    #[error("{0}")]
    BadFinals(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<sqlx::Error> for ContestError {
    fn from(e: sqlx::Error) -> Self {
        ContestError::Internal(e.into())
    }
}

pub type Result<T, E = ContestError> = std::result::Result<T, E>;

/// The audit log target of everything done to a contest (and its submissions), so that its
/// history is one query.
pub fn audit_target(slug: &str) -> String {
    format!("contest {slug}")
}

fn rfc3339(t: &OffsetDateTime) -> String {
    t.format(&Rfc3339).unwrap_or_default()
}

/// A contest's settings by name as text: `title`, `deadline` (RFC 3339, empty for none), then
/// every `K=V` of [`contests::assignments`] (game settings and limits).
pub fn setting_values(c: &Contest) -> Vec<(String, String)> {
    let mut out = vec![
        ("title".to_string(), c.title.clone()),
        ("deadline".to_string(), c.deadline.as_ref().map(rfc3339).unwrap_or_default()),
    ];
    for a in contests::assignments(c) {
        if let Some((k, v)) = a.split_once('=') {
            out.push((k.to_string(), v.to_string()));
        }
    }
    out
}

/// Validates changes (`title`, `deadline` — empty for none —, any setting name) on top of the
/// stored contest, as a whole.
pub fn validate(
    c: &Contest,
    changes: &[(String, String)],
    known_languages: &[String],
) -> Result<NewContest, Vec<FieldError>> {
    let mut title = c.title.clone();
    let mut deadline = c.deadline.as_ref().map(rfc3339);
    let mut assignments = contests::assignments(c);
    for (k, v) in changes {
        match k.as_str() {
            "title" => title.clone_from(v),
            "deadline" => deadline = Some(v.clone()),
            _ => assignments.push(format!("{k}={v}")),
        }
    }
    NewContest::build(
        &c.slug,
        c.game.as_str(),
        Some(&title),
        deadline.as_deref(),
        &assignments,
        known_languages,
    )
}

/// One setting that a save changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub name: String,
    pub old: String,
    pub new: String,
}

/// The settings whose value differs between two [`setting_values`] lists, in the old list's order.
fn diff(old: &[(String, String)], new: &[(String, String)]) -> Vec<Change> {
    let value = |list: &[(String, String)], name: &str| {
        list.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()).unwrap_or_default()
    };
    let mut names: Vec<&String> = old.iter().map(|(k, _)| k).collect();
    names.extend(new.iter().map(|(k, _)| k).filter(|k| !old.iter().any(|(o, _)| o == *k)));
    names
        .into_iter()
        .map(|n| Change { name: n.clone(), old: value(old, n), new: value(new, n) })
        .filter(|c| c.old != c.new)
        .collect()
}

/// Changes settings of a contest, for the settings page, `PATCH /api/contests/{slug}/settings` and
/// `botarena contest update` (no `actor`: the command line): validated as a whole, stored, and the
/// changed values (only those) recorded in one audit entry. The inner `Err` holds the invalid fields.
/// A round robin turned into a ladder keeps its matches (their points stay in the points columns)
/// and its ladder's tick enters every current submission at the prior; a ladder turned into a
/// round robin has its unplayed ladder matches cancelled and gets the round-robin matches its
/// current submissions lack (the points of the ladder matches played stay in the points columns).
pub async fn change_settings(
    pool: &PgPool,
    actor: Option<&User>,
    slug: &str,
    changes: &[(String, String)],
    known_languages: &[String],
) -> Result<Result<Vec<Change>, Vec<FieldError>>> {
    let mut tx = pool.begin().await?;
    let id = contests::by_slug(&mut tx, slug).await?.ok_or(ContestError::NoSuchContest)?.id;
    // Two admins saving at once: the second validates on top of the first's change.
    games::lock_contest(&mut tx, id).await?;
    let c = contests::by_slug(&mut tx, slug).await?.ok_or(ContestError::NoSuchContest)?;
    let new = match validate(&c, changes, known_languages) {
        Ok(new) => new,
        Err(errors) => return Ok(Err(errors)),
    };
    contests::update(&mut tx, c.id, &new).await?;
    super::house::sync(&mut tx, c.id).await?;
    if c.format == "ladder" && new.format != "ladder" {
        // A ladder turned back into a round robin: its matches not played yet are cancelled, and
        // every pair of current submissions gets its round-robin match now (those that met in
        // the ladder too: its matches are not the round robin's), so the round robin is whole.
        let unfinished = db::ladder::unfinished(&mut tx, c.id).await?;
        games::cancel_matches(&mut tx, &unfinished).await?;
        for id in submissions::current_ids(&mut tx, c.id).await? {
            super::scheduler::on_compiled(&mut tx, id).await?;
        }
    }
    let after = contests::by_slug(&mut tx, slug).await?.ok_or(ContestError::NoSuchContest)?;
    let changed = diff(&setting_values(&c), &setting_values(&after));
    if !changed.is_empty() {
        let text = |v: &str| if v.is_empty() { Value::Null } else { Value::String(v.to_string()) };
        let old: Map<String, Value> = changed.iter().map(|ch| (ch.name.clone(), text(&ch.old))).collect();
        let new: Map<String, Value> = changed.iter().map(|ch| (ch.name.clone(), text(&ch.new))).collect();
        audit::record(
            &mut tx,
            actor.map(|a| a.id),
            "contest.settings",
            &audit_target(slug),
            Some(old.into()),
            Some(new.into()),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(Ok(changed))
}

/// Replays every current match under the current settings (see [`super::rejudge::rejudge`]) and
/// unfreezes the standings so that the replays count; audited, and the replaced games point to
/// the audit entry.
pub async fn rejudge(pool: &PgPool, actor: &User, c: &Contest) -> Result<Rejudged> {
    let mut tx = pool.begin().await?;
    let was_frozen = db::scoreboard::frozen_at(&mut tx, c.id).await?.is_some();
    let entry = audit::record(
        &mut tx,
        Some(actor.id),
        "contest.rejudge",
        &audit_target(&c.slug),
        Some(json!({"frozen": was_frozen})),
        None,
    )
    .await?;
    let done = super::rejudge::rejudge(&mut tx, c.id, None, entry).await?;
    db::scoreboard::set_frozen(&mut tx, c.id, false).await?;
    audit::set_new_value(
        &mut tx,
        entry,
        &json!({"matches": done.matches, "games": done.games, "frozen": false}),
    )
    .await?;
    tx.commit().await?;
    Ok(done)
}

/// Replays the current matches of one current submission under the contest's current settings
/// (e.g. after a student showed that a game was misjudged); audited. The standings stay as they
/// are (frozen or not): the replays count once played.
pub async fn rejudge_submission(pool: &PgPool, actor: &User, id: SubmissionId) -> Result<(String, Rejudged)> {
    let mut tx = pool.begin().await?;
    let sub = submissions::by_id(&mut tx, id).await?.ok_or(ContestError::NoSuchSubmission)?;
    if sub.status != Status::Ready {
        return Err(ContestError::NotCurrent);
    }
    let (slug, _) = contests::slug_and_title(&mut tx, sub.contest_id).await?;
    let owner = users::by_id(&mut tx, sub.user_id).await?.map(|u| u.username).unwrap_or_default();
    let entry = audit::record(
        &mut tx,
        Some(actor.id),
        "submission.rejudge",
        &audit_target(&slug),
        Some(json!({"submission": id, "user": owner})),
        None,
    )
    .await?;
    let done = super::rejudge::rejudge(&mut tx, sub.contest_id, Some(id), entry).await?;
    audit::set_new_value(
        &mut tx,
        entry,
        &json!({"submission": id, "user": owner, "matches": done.matches, "games": done.games}),
    )
    .await?;
    tx.commit().await?;
    Ok((slug, done))
}

/// What [`prune_replaced`] deleted (or would delete).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pruned {
    pub games: i64,
    pub matches: i64,
}

/// Deletes the games of contest `slug` that rejudges replaced before `before` (results, replays,
/// logs), for the command line's `prune`; audited with the count. With `dry_run` only counts.
/// Current games are never touched.
pub async fn prune_replaced(
    pool: &PgPool,
    slug: &str,
    before: OffsetDateTime,
    dry_run: bool,
) -> Result<Pruned> {
    let mut tx = pool.begin().await?;
    let c = contests::by_slug(&mut tx, slug).await?.ok_or(ContestError::NoSuchContest)?;
    let (games, matches) = games::prune_replaced(&mut tx, c.id, before, dry_run).await?;
    if dry_run {
        return Ok(Pruned { games, matches });
    }
    audit::record(
        &mut tx,
        None,
        "contest.prune",
        &audit_target(slug),
        None,
        Some(json!({"replaced_before": rfc3339(&before), "games": games, "matches": matches})),
    )
    .await?;
    tx.commit().await?;
    Ok(Pruned { games, matches })
}

/// Freezes the standings now (computing the final snapshot) or unfreezes them; audited.
pub async fn set_freeze(
    pool: &PgPool,
    actor: &User,
    c: &Contest,
    freeze: bool,
) -> Result<(OffsetDateTime, Vec<ScoreRow>)> {
    let mut tx = pool.begin().await?;
    let was = db::scoreboard::frozen_at(&mut tx, c.id).await?.is_some();
    let (at, rows) = if freeze {
        scoreboard::freeze(&mut tx, c.id).await?
    } else {
        scoreboard::unfreeze(&mut tx, c.id).await?
    };
    let action = if freeze { "contest.freeze" } else { "contest.unfreeze" };
    audit::record(
        &mut tx,
        Some(actor.id),
        action,
        &audit_target(&c.slug),
        Some(json!({"frozen": was})),
        Some(json!({"frozen": freeze})),
    )
    .await?;
    tx.commit().await?;
    Ok((at, rows))
}

/// Disqualifies a submission: its queued games are cancelled, its matches leave the standings
/// (the snapshot is recomputed unless frozen), and the user is out until they submit again;
/// audited on the contest. Returns the contest's slug.
pub async fn disqualify(pool: &PgPool, actor: &User, id: SubmissionId) -> Result<String> {
    let mut tx = pool.begin().await?;
    let sub = submissions::by_id(&mut tx, id).await?.ok_or(ContestError::NoSuchSubmission)?;
    games::lock_contest(&mut tx, sub.contest_id).await?;
    let Some((contest_id, old)) = submissions::disqualify(&mut tx, id).await? else {
        return Err(ContestError::AlreadyDisqualified);
    };
    games::cancel_stale(&mut tx, contest_id).await?;
    let (slug, _) = contests::slug_and_title(&mut tx, contest_id).await?;
    let owner = users::by_id(&mut tx, sub.user_id).await?.map(|u| u.username).unwrap_or_default();
    audit::record(
        &mut tx,
        Some(actor.id),
        "submission.disqualify",
        &audit_target(&slug),
        Some(json!({"submission": id, "user": owner, "status": old.as_str()})),
        Some(json!({"submission": id, "user": owner, "status": Status::Disqualified.as_str()})),
    )
    .await?;
    tx.commit().await?;
    scoreboard::refresh(&mut *pool.acquire().await?, contest_id).await?;
    Ok(slug)
}

/// Creates a contest (already built and checked) with its house bots; audited as `actor`'s
/// (`None`: the command line). `None` when a contest has its slug.
pub async fn create(
    pool: &PgPool,
    actor: Option<UserId>,
    c: &NewContest,
) -> anyhow::Result<Option<ContestId>> {
    let mut tx = pool.begin().await?;
    let Some(id) = contests::create(&mut tx, c).await? else {
        return Ok(None);
    };
    super::house::sync(&mut tx, id).await?;
    audit::record(
        &mut tx,
        actor,
        "contest.create",
        &audit_target(&c.slug),
        None,
        Some(json!({"id": id, "game": c.game.as_str(), "settings": c.settings, "languages": c.languages})),
    )
    .await?;
    tx.commit().await?;
    Ok(Some(id))
}

/// The longest announcement accepted, in bytes.
pub const ANNOUNCEMENT_MAX_BYTES: usize = 20_000;

/// Why an announcement was refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnnouncementRefused {
    #[error("An announcement needs some text.")]
    Empty,
    #[error("An announcement is at most {ANNOUNCEMENT_MAX_BYTES} bytes.")]
    TooLong,
}

/// Posts an announcement (Markdown) on a contest; audited. `Ok(Err(why))` when the text is empty
/// or too long.
pub async fn announce(
    pool: &PgPool,
    actor: &User,
    c: &Contest,
    body: &str,
) -> Result<Result<i64, AnnouncementRefused>> {
    let body = body.trim();
    if body.is_empty() {
        return Ok(Err(AnnouncementRefused::Empty));
    }
    if body.len() > ANNOUNCEMENT_MAX_BYTES {
        return Ok(Err(AnnouncementRefused::TooLong));
    }
    let mut tx = pool.begin().await?;
    let id = crate::db::announcements::create(&mut tx, c.id, actor.id, body).await?;
    audit::record(
        &mut tx,
        Some(actor.id),
        "contest.announce",
        &audit_target(&c.slug),
        None,
        Some(Value::String(body.to_string())),
    )
    .await?;
    tx.commit().await?;
    Ok(Ok(id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_changed_settings_are_reported() {
        let old = vec![("a".to_string(), "1".to_string()), ("b".into(), "2".into())];
        let new =
            vec![("a".to_string(), "1".to_string()), ("b".into(), "3".into()), ("c".into(), "x".into())];
        let d = diff(&old, &new);
        assert_eq!(
            d,
            [
                Change { name: "b".into(), old: "2".into(), new: "3".into() },
                Change { name: "c".into(), old: String::new(), new: "x".into() }
            ]
        );
    }
}
