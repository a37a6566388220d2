//! Judging pages: the scoreboard (from the stored snapshot), a submission's matches against every
//! opponent, and one game with its result, moves, log download and the replay viewer
//! (`static/replay.js`, the only page here that needs JavaScript, and only for the animation).

use super::auth::PageUser;
use super::contests::contest_or_404;
use super::error::{AppError, PageResult};
use super::input::Path;
use super::judging::{self, game_json, game_or_404, may_read_log, status_str};
use super::{render, when, AppState, Nav};
use crate::db::contests::settings_pairs;
use crate::db::games::{self, GameStatus};
use crate::db::submissions;
use crate::db::users::{self, User};
use crate::judge::log::{cut, Channel};
use crate::judge::result::BotId;
use crate::judge::GameLog;
use askama::Template;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use serde_json::Value;
use std::collections::HashMap;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/contests/{slug}/scoreboard", get(scoreboard))
        .route("/contests/{slug}/submissions/{id}/matches", get(matches))
        .route("/games/{id}", get(game))
        .route("/games/{id}/log", get(log))
}

/// The path of a submission's matches page (the "user page" of the scoreboard).
fn matches_path(slug: &str, submission: i64) -> String {
    format!("/contests/{slug}/submissions/{submission}/matches")
}

/// `won/drawn/lost` of a snapshot row's `{"won", "drawn", "lost"}`.
fn wdl(v: &Value) -> String {
    let n = |k: &str| v[k].as_u64().unwrap_or(0);
    format!("{}/{}/{}", n("won"), n("drawn"), n("lost"))
}

/// A snapshot time (RFC 3339) shown like the other pages' times.
fn shown_time(v: &Value) -> String {
    v.as_str()
        .and_then(|s| time::OffsetDateTime::parse(s, &time::format_description::well_known::Rfc3339).ok())
        .map_or_else(String::new, |t| when(&t))
}

struct StandingRow {
    rank: u64,
    nickname: String,
    link: Option<String>,
    points: i64,
    matches: String,
    games: String,
    language: String,
    submitted: String,
}

#[derive(Template)]
#[template(path = "judging/scoreboard.html")]
struct ScoreboardPage {
    nav: Nav,
    slug: String,
    title: String,
    computed_at: String,
    rows: Vec<StandingRow>,
    house: Vec<StandingRow>,
}

async fn scoreboard(State(state): State<AppState>, who: PageUser, Path(slug): Path<String>) -> PageResult {
    let c = contest_or_404(&state, &slug).await?;
    let (at, rows) = judging::snapshot(&state, c.id).await?;
    let (mut students, mut house) = (Vec::new(), Vec::new());
    for r in rows.as_array().into_iter().flatten() {
        let row = StandingRow {
            rank: r["rank"].as_u64().unwrap_or(0),
            nickname: r["nickname"].as_str().unwrap_or_default().to_string(),
            link: r["submission_id"].as_i64().map(|id| matches_path(&c.slug, id)),
            points: r["points"].as_i64().unwrap_or(0),
            matches: wdl(&r["matches"]),
            games: wdl(&r["games"]),
            language: r["language"].as_str().map(|l| state.language_name(l)).unwrap_or_default(),
            submitted: shown_time(&r["submitted_at"]),
        };
        if r["house"].as_bool() == Some(true) {
            house.push(row);
        } else {
            students.push(row);
        }
    }
    Ok(render(&ScoreboardPage {
        nav: who.nav().await?,
        slug: c.slug,
        title: c.title,
        computed_at: when(&at),
        rows: students,
        house,
    }))
}

/// A game in a list, seen from one side: its link text says how it went for that side.
struct GameLink {
    id: i64,
    outcome: String,
}

/// How a game went for `side` (`"a"` or `"b"` of its match): `won (no_moves)`, `lost (forfeit)`,
/// `draw (board_full)`, or the status while it is not done.
fn outcome_for(status: &str, result: Option<&Value>, side: &str) -> String {
    match result {
        Some(r) if status == "done" => {
            let verdict = match r["winner"].as_str() {
                None => "draw",
                Some(w) if w == side => "won",
                Some(_) => "lost",
            };
            format!("{verdict} ({})", r["reason"].as_str().unwrap_or("?"))
        }
        _ => status.to_string(),
    }
}

struct MatchLine {
    opponent: String,
    opponent_link: String,
    status: &'static str,
    points: Option<i32>,
    games: Vec<GameLink>,
}

#[derive(Template)]
#[template(path = "judging/matches.html")]
struct MatchesPage {
    nav: Nav,
    slug: String,
    title: String,
    nickname: String,
    submission: i64,
    language: String,
    /// Whether the viewer may open the submission itself (source, compile log).
    own: bool,
    matches: Vec<MatchLine>,
}

async fn matches(
    State(state): State<AppState>,
    who: PageUser,
    Path((slug, id)): Path<(String, String)>,
) -> PageResult {
    let c = contest_or_404(&state, &slug).await?;
    let id: i64 = id.parse().map_err(|_| AppError::not_found("submission"))?;
    let mut conn = state.pool.acquire().await?;
    let sub = submissions::by_id(&mut conn, id)
        .await?
        .filter(|s| s.contest_id == c.id)
        .ok_or_else(|| AppError::not_found("submission"))?;
    let nickname = users::shown_name(&mut conn, sub.user_id).await?;
    let rows = games::matches_of_submission(&mut conn, id).await?;
    // Every game of those matches, with the side this submission played in it.
    let outcomes: HashMap<i64, String> = games::games_of_submission(&mut conn, id)
        .await?
        .into_iter()
        .map(|g| (g.id, outcome_for(&g.status, g.result.as_ref(), &g.side)))
        .collect();
    drop(conn);
    let matches = rows
        .into_iter()
        .map(|m| MatchLine {
            opponent_link: matches_path(&c.slug, m.opponent_submission),
            opponent: m.opponent_nickname,
            status: status_str(m.status),
            points: m.points,
            games: m
                .games
                .iter()
                .map(|&g| GameLink { id: g, outcome: outcomes.get(&g).cloned().unwrap_or_default() })
                .collect(),
        })
        .collect();
    Ok(render(&MatchesPage {
        nav: who.nav().await?,
        slug: c.slug,
        title: c.title,
        nickname,
        submission: id,
        language: state.language_name(&sub.language),
        own: who.user.is_admin() || who.user.id == sub.user_id,
        matches,
    }))
}

/// One bot's figures on the game page.
struct BotLine {
    side: &'static str,
    nickname: String,
    /// Its submission's matches page.
    link: String,
    seat: &'static str,
    think_ms: String,
    peak_kib: String,
}

#[derive(Template)]
#[template(path = "judging/game.html")]
struct GamePage {
    nav: Nav,
    id: i64,
    index: i32,
    slug: String,
    title: String,
    game: String,
    status: &'static str,
    done: bool,
    winner: String,
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
fn stderr_tail(user: &User, g: &games::Game, side: &str, nickname: String) -> Option<StderrTail> {
    let owner = if side == "a" { g.user_a } else { g.user_b };
    if !(user.is_admin() || user.id == owner) {
        return None;
    }
    let log: GameLog = serde_json::from_str(g.log.as_deref()?).ok()?;
    let all: Vec<String> = log
        .entries
        .into_iter()
        .filter(|e| e.channel == Channel::Stderr && e.bot.map(BotId::as_str) == Some(side))
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

/// JSON that is safe inside `<script type="application/json">`: no `</script>` can close it early.
pub(super) fn script_json(v: &Value) -> String {
    v.to_string().replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

async fn game(State(state): State<AppState>, who: PageUser, Path(id): Path<String>) -> PageResult {
    let g = game_or_404(&state, &id).await?;
    let info =
        games::game_page_info(&mut *state.pool.acquire().await?, g.match_id, g.user_a, g.user_b).await?;
    let nick = |side: &str| if side == "a" { info.nick_a.clone() } else { info.nick_b.clone() };
    let done = g.status == GameStatus::Done && g.result.is_some();
    let r = g.result.clone().filter(|_| done).unwrap_or(Value::Null);
    let seats: Vec<&str> =
        r["seats"].as_array().map_or_else(Vec::new, |s| s.iter().filter_map(Value::as_str).collect());
    let bots = ["a", "b"].map(|side| BotLine {
        side,
        nickname: nick(side),
        link: matches_path(&info.slug, if side == "a" { g.submission_a } else { g.submission_b }),
        seat: match seats.iter().position(|s| *s == side) {
            Some(0) => "moves first",
            Some(_) => "moves second",
            None => "",
        },
        think_ms: r["think_ms"][side].as_u64().map_or_else(|| "—".into(), |ms| format!("{ms} ms")),
        peak_kib: r["peak_memory_kib"][side].as_u64().map_or_else(|| "—".into(), |k| format!("{k} KiB")),
    });
    let stderr = r["forfeit"]["bot"].as_str().and_then(|side| stderr_tail(&who.user, &g, side, nick(side)));
    let forfeit = r["forfeit"].as_object().map(|f| {
        let bot = f.get("bot").and_then(Value::as_str).map(nick).unwrap_or_default();
        let text = |k: &str| f.get(k).and_then(Value::as_str).unwrap_or_default().to_string();
        (bot, text("kind"), text("detail"))
    });
    let mut replay = game_json(&g);
    replay["game"] = Value::String(info.game.clone());
    replay["nicknames"] = serde_json::json!({"a": info.nick_a, "b": info.nick_b});
    Ok(render(&GamePage {
        nav: who.nav().await?,
        id: g.id,
        index: g.index,
        slug: info.slug,
        title: info.title,
        game: info.game,
        status: status_str(g.status),
        done,
        winner: r["winner"].as_str().map_or_else(|| "draw".to_string(), nick),
        reason: r["reason"].as_str().unwrap_or_default().to_string(),
        forfeit,
        score: r["score"]
            .as_array()
            .map(|s| s.iter().map(Value::to_string).collect::<Vec<_>>().join(" : "))
            .unwrap_or_default(),
        bots,
        settings: settings_pairs(&g.settings),
        moves: r["moves"].as_array().map_or_else(Vec::new, |m| m.iter().map(move_text).collect()),
        can_log: may_read_log(&who.user, &g),
        stderr_tail: stderr,
        replay_json: script_json(&replay),
    }))
}

/// The log as a download, for the browser session (the API's `/api/games/{id}/log` takes a token).
async fn log(State(state): State<AppState>, who: PageUser, Path(id): Path<String>) -> PageResult {
    let g = game_or_404(&state, &id).await?;
    let body = judging::log_text(&who.user, &g)?;
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
