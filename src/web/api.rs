//! The JSON API of `docs/api.md` for contests, submissions and tokens. Errors are
//! `{"error", "message"}` with a fitting status; bad input never gives a 5xx.

use super::auth::ApiUser;
use super::contests::contest_or_404;
use super::error::{AppError, Result};
use super::input::Path;
use super::{rfc3339, submit, AppState};
use crate::db::contests;
use crate::db::submissions::{self, Status};
use crate::db::tokens;
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, Request, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{delete, get, patch, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use time::OffsetDateTime;

pub fn router(state: &AppState) -> Router<AppState> {
    // A JSON-escaped source can be up to six times its size (`\u0000`).
    let limit = state.config.max_source_bytes * 6 + 64 * 1024;
    Router::new()
        .route("/contests", get(list_contests))
        .route("/contests/{slug}", get(get_contest))
        .route("/contests/{slug}/submissions", post(create_submission).layer(DefaultBodyLimit::max(limit)))
        .route("/contests/{slug}/settings", patch(patch_settings))
        .route("/submissions/{id}", get(get_submission))
        .route("/tokens", get(list_tokens).post(create_token))
        .route("/tokens/{id}", delete(revoke_token))
        .merge(super::judging::router())
        .merge(super::admin_contest::api_router())
        .fallback(|| async { AppError::NotFound("no such API endpoint".into()) })
}

/// The API's JSON body: 400 for malformed JSON, a wrong content type or a wrong type of field
/// (named, e.g. `` `source`: invalid type: integer `1`, expected a string ``), 413 for too large.
/// Every string in it (and every key) is checked like a form field first
/// ([`super::input::check_field`]).
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let value = match Json::<Value>::from_request(req, state).await {
            Ok(Json(v)) => v,
            Err(JsonRejection::BytesRejection(e)) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(AppError::TooLarge("The request body is too large.".into()))
            }
            Err(JsonRejection::MissingJsonContentType(_)) => {
                return Err(AppError::bad(
                    "bad_content_type",
                    "Send the body as JSON with `Content-Type: application/json`.",
                ))
            }
            Err(e) => return Err(AppError::bad("bad_json", e.body_text())),
        };
        check_json_text("body", &value)?;
        serde_path_to_error::deserialize(value).map(ApiJson).map_err(|e| {
            let path = e.path().to_string();
            let what = if path == "." { "the body".to_string() } else { format!("`{path}`") };
            AppError::bad("bad_json", format!("{what}: {}", e.into_inner()))
        })
    }
}

/// Checks every string and key of a JSON value, naming the innermost field.
fn check_json_text(field: &str, v: &Value) -> Result<()> {
    match v {
        Value::String(s) => super::input::check_field(field, s),
        Value::Array(items) => items.iter().try_for_each(|i| check_json_text(field, i)),
        Value::Object(map) => map.iter().try_for_each(|(k, v)| {
            super::input::check_field("key", k)?;
            check_json_text(k, v)
        }),
        _ => Ok(()),
    }
}

fn contest_json(c: &contests::Contest, now: OffsetDateTime) -> Value {
    json!({
        "slug": c.slug,
        "title": c.title,
        "game": c.game,
        "deadline": c.deadline.as_ref().map(rfc3339),
        "open": c.is_open(now),
    })
}

async fn list_contests(State(state): State<AppState>, _who: ApiUser) -> Result<Json<Value>> {
    let now = OffsetDateTime::now_utc();
    let list = contests::list(&mut *state.pool.acquire().await?).await?;
    Ok(Json(Value::Array(list.iter().map(|c| contest_json(c, now)).collect())))
}

async fn get_contest(
    State(state): State<AppState>,
    _who: ApiUser,
    Path(slug): Path<String>,
) -> Result<Json<Value>> {
    let c = contest_or_404(&state, &slug).await?;
    let mut v = contest_json(&c, OffsetDateTime::now_utc());
    v["languages"] =
        c.languages.iter().map(|id| json!({"id": id, "name": state.language_name(id)})).collect();
    v["settings"] = c.settings.clone();
    v["limits"] = json!({
        "submit_interval_s": c.submit_interval_s,
        "daily_budget_s": c.daily_budget_s,
        "scoreboard_refresh_s": c.scoreboard_refresh_s,
        "max_source_bytes": state.config.max_source_bytes,
        "house_bots": c.house_bots,
    });
    Ok(Json(v))
}

#[derive(Deserialize)]
struct SubmissionBody {
    language: String,
    source: String,
}

async fn create_submission(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
    ApiJson(body): ApiJson<SubmissionBody>,
) -> Result<impl IntoResponse> {
    let c = contest_or_404(&state, &slug).await?;
    let id = submit::submit(&state, &c, &user, body.language.trim(), body.source.as_bytes()).await?;
    Ok((StatusCode::CREATED, Json(json!({"id": id, "status": Status::Queued}))))
}

async fn get_submission(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
) -> Result<Json<Value>> {
    let id: i64 = id.parse().map_err(|_| AppError::not_found("submission"))?;
    let mut conn = state.pool.acquire().await?;
    let s = submissions::by_id(&mut conn, id).await?.ok_or_else(|| AppError::not_found("submission"))?;
    if s.user_id != user.id && !user.is_admin() {
        return Err(AppError::forbidden("This is another user's submission."));
    }
    let (slug, _) = contests::slug_and_title(&mut conn, s.contest_id).await?;
    Ok(Json(json!({
        "id": s.id,
        "contest": slug,
        "status": s.status,
        "compile_log": s.compile_log,
        "language": s.language,
        "created_at": rfc3339(&s.created_at),
        "compiled_at": s.compiled_at.as_ref().map(rfc3339),
        "validity": s.validity,
    })))
}

/// `PATCH /api/contests/{slug}/settings`: `{"move_ms": 1500, "deadline": "...", ...}`; every
/// name of `botarena play --set`, the contest limits, `languages`, `title` and `deadline`
/// (null removes it). Validated as a whole; recorded in the audit log.
async fn patch_settings(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
    ApiJson(body): ApiJson<serde_json::Map<String, Value>>,
) -> Result<Json<Value>> {
    if !user.is_admin() {
        return Err(AppError::forbidden("Only admins change contest settings."));
    }
    let mut changes = Vec::new();
    for (k, v) in &body {
        let text = match v {
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            Value::Array(items) if k == "languages" || k == "house_bots" => {
                items.iter().map(|i| i.as_str().unwrap_or_default().to_string()).collect::<Vec<_>>().join(",")
            }
            Value::Null if k == "deadline" => String::new(),
            _ => return Err(AppError::bad("invalid_setting", format!("`{k}`: give a string or a number"))),
        };
        changes.push((k.clone(), text));
    }
    super::admin_contest::change_settings(&state, &user, &slug, &changes).await?.map_err(|errs| {
        AppError::bad("invalid_setting", errs.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))
    })?;
    let c = contest_or_404(&state, &slug).await?;
    let mut v = contest_json(&c, OffsetDateTime::now_utc());
    v["settings"] = c.settings.clone();
    v["languages"] = json!(c.languages);
    v["limits"] = json!({"submit_interval_s": c.submit_interval_s, "daily_budget_s": c.daily_budget_s,
                          "scoreboard_refresh_s": c.scoreboard_refresh_s, "house_bots": c.house_bots});
    Ok(Json(v))
}

async fn list_tokens(State(state): State<AppState>, ApiUser(user): ApiUser) -> Result<Json<Value>> {
    let list = tokens::list(&mut *state.pool.acquire().await?, user.id).await?;
    Ok(Json(Value::Array(
        list.iter()
            .map(|t| {
                json!({"id": t.id, "name": t.name, "created_at": rfc3339(&t.created_at),
                       "last_used_at": t.last_used_at.as_ref().map(rfc3339)})
            })
            .collect(),
    )))
}

#[derive(Deserialize, Default)]
struct TokenBody {
    #[serde(default)]
    name: String,
}

async fn create_token(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    ApiJson(body): ApiJson<TokenBody>,
) -> Result<impl IntoResponse> {
    let name: String = body.name.trim().chars().take(100).collect();
    let (id, token) = tokens::create(&mut *state.pool.acquire().await?, user.id, &name).await?;
    Ok((StatusCode::CREATED, Json(json!({"id": id, "name": name, "token": token}))))
}

async fn revoke_token(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
) -> Result<StatusCode> {
    let id: i64 = id.parse().map_err(|_| AppError::not_found("token"))?;
    if tokens::revoke(&mut *state.pool.acquire().await?, user.id, id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(AppError::not_found("token"))
    }
}
