//! The web server: pages (askama templates, usable without JavaScript) and the JSON API under
//! `/api`. One module per area, each with its own `router()`; [`app`] puts them together so that
//! tests drive the whole HTTP stack with `oneshot`.

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
pub mod flash;
pub mod headers;
pub mod history;
pub mod input;
pub mod judging;
pub mod matrix;
pub mod metrics;
pub mod openapi;
pub mod pages;
pub mod practice;
pub mod scoreboard_view;
pub mod session_cache;
pub mod similarity;
pub mod statement;
pub mod submit;
pub mod test_matches;

use crate::config::WebConfig;
use crate::judge::languages::Languages;
use askama::Template;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use sqlx::PgPool;
use std::sync::Arc;
use tokio::sync::Notify;
use tower_http::services::ServeDir;
use tower_sessions::cookie::SameSite;
use tower_sessions::{Expiry, SessionManagerLayer};
use tower_sessions_sqlx_store::PostgresStore;

/// What every handler can reach: the pool, the typed config and the configured languages.
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

pub struct Inner {
    pub pool: PgPool,
    pub config: WebConfig,
    pub languages: Arc<Languages>,
    /// Woken when a submission is queued, so the compile workers start at once.
    pub compile_wakeup: Arc<Notify>,
    /// Compiler versions and the executable's hash, found once (see [`statement::Facts`]).
    pub facts: statement::Facts,
    /// The scoreboard snapshots, rendered once each.
    pub scoreboards: scoreboard_view::Cache,
    /// The practice games being played (see [`crate::service::practice`]); they need
    /// `practice.enable(...)` with the launchers before any can start.
    pub practice: Arc<crate::service::practice::Practice>,
    /// A hash checked for unknown usernames, so a login takes as long whether or not the user exists.
    dummy_hash: String,
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

impl AppState {
    pub async fn new(
        pool: PgPool,
        config: WebConfig,
        languages: Arc<Languages>,
        compile_wakeup: Arc<Notify>,
    ) -> anyhow::Result<Self> {
        // Recording starts with the server, before any job finishes.
        crate::service::metrics::recorder();
        let dummy_hash = crate::service::password::hash(uuid::Uuid::new_v4().to_string()).await?;
        use crate::service::practice::PracticeConfig;
        let practice = Arc::new(crate::service::practice::Practice::new(
            pool.clone(),
            languages.clone(),
            PracticeConfig::of(&config),
        ));
        Ok(AppState(Arc::new(Inner {
            pool,
            config,
            languages,
            compile_wakeup,
            facts: statement::Facts::default(),
            scoreboards: scoreboard_view::Cache::default(),
            practice,
            dummy_hash,
        })))
    }

    /// Name and id of the configured languages.
    pub fn language_ids(&self) -> Vec<String> {
        self.languages.all().iter().map(|l| l.id.clone()).collect()
    }

    pub fn language_name(&self, id: &str) -> String {
        self.languages.get(id).map_or_else(|| id.to_string(), |l| l.name.clone())
    }
}

/// The navigation bar of the base layout: who is logged in, and the CSRF token of the logout form.
#[derive(Clone, Debug, Default)]
pub struct Nav {
    pub user: Option<String>,
    pub admin: bool,
    pub csrf: String,
}

/// Renders a template into an HTML response.
pub fn render<T: Template>(t: &T) -> Response {
    match t.render() {
        Ok(html) => Html(html).into_response(),
        Err(e) => error::PageError(error::AppError::Internal(e.into())).into_response(),
    }
}

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
        .merge(pages::router())
        .merge(matrix::router())
        .merge(statement::router())
        .merge(practice::router())
        .merge(test_matches::router())
        .merge(admin_contest::router())
        .merge(announcements::router())
        .merge(similarity::router())
        .nest("/api", api::router(&state))
        .merge(metrics::router())
        .nest_service("/static", static_files(static_dir))
        .route_layer(axum::middleware::from_fn(metrics::note_route))
        .fallback(|| async { error::PageError(error::AppError::NotFound("no such page".into())) })
        .layer(sessions)
        // gzip or brotli for whoever accepts them: pages, JSON, CSS and JS (not images).
        .layer(tower_http::compression::CompressionLayer::new())
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .layer(axum::middleware::from_fn(metrics::track))
        .with_state(state);
    // Outermost, so that every answer of the layers inside (a 405, a rejected body) has them too.
    headers::with_security_headers(router, https)
}

/// The stylesheet directory. A file name longer than any file system allows would make
/// `ServeDir` answer 500 (`ENAMETOOLONG`); it is simply not found.
fn static_files(dir: std::path::PathBuf) -> axum::routing::MethodRouter {
    let check =
        axum::middleware::from_fn(|req: axum::extract::Request, next: axum::middleware::Next| async move {
            if req.uri().path().split('/').any(|segment| segment.len() > 255) {
                return error::PageError(error::AppError::NotFound("no such file".into())).into_response();
            }
            next.run(req).await
        });
    axum::routing::get_service(ServeDir::new(dir)).layer(check)
}

/// A download: `body` as `content_type`, saved by the browser as `file_name` (plain ASCII
/// without quotes: a slug and a suffix).
pub fn attachment(content_type: &'static str, file_name: &str, body: impl IntoResponse) -> Response {
    let disposition = format!("attachment; filename=\"{file_name}\"");
    (
        [
            (axum::http::header::CONTENT_TYPE, content_type.to_string()),
            (axum::http::header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response()
}

/// `path` with a query string of the `pairs` that have a value (a list's link with its filters).
pub fn link_with(path: &str, pairs: &[(&str, &str)]) -> String {
    let mut q = form_urlencoded::Serializer::new(String::new());
    q.extend_pairs(pairs.iter().filter(|(_, v)| !v.is_empty()));
    match q.finish() {
        query if query.is_empty() => path.to_string(),
        query => format!("{path}?{query}"),
    }
}

/// How many pages `total` lines fill, `per_page` a page (at least one, empty).
pub fn page_count(total: i64, per_page: i64) -> i64 {
    ((total + per_page - 1) / per_page).max(1)
}

/// Formats a time for pages: `2026-11-22 14:05 UTC`.
pub fn when(t: &time::OffsetDateTime) -> String {
    let f = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute] UTC");
    t.to_offset(time::UtcOffset::UTC).format(&f).unwrap_or_default()
}

/// Formats a time for the API (RFC 3339).
pub fn rfc3339(t: &time::OffsetDateTime) -> String {
    t.format(&time::format_description::well_known::Rfc3339).unwrap_or_default()
}
