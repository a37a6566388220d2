//! `botarena worker`: a worker pool for another machine, needing only `DATABASE_URL`: the compile
//! queue and the game queue.

use crate::config::WebConfig;
use crate::db::Database;
use crate::jobs::compile::{self, CompileQueue};
use crate::judge::languages::Languages;
use anyhow::{bail, Context};
use clap::Args;
use std::sync::Arc;
use tokio::sync::{watch, Notify};

#[derive(Debug, Args)]
pub struct WorkerArgs {
    /// The PostgreSQL server of the platform.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,
    /// Compiles run at once.
    #[arg(long, env = "BOTARENA_COMPILE_WORKERS", default_value_t = WebConfig::default().compile_workers)]
    pub compile_workers: usize,
    #[command(flatten)]
    pub isolation: super::sandbox::IsolationArgs,
    /// Games played at once (default: one per pair of cores, at least one).
    #[arg(long, env = "BOTARENA_GAME_WORKERS")]
    pub game_workers: Option<usize>,
}

pub fn run(args: WorkerArgs) -> anyhow::Result<i32> {
    let Some(url) = args.database_url else {
        bail!("botarena worker needs DATABASE_URL (the platform's PostgreSQL server)");
    };
    let languages = Arc::new(Languages::load_default().context("loading the language configuration")?);
    super::serve::runtime()?.block_on(async move {
        let db =
            Database::connect(&crate::config::DbArgs { data_dir: "./data".into(), database_url: Some(url) })
                .await?;
        let launcher = crate::judge::server_launcher(args.isolation.allow_insecure_sandbox)?;
        let mut queue = CompileQueue::new(
            db.pool.clone(),
            languages.clone(),
            compile::with_launcher(launcher.clone()),
            Arc::new(Notify::new()),
        )
        .with_tester(launcher);
        queue.concurrency = args.compile_workers;
        let (stop_tx, stop_rx) = watch::channel(false);
        let mut workers = queue.spawn(stop_rx.clone());
        let mut games = crate::jobs::games::GameQueue::new(
            db.pool.clone(),
            languages,
            crate::jobs::games::sandbox_launchers(args.isolation.allow_insecure_sandbox),
        );
        if let Some(n) = args.game_workers {
            games.concurrency = n;
        }
        workers.extend(games.spawn(stop_rx)?);
        eprintln!(
            "botarena worker: serving the compile queue ({} at once) and the game queue ({} at once)",
            queue.concurrency, games.concurrency
        );
        super::serve::shutdown_signal().await;
        let _ = stop_tx.send(true);
        for w in workers {
            let _ = w.await;
        }
        db.close().await;
        Ok(0)
    })
}
