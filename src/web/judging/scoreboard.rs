//! The scoreboard: its page (from the rendered snapshot, `scoreboard_view`) and the API's
//! scoreboard, with the admins' refresh.

use crate::db;
use crate::db::ids::{ContestId, SubmissionId};
use crate::service::{finals, scoreboard};
use crate::tr;
use crate::web::api_types::{ErrorBody, Scoreboard};
use crate::web::error::{AppError, PageResult, Result};
use crate::web::extract::{contest_or_404, ApiUser, PageUser};
use crate::web::i18n::filters;
use crate::web::input::Path;
use crate::web::render::{render, when, Nav};
use crate::web::scoreboard_view::{self, next_refresh};
use crate::web::state::AppState;
use askama::Template;
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

/// The page.
pub fn router() -> Router<AppState> {
    Router::new().route("/contests/{slug}/scoreboard", get(scoreboard))
}

/// The JSON face, nested under `/api`.
pub fn api_router() -> Router<AppState> {
    Router::new()
        .route("/contests/{slug}/scoreboard", get(get_scoreboard))
        .route("/contests/{slug}/scoreboard/refresh", post(refresh_scoreboard))
}

#[derive(Template)]
#[template(path = "judging/scoreboard.html")]
struct ScoreboardPage<'a> {
    nav: Nav,
    slug: &'a str,
    title: &'a str,
    computed_at: String,
    /// When the next snapshot is due at the latest; none while frozen.
    next_refresh: Option<String>,
    students: usize,
    /// This page (1-based) of `pages`, its first and last row.
    page: usize,
    pages: usize,
    first: usize,
    last: usize,
    /// The viewer's row: its page, submission and rank.
    find_me: Option<(usize, SubmissionId, u64)>,
    rows: String,
    has_house: bool,
    house: &'a str,
    /// The finals once started: their state in a sentence and their table's rows.
    finals: Option<(String, String)>,
}

impl ScoreboardPage<'_> {
    /// The link to the viewer's own row.
    fn find_me_href(&self, page: &usize, id: &SubmissionId) -> String {
        format!("/contests/{}/scoreboard?page={page}#s{id}", self.slug)
    }
}

#[derive(Deserialize)]
struct PageQuery {
    page: Option<String>,
}

/// The scoreboard from the rendered snapshot (`scoreboard_view`): `?page=N`, `PAGE_ROWS` students
/// a page, the house bots below on every page; the viewer's row highlighted and a "find me" link to
/// it. Answered `304 Not Modified` when the browser has this very page.
async fn scoreboard(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
    Query(q): Query<PageQuery>,
    headers: HeaderMap,
) -> PageResult {
    let head = state.scoreboards.head(&state.pool, &slug).await?;
    let r = state.scoreboards.get(&state.pool, &state.languages, &head).await?;
    let pages = r.pages.len();
    let page = q.page.as_deref().and_then(|p| p.parse::<usize>().ok()).unwrap_or(1).clamp(1, pages);
    let own = r.own.get(&who.user.id).copied();
    let nav = who.nav().await?;
    let finals = finals_table(&state, head.contest_id, &head.slug).await?;
    let etag = scoreboard_view::etag(&r, (page, &nav.user, nav.admin, &nav.csrf, own, &head.title, &finals));
    let validators = scoreboard_view::validators(&r, etag.clone());
    if scoreboard_view::not_modified(&headers, &etag, r.computed_at) {
        return Ok((StatusCode::NOT_MODIFIED, validators).into_response());
    }
    let me = own.filter(|(p, _, _)| *p + 1 == page).map(|(_, id, _)| id);
    let first = (page - 1) * scoreboard_view::PAGE_ROWS;
    let page_view = ScoreboardPage {
        nav,
        slug: &head.slug,
        title: &head.title,
        computed_at: when(&r.computed_at),
        next_refresh: r.next_refresh_at.as_ref().map(when),
        students: r.students,
        page,
        pages,
        first: first + 1,
        last: (first + scoreboard_view::PAGE_ROWS).min(r.students),
        find_me: own.map(|(p, id, rank)| (p + 1, id, rank)),
        rows: r.page_rows(page - 1, me),
        has_house: !r.house.trim().is_empty(),
        house: &r.house,
        finals,
    };
    Ok((validators, render(&page_view)).into_response())
}

/// The finals' state and table rows, once they started (`service::finals`): computed on each
/// view, from the few final matches.
async fn finals_table(state: &AppState, contest: ContestId, slug: &str) -> Result<Option<(String, String)>> {
    let mut conn = state.pool.acquire().await?;
    let Some(f) = finals::standings(&mut conn, contest).await? else { return Ok(None) };
    let key = if f.unfinished == 0 { "finals-state-over" } else { "finals-state-progress" };
    let text = tr!(
        key,
        top = f.top_k,
        started = when(&f.started_at),
        over = f.matches - f.unfinished,
        matches = f.matches
    );
    Ok(Some((text, scoreboard_view::table_rows(&state.languages, slug, &f.rows)?)))
}

#[derive(Deserialize)]
pub(crate) struct WindowQuery {
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
pub(crate) async fn get_scoreboard(
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
            .map_err(|_| AppError::bad("bad_window", crate::tr!("error-bad-window")))
    };
    let (offset, limit) = (number(&q.offset)?.unwrap_or(0), number(&q.limit)?);
    let head = state.scoreboards.head(&state.pool, &slug).await?;
    let r = state.scoreboards.get(&state.pool, &state.languages, &head).await?;
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
pub(crate) async fn refresh_scoreboard(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
) -> Result<Json<Scoreboard>> {
    if !user.is_admin() {
        return Err(AppError::forbidden(crate::tr!("error-admins-refresh-scoreboard")));
    }
    let c = contest_or_404(&state, &slug).await?;
    let mut conn = state.pool.acquire().await?;
    let (computed_at, rows) = scoreboard::refresh(&mut conn, c.id).await?;
    let frozen = db::scoreboard::frozen_at(&mut conn, c.id).await?.is_some();
    Ok(Json(Scoreboard { computed_at, next_refresh_at: next_refresh(&c, computed_at, frozen), rows }))
}
