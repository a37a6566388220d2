//! One game: its page (result, moves, the forfeiting bot's standard error, the replay viewer
//! `static/replay.js`, the only page here that needs JavaScript, and only for the animation), its
//! live view while it is played, its log; and the same game and log in the API.

use crate::db::contests::settings_pairs;
use crate::db::games::{self, GameStatus};
use crate::db::ids::GameRecordId;
use crate::db::users::User;
use crate::games::frames::{self, Frames};
use crate::judge::log::{cut, Channel};
use crate::judge::result::{BotId, GameResult};
use crate::judge::GameLog;
use crate::web::api_types::{ErrorBody, GameView, Played, Sides};
use crate::web::error::{AppError, PageResult, Result};
use crate::web::extract::{game_or_404, ApiUser, PageUser};
use crate::web::i18n::filters;
use crate::web::input::Path;
use crate::web::render::{
    forfeit_text, matches_path, reason_messages, reason_text, render, script_json, script_messages,
    status_str, status_text, when, Nav, REPLAY_MESSAGES,
};
use crate::web::state::AppState;
use askama::Template;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The pages.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/games/{id}", get(game))
        .route("/games/{id}/log", get(log))
        .route("/games/{id}/live", get(live))
}

/// The JSON face, nested under `/api`.
pub fn api_router() -> Router<AppState> {
    Router::new().route("/games/{id}", get(get_game)).route("/games/{id}/log", get(get_log))
}

/// One bot's figures on the game page.
struct BotLine {
    side: &'static str,
    nickname: String,
    /// Its submission's matches page.
    link: String,
    seat: String,
    think_ms: String,
    peak_kib: String,
}

#[derive(Template)]
#[template(path = "judging/game.html")]
struct GamePage {
    nav: Nav,
    id: GameRecordId,
    index: i32,
    slug: String,
    title: String,
    game: String,
    /// The status's word (its CSS class), and as the reader's language says it.
    status: &'static str,
    status_text: String,
    done: bool,
    /// `None` for a draw.
    winner: Option<String>,
    reason: String,
    /// `(bot, kind, detail)` of a forfeit.
    forfeit: Option<(String, String, String)>,
    score: String,
    /// Bot `a`, then bot `b`.
    bots: [BotLine; 2],
    settings: Vec<(String, String)>,
    moves: Vec<String>,
    can_log: bool,
    /// The forfeiting bot's last lines of standard error, for its owner and admins: why it crashed.
    stderr_tail: Option<StderrTail>,
    /// The result object for the replay viewer, escaped for a `<script>` element.
    replay_json: String,
    /// Set once a rejudge replaced the game: what replaced it, for the notice above the result.
    replaced: Option<ReplacedNotice>,
    /// The messages of the replay's and the live view's scripts.
    messages: String,
}

/// "Replaced by the rejudge of <time> (by <admin>)", with the game played in its place.
struct ReplacedNotice {
    text: String,
    new_game: Option<GameRecordId>,
}

impl ReplacedNotice {
    fn of(r: &games::Replacement) -> ReplacedNotice {
        let by = r.actor.clone().unwrap_or_else(|| crate::tr!("judging-replaced-by-command-line"));
        let when = when(&r.at);
        let text = match r.action.as_deref() {
            Some("submission.rejudge") => {
                crate::tr!("judging-replaced-submission-rejudge", when = when, by = by)
            }
            _ => crate::tr!("judging-replaced-rejudge", when = when, by = by),
        };
        ReplacedNotice { text, new_game: r.by }
    }
}

/// The end of a bot's standard error as its game's log holds it.
struct StderrTail {
    nickname: String,
    lines: Vec<String>,
    /// Lines left out before these.
    skipped: usize,
}

/// Lines of standard error shown on a game page; the log download has them all.
const STDERR_TAIL_LINES: usize = 20;

/// The last lines of standard error of the bot that forfeited (`side`), when `user` may read
/// them: its owner or an admin, never the opponent.
fn stderr_tail(user: &User, g: &games::Game, side: BotId, nickname: String) -> Option<StderrTail> {
    if !private_sides(user, g).contains(&side) {
        return None;
    }
    let log: GameLog = serde_json::from_str(g.log.as_deref()?).ok()?;
    let all: Vec<String> = log
        .entries
        .into_iter()
        .filter(|e| e.channel == Channel::Stderr && e.bot == Some(side))
        .map(|e| {
            let line = cut(&e.text, 1000);
            if line.len() < e.text.len() {
                format!("{line}…")
            } else {
                e.text
            }
        })
        .collect();
    let skipped = all.len().saturating_sub(STDERR_TAIL_LINES);
    Some(StderrTail { nickname, lines: all.into_iter().skip(skipped).collect(), skipped })
}

/// A move as text for the moves list: strings as they are, a one-two-three board as its rows,
/// tron heads as `(x,y) (x,y)`.
fn move_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(items) if items.iter().all(Value::is_string) => {
            items.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(" / ")
        }
        Value::Array(items) => items
            .iter()
            .map(|p| match p {
                Value::Array(xy) => {
                    format!("({})", xy.iter().map(Value::to_string).collect::<Vec<_>>().join(","))
                }
                other => other.to_string(),
            })
            .collect::<Vec<_>>()
            .join(" "),
        other => other.to_string(),
    }
}

/// What the replay viewer loads: the API's game object, the game id, the bots' nicknames and the
/// DEBUG and standard-error lines the viewer may read.
#[derive(Serialize)]
struct ReplayData<'a> {
    #[serde(flatten)]
    view: GameView,
    game: &'a str,
    nicknames: Sides<&'a str>,
    /// Absent when the viewer may read neither bot's lines.
    #[serde(skip_serializing_if = "Option::is_none")]
    lines: Option<Vec<SaidLine>>,
}

/// A DEBUG or standard-error line of a bot, for the replay to show beside its move.
#[derive(Serialize)]
struct SaidLine {
    bot: BotId,
    channel: Channel,
    /// Moves played when the bot said it (`None` in logs stored before lines had it).
    #[serde(rename = "move")]
    at_move: Option<usize>,
    text: String,
}

/// The DEBUG and standard-error lines of the bots of `g` that `user` may read, in the order said.
fn private_lines(user: &User, g: &games::Game) -> Option<Vec<SaidLine>> {
    let sides = private_sides(user, g);
    if sides.is_empty() {
        return None;
    }
    let log: GameLog = g.log.as_deref().and_then(|l| serde_json::from_str(l).ok()).unwrap_or_default();
    let lines = log
        .entries
        .into_iter()
        .filter(|e| matches!(e.channel, Channel::Debug | Channel::Stderr))
        .filter_map(|e| {
            let bot = e.bot.filter(|b| sides.contains(b))?;
            Some(SaidLine { bot, channel: e.channel, at_move: e.at_move, text: e.text })
        })
        .collect();
    Some(lines)
}

/// The settings a game was played under, then, once played, the factor each bot's time limits
/// were multiplied by (its language's `time_factor`; results stored before factors have none).
fn played_under(
    settings: &Value,
    r: Option<&GameResult>,
    nick: impl Fn(BotId) -> String,
) -> Vec<(String, String)> {
    let mut out = settings_pairs(settings);
    for (bot, f) in r.map(|r| &r.time_factor).into_iter().flatten() {
        out.push((crate::tr!("judging-time-factor-of", bot = nick(*bot)), f.to_string()));
    }
    out
}

async fn game(State(state): State<AppState>, who: PageUser, Path(id): Path<String>) -> PageResult {
    let g = game_or_404(&state, &id, &who.user).await?;
    let info =
        games::game_page_info(&mut *state.pool.acquire().await?, g.match_id, g.user_a, g.user_b).await?;
    let nick = |side: BotId| if side == BotId::A { info.nick_a.clone() } else { info.nick_b.clone() };
    let r: Option<GameResult> = played(&g)?;
    let done = r.is_some();
    let bots = [BotId::A, BotId::B].map(|side| BotLine {
        side: side.as_str(),
        nickname: nick(side),
        link: matches_path(&info.slug, if side == BotId::A { g.submission_a } else { g.submission_b }),
        seat: match r.as_ref().and_then(|r| r.seats.iter().position(|s| *s == side)) {
            Some(0) => crate::tr!("judging-moves-first"),
            Some(_) => crate::tr!("judging-moves-second"),
            None => String::new(),
        },
        think_ms: r
            .as_ref()
            .and_then(|r| r.think_ms.get(&side).copied())
            .map_or_else(|| "—".into(), |ms| crate::tr!("judging-ms", ms = ms)),
        peak_kib: r
            .as_ref()
            .and_then(|r| r.peak_memory_kib.get(&side).copied().flatten())
            .map_or_else(|| "—".into(), |k| crate::tr!("judging-kib", kib = k)),
    });
    let forfeit = r.as_ref().and_then(|r| r.forfeit.as_ref());
    let stderr = forfeit.and_then(|f| stderr_tail(&who.user, &g, f.bot, nick(f.bot)));
    let forfeit = forfeit.map(|f| (nick(f.bot), forfeit_text(f.kind.as_str()), f.detail.clone()));
    let replay_json = script_json(&ReplayData {
        view: game_view(&g)?,
        game: info.game.as_str(),
        nicknames: Sides { a: &info.nick_a, b: &info.nick_b },
        lines: private_lines(&who.user, &g),
    });
    Ok(render(&GamePage {
        nav: who.nav().await?,
        id: g.id,
        index: g.index,
        slug: info.slug,
        title: info.title,
        game: info.game.to_string(),
        status: status_str(g.status),
        status_text: status_text(g.status),
        done,
        winner: r.as_ref().and_then(|r| r.winner).map(nick),
        reason: r.as_ref().map(|r| reason_text(r.reason.as_str())).unwrap_or_default(),
        forfeit,
        score: r
            .as_ref()
            .and_then(|r| r.score.as_ref())
            .map(|s| s.iter().map(Value::to_string).collect::<Vec<_>>().join(" : "))
            .unwrap_or_default(),
        bots,
        settings: played_under(&g.settings, r.as_ref(), nick),
        moves: r.as_ref().map_or_else(Vec::new, |r| r.moves.iter().map(move_text).collect()),
        can_log: may_read_log(&who.user, &g),
        stderr_tail: stderr,
        replay_json,
        replaced: g.replacement.as_ref().map(ReplacedNotice::of),
        messages: script_messages(REPLAY_MESSAGES, reason_messages()),
    }))
}

/// How often the live page's stream looks at the game's row.
const LIVE_POLL: std::time::Duration = std::time::Duration::from_millis(300);

/// A game being played, as Server-Sent Events: `progress` (its moves, `params` and replay frames
/// so far, and the DEBUG and standard-error lines of the viewer's own bot — all of them for an
/// admin — each with the index of the move it came before, whenever they change; the worker
/// writes them a few times a second) and then `done` once it is over (the page then loads the
/// replay).
async fn live(State(state): State<AppState>, who: PageUser, Path(id): Path<String>) -> PageResult {
    use axum::response::sse::{Event, KeepAlive, Sse};
    let g = game_or_404(&state, &id, &who.user).await?;
    let (id, game, settings, pool) = (g.id, g.game, g.settings.clone(), state.pool.clone());
    let own: Vec<&'static str> = private_sides(&who.user, &g).into_iter().map(BotId::as_str).collect();
    let events = futures_util::stream::unfold(((0usize, 0usize), false), move |(shown, ended)| {
        let own = own.clone();
        let (pool, settings) = (pool.clone(), settings.clone());
        async move {
            if ended {
                return None;
            }
            loop {
                let now = match pool.acquire().await {
                    Ok(mut conn) => games::live(&mut conn, id).await.ok().flatten(),
                    Err(_) => None,
                };
                let Some(now) = now
                    .filter(|l| matches!(l.status, games::GameStatus::Queued | games::GameStatus::Running))
                else {
                    let done = Event::default().event("done").data("{}");
                    return Some((Ok::<_, std::convert::Infallible>(done), (shown, true)));
                };
                let progress = now.progress.unwrap_or(Value::Null);
                let moves = progress["moves"].as_array().cloned().unwrap_or_default();
                let lines: Vec<&Value> = progress["lines"]
                    .as_array()
                    .map(|all| {
                        all.iter().filter(|l| l["bot"].as_str().is_some_and(|b| own.contains(&b))).collect()
                    })
                    .unwrap_or_default();
                if (moves.len(), lines.len()) != shown {
                    let params = &progress["params"];
                    let replay = frames::replay_stored(game, &settings, params, &moves);
                    let frames = frames::frames_or_none(game, replay);
                    let data = serde_json::json!({ "moves": moves, "params": params, "frames": frames, "lines": lines });
                    let event = Event::default().event("progress").data(data.to_string());
                    return Some((Ok(event), ((moves.len(), lines.len()), false)));
                }
                tokio::time::sleep(LIVE_POLL).await;
            }
        }
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::default()).into_response())
}

/// The log as a download, for the browser session (the API's `/api/games/{id}/log` takes a token).
async fn log(State(state): State<AppState>, who: PageUser, Path(id): Path<String>) -> PageResult {
    let g = game_or_404(&state, &id, &who.user).await?;
    let body = log_text(&who.user, &g)?;
    let disposition = format!("attachment; filename=\"game-{}.log\"", g.id);
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response())
}
/// The stored result of a game, read back typed, once the game is done.
fn played(g: &games::Game) -> Result<Option<GameResult>> {
    match &g.result {
        Some(r) if g.status == GameStatus::Done => GameResult::deserialize(r)
            .map(Some)
            .map_err(|e| AppError::Internal(anyhow::anyhow!("game {}: stored result: {e}", g.id))),
        _ => Ok(None),
    }
}

/// The game's result object with its replay `frames`, or its status while it is not played
/// yet: what the API answers and what the replay viewer loads.
fn game_view(g: &games::Game) -> Result<GameView> {
    let played = played(g)?.map(|result| {
        let frames = replay_frames(g, &result);
        Played { result, frames }
    });
    Ok(GameView {
        index: if played.is_none() { Some(g.index) } else { None },
        played,
        id: g.id,
        match_id: g.match_id,
        status: g.status,
        submissions: Sides { a: g.submission_a, b: g.submission_b },
        settings: g.settings.clone(),
        finished_at: g.finished_at,
        replaced_at: g.replacement.as_ref().map(|r| r.at),
        replaced_by: g.replacement.as_ref().and_then(|r| r.by),
    })
}

/// Every position of a played game, computed by the rules from its stored moves (see
/// `games::frames`); when the moves do not all replay, the frames up to there, and the log says
/// why.
fn replay_frames(g: &games::Game, result: &GameResult) -> Option<Frames> {
    match frames::replay_stored(g.game, &g.settings, &result.params, &result.moves) {
        Ok(replay) => {
            if let Some(why) = &replay.stopped {
                tracing::warn!("game {}: the replay stops after {} frames: {why}", g.id, replay.frames.len());
            }
            Some(replay.frames)
        }
        Err(why) => {
            tracing::warn!("game {}: no replay: {why}", g.id);
            Some(Frames::none(g.game))
        }
    }
}

/// A game's result object (`docs/result-json.md`) with its replay frames; until it has been
/// played, only `index` and the fields about the game.
#[utoipa::path(get, path = "/api/games/{id}", tag = "judging",
    params(("id" = i64, Path, description = "the game")),
    responses((status = 200, body = GameView), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn get_game(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
) -> Result<Json<GameView>> {
    Ok(Json(game_view(&game_or_404(&state, &id, &user).await?)?))
}

/// Whether a user may read a game's log: the owners of its bots and admins.
fn may_read_log(user: &User, g: &games::Game) -> bool {
    user.is_admin() || user.id == g.user_a || user.id == g.user_b
}

/// The bots of `g` whose DEBUG output and standard error `user` may read: their own (both, in a
/// game against themselves), both for an admin, none for anyone else.
fn private_sides(user: &User, g: &games::Game) -> Vec<BotId> {
    [(g.user_a, BotId::A), (g.user_b, BotId::B)]
        .into_iter()
        .filter(|(owner, _)| user.is_admin() || *owner == user.id)
        .map(|(_, bot)| bot)
        .collect()
}

/// The log as text: an admin sees everything, the owner of a bot only that bot's DEBUG output
/// and stderr, anyone else nothing. Shared by the API (token) and the page route (session).
fn log_text(user: &User, g: &games::Game) -> Result<String> {
    if !may_read_log(user, g) {
        return Err(AppError::forbidden(crate::tr!("error-game-log-forbidden")));
    }
    let Some(text) = &g.log else { return Err(AppError::not_found("log")) };
    let log: GameLog = serde_json::from_str(text).map_err(|e| AppError::Internal(e.into()))?;
    Ok(if user.is_admin() {
        log.to_text()
    } else if user.id == g.user_a {
        log.to_text_for(Some(BotId::A))
    } else {
        log.to_text_for(Some(BotId::B))
    })
}

/// The game's log as text: the owners of its bots (their own bot's DEBUG output and stderr) and
/// admins (everything).
#[utoipa::path(get, path = "/api/games/{id}/log", tag = "judging",
    params(("id" = i64, Path, description = "the game")),
    responses((status = 200, description = "the log", content_type = "text/plain", body = String),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn get_log(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
) -> Result<impl IntoResponse> {
    let g = game_or_404(&state, &id, &user).await?;
    let body = log_text(&user, &g)?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body))
}
