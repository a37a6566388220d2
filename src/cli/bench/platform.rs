//! The platform's figures of `botarena bench` (`service::figures`): the scoreboard refresh, the
//! memory it takes, and scheduling a newcomer, on a throwaway database of the embedded cluster
//! (or `DATABASE_URL`) filled with a finished round robin of `--entrants N` students. The three
//! are measured together on first use and handed out one by one.

use super::{Bench, Figure};
use crate::service::figures;

pub const SCOREBOARD_REFRESH: &str = "scoreboard_refresh";
pub const SCOREBOARD_REFRESH_RSS_MB: &str = "scoreboard_refresh_rss_mb";
pub const SCHEDULE_SUBMISSION: &str = "schedule_submission";
pub const SIMILARITY_INDEX: &str = "similarity_index";

fn figure(bench: &mut Bench, name: &'static str) -> anyhow::Result<Figure> {
    let f = bench
        .platform()?
        .iter()
        .find(|f| f.name == name)
        .ok_or_else(|| anyhow::anyhow!("the platform figures have no `{name}`"))?;
    Ok(Figure::new(name, f.value, f.unit, f.baseline, f.baseline_value))
}

/// Measures every platform figure at `entrants` (blocking: its own async runtime).
pub fn measure(entrants: usize, db: &crate::config::DbArgs) -> anyhow::Result<Vec<figures::Figure>> {
    crate::cli::serve::runtime()?.block_on(figures::platform_figures_on(entrants, db))
}

pub fn scoreboard_refresh(bench: &mut Bench) -> anyhow::Result<Figure> {
    figure(bench, SCOREBOARD_REFRESH)
}

pub fn scoreboard_refresh_rss_mb(bench: &mut Bench) -> anyhow::Result<Figure> {
    figure(bench, SCOREBOARD_REFRESH_RSS_MB)
}

pub fn schedule_submission(bench: &mut Bench) -> anyhow::Result<Figure> {
    figure(bench, SCHEDULE_SUBMISSION)
}

pub fn similarity_index(bench: &mut Bench) -> anyhow::Result<Figure> {
    figure(bench, SIMILARITY_INDEX)
}
