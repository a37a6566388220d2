//! `botarena backup FILE` and `botarena restore FILE`: a consistent snapshot of the database
//! while the server runs (`pg_dump`), and loading one into an empty database (`pg_restore`), then
//! migrating it, so that a backup of an older version comes up to date.

use crate::config::DbArgs;
use crate::db::{backup, Database};
use anyhow::{bail, Context};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct BackupArgs {
    /// The file to write (custom format of pg_dump); written as FILE.partial, then renamed.
    pub file: PathBuf,
    #[command(flatten)]
    pub db: DbArgs,
}

#[derive(Debug, Args)]
pub struct RestoreArgs {
    /// A file written by `botarena backup` (or `serve --backup-dir`).
    pub file: PathBuf,
    #[command(flatten)]
    pub db: DbArgs,
}

pub fn run_backup(args: BackupArgs) -> anyhow::Result<i32> {
    if args.file.is_dir() {
        bail!("{} is a directory: name the backup file to write", args.file.display());
    }
    super::serve::runtime()?.block_on(async {
        let db = Database::connect(&args.db).await?;
        let result = async {
            let tools = db.tools(&args.db)?;
            let file = args.file.clone();
            tokio::task::spawn_blocking(move || backup::backup(&tools, &file)).await?
        }
        .await;
        db.close().await;
        println!("backup: wrote {}", result?);
        Ok(0)
    })
}

pub fn run_restore(args: RestoreArgs) -> anyhow::Result<i32> {
    backup::check_dump(&args.file)?;
    super::serve::runtime()?.block_on(async {
        let db = Database::connect(&args.db).await?;
        let result = async {
            let tables = backup::tables(&db.pool).await?;
            if !tables.is_empty() {
                let shown: Vec<&str> = tables.iter().take(5).map(String::as_str).collect();
                bail!(
                    "the target database is not empty ({} tables: {}{}): restore only into an empty one (a new \
                     --data-dir, or a new database for --database-url); nothing was changed",
                    tables.len(),
                    shown.join(", "),
                    if tables.len() > shown.len() { ", …" } else { "" }
                );
            }
            let tools = db.tools(&args.db)?;
            let file = args.file.clone();
            tokio::task::spawn_blocking(move || backup::restore(&tools, &file)).await??;
            let pending = db.pending_migrations().await?.len();
            db.migrate().await.context("the backup was restored, but migrating it failed")?;
            anyhow::Ok(pending)
        }
        .await;
        let place = match db.cluster() {
            Some(c) => format!("the data directory {}: {}", c.data_dir().display(), c.describe()),
            None => "DATABASE_URL".to_string(),
        };
        db.close().await;
        let pending = result?;
        println!(
            "restore: loaded {} into {place}\n  {pending} migration(s) applied since the backup",
            args.file.display()
        );
        Ok(0)
    })
}
