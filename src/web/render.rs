//! Turning things into pages: a template into an HTML response ([`render`]), the navigation bar
//! of the base layout ([`Nav`]), an error as its page ([`PageError`]), downloads, list links, and
//! how times, statuses and outcomes read on pages and in the API.

use super::error::{AppError, PageError};
pub use super::format::{rfc3339, when};
use super::i18n::filters;
use crate::db::games::{GameOutcome, GameStatus};
use crate::db::ids::SubmissionId;
use askama::Template;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use serde::Serialize;

/// The navigation bar of the base layout: who is logged in, and the CSRF token of the logout form.
#[derive(Clone, Debug, Default)]
pub struct Nav {
    pub user: Option<String>,
    pub admin: bool,
    pub csrf: String,
}

impl Nav {
    /// The language tag of the page (`<html lang>`).
    pub fn lang(&self) -> &'static str {
        super::i18n::locale().tag()
    }

    /// The footer switch's languages: tag, name in itself, and whether it is the page's.
    pub fn languages(&self) -> Vec<(&'static str, &'static str, bool)> {
        let current = super::i18n::locale();
        super::i18n::Locale::OFFERED.iter().map(|l| (l.tag(), l.native_name(), *l == current)).collect()
    }

    /// The name of the time zone the page's times are in (`Asia/Shanghai`, or `UTC`).
    pub fn zone(&self) -> String {
        super::i18n::time_zone().iana_name().unwrap_or("UTC").to_string()
    }
}

/// Renders a template into an HTML response.
pub fn render<T: Template>(t: &T) -> Response {
    match t.render() {
        Ok(html) => Html(html).into_response(),
        Err(e) => PageError(AppError::Internal(e.into())).into_response(),
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    nav: Nav,
    title: String,
    message: String,
}

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        let e = self.0;
        let title = match e.status() {
            StatusCode::NOT_FOUND => "error-not-found",
            StatusCode::FORBIDDEN => "error-not-allowed",
            StatusCode::UNAUTHORIZED => "error-log-in",
            StatusCode::TOO_MANY_REQUESTS => "error-too-many",
            StatusCode::PAYLOAD_TOO_LARGE => "error-too-large",
            StatusCode::BAD_REQUEST => "error-bad-request",
            StatusCode::CONFLICT => "error-conflict",
            StatusCode::SERVICE_UNAVAILABLE => "error-busy",
            _ => "error-server",
        };
        let page = ErrorPage { nav: Nav::default(), title: super::i18n::t(title), message: e.message() };
        let html = page.render().unwrap_or_else(|_| "error".to_string());
        e.with_headers((e.status(), Html(html)).into_response())
    }
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

/// The path of a submission's matches page (the "user page" of the scoreboard).
pub fn matches_path(slug: &str, submission: SubmissionId) -> String {
    format!("/contests/{slug}/submissions/{submission}/matches")
}

/// A game's or a match's status as the pages show it (the API's names).
pub fn status_str(s: GameStatus) -> &'static str {
    match s {
        GameStatus::Queued => "queued",
        GameStatus::Running => "running",
        GameStatus::Done => "done",
        GameStatus::Cancelled => "cancelled",
        GameStatus::Failed => "failed",
    }
}

/// How a game went for its side: `won (no_moves)`, `lost (forfeit)`, `draw (board_full)`, or the
/// status while it is not done.
pub fn outcome_text(g: &GameOutcome) -> String {
    if g.status != GameStatus::Done {
        return status_str(g.status).to_string();
    }
    let verdict = match g.winner.as_deref() {
        None => "draw",
        Some(w) if w == g.side => "won",
        Some(_) => "lost",
    };
    format!("{verdict} ({})", g.end_reason.as_deref().unwrap_or("?"))
}

/// A decided match's games `won–drawn–lost`; empty until it is decided.
pub fn tally(won: Option<i32>, drawn: Option<i32>, lost: Option<i32>) -> String {
    match (won, drawn, lost) {
        (Some(w), Some(d), Some(l)) => format!("{w}–{d}–{l}"),
        _ => String::new(),
    }
}

/// JSON that is safe inside `<script type="application/json">`: no `</script>` can close it early.
pub fn script_json(v: &impl Serialize) -> String {
    // Plain data with string keys: serializing it cannot fail.
    let text = serde_json::to_string(v).unwrap_or_default();
    text.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}
