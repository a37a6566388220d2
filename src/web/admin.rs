//! Admin pages: creating a contest. (The users page is [`super::admin_users`], running a contest
//! [`super::admin_contest`].)

use super::error::{AppError, PageResult};
use super::extract::{check_csrf, PageUser};
use super::field_errors;
use super::input::FormPairs;
use super::render::{render, Nav};
use super::state::AppState;
use crate::db::contests::{self, FieldError, FieldProblem, NewContest};
use crate::games::settings;
use crate::games::GameId;
use crate::locale::Locale;
use crate::service;
use crate::web::i18n::filters;
use crate::web::setting_help::setting_help;
use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect};
use axum::routing::get;
use axum::Router;

pub fn router() -> Router<AppState> {
    Router::new().route("/admin/contests/new", get(new_contest_page).post(create_contest))
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
    /// The `time_zone` and `language` fields (empty: the server's).
    time_zone: String,
    language: String,
    settings: String,
    games: Vec<GameOption>,
    languages: Vec<LanguageBox>,
    /// The platform's settings and what each does.
    limits: Vec<(&'static str, String)>,
    errors: Vec<FieldError>,
}

impl NewContestPage {
    fn error(&self, field: &str) -> String {
        self.errors
            .iter()
            .filter(|e| e.field == field)
            .map(|e| field_errors::problem(&e.problem))
            .collect::<Vec<_>>()
            .join(" ")
    }
    /// Errors about individual limits (`submit_interval_s`, …) shown with the settings field.
    fn settings_error(&self) -> String {
        self.errors
            .iter()
            .filter(|e| !OWN_FIELDS.contains(&e.field.as_str()))
            .map(field_errors::field_error)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The languages a contest's pages may default to: tag, name, whether chosen.
    fn locales(&self) -> Vec<(&'static str, &'static str, bool)> {
        Locale::OFFERED.iter().map(|l| (l.tag(), l.native_name(), l.tag() == self.language)).collect()
    }

    fn time_zones(&self) -> Vec<String> {
        crate::locale::time_zone_names()
    }
}

/// The fields of the form that show their own errors (the others' go with the settings).
const OWN_FIELDS: [&str; 7] = ["slug", "game", "title", "deadline", "languages", "time_zone", "language"];

fn new_contest(state: &AppState, nav: Nav, game: &str, langs: Option<&[String]>) -> NewContestPage {
    NewContestPage {
        nav,
        slug: String::new(),
        title: String::new(),
        deadline: String::new(),
        time_zone: String::new(),
        language: String::new(),
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
        limits: contests::LIMITS
            .iter()
            .map(|(n, _)| *n)
            .filter(|n| !["languages", "time_zone", "language"].contains(n))
            .map(|n| (n, setting_help(None, n)))
            .chain([("time_factor.LANGUAGE", setting_help(None, "time_factor"))])
            .collect(),
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
    let (time_zone, language) = (get("time_zone").trim().to_string(), get("language").trim().to_string());
    // The fields, when filled, over the same settings written in the text.
    for (name, value) in [("time_zone", &time_zone), ("language", &language)] {
        if !value.is_empty() {
            assignments.push(format!("{name}={value}"));
        }
    }
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
        Ok(c) => match service::contests::create(&state.pool, Some(who.user.id), &c).await? {
            Some(_) => return Ok(Redirect::to(&format!("/contests/{}", c.slug)).into_response()),
            None => {
                vec![FieldError { field: "slug".into(), problem: FieldProblem::SlugTaken }]
            }
        },
        Err(errors) => errors,
    };
    let mut page = new_contest(&state, who.nav().await?, &game, Some(&langs));
    page.slug = slug;
    page.title = title;
    page.deadline = deadline;
    page.time_zone = time_zone;
    page.language = language;
    page.settings = get("settings");
    page.errors = errors;
    Ok((StatusCode::BAD_REQUEST, render(&page)).into_response())
}

impl From<FieldError> for AppError {
    fn from(e: FieldError) -> Self {
        AppError::bad(
            "invalid_setting",
            crate::tr!("error-invalid-settings", detail = field_errors::field_error(&e)),
        )
    }
}
