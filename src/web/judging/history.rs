//! A user's standing over time: their rank and points in every scoreboard snapshot of a contest,
//! as JSON (`GET /api/contests/{slug}/scoreboard/history?submission={id}`) and as a small chart
//! drawn on the server (SVG, no script) on their matches page.

use crate::db;
use crate::db::scoreboard::HistoryPoint;
use crate::web::api_types::{ErrorBody, History};
use crate::web::error::Result;
use crate::web::extract::{contest_or_404, submission_param, ApiUser};
use crate::web::input::Path;
use crate::web::render::when;
use crate::web::state::AppState;
use axum::extract::{Query, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use std::fmt::Write as _;

pub fn api_router() -> Router<AppState> {
    Router::new().route("/contests/{slug}/scoreboard/history", get(api))
}

#[derive(Deserialize)]
pub(crate) struct HistoryQuery {
    submission: Option<String>,
}

/// The rank and points, in every snapshot so far, of the user whose submission is given (any of
/// their submissions: the history follows the user through resubmissions).
#[utoipa::path(get, path = "/api/contests/{slug}/scoreboard/history", tag = "judging",
    params(("slug" = String, Path, description = "the contest"),
           ("submission" = i64, Query, description = "a submission of the user")),
    responses((status = 200, body = History), (status = 400, description = "`bad_submission`", body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn api(
    State(state): State<AppState>,
    _who: ApiUser,
    Path(slug): Path<String>,
    Query(q): Query<HistoryQuery>,
) -> Result<Json<History>> {
    let c = contest_or_404(&state, &slug).await?;
    let mut conn = state.pool.acquire().await?;
    let sub = submission_param(&mut conn, &c, q.submission.as_deref()).await?;
    let points = db::scoreboard::history(&mut conn, c.id, sub.user_id).await?;
    Ok(Json(History { snapshots: points }))
}

/// The chart of a user's standing: points (a line rising to the right) and rank (a second line,
/// rank 1 at the top), over the snapshots' times. `None` with fewer than two snapshots.
pub fn svg(points: &[HistoryPoint]) -> Option<String> {
    if points.len() < 2 {
        return None;
    }
    let (w, h, pad) = (640.0_f64, 160.0_f64, 28.0_f64);
    let t0 = points[0].computed_at.unix_timestamp() as f64;
    let t1 = points[points.len() - 1].computed_at.unix_timestamp() as f64;
    let span = (t1 - t0).max(1.0);
    let max_points = points.iter().map(|p| p.points).max().unwrap_or(0).max(1) as f64;
    let max_rank = points.iter().map(|p| p.rank).max().unwrap_or(1).max(2) as f64;
    let x = |p: &HistoryPoint| pad + (p.computed_at.unix_timestamp() as f64 - t0) / span * (w - 2.0 * pad);
    let y_points = |p: &HistoryPoint| h - pad - p.points as f64 / max_points * (h - 2.0 * pad);
    let y_rank = |p: &HistoryPoint| pad + (p.rank as f64 - 1.0) / (max_rank - 1.0) * (h - 2.0 * pad);
    let line = |y: &dyn Fn(&HistoryPoint) -> f64| {
        points.iter().map(|p| format!("{:.1},{:.1}", x(p), y(p))).collect::<Vec<_>>().join(" ")
    };
    let last = &points[points.len() - 1];
    let mut out = String::new();
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" class="history-chart" role="img" aria-label="{label}">
<rect x="{pad}" y="{pad}" width="{iw}" height="{ih}" fill="none" stroke="#ccd"/>
<polyline points="{pts}" fill="none" stroke="#2a6fdb" stroke-width="2"/>
<polyline points="{ranks}" fill="none" stroke="#d9822b" stroke-width="2" stroke-dasharray="4 3"/>
<text x="{pad}" y="{ty}" font-size="11" fill="#2a6fdb">{points_text}</text>
<text x="{rx}" y="{ty}" font-size="11" fill="#d9822b" text-anchor="end">{rank_text}</text>
<text x="{pad}" y="{by}" font-size="10" fill="#667">{from}</text>
<text x="{rx}" y="{by}" font-size="10" fill="#667" text-anchor="end">{to}</text>
</svg>"##,
        iw = w - 2.0 * pad,
        ih = h - 2.0 * pad,
        pts = line(&y_points),
        ranks = line(&y_rank),
        ty = pad - 8.0,
        rx = w - pad,
        by = h - 8.0,
        label = crate::tr!("judging-history-label"),
        points_text = crate::tr!("judging-history-points", max = max_points as i64),
        rank_text = crate::tr!("judging-history-rank", max = max_rank as i64, rank = last.rank),
        from = when(&points[0].computed_at),
        to = when(&last.computed_at),
    );
    Some(out)
}
