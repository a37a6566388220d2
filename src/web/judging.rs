//! The judging part of the JSON API: scoreboard, matches, games, logs.

use super::auth::ApiUser;
use super::contests::contest_or_404;
use super::error::{AppError, Result};
use super::input::Path;
use super::{rfc3339, AppState};
use crate::db;
use crate::db::games::{self, GameStatus};
use crate::db::users::User;
use crate::games::{frames, GameId};
use crate::judge::result::BotId;
use crate::judge::GameLog;
use crate::service::scoreboard;
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use time::OffsetDateTime;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/contests/{slug}/scoreboard", get(get_scoreboard))
        .route("/contests/{slug}/scoreboard/refresh", post(refresh_scoreboard))
        .route("/contests/{slug}/matches", get(list_matches))
        .route("/games/{id}", get(get_game))
        .route("/games/{id}/log", get(get_log))
}

pub(super) fn status_str(s: GameStatus) -> &'static str {
    match s {
        GameStatus::Queued => "queued",
        GameStatus::Running => "running",
        GameStatus::Done => "done",
        GameStatus::Cancelled => "cancelled",
        GameStatus::Failed => "failed",
    }
}

/// The stored snapshot of a contest's scoreboard, computed now if it has none yet; shared by
/// the API and the scoreboard page.
pub(super) async fn snapshot(state: &AppState, contest_id: i64) -> Result<(OffsetDateTime, Value)> {
    let mut conn = state.pool.acquire().await?;
    Ok(match db::scoreboard::scoreboard(&mut conn, contest_id).await? {
        Some(s) => s,
        None => scoreboard::refresh(&mut conn, contest_id).await?,
    })
}

async fn get_scoreboard(
    State(state): State<AppState>,
    _who: ApiUser,
    Path(slug): Path<String>,
) -> Result<Json<Value>> {
    let c = contest_or_404(&state, &slug).await?;
    let (at, rows) = snapshot(&state, c.id).await?;
    Ok(Json(json!({"computed_at": rfc3339(&at), "rows": rows})))
}

async fn refresh_scoreboard(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
) -> Result<Json<Value>> {
    if !user.is_admin() {
        return Err(AppError::forbidden("Only admins refresh the scoreboard."));
    }
    let c = contest_or_404(&state, &slug).await?;
    let (at, rows) = scoreboard::refresh(&mut *state.pool.acquire().await?, c.id).await?;
    Ok(Json(json!({"computed_at": rfc3339(&at), "rows": rows})))
}

#[derive(Deserialize)]
struct MatchesQuery {
    submission: Option<String>,
}

async fn list_matches(
    State(state): State<AppState>,
    _who: ApiUser,
    Path(slug): Path<String>,
    Query(q): Query<MatchesQuery>,
) -> Result<Json<Value>> {
    let c = contest_or_404(&state, &slug).await?;
    let id: i64 = q
        .submission
        .as_deref()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| AppError::bad("bad_submission", "Give `?submission=<id>`."))?;
    let mut conn = state.pool.acquire().await?;
    let sub = crate::db::submissions::by_id(&mut conn, id).await?;
    if sub.is_none_or(|s| s.contest_id != c.id) {
        return Err(AppError::not_found("submission"));
    }
    let rows = games::matches_of_submission(&mut conn, id).await?;
    Ok(Json(Value::Array(
        rows.iter()
            .map(|m| {
                json!({
                    "id": m.id,
                    "opponent": {"submission_id": m.opponent_submission, "nickname": m.opponent_nickname},
                    "games": m.games,
                    "status": status_str(m.status),
                    "points": m.points,
                })
            })
            .collect(),
    )))
}

pub(super) async fn game_or_404(state: &AppState, id: &str) -> Result<games::Game> {
    let id: i64 = id.parse().map_err(|_| AppError::not_found("game"))?;
    games::game(&mut *state.pool.acquire().await?, id).await?.ok_or_else(|| AppError::not_found("game"))
}

/// The game's result object with its replay `frames`, or its status while it is not played
/// yet: what the API answers and what the replay viewer loads.
pub(super) fn game_json(g: &games::Game) -> Value {
    let mut v = match &g.result {
        Some(r) if g.status == GameStatus::Done => {
            let mut v = r.clone();
            v["frames"] = replay_frames(g, r);
            v
        }
        _ => json!({"index": g.index}),
    };
    v["id"] = json!(g.id);
    v["match_id"] = json!(g.match_id);
    v["status"] = json!(status_str(g.status));
    v["submissions"] = json!({"a": g.submission_a, "b": g.submission_b});
    v["settings"] = g.settings.clone();
    v["finished_at"] = json!(g.finished_at.as_ref().map(rfc3339));
    v
}

/// Every position of a played game, computed by the rules from its stored moves (see
/// `games::frames`); when the moves do not all replay, the frames up to there, and the log says
/// why.
fn replay_frames(g: &games::Game, result: &Value) -> Value {
    let game: GameId = match g.game.parse() {
        Ok(game) => game,
        Err(e) => {
            tracing::warn!("game {}: no replay: {e}", g.id);
            return json!([]);
        }
    };
    let moves = result["moves"].as_array().map_or(&[][..], Vec::as_slice);
    let replay = frames::replay(game, &g.settings, &result["params"], moves);
    if let Some(why) = &replay.stopped {
        tracing::warn!("game {}: the replay stops after {} frames: {why}", g.id, replay.frames.len());
    }
    // Frames are plain structs of strings and numbers: serializing them cannot fail.
    serde_json::to_value(&replay.frames).unwrap_or_default()
}

async fn get_game(
    State(state): State<AppState>,
    _who: ApiUser,
    Path(id): Path<String>,
) -> Result<Json<Value>> {
    Ok(Json(game_json(&game_or_404(&state, &id).await?)))
}

/// Whether a user may read a game's log: the owners of its bots and admins.
pub(super) fn may_read_log(user: &User, g: &games::Game) -> bool {
    user.is_admin() || user.id == g.user_a || user.id == g.user_b
}

/// The log as text: an admin sees everything, the owner of a bot only that bot's DEBUG output
/// and stderr, anyone else nothing. Shared by the API (token) and the page route (session).
pub(super) fn log_text(user: &User, g: &games::Game) -> Result<String> {
    if !may_read_log(user, g) {
        return Err(AppError::forbidden("Only the owners of the game's bots and admins read its log."));
    }
    let Some(text) = &g.log else { return Err(AppError::not_found("log")) };
    let log: GameLog = serde_json::from_str(text).map_err(|e| AppError::Internal(e.into()))?;
    Ok(if user.is_admin() {
        log.to_text()
    } else if user.id == g.user_a {
        log.to_text_for(Some(BotId::A))
    } else {
        log.to_text_for(Some(BotId::B))
    })
}

async fn get_log(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
) -> Result<impl IntoResponse> {
    let g = game_or_404(&state, &id).await?;
    let body = log_text(&user, &g)?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body))
}
