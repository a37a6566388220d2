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

/// A game's or a match's status in the reader's language (a page's text; the API keeps its words,
/// and pages keep [`status_str`] for their CSS classes).
pub fn status_text(s: GameStatus) -> String {
    crate::tr!(match s {
        GameStatus::Queued => "judging-status-queued",
        GameStatus::Running => "judging-status-running",
        GameStatus::Done => "judging-status-done",
        GameStatus::Cancelled => "judging-status-cancelled",
        GameStatus::Failed => "judging-status-failed",
    })
}

/// The end reasons of every game (`EndReason`'s words), each with its message `reason-{word}`.
const REASONS: &[&str] = &[
    "no_moves",
    "no_pieces",
    "round_limit",
    "four_in_a_row",
    "board_full",
    "crash",
    "forfeit",
    "unfinished",
];

/// The forfeit kinds (`ForfeitKind`'s words), each with its message `forfeit-{word}`.
const FORFEITS: &[&str] = &[
    "start_timeout",
    "move_timeout",
    "time_bank",
    "illegal_move",
    "bad_output",
    "unexpected_output",
    "exited",
    "memory_limit",
    "output_limit",
    "sandbox_violation",
];

/// Why a game ended (`four_in_a_row`, `forfeit`, ...) as the reader's language says it; a word
/// without a message shows as it is.
pub fn reason_text(word: &str) -> String {
    if REASONS.contains(&word) {
        super::i18n::t(&format!("reason-{word}"))
    } else {
        word.to_string()
    }
}

/// A forfeit's kind (`illegal_move`, ...) as the reader's language says it.
pub fn forfeit_text(word: &str) -> String {
    if FORFEITS.contains(&word) {
        super::i18n::t(&format!("forfeit-{word}"))
    } else {
        word.to_string()
    }
}

/// Every end reason's and forfeit kind's message, keyed by its word, for a page's script:
/// `{"reasons": {...}, "forfeits": {...}}` entries of [`script_messages`].
pub fn reason_messages() -> Vec<(String, String)> {
    REASONS
        .iter()
        .map(|w| (format!("reason-{w}"), reason_text(w)))
        .chain(FORFEITS.iter().map(|w| (format!("forfeit-{w}"), forfeit_text(w))))
        .collect()
}

/// The messages a page's script needs, as JSON for a `<script type="application/json">` block:
/// each key's message in the reader's language, its arguments given as `{name}` for the script
/// to replace (a message with a number must not depend on its plural form), and `extra` pairs.
pub fn script_messages(keys: &[(&str, &[&'static str])], extra: Vec<(String, String)>) -> String {
    use fluent_templates::fluent_bundle::FluentValue;
    let mut map = serde_json::Map::new();
    for (key, args) in keys {
        let text = if args.is_empty() {
            super::i18n::t(key)
        } else {
            super::i18n::t_args(key, args.iter().map(|a| (*a, FluentValue::from(format!("{{{a}}}")))))
        };
        map.insert(key.to_string(), serde_json::Value::String(text));
    }
    for (k, v) in extra {
        map.insert(k, serde_json::Value::String(v));
    }
    script_json(&serde_json::Value::Object(map))
}

/// How a game went for its side, in the reader's language: `won (four in a row)`, `lost
/// (forfeit)`, `draw (board full)`, or the status while it is not done.
pub fn outcome_text(g: &GameOutcome) -> String {
    if g.status != GameStatus::Done {
        return status_text(g.status);
    }
    let reason = reason_text(g.end_reason.as_deref().unwrap_or("?"));
    match g.winner.as_deref() {
        None => crate::tr!("judging-outcome-draw", reason = reason),
        Some(w) if w == g.side => crate::tr!("judging-outcome-won", reason = reason),
        Some(_) => crate::tr!("judging-outcome-lost", reason = reason),
    }
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

/// The messages of `static/replay.js` and `static/live.js` (with their arguments), for the game
/// and practice pages' `messages` block.
pub const REPLAY_MESSAGES: &[(&str, &[&str])] = &[
    ("replay-king-letter", &[]),
    ("replay-checkers-black", &["player", "count"]),
    ("replay-checkers-white", &["player", "count"]),
    ("replay-checkers-taking", &["path", "taken"]),
    ("replay-first-player", &["player"]),
    ("replay-second-player", &["player"]),
    ("replay-connect4-column", &["column"]),
    ("replay-connect4-column-line", &["column"]),
    ("replay-ott-cells", &["player", "letter", "count"]),
    ("replay-ott-cell", &["row", "column"]),
    ("replay-mathtricks-to", &["x", "y", "cell"]),
    ("replay-tron-tick", &["tick"]),
    ("replay-tron-heads", &["a", "at_a", "b", "at_b"]),
    ("replay-line-move", &["move"]),
    ("replay-winner", &["bot"]),
    ("replay-winner-reason", &["bot", "reason"]),
    ("replay-draw", &[]),
    ("replay-draw-reason", &["reason"]),
    ("replay-forfeited", &["bot", "kind"]),
    ("replay-missing-unplayable", &[]),
    ("replay-missing-viewer", &["game"]),
    ("replay-button-first", &[]),
    ("replay-button-first-title", &[]),
    ("replay-button-back", &[]),
    ("replay-button-back-title", &[]),
    ("replay-button-play", &[]),
    ("replay-button-play-title", &[]),
    ("replay-button-pause", &[]),
    ("replay-button-forward", &[]),
    ("replay-button-forward-title", &[]),
    ("replay-button-last", &[]),
    ("replay-button-last-title", &[]),
    ("replay-speed", &[]),
    ("replay-speed-slow", &[]),
    ("replay-speed-normal", &[]),
    ("replay-speed-fast", &[]),
    ("replay-speed-very-fast", &[]),
    ("replay-short", &["move", "count"]),
    ("replay-said-both", &[]),
    ("replay-said-bot", &["bot"]),
    ("replay-said-yours", &[]),
    ("replay-no-lines", &[]),
    ("replay-lines-untied", &[]),
    ("replay-move-by", &["move", "bot", "text"]),
    ("replay-move-text", &["move", "text"]),
    ("replay-start", &[]),
    ("replay-move", &["move"]),
    ("replay-live-playing", &["count"]),
    ("replay-live-bot", &["bot"]),
    ("replay-live-your-bot-says", &[]),
    ("replay-live-over", &[]),
];

/// The messages of `static/play.js` (the practice page), beside [`REPLAY_MESSAGES`].
pub const PRACTICE_MESSAGES: &[(&str, &[&str])] = &[
    ("practice-capture", &["from"]),
    ("practice-capture-longest", &["count", "from"]),
    ("practice-not-legal", &[]),
    ("practice-disconnected", &[]),
    ("practice-you-left", &["bot"]),
    ("practice-you-won", &["reason"]),
    ("practice-bot-won", &["bot", "reason"]),
    ("practice-draw", &["reason"]),
    ("practice-you-forfeited", &["kind"]),
    ("practice-you", &[]),
    ("practice-place-button", &[]),
    ("practice-place-hint", &[]),
    ("practice-your-move", &[]),
    ("practice-bot-thinking", &["bot"]),
    ("practice-steering", &[]),
    ("practice-clock-every", &["ms"]),
    ("practice-clock-ticks", &[]),
    ("practice-limits", &["bot", "think", "move", "patience"]),
    ("practice-limits-thinking", &["bot", "think", "now", "move", "patience"]),
    ("practice-bot-says", &["bot"]),
    ("practice-leave-confirm", &[]),
];
