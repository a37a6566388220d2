//! The operators' metrics (`/metrics`, Prometheus text format): the names every layer records
//! under, the process's recorder, and the scrape, which adds the figures read from the database
//! at that moment (queue depths, workers' heartbeats) to the counters and histograms recorded as
//! things happen (games and compiles finished and their durations, scoreboard refreshes, HTTP
//! requests). Recorded with the `metrics` facade: without a recorder installed (tests that do not
//! scrape, `botarena play`) recording costs nothing.

use crate::db;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use sqlx::PgConnection;
use std::sync::OnceLock;

/// Games played to the end (`result`: `done`, `failed` for a game given up on), counter.
pub const GAMES_FINISHED: &str = "botarena_games_finished_total";
/// Seconds a game took, from start to result stored, histogram.
pub const GAME_SECONDS: &str = "botarena_game_duration_seconds";
/// Compiles finished (`result`: `ok` or `error`), counter.
pub const COMPILES_FINISHED: &str = "botarena_compiles_finished_total";
/// Seconds a compile took, histogram.
pub const COMPILE_SECONDS: &str = "botarena_compile_duration_seconds";
/// Seconds a scoreboard refresh (compute and store) took, histogram.
pub const SCOREBOARD_REFRESH_SECONDS: &str = "botarena_scoreboard_refresh_duration_seconds";
/// Jobs not finished, by `kind` and `state` (`waiting`, `running`), gauge read when scraped.
pub const QUEUE_DEPTH: &str = "botarena_queue_depth";
/// A game worker's last heartbeat (Unix seconds), by `worker`, gauge read when scraped.
pub const WORKER_LAST_SEEN: &str = "botarena_worker_last_seen_seconds";
/// HTTP requests answered, by `method`, `route` (the route's pattern, e.g. `/games/{id}`, or
/// `unmatched`) and `status`, counter.
pub const HTTP_REQUESTS: &str = "botarena_http_requests_total";
/// Seconds to answer an HTTP request, by `method`, `route` and `status`, histogram.
pub const HTTP_SECONDS: &str = "botarena_http_request_duration_seconds";

/// Histogram buckets in seconds: from a 1 ms page to a 2-minute compile.
const BUCKETS: &[f64] =
    &[0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0];

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// The process's recorder, installed on first use (once per process: it is global).
pub fn recorder() -> &'static PrometheusHandle {
    HANDLE.get_or_init(|| {
        let builder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), BUCKETS)
            .expect("the buckets are not empty");
        let recorder = builder.build_recorder();
        let handle = recorder.handle();
        // Another recorder already installed (only an embedding program would do that): its
        // figures go there, and this handle renders what it has.
        if let Err(e) = metrics::set_global_recorder(recorder) {
            tracing::warn!("metrics: a recorder is already installed: {e}");
        }
        handle
    })
}

/// The whole scrape in Prometheus text format: the figures read from the database now, then
/// every recorded series.
pub async fn scrape(conn: &mut PgConnection) -> sqlx::Result<String> {
    let handle = recorder();
    for d in db::metrics::queue_depths(conn).await? {
        metrics::gauge!(QUEUE_DEPTH, "kind" => d.kind.clone(), "state" => "waiting").set(d.waiting as f64);
        metrics::gauge!(QUEUE_DEPTH, "kind" => d.kind, "state" => "running").set(d.running as f64);
    }
    for (worker, seen) in db::metrics::heartbeats(conn).await? {
        let at = seen.unix_timestamp_nanos() as f64 / 1e9;
        metrics::gauge!(WORKER_LAST_SEEN, "worker" => worker).set(at);
    }
    handle.run_upkeep();
    Ok(handle.render())
}
