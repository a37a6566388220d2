//! Databases for tests: each test gets a fresh, migrated database in one cluster shared by the
//! whole test run, so `cargo test` needs no server set up by hand.
//!
//! The cluster is the embedded one (see `botarena::db::embedded`) of `target/test-postgres`, left
//! running between test runs (`scripts/test-postgres.sh stop` stops it). With
//! `BOTARENA_TEST_DATABASE_URL` set, tests use that server instead (its user must be allowed to
//! create databases).

use botarena::db::embedded::Cluster;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Connection, PgConnection, PgPool};
use std::str::FromStr;
use std::sync::OnceLock;

enum Server {
    Embedded(Cluster),
    Url(Box<PgConnectOptions>),
}

impl Server {
    fn options_for(&self, db: &str) -> PgConnectOptions {
        match self {
            Server::Embedded(c) => c.connect_options_for(db),
            Server::Url(o) => o.clone().database(db),
        }
    }
}

static SERVER: OnceLock<Server> = OnceLock::new();

fn server() -> &'static Server {
    SERVER.get_or_init(|| {
        if let Ok(url) = std::env::var("BOTARENA_TEST_DATABASE_URL") {
            return Server::Url(Box::new(
                PgConnectOptions::from_str(&url).expect("BOTARENA_TEST_DATABASE_URL is not a URL"),
            ));
        }
        let dir = std::env::var_os("BOTARENA_TEST_DATA_DIR")
            .map(std::path::PathBuf::from)
            .unwrap_or_else(test_data_dir);
        // `target/` may have been copied from another machine, without the cluster it names.
        botarena::db::embedded::forget_missing_cluster(&dir);
        let cluster = std::thread::spawn(move || Cluster::open_with(&dir, false))
            .join()
            .expect("cluster start panicked")
            .unwrap_or_else(|e| panic!("cannot start the test PostgreSQL cluster: {e:#}"));
        Server::Embedded(cluster)
    })
}

/// `target/test-postgres`. When the cluster's user cannot reach the checkout (a clone under
/// `/root` run as root), the cluster itself lives elsewhere, named there (see `botarena::db::embedded`).
pub fn test_data_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join("test-postgres")
}

/// A new database with the migrations applied, and a pool on it.
pub async fn fresh_pool() -> PgPool {
    let pool = empty_pool().await;
    botarena::db::MIGRATOR.run(&pool).await.expect("migrations apply to a fresh database");
    pool
}

/// A new empty database (no migration applied), and a pool on it.
pub async fn empty_pool() -> PgPool {
    let server = server();
    let pid = std::process::id();
    let name = format!("test_{pid}_{}", uuid::Uuid::new_v4().simple());
    let mut admin = PgConnection::connect_with(&server.options_for("postgres"))
        .await
        .expect("cannot connect to the test PostgreSQL server");
    static CLEANED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if !CLEANED.swap(true, std::sync::atomic::Ordering::SeqCst) {
        // Databases of earlier test processes (test binaries run one after the other).
        let old: Vec<String> = sqlx::query_scalar(
            "select datname from pg_database where datname like 'test\\_%' and datname not like $1",
        )
        .bind(format!("test\\_{pid}\\_%"))
        .fetch_all(&mut admin)
        .await
        .unwrap_or_default();
        for db in old {
            let _ = sqlx::query(&format!("drop database if exists {db}")).execute(&mut admin).await;
        }
    }
    sqlx::query(&format!("create database {name}")).execute(&mut admin).await.expect("create test database");
    admin.close().await.ok();
    PgPoolOptions::new()
        .max_connections(8)
        .connect_with(botarena::db::session_options(server.options_for(&name)))
        .await
        .expect("connect to the test database")
}

/// How to connect to the test server's `postgres` database (for tests that make databases of
/// their own).
pub fn server_options() -> PgConnectOptions {
    server().options_for("postgres")
}

/// A `DATABASE_URL` of `pool`'s database, for a `botarena` child process.
pub fn url_of(pool: &PgPool) -> String {
    url_of_database(pool.connect_options().get_database().expect("the test pool names its database"))
}

/// A `DATABASE_URL` of the test server, for a `botarena` child process.
pub fn server_url() -> String {
    match server() {
        Server::Embedded(c) => c.url(),
        Server::Url(_) => std::env::var("BOTARENA_TEST_DATABASE_URL").expect("set: the server came from it"),
    }
}

/// A `DATABASE_URL` of one database of the test server (a test's own, for a `botarena` child
/// process that is to work on it).
pub fn url_of_database(database: &str) -> String {
    let server = server_url();
    let (base, query) = server.split_once('?').map_or((server.as_str(), None), |(b, q)| (b, Some(q)));
    let (root, _) = base.rsplit_once('/').expect("a database URL names its database");
    match query {
        Some(q) => format!("{root}/{database}?{q}"),
        None => format!("{root}/{database}"),
    }
}
