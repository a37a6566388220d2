//! Running a contest, for admins: its settings with the audit history ([`settings`]),
//! rejudging, freezing and disqualifying ([`actions`]), starting the finals ([`finals`]), the standings as CSV ([`standings_csv`]),
//! the current sources as a zip ([`sources_zip`]), the list of submissions ([`submissions`]),
//! and the status of the queues and workers ([`status`]). What each action does is
//! `service::contests`; the pages (session, CSRF) and `/api` (token) are two faces of it, so both
//! validate and audit the same way.

use super::state::AppState;
use axum::routing::{get, post};
use axum::Router;

pub(super) mod actions;
pub(super) mod finals;
mod settings;
mod sources_zip;
mod standings_csv;
pub(super) mod status;
mod submissions;

pub use standings_csv::standings_csv_text;

/// The pages, under `/admin`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/admin/contests/{slug}/settings",
            get(settings::settings_page).post(settings::save_settings_form),
        )
        .route("/admin/contests/{slug}/rejudge", post(actions::rejudge_form))
        .route("/admin/contests/{slug}/freeze", post(actions::freeze_form))
        .route("/admin/contests/{slug}/unfreeze", post(actions::unfreeze_form))
        .route("/admin/contests/{slug}/finals", post(finals::finals_form))
        .route("/admin/contests/{slug}/standings.csv", get(standings_csv::standings_csv))
        .route("/admin/contests/{slug}/sources.zip", get(sources_zip::sources_zip))
        .route("/admin/submissions", get(submissions::submissions_page))
        .route("/admin/submissions/{id}/disqualify", post(actions::disqualify_form))
        .route("/admin/submissions/{id}/rejudge", post(actions::rejudge_submission_form))
        .route("/admin/status", get(status::status_page))
}

/// The JSON face, nested under `/api`.
pub fn api_router() -> Router<AppState> {
    Router::new()
        .route("/contests/{slug}/rejudge", post(actions::rejudge_api))
        .route("/contests/{slug}/freeze", post(actions::freeze_api))
        .route("/contests/{slug}/unfreeze", post(actions::unfreeze_api))
        .route("/contests/{slug}/finals", post(finals::finals_api).get(finals::get_finals_api))
        .route("/submissions/{id}/disqualify", post(actions::disqualify_api))
        .route("/submissions/{id}/rejudge", post(actions::rejudge_submission_api))
        .route("/queue", get(status::queue_api))
}
