//! The platform's benchmark figures (`service::figures`) at a small size: each is measured
//! against its baseline, and the throwaway database is gone afterwards. With
//! `BOTARENA_BENCH_ENTRANTS=1000` (and `-- --nocapture`) the same test prints the full-size figures.

mod common;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_platform_figures_are_measured_on_a_throwaway_database_that_is_dropped() {
    let entrants: usize =
        std::env::var("BOTARENA_BENCH_ENTRANTS").ok().and_then(|n| n.parse().ok()).unwrap_or(30);
    let server = common::database::server_options();
    let throwaway = || async {
        let mut admin: sqlx::PgConnection = sqlx::Connection::connect_with(&server).await.unwrap();
        let n: i64 = sqlx::query_scalar("select count(*) from pg_database where datname like 'bench\\_%'")
            .fetch_one(&mut admin)
            .await
            .unwrap();
        n
    };
    let before = throwaway().await;
    let figures = botarena::service::figures::platform_figures(entrants, &server).await.unwrap();
    for f in &figures {
        println!(
            "{:<28} {:>10.1} {:<3} {:<22} {:>10.1} ratio {:.2}",
            f.name,
            f.value,
            f.unit,
            f.baseline,
            f.baseline_value,
            f.ratio()
        );
    }
    let names: Vec<_> = figures.iter().map(|f| f.name).collect();
    assert_eq!(
        names,
        ["scoreboard_refresh", "scoreboard_refresh_rss_mb", "schedule_submission", "similarity_index"]
    );
    for f in &figures {
        assert!(f.value.is_finite() && f.value >= 0.0 && f.baseline_value > 0.0, "{f:?}");
    }
    assert_eq!(throwaway().await, before, "the throwaway database is dropped");
}
