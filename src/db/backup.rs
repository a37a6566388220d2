//! Backups with PostgreSQL's own tools: `pg_dump -Fc` (one transaction snapshot, so consistent
//! while the server judges) and `pg_restore` into an empty database, for the embedded cluster and
//! for `DATABASE_URL` alike; and the rotating backups `serve --backup-dir` keeps.

use anyhow::{bail, Context};
use std::fs::{self, File};
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What every custom-format dump starts with.
const DUMP_MAGIC: &[u8] = b"PGDMP";

/// How to run PostgreSQL's client tools against one database: which binaries, as which user, and
/// the connection (in `PG*` environment variables, so that a password never shows in `ps`).
#[derive(Clone)]
pub struct PgTools {
    bin: PathBuf,
    /// (uid, gid) to run as: the embedded cluster's user when botarena runs as root.
    run_as: Option<(u32, u32)>,
    env: Vec<(&'static str, String)>,
    /// `--dbname`: a database name, or a URL without its password.
    dbname: Option<String>,
}

impl std::fmt::Debug for PgTools {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgTools").field("bin", &self.bin).finish_non_exhaustive()
    }
}

impl PgTools {
    /// The embedded cluster's: its socket, as its user, with the binaries of its major version.
    pub(crate) fn embedded(
        socket_dir: &Path,
        database: &str,
        run_as: Option<(u32, u32)>,
        major: Option<u32>,
        near: &Path,
    ) -> anyhow::Result<PgTools> {
        let env = vec![
            ("PGHOST", socket_dir.display().to_string()),
            ("PGPORT", "5432".to_string()),
            ("PGUSER", database.to_string()),
            ("PGDATABASE", database.to_string()),
        ];
        // pg_restore wants the database named on its command line, whatever PGDATABASE says.
        let dbname = Some(database.to_string());
        Ok(PgTools { bin: tools_dir(major, Some(near))?, run_as, env, dbname })
    }

    /// A `DATABASE_URL`'s server, with the newest `pg_dump` of this machine (it reads every older
    /// server; an older one refuses a newer server).
    pub fn url(url: &str) -> anyhow::Result<PgTools> {
        let (dbname, password) = split_password(url)?;
        let env = password.map(|p| ("PGPASSWORD", p)).into_iter().collect();
        Ok(PgTools { bin: tools_dir(None, None)?, run_as: None, env, dbname: Some(dbname) })
    }

    fn command(&self, program: &str) -> Command {
        let mut cmd = Command::new(self.bin.join(program));
        // `/`: the cluster's user may not be allowed into our working directory.
        cmd.current_dir("/").env("LC_ALL", "C").env_remove("PGPASSWORD").env_remove("PGSERVICE");
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        if let Some(dbname) = &self.dbname {
            cmd.arg(format!("--dbname={dbname}"));
        }
        if let Some((uid, gid)) = self.run_as {
            cmd.uid(uid).gid(gid);
        }
        cmd
    }
}

/// What a backup wrote.
#[derive(Debug)]
pub struct Written {
    pub path: PathBuf,
    pub bytes: u64,
    pub took: Duration,
}

impl std::fmt::Display for Written {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}) in {:.1} s", self.path.display(), human_bytes(self.bytes), self.took.as_secs_f64())
    }
}

/// Dumps the database into `path` (custom format): into `path.partial` first, synced, then
/// renamed, so that a crash never leaves a truncated file under the final name. Blocking.
pub fn backup(tools: &PgTools, path: &Path) -> anyhow::Result<Written> {
    let start = Instant::now();
    let partial = partial_path(path);
    // Opened by us, so that the tool (maybe another user) needs no right on the directory.
    let file = File::create(&partial).with_context(|| format!("cannot create {}", partial.display()))?;
    let mut cmd = tools.command("pg_dump");
    cmd.args(["--format=custom", "--no-password"])
        .stdin(Stdio::null())
        .stdout(file.try_clone()?)
        .stderr(Stdio::piped());
    let result = run(cmd, "pg_dump").and_then(|()| {
        file.sync_all()?;
        let bytes = file.metadata()?.len();
        fs::rename(&partial, path).with_context(|| format!("cannot rename to {}", path.display()))?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            // The rename itself survives a crash once the directory is synced.
            File::open(dir).and_then(|d| d.sync_all()).ok();
        }
        Ok(bytes)
    });
    match result {
        Ok(bytes) => Ok(Written { path: path.to_path_buf(), bytes, took: start.elapsed() }),
        Err(e) => {
            let _ = fs::remove_file(&partial);
            Err(e)
        }
    }
}

/// Checks that `path` is a custom-format dump before anything is touched.
pub fn check_dump(path: &Path) -> anyhow::Result<()> {
    let mut head = [0u8; 5];
    File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .with_context(|| format!("cannot read the backup {}", path.display()))?;
    if head != DUMP_MAGIC {
        bail!("{} is not a botarena backup (a pg_dump custom-format file starts with PGDMP)", path.display());
    }
    Ok(())
}

/// Loads the dump at `path` into the (empty) database in one transaction: on an error the
/// database stays empty. Objects belong to the connecting user (`--no-owner`), and the source's
/// grants are left out (`--no-privileges`: its roles need not exist here). Blocking.
pub fn restore(tools: &PgTools, path: &Path) -> anyhow::Result<()> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut cmd = tools.command("pg_restore");
    cmd.args(["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", "--no-password"])
        .stdin(file)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    run(cmd, "pg_restore")
}

/// The tables of the connected database outside PostgreSQL's own schemas, `schema.table`.
pub async fn tables(pool: &sqlx::PgPool) -> anyhow::Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "select table_schema || '.' || table_name from information_schema.tables \
         where table_schema not in ('pg_catalog', 'information_schema') order by 1",
    )
    .fetch_all(pool)
    .await?)
}

fn run(mut cmd: Command, what: &str) -> anyhow::Result<()> {
    let program = cmd.get_program().to_owned();
    let out = cmd.output().with_context(|| format!("cannot run {}", Path::new(&program).display()))?;
    if !out.status.success() {
        bail!("{what} failed ({}): {}", out.status, String::from_utf8_lossy(&out.stderr).trim());
    }
    Ok(())
}

fn partial_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".partial");
    PathBuf::from(s)
}

/// The directory holding `pg_dump` and `pg_restore`: that of the server's major version under
/// `/usr/lib/postgresql` (Debian keeps every version's there); else next to `near` (the embedded
/// cluster's `initdb`, symlinks followed); else the newest under `/usr/lib/postgresql`; else `PATH`.
fn tools_dir(major: Option<u32>, near: Option<&Path>) -> anyhow::Result<PathBuf> {
    let has_both = |d: &Path| d.join("pg_dump").is_file() && d.join("pg_restore").is_file();
    let versioned = |v: u32| PathBuf::from(format!("/usr/lib/postgresql/{v}/bin"));
    if let Some(v) = major.map(versioned).filter(|d| has_both(d)) {
        return Ok(v);
    }
    if let Some(near) = near {
        let real = fs::canonicalize(near.join("initdb")).ok().and_then(|p| p.parent().map(Path::to_path_buf));
        if let Some(d) = real.into_iter().chain([near.to_path_buf()]).find(|d| has_both(d)) {
            return Ok(d);
        }
    }
    let mut versions: Vec<u32> = fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse().ok())
        .filter(|v| has_both(&versioned(*v)))
        .collect();
    versions.sort();
    if let Some(v) = versions.pop() {
        return Ok(versioned(v));
    }
    if let Some(d) = std::env::var_os("PATH").and_then(|p| std::env::split_paths(&p).find(|d| has_both(d))) {
        return Ok(d);
    }
    bail!("pg_dump and pg_restore not found on PATH or under /usr/lib/postgresql/*/bin: `apt-get install postgresql-client`")
}

/// A PostgreSQL URL without its password, and the password (percent-decoded).
fn split_password(url: &str) -> anyhow::Result<(String, Option<String>)> {
    let Some((scheme, rest)) = url.split_once("://") else {
        bail!("DATABASE_URL is not a postgres:// URL");
    };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    let Some((userinfo, host)) = authority.rsplit_once('@') else {
        return Ok((url.to_string(), None));
    };
    let Some((user, password)) = userinfo.split_once(':') else {
        return Ok((url.to_string(), None));
    };
    let password = percent_encoding::percent_decode_str(password)
        .decode_utf8()
        .context("DATABASE_URL's password is not UTF-8")?
        .into_owned();
    Ok((format!("{scheme}://{user}@{host}{tail}"), Some(password)))
}

fn human_bytes(n: u64) -> String {
    match n {
        n if n >= 1 << 30 => format!("{:.1} GiB", n as f64 / (1u64 << 30) as f64),
        n if n >= 1 << 20 => format!("{:.1} MiB", n as f64 / (1u64 << 20) as f64),
        n if n >= 1 << 10 => format!("{:.1} KiB", n as f64 / 1024.0),
        n => format!("{n} bytes"),
    }
}

/// The rotating backups of `serve --backup-dir`: `botarena-YYYYMMDDTHHMMSSZ.dump`, whose names
/// sort by time.
pub mod rotation {
    use super::*;
    use time::format_description::BorrowedFormatItem;
    use time::macros::format_description;
    use time::{OffsetDateTime, PrimitiveDateTime};

    const STAMP: &[BorrowedFormatItem<'static>] =
        format_description!("[year][month][day]T[hour][minute][second]Z");

    /// The file name of a backup taken at `at`.
    pub fn file_name(at: OffsetDateTime) -> String {
        let at = at.to_offset(time::UtcOffset::UTC);
        format!("botarena-{}.dump", at.format(STAMP).expect("a UTC time formats"))
    }

    /// When the backup named `name` was taken, if it is one of ours.
    pub fn taken_at(name: &str) -> Option<OffsetDateTime> {
        let stamp = name.strip_prefix("botarena-")?.strip_suffix(".dump")?;
        Some(PrimitiveDateTime::parse(stamp, STAMP).ok()?.assume_utc())
    }

    /// Our backups in `dir`, oldest first, with when each was taken.
    pub fn list(dir: &Path) -> anyhow::Result<Vec<(OffsetDateTime, PathBuf)>> {
        let mut found = Vec::new();
        for entry in fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
            let entry = entry?;
            if let Some(at) = entry.file_name().to_str().and_then(taken_at) {
                found.push((at, entry.path()));
            }
        }
        found.sort();
        Ok(found)
    }

    /// Deletes all but the newest `keep` of our backups in `dir` (nothing else); the deleted.
    pub fn prune(dir: &Path, keep: usize) -> anyhow::Result<Vec<PathBuf>> {
        let all = list(dir)?;
        let excess = all.len().saturating_sub(keep);
        let mut deleted = Vec::new();
        for (_, path) in all.into_iter().take(excess) {
            fs::remove_file(&path)
                .with_context(|| format!("cannot delete the old backup {}", path.display()))?;
            deleted.push(path);
        }
        Ok(deleted)
    }

    /// How long until the next backup is due: now when the newest is `every` old or more, or
    /// when there is none yet; else when it turns `every` old.
    pub fn first_delay(dir: &Path, every: Duration, now: OffsetDateTime) -> Duration {
        let newest = list(dir).ok().and_then(|l| l.last().map(|(at, _)| *at));
        match newest {
            Some(at) => {
                let age = Duration::try_from(now - at).unwrap_or(Duration::ZERO);
                every.saturating_sub(age)
            }
            None => Duration::ZERO,
        }
    }

    /// Takes a backup into `dir` every `every` (the first per [`first_delay`]), keeping the
    /// newest `keep`, until `stop` turns true. A failure is logged and retried at the next turn:
    /// it never stops the server.
    pub fn spawn(
        tools: PgTools,
        dir: PathBuf,
        every: Duration,
        keep: usize,
        mut stop: tokio::sync::watch::Receiver<bool>,
    ) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            let mut delay = first_delay(&dir, every, OffsetDateTime::now_utc());
            loop {
                tokio::select! {
                    _ = tokio::time::sleep(delay) => {}
                    _ = stop.changed() => return,
                }
                let (tools, dir) = (tools.clone(), dir.clone());
                let done = tokio::task::spawn_blocking(move || {
                    fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
                    let written = backup(&tools, &dir.join(file_name(OffsetDateTime::now_utc())))?;
                    let deleted = prune(&dir, keep.max(1))?;
                    anyhow::Ok((written, deleted))
                })
                .await;
                match done {
                    Ok(Ok((written, deleted))) => {
                        tracing::info!("backup: wrote {written}; deleted {} older backup(s)", deleted.len())
                    }
                    Ok(Err(e)) => tracing::error!("backup failed: {e:#}"),
                    Err(e) => tracing::error!("backup failed: {e}"),
                }
                delay = every;
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::rotation::*;
    use super::*;
    use time::macros::datetime;

    #[test]
    fn backup_names_sort_by_time_and_read_back() {
        let at = datetime!(2026-11-30 07:05:09 UTC);
        assert_eq!(file_name(at), "botarena-20261130T070509Z.dump");
        assert_eq!(taken_at(&file_name(at)), Some(at));
        assert_eq!(taken_at("botarena-20261130T070509Z.dump.partial"), None);
        assert_eq!(taken_at("notes.txt"), None);
    }

    #[test]
    fn pruning_keeps_the_newest_and_touches_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        for day in 1..=5 {
            fs::write(dir.path().join(format!("botarena-202611{day:02}T000000Z.dump")), "x").unwrap();
        }
        fs::write(dir.path().join("botarena-20261101T000000Z.dump.partial"), "x").unwrap();
        fs::write(dir.path().join("mine.dump"), "x").unwrap();
        let deleted = prune(dir.path(), 2).unwrap();
        assert_eq!(deleted.len(), 3);
        let mut left: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                "botarena-20261101T000000Z.dump.partial",
                "botarena-20261104T000000Z.dump",
                "botarena-20261105T000000Z.dump",
                "mine.dump"
            ]
        );
    }

    #[test]
    fn the_first_backup_is_due_when_the_newest_is_an_interval_old() {
        let dir = tempfile::tempdir().unwrap();
        let now = datetime!(2026-11-30 12:00:00 UTC);
        let six_hours = Duration::from_secs(6 * 3600);
        assert_eq!(first_delay(dir.path(), six_hours, now), Duration::ZERO, "none yet");
        fs::write(dir.path().join(file_name(datetime!(2026-11-30 10:00:00 UTC))), "x").unwrap();
        assert_eq!(first_delay(dir.path(), six_hours, now), Duration::from_secs(4 * 3600));
        assert_eq!(first_delay(dir.path(), six_hours, datetime!(2026-11-30 17:00:00 UTC)), Duration::ZERO);
    }

    #[test]
    fn a_password_leaves_the_url_for_the_environment() {
        let (url, pw) =
            split_password("postgres://arena:s%40cret@db.example:5432/botarena?sslmode=require").unwrap();
        assert_eq!(url, "postgres://arena@db.example:5432/botarena?sslmode=require");
        assert_eq!(pw.as_deref(), Some("s@cret"));
        let (url, pw) = split_password("postgres://botarena@localhost/botarena?host=/run/pg").unwrap();
        assert_eq!((url.as_str(), pw), ("postgres://botarena@localhost/botarena?host=/run/pg", None));
    }

    #[test]
    fn a_file_that_is_not_a_dump_is_refused_before_anything_is_touched() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("x.dump");
        fs::write(&f, "hello world").unwrap();
        let err = check_dump(&f).unwrap_err().to_string();
        assert!(err.contains("not a botarena backup"), "{err}");
        assert!(check_dump(&dir.path().join("missing")).is_err());
    }
}
