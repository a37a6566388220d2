//! Judging as the pages and the API show it, one file per part, each with its pages and its
//! JSON: the scoreboard ([`scoreboard`]), its head-to-head matrix ([`matrix`]), a user's standing
//! over time ([`history`]: the API's, and the chart on the matches page), a submission's matches
//! ([`matches`]) and one game ([`games`]); a ladder contest's table of ratings ([`ladder`]).

use crate::web::state::AppState;
use axum::Router;

pub(super) mod games;
pub(super) mod history;
pub(super) mod ladder;
pub(super) mod matches;
pub(super) mod matrix;
pub(super) mod scoreboard;

/// The pages.
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(scoreboard::router())
        .merge(matrix::router())
        .merge(ladder::router())
        .merge(matches::router())
        .merge(games::router())
}

/// The JSON face, nested under `/api`.
pub fn api_router() -> Router<AppState> {
    Router::new()
        .merge(scoreboard::api_router())
        .merge(matrix::api_router())
        .merge(history::api_router())
        .merge(matches::api_router())
        .merge(games::api_router())
}
