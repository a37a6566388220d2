//! `botarena worker`: a worker pool for another machine, needing only `DATABASE_URL`: the compile
//! queue and the game queue.

use crate::config::WebConfig;
use crate::db::Database;
use crate::jobs::compile::{self, CompileQueue};
use crate::jobs::wakeups::Wakeups;
use crate::judge::languages::Languages;
use anyhow::{bail, Context};
use clap::Args;
use std::sync::Arc;
use tokio::sync::watch;

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
    #[command(flatten)]
    pub games: GamePoolArgs,
}

/// The game pool's settings, shared by `serve` and `worker`.
#[derive(Debug, Args)]
pub struct GamePoolArgs {
    /// Games played at once (default: one per pair of cores, at least one).
    #[arg(long, env = "BOTARENA_GAME_WORKERS")]
    pub game_workers: Option<usize>,
    /// On SIGTERM or Ctrl-C, no new game is claimed and the running ones may go on for this
    /// long; then they are put back in the queue unfinished (not counted as an attempt) and the
    /// process exits. Keep it below the time the process is given to stop (Kubernetes'
    /// terminationGracePeriodSeconds); a game whose worker is killed anyway waits out its lease.
    #[arg(long, env = "BOTARENA_DRAIN_SECONDS", default_value_t = 300)]
    pub drain_seconds: u64,
}

impl GamePoolArgs {
    pub fn apply(&self, games: &mut crate::jobs::games::GameQueue) {
        if let Some(n) = self.game_workers {
            games.concurrency = n;
        }
        games.drain = Some(std::time::Duration::from_secs(self.drain_seconds));
    }
}

pub fn run(args: WorkerArgs) -> anyhow::Result<i32> {
    let Some(url) = args.database_url else {
        bail!("botarena worker needs DATABASE_URL (the platform's PostgreSQL server)");
    };
    crate::scratch::clean_at_start().context("preparing the scratch directory")?;
    let languages = Arc::new(Languages::load_default().context("loading the language configuration")?);
    let runtime = super::serve::runtime()?;
    let code = runtime.block_on(async move {
        let db =
            Database::connect(&crate::config::DbArgs { data_dir: "./data".into(), database_url: Some(url) })
                .await?;
        let launcher = crate::judge::server_launcher(args.isolation.allow_insecure_sandbox)?;
        let wakeups = Wakeups::default();
        let mut queue = CompileQueue::new(
            db.pool.clone(),
            languages.clone(),
            compile::with_launcher(launcher.clone()),
            wakeups.compile.clone(),
        )
        .with_tester(launcher);
        queue.concurrency = args.compile_workers;
        let (stop_tx, stop_rx) = watch::channel(false);
        let mut games = crate::jobs::games::GameQueue::new(
            db.pool.clone(),
            languages,
            crate::jobs::games::sandbox_launchers(args.isolation.allow_insecure_sandbox),
        );
        args.games.apply(&mut games);
        games.wakeup = wakeups.games.clone();
        queue.first_games = Some(games.handoff());
        let mut workers = queue.spawn(stop_rx.clone());
        workers.extend(games.spawn(stop_rx.clone())?);
        workers.push(wakeups.listen(db.pool.clone(), stop_rx));
        eprintln!(
            "botarena worker: serving the compile queue ({} at once) and the game queue ({} at once)",
            queue.concurrency, games.concurrency
        );
        super::serve::shutdown_signal().await;
        eprintln!(
            "botarena worker: stopping; running games may finish within {} s, then go back to the queue",
            args.games.drain_seconds
        );
        let _ = stop_tx.send(true);
        for w in workers {
            let _ = w.await;
        }
        db.close().await;
        anyhow::Ok(0)
    });
    // A game given back after the drain may still be played by a blocking thread: the process
    // does not wait for it (its bots end with the process).
    runtime.shutdown_background();
    code
}
