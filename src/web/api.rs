//! The JSON API of `docs/api.md` for contests, submissions and tokens. Errors are
//! `{"error", "message"}` with a fitting status; bad input never gives a 5xx.

use super::api_types::{
    ContestDetail, ContestLimits, ContestSettings, ContestSummary, ErrorBody, LanguageInfo, Limits, NewToken,
    SubmissionBody, SubmissionCreated, SubmissionView, TokenBody, TokenView, ValidityReport,
};
use super::error::{AppError, Result};
use super::extract::{contest_or_404, ApiJson, ApiUser};
use super::input::Path;
use super::state::AppState;
use super::submit;
use crate::db::contests;
use crate::db::ids::SubmissionId;
use crate::db::submissions::{self, Status};
use crate::service::tokens;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::routing::{delete, get, patch, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::Value;
use time::OffsetDateTime;

/// The JSON routes of contests, submissions and tokens, nested under `/api`.
pub fn api_router(state: &AppState) -> Router<AppState> {
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
}

/// A contest's `practice_opponents` as a list.
fn practice_words(c: &contests::Contest) -> Vec<String> {
    c.practice_opponents.split(',').filter(|w| !w.is_empty()).map(str::to_string).collect()
}

fn contest_summary(c: &contests::Contest, now: OffsetDateTime) -> ContestSummary {
    ContestSummary {
        slug: c.slug.clone(),
        title: c.title.clone(),
        game: c.game.to_string(),
        deadline: c.deadline,
        open: c.is_open(now),
    }
}

/// The contests.
#[utoipa::path(get, path = "/api/contests", tag = "contests",
    responses((status = 200, body = [ContestSummary]), (status = 401, body = ErrorBody)))]
async fn list_contests(State(state): State<AppState>, _who: ApiUser) -> Result<Json<Vec<ContestSummary>>> {
    let now = OffsetDateTime::now_utc();
    let list = contests::list(&mut *state.pool.acquire().await?).await?;
    Ok(Json(list.iter().map(|c| contest_summary(c, now)).collect()))
}

/// One contest with its languages, settings and limits.
#[utoipa::path(get, path = "/api/contests/{slug}", tag = "contests",
    params(("slug" = String, Path, description = "the contest")),
    responses((status = 200, body = ContestDetail), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody)))]
async fn get_contest(
    State(state): State<AppState>,
    _who: ApiUser,
    Path(slug): Path<String>,
) -> Result<Json<ContestDetail>> {
    let c = contest_or_404(&state, &slug).await?;
    Ok(Json(ContestDetail {
        contest: contest_summary(&c, OffsetDateTime::now_utc()),
        languages: c
            .languages
            .iter()
            .map(|id| LanguageInfo {
                id: id.clone(),
                name: state.language_name(id),
                unavailable: state.languages.get(id).and_then(|l| l.unavailable()),
            })
            .collect(),
        settings: c.stored_settings(),
        limits: Limits {
            submit_interval_s: c.submit_interval_s,
            daily_budget_s: c.daily_budget_s,
            scoreboard_refresh_s: c.scoreboard_refresh_s,
            max_source_bytes: state.config.max_source_bytes,
            house_bots: c.house_bots.iter().map(ToString::to_string).collect(),
            practice_opponents: practice_words(&c),
            format: c.format.clone(),
            ladder_games_per_hour: c.ladder_games_per_hour,
            ladder_max_repeats: c.ladder_max_repeats,
        },
    }))
}

/// Submits a bot; it is compiled in the queue.
#[utoipa::path(post, path = "/api/contests/{slug}/submissions", tag = "submissions",
    params(("slug" = String, Path, description = "the contest")),
    request_body = SubmissionBody,
    responses((status = 201, body = SubmissionCreated),
              (status = 400, description = "`unknown_language`, `language_unavailable`, `empty_source`, `bad_json`, `bad_content_type`", body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, description = "`deadline_passed`", body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 413, body = ErrorBody),
              (status = 429, description = "`rate_limited`, with `Retry-After`", body = ErrorBody)))]
async fn create_submission(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
    ApiJson(body): ApiJson<SubmissionBody>,
) -> Result<(StatusCode, Json<SubmissionCreated>)> {
    let c = contest_or_404(&state, &slug).await?;
    let id = submit::submit(&state, &c, &user, body.language.trim(), body.source.as_bytes()).await?;
    Ok((StatusCode::CREATED, Json(SubmissionCreated { id, status: Status::Queued })))
}

/// A submission's status and compiler output (its owner and admins).
#[utoipa::path(get, path = "/api/submissions/{id}", tag = "submissions",
    params(("id" = i64, Path, description = "the submission")),
    responses((status = 200, body = SubmissionView), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_submission(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
) -> Result<Json<SubmissionView>> {
    let id: SubmissionId = id.parse().map_err(|_| AppError::not_found("submission"))?;
    let mut conn = state.pool.acquire().await?;
    let s = submissions::by_id(&mut conn, id).await?.ok_or_else(|| AppError::not_found("submission"))?;
    if s.user_id != user.id && !user.is_admin() {
        return Err(AppError::forbidden(crate::tr!("error-not-your-submission")));
    }
    let (slug, _) = contests::slug_and_title(&mut conn, s.contest_id).await?;
    let validity = s
        .validity
        .as_ref()
        .map(ValidityReport::deserialize)
        .transpose()
        .map_err(|e| AppError::Internal(anyhow::anyhow!("stored validity report: {e}")))?;
    Ok(Json(SubmissionView {
        id: s.id,
        contest: slug,
        status: s.status,
        compile_log: s.compile_log,
        language: s.language,
        created_at: s.created_at,
        compiled_at: s.compiled_at,
        validity,
        progress: crate::db::games::progress(&mut conn, s.id).await?,
    }))
}

/// `PATCH /api/contests/{slug}/settings`: `{"move_ms": 1500, "deadline": "...", ...}`; every
/// name of `botarena play --set`, the contest limits, `languages`, `title` and `deadline`
/// (null removes it). Validated as a whole; recorded in the audit log.
#[utoipa::path(patch, path = "/api/contests/{slug}/settings", tag = "admin",
    params(("slug" = String, Path, description = "the contest")),
    request_body(content = Object, description = "the settings to change, by name: numbers or strings; \
        `languages` and `house_bots` may be arrays; `\"deadline\": null` removes the deadline"),
    responses((status = 200, body = ContestSettings),
              (status = 400, description = "`invalid_setting`", body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn patch_settings(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
    ApiJson(body): ApiJson<serde_json::Map<String, Value>>,
) -> Result<Json<ContestSettings>> {
    if !user.is_admin() {
        return Err(AppError::forbidden(crate::tr!("error-admins-change-settings")));
    }
    let mut changes = Vec::new();
    for (k, v) in &body {
        let text = match v {
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            Value::Array(items)
                if ["languages", "house_bots", "practice_opponents"].contains(&k.as_str()) =>
            {
                items.iter().map(|i| i.as_str().unwrap_or_default().to_string()).collect::<Vec<_>>().join(",")
            }
            Value::Null if k == "deadline" => String::new(),
            _ => {
                return Err(AppError::bad(
                    "invalid_setting",
                    crate::tr!("error-setting-type", setting = k.as_str()),
                ))
            }
        };
        changes.push((k.clone(), text));
    }
    crate::service::contests::change_settings(
        &state.pool,
        Some(&user),
        &slug,
        &changes,
        &state.language_ids(),
    )
    .await?
    .map_err(|errs| {
        let detail = errs.iter().map(crate::web::field_errors::field_error).collect::<Vec<_>>().join("; ");
        AppError::bad("invalid_setting", crate::tr!("error-invalid-settings", detail = detail))
    })?;
    let c = contest_or_404(&state, &slug).await?;
    Ok(Json(ContestSettings {
        contest: contest_summary(&c, OffsetDateTime::now_utc()),
        settings: c.stored_settings(),
        languages: c.languages.clone(),
        limits: ContestLimits {
            submit_interval_s: c.submit_interval_s,
            daily_budget_s: c.daily_budget_s,
            scoreboard_refresh_s: c.scoreboard_refresh_s,
            house_bots: c.house_bots.iter().map(ToString::to_string).collect(),
            practice_opponents: practice_words(&c),
            format: c.format.clone(),
            ladder_games_per_hour: c.ladder_games_per_hour,
            ladder_max_repeats: c.ladder_max_repeats,
        },
    }))
}

/// Your tokens, without their secrets.
#[utoipa::path(get, path = "/api/tokens", tag = "tokens",
    responses((status = 200, body = [TokenView]), (status = 401, body = ErrorBody)))]
async fn list_tokens(State(state): State<AppState>, ApiUser(user): ApiUser) -> Result<Json<Vec<TokenView>>> {
    let list = tokens::list(&state.pool, user.id).await?;
    Ok(Json(
        list.into_iter()
            .map(|t| TokenView {
                id: t.id,
                name: t.name,
                created_at: t.created_at,
                last_used_at: t.last_used_at,
            })
            .collect(),
    ))
}

/// Creates a token; its secret is in this answer only.
#[utoipa::path(post, path = "/api/tokens", tag = "tokens",
    request_body = TokenBody,
    responses((status = 201, body = NewToken), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn create_token(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    ApiJson(body): ApiJson<TokenBody>,
) -> Result<(StatusCode, Json<NewToken>)> {
    let t = tokens::issue(&state.pool, user.id, &body.name).await?;
    Ok((StatusCode::CREATED, Json(NewToken { id: t.id, name: t.name, token: t.secret })))
}

/// Revokes one of your tokens.
#[utoipa::path(delete, path = "/api/tokens/{id}", tag = "tokens",
    params(("id" = i64, Path, description = "the token")),
    responses((status = 204, description = "revoked"), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody)))]
async fn revoke_token(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
) -> Result<StatusCode> {
    let id: i64 = id.parse().map_err(|_| AppError::not_found("token"))?;
    if tokens::revoke(&state.pool, user.id, id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(AppError::not_found("token"))
    }
}
