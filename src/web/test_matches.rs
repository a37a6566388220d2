//! Test matches in the browser and through the API (`docs/api.md`, "Test matches"): the "My test
//! matches" page with its form (also on a submission's page), one test match's page, and the JSON
//! routes. What a test match is and who may play whom is [`crate::service::test_matches`]'s.

use super::api_types::{ErrorBody, Opponent as OpponentView, TestMatchBody, TestMatchCreated, TestMatchView};
use super::error::{AppError, PageError, Result};
use super::extract::{check_csrf, contest_or_404, ApiJson, ApiUser, PageUser};
use super::input::{Form, Path};
use super::opponent_menu::{opponent_menu, OpponentMenu};
use super::render::{outcome_text, render, status_str, tally, when, Nav};
use super::state::AppState;
use crate::db::games::GameStatus;
use crate::db::ids::{GameRecordId, MatchId};
use crate::db::submissions;
use crate::db::test_matches::{self, TestMatch};
use crate::service::practice::Opponent;
use crate::service::test_matches::{self as service, TestMatchError};
use crate::web::i18n::filters;
use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use std::collections::HashMap;

/// Test matches a student's page lists (the newest).
const LISTED: i64 = 100;

/// The API's routes (under `/api`).
pub fn api_router() -> Router<AppState> {
    Router::new()
        .route("/contests/{slug}/test-matches", post(create_api).get(list_api))
        .route("/test-matches/{id}", get(get_api))
}

/// The pages.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/contests/{slug}/test-matches", get(list_page).post(create_page))
        .route("/test-matches/{id}", get(match_page))
}

fn view_of(m: TestMatch) -> TestMatchView {
    TestMatchView {
        id: m.id,
        contest: m.slug,
        status: m.status,
        submission_id: m.submission,
        opponent: OpponentView { submission_id: m.opponent_submission, nickname: m.opponent_nickname },
        games: m.games,
        points: m.points,
        games_won: m.games_won,
        games_lost: m.games_lost,
        games_drawn: m.games_drawn,
        created_at: m.created_at,
        finished_at: m.finished_at,
    }
}

fn match_id(text: &str) -> Result<MatchId, AppError> {
    text.parse().map_err(|_| AppError::not_found("test match"))
}

/// Queues a test match of the caller's current submission against an opponent.
#[utoipa::path(post, path = "/api/contests/{slug}/test-matches", tag = "test matches",
    params(("slug" = String, Path, description = "the contest")),
    request_body = TestMatchBody,
    responses((status = 201, body = TestMatchCreated), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              (status = 429, body = ErrorBody)))]
pub(super) async fn create_api(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
    ApiJson(body): ApiJson<TestMatchBody>,
) -> Result<(StatusCode, Json<TestMatchCreated>)> {
    let opponent =
        Opponent::from_json(&body.opponent).map_err(|e| TestMatchError::BadOpponent(e.to_string()))?;
    let id = service::request(&mut *state.pool.acquire().await?, user.id, &slug, &opponent).await?;
    Ok((StatusCode::CREATED, Json(TestMatchCreated { id })))
}

/// The caller's test matches in a contest, newest first (at most 100).
#[utoipa::path(get, path = "/api/contests/{slug}/test-matches", tag = "test matches",
    params(("slug" = String, Path, description = "the contest")),
    responses((status = 200, body = [TestMatchView]), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn list_api(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
) -> Result<Json<Vec<TestMatchView>>> {
    let c = contest_or_404(&state, &slug).await?;
    let list = test_matches::of_user(&mut *state.pool.acquire().await?, c.id, user.id, LISTED).await?;
    Ok(Json(list.into_iter().map(view_of).collect()))
}

/// One test match: its status, opponent, games and, once done, the caller's points.
#[utoipa::path(get, path = "/api/test-matches/{id}", tag = "test matches",
    params(("id" = i64, Path, description = "the test match")),
    responses((status = 200, body = TestMatchView), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn get_api(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
) -> Result<Json<TestMatchView>> {
    let id = match_id(&id)?;
    let m = service::view(&mut *state.pool.acquire().await?, id, user.id, user.is_admin()).await?;
    Ok(Json(view_of(m)))
}

/// A game of a test match on its page: how it went for the student.
struct GameLine {
    id: GameRecordId,
    number: usize,
    outcome: String,
}

/// A test match in the list.
struct MatchLine {
    id: MatchId,
    opponent: String,
    status: &'static str,
    points: Option<i32>,
    /// `won–drawn–lost` games, once done.
    tally: String,
    created: String,
    games: Vec<GameLine>,
}

/// The lines of these test matches, each game with how it went for side `a`, the student.
async fn lines(conn: &mut sqlx::PgConnection, list: Vec<TestMatch>) -> sqlx::Result<Vec<MatchLine>> {
    let ids: Vec<MatchId> = list.iter().map(|m| m.id).collect();
    let outcomes: HashMap<GameRecordId, String> =
        test_matches::outcomes(conn, &ids).await?.into_iter().map(|g| (g.id, outcome_text(&g))).collect();
    Ok(list
        .into_iter()
        .map(|m| MatchLine {
            id: m.id,
            opponent: format!("{} (#{})", m.opponent_nickname, m.opponent_submission),
            status: status_str(m.status),
            points: m.points,
            tally: tally(m.games_won, m.games_drawn, m.games_lost),
            created: when(&m.created_at),
            games: m
                .games
                .iter()
                .enumerate()
                .map(|(i, g)| GameLine {
                    id: *g,
                    number: i + 1,
                    outcome: outcomes.get(g).cloned().unwrap_or_default(),
                })
                .collect(),
        })
        .collect())
}

#[derive(Template)]
#[template(path = "test_matches/list.html")]
struct ListPage {
    nav: Nav,
    slug: String,
    title: String,
    menu: OpponentMenu,
    has_submission: bool,
    error: Option<String>,
    matches: Vec<MatchLine>,
}

async fn list_page_with(
    state: &AppState,
    page: &PageUser,
    slug: &str,
    error: Option<String>,
) -> Result<Response> {
    let c = contest_or_404(state, slug).await?;
    let mut conn = state.pool.acquire().await?;
    let menu = opponent_menu(&mut conn, &c, page.user.id).await?;
    let has_submission = submissions::current_of(&mut conn, c.id, page.user.id).await?.is_some();
    let list = test_matches::of_user(&mut conn, c.id, page.user.id, LISTED).await?;
    let matches = lines(&mut conn, list).await?;
    drop(conn);
    Ok(render(&ListPage {
        nav: page.nav().await?,
        slug: c.slug,
        title: c.title,
        menu,
        has_submission,
        error,
        matches,
    }))
}

async fn list_page(
    State(state): State<AppState>,
    page: PageUser,
    Path(slug): Path<String>,
) -> Result<Response, PageError> {
    Ok(list_page_with(&state, &page, &slug, None).await?)
}

#[derive(Deserialize)]
struct CreateForm {
    csrf: String,
    opponent: String,
    #[serde(default)]
    submission: String,
}

async fn create_page(
    State(state): State<AppState>,
    page: PageUser,
    Path(slug): Path<String>,
    Form(form): Form<CreateForm>,
) -> Result<Response, PageError> {
    check_csrf(&page.session, &form.csrf).await?;
    let opponent =
        if form.opponent == "submission" { form.submission.trim() } else { form.opponent.as_str() };
    let created = match Opponent::parse(opponent) {
        Ok(o) => service::request(&mut *state.pool.acquire().await?, page.user.id, &slug, &o).await,
        Err(e) => Err(TestMatchError::BadOpponent(e.to_string())),
    };
    match created {
        Ok(id) => Ok(Redirect::to(&format!("/test-matches/{id}")).into_response()),
        Err(e @ (TestMatchError::NoSuchContest | TestMatchError::Db(_) | TestMatchError::Other(_))) => {
            Err(AppError::from(e).into())
        }
        Err(e) => Ok(list_page_with(&state, &page, &slug, Some(AppError::from(e).message())).await?),
    }
}

#[derive(Template)]
#[template(path = "test_matches/one.html")]
struct MatchPage {
    nav: Nav,
    slug: String,
    title: String,
    m: MatchLine,
    submission: String,
    finished: String,
    /// Games of the test lane to be played before this match's first (while it is queued).
    ahead: Option<i64>,
    /// Whether the page reloads itself (the match is not over).
    pending: bool,
}

async fn match_page(
    State(state): State<AppState>,
    page: PageUser,
    Path(id): Path<String>,
) -> Result<Response, PageError> {
    let id = match_id(&id)?;
    let mut conn = state.pool.acquire().await?;
    let m = service::view(&mut conn, id, page.user.id, page.user.is_admin()).await.map_err(AppError::from)?;
    let (slug, title) =
        crate::db::contests::slug_and_title(&mut conn, m.contest_id).await.map_err(AppError::from)?;
    let pending = matches!(m.status, GameStatus::Queued | GameStatus::Running);
    let ahead = if m.status == GameStatus::Queued {
        Some(test_matches::queued_ahead(&mut conn, id).await.map_err(AppError::from)?)
    } else {
        None
    };
    let submission = m.submission.to_string();
    let finished = m.finished_at.as_ref().map(when).unwrap_or_default();
    let line = lines(&mut conn, vec![m]).await.map_err(AppError::from)?.remove(0);
    drop(conn);
    Ok(render(&MatchPage {
        nav: page.nav().await?,
        slug,
        title,
        m: line,
        submission,
        finished,
        ahead,
        pending,
    }))
}
