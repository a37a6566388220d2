//! Logging in and out, the first-login page, and the profile page (nickname, password, API
//! tokens). Every form carries a per-session CSRF token, new at login and at a password change (as
//! is the session id). Who is asking is told by the extractors of [`super::extract`].

use super::client::ClientAddress;
use super::error::{AppError, PageResult};
use super::extract::{check_csrf, PageUser, Viewer, CSRF_KEY, DISABLED_MESSAGE, GENERATION_KEY, USER_KEY};
use super::flash::{self, Slot};
use super::i18n::{self, filters, Locale};
use super::input::{Form, Path};
use super::render::{render, when, Nav};
use super::state::AppState;
use crate::db::users;
use crate::service::{accounts, login, password, tokens};
use crate::tr;
use askama::Template;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Redirect};
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use tower_sessions::Session;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/login", get(login_page).post(login))
        .route("/logout", post(logout))
        .route("/welcome", get(welcome_page).post(welcome))
        .route("/profile", get(profile_page))
        .route("/profile/nickname", post(change_nickname))
        .route("/profile/password", post(change_password))
        .route("/profile/tokens", post(create_token))
        .route("/profile/tokens/{id}/revoke", post(revoke_token))
        .route("/profile/preferences", post(change_preferences))
        .route("/language", post(switch_language))
}

// ---- login ----

#[derive(Template)]
#[template(path = "auth/login.html")]
struct LoginPage {
    nav: Nav,
    username: String,
    next: String,
    error: Option<String>,
}

#[derive(Deserialize)]
struct NextQuery {
    next: Option<String>,
}

/// Where to go after login: `next` if it is a path of this site, else the contest list. Only
/// printable ASCII without spaces or backslashes, starting with one `/` and not two: a browser
/// reads `//host`, `/\host` and `/<tab>/host` as another site. Anything else, including control
/// characters (which no `Location` header may hold), falls back to `/contests`.
pub fn safe_next(next: Option<&str>) -> String {
    match next {
        Some(n)
            if n.starts_with('/')
                && !n[1..].starts_with(['/', '\\'])
                && n.len() <= 2000
                && n.bytes().all(|b| b.is_ascii_graphic() && b != b'\\') =>
        {
            n.to_string()
        }
        _ => "/contests".to_string(),
    }
}

async fn login_page(viewer: Viewer, q: axum::extract::Query<NextQuery>) -> PageResult {
    if viewer.user.is_some() {
        return Ok(Redirect::to(&safe_next(q.next.as_deref())).into_response());
    }
    let nav = viewer.nav().await?;
    Ok(render(&LoginPage { nav, username: String::new(), next: safe_next(q.next.as_deref()), error: None }))
}

#[derive(Deserialize)]
struct LoginForm {
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    csrf: String,
    next: Option<String>,
}

/// The login throttle's allowance, from the settings.
fn allowance(state: &AppState) -> login::Allowance {
    login::Allowance {
        per_username: state.config.login_free_failures,
        per_address: state.config.login_address_free_failures,
    }
}

/// What a throttled attempt is told.
fn throttled_message(wait: login::Throttled) -> String {
    let secs = wait.seconds();
    match wait {
        login::Throttled::Address(_) => tr!("login-throttled-address", seconds = secs),
        login::Throttled::Username(_) => tr!("login-throttled-username", seconds = secs),
    }
}

/// Logs in. Throttled per client address (every username: the main defence against guessing)
/// and per username from that address; failures elsewhere never slow a student down, so
/// nobody can lock another out. The attempt is counted before its password is hashed (see
/// [`login`]), so a burst of concurrent attempts gets no more checked than one after the other.
/// Unknown usernames are hashed too, so that the answer takes as long; hashing is capped (see
/// [`password`]), a login beyond the cap answers 503.
async fn login(
    State(state): State<AppState>,
    viewer: Viewer,
    address: ClientAddress,
    Form(form): Form<LoginForm>,
) -> PageResult {
    check_csrf(&viewer.session, &form.csrf).await?;
    let username = form.username.trim().to_string();
    let next = safe_next(form.next.as_deref());
    let nav = viewer.nav().await?;
    let again = |status: StatusCode, error: String| {
        (
            status,
            render(&LoginPage {
                nav: nav.clone(),
                username: username.clone(),
                next: next.clone(),
                error: Some(error),
            }),
        )
            .into_response()
    };
    let wait = |status: StatusCode, error: String, secs: i64| {
        let mut resp = again(status, error);
        resp.headers_mut().insert(header::RETRY_AFTER, secs.into());
        resp
    };
    if username.is_empty() || form.password.is_empty() || username.len() > 200 {
        return Ok(again(StatusCode::BAD_REQUEST, tr!("login-missing")));
    }
    let attempt = match login::reserve(&state.pool, &address.0, &username, allowance(&state)).await? {
        Ok(attempt) => attempt,
        Err(throttled) => {
            return Ok(wait(StatusCode::TOO_MANY_REQUESTS, throttled_message(throttled), throttled.seconds()))
        }
    };
    let found = users::for_login(&mut *state.pool.acquire().await?, &username).await?;
    // No pooled connection is held while waiting for a hashing slot.
    let checked = match found {
        Some((user, hash)) => password::verify(hash, form.password).await.map(|ok| (Some(user), ok)),
        None => password::verify(state.dummy_hash.clone(), form.password).await.map(|_| (None, false)),
    };
    let (user, ok) = match checked {
        Ok(r) => r,
        Err(password::PasswordError::Busy) => {
            attempt.release(&state.pool).await?;
            let secs = password::WAIT.as_secs().max(1) as i64;
            let msg = tr!("login-busy");
            return Ok(wait(StatusCode::SERVICE_UNAVAILABLE, msg, secs));
        }
        Err(e) => return Err(AppError::from(e).into()),
    };
    match user {
        // Said only to whoever knows the password, so it tells a guesser nothing; the attempt
        // was no guess, so it is not counted.
        Some(user) if ok && user.disabled => {
            attempt.release(&state.pool).await?;
            Ok(again(StatusCode::FORBIDDEN, DISABLED_MESSAGE.into()))
        }
        Some(user) if ok => {
            attempt.logged_in(&state.pool, user.id).await?;
            // A new session id and a new CSRF token at login, so neither planted nor seen
            // before login is worth anything after it.
            let session_error = |e| anyhow::anyhow!("session: {e}");
            viewer.session.cycle_id().await.map_err(session_error)?;
            viewer.session.remove::<String>(CSRF_KEY).await.map_err(session_error)?;
            viewer.session.insert(USER_KEY, user.id).await.map_err(session_error)?;
            viewer.session.insert(GENERATION_KEY, user.session_generation).await.map_err(session_error)?;
            let target = if user.must_change_password { "/welcome".to_string() } else { next };
            Ok(Redirect::to(&target).into_response())
        }
        _ => {
            attempt.failed();
            Ok(again(StatusCode::UNAUTHORIZED, tr!("login-wrong")))
        }
    }
}

#[derive(Deserialize)]
struct CsrfOnly {
    #[serde(default)]
    csrf: String,
}

async fn logout(session: Session, Form(form): Form<CsrfOnly>) -> PageResult {
    check_csrf(&session, &form.csrf).await?;
    session.flush().await.map_err(|e| anyhow::anyhow!("session: {e}"))?;
    Ok(Redirect::to("/login").into_response())
}

// ---- first login ----

#[derive(Template)]
#[template(path = "auth/welcome.html")]
struct WelcomePage {
    nav: Nav,
    /// Whom the page greets: the roster's name, else the username.
    name: String,
    nickname: String,
    nickname_error: Option<String>,
    password_error: Option<String>,
}

async fn welcome_page(viewer: Viewer) -> PageResult {
    let Some(user) = &viewer.user else { return Ok(Redirect::to("/login").into_response()) };
    if !user.must_change_password {
        return Ok(Redirect::to("/contests").into_response());
    }
    Ok(render(&WelcomePage {
        nav: viewer.nav().await?,
        name: user.display_name.clone().unwrap_or_else(|| user.username.clone()),
        nickname: user.nickname.clone().unwrap_or_default(),
        nickname_error: None,
        password_error: None,
    }))
}

#[derive(Deserialize)]
struct WelcomeForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    nickname: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    confirm: String,
}

/// A nickname as typed, normalized and checked (see [`users::clean_nickname`]; `staff`: an admin's).
fn checked_nickname(typed: &str, staff: bool) -> (String, Option<String>) {
    match users::clean_nickname(typed.trim(), staff) {
        Ok(n) => (n, None),
        Err(e) => (typed.trim().to_string(), Some(problem_text(e))),
    }
}

/// A nickname's or a new password's problem in the reader's language. The accounts layer says it
/// in English (for the command line too); each of its sentences has a message here, and a
/// sentence without one is shown as it is.
fn problem_text(english: &str) -> String {
    problem_key(english).map_or_else(|| english.to_string(), |key| tr!(key))
}

/// The message of a problem the accounts layer words in English (see [`problem_text`]).
fn problem_key(english: &str) -> Option<&'static str> {
    let key = match english {
        "Use 2 to 32 characters." => "auth-nickname-length",
        "No control, format or invisible characters (such as zero-width spaces or direction marks), and no spaces other than the plain one." => "auth-nickname-invisible",
        "No spaces at either end." => "auth-nickname-spaces",
        "No combining marks on their own or piled up." => "auth-nickname-marks",
        "Use the letters of one script only (Latin, Cyrillic, Greek, Chinese... each alone; digits and punctuation go with any): a name mixing scripts can imitate another's." => "auth-nickname-scripts",
        "Use letters in common use only (Unicode's general security profile): small capitals and other phonetic or historic letters can imitate plain ones." => "auth-nickname-letters",
        "`admin`, `root` and `system` are reserved (nor may a name look like them)." => "auth-nickname-reserved",
        "Names starting with `house` are the house bots' (nor may a name look like them)." => "auth-nickname-house",
        "Names starting with `staff` are the admins' (nor may a name look like them)." => "auth-nickname-staff",
        "Use at least 8 characters." => "auth-password-short",
        "Use at most 1024 bytes." => "auth-password-long",
        "Choose a password other than your username." => "auth-password-username",
        _ => return None,
    };
    Some(key)
}

fn nickname_taken() -> String {
    tr!("auth-nickname-taken")
}

fn new_password_problem(password: &str, confirm: &str, username: &str) -> Option<String> {
    if password != confirm {
        return Some(tr!("auth-passwords-differ"));
    }
    password::weakness(password, username).map(problem_text)
}

async fn welcome(State(state): State<AppState>, viewer: Viewer, Form(form): Form<WelcomeForm>) -> PageResult {
    check_csrf(&viewer.session, &form.csrf).await?;
    let Some(user) = viewer.user.clone() else { return Ok(Redirect::to("/login").into_response()) };
    let (nickname, mut nickname_error) = checked_nickname(&form.nickname, user.is_admin());
    let password_error = new_password_problem(&form.password, &form.confirm, &user.username);
    if nickname_error.is_none() && password_error.is_none() {
        // Hashed before the transaction, so no connection waits for a hashing slot.
        let hash = password::hash(form.password).await?;
        // A password change: any other session of the account ends, this one goes on.
        if let Some(generation) = accounts::first_login(&state.pool, user.id, &nickname, &hash).await? {
            keep_session(&viewer.session, generation).await?;
            return Ok(Redirect::to("/contests").into_response());
        }
        nickname_error = Some(nickname_taken());
    }
    let page = WelcomePage {
        nav: viewer.nav().await?,
        name: user.display_name.unwrap_or(user.username),
        nickname,
        nickname_error,
        password_error,
    };
    Ok((StatusCode::BAD_REQUEST, render(&page)).into_response())
}

// ---- profile ----

#[derive(Template)]
#[template(path = "auth/profile.html")]
struct ProfilePage {
    nav: Nav,
    username: String,
    nickname: String,
    nickname_error: Option<String>,
    password_error: Option<String>,
    notice: Option<String>,
    tokens: Vec<TokenRow>,
    new_token: Option<String>,
    /// The profile's language (`""`: none chosen) and time zone (`""`: the contest's).
    locale: String,
    time_zone: String,
    preferences_error: Option<String>,
}

impl ProfilePage {
    /// The language menu: tag, name in itself, selected.
    fn locales(&self) -> Vec<(&'static str, &'static str, bool)> {
        Locale::OFFERED.iter().map(|l| (l.tag(), l.native_name(), l.tag() == self.locale)).collect()
    }

    /// Every time zone the server knows, for the field's suggestions.
    fn time_zones(&self) -> Vec<String> {
        crate::locale::time_zone_names()
    }
}

struct TokenRow {
    id: i64,
    name: String,
    created: String,
    last_used: String,
}

async fn profile(state: &AppState, who: &PageUser) -> Result<ProfilePage, AppError> {
    let list = tokens::list(&state.pool, who.user.id).await?;
    Ok(ProfilePage {
        nav: who.nav().await?,
        username: who.user.username.clone(),
        nickname: who.user.nickname.clone().unwrap_or_default(),
        nickname_error: None,
        password_error: None,
        notice: None,
        tokens: list
            .into_iter()
            .map(|t| TokenRow {
                id: t.id,
                name: t.name,
                created: when(&t.created_at),
                last_used: t.last_used_at.map_or_else(|| tr!("profile-token-never-used"), |t| when(&t)),
            })
            .collect(),
        new_token: None,
        locale: who.user.locale.clone().unwrap_or_default(),
        time_zone: who.user.time_zone.clone().unwrap_or_default(),
        preferences_error: None,
    })
}

async fn profile_page(State(state): State<AppState>, who: PageUser) -> PageResult {
    let mut page = profile(&state, &who).await?;
    page.notice = flash::take(&who.session, Slot::Notice).await?;
    page.new_token = flash::take(&who.session, Slot::NewToken).await?;
    Ok(render(&page))
}

/// After a form of the profile did its work: the profile again, saying so once.
async fn back_to_profile(who: &PageUser, slot: Slot, text: impl Into<String>) -> PageResult {
    flash::put(&who.session, slot, text).await?;
    Ok(Redirect::to("/profile").into_response())
}

#[derive(Deserialize)]
struct PreferencesForm {
    #[serde(default)]
    csrf: String,
    /// A language tag, or empty for the browser's.
    #[serde(default)]
    locale: String,
    /// An IANA time zone, or empty for each contest's own.
    #[serde(default)]
    time_zone: String,
}

async fn change_preferences(
    State(state): State<AppState>,
    who: PageUser,
    Form(form): Form<PreferencesForm>,
) -> PageResult {
    check_csrf(&who.session, &form.csrf).await?;
    let locale = Some(form.locale.trim()).filter(|l| !l.is_empty());
    let zone = Some(form.time_zone.trim()).filter(|z| !z.is_empty());
    match accounts::set_preferences(&state.pool, who.user.id, locale, zone).await {
        Ok(()) => {
            // The notice is in the language just chosen.
            i18n::choose_for_user(locale, zone);
            back_to_profile(&who, Slot::Notice, tr!("profile-preferences-saved")).await
        }
        Err(accounts::PreferenceError::Internal(e)) => Err(AppError::Internal(e).into()),
        Err(e) => {
            let mut page = profile(&state, &who).await?;
            page.locale = form.locale;
            page.time_zone = form.time_zone;
            page.preferences_error = Some(match e {
                accounts::PreferenceError::TimeZone(z) => tr!("profile-time-zone-unknown", zone = z),
                _ => tr!("profile-language-unknown"),
            });
            Ok((StatusCode::BAD_REQUEST, render(&page)).into_response())
        }
    }
}

#[derive(Deserialize)]
struct LanguageForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    lang: String,
}

/// The footer's switch: the language is kept in a cookie (a year) for whoever is reading, and
/// on a logged-in user's profile. Back to the page it was sent from.
async fn switch_language(
    State(state): State<AppState>,
    viewer: Viewer,
    headers: axum::http::HeaderMap,
    Form(form): Form<LanguageForm>,
) -> PageResult {
    let Some(locale) = Locale::OFFERED.iter().find(|l| l.tag() == form.lang).copied() else {
        return Err(AppError::bad("bad_language", tr!("profile-language-unknown")).into());
    };
    if let Some(user) = &viewer.user {
        check_csrf(&viewer.session, &form.csrf).await?;
        accounts::set_locale(&state.pool, user.id, locale.tag()).await.map_err(|e| match e {
            accounts::PreferenceError::Internal(e) => AppError::Internal(e),
            _ => AppError::bad("bad_language", tr!("profile-language-unknown")),
        })?;
    }
    let back = headers
        .get(header::REFERER)
        .and_then(|r| r.to_str().ok())
        .and_then(|r| url_path(r, &headers))
        .unwrap_or_else(|| "/contests".to_string());
    let secure = if state.config.secure_cookies { "; Secure" } else { "" };
    let cookie = format!("{}={}; Path=/; Max-Age=31536000; SameSite=Lax{secure}", i18n::COOKIE, locale.tag());
    Ok(([(header::SET_COOKIE, cookie)], Redirect::to(&back)).into_response())
}

/// The path (and query) of a `Referer` of this very site, made safe like a login's `next`.
fn url_path(referer: &str, headers: &axum::http::HeaderMap) -> Option<String> {
    let host = headers.get(header::HOST)?.to_str().ok()?;
    let rest = referer.strip_prefix("http://").or_else(|| referer.strip_prefix("https://"))?;
    let path = rest.strip_prefix(host)?;
    path.starts_with('/').then(|| safe_next(Some(path)))
}

#[derive(Deserialize)]
struct NicknameForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    nickname: String,
}

async fn change_nickname(
    State(state): State<AppState>,
    who: PageUser,
    Form(form): Form<NicknameForm>,
) -> PageResult {
    check_csrf(&who.session, &form.csrf).await?;
    let (nickname, mut error) = checked_nickname(&form.nickname, who.user.is_admin());
    if error.is_none() {
        if accounts::set_nickname(&state.pool, who.user.id, &nickname).await? {
            return back_to_profile(&who, Slot::Notice, tr!("profile-nickname-changed")).await;
        }
        error = Some(nickname_taken());
    }
    let mut page = profile(&state, &who).await?;
    page.nickname = nickname;
    page.nickname_error = error;
    Ok((StatusCode::BAD_REQUEST, render(&page)).into_response())
}

#[derive(Deserialize)]
struct PasswordForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    current: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    confirm: String,
    /// The checkbox "also revoke my API tokens": `1` when ticked, absent when not.
    revoke_tokens: Option<String>,
}

/// Takes the session that changed its password over to the account's new session generation (the
/// others are over), with a new id and a new CSRF token, as at login.
async fn keep_session(session: &Session, generation: i32) -> Result<(), AppError> {
    let session_error = |e| anyhow::anyhow!("session: {e}");
    session.cycle_id().await.map_err(session_error)?;
    session.remove::<String>(CSRF_KEY).await.map_err(session_error)?;
    session.insert(GENERATION_KEY, generation).await.map_err(session_error)?;
    Ok(())
}

/// Changes the user's password: the current one is checked under the login throttle (a stolen
/// session is no way around it); every other session of the account ends at once, and its API
/// tokens too if the form asks.
async fn change_password(
    State(state): State<AppState>,
    who: PageUser,
    address: ClientAddress,
    Form(form): Form<PasswordForm>,
) -> PageResult {
    check_csrf(&who.session, &form.csrf).await?;
    let revoke_tokens = match form.revoke_tokens.as_deref() {
        None => false,
        Some("1") => true,
        Some(_) => return Err(AppError::bad("bad_form", crate::tr!("error-revoke-tokens")).into()),
    };
    let refused = |mut page: ProfilePage, status: StatusCode, error: String| {
        page.password_error = Some(error);
        (status, render(&page)).into_response()
    };
    // What can be refused without the current password is, so that it is neither hashed nor
    // counted against the throttle.
    let problem = if form.current.is_empty() {
        Some(tr!("profile-password-current-missing"))
    } else {
        new_password_problem(&form.password, &form.confirm, &who.user.username)
    };
    if let Some(e) = problem {
        return Ok(refused(profile(&state, &who).await?, StatusCode::BAD_REQUEST, e));
    }
    let attempt = match login::reserve(&state.pool, &address.0, &who.user.username, allowance(&state)).await?
    {
        Ok(attempt) => attempt,
        Err(throttled) => {
            let page = profile(&state, &who).await?;
            let mut resp = refused(page, StatusCode::TOO_MANY_REQUESTS, throttled_message(throttled));
            resp.headers_mut().insert(header::RETRY_AFTER, throttled.seconds().into());
            return Ok(resp);
        }
    };
    let hash = users::for_login(&mut *state.pool.acquire().await?, &who.user.username)
        .await?
        .map(|(_, h)| h)
        .unwrap_or_default();
    let right = match password::verify(hash, form.current).await {
        Ok(right) => right,
        Err(e) => {
            if matches!(e, password::PasswordError::Busy) {
                attempt.release(&state.pool).await?;
            }
            return Err(AppError::from(e).into());
        }
    };
    if !right {
        attempt.failed();
        let e = tr!("profile-password-current-wrong");
        return Ok(refused(profile(&state, &who).await?, StatusCode::BAD_REQUEST, e));
    }
    attempt.succeeded(&state.pool).await?;
    let new_hash = password::hash(form.password).await?;
    let changed = accounts::change_password(&state.pool, who.user.id, &new_hash, revoke_tokens).await?;
    keep_session(&who.session, changed.generation).await?;
    let notice = match changed.revoked_tokens {
        0 => tr!("profile-password-changed"),
        n => tr!("profile-password-changed-tokens", count = n),
    };
    back_to_profile(&who, Slot::Notice, notice).await
}

#[derive(Deserialize)]
struct TokenForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    name: String,
}

async fn create_token(
    State(state): State<AppState>,
    who: PageUser,
    Form(form): Form<TokenForm>,
) -> PageResult {
    check_csrf(&who.session, &form.csrf).await?;
    let issued = tokens::issue(&state.pool, who.user.id, &form.name).await?;
    back_to_profile(&who, Slot::NewToken, issued.secret).await
}

async fn revoke_token(
    State(state): State<AppState>,
    who: PageUser,
    Path(id): Path<String>,
    Form(form): Form<CsrfOnly>,
) -> PageResult {
    check_csrf(&who.session, &form.csrf).await?;
    let id: i64 = id.parse().map_err(|_| AppError::not_found("token"))?;
    if !tokens::revoke(&state.pool, who.user.id, id).await? {
        return Err(AppError::not_found("token").into());
    }
    back_to_profile(&who, Slot::Notice, tr!("profile-token-revoked")).await
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every problem the accounts layer finds with a nickname or a new password has a message.
    #[test]
    fn every_nickname_and_password_problem_has_a_message() {
        let bad_nicknames =
            ["x", "a\u{200b}b", " ada", "\u{301}ada", "pаypal", "ᴀda", "admin", "house-bot", "staff: ada"];
        for nick in bad_nicknames {
            let problem = users::clean_nickname(nick, false).expect_err(nick);
            assert!(problem_key(problem).is_some(), "{nick:?}: {problem}");
        }
        for (pw, user) in [("short", "ada"), (&"x".repeat(1025)[..], "ada"), ("adalovelace", "adalovelace")] {
            let problem = password::weakness(pw, user).unwrap();
            assert!(problem_key(problem).is_some(), "{problem}");
        }
    }
}
