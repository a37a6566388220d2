//! The embedded default: a private PostgreSQL cluster in the data directory, so that
//! `botarena serve` works on a fresh machine with nothing but the distribution's PostgreSQL
//! binaries installed.
//!
//! Layout under the data directory:
//! - `pgdata/`: the cluster (`initdb` on first use), owned by the user the server runs as;
//! - `pgrun/`: its Unix socket (mode 0700; the cluster listens on no TCP port, and trusts local
//!   connections because only its owner and root can reach the socket);
//! - `.postgres-users.lock` / `.postgres-start.lock`: coordination between the commands sharing
//!   the cluster (see [`Cluster::open`]).
//!
//! PostgreSQL refuses to run as root. When botarena runs as root, the cluster runs as the system
//! user named by `BOTARENA_PG_USER` (default `botarena`), created with `useradd --system` when
//! it does not exist yet. That user must be able to reach the data directory (so not under a
//! 0700 home directory such as `/root`).

use anyhow::{bail, Context};
use nix::fcntl::{Flock, FlockArg};
use sqlx::postgres::PgConnectOptions;
use sqlx::Connection;
use std::fs::{self, File, OpenOptions};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The database (and superuser) name inside the embedded cluster.
pub const DATABASE: &str = "botarena";

/// A running embedded cluster, held for as long as this process uses it.
///
/// Every process using the cluster holds a shared lock on `.postgres-users.lock`. Whoever is last
/// to leave (takes the exclusive lock on drop) stops the cluster; so `botarena admin create` run
/// next to a live `serve` leaves it running, and stops the cluster it started on its own. A process
/// killed without dropping just leaves the cluster running; the next command reuses it.
pub struct Cluster {
    data_dir: PathBuf,
    pgdata: PathBuf,
    socket_dir: PathBuf,
    bin: PathBuf,
    run_as: Option<(u32, u32)>,
    users_lock: Option<Flock<File>>,
    /// Whether to stop the cluster when the last user leaves (tests keep it for the next run).
    stop_when_last: bool,
}

impl std::fmt::Debug for Cluster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cluster").field("pgdata", &self.pgdata).finish_non_exhaustive()
    }
}

impl Cluster {
    /// Starts the cluster in `data_dir` (creating it on first use) or joins the one running.
    /// Blocking: call it before the async runtime is busy, or from `spawn_blocking`.
    pub fn open(data_dir: &Path) -> anyhow::Result<Cluster> {
        Self::open_with(data_dir, true)
    }

    /// As [`Cluster::open`]; with `stop_when_last` false the cluster keeps running after this
    /// process (the test suite reuses one cluster across runs).
    pub fn open_with(data_dir: &Path, stop_when_last: bool) -> anyhow::Result<Cluster> {
        fs::create_dir_all(data_dir)
            .with_context(|| format!("cannot create the data directory {}", data_dir.display()))?;
        let data_dir = data_dir.canonicalize()?;
        let bin = find_bin_dir()?;
        let run_as = unprivileged_user()?;
        let users_lock = lock(&data_dir.join(".postgres-users.lock"), FlockArg::LockShared)?;
        let cluster = Cluster {
            pgdata: data_dir.join("pgdata"),
            socket_dir: data_dir.join("pgrun"),
            data_dir,
            bin,
            run_as,
            users_lock: Some(users_lock),
            stop_when_last,
        };
        let _start = lock(&cluster.data_dir.join(".postgres-start.lock"), FlockArg::LockExclusive)?;
        if !cluster.pgdata.join("PG_VERSION").exists() {
            cluster.init()?;
        }
        if !cluster.running()? {
            cluster.start()?;
        }
        cluster.ensure_database()?;
        Ok(cluster)
    }

    /// How to connect to the cluster's `botarena` database.
    pub fn connect_options(&self) -> PgConnectOptions {
        self.connect_options_for(DATABASE)
    }

    /// How to connect to another database of the cluster (tests create one per test).
    pub fn connect_options_for(&self, database: &str) -> PgConnectOptions {
        PgConnectOptions::new().socket(&self.socket_dir).port(5432).username(DATABASE).database(database)
    }

    /// A `DATABASE_URL` for tools (psql, the sqlx macros) that reach this cluster.
    pub fn url(&self) -> String {
        format!("postgres://{DATABASE}@localhost:5432/{DATABASE}?host={}", self.socket_dir.display())
    }

    fn command(&self, program: &str) -> Command {
        let mut cmd = Command::new(self.bin.join(program));
        cmd.env_remove("PGDATA").env("LC_ALL", "C").stdin(Stdio::null());
        if let Some((uid, gid)) = self.run_as {
            cmd.uid(uid).gid(gid);
        }
        cmd
    }

    fn run(&self, mut cmd: Command, what: &str) -> anyhow::Result<()> {
        let out = cmd.output().with_context(|| format!("cannot run {what}"))?;
        if !out.status.success() {
            bail!(
                "{what} failed ({}): {}{}",
                out.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        Ok(())
    }

    fn prepare_dir(&self, dir: &Path) -> anyhow::Result<()> {
        fs::create_dir_all(dir)?;
        fs::set_permissions(dir, fs::Permissions::from_mode(0o700))?;
        if let Some((uid, gid)) = self.run_as {
            std::os::unix::fs::chown(dir, Some(uid), Some(gid))
                .with_context(|| format!("cannot hand {} to the database user", dir.display()))?;
        }
        Ok(())
    }

    fn init(&self) -> anyhow::Result<()> {
        tracing::info!("creating the embedded PostgreSQL cluster in {}", self.pgdata.display());
        if self.pgdata.exists() {
            // A half-made cluster from an interrupted initdb: initdb wants an empty directory.
            fs::remove_dir_all(&self.pgdata)?;
        }
        self.prepare_dir(&self.pgdata)?;
        let mut cmd = self.command("initdb");
        cmd.arg("-D").arg(&self.pgdata).args([
            "-U",
            DATABASE,
            "--auth-local=trust",
            "--auth-host=reject",
            "-E",
            "UTF8",
            "--no-locale",
        ]);
        self.run(cmd, "initdb").map_err(|e| {
            e.context(format!(
                "could not create the embedded database cluster (it runs as {}; that user must be able to \
                 reach {})",
                self.run_as.map_or("the current user".to_string(), |_| pg_user_name()),
                self.data_dir.display()
            ))
        })?;
        let mut conf = OpenOptions::new().append(true).open(self.pgdata.join("postgresql.conf"))?;
        use std::io::Write;
        writeln!(conf, "\n# botarena: per-start settings (socket location) live here\ninclude_if_exists = 'botarena.conf'")?;
        Ok(())
    }

    fn running(&self) -> anyhow::Result<bool> {
        let mut cmd = self.command("pg_ctl");
        cmd.arg("status").arg("-D").arg(&self.pgdata).stdout(Stdio::null()).stderr(Stdio::null());
        Ok(cmd.status().context("cannot run pg_ctl")?.success())
    }

    fn start(&self) -> anyhow::Result<()> {
        self.prepare_dir(&self.socket_dir)?;
        let conf = format!(
            "listen_addresses = ''\nunix_socket_directories = '{}'\nunix_socket_permissions = 0700\nmax_connections = 200\n",
            self.socket_dir.display().to_string().replace('\'', "''")
        );
        let conf_path = self.pgdata.join("botarena.conf");
        fs::write(&conf_path, conf)?;
        if let Some((uid, gid)) = self.run_as {
            std::os::unix::fs::chown(&conf_path, Some(uid), Some(gid))?;
        }
        tracing::info!("starting the embedded PostgreSQL cluster in {}", self.pgdata.display());
        let mut cmd = self.command("pg_ctl");
        cmd.arg("start")
            .arg("-D")
            .arg(&self.pgdata)
            .args(["-w", "-t", "60", "-l"])
            .arg(self.pgdata.join("server.log"))
            .stdout(Stdio::null());
        self.run(cmd, "pg_ctl start").map_err(|e| {
            e.context(format!("see {} for the server's own log", self.pgdata.join("server.log").display()))
        })
    }

    fn stop(&self) -> anyhow::Result<()> {
        tracing::info!("stopping the embedded PostgreSQL cluster");
        let mut cmd = self.command("pg_ctl");
        cmd.arg("stop").arg("-D").arg(&self.pgdata).args(["-m", "fast", "-w"]).stdout(Stdio::null());
        self.run(cmd, "pg_ctl stop")
    }

    fn ensure_database(&self) -> anyhow::Result<()> {
        // A short-lived runtime on its own thread: callers may or may not be inside one.
        let opts = self.connect_options_for("postgres");
        std::thread::scope(|s| {
            s.spawn(|| {
                let rt = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
                rt.block_on(async {
                    let mut conn = sqlx::PgConnection::connect_with(&opts).await?;
                    let exists: Option<i32> =
                        sqlx::query_scalar("select 1 from pg_database where datname = $1")
                            .bind(DATABASE)
                            .fetch_optional(&mut conn)
                            .await?;
                    if exists.is_none() {
                        sqlx::query(&format!("create database {DATABASE}")).execute(&mut conn).await?;
                    }
                    conn.close().await?;
                    anyhow::Ok(())
                })
            })
            .join()
            .expect("database check thread panicked")
        })
        .context("cannot reach the embedded PostgreSQL cluster")
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        if !self.stop_when_last {
            return;
        }
        drop(self.users_lock.take());
        let Ok(_start) = lock(&self.data_dir.join(".postgres-start.lock"), FlockArg::LockExclusive) else {
            return;
        };
        if lock(&self.data_dir.join(".postgres-users.lock"), FlockArg::LockExclusiveNonblock).is_ok() {
            if let Err(e) = self.stop() {
                tracing::warn!("{e:#}");
            }
        }
    }
}

fn lock(path: &Path, how: FlockArg) -> anyhow::Result<Flock<File>> {
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .with_context(|| format!("cannot open {}", path.display()))?;
    Flock::lock(file, how).map_err(|(_, e)| anyhow::anyhow!("cannot lock {}: {e}", path.display()))
}

/// The directory holding `initdb` and `pg_ctl`: `BOTARENA_PG_BIN`, then `PATH`, then the newest
/// `/usr/lib/postgresql/<version>/bin` (Debian and Ubuntu keep them there, off `PATH`).
fn find_bin_dir() -> anyhow::Result<PathBuf> {
    let has_both = |d: &Path| d.join("initdb").is_file() && d.join("pg_ctl").is_file();
    if let Some(dir) = std::env::var_os("BOTARENA_PG_BIN") {
        let dir = PathBuf::from(dir);
        if has_both(&dir) {
            return Ok(dir);
        }
        bail!("BOTARENA_PG_BIN={} holds no initdb and pg_ctl", dir.display());
    }
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            if has_both(&dir) {
                return Ok(dir);
            }
        }
    }
    let mut versions: Vec<(u32, PathBuf)> = fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let v = e.file_name().to_str()?.parse::<u32>().ok()?;
            let bin = e.path().join("bin");
            has_both(&bin).then_some((v, bin))
        })
        .collect();
    versions.sort();
    match versions.pop() {
        Some((_, bin)) => Ok(bin),
        None => bail!(
            "no DATABASE_URL given and no PostgreSQL binaries (initdb, pg_ctl) found on PATH or under \
             /usr/lib/postgresql/*/bin: install PostgreSQL (`apt-get install postgresql`) or set DATABASE_URL"
        ),
    }
}

/// Whether the user the cluster runs as can reach `dir`: always when we are not root; as root,
/// only if every existing ancestor lets others through (a clone under `/root` does not).
pub fn reachable_by_cluster_user(dir: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    if !nix::unistd::geteuid().is_root() {
        return true;
    }
    let dir = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
    dir.ancestors().filter_map(|a| fs::metadata(a).ok()).all(|m| m.mode() & 0o001 != 0)
}

fn pg_user_name() -> String {
    std::env::var("BOTARENA_PG_USER").unwrap_or_else(|_| "botarena".to_string())
}

/// `None` when we are not root (the cluster runs as us); else the uid/gid of the system user
/// the cluster runs as, created if needed.
fn unprivileged_user() -> anyhow::Result<Option<(u32, u32)>> {
    if !nix::unistd::geteuid().is_root() {
        return Ok(None);
    }
    let name = pg_user_name();
    let find = || nix::unistd::User::from_name(&name).context("cannot read the user database");
    let user = match find()? {
        Some(u) => u,
        None => {
            tracing::info!("creating system user {name} to run the embedded PostgreSQL cluster");
            let status = Command::new("useradd")
                .args(["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin"])
                .arg(&name)
                .status()
                .context("cannot run useradd")?;
            match find()? {
                Some(u) => u,
                None => bail!(
                    "PostgreSQL refuses to run as root and `useradd {name}` failed ({status}); create an \
                     unprivileged user and name it in BOTARENA_PG_USER"
                ),
            }
        }
    };
    if user.uid.is_root() {
        bail!("BOTARENA_PG_USER={name} is root; PostgreSQL needs an unprivileged user");
    }
    Ok(Some((user.uid.as_raw(), user.gid.as_raw())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_under_a_private_parent_is_unreachable_for_the_cluster_user_when_root() {
        let private = tempfile::tempdir().unwrap();
        fs::set_permissions(private.path(), fs::Permissions::from_mode(0o700)).unwrap();
        let inside = private.path().join("data");
        assert_eq!(reachable_by_cluster_user(&inside), !nix::unistd::geteuid().is_root());
        fs::set_permissions(private.path(), fs::Permissions::from_mode(0o755)).unwrap();
        assert!(reachable_by_cluster_user(&inside));
    }
}
