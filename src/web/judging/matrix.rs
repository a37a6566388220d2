//! The head-to-head matrix of a contest: the points of every pair of entrants of the stored
//! scoreboard snapshot, from the matches decided by the time it was computed (so it agrees with the
//! snapshot's points), each cell linked to its match on the row entrant's matches page. A page
//! (`/contests/{slug}/scoreboard/matrix`) and its JSON (`/api/...`).

use crate::db;
use crate::db::contests::Contest;
use crate::db::ids::SubmissionId;
use crate::web::api_types::{ErrorBody, Matrix, MatrixCell, MatrixEntrant};
use crate::web::error::{PageResult, Result};
use crate::web::extract::{contest_or_404, ApiUser, PageUser};
use crate::web::i18n::filters;
use crate::web::input::Path;
use crate::web::render::{matches_path, render, when, Nav};
use crate::web::scoreboard_view::snapshot;
use crate::web::state::AppState;
use askama::Template;
use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use std::collections::HashMap;

pub fn router() -> Router<AppState> {
    Router::new().route("/contests/{slug}/scoreboard/matrix", get(page))
}

pub fn api_router() -> Router<AppState> {
    Router::new().route("/contests/{slug}/scoreboard/matrix", get(api))
}

/// The matrix of the contest's snapshot: entrants in the snapshot's order (students, then house
/// bots), `cells[i][j]` the points of entrant `i` against entrant `j`.
async fn matrix(state: &AppState, c: &Contest) -> Result<Matrix> {
    let (computed_at, rows) = snapshot(&state.pool, c.id).await?;
    let entrants: Vec<MatrixEntrant> = rows
        .iter()
        .filter_map(|r| {
            r.submission_id.map(|id| MatrixEntrant {
                submission_id: id,
                nickname: r.nickname.clone(),
                rank: r.rank,
                house: r.house,
            })
        })
        .collect();
    let ids: Vec<SubmissionId> = entrants.iter().map(|e| e.submission_id).collect();
    let index: HashMap<SubmissionId, usize> = ids.iter().enumerate().map(|(i, id)| (*id, i)).collect();
    let pairings =
        db::scoreboard::pairings(&mut *state.pool.acquire().await?, c.id, computed_at, &ids).await?;
    let mut cells = vec![vec![None; ids.len()]; ids.len()];
    for p in pairings {
        if let (Some(&a), Some(&b)) = (index.get(&p.submission_a), index.get(&p.submission_b)) {
            cells[a][b] = Some(MatrixCell { match_id: p.id, points: p.points_a });
            cells[b][a] = Some(MatrixCell { match_id: p.id, points: p.points_b });
        }
    }
    Ok(Matrix { computed_at, entrants, cells })
}

/// The head-to-head matrix of the stored snapshot.
#[utoipa::path(get, path = "/api/contests/{slug}/scoreboard/matrix", tag = "judging",
    params(("slug" = String, Path, description = "the contest")),
    responses((status = 200, body = Matrix), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn api(
    State(state): State<AppState>,
    _who: ApiUser,
    Path(slug): Path<String>,
) -> Result<Json<Matrix>> {
    let c = contest_or_404(&state, &slug).await?;
    Ok(Json(matrix(&state, &c).await?))
}

/// A row of the page: the entrant and its cells (text, link, class).
struct Row {
    rank: u64,
    nickname: String,
    link: String,
    own: bool,
    cells: Vec<(String, Option<String>, &'static str)>,
}

#[derive(Template)]
#[template(path = "judging/matrix.html")]
struct Page {
    nav: Nav,
    slug: String,
    title: String,
    computed_at: String,
    /// Column heads: rank and nickname.
    columns: Vec<(u64, String)>,
    rows: Vec<Row>,
}

async fn page(State(state): State<AppState>, who: PageUser, Path(slug): Path<String>) -> PageResult {
    let c = contest_or_404(&state, &slug).await?;
    let m = matrix(&state, &c).await?;
    let owners: HashMap<SubmissionId, db::ids::UserId> = db::scoreboard_serving::owners(
        &mut *state.pool.acquire().await?,
        &m.entrants.iter().map(|e| e.submission_id).collect::<Vec<_>>(),
    )
    .await?
    .into_iter()
    .collect();
    let rows = m
        .entrants
        .iter()
        .zip(&m.cells)
        .enumerate()
        .map(|(i, (e, cells))| {
            let link = matches_path(&c.slug, e.submission_id);
            Row {
                rank: e.rank,
                nickname: e.nickname.clone(),
                own: owners.get(&e.submission_id) == Some(&who.user.id),
                cells: cells
                    .iter()
                    .enumerate()
                    .map(|(j, cell)| match cell {
                        _ if i == j => ("·".to_string(), None, "self"),
                        None => (String::new(), None, "none"),
                        Some(cell) => (
                            cell.points.to_string(),
                            Some(format!("{link}?all=1#match-{}", cell.match_id)),
                            match cell.points {
                                3 => "won",
                                1 => "drawn",
                                _ => "lost",
                            },
                        ),
                    })
                    .collect(),
                link,
            }
        })
        .collect();
    Ok(render(&Page {
        nav: who.nav().await?,
        slug: c.slug,
        title: c.title,
        computed_at: when(&m.computed_at),
        columns: m.entrants.iter().map(|e| (e.rank, e.nickname.clone())).collect(),
        rows,
    }))
}
