//! `botarena serve`: the web server and a compile worker pool on this machine, on `DATABASE_URL`
//! or the embedded cluster in the data directory.

use crate::config::{DbArgs, ServeConfig};
use crate::db::Database;
use crate::jobs::compile::{self, CompileQueue};
use crate::jobs::games::{self as game_jobs, GameQueue};
use crate::judge::languages::Languages;
use crate::web::{app, AppState};
use anyhow::Context;
use clap::Args;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{watch, Notify};

#[derive(Debug, Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub db: DbArgs,
    #[command(flatten)]
    pub config: ServeConfig,
    #[command(flatten)]
    pub isolation: super::sandbox::IsolationArgs,
    /// Games played at once (default: one per pair of cores, at least one).
    #[arg(long, env = "BOTARENA_GAME_WORKERS")]
    pub game_workers: Option<usize>,
}

/// A multi-threaded runtime for the database commands.
pub fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build().context("starting the async runtime")
}

pub fn run(args: ServeArgs) -> anyhow::Result<i32> {
    runtime()?.block_on(serve(args))?;
    Ok(0)
}

pub(crate) async fn shutdown_signal() {
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term => {}
    }
}

async fn serve(args: ServeArgs) -> anyhow::Result<()> {
    let languages = Arc::new(Languages::load_default().context("loading the language configuration")?);
    let db = Database::connect(&args.db).await?;
    let result = async {
        db.migrate().await?;
        let wakeup = Arc::new(Notify::new());
        let web = args.config.web.clone();
        let state = AppState::new(db.pool.clone(), web.clone(), languages.clone(), wakeup.clone()).await?;

        let launcher = crate::judge::server_launcher(args.isolation.allow_insecure_sandbox)?;
        let mut queue = CompileQueue::new(
            db.pool.clone(),
            languages.clone(),
            compile::with_launcher(launcher.clone()),
            wakeup,
        )
        .with_tester(launcher);
        queue.concurrency = web.compile_workers;
        let (stop_tx, stop_rx) = watch::channel(false);
        let mut workers = queue.spawn(stop_rx.clone());
        let mut games = GameQueue::new(
            db.pool.clone(),
            state.languages.clone(),
            game_jobs::sandbox_launchers(args.isolation.allow_insecure_sandbox),
        );
        if let Some(n) = args.game_workers {
            games.concurrency = n;
        }
        workers.extend(games.spawn(stop_rx.clone())?);
        workers.push(crate::jobs::scoreboard::spawn(db.pool.clone(), Duration::from_secs(30), stop_rx));

        let store = tower_sessions_sqlx_store::PostgresStore::new(db.pool.clone());
        let cleanup = tokio::spawn(tower_sessions::ExpiredDeletion::continuously_delete_expired(
            store,
            Duration::from_secs(3600),
        ));

        let listener = tokio::net::TcpListener::bind(args.config.listen)
            .await
            .with_context(|| format!("cannot listen on {}", args.config.listen))?;
        eprintln!("botarena: serving on http://{}", listener.local_addr()?);
        axum::serve(listener, app(state)).with_graceful_shutdown(shutdown_signal()).await?;
        eprintln!("botarena: shutting down");
        let _ = stop_tx.send(true);
        for w in workers {
            let _ = w.await;
        }
        cleanup.abort();
        // Its connection (if it was mid-query) goes back before the pool closes.
        let _ = cleanup.await;
        anyhow::Ok(())
    }
    .await;
    db.close().await;
    result
}
