//! The admin's users page: every account found by username, display name or nickname, with its
//! last login, submissions and whether it is disabled; importing the roster, resetting a password,
//! disabling and enabling an account (all in `service::accounts`, shared with `botarena users`).

use super::confirm::{self, Question};
use super::error::PageResult;
use super::extract::{check_csrf, PageUser};
use super::flash::{self, Slot};
use super::input::{page_number, query_text, Form};
use super::render::{link_with, page_count, render, when, Nav};
use super::state::AppState;
use crate::db::users::{self, Role, UserOrder};
use crate::service::accounts::{self, Switched};
use crate::tr;
use crate::web::i18n::filters;
use askama::Template;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect};
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;

/// Users listed on one page of the list.
const PER_PAGE: i64 = 100;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/users", get(users_page).post(import_users))
        .route("/admin/users/reset-password", post(reset_password))
        .route("/admin/users/disable", post(disable))
        .route("/admin/users/enable", post(enable))
}

/// A line of the list.
struct UserRow {
    username: String,
    display_name: String,
    nickname: String,
    admin: bool,
    last_login: String,
    submissions: i64,
    /// Since when, if disabled.
    disabled: Option<String>,
}

/// The list's search, order and page, as the query string gives them.
#[derive(Deserialize, Default)]
struct ListQuery {
    q: Option<String>,
    sort: Option<String>,
    /// `disabled`: only the disabled accounts.
    only: Option<String>,
    page: Option<String>,
}

/// The list's search, order and page, checked.
struct Search {
    q: String,
    sort: UserOrder,
    only_disabled: bool,
    /// From 1.
    page: i64,
}

impl Default for Search {
    fn default() -> Self {
        Search { q: String::new(), sort: UserOrder::default(), only_disabled: false, page: 1 }
    }
}

impl Search {
    fn of(query: ListQuery) -> Self {
        Search {
            q: query_text(query.q.as_deref()),
            sort: query.sort.and_then(|s| s.parse().ok()).unwrap_or_default(),
            only_disabled: query.only.as_deref() == Some("disabled"),
            page: page_number(query.page.as_deref()),
        }
    }

    /// The list with just this user (after an action on them).
    fn user(username: &str) -> Self {
        Search { q: username.to_string(), ..Search::default() }
    }

    /// The list's link for this search alone.
    fn link(&self) -> String {
        link_with("/admin/users", &[("q", &self.q)])
    }
}

#[derive(Template)]
#[template(path = "admin/users.html")]
struct UsersPage {
    nav: Nav,
    search: Search,
    rows: Vec<UserRow>,
    total: i64,
    pages: i64,
    /// The outcome of disabling or enabling an account: `Ok(what was done)` or why it failed.
    account: Option<Result<String, String>>,
    csv: String,
    csv_error: Option<String>,
    errors: Vec<(usize, String)>,
    /// What an import did: how many were created and how many existed.
    imported: Option<String>,
    /// The outcome of a password reset: `Ok(username)` or why it failed.
    reset: Option<Result<String, String>>,
}

impl UsersPage {
    /// This list's link with another order or page (the search kept).
    fn link(&self, sort: UserOrder, page: i64) -> String {
        let sort: &str = if sort == UserOrder::default() { "" } else { sort.into() };
        let only = if self.search.only_disabled { "disabled" } else { "" };
        let page = if page > 1 { page.to_string() } else { String::new() };
        link_with("/admin/users", &[("q", &self.search.q), ("sort", sort), ("only", only), ("page", &page)])
    }

    fn sort_link(&self, sort: &str) -> String {
        self.link(sort.parse().unwrap_or_default(), 1)
    }

    fn page_link(&self, page: i64) -> String {
        self.link(self.search.sort, page)
    }

    fn sort_name(&self) -> &'static str {
        self.search.sort.into()
    }

    fn sorted_by(&self, sort: &str) -> bool {
        sort.parse::<UserOrder>().is_ok_and(|s| s == self.search.sort)
    }

    /// How many users the list holds, as its search narrows them, and which page this is.
    fn count_text(&self) -> String {
        let (count, q) = (self.total, self.search.q.as_str());
        let users = match (q.is_empty(), self.search.only_disabled) {
            (true, false) => tr!("admin-users-count", count = count),
            (true, true) => tr!("admin-users-count-disabled", count = count),
            (false, false) => tr!("admin-users-count-matching", count = count, q = q),
            (false, true) => tr!("admin-users-count-matching-disabled", count = count, q = q),
        };
        if self.pages > 1 {
            tr!("admin-users-count-page", users = users, page = self.search.page, pages = self.pages)
        } else {
            users
        }
    }
}

async fn users_view(state: &AppState, who: &PageUser, search: Search) -> PageResult<UsersPage> {
    let offset = (search.page - 1) * PER_PAGE;
    let listed = users::search(
        &mut *state.pool.acquire().await?,
        &search.q,
        search.only_disabled,
        search.sort,
        PER_PAGE,
        offset,
    )
    .await?;
    let total = listed.first().map_or(0, |u| u.total);
    let rows = listed
        .into_iter()
        .map(|u| UserRow {
            username: u.username,
            display_name: u.display_name.unwrap_or_default(),
            nickname: u.nickname.unwrap_or_default(),
            admin: u.role == Role::Admin,
            last_login: u.last_login_at.as_ref().map_or_else(|| tr!("admin-users-never"), when),
            submissions: u.submissions,
            disabled: u.disabled_at.as_ref().map(when),
        })
        .collect();
    Ok(UsersPage {
        nav: who.nav().await?,
        search,
        rows,
        total,
        pages: page_count(total, PER_PAGE),
        account: None,
        csv: String::new(),
        csv_error: None,
        errors: vec![],
        imported: None,
        reset: None,
    })
}

async fn users_page(State(state): State<AppState>, who: PageUser, Query(q): Query<ListQuery>) -> PageResult {
    who.require_admin()?;
    let mut page = users_view(&state, &who, Search::of(q)).await?;
    // What the form posted just before did (POST-redirect-GET), said once.
    page.account = flash::take(&who.session, Slot::Account).await?.map(Ok);
    page.reset = flash::take(&who.session, Slot::Reset).await?.map(Ok);
    page.imported = flash::take(&who.session, Slot::Import).await?;
    Ok(render(&page))
}

/// After an action that worked: the list (of `search`), saying what was done once.
async fn done(who: &PageUser, search: Search, slot: Slot, text: String) -> PageResult {
    flash::put(&who.session, slot, text).await?;
    Ok(Redirect::to(&search.link()).into_response())
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
    if form.csv.trim().is_empty() {
        let mut page = users_view(&state, &who, Search::default()).await?;
        page.csv_error = Some(tr!("admin-users-import-empty"));
        return Ok((StatusCode::BAD_REQUEST, render(&page)).into_response());
    }
    let report = accounts::import_roster(&state.pool, Some(who.user.id), &form.csv).await?;
    let summary =
        tr!("admin-users-imported", created = report.created.len(), existing = report.existing.len());
    if report.errors.is_empty() {
        return done(&who, Search::default(), Slot::Import, summary).await;
    }
    // Lines to fix: the form again with the roster as pasted and what is wrong with it.
    let mut page = users_view(&state, &who, Search::default()).await?;
    page.imported = Some(summary);
    page.csv = form.csv;
    page.csv_error = Some(tr!("admin-users-import-some-failed"));
    page.errors = report.errors.iter().map(|(line, problem)| (*line, line_problem(problem))).collect();
    Ok((StatusCode::BAD_REQUEST, render(&page)).into_response())
}

/// Why a line of a roster is refused, in the reader's language.
fn line_problem(p: &accounts::LineProblem) -> String {
    use accounts::LineProblem as L;
    match p {
        L::QuoteNotClosed => tr!("admin-users-import-quote"),
        L::Unreadable => tr!("admin-users-import-unreadable"),
        L::Name { username, problem } => {
            tr!("admin-users-import-name", username = username.as_str(), problem = name_problem(*problem))
        }
        L::TooManyFields => tr!("admin-users-import-fields"),
        L::LooksLike { username, other } => {
            tr!("admin-users-import-looks-like", username = username.as_str(), other = other.as_str())
        }
    }
}

/// Why a username or a display name is refused, in the reader's language.
fn name_problem(p: accounts::NameProblem) -> String {
    use crate::db::users::Reserved;
    use accounts::NameProblem as N;
    match p {
        N::UsernameLength => tr!("admin-users-import-username-length"),
        N::UsernameChars => tr!("admin-users-import-username-chars"),
        N::Reserved(Reserved::Words) => tr!("auth-nickname-reserved"),
        N::Reserved(Reserved::House) => tr!("auth-nickname-house"),
        N::Reserved(Reserved::Staff) => tr!("auth-nickname-staff"),
        N::DisplayLength => tr!("admin-users-import-display-length"),
        N::DisplayControl => tr!("admin-users-import-display-control"),
    }
}

/// The form of an action on one account.
#[derive(Deserialize)]
struct AccountForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    username: String,
    /// `yes` once the admin confirmed ([`confirm`]).
    #[serde(default)]
    confirmed: String,
}

impl AccountForm {
    /// Checks who posts it; the username it names.
    async fn checked(&self, who: &PageUser) -> PageResult<String> {
        who.require_admin()?;
        check_csrf(&who.session, &self.csrf).await?;
        Ok(self.username.trim().to_string())
    }
}

/// The confirmation step of the action posted to `path` on `username`.
async fn ask(
    who: &PageUser,
    username: &str,
    path: &str,
    button: String,
    heading: String,
    consequence: String,
) -> PageResult {
    let q = Question {
        heading,
        consequence,
        action: path.into(),
        button,
        cancel: Search::user(username).link(),
        fields: vec![("username", username.to_string())],
    };
    confirm::ask(who, q).await
}

fn no_such_user(username: &str) -> String {
    tr!("admin-users-no-such-user", username = username)
}

/// Resets a forgotten password to the username, as at import: the user must choose a new one
/// (and may keep their nickname) at the next login; their open sessions end and their login
/// throttle is lifted. Asks first, unless the form says it is confirmed (the form where the
/// admin types the username does).
async fn reset_password(
    State(state): State<AppState>,
    who: PageUser,
    Form(form): Form<AccountForm>,
) -> PageResult {
    let username = form.checked(&who).await?;
    if !confirm::confirmed(&form.confirmed) {
        return ask(
            &who,
            &username,
            "/admin/users/reset-password",
            tr!("admin-users-reset-button"),
            tr!("admin-users-reset-question", username = username.as_str()),
            tr!("admin-users-reset-consequence", username = username.as_str()),
        )
        .await;
    }
    let found = accounts::reset_password(&state.pool, Some(who.user.id), &username).await?;
    if !found {
        let mut page = users_view(&state, &who, Search::user(&username)).await?;
        page.reset = Some(Err(no_such_user(&username)));
        return Ok((StatusCode::NOT_FOUND, render(&page)).into_response());
    }
    done(&who, Search::user(&username), Slot::Reset, username).await
}

/// Disables an account, after asking: it can no longer log in, its sessions end at once and its
/// API tokens are revoked; its submissions and their standings stay.
async fn disable(State(state): State<AppState>, who: PageUser, Form(form): Form<AccountForm>) -> PageResult {
    let username = form.checked(&who).await?;
    if username == who.user.username {
        let mut page = users_view(&state, &who, Search::user(&username)).await?;
        page.account = Some(Err(tr!("admin-users-disable-self")));
        return Ok((StatusCode::BAD_REQUEST, render(&page)).into_response());
    }
    if !confirm::confirmed(&form.confirmed) {
        return ask(
            &who,
            &username,
            "/admin/users/disable",
            tr!("admin-users-disable-button"),
            tr!("admin-users-disable-question", username = username.as_str()),
            tr!("admin-users-disable-consequence", username = username.as_str()),
        )
        .await;
    }
    switch(&state, &who, &username, true).await
}

/// Enables a disabled account again (its old sessions stay ended, its old tokens revoked).
async fn enable(State(state): State<AppState>, who: PageUser, Form(form): Form<AccountForm>) -> PageResult {
    let username = form.checked(&who).await?;
    switch(&state, &who, &username, false).await
}

async fn switch(state: &AppState, who: &PageUser, username: &str, disabled: bool) -> PageResult {
    let outcome = accounts::set_disabled(&state.pool, Some(who.user.id), username, disabled).await?;
    let text = match outcome {
        Switched::NoSuchUser => {
            let mut page = users_view(state, who, Search::user(username)).await?;
            page.account = Some(Err(no_such_user(username)));
            return Ok((StatusCode::NOT_FOUND, render(&page)).into_response());
        }
        Switched::Already if disabled => tr!("admin-users-was-disabled", username = username),
        Switched::Already => tr!("admin-users-was-enabled", username = username),
        Switched::Done if disabled => tr!("admin-users-is-disabled", username = username),
        Switched::Done => tr!("admin-users-is-enabled", username = username),
    };
    done(who, Search::user(username), Slot::Account, text).await
}
