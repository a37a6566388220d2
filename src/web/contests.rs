//! Contest pages: the list, a contest with its submit form and limits, "My submissions" (with
//! source and compile log), "All submissions" (who, when, language, status — no source), and one
//! submission.

use super::api_types::ValidityReport;
use super::error::{AppError, PageResult, Result};
use super::extract::{check_csrf, contest_or_404, PageUser};
use super::format::Deadline;
use super::input::Path;
use super::markdown::announcement_html;
use super::move_rules::one_two_three_rule;
use super::opponent_menu::{opponent_menu, OpponentMenu};
use super::render::{render, script_json, when, Nav};
use super::state::AppState;
use super::submit;
use crate::db::contests::{self, Contest};
use crate::db::ids::{SubmissionId, UserId};
use crate::db::submissions::{self, Status};
use crate::games::one_two_three::letter;
use crate::judge::validity;
use crate::service;
use crate::web::i18n::filters;
use askama::Template;
use axum::extract::{DefaultBodyLimit, Multipart, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect};
use axum::routing::get;
use axum::Router;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

/// A starter program as the submit form's script loads it.
#[derive(Serialize)]
struct StarterView {
    name: String,
    file: &'static str,
    source: &'static str,
}

pub fn router(state: &AppState) -> Router<AppState> {
    // Room for a pasted source and an uploaded file at the size limit, plus the other fields;
    // anything larger is refused before it is read.
    let limit = state.config.max_source_bytes * 2 + 64 * 1024;
    Router::new()
        .route("/contests", get(list))
        .route("/contests/{slug}", get(show).post(submit_form).layer(DefaultBodyLimit::max(limit)))
        .route("/contests/{slug}/mine", get(mine))
        .route("/contests/{slug}/submissions", get(all))
        .route("/submissions/{id}", get(one))
        .route("/submissions/{id}/progress", get(progress))
}

struct ContestRow {
    slug: String,
    title: String,
    game: String,
    deadline: Deadline,
    open: bool,
    /// Announcements the viewer has not seen yet.
    unread: i64,
}

#[derive(Template)]
#[template(path = "contests/list.html")]
struct ListPage {
    nav: Nav,
    contests: Vec<ContestRow>,
}

async fn list(State(state): State<AppState>, who: PageUser) -> PageResult {
    let now = OffsetDateTime::now_utc();
    let mut conn = state.pool.acquire().await?;
    let rows = contests::list(&mut conn).await?;
    let unread: std::collections::HashMap<_, _> =
        crate::db::announcements::unread_counts(&mut conn, who.user.id).await?.into_iter().collect();
    drop(conn);
    let contests = rows
        .into_iter()
        .map(|c| ContestRow {
            unread: unread.get(&c.id).copied().unwrap_or(0),
            open: c.is_open(now),
            deadline: Deadline::of(c.deadline.as_ref()),
            slug: c.slug,
            title: c.title,
            game: c.game.to_string(),
        })
        .collect();
    Ok(render(&ListPage { nav: who.nav().await?, contests }))
}

struct LanguageOption {
    id: String,
    name: String,
    selected: bool,
    /// Why it cannot be chosen on this server (its compiler is not installed), if so.
    unavailable: Option<String>,
}

#[derive(Template)]
#[template(path = "contests/show.html")]
struct ShowPage {
    nav: Nav,
    slug: String,
    title: String,
    game: String,
    deadline: Deadline,
    open: bool,
    settings: Vec<(String, String)>,
    interval_s: i32,
    wait_s: i64,
    budget_s: i32,
    used_s: i64,
    left_s: i64,
    max_kib: usize,
    languages: Vec<LanguageOption>,
    source: String,
    form_error: Option<String>,
    language_error: Option<String>,
    source_error: Option<String>,
    /// The starter bots of the enabled languages: one-click links above the source field.
    starters: Vec<StarterLink>,
    /// The same starters' sources for `static/starters.js`, escaped for a `<script>` element.
    starters_json: String,
    /// The messages of `static/starters.js`.
    starter_messages: String,
    /// Its announcements, newest first (this visit marks them read).
    announcements: Vec<Shown>,
}

impl ShowPage {
    /// The link to the contest's rules in the submit card's hint.
    fn rules_href(&self) -> String {
        format!("/contests/{}/rules", self.slug)
    }

    /// "Compute budget today: 10 s used of 3600 s, 3590 s left", the part left in bold.
    fn budget_html(&self) -> String {
        crate::tr!("contest-budget", used = self.used_s, budget = self.budget_s, left = self.left_s)
    }
}

struct StarterLink {
    language: String,
    name: String,
}

async fn show_page(
    state: &AppState,
    who: &PageUser,
    c: &Contest,
    language: &str,
) -> Result<ShowPage, AppError> {
    let allow =
        crate::service::submissions::allowance(&mut *state.pool.acquire().await?, c, who.user.id).await?;
    let starters = crate::starters::in_languages(c.game, &c.languages);
    let starters_json = script_json(
        &starters
            .iter()
            .map(|s| {
                let v = StarterView {
                    name: state.language_name(s.language),
                    file: s.file_name,
                    source: s.source,
                };
                (s.language, v)
            })
            .collect::<std::collections::BTreeMap<_, _>>(),
    );
    Ok(ShowPage {
        nav: who.nav().await?,
        slug: c.slug.clone(),
        title: c.title.clone(),
        game: c.game.to_string(),
        deadline: Deadline::of(c.deadline.as_ref()),
        open: c.is_open(OffsetDateTime::now_utc()),
        settings: c.settings_list(),
        interval_s: c.submit_interval_s,
        wait_s: allow.wait_s,
        budget_s: c.daily_budget_s,
        used_s: allow.used_s(),
        left_s: allow.left_s(),
        max_kib: state.config.max_source_bytes / 1024,
        languages: c
            .languages
            .iter()
            .map(|id| LanguageOption {
                id: id.clone(),
                name: state.language_name(id),
                selected: id == language,
                unavailable: state.languages.get(id).and_then(unavailable_text),
            })
            .collect(),
        source: String::new(),
        form_error: None,
        language_error: None,
        source_error: None,
        starters: starters
            .iter()
            .map(|s| StarterLink { language: s.language.to_string(), name: state.language_name(s.language) })
            .collect(),
        starters_json,
        starter_messages: super::render::script_messages(
            &[("starters-confirm", &["name"]), ("starters-note", &["name", "file"])],
            Vec::new(),
        ),
        announcements: announcements_for_visit(state, c, who.user.id).await?,
    })
}

/// An announcement as the contest page shows it.
struct Shown {
    id: i64,
    author: String,
    when: String,
    html: String,
    /// Posted since the viewer's last visit.
    new: bool,
}

/// The contest's announcements for `user`'s visit of its page, which marks them read.
async fn announcements_for_visit(state: &AppState, c: &Contest, user: UserId) -> Result<Vec<Shown>> {
    let seen = service::announcements::visit(&state.pool, user, c.id).await?;
    Ok(seen.into_iter().map(shown).collect())
}

fn shown(seen: service::announcements::Seen) -> Shown {
    let a = seen.announcement;
    Shown {
        id: a.id,
        author: a.author.unwrap_or_else(|| crate::tr!("contest-author-deleted")),
        when: when(&a.created_at),
        html: announcement_html(&a.body),
        new: seen.new,
    }
}

#[derive(serde::Deserialize)]
struct ShowQuery {
    /// `?starter=LANGUAGE`: the form comes filled with that language's starter bot (the statement
    /// page's links, and the starter links without JavaScript).
    starter: Option<String>,
}

async fn show(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
    Query(q): Query<ShowQuery>,
) -> PageResult {
    let c = contest_or_404(&state, &slug).await?;
    let Some(language) = q.starter.filter(|l| !l.is_empty()) else {
        return Ok(render(&show_page(&state, &who, &c, "").await?));
    };
    let mut page = show_page(&state, &who, &c, &language).await?;
    let starter =
        crate::starters::in_languages(c.game, &c.languages).into_iter().find(|s| s.language == language);
    match starter {
        Some(s) => page.source = s.source.to_string(),
        None => {
            let starters = page.starters.iter().map(|s| s.language.as_str()).collect::<Vec<_>>().join(", ");
            page.form_error =
                Some(crate::tr!("contest-no-starter", language = language.as_str(), starters = starters))
        }
    }
    Ok(render(&page))
}

/// The submit form: `multipart/form-data` with `csrf`, `language`, and `source` (pasted) or
/// `file` (uploaded; wins when not empty).
async fn submit_form(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
    mut form: Multipart,
) -> PageResult {
    let c = contest_or_404(&state, &slug).await?;
    let (mut csrf, mut language, mut pasted, mut file, mut file_name) =
        (String::new(), String::new(), Vec::new(), Vec::new(), String::new());
    let too_large = || {
        AppError::TooLarge(crate::tr!(
            "error-submit-form-too-large",
            kib = state.config.max_source_bytes / 1024
        ))
    };
    loop {
        let field = match form.next_field().await {
            Ok(Some(f)) => f,
            Ok(None) => break,
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => return Err(too_large().into()),
            Err(_) => return Err(AppError::bad("bad_form", crate::tr!("error-form-unread")).into()),
        };
        let name = field.name().unwrap_or_default().to_string();
        if name == "file" {
            file_name = field.file_name().unwrap_or_default().to_string();
        }
        let bytes = match field.bytes().await {
            Ok(b) => b,
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => return Err(too_large().into()),
            Err(_) => return Err(AppError::bad("bad_form", crate::tr!("error-form-unread")).into()),
        };
        match name.as_str() {
            "csrf" => csrf = String::from_utf8_lossy(&bytes).into_owned(),
            "language" => language = String::from_utf8_lossy(&bytes).trim().to_string(),
            "source" => pasted = bytes.to_vec(),
            "file" => file = bytes.to_vec(),
            _ => {}
        }
    }
    check_csrf(&who.session, &csrf).await?;
    // Browsers send pasted text with CRLF line ends; compilers do not care, but keep it as typed.
    let uploaded = !file.is_empty();
    let source = if uploaded { file } else { pasted };
    // No language chosen: the uploaded file's extension decides, as in `botarena play`.
    if language.is_empty() && uploaded {
        if let Some(l) = language_of_file(&state, &file_name) {
            language = l;
        }
    }
    let refused = match submit::submit(&state, &c, &who.user, &language, &source).await {
        Ok(id) => return Ok(Redirect::to(&format!("/submissions/{id}")).into_response()),
        Err(refused) => refused,
    };
    let field = submit::field_of(&refused);
    let err = AppError::from(refused);
    if let AppError::Internal(_) = err {
        return Err(err.into());
    }
    let mut page = show_page(&state, &who, &c, &language).await?;
    if source.len() <= state.config.max_source_bytes {
        page.source = String::from_utf8_lossy(&source).into_owned();
    }
    let msg = Some(err.message());
    match field {
        "language" => page.language_error = msg,
        "source" => page.source_error = msg,
        _ => page.form_error = msg,
    }
    let mut resp = (err.status(), render(&page)).into_response();
    if let AppError::RateLimited { retry_after, .. } = err {
        resp.headers_mut().insert(axum::http::header::RETRY_AFTER, retry_after.into());
    }
    Ok(resp)
}

/// The language id of a file name by its extension (the languages' `extensions`, which
/// `botarena play` uses too).
fn language_of_file(state: &AppState, file_name: &str) -> Option<String> {
    let ext = std::path::Path::new(file_name).extension()?.to_str()?;
    state.languages.by_extension(ext).map(|l| l.id.clone())
}

struct SubmissionRow {
    id: SubmissionId,
    who: String,
    language: String,
    status: Status,
    created: String,
    /// Whether the viewer may open it (their own, or any for admins).
    can_open: bool,
}

#[derive(Template)]
#[template(path = "contests/mine.html")]
struct MinePage {
    nav: Nav,
    slug: String,
    title: String,
    rows: Vec<SubmissionRow>,
}

async fn mine(State(state): State<AppState>, who: PageUser, Path(slug): Path<String>) -> PageResult {
    let c = contest_or_404(&state, &slug).await?;
    let list = submissions::of_user(&mut *state.pool.acquire().await?, c.id, who.user.id).await?;
    let rows = list
        .into_iter()
        .map(|s| SubmissionRow {
            id: s.id,
            who: who.user.shown_name().to_string(),
            language: state.language_name(&s.language),
            status: s.status,
            created: when(&s.created_at),
            can_open: true,
        })
        .collect();
    Ok(render(&MinePage { nav: who.nav().await?, slug: c.slug, title: c.title, rows }))
}

/// Whether the house account `name` (`house:<level>`) is a level the contest enters: only then are
/// its submissions listed among everybody's. A level played only in test matches is not.
fn entered(c: &Contest, name: &str) -> bool {
    name.strip_prefix("house:")
        .and_then(|level| level.parse::<crate::games::HouseLevel>().ok())
        .is_some_and(|level| c.house_bots.contains(&level))
}

#[derive(Template)]
#[template(path = "contests/all.html")]
struct AllPage {
    nav: Nav,
    slug: String,
    title: String,
    rows: Vec<SubmissionRow>,
}

async fn all(State(state): State<AppState>, who: PageUser, Path(slug): Path<String>) -> PageResult {
    let c = contest_or_404(&state, &slug).await?;
    let list = submissions::of_contest(&mut *state.pool.acquire().await?, c.id, 500).await?;
    let rows = list
        .into_iter()
        .filter(|s| s.language != crate::db::house::LANGUAGE || entered(&c, &s.nickname))
        .map(|s| SubmissionRow {
            id: s.id,
            who: s.nickname,
            language: state.language_name(&s.language),
            status: s.status,
            created: when(&s.created_at),
            can_open: who.user.is_admin() || s.user_id == who.user.id,
        })
        .collect();
    Ok(render(&AllPage { nav: who.nav().await?, slug: c.slug, title: c.title, rows }))
}

impl OnePage {
    fn matches_href(&self) -> String {
        format!("/contests/{}/submissions/{}/matches", self.slug, self.id)
    }

    fn test_matches_href(&self) -> String {
        format!("/contests/{}/test-matches", self.slug)
    }

    fn reload_href(&self) -> String {
        format!("/submissions/{}", self.id)
    }
}

#[derive(Template)]
#[template(path = "contests/submission.html")]
struct OnePage {
    nav: Nav,
    id: SubmissionId,
    slug: String,
    title: String,
    language: String,
    status: Status,
    created: String,
    compile_log: String,
    source: String,
    pending: bool,
    validity: Option<ValidityView>,
    /// The test-match form, on the owner's current submission.
    test_menu: Option<OpponentMenu>,
    /// Its round robin so far, once it plays.
    progress: Option<crate::db::games::Progress>,
    /// Whose it is, for an admin.
    owner: Option<crate::db::users::User>,
}

/// "34 of 60 games played, 2 being played, 24 queued (12 games of others ahead of yours)."
pub(super) fn progress_text(p: &crate::db::games::Progress) -> String {
    if p.total == 0 {
        return crate::tr!("submission-progress-none");
    }
    crate::tr!(
        "submission-progress",
        done = p.done,
        total = p.total,
        running = p.running,
        queued = p.queued,
        ahead = p.queued_ahead,
        failed = p.failed
    )
}

/// A submission's round-robin progress as JSON, for its page to update itself (owner and admins).
async fn progress(State(state): State<AppState>, who: PageUser, Path(id): Path<String>) -> PageResult {
    let id: SubmissionId = id.parse().map_err(|_| AppError::not_found("submission"))?;
    let mut conn = state.pool.acquire().await?;
    let s = submissions::by_id(&mut conn, id).await?.ok_or_else(|| AppError::not_found("submission"))?;
    if s.user_id != who.user.id && !who.user.is_admin() {
        return Err(AppError::forbidden(crate::tr!("error-not-your-submission")).into());
    }
    let p = crate::db::games::progress(&mut conn, id).await?;
    Ok(axum::Json(serde_json::json!({ "progress": p, "text": progress_text(&p) })).into_response())
}

/// The validity tests' report as the submission page shows it (a report that does not read
/// shows as empty, and the log says why): each failure in the reader's language where the report
/// stores its typed form (`failure_codes`), else in the English words stored (a report from
/// before them).
type ValidityView = ValidityReport;

/// The typed failures of a stored report, beside its English `failures`.
#[derive(Deserialize)]
struct TypedFailures {
    #[serde(default)]
    failure_codes: Vec<validity::Failure>,
}

fn validity_view(v: &serde_json::Value) -> ValidityView {
    let report = ValidityReport::deserialize(v).unwrap_or_else(|e| {
        tracing::warn!("a stored validity report does not read: {e}");
        ValidityReport::default()
    });
    let typed = TypedFailures::deserialize(v).map(|t| t.failure_codes).unwrap_or_else(|e| {
        tracing::warn!("a stored validity report's failure codes do not read: {e}");
        Vec::new()
    });
    if typed.is_empty() || typed.len() != report.failures.len() {
        return report;
    }
    let failures = typed.into_iter().map(|f| (case_text(&f.case), why_text(f.why))).collect();
    ValidityReport { failures, ..report }
}

/// What a validity test case is about, in the reader's language.
fn case_text(case: &validity::CaseKind) -> String {
    use validity::{CaseKind as C, InvalidInput as I};
    match case {
        C::FirstExample => crate::tr!("validity-case-first-example"),
        C::SecondExample => crate::tr!("validity-case-second-example"),
        C::Board { cols, rows, percent, mover } => crate::tr!(
            "validity-case-board",
            cols = *cols,
            rows = *rows,
            percent = *percent,
            mover = letter(Some(*mover)).to_string()
        ),
        C::Invalid(kind) => crate::tr!(match kind {
            I::TooSmall => "validity-case-too-small",
            I::Words => "validity-case-words",
            I::TooManyColumns => "validity-case-too-many-columns",
            I::TooManyRows => "validity-case-too-many-rows",
            I::BadCharacter => "validity-case-bad-character",
            I::RowTooShort => "validity-case-row-too-short",
            I::RowTooLong => "validity-case-row-too-long",
            I::BadMover => "validity-case-bad-mover",
            I::FullBoard => "validity-case-full-board",
            I::NoMover => "validity-case-no-mover",
            I::TooFewRows => "validity-case-too-few-rows",
            I::BadSize => "validity-case-bad-size",
        }),
        C::Lowercase => crate::tr!("validity-case-lowercase"),
    }
}

/// Why a validity test case failed, in the reader's language (a move's broken rule as the
/// errors of a move typed by hand say it).
fn why_text(why: validity::Why) -> String {
    use validity::Why as W;
    match why {
        W::ExpectedError { got: Some(got) } => crate::tr!("validity-why-expected-error", got = got),
        W::ExpectedError { got: None } => crate::tr!("validity-why-expected-error-nothing"),
        W::BadCase { detail } => crate::tr!("validity-why-bad-case", detail = detail),
        W::ErrorOnValid => crate::tr!("validity-why-error-on-valid"),
        W::NoBoard => crate::tr!("validity-why-no-board"),
        W::NotABoard { .. } => crate::tr!("validity-why-not-a-board"),
        W::Illegal(rule) => crate::tr!("validity-why-illegal", detail = one_two_three_rule(rule)),
        W::NotStarted { detail } => crate::tr!("validity-why-not-started", detail = detail),
        W::Cpu { ms } => crate::tr!("validity-why-cpu", ms = ms),
        W::StillRunning { ms } => crate::tr!("validity-why-still-running", ms = ms),
        W::Memory { mib } => crate::tr!("validity-why-memory", mib = mib),
        W::OverTime { cpu: true, ms, limit_ms } => {
            crate::tr!("validity-why-over-time-cpu", ms = ms, limit = limit_ms)
        }
        W::OverTime { cpu: false, ms, limit_ms } => {
            crate::tr!("validity-why-over-time", ms = ms, limit = limit_ms)
        }
    }
}

async fn one(State(state): State<AppState>, who: PageUser, Path(id): Path<String>) -> PageResult {
    let id: SubmissionId = id.parse().map_err(|_| AppError::not_found("submission"))?;
    let mut conn = state.pool.acquire().await?;
    let s = submissions::by_id(&mut conn, id).await?.ok_or_else(|| AppError::not_found("submission"))?;
    if s.user_id != who.user.id && !who.user.is_admin() {
        return Err(AppError::forbidden(crate::tr!("error-not-your-submission-page")).into());
    }
    let (slug, title) = contests::slug_and_title(&mut conn, s.contest_id).await?;
    let test_menu = if s.user_id == who.user.id && s.status == Status::Ready {
        let contest = contest_or_404(&state, &slug).await?;
        Some(opponent_menu(&mut conn, &contest, who.user.id).await?)
    } else {
        None
    };
    let progress = if matches!(s.status, Status::Ready | Status::Superseded | Status::Disqualified) {
        Some(crate::db::games::progress(&mut conn, s.id).await?)
    } else {
        None
    };
    let owner = if who.user.is_admin() { crate::db::users::by_id(&mut conn, s.user_id).await? } else { None };
    drop(conn);
    Ok(render(&OnePage {
        owner,
        progress,
        test_menu,
        nav: who.nav().await?,
        id: s.id,
        slug,
        title,
        language: state.language_name(&s.language),
        pending: matches!(s.status, Status::Queued | Status::Compiling),
        status: s.status,
        created: when(&s.created_at),
        compile_log: s.compile_log,
        source: String::from_utf8_lossy(&s.source).into_owned(),
        validity: s.validity.as_ref().map(validity_view),
    }))
}

/// Why `l` cannot be used on this server, in the reader's language (see
/// `judge::languages::Language::unavailable`, the same in English for logs and the command line).
fn unavailable_text(l: &crate::judge::languages::Language) -> Option<String> {
    let missing = l.missing.as_deref()?;
    let program = std::path::Path::new(missing).file_name().map_or(missing.into(), |p| p.to_string_lossy());
    Some(match &l.package {
        Some(package) => {
            crate::tr!("contest-language-missing-package", program = &*program, package = package.as_str())
        }
        None => crate::tr!("contest-language-missing", program = &*program),
    })
}
