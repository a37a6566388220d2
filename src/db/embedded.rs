//! The embedded default: a private PostgreSQL cluster for the data directory, so that
//! `botarena serve` works on a fresh machine with nothing but the distribution's PostgreSQL
//! binaries installed.
//!
//! The cluster lives in a *cluster home* holding `pgdata/` (the cluster, `initdb` on first use)
//! and `pgrun/` (its Unix socket, mode 0700; the cluster listens on no TCP port, and trusts local
//! connections because only its owner and root can reach the socket). The home is:
//! - the data directory itself, whenever the user the cluster runs as can reach it (always when
//!   botarena does not run as root), and for every data directory that already holds `pgdata/`;
//! - otherwise a directory that user owns, `/var/lib/botarena/clusters/<id>`
//!   (`BOTARENA_CLUSTERS_DIR`), named in the data directory's `pgcluster` file. The home's
//!   `data-dir` file names the data directory in turn, so that an orphan can be traced.
//!
//! The data directory always holds `.postgres-users.lock` / `.postgres-start.lock`, coordinating
//! the commands sharing the cluster (see [`Cluster::open`]).
//!
//! PostgreSQL refuses to run as root. When botarena runs as root, the cluster runs as the system
//! user named by `BOTARENA_PG_USER` (default `botarena`), created with `useradd --system` when
//! it does not exist yet. That user cannot enter a clone under `/root` (mode 0700) or a
//! `mktemp -d` directory: hence the home outside the data directory.

use anyhow::{bail, Context};
use nix::fcntl::{Flock, FlockArg};
use sqlx::postgres::PgConnectOptions;
use sqlx::Connection;
use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The database (and superuser) name inside the embedded cluster.
pub const DATABASE: &str = "botarena";

/// The file of a data directory that names its cluster home when that is elsewhere.
pub const REFERENCE_FILE: &str = "pgcluster";

/// Where cluster homes are made when the data directory is out of the cluster user's reach.
pub const DEFAULT_CLUSTERS_DIR: &str = "/var/lib/botarena/clusters";

/// The system user the cluster runs as when botarena runs as root.
#[derive(Clone, Debug)]
struct RunAs {
    name: String,
    uid: u32,
    gid: u32,
}

/// A running embedded cluster, held for as long as this process uses it.
///
/// Every process using the cluster holds a shared lock on `.postgres-users.lock`. Whoever is last
/// to leave (takes the exclusive lock on drop) stops the cluster; so `botarena admin create` run
/// next to a live `serve` leaves it running, and stops the cluster it started on its own. A process
/// killed without dropping just leaves the cluster running; the next command reuses it.
pub struct Cluster {
    data_dir: PathBuf,
    home: PathBuf,
    pgdata: PathBuf,
    socket_dir: PathBuf,
    bin: PathBuf,
    run_as: Option<RunAs>,
    users_lock: Option<Flock<File>>,
    /// Whether to stop the cluster when the last user leaves (tests keep it for the next run).
    stop_when_last: bool,
    /// Whether this process ran `initdb`.
    created: bool,
}

impl std::fmt::Debug for Cluster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cluster").field("pgdata", &self.pgdata).finish_non_exhaustive()
    }
}

impl Cluster {
    /// Starts the cluster of `data_dir` (creating it on first use) or joins the one running.
    /// Blocking: call it before the async runtime is busy, or from `spawn_blocking`.
    pub fn open(data_dir: &Path) -> anyhow::Result<Cluster> {
        Self::open_with(data_dir, true)
    }

    /// As [`Cluster::open`]; with `stop_when_last` false the cluster keeps running after this
    /// process (the test suite reuses one cluster across runs).
    pub fn open_with(data_dir: &Path, stop_when_last: bool) -> anyhow::Result<Cluster> {
        // First, before anything is made: PostgreSQL's programs are there (or installed), or we stop.
        let any_bin = server_binaries(None)?;
        fs::create_dir_all(data_dir)
            .with_context(|| format!("cannot create the data directory {}", data_dir.display()))?;
        let data_dir = data_dir
            .canonicalize()
            .with_context(|| format!("cannot resolve the data directory {}", data_dir.display()))?;
        let run_as = unprivileged_user()?;
        let users_lock = lock(&data_dir.join(".postgres-users.lock"), FlockArg::LockShared)?;
        let start_lock = lock(&data_dir.join(".postgres-start.lock"), FlockArg::LockExclusive)?;
        let home = cluster_home(&data_dir, run_as.as_ref())?;
        let bin = find_bin_dir(pg_version(&home.join("pgdata")))?.unwrap_or(any_bin);
        // Declared after the start lock so that, on an error below, its drop (which takes that
        // lock again) runs once the lock is released.
        let mut cluster = Cluster {
            pgdata: home.join("pgdata"),
            socket_dir: home.join("pgrun"),
            home,
            data_dir,
            bin,
            run_as,
            users_lock: Some(users_lock),
            stop_when_last,
            created: false,
        };
        let _start = start_lock;
        if !cluster.pgdata.join("PG_VERSION").exists() {
            cluster.init()?;
            cluster.created = true;
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

    /// The data directory (absolute).
    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    /// The cluster's own directory (`pgdata`), wherever its home is.
    pub fn pgdata(&self) -> &Path {
        &self.pgdata
    }

    /// Whether this process created the cluster (ran `initdb`).
    pub fn created(&self) -> bool {
        self.created
    }

    /// Where the data lives, in a sentence for the operator: the cluster, the user running it,
    /// and the file tying it to the data directory when it lives elsewhere.
    pub fn describe(&self) -> String {
        let mut s = format!("PostgreSQL cluster {}", self.pgdata.display());
        if let Some(user) = &self.run_as {
            s += &format!(" (run by user {}", user.name);
            if self.home != self.data_dir {
                s += &format!(", named in {}", self.data_dir.join(REFERENCE_FILE).display());
            }
            s += ")";
        }
        s
    }

    /// How `pg_dump` and `pg_restore` reach the cluster's database: over its socket, as its
    /// user, with the binaries of its major version (`PG_VERSION`).
    pub fn tools(&self) -> anyhow::Result<crate::db::backup::PgTools> {
        let major = pg_version(&self.pgdata);
        let run_as = self.run_as.as_ref().map(|u| (u.uid, u.gid));
        crate::db::backup::PgTools::embedded(&self.socket_dir, DATABASE, run_as, major, &self.bin)
    }

    fn command(&self, program: &str) -> Command {
        let mut cmd = Command::new(self.bin.join(program));
        // `/`: the cluster's user may not be allowed into our working directory.
        cmd.env_remove("PGDATA").env("LC_ALL", "C").current_dir("/").stdin(Stdio::null());
        if let Some(user) = &self.run_as {
            cmd.uid(user.uid).gid(user.gid);
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
        prepare_dir(dir, self.run_as.as_ref())
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
                "could not create the embedded database cluster in {} (it runs as {})",
                self.pgdata.display(),
                self.run_as.as_ref().map_or("the current user", |u| u.name.as_str()),
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
        if let Some(user) = &self.run_as {
            std::os::unix::fs::chown(&conf_path, Some(user.uid), Some(user.gid))?;
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
            let mut hint =
                format!("see {} for the server's own log", self.pgdata.join("server.log").display());
            if let Some(user) = &self.run_as {
                if !reachable_by(&self.pgdata, user) {
                    hint = format!(
                        "user {} cannot reach {}: let it through every parent directory",
                        user.name,
                        self.pgdata.display()
                    );
                }
            }
            e.context(hint)
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
        let last = lock(&self.data_dir.join(".postgres-users.lock"), FlockArg::LockExclusiveNonblock).is_ok();
        // Not running: `open` failed before starting it (say, initdb was refused).
        if last && self.running().unwrap_or(false) {
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

/// The directory holding `initdb` and `pg_ctl`: `BOTARENA_PG_BIN`; else that of the cluster's own
/// major version `major` under `/usr/lib/postgresql` (a newer server refuses an older cluster);
/// else `PATH`; else the newest `/usr/lib/postgresql/<version>/bin` (Debian and Ubuntu keep them
/// there, off `PATH`). `None` when there are none.
fn find_bin_dir(major: Option<u32>) -> anyhow::Result<Option<PathBuf>> {
    let has_both = |d: &Path| d.join("initdb").is_file() && d.join("pg_ctl").is_file();
    if let Some(dir) = std::env::var_os("BOTARENA_PG_BIN") {
        let dir = PathBuf::from(dir);
        if has_both(&dir) {
            return Ok(Some(dir));
        }
        bail!(
            "BOTARENA_PG_BIN={} holds no initdb and pg_ctl: install PostgreSQL's server (`{}`) and unset \
             BOTARENA_PG_BIN, or point it at the directory holding them",
            dir.display(),
            install_command()
        );
    }
    let versioned = |v: u32| PathBuf::from(format!("{PG_LIB}/{v}/bin"));
    if let Some(bin) = major.map(versioned).filter(|d| has_both(d)) {
        return Ok(Some(bin));
    }
    if let Some(path) = std::env::var_os("PATH") {
        if let Some(dir) = std::env::split_paths(&path).find(|d| has_both(d)) {
            return Ok(Some(dir));
        }
    }
    let mut versions: Vec<u32> = fs::read_dir(PG_LIB)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|v| has_both(&versioned(*v)))
        .collect();
    versions.sort();
    Ok(versions.pop().map(versioned))
}

/// Where Debian and Ubuntu keep each PostgreSQL version's programs.
const PG_LIB: &str = "/usr/lib/postgresql";

/// The command that installs PostgreSQL's server here.
fn install_command() -> &'static str {
    if nix::unistd::geteuid().is_root() {
        "apt-get install postgresql"
    } else {
        "sudo apt-get install postgresql"
    }
}

/// What to do when PostgreSQL's server programs are missing: install them only as root on a
/// Debian-like system (`apt-get`), unless `BOTARENA_NO_INSTALL` forbids it; otherwise the
/// message saying what to run.
fn install_decision(root: bool, apt: bool, no_install: bool) -> Result<(), String> {
    let others = "or set DATABASE_URL to a PostgreSQL server";
    match (apt, root, no_install) {
        (true, true, false) => Ok(()),
        (true, true, true) => Err(format!(
            "PostgreSQL's server (initdb, pg_ctl) is not installed and BOTARENA_NO_INSTALL is set: run \
             `apt-get install postgresql`, {others}"
        )),
        (true, false, _) => Err(format!(
            "PostgreSQL's server (initdb, pg_ctl) is not installed: run `sudo apt-get install postgresql`, {others}"
        )),
        (false, _, _) => Err(format!(
            "PostgreSQL's server (initdb, pg_ctl) is not installed: install your system's PostgreSQL server \
             package (Debian and Ubuntu: `apt-get install postgresql`; Fedora: `dnf install postgresql-server`) \
             and name its bin directory in BOTARENA_PG_BIN if it is not on PATH, {others}"
        )),
    }
}

/// The directory of PostgreSQL's server programs ([`find_bin_dir`]), installing Debian's
/// `postgresql` package first when they are missing and this process may (see
/// [`install_decision`]; `BOTARENA_NO_INSTALL=1` forbids it). `serve`, every command that opens a
/// data directory, and the test suite's cluster all come through here.
pub fn server_binaries(major: Option<u32>) -> anyhow::Result<PathBuf> {
    if let Some(bin) = find_bin_dir(major)? {
        return Ok(bin);
    }
    let no_install = std::env::var_os("BOTARENA_NO_INSTALL").is_some_and(|v| !v.is_empty() && v != "0");
    let apt = Path::new("/usr/bin/apt-get");
    install_decision(nix::unistd::geteuid().is_root(), apt.is_file(), no_install)
        .map_err(anyhow::Error::msg)?;
    eprintln!("installing PostgreSQL's server (apt-get install postgresql)…");
    let apt_get = |args: &[&str]| {
        Command::new(apt)
            .args(["-y", "-q", "-o", "DPkg::Lock::Timeout=300"])
            .args(args)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .stdin(Stdio::null())
            .output()
            .context("cannot run apt-get")
    };
    let install = ["install", "--no-install-recommends", "postgresql"];
    let mut out = apt_get(&install)?;
    if !out.status.success() {
        // A fresh machine has no package lists yet.
        let update = apt_get(&["update"])?;
        out = if update.status.success() { apt_get(&install)? } else { update };
    }
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(5).collect::<Vec<_>>().into_iter().rev().collect();
        bail!("`apt-get install postgresql` failed ({}): {}", out.status, tail.join("\n"));
    }
    find_bin_dir(major)?.context("apt-get installed postgresql, yet no initdb and pg_ctl are found")
}

/// The cluster home of `data_dir` (see the module doc), made on first use. Called with the
/// start lock held, so two first commands agree on one home.
fn cluster_home(data_dir: &Path, run_as: Option<&RunAs>) -> anyhow::Result<PathBuf> {
    // A cluster in the data directory, as every earlier version made it: keep using it.
    if data_dir.join("pgdata").join("PG_VERSION").exists() {
        return Ok(data_dir.to_path_buf());
    }
    if let Some(home) = referenced_home(data_dir)? {
        if !home.is_dir() {
            bail!(
                "the database of the data directory {} is missing: {} names the cluster directory {}, \
                 which does not exist. Restore that directory, or delete {} to start over with an empty \
                 database",
                data_dir.display(),
                data_dir.join(REFERENCE_FILE).display(),
                home.display(),
                data_dir.join(REFERENCE_FILE).display()
            );
        }
        return Ok(home);
    }
    let Some(user) = run_as.filter(|u| !reachable_by(data_dir, u)) else {
        return Ok(data_dir.to_path_buf());
    };
    // An earlier version's failed initdb leaves an empty `pgdata/` here; `remove_dir` only
    // removes it if it is empty.
    let _ = fs::remove_dir(data_dir.join("pgdata"));
    let _ = fs::remove_dir(data_dir.join("pgrun"));
    let clusters = clusters_dir();
    fs::create_dir_all(&clusters).with_context(|| {
        format!("cannot create {} for the database cluster (BOTARENA_CLUSTERS_DIR)", clusters.display())
    })?;
    let clusters = clusters.canonicalize()?;
    if !reachable_by(&clusters, user) {
        bail!(
            "user {} (who runs the database cluster, as PostgreSQL refuses root) can reach neither the data \
             directory {} nor {}: set BOTARENA_CLUSTERS_DIR to a directory every user can pass through",
            user.name,
            data_dir.display(),
            clusters.display()
        );
    }
    let home = clusters.join(uuid::Uuid::new_v4().simple().to_string());
    prepare_dir(&home, Some(user))?;
    let mut owner = data_dir.as_os_str().as_bytes().to_vec();
    owner.push(b'\n');
    fs::write(home.join("data-dir"), owner)?;
    // Written whole or not at all: a half-written path would lose the database.
    let mut target = home.as_os_str().as_bytes().to_vec();
    target.push(b'\n');
    let tmp = data_dir.join(format!("{REFERENCE_FILE}.tmp"));
    fs::write(&tmp, target).with_context(|| format!("cannot write {}", tmp.display()))?;
    fs::rename(&tmp, data_dir.join(REFERENCE_FILE))?;
    tracing::info!(
        "the data directory {} is out of reach of user {}: its cluster lives in {}",
        data_dir.display(),
        user.name,
        home.display()
    );
    Ok(home)
}

/// The cluster home named by the data directory's `pgcluster` file, if it has one.
fn referenced_home(data_dir: &Path) -> anyhow::Result<Option<PathBuf>> {
    let file = data_dir.join(REFERENCE_FILE);
    let mut bytes = match fs::read(&file) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", file.display())),
    };
    while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
        bytes.pop();
    }
    let home = PathBuf::from(OsString::from_vec(bytes));
    if !home.is_absolute() {
        bail!(
            "{} must hold the absolute path of the cluster directory, not `{}`",
            file.display(),
            home.display()
        );
    }
    Ok(Some(home))
}

/// The PostgreSQL major version of the cluster in `pgdata`, once made.
fn pg_version(pgdata: &Path) -> Option<u32> {
    fs::read_to_string(pgdata.join("PG_VERSION")).ok()?.trim().parse().ok()
}

/// The `pgdata` directory of the cluster of `data_dir`, if one was made (wherever it lives).
pub fn locate(data_dir: &Path) -> Option<PathBuf> {
    let in_place = data_dir.join("pgdata");
    if in_place.join("PG_VERSION").exists() {
        return Some(in_place);
    }
    let pgdata = referenced_home(data_dir).ok()??.join("pgdata");
    pgdata.join("PG_VERSION").exists().then_some(pgdata)
}

/// Deletes the `pgcluster` file of `data_dir` when the cluster it names is gone, so that the next
/// open makes a new one. For disposable data only (the test suite's, copied with `target/`):
/// [`Cluster::open`] refuses to replace a lost database silently.
pub fn forget_missing_cluster(data_dir: &Path) -> bool {
    match referenced_home(data_dir) {
        Ok(Some(home)) if !home.is_dir() => fs::remove_file(data_dir.join(REFERENCE_FILE)).is_ok(),
        _ => false,
    }
}

/// Stops and deletes the cluster of `data_dir` when it lives outside the data directory, for
/// tests that delete their data directory afterwards. The cluster must not be in use.
pub fn remove_external_cluster(data_dir: &Path) -> anyhow::Result<()> {
    let Some(home) = referenced_home(data_dir)? else {
        return Ok(());
    };
    if !home.exists() {
        return Ok(());
    }
    if home.join("pgdata/postmaster.pid").exists() {
        let bin =
            find_bin_dir(pg_version(&home.join("pgdata")))?.context("no pg_ctl to stop the cluster with")?;
        let mut cmd = Command::new(bin.join("pg_ctl"));
        cmd.arg("stop").arg("-D").arg(home.join("pgdata")).args(["-m", "immediate", "-w"]).current_dir("/");
        if let Some(user) = unprivileged_user()? {
            cmd.uid(user.uid).gid(user.gid);
        }
        let _ = cmd.stdout(Stdio::null()).stderr(Stdio::null()).status();
    }
    fs::remove_dir_all(&home).with_context(|| format!("cannot remove {}", home.display()))?;
    fs::remove_file(data_dir.join(REFERENCE_FILE))?;
    Ok(())
}

fn clusters_dir() -> PathBuf {
    std::env::var_os("BOTARENA_CLUSTERS_DIR")
        .filter(|d| !d.is_empty())
        .map_or_else(|| PathBuf::from(DEFAULT_CLUSTERS_DIR), PathBuf::from)
}

/// Creates `dir` (mode 0700) for the cluster's user.
fn prepare_dir(dir: &Path, run_as: Option<&RunAs>) -> anyhow::Result<()> {
    fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    fs::set_permissions(dir, fs::Permissions::from_mode(0o700))?;
    if let Some(user) = run_as {
        std::os::unix::fs::chown(dir, Some(user.uid), Some(user.gid))
            .with_context(|| format!("cannot hand {} to the database user {}", dir.display(), user.name))?;
    }
    Ok(())
}

/// Whether `user` may pass through every existing ancestor of `dir` (and `dir` itself), by
/// the owner / group / other permission bits.
fn reachable_by(dir: &Path, user: &RunAs) -> bool {
    let dir = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
    dir.ancestors().filter_map(|a| fs::metadata(a).ok()).all(|m| {
        let bit = if m.uid() == user.uid {
            0o100
        } else if m.gid() == user.gid {
            0o010
        } else {
            0o001
        };
        m.mode() & bit != 0
    })
}

/// Whether the user the cluster runs as can reach `dir`: always when we are not root; as root,
/// only if every existing ancestor lets that user through (a clone under `/root` does not). Such
/// a data directory gets its cluster elsewhere.
pub fn reachable_by_cluster_user(dir: &Path) -> bool {
    if !nix::unistd::geteuid().is_root() {
        return true;
    }
    let name = pg_user_name();
    let user = match nix::unistd::User::from_name(&name) {
        Ok(Some(u)) => RunAs { name, uid: u.uid.as_raw(), gid: u.gid.as_raw() },
        // Not created yet: it will be a system user of its own group.
        _ => RunAs { name, uid: u32::MAX - 1, gid: u32::MAX - 1 },
    };
    reachable_by(dir, &user)
}

fn pg_user_name() -> String {
    std::env::var("BOTARENA_PG_USER").unwrap_or_else(|_| "botarena".to_string())
}

/// `None` when we are not root (the cluster runs as us); else the system user the cluster runs
/// as, created if needed.
fn unprivileged_user() -> anyhow::Result<Option<RunAs>> {
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
    Ok(Some(RunAs { name, uid: user.uid.as_raw(), gid: user.gid.as_raw() }))
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

    #[test]
    fn reachability_follows_the_owner_group_and_other_bits() {
        let dir = tempfile::tempdir().unwrap();
        let meta = fs::metadata(dir.path()).unwrap();
        let owner = RunAs { name: "owner".into(), uid: meta.uid(), gid: u32::MAX - 1 };
        let group = RunAs { name: "group".into(), uid: u32::MAX - 1, gid: meta.gid() };
        let other = RunAs { name: "other".into(), uid: u32::MAX - 1, gid: u32::MAX - 1 };
        let can = |mode, u: &RunAs| {
            fs::set_permissions(dir.path(), fs::Permissions::from_mode(mode)).unwrap();
            reachable_by(dir.path(), u)
        };
        assert!(can(0o700, &owner) && !can(0o700, &group) && !can(0o700, &other));
        assert!(can(0o710, &group) && !can(0o710, &other));
        assert!(can(0o701, &other) && !can(0o601, &owner), "the owner's own bits decide for the owner");
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o700)).unwrap();
    }

    #[test]
    fn a_reference_to_a_lost_cluster_is_refused_rather_than_replaced_by_an_empty_one() {
        let data = tempfile::tempdir().unwrap();
        fs::write(data.path().join(REFERENCE_FILE), "/nonexistent/botarena-cluster\n").unwrap();
        let err = cluster_home(data.path(), None).unwrap_err().to_string();
        assert!(err.contains("/nonexistent/botarena-cluster") && err.contains("is missing"), "{err}");
        assert_eq!(locate(data.path()), None);
        assert!(forget_missing_cluster(data.path()));
        assert_eq!(cluster_home(data.path(), None).unwrap(), data.path());
    }

    #[test]
    fn missing_server_programs_are_installed_only_as_root_with_apt_unless_forbidden() {
        assert_eq!(install_decision(true, true, false), Ok(()));
        let forbidden = install_decision(true, true, true).unwrap_err();
        assert!(
            forbidden.contains("`apt-get install postgresql`") && forbidden.contains("BOTARENA_NO_INSTALL")
        );
        assert!(install_decision(false, true, false)
            .unwrap_err()
            .contains("`sudo apt-get install postgresql`"));
        let elsewhere = install_decision(true, false, false).unwrap_err();
        assert!(elsewhere.contains("BOTARENA_PG_BIN") && elsewhere.contains("dnf install"), "{elsewhere}");
    }

    #[test]
    fn a_relative_reference_is_refused_with_the_file_named() {
        let data = tempfile::tempdir().unwrap();
        fs::write(data.path().join(REFERENCE_FILE), "clusters/x\n").unwrap();
        let err = cluster_home(data.path(), None).unwrap_err().to_string();
        assert!(err.contains(REFERENCE_FILE) && err.contains("absolute"), "{err}");
    }
}
