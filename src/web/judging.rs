//! The judging part of the JSON API: scoreboard, matches, games, logs.

use super::api_types::{ErrorBody, GameView, MatchView, Opponent, Played, Scoreboard, Sides};
use super::auth::ApiUser;
use super::contests::contest_or_404;
use super::error::{AppError, Result};
use super::input::Path;
use super::scoreboard_view;
use super::AppState;
use crate::db;
use crate::db::games::{self, GameStatus};
use crate::db::ids::{ContestId, GameRecordId, SubmissionId};
use crate::db::scoreboard::ScoreRow;
use crate::db::users::User;
use crate::games::frames::{self, Frames};
use crate::judge::result::{BotId, GameResult};
use crate::judge::GameLog;
use crate::service::scoreboard;
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use time::OffsetDateTime;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/contests/{slug}/scoreboard", get(get_scoreboard))
        .route("/contests/{slug}/scoreboard/refresh", post(refresh_scoreboard))
        .route("/contests/{slug}/matches", get(list_matches))
        .route("/games/{id}", get(get_game))
        .route("/games/{id}/log", get(get_log))
}

/// A game's or a match's status as the pages show it (the API's names).
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
/// the API, the scoreboard page and the standings CSV.
pub(crate) async fn snapshot(
    state: &AppState,
    contest_id: ContestId,
) -> Result<(OffsetDateTime, Vec<ScoreRow>)> {
    let mut conn = state.pool.acquire().await?;
    Ok(match db::scoreboard::scoreboard(&mut conn, contest_id).await? {
        Some(s) => s,
        None => scoreboard::refresh(&mut conn, contest_id).await?,
    })
}

#[derive(Deserialize)]
pub(super) struct WindowQuery {
    offset: Option<String>,
    limit: Option<String>,
}

/// The stored scoreboard snapshot; `?offset=&limit=` for a window of its rows (default: all of
/// them). `ETag` and `Last-Modified` let a client ask again with `If-None-Match` /
/// `If-Modified-Since` and get `304 Not Modified` until the next refresh; `X-Total-Count` is the
/// number of rows in the whole snapshot.
#[utoipa::path(get, path = "/api/contests/{slug}/scoreboard", tag = "judging",
    params(("slug" = String, Path, description = "the contest"),
           ("offset" = Option<u64>, Query, description = "rows to skip (default 0)"),
           ("limit" = Option<u64>, Query, description = "rows to return at most (default: all)")),
    responses((status = 200, body = Scoreboard,
               headers(("ETag" = String, description = "the snapshot's version"),
                       ("Last-Modified" = String, description = "when the snapshot was computed"),
                       ("X-Total-Count" = u64, description = "rows in the whole snapshot"))),
              (status = 304, description = "not modified since the `ETag` or date the client sent"),
              (status = 400, description = "`bad_window`", body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn get_scoreboard(
    State(state): State<AppState>,
    _who: ApiUser,
    Path(slug): Path<String>,
    Query(q): Query<WindowQuery>,
    headers: HeaderMap,
) -> Result<Response> {
    // Rendered once per snapshot (`scoreboard_view`).
    let number = |v: &Option<String>| -> Result<Option<usize>> {
        v.as_deref()
            .map(|s| s.parse::<usize>())
            .transpose()
            .map_err(|_| AppError::bad("bad_window", "`offset` and `limit` are numbers of rows (0 or more)."))
    };
    let (offset, limit) = (number(&q.offset)?.unwrap_or(0), number(&q.limit)?);
    let head = state.scoreboards.head(&state, &slug).await?;
    let r = state.scoreboards.get(&state, &head).await?;
    let etag = scoreboard_view::etag(&r, (offset, limit));
    let validators = scoreboard_view::validators(&r, etag.clone());
    if scoreboard_view::not_modified(&headers, &etag, r.computed_at) {
        return Ok((StatusCode::NOT_MODIFIED, validators).into_response());
    }
    let total = HeaderValue::from(r.row_count());
    Ok((
        validators,
        [(header::CONTENT_TYPE, HeaderValue::from_static("application/json")), (X_TOTAL_COUNT, total)],
        r.json_window(offset, limit),
    )
        .into_response())
}

/// The number of rows of the whole snapshot, beside a window of them.
const X_TOTAL_COUNT: header::HeaderName = header::HeaderName::from_static("x-total-count");

/// Recomputes the scoreboard now (admins).
#[utoipa::path(post, path = "/api/contests/{slug}/scoreboard/refresh", tag = "admin",
    params(("slug" = String, Path, description = "the contest")),
    responses((status = 200, body = Scoreboard), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn refresh_scoreboard(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
) -> Result<Json<Scoreboard>> {
    if !user.is_admin() {
        return Err(AppError::forbidden("Only admins refresh the scoreboard."));
    }
    let c = contest_or_404(&state, &slug).await?;
    let mut conn = state.pool.acquire().await?;
    let (computed_at, rows) = scoreboard::refresh(&mut conn, c.id).await?;
    let frozen = db::scoreboard::frozen_at(&mut conn, c.id).await?.is_some();
    Ok(Json(Scoreboard { computed_at, next_refresh_at: next_refresh(&c, computed_at, frozen), rows }))
}

/// When the snapshot computed at `computed_at` is due again at the latest; none while frozen.
pub(super) fn next_refresh(
    c: &crate::db::contests::Contest,
    computed_at: OffsetDateTime,
    frozen: bool,
) -> Option<OffsetDateTime> {
    (!frozen).then(|| computed_at + time::Duration::seconds(c.scoreboard_refresh_s.into()))
}

#[derive(Deserialize)]
pub(super) struct MatchesQuery {
    submission: Option<String>,
}

/// The submission of `?submission=<id>` in contest `c`: 400 `bad_submission` without one, 404 for
/// one of another contest or none.
pub(super) async fn submission_param(
    conn: &mut sqlx::PgConnection,
    c: &crate::db::contests::Contest,
    submission: Option<&str>,
) -> Result<crate::db::submissions::Submission> {
    let id: SubmissionId = submission
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| AppError::bad("bad_submission", "Give `?submission=<id>`."))?;
    let sub = crate::db::submissions::by_id(conn, id).await?.filter(|s| s.contest_id == c.id);
    sub.ok_or_else(|| AppError::not_found("submission"))
}

/// The matches of a submission against every opponent.
#[utoipa::path(get, path = "/api/contests/{slug}/matches", tag = "judging",
    params(("slug" = String, Path, description = "the contest"),
           ("submission" = i64, Query, description = "the submission")),
    responses((status = 200, body = [MatchView]), (status = 400, description = "`bad_submission`", body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn list_matches(
    State(state): State<AppState>,
    _who: ApiUser,
    Path(slug): Path<String>,
    Query(q): Query<MatchesQuery>,
) -> Result<Json<Vec<MatchView>>> {
    let c = contest_or_404(&state, &slug).await?;
    let mut conn = state.pool.acquire().await?;
    let id = submission_param(&mut conn, &c, q.submission.as_deref()).await?.id;
    let rows = games::matches_of_submission(&mut conn, id).await?;
    Ok(Json(
        rows.into_iter()
            .map(|m| MatchView {
                id: m.id,
                opponent: Opponent { submission_id: m.opponent_submission, nickname: m.opponent_nickname },
                games: m.games,
                replaced_games: m.replaced,
                status: m.status,
                points: m.points,
                opponent_current: m.opponent_current,
            })
            .collect(),
    ))
}

/// A game `viewer` may see: any game of the round robin; a test match's only for the student who
/// asked for it and admins (to anyone else it does not exist).
pub(super) async fn game_or_404(state: &AppState, id: &str, viewer: &User) -> Result<games::Game> {
    let id: GameRecordId = id.parse().map_err(|_| AppError::not_found("game"))?;
    games::game(&mut *state.pool.acquire().await?, id)
        .await?
        .filter(|g| g.requested_by.is_none_or(|asked| asked == viewer.id || viewer.is_admin()))
        .ok_or_else(|| AppError::not_found("game"))
}

/// The stored result of a game, read back typed, once the game is done.
pub(super) fn played(g: &games::Game) -> Result<Option<GameResult>> {
    match &g.result {
        Some(r) if g.status == GameStatus::Done => GameResult::deserialize(r)
            .map(Some)
            .map_err(|e| AppError::Internal(anyhow::anyhow!("game {}: stored result: {e}", g.id))),
        _ => Ok(None),
    }
}

/// The game's result object with its replay `frames`, or its status while it is not played
/// yet: what the API answers and what the replay viewer loads.
pub(super) fn game_view(g: &games::Game) -> Result<GameView> {
    let played = played(g)?.map(|result| {
        let frames = replay_frames(g, &result);
        Played { result, frames }
    });
    Ok(GameView {
        index: if played.is_none() { Some(g.index) } else { None },
        played,
        id: g.id,
        match_id: g.match_id,
        status: g.status,
        submissions: Sides { a: g.submission_a, b: g.submission_b },
        settings: g.settings.clone(),
        finished_at: g.finished_at,
        replaced_at: g.replacement.as_ref().map(|r| r.at),
        replaced_by: g.replacement.as_ref().and_then(|r| r.by),
    })
}

/// Every position of a played game, computed by the rules from its stored moves (see
/// `games::frames`); when the moves do not all replay, the frames up to there, and the log says
/// why.
fn replay_frames(g: &games::Game, result: &GameResult) -> Option<Frames> {
    match frames::replay_stored(g.game, &g.settings, &result.params, &result.moves) {
        Ok(replay) => {
            if let Some(why) = &replay.stopped {
                tracing::warn!("game {}: the replay stops after {} frames: {why}", g.id, replay.frames.len());
            }
            Some(replay.frames)
        }
        Err(why) => {
            tracing::warn!("game {}: no replay: {why}", g.id);
            Some(Frames::none(g.game))
        }
    }
}

/// A game's result object (`docs/result-json.md`) with its replay frames; until it has been
/// played, only `index` and the fields about the game.
#[utoipa::path(get, path = "/api/games/{id}", tag = "judging",
    params(("id" = i64, Path, description = "the game")),
    responses((status = 200, body = GameView), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn get_game(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
) -> Result<Json<GameView>> {
    Ok(Json(game_view(&game_or_404(&state, &id, &user).await?)?))
}

/// Whether a user may read a game's log: the owners of its bots and admins.
pub(super) fn may_read_log(user: &User, g: &games::Game) -> bool {
    user.is_admin() || user.id == g.user_a || user.id == g.user_b
}

/// The bots of `g` whose DEBUG output and standard error `user` may read: their own (both, in a
/// game against themselves), both for an admin, none for anyone else.
pub(super) fn private_sides(user: &User, g: &games::Game) -> Vec<BotId> {
    [(g.user_a, BotId::A), (g.user_b, BotId::B)]
        .into_iter()
        .filter(|(owner, _)| user.is_admin() || *owner == user.id)
        .map(|(_, bot)| bot)
        .collect()
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

/// The game's log as text: the owners of its bots (their own bot's DEBUG output and stderr) and
/// admins (everything).
#[utoipa::path(get, path = "/api/games/{id}/log", tag = "judging",
    params(("id" = i64, Path, description = "the game")),
    responses((status = 200, description = "the log", content_type = "text/plain", body = String),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn get_log(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
) -> Result<impl IntoResponse> {
    let g = game_or_404(&state, &id, &user).await?;
    let body = log_text(&user, &g)?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body))
}
