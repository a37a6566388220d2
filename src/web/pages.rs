//! Judging pages: the scoreboard (from the stored snapshot), a submission's matches against every
//! opponent, and one game with its result, moves, log download and the replay viewer
//! (`static/replay.js`, the only page here that needs JavaScript, and only for the animation).

use super::api_types::{GameView, Sides};
use super::auth::PageUser;
use super::contests::contest_or_404;
use super::error::{AppError, PageResult};
use super::input::Path;
use super::judging::{self, game_or_404, game_view, may_read_log, played, private_sides, status_str};
use super::scoreboard_view;
use super::{render, when, AppState, Nav};
use crate::db::contests::settings_pairs;
use crate::db::games;
use crate::db::ids::{GameRecordId, SubmissionId};
use crate::db::submissions;
use crate::db::users::{self, User};
use crate::judge::log::{cut, Channel};
use crate::judge::result::{BotId, GameResult};
use crate::judge::GameLog;
use askama::Template;
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/contests/{slug}/scoreboard", get(scoreboard))
        .route("/contests/{slug}/submissions/{id}/matches", get(matches))
        .route("/games/{id}", get(game))
        .route("/games/{id}/log", get(log))
        .route("/games/{id}/live", get(live))
}

/// The path of a submission's matches page (the "user page" of the scoreboard).
pub(super) fn matches_path(slug: &str, submission: SubmissionId) -> String {
    format!("/contests/{slug}/submissions/{submission}/matches")
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
    let head = state.scoreboards.head(&state, &slug).await?;
    let r = state.scoreboards.get(&state, &head).await?;
    let pages = r.pages.len();
    let page = q.page.as_deref().and_then(|p| p.parse::<usize>().ok()).unwrap_or(1).clamp(1, pages);
    let own = r.own.get(&who.user.id).copied();
    let nav = who.nav().await?;
    let etag = scoreboard_view::etag(&r, (page, &nav.user, nav.admin, &nav.csrf, own, &head.title));
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
    };
    Ok((validators, render(&page_view)).into_response())
}

/// A game in a list, seen from one side: its link text says how it went for that side.
struct GameLink {
    id: GameRecordId,
    outcome: String,
}

/// How a game went for its side: `won (no_moves)`, `lost (forfeit)`, `draw (board_full)`, or the
/// status while it is not done.
pub(super) fn outcome_text(g: &games::GameOutcome) -> String {
    if g.status != games::GameStatus::Done {
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
pub(super) fn tally(won: Option<i32>, drawn: Option<i32>, lost: Option<i32>) -> String {
    match (won, drawn, lost) {
        (Some(w), Some(d), Some(l)) => format!("{w}–{d}–{l}"),
        _ => String::new(),
    }
}

struct MatchLine {
    id: crate::db::ids::MatchId,
    opponent: String,
    opponent_link: String,
    /// The opponent's submission, and whether it is still current.
    opponent_submission: SubmissionId,
    current: bool,
    status: &'static str,
    points: Option<i32>,
    /// Games won, drawn and lost by this submission, once done (`2–0–0`).
    tally: String,
    games: Vec<GameLink>,
    /// Its games replaced by rejudges, listed only with `?replaced=1`.
    replaced: Vec<GameLink>,
}

#[derive(Template)]
#[template(path = "judging/matches.html")]
struct MatchesPage {
    nav: Nav,
    slug: String,
    title: String,
    nickname: String,
    submission: SubmissionId,
    language: String,
    /// Whether the viewer may open the submission itself (source, compile log).
    own: bool,
    /// Whether the submission is its user's current one.
    current: bool,
    matches: Vec<MatchLine>,
    /// The user's rank and points over the snapshots, drawn (SVG), once there are two.
    history: Option<String>,
    /// Matches against opponents that are no longer current: listed only with `?all=1`.
    superseded: usize,
    show_all: bool,
    /// Games replaced by rejudges in the matches listed: shown only with `?replaced=1`.
    replaced: usize,
    show_replaced: bool,
}

#[derive(Deserialize)]
struct MatchesQuery {
    all: Option<String>,
    replaced: Option<String>,
}

impl MatchesPage {
    /// The page's own link with "every opponent" switched.
    fn all_switched(&self) -> String {
        Self::link(!self.show_all, self.show_replaced)
    }

    /// The page's own link with "show replaced games" switched.
    fn replaced_switched(&self) -> String {
        Self::link(self.show_all, !self.show_replaced)
    }

    fn link(all: bool, replaced: bool) -> String {
        let mut q = Vec::new();
        if all {
            q.push("all=1");
        }
        if replaced {
            q.push("replaced=1");
        }
        format!("?{}", q.join("&"))
    }
}

async fn matches(
    State(state): State<AppState>,
    who: PageUser,
    Path((slug, id)): Path<(String, String)>,
    Query(q): Query<MatchesQuery>,
) -> PageResult {
    let on = |v: &Option<String>| v.as_deref().is_some_and(|v| v == "1" || v == "true");
    let (show_all, show_replaced) = (on(&q.all), on(&q.replaced));
    let c = contest_or_404(&state, &slug).await?;
    let id: SubmissionId = id.parse().map_err(|_| AppError::not_found("submission"))?;
    let mut conn = state.pool.acquire().await?;
    let sub = submissions::by_id(&mut conn, id)
        .await?
        .filter(|s| s.contest_id == c.id)
        .ok_or_else(|| AppError::not_found("submission"))?;
    let nickname = users::shown_name(&mut conn, sub.user_id).await?;
    let rows = games::matches_of_submission(&mut conn, id).await?;
    // Every game of those matches, with the side this submission played in it.
    let outcomes: HashMap<GameRecordId, String> = games::games_of_submission(&mut conn, id)
        .await?
        .into_iter()
        .map(|g| (g.id, outcome_text(&g)))
        .collect();
    let history = super::history::svg(&crate::db::scoreboard::history(&mut conn, c.id, sub.user_id).await?);
    drop(conn);
    let superseded = rows.iter().filter(|m| !m.opponent_current).count();
    let replaced = rows.iter().filter(|m| show_all || m.opponent_current).map(|m| m.replaced.len()).sum();
    let link = |g: &GameRecordId| GameLink { id: *g, outcome: outcomes.get(g).cloned().unwrap_or_default() };
    let matches = rows
        .into_iter()
        .filter(|m| show_all || m.opponent_current)
        .map(|m| MatchLine {
            id: m.id,
            opponent_link: matches_path(&c.slug, m.opponent_submission),
            opponent: m.opponent_nickname,
            opponent_submission: m.opponent_submission,
            current: m.opponent_current,
            status: status_str(m.status),
            points: m.points,
            tally: tally(m.games_won, m.games_drawn, m.games_lost),
            games: m.games.iter().map(link).collect(),
            replaced: if show_replaced { m.replaced.iter().map(link).collect() } else { Vec::new() },
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
        current: sub.status == submissions::Status::Ready,
        matches,
        history,
        superseded,
        show_all,
        replaced,
        show_replaced,
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
    id: GameRecordId,
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
    /// Set once a rejudge replaced the game: what replaced it, for the notice above the result.
    replaced: Option<ReplacedNotice>,
}

/// "Replaced by the rejudge of <time> (by <admin>)", with the game played in its place.
struct ReplacedNotice {
    what: &'static str,
    when: String,
    by: String,
    new_game: Option<GameRecordId>,
}

impl ReplacedNotice {
    fn of(r: &games::Replacement) -> ReplacedNotice {
        ReplacedNotice {
            what: match r.action.as_deref() {
                Some("submission.rejudge") => "the rejudge of a submission",
                _ => "the rejudge",
            },
            when: super::when(&r.at),
            by: r.actor.clone().unwrap_or_else(|| "the command line".into()),
            new_game: r.by,
        }
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

/// JSON that is safe inside `<script type="application/json">`: no `</script>` can close it early.
pub(super) fn script_json(v: &impl Serialize) -> String {
    // Plain data with string keys: serializing it cannot fail.
    let text = serde_json::to_string(v).unwrap_or_default();
    text.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
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
        out.push((format!("time factor of {}", nick(*bot)), f.to_string()));
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
            Some(0) => "moves first",
            Some(_) => "moves second",
            None => "",
        },
        think_ms: r
            .as_ref()
            .and_then(|r| r.think_ms.get(&side).copied())
            .map_or_else(|| "—".into(), |ms| format!("{ms} ms")),
        peak_kib: r
            .as_ref()
            .and_then(|r| r.peak_memory_kib.get(&side).copied().flatten())
            .map_or_else(|| "—".into(), |k| format!("{k} KiB")),
    });
    let forfeit = r.as_ref().and_then(|r| r.forfeit.as_ref());
    let stderr = forfeit.and_then(|f| stderr_tail(&who.user, &g, f.bot, nick(f.bot)));
    let forfeit = forfeit.map(|f| (nick(f.bot), f.kind.as_str().to_string(), f.detail.clone()));
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
        done,
        winner: r.as_ref().and_then(|r| r.winner).map_or_else(|| "draw".to_string(), nick),
        reason: r.as_ref().map(|r| r.reason.to_string()).unwrap_or_default(),
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
                    let frames = crate::games::frames::replay_stored(game, &settings, params, &moves)
                        .map_or_else(|_| crate::games::frames::Frames::none(game), |r| r.frames);
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
