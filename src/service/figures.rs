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
    figures.push(similarity_index(&mut conn, rr.contest_id, submission).await?);
    Ok(figures)
}

/// Copy detection: indexing one more submission of a contest whose `entrants` submissions are
/// indexed (its tokens and fingerprints stored, compared with all the others through the
/// postings, its pairs stored), beside tokenizing and fingerprinting the same source alone (no
/// database). Every entrant gets a synthetic bot of its own (about 150 lines of Python).
async fn similarity_index(
    conn: &mut sqlx::PgConnection,
    contest: db::ids::ContestId,
    newcomer: db::ids::SubmissionId,
) -> anyhow::Result<Figure> {
    let ids = db::similarity::submissions_of(conn, contest).await?;
    let sources: Vec<_> = ids.iter().map(|&id| (id, "python", synthetic_bot(id.0 as u64))).collect();
    bench::set_sources(conn, &sources).await?;
    let t = Instant::now();
    for &id in &ids {
        if id != newcomer {
            super::similarity::index(conn, id, Vec::new()).await?;
        }
    }
    tracing::info!("bench data: {} submissions indexed in {:.1} s", ids.len() - 1, t.elapsed().as_secs_f64());
    let source = synthetic_bot(newcomer.0 as u64);
    let (mut index, mut alone) = (Vec::new(), Vec::new());
    for _ in 0..3 {
        let t = Instant::now();
        let tokens: Vec<u32> = crate::similarity::token_hashes("python", &source);
        std::hint::black_box(crate::similarity::fingerprint_set(&tokens, &Default::default()));
        alone.push(ms(t));
        let t = Instant::now();
        super::similarity::index(conn, newcomer, Vec::new()).await?;
        index.push(ms(t));
    }
    Ok(Figure {
        name: "similarity_index",
        value: median(&mut index),
        unit: "ms",
        baseline: "tokenize_alone",
        baseline_value: median(&mut alone),
    })
}

/// A bot of its own for entrant `seed`: functions of random statements, as different from
/// another entrant's as two students' code (they share the language's idioms, not their order).
fn synthetic_bot(seed: u64) -> String {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let ops = ["+", "-", "*", "//", "%"];
    let cmps = ["<", ">", "==", "!=", "<=", ">="];
    let mut out = String::from("import sys\n\n");
    for f in 0..12 {
        out.push_str(&format!("def f{f}(board, me, depth):\n    best = -1\n"));
        for _ in 0..rng.gen_range(6..14) {
            let (a, b) = (rng.gen_range(0..9), rng.gen_range(1..50));
            let (op, cmp) = (ops[rng.gen_range(0..ops.len())], cmps[rng.gen_range(0..cmps.len())]);
            out.push_str(&match rng.gen_range(0..7) {
                0 => format!("    x{a} = best {op} {b}\n"),
                1 => format!("    if board[{a}][{b} % 9] {cmp} me:\n        best = max(best, {b})\n"),
                2 => format!("    for i in range({b}):\n        best {op}= i\n"),
                3 => format!("    while depth {cmp} {b}:\n        depth -= 1\n"),
                4 => format!("    moves = [c for c in range(9) if board[0][c] {cmp} {a}]\n"),
                5 => format!(
                    "    best = f{}(board, 3 - me, depth - 1) if depth else best\n",
                    rng.gen_range(0..12)
                ),
                _ => format!("    print(\"DEBUG {a} {b}\", file=sys.stderr)\n"),
            });
        }
        out.push_str("    return best\n\n");
    }
    out
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
