//! The web server: pages (askama templates, usable without JavaScript) and the JSON API under
//! `/api`. This file holds only the list of modules and [`app`], which puts the areas' routers
//! together so that tests drive the whole HTTP stack with `oneshot`.
//!
//! The files import one way (`tests/architecture.rs` keeps them so):
//!
//! - **Areas** (one file, or a directory, per part of the site), each with its own `router()` of
//!   pages and `api_router()` of JSON routes: `auth` (login, first login, profile and tokens),
//!   `contests` (the contest list and page, submitting, one's submissions), `api` (the JSON of
//!   contests, submissions and tokens), `statement` (the rules page, starters, the binary),
//!   `judging/` (scoreboard, matrix, standing over time, a submission's matches, one game),
//!   `practice`, `test_matches`, `announcements`, `similarity`, `admin` (the admin home, roster
//!   import), `admin_users`, `admin_contest/` (running a contest), `metrics`. An area imports the
//!   shared files below, the service and the database's reads — never another area.
//! - **Shared files**, which import only each other: `state` ([`AppState`]), `extract` (who is
//!   asking, the JSON body, the contest, game or submission a request names), `render` (templates
//!   into responses, the navigation bar, the error page, how times and statuses read), `error`,
//!   `input` (plain fields, checked), `api_types`, `markdown`, `scoreboard_view` (the scoreboard
//!   rendered once per snapshot), `submit` (the checks of a submission), `confirm` (the step
//!   before an action hard to undo), `opponent_menu` (the test-match form's opponents),
//!   `client` (the client's address), `headers` (the security headers), `session_cache`, `i18n`
//!   (the reader's language and time zone, the message catalogs), `format` (how times read),
//!   `move_rules` (the rule a move breaks, in the reader's language).
//! - **Assembly**: this file, the `mod.rs` of an area's directory, and `openapi` (the API's
//!   document, naming the handlers).

pub mod admin;
pub mod admin_contest;
pub mod admin_users;
pub mod announcements;
pub mod api;
pub mod api_types;
pub mod auth;
pub mod client;
pub mod confirm;
pub mod contests;
pub mod error;
pub mod extract;
pub mod field_errors;
pub mod flash;
pub mod format;
pub mod headers;
pub mod i18n;
pub mod input;
pub mod judging;
pub mod markdown;
pub mod metrics;
pub mod move_rules;
pub mod openapi;
pub mod opponent_menu;
pub mod practice;
pub mod render;
pub mod scoreboard_view;
pub mod session_cache;
pub mod setting_help;
pub mod similarity;
pub mod state;
pub mod statement;
pub mod submit;
pub mod test_matches;

pub use state::AppState;

use axum::response::{IntoResponse, Redirect};
use axum::routing::get;
use axum::Router;
use error::{AppError, PageError};
use tower_http::services::ServeDir;
use tower_sessions::cookie::SameSite;
use tower_sessions::{Expiry, SessionManagerLayer};
use tower_sessions_sqlx_store::PostgresStore;

/// The whole application: pages, API, static files, sessions stored in Postgres, and the
/// security headers on every response (`headers`).
pub fn app(state: AppState) -> Router {
    let https = state.config.secure_cookies;
    let store = session_cache::Cached::new(PostgresStore::new(state.pool.clone()));
    let sessions = SessionManagerLayer::new(store)
        .with_name("botarena_session")
        .with_http_only(true)
        .with_same_site(SameSite::Lax)
        .with_secure(state.config.secure_cookies)
        .with_expiry(Expiry::OnInactivity(time::Duration::minutes(state.config.session_minutes)));
    let static_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
    let static_dir =
        std::env::var_os("BOTARENA_STATIC_DIR").map(std::path::PathBuf::from).unwrap_or(static_dir);
    let router = Router::new()
        .route("/", get(|| async { Redirect::to("/contests") }))
        // Browsers ask for `/favicon.ico` of a page without `<link rel=icon>` (a raw file, a JSON answer).
        .route("/favicon.ico", get(|| async { Redirect::permanent("/static/favicon.svg") }))
        .merge(auth::router())
        .merge(contests::router(&state))
        .merge(admin::router())
        .merge(admin_users::router())
        .merge(judging::router())
        .merge(statement::router())
        .merge(practice::router())
        .merge(test_matches::router())
        .merge(admin_contest::router())
        .merge(announcements::router())
        .merge(similarity::router())
        .nest("/api", api_routes(&state))
        .merge(metrics::router())
        .nest_service("/static", static_files(static_dir))
        .route_layer(axum::middleware::from_fn(metrics::note_route))
        .fallback(|| async { PageError(AppError::not_found("page")) })
        .layer(sessions)
        .layer(axum::middleware::from_fn(i18n::middleware))
        // gzip or brotli for whoever accepts them: pages, JSON, CSS and JS (not images).
        .layer(tower_http::compression::CompressionLayer::new())
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .layer(axum::middleware::from_fn(metrics::track))
        .with_state(state);
    // Outermost, so that every answer of the layers inside (a 405, a rejected body) has them too.
    headers::with_security_headers(router, https)
}

/// The JSON API, nested under `/api`: each area's JSON routes and the OpenAPI document.
fn api_routes(state: &AppState) -> Router<AppState> {
    Router::new()
        .route("/openapi.json", get(openapi::serve))
        .merge(api::api_router(state))
        .merge(judging::api_router())
        .merge(practice::api_router())
        .merge(test_matches::api_router())
        .merge(announcements::api_router())
        .merge(admin_contest::api_router())
        .merge(similarity::api_router())
        .fallback(|| async { AppError::not_found("api-endpoint") })
}

/// The stylesheet directory. A file name longer than any file system allows would make
/// `ServeDir` answer 500 (`ENAMETOOLONG`); it is simply not found.
fn static_files(dir: std::path::PathBuf) -> axum::routing::MethodRouter {
    let check =
        axum::middleware::from_fn(|req: axum::extract::Request, next: axum::middleware::Next| async move {
            if req.uri().path().split('/').any(|segment| segment.len() > 255) {
                return PageError(AppError::not_found("file")).into_response();
            }
            next.run(req).await
        });
    axum::routing::get_service(ServeDir::new(dir)).layer(check)
}
