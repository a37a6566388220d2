//! Practice games in the browser and through the API (`docs/api.md`, "Practice games"): the
//! "Play" form of a contest, the game's page, and the JSON and WebSocket routes both use. The
//! game itself is [`crate::service::practice`]'s.

use super::api_types::{ErrorBody, PracticeBody, PracticeCreated, PracticeMove};
use super::error::{AppError, PageError, Result};
use super::extract::{check_csrf, contest_or_404, ApiJson, ApiUser, PageUser, Viewer};
use super::input::{Form, Path};
use super::render::{
    reason_messages, reason_text, render, script_messages, when, Nav, PRACTICE_MESSAGES, REPLAY_MESSAGES,
};
use super::state::AppState;
use crate::db::users::User;
use crate::games::{GameId, HouseLevel, Side};
use crate::service::practice::{Allowed, Found, Game, Opponent, PracticeError};
use crate::tr;
use crate::web::i18n::filters;
use askama::Template;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRef, FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use std::sync::Arc;
use std::time::Duration;
use uuid::Uuid;

/// How long `POST /moves` waits for the bot's reply at most before answering with the game as
/// it is (the bot's move then comes by the WebSocket or the next `GET`).
const REPLY_WAIT: Duration = Duration::from_secs(30);

/// The API's routes (under `/api`).
pub fn api_router() -> Router<AppState> {
    Router::new()
        .route("/contests/{slug}/practice", post(create_api))
        .route("/practice/{id}", get(get_api).delete(leave_api))
        .route("/practice/{id}/moves", post(move_api))
        .route("/practice/{id}/ws", get(socket))
}

/// The pages.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/contests/{slug}/play", get(play_form).post(play_start))
        .route("/practice/{id}", get(game_page))
}

/// The player of a practice game: by API token, or by the session of the game's page (reading
/// only: the WebSocket and `GET`, whose origin a browser tells).
pub struct Player(pub User);

impl<S: Send + Sync> FromRequestParts<S> for Player
where
    AppState: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        if parts.headers.contains_key(header::AUTHORIZATION) {
            return ApiUser::from_request_parts(parts, state).await.map(|u| Player(u.0));
        }
        // A page of another site must not drive a player's game with their cookie.
        let host = parts.headers.get(header::HOST).and_then(|v| v.to_str().ok());
        if let Some(origin) = parts.headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) {
            let same = host.is_some_and(|h| origin.split_once("://").is_some_and(|(_, rest)| rest == h));
            if !same {
                return Err(AppError::forbidden(crate::tr!("error-practice-other-site")));
            }
        }
        let viewer = Viewer::from_request_parts(parts, state).await.map_err(|e| e.0)?;
        viewer.user.map(Player).ok_or_else(|| AppError::Unauthorized(crate::tr!("error-practice-log-in")))
    }
}

fn parse_seat(text: &str) -> Result<Side, PracticeError> {
    match text {
        "first" => Ok(Side::First),
        "second" => Ok(Side::Second),
        other => Err(PracticeError::UnknownSeat(other.to_string())),
    }
}

/// Starts a practice game.
#[utoipa::path(post, path = "/api/contests/{slug}/practice", tag = "practice",
    params(("slug" = String, Path, description = "the contest")),
    request_body = PracticeBody,
    responses((status = 201, body = PracticeCreated), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              (status = 429, description = "`rate_limited`: as many practice games started in the last hour as the server allows, with `Retry-After`", body = ErrorBody),
              (status = 503, body = ErrorBody)))]
async fn create_api(
    State(state): State<AppState>,
    who: ApiUser,
    Path(slug): Path<String>,
    ApiJson(body): ApiJson<PracticeBody>,
) -> Result<(StatusCode, Json<PracticeCreated>)> {
    let opponent = Opponent::from_json(&body.opponent)?;
    let seat = parse_seat(body.seat.as_deref().unwrap_or("first"))?;
    let game = state.practice.start(who.0.id, &slug, opponent, seat, body.board.as_deref()).await?;
    Ok((StatusCode::CREATED, Json(PracticeCreated { id: game.id })))
}

/// The game now: status, whose turn, moves, frames, and the result once over.
#[utoipa::path(get, path = "/api/practice/{id}", tag = "practice",
    params(("id" = String, Path, description = "the practice game")),
    responses((status = 200, body = Object, description = "the game (docs/api.md)"),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_api(State(state): State<AppState>, who: Player, Path(id): Path<Uuid>) -> Result<Response> {
    let found = state.practice.find(id, who.0.id).await?;
    Ok(Json(found.view()).into_response())
}

/// The game `id` of `user` if it is still being played here; a stored one is over.
async fn live_game(state: &AppState, id: Uuid, user: &User) -> Result<Arc<Game>, PracticeError> {
    match state.practice.find(id, user.id).await? {
        Found::Live(game) => Ok(game),
        Found::Stored(_) => Err(crate::judge::human::SeatError::Over.into()),
    }
}

/// Plays the person's move; answers once the bot has replied.
#[utoipa::path(post, path = "/api/practice/{id}/moves", tag = "practice",
    params(("id" = String, Path, description = "the practice game")),
    request_body = PracticeMove,
    responses((status = 200, body = Object, description = "the game after the bot's reply"),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn move_api(
    State(state): State<AppState>,
    who: ApiUser,
    Path(id): Path<Uuid>,
    ApiJson(body): ApiJson<PracticeMove>,
) -> Result<Response> {
    let game = live_game(&state, id, &who.0).await?;
    let view = game.play(&body.r#move, REPLY_WAIT).await?;
    Ok(Json(view).into_response())
}

/// Leaves the game (it ends as a forfeit of the person).
#[utoipa::path(delete, path = "/api/practice/{id}", tag = "practice",
    params(("id" = String, Path, description = "the practice game")),
    responses((status = 200, body = Object, description = "the game"),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn leave_api(State(state): State<AppState>, who: ApiUser, Path(id): Path<Uuid>) -> Result<Response> {
    let game = live_game(&state, id, &who.0).await?;
    game.leave();
    Ok(Json(game.view()).into_response())
}

/// The game's WebSocket: the game as JSON at once and after every change; the player sends
/// `{"move": "..."}` (tron: a direction, any time). Errors come back as `{"error", "message"}`.
async fn socket(
    State(state): State<AppState>,
    who: Player,
    Path(id): Path<Uuid>,
    headers: axum::http::HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response> {
    Ok(match state.practice.find(id, who.0.id).await? {
        // The socket is served by a task of its own: its refusals are said in the language of
        // the request that opened it (an `/api` request: `Accept-Language` first).
        Found::Live(game) => upgrade.on_upgrade(move |socket| async move {
            let (locale, zone) = (who.0.locale, who.0.time_zone);
            crate::web::i18n::scope(&headers, true, async move {
                crate::web::i18n::choose_for_user(locale.as_deref(), zone.as_deref());
                follow(socket, game).await
            })
            .await
        }),
        // Over and stored: the game once, then the socket closes.
        Found::Stored(view) => upgrade.on_upgrade(move |mut socket| async move {
            let text = serde_json::to_string(&*view).unwrap_or_default();
            let _ = socket.send(Message::Text(text.into())).await;
            let _ = socket.send(Message::Close(None)).await;
        }),
    })
}

/// What the player sends on the WebSocket: a move, or leaving the game.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SocketMessage {
    #[serde(rename = "move")]
    r#move: Option<String>,
    #[serde(default)]
    leave: bool,
}

async fn send_view(socket: &mut WebSocket, game: &Game) -> bool {
    let text = serde_json::to_string(&game.view()).unwrap_or_default();
    socket.send(Message::Text(text.into())).await.is_ok()
}

async fn follow(mut socket: WebSocket, game: Arc<Game>) {
    let mut changes = game.subscribe();
    if !send_view(&mut socket, &game).await {
        return;
    }
    loop {
        tokio::select! {
            changed = changes.changed() => {
                if changed.is_err() || !send_view(&mut socket, &game).await {
                    return;
                }
            }
            message = socket.recv() => match message {
                Some(Ok(Message::Text(text))) => {
                    let played = match serde_json::from_str::<SocketMessage>(&text) {
                        Ok(SocketMessage { leave: true, .. }) => {
                            game.leave();
                            Ok(())
                        }
                        Ok(SocketMessage { r#move: Some(m), .. }) => {
                            game.play(&m, Duration::ZERO).await.map(|_| ()).map_err(AppError::from)
                        }
                        Ok(_) => Err(AppError::bad("bad_json", crate::tr!("error-socket-message"))),
                        Err(e) => Err(AppError::bad("bad_json", crate::tr!("error-json-invalid", detail = e.to_string()))),
                    };
                    if let Err(e) = played {
                        let body = ErrorBody { error: e.code(), message: e.message() };
                        let text = serde_json::to_string(&body).unwrap_or_default();
                        if socket.send(Message::Text(text.into())).await.is_err() {
                            return;
                        }
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            }
        }
    }
}

// ---- pages ----

#[derive(Template)]
#[template(path = "practice/new.html")]
struct PlayForm {
    nav: Nav,
    slug: String,
    title: String,
    game: String,
    house: Vec<String>,
    own: Option<i64>,
    any: bool,
    boards: String,
    error: Option<String>,
    /// The person's game being played now (one at a time), shown instead of the form.
    playing: Option<Uuid>,
    running: usize,
    max_games: usize,
    /// The person's last games here: id, opponent, seat, how it went, when.
    recent: Vec<(Uuid, String, String, String, String)>,
}

async fn play_form_page(
    state: &AppState,
    page: &PageUser,
    slug: &str,
    error: Option<String>,
) -> Result<Response> {
    let contest = contest_or_404(state, slug).await?;
    let allowed = Allowed::of(&contest);
    let own = state.practice.own_submission(contest.id, page.user.id).await?.map(|s| s.0);
    let boards = contest.settings.boards().iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
    let form = PlayForm {
        nav: page.nav().await?,
        slug: contest.slug.clone(),
        title: contest.title.clone(),
        game: contest.game.to_string(),
        house: if allowed.house {
            HouseLevel::ALL.iter().map(|l| l.to_string()).collect()
        } else {
            Vec::new()
        },
        own: own.filter(|_| allowed.own || allowed.all),
        any: allowed.all,
        boards,
        error,
        playing: state.practice.playing(page.user.id),
        running: state.practice.running(),
        max_games: state.practice.config.max_games,
        recent: state
            .practice
            .recent(contest.id, page.user.id)
            .await?
            .into_iter()
            .map(|g| {
                let outcome = match (g.winner.as_deref(), g.reason.as_deref().map(reason_text)) {
                    (_, None) => tr!("practice-not-played"),
                    (None, Some(reason)) => tr!("practice-outcome-draw", reason = reason),
                    (Some("a"), Some(reason)) => tr!("practice-outcome-won", reason = reason),
                    (Some(_), Some(reason)) => tr!("practice-outcome-lost", reason = reason),
                };
                (g.id, g.opponent, seat_text(&g.seat), outcome, when(&g.finished_at))
            })
            .collect(),
    };
    Ok(render(&form))
}

async fn play_form(
    State(state): State<AppState>,
    page: PageUser,
    Path(slug): Path<String>,
) -> Result<Response, PageError> {
    Ok(play_form_page(&state, &page, &slug, None).await?)
}

#[derive(Deserialize)]
struct StartForm {
    csrf: String,
    opponent: String,
    #[serde(default)]
    submission: String,
    seat: String,
    #[serde(default)]
    board: String,
}

async fn play_start(
    State(state): State<AppState>,
    page: PageUser,
    Path(slug): Path<String>,
    Form(form): Form<StartForm>,
) -> Result<Response, PageError> {
    check_csrf(&page.session, &form.csrf).await?;
    let opponent =
        if form.opponent == "submission" { form.submission.trim() } else { form.opponent.as_str() };
    let board = Some(form.board.trim()).filter(|b| !b.is_empty());
    let started = match (Opponent::parse(opponent), parse_seat(&form.seat)) {
        (Ok(o), Ok(seat)) => state.practice.start(page.user.id, &slug, o, seat, board).await,
        (Err(e), _) | (_, Err(e)) => Err(e),
    };
    match started {
        Ok(game) => Ok(Redirect::to(&format!("/practice/{}", game.id)).into_response()),
        Err(PracticeError::AlreadyPlaying(id)) => {
            Ok(Redirect::to(&format!("/practice/{id}")).into_response())
        }
        Err(e @ (PracticeError::NotFound | PracticeError::Db(_) | PracticeError::Other(_))) => {
            Err(AppError::from(e).into())
        }
        Err(e @ PracticeError::TooMany { retry_after, .. }) => {
            // The form again with the reason, as 429 with `Retry-After`.
            let message = AppError::from(e).message();
            let mut resp = play_form_page(&state, &page, &slug, Some(message)).await?;
            *resp.status_mut() = StatusCode::TOO_MANY_REQUESTS;
            resp.headers_mut().insert(header::RETRY_AFTER, retry_after.into());
            Ok(resp)
        }
        // The API's message for it, in the reader's language.
        Err(e) => Ok(play_form_page(&state, &page, &slug, Some(AppError::from(e).message())).await?),
    }
}

/// The person's seat (`first`, `second`) as the reader's language says it.
fn seat_text(seat: &str) -> String {
    match seat {
        "first" => tr!("practice-seat-first"),
        "second" => tr!("practice-seat-second"),
        other => other.to_string(),
    }
}

impl PlayForm {
    /// The page of the person's running game.
    fn game_href(&self, id: &Uuid) -> String {
        format!("/practice/{id}")
    }
}

#[derive(Template)]
#[template(path = "practice/game.html")]
struct GamePage {
    nav: Nav,
    id: Uuid,
    slug: String,
    game: String,
    opponent: String,
    seat: &'static str,
    seat_text: String,
    tron: bool,
    /// The messages of the page's scripts (`replay.js`, `play.js`).
    messages: String,
}

async fn game_page(
    State(state): State<AppState>,
    page: PageUser,
    Path(id): Path<Uuid>,
) -> Result<Response, PageError> {
    let view = state.practice.find(id, page.user.id).await?.view();
    let tron = view.game == GameId::Tron;
    let messages: Vec<(&str, &[&str])> = REPLAY_MESSAGES.iter().chain(PRACTICE_MESSAGES).copied().collect();
    Ok(render(&GamePage {
        nav: page.nav().await?,
        id,
        slug: view.contest,
        game: view.game.to_string(),
        opponent: view.opponent,
        seat: view.seat,
        seat_text: seat_text(view.seat),
        tron,
        messages: script_messages(&messages, reason_messages()),
    }))
}
