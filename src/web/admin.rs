//! Admin pages: importing the roster and creating a contest. The roster import is shared with
//! `botarena users import`.

use super::auth::{check_csrf, PageUser};
use super::error::{AppError, PageResult};
use super::input::{Form, FormPairs};
use super::{render, AppState, Nav};
use crate::db::contests::{self, FieldError, NewContest};
use crate::db::users::{self, Role};
use crate::games::settings;
use crate::games::GameId;
use crate::service::password;
use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;
use serde_json::json;
use sqlx::PgPool;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/users", get(users_page).post(import_users))
        .route("/admin/users/reset-password", axum::routing::post(reset_password))
        .route("/admin/contests/new", get(new_contest_page).post(create_contest))
}

/// The outcome of a roster import.
#[derive(Debug, Default)]
pub struct ImportReport {
    pub created: Vec<String>,
    pub existing: Vec<String>,
    /// Line number and what is wrong with it.
    pub errors: Vec<(usize, String)>,
}

/// Splits one CSV line into trimmed fields (double quotes for fields holding commas, `""` for a
/// quote). The csv crate reads the fields; the one leniency it lacks is kept here: an opening
/// quote may follow spaces (`s1, "Lovelace, Ada"`). A line is one record, so a quote left open
/// is an error of that line, not a field running into the next lines.
fn csv_fields(line: &str) -> Result<Vec<String>, &'static str> {
    use csv_core::{ReadFieldResult, ReaderBuilder, Terminator};
    // Only `\n` ends the record (a stray `\r` stays text); the line has none but the one added
    // here, so a record that does not end by it has a quote that is not closed.
    let mut reader = ReaderBuilder::new().terminator(Terminator::Any(b'\n')).build();
    let input = format!("{line}\n");
    // Unquoting only shortens a field, so this always has room.
    let mut field = vec![0u8; input.len()];
    let mut rest = input.as_str();
    let mut fields = Vec::new();
    loop {
        let blank = rest.len() - rest.trim_start().len();
        if rest[blank..].starts_with('"') {
            rest = &rest[blank..];
        }
        let (result, read, written) = reader.read_field(rest.as_bytes(), &mut field);
        rest = &rest[read..];
        match result {
            ReadFieldResult::Field { record_end } => {
                // Fields end at ASCII bytes, so each is whole UTF-8.
                fields.push(String::from_utf8_lossy(&field[..written]).trim().to_string());
                if record_end {
                    return Ok(fields);
                }
            }
            ReadFieldResult::InputEmpty | ReadFieldResult::End => return Err("a quote is not closed"),
            ReadFieldResult::OutputFull => return Err("a field could not be read"),
        }
    }
}

/// Why a username is refused, if it is.
pub fn username_problem(name: &str) -> Option<&'static str> {
    if name.is_empty() || name.len() > 64 {
        Some("a username has 1 to 64 characters")
    } else if !name.chars().all(|c| c.is_ascii_alphanumeric() || "._-@".contains(c)) {
        Some("a username may hold letters, digits and . _ - @ only")
    } else {
        None
    }
}

/// Why a display name is refused, if it is.
fn display_name_problem(name: &str) -> Option<&'static str> {
    if name.chars().count() > 200 {
        Some("a display name has at most 200 characters")
    } else if name.chars().any(char::is_control) {
        Some("a display name may not hold control characters")
    } else {
        None
    }
}

/// Imports `username[,display name]` lines: the initial password is the username, to be changed
/// at first login. Existing usernames are left alone. A first line `username,...` is a header.
pub async fn import_roster(pool: &PgPool, text: &str) -> anyhow::Result<ImportReport> {
    let mut report = ImportReport::default();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim().trim_start_matches('\u{feff}');
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields = match csv_fields(line) {
            Ok(f) => f,
            Err(e) => {
                report.errors.push((i + 1, e.to_string()));
                continue;
            }
        };
        let username = fields[0].as_str();
        if i == 0 && username.eq_ignore_ascii_case("username") {
            continue;
        }
        if let Some(e) = username_problem(username) {
            report.errors.push((i + 1, format!("`{username}`: {e}")));
            continue;
        }
        if fields.len() > 2 {
            report.errors.push((i + 1, "expected `username` or `username,display name`".into()));
            continue;
        }
        let display = fields.get(1).map(String::as_str).filter(|d| !d.is_empty());
        if let Some(problem) = display.and_then(display_name_problem) {
            report.errors.push((i + 1, format!("`{username}`: {problem}")));
            continue;
        }
        let hash = password::hash(username.to_string()).await?;
        match users::create(&mut *pool.acquire().await?, username, display, &hash, Role::Student, true)
            .await?
        {
            Some(_) => report.created.push(username.to_string()),
            None => report.existing.push(username.to_string()),
        }
    }
    Ok(report)
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
    let report = import_roster(&state.pool, &form.csv).await?;
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
    let mut conn = state.pool.acquire().await?;
    let Some((user, _)) = users::for_login(&mut conn, username).await? else {
        page.reset = Some(Err(format!("There is no user `{username}`.")));
        return Ok((StatusCode::NOT_FOUND, render(&page)).into_response());
    };
    let hash = password::hash(user.username.clone()).await?;
    users::set_password(&mut conn, user.id, &hash, true).await?;
    users::clear_login_failures(&mut conn, &user.username).await?;
    crate::db::audit::record(
        &mut conn,
        Some(who.user.id),
        "users.reset_password",
        &format!("user:{}", user.username),
        None,
        None,
    )
    .await?;
    page.reset = Some(Ok(user.username));
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

fn all_games() -> [GameId; 5] {
    [GameId::Checkers, GameId::Connect4, GameId::OneTwoThree, GameId::Mathtricks, GameId::Tron]
}

fn new_contest(state: &AppState, nav: Nav, game: &str, langs: Option<&[String]>) -> NewContestPage {
    NewContestPage {
        nav,
        slug: String::new(),
        title: String::new(),
        deadline: String::new(),
        settings: String::new(),
        games: all_games()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_may_be_quoted_to_hold_commas_and_quotes() {
        assert_eq!(csv_fields("s1, Ada Lovelace").unwrap(), ["s1", "Ada Lovelace"]);
        assert_eq!(
            csv_fields(r#"s2,"Hopper, Grace ""Amazing""""#).unwrap(),
            ["s2", r#"Hopper, Grace "Amazing""#]
        );
        assert!(csv_fields(r#"s3,"open"#).is_err());
        // The leniencies of the hand-written reader the csv crate replaced.
        assert_eq!(csv_fields(r#"s4,  "Lovelace, Ada" "#).unwrap(), ["s4", "Lovelace, Ada"]);
        assert_eq!(csv_fields(r#" "s5" ,Ada"#).unwrap(), ["s5", "Ada"]);
        assert_eq!(csv_fields(r#"s6,"Hop"per"#).unwrap(), ["s6", "Hopper"]);
        assert_eq!(csv_fields(r#"s7,Ada "the" first"#).unwrap(), ["s7", r#"Ada "the" first"#]);
        assert_eq!(csv_fields("s8,a\rb,").unwrap(), ["s8", "a\rb", ""]);
        assert_eq!(csv_fields("s9,\u{a0}\"Zoë, Ünal\"").unwrap(), ["s9", "Zoë, Ünal"]);
        assert!(csv_fields(r#"s10,"a"""#).is_err());
        assert_eq!(csv_fields(r#"s11,"a""""#).unwrap(), ["s11", r#"a""#]);
    }

    #[test]
    fn usernames_are_plain_ids() {
        assert!(username_problem("s1234567").is_none());
        assert!(username_problem("a.b-c_d@x").is_none());
        assert!(username_problem("").is_some());
        assert!(username_problem("two words").is_some());
        assert!(username_problem("<script>").is_some());
        assert!(display_name_problem("Ada Lovelace").is_none());
        assert!(display_name_problem("Ada\0").is_some());
        assert!(display_name_problem(&"x".repeat(201)).is_some());
    }
}
