//! Typed configuration of the platform, from command-line flags and the environment (clap with
//! `env`), documented in `docs/cli.md`. Secrets (`DATABASE_URL`) are redacted in `Debug`.

use clap::Args;
use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

/// Where the database is: `DATABASE_URL`, or else the embedded cluster in the data directory.
#[derive(Clone, Args)]
pub struct DbArgs {
    /// Directory of the embedded PostgreSQL cluster (used when DATABASE_URL is not set).
    #[arg(long, env = "BOTARENA_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,
    /// A PostgreSQL server to use instead of the embedded cluster.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,
}

impl fmt::Debug for DbArgs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DbArgs")
            .field("data_dir", &self.data_dir)
            .field("database_url", &self.database_url.as_ref().map(|_| "<redacted>"))
            .finish()
    }
}

/// Settings of the web server and the compile queue.
#[derive(Clone, Debug, Args)]
pub struct WebConfig {
    /// Largest source file accepted, in bytes.
    #[arg(long, env = "BOTARENA_MAX_SOURCE_BYTES", default_value_t = 1 << 20)]
    pub max_source_bytes: usize,
    /// Compiles run at once by this process.
    #[arg(long, env = "BOTARENA_COMPILE_WORKERS", default_value_t = 1)]
    pub compile_workers: usize,
    /// Mark the session cookie `Secure` (serve behind HTTPS).
    #[arg(long, env = "BOTARENA_SECURE_COOKIES")]
    pub secure_cookies: bool,
    /// A session ends after this many minutes without a request.
    #[arg(long, env = "BOTARENA_SESSION_MINUTES", default_value_t = 12 * 60)]
    pub session_minutes: i64,
    /// Failed logins of a username from one client address allowed before further attempts of
    /// that username from that address are slowed down.
    #[arg(long, env = "BOTARENA_LOGIN_FREE_FAILURES", default_value_t = 5)]
    pub login_free_failures: i32,
    /// Failed logins from one client address (any usernames) allowed before every further attempt
    /// from it is slowed down.
    #[arg(long, env = "BOTARENA_LOGIN_ADDRESS_FREE_FAILURES", default_value_t = 20)]
    pub login_address_free_failures: i32,
    /// A request header naming the client's address, set by a reverse proxy in front of the
    /// server (e.g. `X-Forwarded-For`, whose last entry is used, or `X-Real-IP`). Off by default:
    /// the client address is the connection's peer, as any header could be forged by a client.
    #[arg(long, env = "BOTARENA_CLIENT_ADDRESS_HEADER")]
    pub client_address_header: Option<String>,
    /// Practice games (a person against a bot in the browser) this server plays at once; each
    /// person plays one at a time. 0 turns practice games off.
    #[arg(long, env = "BOTARENA_PRACTICE_GAMES", default_value_t = 4)]
    pub practice_games: usize,
    /// Seconds a person may take over a move of a practice game before losing it by
    /// `move_timeout` (also how soon a game left in a closed tab ends).
    #[arg(long, env = "BOTARENA_PRACTICE_IDLE_SECONDS", default_value_t = 300)]
    pub practice_idle_seconds: u64,
    /// Practice games a person may start in an hour (beyond: 429 with `Retry-After`).
    #[arg(long, env = "BOTARENA_PRACTICE_GAMES_PER_HOUR", default_value_t = 30,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub practice_games_per_hour: u32,
    /// Days a finished practice game stays stored (for its replay and log) before the server's
    /// hourly pruning deletes it; 0 keeps them all.
    #[arg(long, env = "BOTARENA_PRACTICE_KEEP_DAYS", default_value_t = 30)]
    pub practice_keep_days: u32,
    /// The pages' language for a reader who chose none and whose browser asks for none of ours
    /// (and whose contest sets none): en, zh-CN, ro, bg or fi.
    #[arg(long, env = "BOTARENA_LANGUAGE", default_value = "en", value_parser = parse_locale)]
    pub language: crate::locale::Locale,
    /// The time zone times are shown in when neither the reader nor the contest chose one (an
    /// IANA name such as `Europe/Helsinki`); the machine's own by default.
    #[arg(long, env = "BOTARENA_TIME_ZONE", value_parser = parse_time_zone)]
    pub time_zone: Option<String>,
}

fn parse_locale(s: &str) -> Result<crate::locale::Locale, String> {
    crate::locale::Locale::from_tag(s)
        .filter(|l| crate::locale::Locale::OFFERED.contains(l))
        .ok_or_else(|| format!("`{s}` is not one of en, zh-CN, ro, bg, fi"))
}

fn parse_time_zone(s: &str) -> Result<String, String> {
    crate::locale::time_zone_named(s).map(|_| s.trim().to_string())
}

impl Default for WebConfig {
    fn default() -> Self {
        WebConfig {
            max_source_bytes: 1 << 20,
            compile_workers: 1,
            secure_cookies: false,
            session_minutes: 12 * 60,
            login_free_failures: 5,
            login_address_free_failures: 20,
            client_address_header: None,
            practice_games: 4,
            practice_idle_seconds: 300,
            practice_games_per_hour: 30,
            practice_keep_days: 30,
            language: crate::locale::Locale::En,
            time_zone: None,
        }
    }
}

/// `botarena serve`.
#[derive(Clone, Debug, Args)]
pub struct ServeConfig {
    /// Address to listen on.
    #[arg(long, env = "BOTARENA_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// Also serve `/metrics` (Prometheus) on this address, without login: for a Prometheus on
    /// this machine or a private network. (On the main address `/metrics` is for admins.)
    #[arg(long, env = "BOTARENA_METRICS_LISTEN")]
    pub metrics_listen: Option<SocketAddr>,
    #[command(flatten)]
    pub web: WebConfig,
}

/// `serve --backup-dir`: rotating backups of the database (see `docs/operations.md`).
#[derive(Clone, Debug, Args)]
pub struct BackupConfig {
    /// Write a backup (`botarena-YYYYMMDDTHHMMSSZ.dump`) into this directory every
    /// `--backup-every`; none without it.
    #[arg(long, env = "BOTARENA_BACKUP_DIR")]
    pub backup_dir: Option<PathBuf>,
    /// Time between two backups: a number and a unit, s, m, h or d (`6h`, `90m`, `1d`).
    #[arg(long, env = "BOTARENA_BACKUP_EVERY", default_value = "6h", value_parser = parse_duration)]
    pub backup_every: std::time::Duration,
    /// Backups kept in the directory (the newest); older ones are deleted.
    #[arg(long, env = "BOTARENA_BACKUP_KEEP", default_value_t = 14, value_parser = clap::value_parser!(u32).range(1..))]
    pub backup_keep: u32,
}

/// A duration as `6h`, `90m`, `30s`, `1d`, or several (`1h30m`); at least one second.
pub fn parse_duration(s: &str) -> Result<std::time::Duration, String> {
    let bad = || format!("`{s}` is not a duration: a number and a unit, s, m, h or d (such as 6h or 90m)");
    let mut total: u64 = 0;
    let mut rest = s.trim();
    if rest.is_empty() {
        return Err(bad());
    }
    while !rest.is_empty() {
        let digits = rest.find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?;
        let n: u64 = rest[..digits].parse().map_err(|_| bad())?;
        let unit = match rest[digits..].chars().next() {
            Some('s') => 1,
            Some('m') => 60,
            Some('h') => 3600,
            Some('d') => 86400,
            _ => return Err(bad()),
        };
        total = n.checked_mul(unit).and_then(|x| total.checked_add(x)).ok_or_else(bad)?;
        rest = &rest[digits + 1..];
    }
    if total == 0 {
        return Err(format!("`{s}`: the duration must be at least one second"));
    }
    Ok(std::time::Duration::from_secs(total))
}

#[cfg(test)]
mod duration_tests {
    use super::parse_duration;
    use std::time::Duration;

    #[test]
    fn durations_read_as_numbers_with_units() {
        assert_eq!(parse_duration("6h"), Ok(Duration::from_secs(6 * 3600)));
        assert_eq!(parse_duration("1h30m"), Ok(Duration::from_secs(5400)));
        assert_eq!(parse_duration("1d"), Ok(Duration::from_secs(86400)));
        assert_eq!(parse_duration("45s"), Ok(Duration::from_secs(45)));
        for bad in ["", "6", "h", "6x", "0s", "-1h", "6 h", "99999999999999999999d"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
