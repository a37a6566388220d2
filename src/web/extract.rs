//! What handlers take from a request besides its plain fields ([`super::input`]): who is asking
//! ([`Viewer`] and [`PageUser`] for pages, by the session cookie; [`ApiUser`] for `/api`, by a
//! bearer token) and the session's CSRF token; the API's JSON body ([`ApiJson`]); and the
//! contest, game or submission a path or query names, or 404.
//!
//! A session ends without being found in the store: it remembers its user's `session_generation`
//! and [`Viewer`] compares it with the user's row on every request. A password change raises the
//! generation and moves the session that asked to the new one (`web::auth`), so every other
//! session of the account is over on its next request, in every server process, whatever
//! `session_cache` keeps.

use super::error::{AppError, PageError, Result};
use super::i18n;
use super::input::{check_field, too_many_json_values, MAX_FIELDS};
use super::render::Nav;
use super::state::AppState;
use crate::db::contests::{self, Contest};
use crate::db::games;
use crate::db::ids::{GameRecordId, SubmissionId, UserId};
use crate::db::submissions::{self, Submission};
use crate::db::{users, users::User};
use crate::service;
use crate::service::tokens::Bearer;
use axum::body::Bytes;
use axum::extract::{FromRef, FromRequest, FromRequestParts, Request};
use axum::http::header::{self, CONTENT_TYPE};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::Json;
use rand::RngCore;
use serde::de::DeserializeOwned;
use serde_json::Value;
use subtle::ConstantTimeEq;
use tower_sessions::Session;

pub(super) const USER_KEY: &str = "user_id";
/// The user's `session_generation` when the session was opened (see [`users::end_sessions`]).
pub(super) const GENERATION_KEY: &str = "generation";
pub(super) const CSRF_KEY: &str = "csrf";

/// What a disabled account is told, at login and on the API.
pub const DISABLED_MESSAGE: &str = "This account is disabled; ask your course staff.";

/// The session's CSRF token, created on first use.
pub async fn csrf_token(session: &Session) -> Result<String, AppError> {
    if let Some(t) = session.get::<String>(CSRF_KEY).await.map_err(|e| anyhow::anyhow!("session: {e}"))? {
        return Ok(t);
    }
    let mut bytes = [0u8; 24];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let token = hex::encode(bytes);
    session.insert(CSRF_KEY, &token).await.map_err(|e| anyhow::anyhow!("session: {e}"))?;
    Ok(token)
}

/// Refuses a form whose CSRF token is not this session's.
pub async fn check_csrf(session: &Session, sent: &str) -> Result<(), AppError> {
    let expected = session.get::<String>(CSRF_KEY).await.map_err(|e| anyhow::anyhow!("session: {e}"))?;
    match expected {
        Some(t) if !sent.is_empty() && bool::from(t.as_bytes().ct_eq(sent.as_bytes())) => Ok(()),
        _ => Err(AppError::Forbidden { code: "csrf", message: crate::tr!("error-csrf") }),
    }
}

/// Whoever is asking for a page: maybe nobody.
pub struct Viewer {
    pub user: Option<User>,
    pub session: Session,
}

impl Viewer {
    pub async fn nav(&self) -> Result<Nav, AppError> {
        Ok(Nav {
            user: self.user.as_ref().map(|u| u.shown_name().to_string()),
            admin: self.user.as_ref().is_some_and(User::is_admin),
            csrf: csrf_token(&self.session).await?,
        })
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Viewer
where
    AppState: FromRef<S>,
{
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let session = Session::from_request_parts(parts, &state)
            .await
            .map_err(|_| AppError::Internal(anyhow::anyhow!("session layer missing")))?;
        let id = session.get::<UserId>(USER_KEY).await.map_err(|e| anyhow::anyhow!("session: {e}"))?;
        let user = match id {
            Some(id) => users::by_id(&mut *state.pool.acquire().await?, id).await?,
            None => None,
        };
        // The user's row is read on every request, so a session that a disable or a password
        // reset ended is over here at once, whatever keeps a copy of it (`session_cache`).
        if let Some(u) = &user {
            let generation =
                session.get::<i32>(GENERATION_KEY).await.map_err(|e| anyhow::anyhow!("session: {e}"))?;
            if u.disabled || generation.unwrap_or(0) != u.session_generation {
                session.flush().await.map_err(|e| anyhow::anyhow!("session: {e}"))?;
                return Ok(Viewer { user: None, session });
            }
            i18n::choose_for_user(u.locale.as_deref(), u.time_zone.as_deref());
        }
        Ok(Viewer { user, session })
    }
}

/// A logged-in user who has finished the first-login step. Without a session the page redirects
/// to the login page; before the first-login step, to it.
pub struct PageUser {
    pub user: User,
    pub session: Session,
}

impl PageUser {
    pub async fn nav(&self) -> Result<Nav, AppError> {
        Ok(Nav {
            user: Some(self.user.shown_name().to_string()),
            admin: self.user.is_admin(),
            csrf: csrf_token(&self.session).await?,
        })
    }

    /// Refuses non-admins.
    pub fn require_admin(&self) -> Result<(), AppError> {
        if self.user.is_admin() {
            Ok(())
        } else {
            Err(AppError::forbidden(crate::tr!("error-admins-only")))
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for PageUser
where
    AppState: FromRef<S>,
{
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let viewer = Viewer::from_request_parts(parts, state).await.map_err(IntoResponse::into_response)?;
        match viewer.user {
            None => {
                let next = parts.uri.path_and_query().map(|p| p.as_str()).unwrap_or("/");
                let target = if parts.method == axum::http::Method::GET && next.starts_with('/') {
                    format!("/login?next={}", urlencode(next))
                } else {
                    "/login".to_string()
                };
                Err(Redirect::to(&target).into_response())
            }
            Some(u) if u.must_change_password => Err(Redirect::to("/welcome").into_response()),
            Some(user) => Ok(PageUser { user, session: viewer.session }),
        }
    }
}

/// What `next=` leaves as it is: the unreserved characters of RFC 3986 and `/`.
const NEXT_KEEPS: &percent_encoding::AsciiSet =
    &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'_').remove(b'.').remove(b'~').remove(b'/');

fn urlencode(s: &str) -> String {
    percent_encoding::utf8_percent_encode(s, NEXT_KEEPS).to_string()
}

/// The user of an `/api` request, from `Authorization: Bearer <token>`.
pub struct ApiUser(pub User);

impl<S: Send + Sync> FromRequestParts<S> for ApiUser
where
    AppState: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let header = parts.headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok());
        let Some(token) = header.and_then(|h| h.strip_prefix("Bearer ")).map(str::trim) else {
            return Err(AppError::Unauthorized(crate::tr!("error-api-token-missing")));
        };
        match service::tokens::authenticate(&state.pool, token).await? {
            Bearer::Malformed => Err(AppError::Unauthorized(crate::tr!("error-api-token-malformed"))),
            // Disabling revokes the account's tokens; one made in the very instant of it is
            // refused all the same.
            Bearer::User(u) if u.disabled => {
                Err(AppError::Unauthorized(crate::tr!("error-account-disabled")))
            }
            Bearer::User(u) => {
                i18n::choose_for_user(u.locale.as_deref(), u.time_zone.as_deref());
                Ok(ApiUser(u))
            }
            Bearer::Unknown => Err(AppError::Unauthorized(crate::tr!("error-api-token-unknown"))),
        }
    }
}

/// The API's JSON body: 400 for malformed JSON, a wrong content type or a wrong type of field
/// (named, e.g. `` `source`: invalid type: integer `1`, expected a string ``), 413 for too large.
/// Every string in it (and every key) is checked like a form field first
/// ([`check_field`]), and a body of more than [`MAX_FIELDS`] values
/// is refused before it is parsed (400 `too_many_fields`).
pub struct ApiJson<T>(pub T);

/// Whether the request says its body is JSON (`application/json`, or `application/…+json`).
fn is_json(req: &Request) -> bool {
    let essence = |v: &str| v.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    req.headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(essence)
        .is_some_and(|e| e == "application/json" || (e.starts_with("application/") && e.ends_with("+json")))
}

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(&req) {
            return Err(AppError::bad("bad_content_type", crate::tr!("error-json-content-type")));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                AppError::TooLarge(crate::tr!("error-body-too-large"))
            } else {
                AppError::bad("bad_json", crate::tr!("error-body-unread"))
            }
        })?;
        if too_many_json_values(&bytes) {
            return Err(AppError::bad(
                "too_many_fields",
                crate::tr!("error-json-too-many-values", max = MAX_FIELDS),
            ));
        }
        let value = match Json::<Value>::from_bytes(&bytes) {
            Ok(Json(v)) => v,
            Err(e) => {
                return Err(AppError::bad(
                    "bad_json",
                    crate::tr!("error-json-invalid", detail = e.body_text()),
                ))
            }
        };
        check_json_text("body", &value)?;
        serde_path_to_error::deserialize(value).map(ApiJson).map_err(|e| {
            let path = e.path().to_string();
            let detail = e.into_inner().to_string();
            if path == "." {
                AppError::bad("bad_json", crate::tr!("error-json-body-type", detail = detail))
            } else {
                AppError::bad("bad_json", crate::tr!("error-json-field-type", field = path, detail = detail))
            }
        })
    }
}

/// Checks every string and key of a JSON value, naming the innermost field.
fn check_json_text(field: &str, v: &Value) -> Result<()> {
    match v {
        Value::String(s) => check_field(field, s),
        Value::Array(items) => items.iter().try_for_each(|i| check_json_text(field, i)),
        Value::Object(map) => map.iter().try_for_each(|(k, v)| {
            check_field("key", k)?;
            check_json_text(k, v)
        }),
        _ => Ok(()),
    }
}

/// The contest a path names, or 404. Its language and time zone become the page's defaults.
pub async fn contest_or_404(state: &AppState, slug: &str) -> Result<Contest> {
    let c = contests::by_slug(&mut *state.pool.acquire().await?, slug)
        .await?
        .ok_or_else(|| AppError::not_found("contest"))?;
    i18n::offer_contest_defaults(c.locale.as_deref(), c.time_zone.as_deref());
    Ok(c)
}

/// A game `viewer` may see: any game of the round robin; a test match's only for the student who
/// asked for it and admins (to anyone else it does not exist).
pub async fn game_or_404(state: &AppState, id: &str, viewer: &User) -> Result<games::Game> {
    let id: GameRecordId = id.parse().map_err(|_| AppError::not_found("game"))?;
    games::game(&mut *state.pool.acquire().await?, id)
        .await?
        .filter(|g| g.requested_by.is_none_or(|asked| asked == viewer.id || viewer.is_admin()))
        .ok_or_else(|| AppError::not_found("game"))
}

/// The submission of `?submission=<id>` in contest `c`: 400 `bad_submission` without one, 404 for
/// one of another contest or none.
pub async fn submission_param(
    conn: &mut sqlx::PgConnection,
    c: &Contest,
    submission: Option<&str>,
) -> Result<Submission> {
    let id: SubmissionId = submission
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| AppError::bad("bad_submission", crate::tr!("error-submission-param")))?;
    let sub = submissions::by_id(conn, id).await?.filter(|s| s.contest_id == c.id);
    sub.ok_or_else(|| AppError::not_found("submission"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn next_keeps_paths_and_unreserved_characters_and_encodes_the_rest() {
        assert_eq!(super::urlencode("/contests/c-1_a.b~"), "/contests/c-1_a.b~");
        assert_eq!(super::urlencode("/games?id=7&x=a b"), "/games%3Fid%3D7%26x%3Da%20b");
        assert_eq!(super::urlencode("/é%"), "/%C3%A9%25");
    }
}
