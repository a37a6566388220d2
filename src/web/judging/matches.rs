//! A submission's matches against every opponent: the page (with the user's standing over time,
//! [`super::history`]) and the API's list.

use crate::db::games;
use crate::db::ids::{GameRecordId, SubmissionId};
use crate::db::submissions;
use crate::db::users;
use crate::web::api_types::{ErrorBody, MatchView, Opponent};
use crate::web::error::{AppError, PageResult, Result};
use crate::web::extract::{contest_or_404, submission_param, ApiUser, PageUser};
use crate::web::i18n::filters;
use crate::web::input::Path;
use crate::web::render::{matches_path, outcome_text, render, status_str, status_text, tally, Nav};
use crate::web::state::AppState;
use askama::Template;
use axum::extract::{Query, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use std::collections::HashMap;

/// The page.
pub fn router() -> Router<AppState> {
    Router::new().route("/contests/{slug}/submissions/{id}/matches", get(matches))
}

/// The JSON face, nested under `/api`.
pub fn api_router() -> Router<AppState> {
    Router::new().route("/contests/{slug}/matches", get(list_matches))
}

/// A game in a list, seen from one side: its link text says how it went for that side.
struct GameLink {
    id: GameRecordId,
    outcome: String,
}

struct MatchLine {
    id: crate::db::ids::MatchId,
    opponent: String,
    opponent_link: String,
    /// The opponent's submission, and whether it is still current.
    opponent_submission: SubmissionId,
    current: bool,
    /// The status's word (its CSS class), and as the reader's language says it.
    status: &'static str,
    status_text: String,
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
            status_text: status_text(m.status),
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

#[derive(Deserialize)]
pub(crate) struct SubmissionQuery {
    submission: Option<String>,
}

/// The matches of a submission against every opponent.
#[utoipa::path(get, path = "/api/contests/{slug}/matches", tag = "judging",
    params(("slug" = String, Path, description = "the contest"),
           ("submission" = i64, Query, description = "the submission")),
    responses((status = 200, body = [MatchView]), (status = 400, description = "`bad_submission`", body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn list_matches(
    State(state): State<AppState>,
    _who: ApiUser,
    Path(slug): Path<String>,
    Query(q): Query<SubmissionQuery>,
) -> Result<Json<Vec<MatchView>>> {
    let c = contest_or_404(&state, &slug).await?;
    let mut conn = state.pool.acquire().await?;
    let id = submission_param(&mut conn, &c, q.submission.as_deref()).await?.id;
    let rows = games::matches_of_submission(&mut conn, id).await?;
    Ok(Json(
        rows.into_iter()
            .map(|m| MatchView {
                id: m.id,
                opponent: Opponent { submission_id: m.opponent_submission, nickname: m.opponent_nickname },
                games: m.games,
                replaced_games: m.replaced,
                status: m.status,
                points: m.points,
                opponent_current: m.opponent_current,
            })
            .collect(),
    ))
}
