//! `botarena migrate`: apply the database migrations and exit; with `--check`, only tell whether
//! they are all applied (a Kubernetes init container waits on it for the migration Job).

use crate::config::DbArgs;
use crate::db::Database;
use clap::Args;

#[derive(Debug, Args)]
pub struct MigrateArgs {
    #[command(flatten)]
    pub db: DbArgs,
    /// Apply nothing: exit 0 if every migration of this binary is applied, 1 (naming the missing
    /// ones) if not.
    #[arg(long)]
    pub check: bool,
}

pub fn run(args: MigrateArgs) -> anyhow::Result<i32> {
    super::serve::runtime()?.block_on(async {
        let db = Database::connect(&args.db).await?;
        if args.check {
            let pending = db.pending_migrations().await;
            db.close().await;
            let pending = pending?;
            if pending.is_empty() {
                eprintln!("database schema is up to date");
                return Ok(0);
            }
            let names: Vec<String> = pending.iter().map(i64::to_string).collect();
            eprintln!("database migrations not applied yet: {}", names.join(", "));
            return Ok(1);
        }
        let result = db.migrate().await;
        db.close().await;
        result?;
        eprintln!("database migrations applied");
        Ok(0)
    })
}

/// Connects, applies pending migrations (a command may run before `serve` ever did), runs `f`.
pub fn with_db<T>(
    db: &crate::config::DbArgs,
    f: impl AsyncFnOnce(&sqlx::PgPool) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    super::serve::runtime()?.block_on(async {
        let database = Database::connect(db).await?;
        let result = match database.migrate().await {
            Ok(()) => f(&database.pool).await,
            Err(e) => Err(e),
        };
        database.close().await;
        result
    })
}
