//! Running a contest, for admins: its settings (with the audit history), rejudging, disqualifying
//! a submission, freezing the standings and exporting them as CSV, and the status of the queues
//! and workers. The pages (session, CSRF) and `/api` (token) are two faces of the functions
//! below, so both validate and audit the same way.

use super::api_types::{
    self, Counts, Disqualified, ErrorBody, FrozenScoreboard, QueueView, QueuedGame, WorkerView,
};
use super::auth::{check_csrf, ApiUser, PageUser};
use super::contests::contest_or_404;
use super::error::{AppError, PageResult, Result};
use super::input::{Form, FormPairs, Path};
use super::{render, rfc3339, when, AppState, Nav};
use crate::db::contests::{self, Contest, FieldError, NewContest};
use crate::db::games::{self, GameStatus};
use crate::db::ids::SubmissionId;
use crate::db::scoreboard::ScoreRow;
use crate::db::submissions::{self, Status};
use crate::db::users::User;
use crate::db::workers::QueueState;
use crate::db::{self, audit, users};
use crate::games::settings;
use crate::games::GameId;
use crate::service::{rejudge, scoreboard};
use askama::Template;
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Redirect};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Map, Value};

/// The pages, under `/admin`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/contests/{slug}/settings", get(settings_page).post(save_settings_form))
        .route("/admin/contests/{slug}/rejudge", post(rejudge_form))
        .route("/admin/contests/{slug}/freeze", post(freeze_form))
        .route("/admin/contests/{slug}/unfreeze", post(unfreeze_form))
        .route("/admin/contests/{slug}/standings.csv", get(standings_csv))
        .route("/admin/submissions/{id}/disqualify", post(disqualify_form))
        .route("/admin/status", get(status_page))
}

/// The JSON face, nested under `/api`.
pub fn api_router() -> Router<AppState> {
    Router::new()
        .route("/contests/{slug}/rejudge", post(rejudge_api))
        .route("/contests/{slug}/freeze", post(freeze_api))
        .route("/contests/{slug}/unfreeze", post(unfreeze_api))
        .route("/submissions/{id}/disqualify", post(disqualify_api))
        .route("/queue", get(queue_api))
}

/// The audit log target of everything done to a contest (and its submissions), so that its
/// history is one query.
fn target(slug: &str) -> String {
    format!("contest {slug}")
}

fn api_admin(user: &User) -> Result<()> {
    if user.is_admin() {
        Ok(())
    } else {
        Err(AppError::forbidden("Only admins may do this."))
    }
}

// ---- settings ----

/// A contest's settings by name as text: `title`, `deadline` (RFC 3339, empty for none), then
/// every `K=V` of [`contests::assignments`] (game settings and limits).
fn setting_values(c: &Contest) -> Vec<(String, String)> {
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
fn validate(
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

/// Changes settings of a contest, for the settings page and `PATCH /api/contests/{slug}/settings`:
/// validated as a whole, stored, and the changed values (only those) recorded in one audit entry.
/// The inner `Err` holds the invalid fields.
pub async fn change_settings(
    state: &AppState,
    actor: &User,
    slug: &str,
    changes: &[(String, String)],
) -> Result<Result<Vec<Change>, Vec<FieldError>>> {
    let mut tx = state.pool.begin().await?;
    let id = contests::by_slug(&mut tx, slug).await?.ok_or_else(|| AppError::not_found("contest"))?.id;
    // Two admins saving at once: the second validates on top of the first's change.
    games::lock_contest(&mut tx, id).await?;
    let c = contests::by_slug(&mut tx, slug).await?.ok_or_else(|| AppError::not_found("contest"))?;
    let new = match validate(&c, changes, &state.language_ids()) {
        Ok(new) => new,
        Err(errors) => return Ok(Err(errors)),
    };
    contests::update(&mut tx, c.id, &new).await?;
    crate::service::house::sync(&mut tx, c.id).await?;
    let after = contests::by_slug(&mut tx, slug).await?.ok_or_else(|| AppError::not_found("contest"))?;
    let changed = diff(&setting_values(&c), &setting_values(&after));
    if !changed.is_empty() {
        let text = |v: &str| if v.is_empty() { Value::Null } else { Value::String(v.to_string()) };
        let old: Map<String, Value> = changed.iter().map(|ch| (ch.name.clone(), text(&ch.old))).collect();
        let new: Map<String, Value> = changed.iter().map(|ch| (ch.name.clone(), text(&ch.new))).collect();
        audit::record(
            &mut tx,
            Some(actor.id),
            "contest.settings",
            &target(slug),
            Some(old.into()),
            Some(new.into()),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(Ok(changed))
}

/// A row of the settings form.
struct Field {
    name: String,
    value: String,
    default: String,
    help: String,
}

/// One changed value of an audit entry, as the history table shows it.
struct HistoryLine {
    who: String,
    at: String,
    action: String,
    setting: String,
    old: String,
    new: String,
}

#[derive(Template)]
#[template(path = "admin/contest_settings.html")]
struct SettingsPage {
    nav: Nav,
    slug: String,
    title: String,
    game: String,
    frozen: Option<String>,
    refresh_s: i32,
    notice: Option<String>,
    fields: Vec<Field>,
    errors: Vec<FieldError>,
    history: Vec<HistoryLine>,
}

/// The form's rows: title and deadline, every setting of the game (with its default), every
/// platform setting of [`contests::LIMITS`]; values from `values` (stored, or as sent back).
fn fields(game: GameId, values: &[(String, String)]) -> Vec<Field> {
    let value =
        |name: &str| values.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()).unwrap_or_default();
    let mut out = vec![
        Field {
            name: "title".into(),
            value: value("title"),
            default: String::new(),
            help: "shown on the contest's pages".into(),
        },
        Field {
            name: "deadline".into(),
            value: value("deadline"),
            default: "none".into(),
            help: "UTC, e.g. 2026-12-31T23:59:00Z; empty for none; no submissions after it".into(),
        },
    ];
    for d in settings::defs(game) {
        out.push(Field {
            name: d.name.into(),
            value: value(d.name),
            default: d.default.into(),
            help: d.help.into(),
        });
    }
    for (name, help) in contests::LIMITS {
        out.push(Field {
            name: (*name).into(),
            value: value(name),
            default: String::new(),
            help: (*help).into(),
        });
    }
    out
}

fn shown(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => "—".into(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    }
}

fn history_lines(entries: Vec<audit::Entry>) -> Vec<HistoryLine> {
    let mut out = Vec::new();
    for e in entries {
        let keys = |v: &Option<Value>| {
            v.as_ref().and_then(Value::as_object).map(|m| m.keys().cloned().collect::<Vec<_>>())
        };
        let mut names = keys(&e.old_value).unwrap_or_default();
        for k in keys(&e.new_value).unwrap_or_default() {
            if !names.contains(&k) {
                names.push(k);
            }
        }
        if names.is_empty() {
            names.push(String::new());
        }
        for name in names {
            out.push(HistoryLine {
                who: e.actor.clone().unwrap_or_else(|| "(deleted user)".into()),
                at: when(&e.at),
                action: e.action.clone(),
                old: shown(e.old_value.as_ref().and_then(|v| v.get(&name))),
                new: shown(e.new_value.as_ref().and_then(|v| v.get(&name))),
                setting: name,
            });
        }
    }
    out
}

async fn settings_view(state: &AppState, who: &PageUser, c: &Contest) -> Result<SettingsPage> {
    let game = c.game;
    let mut conn = state.pool.acquire().await?;
    let history = history_lines(audit::history(&mut conn, &target(&c.slug), 500).await?);
    let frozen = db::scoreboard::frozen_at(&mut conn, c.id).await?;
    Ok(SettingsPage {
        nav: who.nav().await?,
        slug: c.slug.clone(),
        title: c.title.clone(),
        game: c.game.to_string(),
        frozen: frozen.as_ref().map(when),
        refresh_s: c.scoreboard_refresh_s,
        notice: None,
        fields: fields(game, &setting_values(c)),
        errors: vec![],
        history,
    })
}

/// What the last action did, shown above the form after its redirect.
#[derive(Deserialize, Default)]
struct Done {
    saved: Option<usize>,
    rejudged: Option<usize>,
    frozen: Option<u8>,
    unfrozen: Option<u8>,
}

impl Done {
    fn notice(&self) -> Option<String> {
        if let Some(n) = self.saved {
            Some(format!("Saved: {n} setting(s) changed. They apply to games scheduled from now on."))
        } else if let Some(n) = self.rejudged {
            Some(format!("Rejudge: {n} match(es) queued again under the current settings."))
        } else if self.frozen.is_some() {
            Some("The standings are frozen.".into())
        } else if self.unfrozen.is_some() {
            Some("The standings are no longer frozen and were recomputed.".into())
        } else {
            None
        }
    }
}

async fn settings_page(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
    Query(done): Query<Done>,
) -> PageResult {
    who.require_admin()?;
    let c = contest_or_404(&state, &slug).await?;
    let mut page = settings_view(&state, &who, &c).await?;
    page.notice = done.notice();
    Ok(render(&page))
}

async fn save_settings_form(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
    FormPairs(form): FormPairs,
) -> PageResult {
    who.require_admin()?;
    let csrf = form.iter().find(|(k, _)| k == "csrf").map(|(_, v)| v.as_str()).unwrap_or_default();
    check_csrf(&who.session, csrf).await?;
    let changes: Vec<(String, String)> =
        form.iter().filter(|(k, _)| k != "csrf").map(|(k, v)| (k.clone(), v.trim().to_string())).collect();
    match change_settings(&state, &who.user, &slug, &changes).await? {
        Ok(changed) => {
            Ok(Redirect::to(&format!("/admin/contests/{slug}/settings?saved={}", changed.len()))
                .into_response())
        }
        Err(errors) => {
            let c = contest_or_404(&state, &slug).await?;
            let mut page = settings_view(&state, &who, &c).await?;
            let game = c.game;
            let mut values = setting_values(&c);
            values.retain(|(k, _)| !changes.iter().any(|(n, _)| n == k));
            values.extend(changes);
            page.fields = fields(game, &values);
            page.errors = errors;
            Ok((axum::http::StatusCode::BAD_REQUEST, render(&page)).into_response())
        }
    }
}

// ---- rejudge, freeze, disqualify ----

/// Replays every current match under the current settings (see [`rejudge::rejudge`]) and
/// unfreezes the standings so that the replays count; audited.
pub async fn rejudge_contest(state: &AppState, actor: &User, c: &Contest) -> Result<rejudge::Rejudged> {
    let mut tx = state.pool.begin().await?;
    let done = rejudge::rejudge(&mut tx, c.id).await?;
    let was_frozen = db::scoreboard::frozen_at(&mut tx, c.id).await?.is_some();
    db::scoreboard::set_frozen(&mut tx, c.id, false).await?;
    audit::record(
        &mut tx,
        Some(actor.id),
        "contest.rejudge",
        &target(&c.slug),
        Some(json!({"frozen": was_frozen})),
        Some(json!({"matches": done.matches, "games": done.games, "frozen": false})),
    )
    .await?;
    tx.commit().await?;
    Ok(done)
}

/// Freezes the standings now (computing the final snapshot) or unfreezes them; audited.
pub async fn set_freeze(
    state: &AppState,
    actor: &User,
    c: &Contest,
    freeze: bool,
) -> Result<FrozenScoreboard> {
    let mut tx = state.pool.begin().await?;
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
        &target(&c.slug),
        Some(json!({"frozen": was})),
        Some(json!({"frozen": freeze})),
    )
    .await?;
    tx.commit().await?;
    Ok(FrozenScoreboard { frozen: freeze, scoreboard: api_types::Scoreboard { computed_at: at, rows } })
}

/// Disqualifies a submission: its queued games are cancelled, its matches leave the standings
/// (the snapshot is recomputed unless frozen), and the user is out until they submit again;
/// audited on the contest. Returns the contest's slug.
pub async fn disqualify(state: &AppState, actor: &User, id: SubmissionId) -> Result<String> {
    let mut tx = state.pool.begin().await?;
    let sub = submissions::by_id(&mut tx, id).await?.ok_or_else(|| AppError::not_found("submission"))?;
    games::lock_contest(&mut tx, sub.contest_id).await?;
    let Some((contest_id, old)) = submissions::disqualify(&mut tx, id).await? else {
        return Err(AppError::Conflict {
            code: "already_disqualified",
            message: "This submission is already disqualified.".into(),
        });
    };
    games::cancel_stale(&mut tx, contest_id).await?;
    let (slug, _) = contests::slug_and_title(&mut tx, contest_id).await?;
    let owner = users::by_id(&mut tx, sub.user_id).await?.map(|u| u.username).unwrap_or_default();
    audit::record(
        &mut tx,
        Some(actor.id),
        "submission.disqualify",
        &target(&slug),
        Some(json!({"submission": id, "user": owner, "status": old.as_str()})),
        Some(json!({"submission": id, "user": owner, "status": Status::Disqualified.as_str()})),
    )
    .await?;
    tx.commit().await?;
    scoreboard::refresh(&mut *state.pool.acquire().await?, contest_id).await?;
    Ok(slug)
}

#[derive(Deserialize)]
struct CsrfForm {
    #[serde(default)]
    csrf: String,
}

/// The checks of every admin form post.
async fn admin_post(who: &PageUser, form: &CsrfForm) -> Result<()> {
    who.require_admin()?;
    check_csrf(&who.session, &form.csrf).await
}

async fn rejudge_form(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
    Form(form): Form<CsrfForm>,
) -> PageResult {
    admin_post(&who, &form).await?;
    let c = contest_or_404(&state, &slug).await?;
    let done = rejudge_contest(&state, &who.user, &c).await?;
    Ok(Redirect::to(&format!("/admin/contests/{slug}/settings?rejudged={}", done.matches)).into_response())
}

async fn freeze_form(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
    Form(form): Form<CsrfForm>,
) -> PageResult {
    admin_post(&who, &form).await?;
    set_freeze(&state, &who.user, &contest_or_404(&state, &slug).await?, true).await?;
    Ok(Redirect::to(&format!("/admin/contests/{slug}/settings?frozen=1")).into_response())
}

async fn unfreeze_form(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
    Form(form): Form<CsrfForm>,
) -> PageResult {
    admin_post(&who, &form).await?;
    set_freeze(&state, &who.user, &contest_or_404(&state, &slug).await?, false).await?;
    Ok(Redirect::to(&format!("/admin/contests/{slug}/settings?unfrozen=1")).into_response())
}

fn submission_id(id: &str) -> Result<SubmissionId> {
    id.parse().map_err(|_| AppError::not_found("submission"))
}

async fn disqualify_form(
    State(state): State<AppState>,
    who: PageUser,
    Path(id): Path<String>,
    Form(form): Form<CsrfForm>,
) -> PageResult {
    admin_post(&who, &form).await?;
    let id = submission_id(&id)?;
    disqualify(&state, &who.user, id).await?;
    Ok(Redirect::to(&format!("/submissions/{id}")).into_response())
}

/// Replays every current match under the current settings, and unfreezes the standings.
#[utoipa::path(post, path = "/api/contests/{slug}/rejudge", tag = "admin",
    params(("slug" = String, Path, description = "the contest")),
    responses((status = 200, body = api_types::Rejudged), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn rejudge_api(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
) -> Result<Json<api_types::Rejudged>> {
    api_admin(&user)?;
    let done = rejudge_contest(&state, &user, &contest_or_404(&state, &slug).await?).await?;
    Ok(Json(api_types::Rejudged { matches: done.matches, games: done.games }))
}

/// Freezes the standings, computing them a last time.
#[utoipa::path(post, path = "/api/contests/{slug}/freeze", tag = "admin",
    params(("slug" = String, Path, description = "the contest")),
    responses((status = 200, body = FrozenScoreboard), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn freeze_api(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
) -> Result<Json<FrozenScoreboard>> {
    api_admin(&user)?;
    Ok(Json(set_freeze(&state, &user, &contest_or_404(&state, &slug).await?, true).await?))
}

/// Lets the standings be recomputed again.
#[utoipa::path(post, path = "/api/contests/{slug}/unfreeze", tag = "admin",
    params(("slug" = String, Path, description = "the contest")),
    responses((status = 200, body = FrozenScoreboard), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn unfreeze_api(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
) -> Result<Json<FrozenScoreboard>> {
    api_admin(&user)?;
    Ok(Json(set_freeze(&state, &user, &contest_or_404(&state, &slug).await?, false).await?))
}

/// Disqualifies a submission: its queued games are cancelled and its matches leave the standings.
#[utoipa::path(post, path = "/api/submissions/{id}/disqualify", tag = "admin",
    params(("id" = i64, Path, description = "the submission")),
    responses((status = 200, body = Disqualified), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, description = "`already_disqualified`", body = ErrorBody)))]
pub(super) async fn disqualify_api(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
) -> Result<Json<Disqualified>> {
    api_admin(&user)?;
    let id = submission_id(&id)?;
    let contest = disqualify(&state, &user, id).await?;
    Ok(Json(Disqualified { id, contest, status: Status::Disqualified }))
}

// ---- standings CSV ----

/// One CSV field, written by the csv crate: quoted when it holds a comma, a quote or a line break
/// (RFC 4180), and also when it has edge spaces, which some spreadsheets drop from bare fields.
fn csv_field(f: &str) -> String {
    if f.is_empty() {
        // A record of one empty field is written `""`; an empty field among others is bare.
        return String::new();
    }
    let style = if f.trim() != f { csv::QuoteStyle::Always } else { csv::QuoteStyle::Necessary };
    let mut out = csv::WriterBuilder::new().quote_style(style).from_writer(Vec::new());
    // Written as a one-field record, so the closing quote is out, then the `\n` dropped. Writing
    // to memory cannot fail, and the crate only adds ASCII quotes to UTF-8 text.
    let mut bytes = out.write_record([f]).ok().and_then(|()| out.into_inner().ok()).unwrap_or_default();
    bytes.pop();
    String::from_utf8(bytes).unwrap_or_default()
}

/// A name users chose, made inert for spreadsheets: a leading `=`, `+`, `-`, `@` or tab would make
/// Excel or LibreOffice read the cell as a formula (CSV injection), so such a name gets a `'` first.
fn inert(name: &str) -> String {
    if name.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{name}")
    } else {
        name.to_string()
    }
}

const CSV_HEADER: [&str; 14] = [
    "rank",
    "nickname",
    "username",
    "display_name",
    "points",
    "matches_won",
    "matches_drawn",
    "matches_lost",
    "games_won",
    "games_drawn",
    "games_lost",
    "language",
    "submission_id",
    "submitted_at",
];

/// The standings as CSV from snapshot rows (house bots left out), with each entrant's username
/// and display name from `owners` (submission id, username, display name).
pub fn standings_csv_text(rows: &[ScoreRow], owners: &[(SubmissionId, String, Option<String>)]) -> String {
    let mut out = CSV_HEADER.join(",") + "\r\n";
    for r in rows.iter().filter(|r| !r.house) {
        let sub = r.submission_id.unwrap_or(SubmissionId(0));
        let owner = owners.iter().find(|o| o.0 == sub);
        let fields = [
            r.rank.to_string(),
            inert(&r.nickname),
            owner.map(|o| inert(&o.1)).unwrap_or_default(),
            owner.and_then(|o| o.2.as_deref().map(inert)).unwrap_or_default(),
            r.points.to_string(),
            r.matches.won.to_string(),
            r.matches.drawn.to_string(),
            r.matches.lost.to_string(),
            r.games.won.to_string(),
            r.games.drawn.to_string(),
            r.games.lost.to_string(),
            r.language.clone(),
            sub.to_string(),
            rfc3339(&r.submitted_at),
        ];
        out += &fields.iter().map(|f| csv_field(f)).collect::<Vec<_>>().join(",");
        out += "\r\n";
    }
    out
}

/// The stored snapshot (the final one once frozen) as a CSV download.
async fn standings_csv(State(state): State<AppState>, who: PageUser, Path(slug): Path<String>) -> PageResult {
    who.require_admin()?;
    let c = contest_or_404(&state, &slug).await?;
    let (_, rows) = super::judging::snapshot(&state, c.id).await?;
    let ids: Vec<SubmissionId> = rows.iter().filter_map(|r| r.submission_id).collect();
    let mut conn = state.pool.acquire().await?;
    let owners = submissions::owners(&mut conn, &ids).await?;
    let body = standings_csv_text(&rows, &owners);
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{slug}-standings.csv\"")),
        ],
        body,
    )
        .into_response())
}

// ---- status ----

impl Counts {
    fn compile(q: &QueueState) -> Counts {
        let n = |s: Status| q.compile.iter().find(|r| r.0 == s).map_or(0, |r| r.1);
        Counts {
            queued: n(Status::Queued),
            running: n(Status::Compiling),
            done: n(Status::Ready) + n(Status::Superseded) + n(Status::Disqualified),
            failed: n(Status::CompileError),
            cancelled: 0,
        }
    }

    fn games(q: &QueueState) -> Counts {
        let n = |s: GameStatus| q.counts.iter().find(|r| r.0 == s).map_or(0, |r| r.1);
        Counts {
            queued: n(GameStatus::Queued),
            running: n(GameStatus::Running),
            done: n(GameStatus::Done),
            failed: n(GameStatus::Failed),
            cancelled: n(GameStatus::Cancelled),
        }
    }
}

#[derive(Template)]
#[template(path = "admin/status.html")]
struct StatusPage {
    nav: Nav,
    compile: Counts,
    games: Counts,
    state: QueueState,
}

impl StatusPage {
    fn at(&self, t: &Option<time::OffsetDateTime>) -> String {
        t.as_ref().map_or_else(|| "—".into(), when_s)
    }
    fn seen(&self, t: &time::OffsetDateTime) -> String {
        when_s(t)
    }
}

/// A time to the second, as the status page needs for heartbeats and leases.
fn when_s(t: &time::OffsetDateTime) -> String {
    let f = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute]:[second] UTC");
    t.to_offset(time::UtcOffset::UTC).format(&f).unwrap_or_default()
}

async fn status_page(State(state): State<AppState>, who: PageUser) -> PageResult {
    who.require_admin()?;
    let q = db::workers::queue_state(&mut *state.pool.acquire().await?).await?;
    Ok(render(&StatusPage {
        nav: who.nav().await?,
        compile: Counts::compile(&q),
        games: Counts::games(&q),
        state: q,
    }))
}

/// `GET /api/queue`: the status page as JSON.
#[utoipa::path(get, path = "/api/queue", tag = "admin",
    responses((status = 200, body = QueueView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub(super) async fn queue_api(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
) -> Result<Json<QueueView>> {
    if !user.is_admin() {
        return Err(AppError::forbidden("Only admins see the queue."));
    }
    let q = db::workers::queue_state(&mut *state.pool.acquire().await?).await?;
    let game = |g: &db::workers::GameRow| QueuedGame {
        id: g.id,
        contest: g.contest.clone(),
        players: g.players.clone(),
        worker: g.worker.clone(),
        attempts: g.attempts,
        started_at: g.started_at,
        lease_until: g.lease_until,
        failure: g.failure.clone(),
    };
    Ok(Json(QueueView {
        compile: Counts::compile(&q),
        games: Counts::games(&q),
        running: q.running.iter().map(game).collect(),
        failed: q.failed.iter().map(game).collect(),
        workers: q
            .workers
            .iter()
            .map(|w| WorkerView {
                id: w.id.clone(),
                last_heartbeat: w.last_seen,
                running: w.games,
                stale: w.stale,
            })
            .collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_only_when_needed() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
        assert_eq!(csv_field(" edge"), "\" edge\"");
        assert_eq!(csv_field(""), "");
        assert_eq!(csv_field("cr\rlf"), "\"cr\rlf\"");
        assert_eq!(csv_field("back\\slash#hash;semi\ttab'"), "back\\slash#hash;semi\ttab'");
        assert_eq!(csv_field("'=1,\"2\""), "\"'=1,\"\"2\"\"\"");
    }

    #[test]
    fn names_that_a_spreadsheet_would_run_as_formulas_are_made_inert() {
        assert_eq!(inert("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(inert("@sum"), "'@sum");
        assert_eq!(inert("-1"), "'-1");
        assert_eq!(inert("alice"), "alice");
    }

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
