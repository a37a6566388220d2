//! The database: connecting (to `DATABASE_URL` or the embedded cluster), migrations, and the
//! queries of each area. Query helpers take `&mut PgConnection` (a pool connection or a
//! transaction); the caller decides when to commit.

pub mod announcements;
pub mod audit;
pub mod backup;
pub mod bench;
pub mod contests;
pub mod embedded;
pub mod finals;
pub mod games;
pub mod house;
pub mod ids;
pub mod ladder;
pub mod metrics;
pub mod practice;
pub mod queue;
pub mod scoreboard;
pub mod scoreboard_serving;
pub mod similarity;
pub mod submissions;
pub mod test_matches;
pub mod tokens;
pub mod users;
pub mod workers;

use crate::config::DbArgs;
use anyhow::Context;
use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::PgPool;
use std::str::FromStr;

/// The schema, from `migrations/`.
pub static MIGRATOR: Migrator = sqlx::migrate!();

/// The settings of every session of ours, sent with the connection: no JIT compilation. Our
/// statements are short ones on indexes, and the planner's cost estimates of a few (the round
/// robin's thousand matches, `db::games::create_matches`) cross `jit_above_cost`, where
/// compiling them took five times longer than running them (measured: a newcomer's 1,000
/// matches in a contest of 1,000, 500 ms with JIT, 80 ms without). Servers whose `jit` is on
/// (PostgreSQL's default) are no exception.
pub fn session_options(opts: PgConnectOptions) -> PgConnectOptions {
    opts.options([("jit", "off")])
}

/// A connection pool, and the embedded cluster behind it when there is one.
pub struct Database {
    pub pool: PgPool,
    cluster: Option<embedded::Cluster>,
}

impl Database {
    /// Connects to `DATABASE_URL`, or starts (or joins) the embedded cluster in the data dir.
    pub async fn connect(args: &DbArgs) -> anyhow::Result<Database> {
        let (opts, cluster) = match &args.database_url {
            Some(url) => {
                (PgConnectOptions::from_str(url).context("DATABASE_URL is not a valid PostgreSQL URL")?, None)
            }
            None => {
                let dir = args.data_dir.clone();
                let cluster = tokio::task::spawn_blocking(move || embedded::Cluster::open(&dir)).await??;
                if cluster.created() {
                    eprintln!(
                        "botarena: created the database of the data directory {}: {}",
                        cluster.data_dir().display(),
                        cluster.describe()
                    );
                }
                (cluster.connect_options(), Some(cluster))
            }
        };
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .connect_with(session_options(opts))
            .await
            .context("cannot connect to the database")?;
        Ok(Database { pool, cluster })
    }

    /// Applies the migrations that are not applied yet.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        MIGRATOR.run(&self.pool).await.context("applying database migrations")?;
        let clashes = users::fill_name_keys(&mut *self.pool.acquire().await?)
            .await
            .context("computing the look-alike keys of existing names")?;
        if !clashes.is_empty() {
            tracing::warn!(
                "names that look like an older account's (or an admin's) and stay as they are (no new look-alike can be taken): {}",
                clashes.join(", ")
            );
        }
        Ok(())
    }

    /// The migrations of this binary not yet applied to the database (their versions), all of
    /// them on a database never migrated. Reads only: `botarena migrate --check`.
    pub async fn pending_migrations(&self) -> anyhow::Result<Vec<i64>> {
        let table: Option<String> =
            sqlx::query_scalar("select to_regclass('_sqlx_migrations')::text").fetch_one(&self.pool).await?;
        let applied: Vec<i64> = match table {
            Some(_) => {
                sqlx::query_scalar("select version from _sqlx_migrations where success")
                    .fetch_all(&self.pool)
                    .await?
            }
            None => Vec::new(),
        };
        Ok(MIGRATOR
            .iter()
            .filter(|m| !m.migration_type.is_down_migration() && !applied.contains(&m.version))
            .map(|m| m.version)
            .collect())
    }

    /// How PostgreSQL's client tools (`pg_dump`, `pg_restore`) reach this database.
    pub fn tools(&self, args: &DbArgs) -> anyhow::Result<backup::PgTools> {
        match (&self.cluster, &args.database_url) {
            (Some(cluster), _) => cluster.tools(),
            (None, Some(url)) => backup::PgTools::url(url),
            (None, None) => anyhow::bail!("neither an embedded cluster nor DATABASE_URL"),
        }
    }

    /// The embedded cluster, if the database is one.
    pub fn cluster(&self) -> Option<&embedded::Cluster> {
        self.cluster.as_ref()
    }

    /// Closes the pool, then stops the embedded cluster if this process is the last to use it.
    pub async fn close(self) {
        // `PgPool::close` can return while a connection dropped just before it is still on its
        // way back to the pool (a spawned task pings it first, then parks it idle). Stopping the
        // cluster under that ping logs `WARN ... terminating connection due to administrator
        // command`; so close again until no connection is left (bounded: never hang a shutdown).
        for _ in 0..200 {
            self.pool.close().await;
            if self.pool.size() == 0 {
                break;
            }
            tracing::debug!("{} connection(s) still returning to the pool; closing again", self.pool.size());
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        if let Some(cluster) = self.cluster {
            let _ = tokio::task::spawn_blocking(move || drop(cluster)).await;
        }
    }
}

/// Whether an error is a violation of the named unique constraint (a user error, not a fault).
pub fn is_unique_violation(err: &sqlx::Error, constraint: &str) -> bool {
    match err {
        sqlx::Error::Database(e) => e.is_unique_violation() && e.constraint() == Some(constraint),
        _ => false,
    }
}
