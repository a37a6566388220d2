//! The platform's figures for `botarena bench`, each measured against a baseline in the same run,
//! on synthetic data in a throwaway database (`db::bench`): a finished round robin of
//! `entrants` students (`entrants * (entrants - 1) / 2` matches, two checkers games each).
//!
//! | figure | value | baseline |
//! | --- | --- | --- |
//! | `scoreboard_refresh` | one `service::scoreboard::refresh` of the contest, ms | `count_games`: counting the contest's games (`select count(*)` over games joined to matches), ms |
//! | `scoreboard_refresh_rss_mb` | growth of this process's resident memory during that refresh (peak minus before), MB | `rss_before`: the resident memory before it, MB |
//! | `schedule_submission` | `service::scheduler::on_compiled` of a new ready submission (its match against every entrant and their games and jobs), ms | `bulk_insert_baseline`: one bulk insert of the same rows (`db::bench::bulk_insert_matches`), ms |
//!
//! Both scheduling runs are rolled back, so each starts from the same tables.

use crate::config::DbArgs;
use crate::db::{self, bench};
use sqlx::postgres::PgConnectOptions;
use sqlx::Connection;
use std::str::FromStr;
use std::time::Instant;

/// One measured figure: its value, and its baseline measured in the same run.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    pub name: &'static str,
    pub value: f64,
    pub unit: &'static str,
    /// What the value is compared with (`count_games`, `rss_before`, `bulk_insert_baseline`).
    pub baseline: &'static str,
    pub baseline_value: f64,
}

impl Figure {
    /// `value / baseline_value` (NaN when the baseline is 0).
    pub fn ratio(&self) -> f64 {
        if self.baseline_value > 0.0 {
            self.value / self.baseline_value
        } else {
            f64::NAN
        }
    }
}

/// The server to make the throwaway database on: `DATABASE_URL`, or the embedded cluster of the
/// data directory (kept alive by the returned cluster handle).
pub async fn server(db: &DbArgs) -> anyhow::Result<(PgConnectOptions, Option<db::embedded::Cluster>)> {
    match &db.database_url {
        Some(url) => Ok((PgConnectOptions::from_str(url)?, None)),
        None => {
            let dir = db.data_dir.clone();
            let cluster = tokio::task::spawn_blocking(move || db::embedded::Cluster::open(&dir)).await??;
            Ok((cluster.connect_options(), Some(cluster)))
        }
    }
}

/// Measures the figures at `entrants` on the server of `db` (`DATABASE_URL`, or the embedded
/// cluster of the data directory).
pub async fn platform_figures_on(entrants: usize, db: &DbArgs) -> anyhow::Result<Vec<Figure>> {
    let (server, cluster) = server(db).await?;
    let figures = platform_figures(entrants, &server).await;
    drop(cluster);
    figures
}

/// Measures the scoreboard and scheduling figures at `entrants` on a throwaway database made on
/// the server of `server` (the database it names is only used to create and drop that one),
/// dropped afterwards, also when a measurement fails.
pub async fn platform_figures(entrants: usize, server: &PgConnectOptions) -> anyhow::Result<Vec<Figure>> {
    let scratch = bench::Scratch::create(server).await?;
    let figures = measure(&scratch, entrants).await;
    let dropped = scratch.drop().await;
    let figures = figures?;
    dropped?;
    Ok(figures)
}

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}

async fn measure(scratch: &bench::Scratch, entrants: usize) -> anyhow::Result<Vec<Figure>> {
    let mut conn = scratch.pool.acquire().await?;
    let start = Instant::now();
    let rr = bench::load_round_robin(&mut conn, entrants).await?;
    tracing::info!(
        "bench data: {entrants} entrants, {} matches, {} games loaded in {:.1} s",
        rr.matches,
        rr.games,
        start.elapsed().as_secs_f64()
    );
    let mut figures = Vec::new();

    // Warm the caches the same way for both, then the baseline and the refresh.
    bench::count_games(&mut conn, rr.contest_id).await?;
    let t = Instant::now();
    bench::count_games(&mut conn, rr.contest_id).await?;
    let count_ms = ms(t);
    let rss_before = memory::resident_mb();
    memory::reset_peak();
    let t = Instant::now();
    super::scoreboard::refresh(&mut conn, rr.contest_id).await?;
    let refresh_ms = ms(t);
    let rss_peak = memory::peak_mb().unwrap_or_else(memory::resident_mb);
    figures.push(Figure {
        name: "scoreboard_refresh",
        value: refresh_ms,
        unit: "ms",
        baseline: "count_games",
        baseline_value: count_ms,
    });
    figures.push(Figure {
        name: "scoreboard_refresh_rss_mb",
        value: (rss_peak - rss_before).max(0.0),
        unit: "MB",
        baseline: "rss_before",
        baseline_value: rss_before,
    });

    // Scheduling a newcomer against every entrant, and the same rows in one bulk insert; each in
    // a transaction rolled back, alternately, the median of three.
    let submission = bench::new_ready_submission(&mut conn, rr.contest_id).await?;
    let (mut schedule, mut bulk) = (Vec::new(), Vec::new());
    for _ in 0..3 {
        let mut tx = conn.begin().await?;
        let t = Instant::now();
        bench::bulk_insert_matches(&mut tx, rr.contest_id, submission, 2).await?;
        bulk.push(ms(t));
        tx.rollback().await?;
        let mut tx = conn.begin().await?;
        let t = Instant::now();
        let created = super::scheduler::on_compiled(&mut tx, submission).await?;
        schedule.push(ms(t));
        anyhow::ensure!(created == entrants, "scheduled {created} matches, not {entrants}");
        tx.rollback().await?;
    }
    figures.push(Figure {
        name: "schedule_submission",
        value: median(&mut schedule),
        unit: "ms",
        baseline: "bulk_insert_baseline",
        baseline_value: median(&mut bulk),
    });
    Ok(figures)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// This process's resident memory, from `/proc/self/status` (Linux).
mod memory {
    fn status_mb(field: &str) -> Option<f64> {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let line = status.lines().find(|l| l.starts_with(field))?;
        let kib: f64 = line[field.len()..].trim().trim_end_matches("kB").trim().parse().ok()?;
        Some(kib / 1024.0)
    }

    pub fn resident_mb() -> f64 {
        status_mb("VmRSS:").unwrap_or(0.0)
    }

    /// The peak since [`reset_peak`].
    pub fn peak_mb() -> Option<f64> {
        status_mb("VmHWM:")
    }

    /// Resets the peak (`VmHWM`) to the current resident size.
    pub fn reset_peak() {
        let _ = std::fs::write("/proc/self/clear_refs", "5");
    }
}
