//! Running a contest, for admins: its settings with the audit history ([`settings`]),
//! rejudging, freezing and disqualifying ([`actions`]), the standings as CSV ([`standings_csv`]),
//! and the status of the queues and workers ([`status`]). What each action does is
//! `service::contests`; the pages (session, CSRF) and `/api` (token) are two faces of it, so both
//! validate and audit the same way.

use super::api_types::{
    self, Counts, Disqualified, ErrorBody, FrozenScoreboard, QueueView, QueuedGame, WorkerView,
};
use super::auth::{check_csrf, ApiUser, PageUser};
use super::contests::contest_or_404;
use super::error::{AppError, PageResult, Result};
use super::input::{Form, FormPairs, Path};
use super::{render, rfc3339, when, AppState, Nav};
use crate::db::contests::{self, Contest, FieldError, NewContest};
use crate::db::games::{self, GameStatus};
use crate::db::ids::SubmissionId;
use crate::db::scoreboard::ScoreRow;
use crate::db::submissions::{self, Status};
use crate::db::users::User;
use crate::db::workers::QueueState;
use crate::db::{self, audit, users};
use crate::games::settings;
use crate::games::GameId;
use crate::service::{rejudge, scoreboard};
use askama::Template;
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Redirect};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Map, Value};

pub(super) mod actions;
mod settings;
mod standings_csv;
pub(super) mod status;

pub use standings_csv::standings_csv_text;

/// The pages, under `/admin`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/contests/{slug}/settings", get(settings::settings_page).post(settings::save_settings_form))
        .route("/admin/contests/{slug}/rejudge", post(actions::rejudge_form))
        .route("/admin/contests/{slug}/freeze", post(actions::freeze_form))
        .route("/admin/contests/{slug}/unfreeze", post(actions::unfreeze_form))
        .route("/admin/contests/{slug}/standings.csv", get(standings_csv::standings_csv))
        .route("/admin/submissions/{id}/disqualify", post(actions::disqualify_form))
        .route("/admin/status", get(status::status_page))
}

/// The JSON face, nested under `/api`.
pub fn api_router() -> Router<AppState> {
    Router::new()
        .route("/contests/{slug}/rejudge", post(actions::rejudge_api))
        .route("/contests/{slug}/freeze", post(actions::freeze_api))
        .route("/contests/{slug}/unfreeze", post(actions::unfreeze_api))
        .route("/submissions/{id}/disqualify", post(actions::disqualify_api))
        .route("/queue", get(status::queue_api))
}

pub(super) fn api_admin(user: &User) -> Result<()> {
    if user.is_admin() {
        Ok(())
    } else {
        Err(AppError::forbidden("Only admins may do this."))
    }
}

#[derive(Deserialize)]
pub(super) struct CsrfForm {
    #[serde(default)]
    pub(super) csrf: String,
}

/// The checks of every admin form post.
pub(super) async fn admin_post(who: &PageUser, form: &CsrfForm) -> Result<()> {
    who.require_admin()?;
    check_csrf(&who.session, &form.csrf).await
}
