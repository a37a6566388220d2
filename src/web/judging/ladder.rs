//! A ladder contest's table (`/contests/{slug}/ladder`): every current entrant by its
//! conservative score `mu - 3 sigma`, with `mu`, `sigma`, its games, the band `mu ± 2 sigma` in
//! which its skill lies with about 95 % probability, and the history of its rating as a small
//! chart (drawn as SVG on the server: the pages run no inline script).

use crate::db;
use crate::service::ladder::rating::Rating;
use crate::web::error::PageResult;
use crate::web::extract::{contest_or_404, PageUser};
use crate::web::i18n::filters;
use crate::web::input::Path;
use crate::web::render::{render, Nav};
use crate::web::state::AppState;
use askama::Template;
use axum::extract::State;
use axum::routing::get;
use axum::Router;
use std::collections::HashMap;

pub fn router() -> Router<AppState> {
    Router::new().route("/contests/{slug}/ladder", get(page))
}

/// A row of the table.
struct Row {
    name: String,
    mu: String,
    sigma: String,
    score: String,
    games: i32,
    band: String,
    /// The chart's polyline (`x,y …`, in a 120 x 24 box), empty before the first rated match.
    chart: String,
}

#[derive(Template)]
#[template(path = "judging/ladder.html")]
struct Page {
    nav: Nav,
    slug: String,
    title: String,
    ladder: bool,
    rows: Vec<Row>,
}

/// The points of a history in a `width` x `height` box whose vertical range is `low..high`.
fn polyline(mus: &[f64], low: f64, high: f64, width: f64, height: f64) -> String {
    let span = (high - low).max(1e-9);
    let step = if mus.len() > 1 { width / (mus.len() - 1) as f64 } else { 0.0 };
    mus.iter()
        .enumerate()
        .map(|(i, mu)| format!("{:.1},{:.1}", i as f64 * step, height - (mu - low) / span * height))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `x` with `places` decimals and the reader's decimal mark (`25.00`, `25,00`).
fn decimal(x: f64, places: usize) -> String {
    let (mark, _) = crate::web::i18n::locale().number_marks();
    format!("{x:.places$}").replace('.', &mark.to_string())
}

async fn page(State(state): State<AppState>, who: PageUser, Path(slug): Path<String>) -> PageResult {
    let c = contest_or_404(&state, &slug).await?;
    let mut conn = state.pool.acquire().await?;
    let standings = db::ladder::standings(&mut conn, c.id).await?;
    let mut histories: HashMap<db::ids::SubmissionId, Vec<f64>> = HashMap::new();
    for p in db::ladder::history(&mut conn, c.id).await? {
        histories.entry(p.submission_id).or_default().push(p.mu);
    }
    let all = histories.values().flatten().copied();
    let (low, high) = all.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), mu| (l.min(mu), h.max(mu)));
    let rows = standings
        .into_iter()
        .map(|s| {
            let r = Rating { mu: s.mu, sigma: s.sigma };
            let (lo, hi) = r.band();
            let chart = histories.get(&s.submission_id).map(|h| polyline(h, low, high, 120.0, 24.0));
            Row {
                name: s.shown,
                mu: decimal(r.mu, 2),
                sigma: decimal(r.sigma, 2),
                score: decimal(r.conservative(), 2),
                games: s.games,
                band: crate::tr!("judging-ladder-band", low = decimal(lo, 1), high = decimal(hi, 1)),
                chart: chart.unwrap_or_default(),
            }
        })
        .collect();
    Ok(render(&Page {
        nav: who.nav().await?,
        ladder: c.format == "ladder",
        slug: c.slug,
        title: c.title,
        rows,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_history_fills_the_box_from_left_to_right_and_bottom_to_top() {
        assert_eq!(polyline(&[20.0, 25.0, 30.0], 20.0, 30.0, 120.0, 24.0), "0.0,24.0 60.0,12.0 120.0,0.0");
        assert_eq!(polyline(&[25.0], 25.0, 25.0, 120.0, 24.0), "0.0,24.0");
    }
}
