//! `botarena migrate`: apply the database migrations and exit.

use crate::config::DbArgs;
use crate::db::Database;
use clap::Args;

#[derive(Debug, Args)]
pub struct MigrateArgs {
    #[command(flatten)]
    pub db: DbArgs,
}

pub fn run(args: MigrateArgs) -> anyhow::Result<i32> {
    super::serve::runtime()?.block_on(async {
        let db = Database::connect(&args.db).await?;
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
