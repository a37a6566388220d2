//! Admin pages: importing the roster, resetting a password (both in `service::accounts`, shared
//! with `botarena users import`), and creating a contest.

use super::auth::{check_csrf, PageUser};
use super::error::{AppError, PageResult};
use super::input::{Form, FormPairs};
use super::{render, AppState, Nav};
use crate::db::contests::{self, FieldError, NewContest};
use crate::games::settings;
use crate::games::GameId;
use crate::service::accounts;
use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;
use serde_json::json;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/users", get(users_page).post(import_users))
        .route("/admin/users/reset-password", axum::routing::post(reset_password))
        .route("/admin/contests/new", get(new_contest_page).post(create_contest))
}

#[derive(Template)]
#[template(path = "admin/users.html")]
struct UsersPage {
    nav: Nav,
    csv: String,
    csv_error: Option<String>,
    created: Vec<String>,
    existing: Vec<String>,
    errors: Vec<(usize, String)>,
    done: bool,
    /// The outcome of a password reset: `Ok(username)` or why it failed.
    reset: Option<Result<String, String>>,
}

impl UsersPage {
    fn new(nav: Nav) -> Self {
        UsersPage {
            nav,
            csv: String::new(),
            csv_error: None,
            created: vec![],
            existing: vec![],
            errors: vec![],
            done: false,
            reset: None,
        }
    }
}

async fn users_page(who: PageUser) -> PageResult {
    who.require_admin()?;
    Ok(render(&UsersPage::new(who.nav().await?)))
}

#[derive(Deserialize)]
struct ImportForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    csv: String,
}

async fn import_users(
    State(state): State<AppState>,
    who: PageUser,
    Form(form): Form<ImportForm>,
) -> PageResult {
    who.require_admin()?;
    check_csrf(&who.session, &form.csrf).await?;
    let mut page = UsersPage::new(who.nav().await?);
    if form.csv.trim().is_empty() {
        page.csv_error = Some("Paste the roster: one `username[,display name]` per line.".into());
        return Ok((StatusCode::BAD_REQUEST, render(&page)).into_response());
    }
    let report = accounts::import_roster(&state.pool, &form.csv).await?;
    crate::db::audit::record(
        &mut *state.pool.acquire().await?,
        Some(who.user.id),
        "users.import",
        "users",
        None,
        Some(json!({"created": report.created})),
    )
    .await?;
    page.done = true;
    if !report.errors.is_empty() {
        page.csv = form.csv;
        page.csv_error = Some("Some lines were not imported; see below.".into());
    }
    page.created = report.created;
    page.existing = report.existing;
    page.errors = report.errors;
    Ok(render(&page))
}

#[derive(Deserialize)]
struct ResetForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    username: String,
}

/// Resets a forgotten password to the username, as at import: the user must choose a new one
/// (and may keep their nickname) at the next login. Their login throttle is lifted too.
async fn reset_password(
    State(state): State<AppState>,
    who: PageUser,
    Form(form): Form<ResetForm>,
) -> PageResult {
    who.require_admin()?;
    check_csrf(&who.session, &form.csrf).await?;
    let mut page = UsersPage::new(who.nav().await?);
    let username = form.username.trim();
    if !accounts::reset_password(&state.pool, &who.user, username).await? {
        page.reset = Some(Err(format!("There is no user `{username}`.")));
        return Ok((StatusCode::NOT_FOUND, render(&page)).into_response());
    }
    page.reset = Some(Ok(username.to_string()));
    Ok(render(&page))
}

struct GameOption {
    id: &'static str,
    selected: bool,
    help: String,
}

struct LanguageBox {
    id: String,
    name: String,
    checked: bool,
}

#[derive(Template)]
#[template(path = "admin/new_contest.html")]
struct NewContestPage {
    nav: Nav,
    slug: String,
    title: String,
    deadline: String,
    settings: String,
    games: Vec<GameOption>,
    languages: Vec<LanguageBox>,
    limits: Vec<(&'static str, &'static str)>,
    errors: Vec<FieldError>,
}

impl NewContestPage {
    fn error(&self, field: &str) -> String {
        self.errors
            .iter()
            .filter(|e| e.field == field)
            .map(|e| e.message.clone())
            .collect::<Vec<_>>()
            .join(" ")
    }
    /// Errors about individual limits (`submit_interval_s`, …) shown with the settings field.
    fn settings_error(&self) -> String {
        self.errors
            .iter()
            .filter(|e| !["slug", "game", "title", "deadline", "languages"].contains(&e.field.as_str()))
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn new_contest(state: &AppState, nav: Nav, game: &str, langs: Option<&[String]>) -> NewContestPage {
    NewContestPage {
        nav,
        slug: String::new(),
        title: String::new(),
        deadline: String::new(),
        settings: String::new(),
        games: GameId::ALL
            .into_iter()
            .map(|g| GameOption {
                id: g.as_str(),
                selected: g.as_str() == game,
                help: settings::defs(g)
                    .iter()
                    .map(|d| format!("{}={}", d.name, d.default))
                    .collect::<Vec<_>>()
                    .join(" "),
            })
            .collect(),
        languages: state
            .languages
            .all()
            .iter()
            .map(|l| LanguageBox {
                id: l.id.clone(),
                name: l.name.clone(),
                checked: langs.is_none_or(|ls| ls.contains(&l.id)),
            })
            .collect(),
        limits: contests::LIMITS.iter().filter(|(n, _)| *n != "languages").copied().collect(),
        errors: vec![],
    }
}

async fn new_contest_page(State(state): State<AppState>, who: PageUser) -> PageResult {
    who.require_admin()?;
    Ok(render(&new_contest(&state, who.nav().await?, "", None)))
}

async fn create_contest(
    State(state): State<AppState>,
    who: PageUser,
    FormPairs(pairs): FormPairs,
) -> PageResult {
    who.require_admin()?;
    // As pairs: the language checkboxes repeat one name, which serde's form parser cannot collect.
    let get = |k: &str| pairs.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()).unwrap_or_default();
    check_csrf(&who.session, &get("csrf")).await?;
    let langs: Vec<String> = pairs.iter().filter(|(n, _)| n == "languages").map(|(_, v)| v.clone()).collect();
    let mut assignments: Vec<String> = get("settings").lines().map(str::to_string).collect();
    assignments.push(format!("languages={}", langs.join(",")));
    let (slug, game, title, deadline) = (get("slug"), get("game"), get("title"), get("deadline"));
    let built = NewContest::build(
        &slug,
        &game,
        Some(title.as_str()),
        Some(deadline.as_str()),
        &assignments,
        &state.language_ids(),
    );
    let errors = match built {
        Ok(c) => {
            let mut tx = state.pool.begin().await?;
            match contests::create(&mut tx, &c).await? {
                Some(id) => {
                    crate::service::house::sync(&mut tx, id).await?;
                    crate::db::audit::record(
                        &mut tx,
                        Some(who.user.id),
                        "contest.create",
                        &format!("contest {}", c.slug),
                        None,
                        Some(json!({"id": id, "game": c.game.as_str(), "settings": c.settings, "languages": c.languages})),
                    )
                    .await?;
                    tx.commit().await?;
                    return Ok(Redirect::to(&format!("/contests/{}", c.slug)).into_response());
                }
                None => vec![FieldError {
                    field: "slug".into(),
                    message: "A contest with this slug exists.".into(),
                }],
            }
        }
        Err(errors) => errors,
    };
    let mut page = new_contest(&state, who.nav().await?, &game, Some(&langs));
    page.slug = slug;
    page.title = title;
    page.deadline = deadline;
    page.settings = get("settings");
    page.errors = errors;
    Ok((StatusCode::BAD_REQUEST, render(&page)).into_response())
}

impl From<FieldError> for AppError {
    fn from(e: FieldError) -> Self {
        AppError::bad("invalid_setting", e.to_string())
    }
}
