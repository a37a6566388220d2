//! What every handler can reach ([`AppState`]): the pool, the typed configuration, the
//! languages, and what the server finds out or renders once and keeps (the compilers' versions and
//! the executable's hash, [`Facts`]; the scoreboards, [`scoreboard_view::Cache`]; the practice
//! games being played).

use super::scoreboard_view;
use crate::config::WebConfig;
use crate::judge::commands::SELF_EXE;
use crate::judge::languages::{Language, Languages};
use sqlx::PgPool;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Notify, OnceCell};

/// What every handler can reach: the pool, the typed config and the configured languages.
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

pub struct Inner {
    pub pool: PgPool,
    pub config: WebConfig,
    pub languages: Arc<Languages>,
    /// Woken when a submission is queued, so the compile workers start at once.
    pub compile_wakeup: Arc<Notify>,
    /// Compiler versions and the executable's hash, found once (see [`Facts`]).
    pub facts: Facts,
    /// The scoreboard snapshots, rendered once each.
    pub scoreboards: scoreboard_view::Cache,
    /// The practice games being played (see [`crate::service::practice`]); they need
    /// `practice.enable(...)` with the launchers before any can start.
    pub practice: Arc<crate::service::practice::Practice>,
    /// A hash checked for unknown usernames, so a login takes as long whether or not the user exists.
    pub(super) dummy_hash: String,
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

impl AppState {
    pub async fn new(
        pool: PgPool,
        config: WebConfig,
        languages: Arc<Languages>,
        compile_wakeup: Arc<Notify>,
    ) -> anyhow::Result<Self> {
        // Recording starts with the server, before any job finishes.
        crate::service::metrics::recorder();
        let time_zone = match &config.time_zone {
            Some(name) => crate::locale::time_zone_named(name).map_err(anyhow::Error::msg)?,
            None => jiff::tz::TimeZone::system(),
        };
        super::i18n::set_server_defaults(super::i18n::Defaults { locale: config.language, time_zone });
        let dummy_hash = crate::service::password::hash(uuid::Uuid::new_v4().to_string()).await?;
        use crate::service::practice::PracticeConfig;
        let practice = Arc::new(crate::service::practice::Practice::new(
            pool.clone(),
            languages.clone(),
            PracticeConfig::of(&config),
        ));
        Ok(AppState(Arc::new(Inner {
            pool,
            config,
            languages,
            compile_wakeup,
            facts: Facts::default(),
            scoreboards: scoreboard_view::Cache::default(),
            practice,
            dummy_hash,
        })))
    }

    /// Name and id of the configured languages.
    pub fn language_ids(&self) -> Vec<String> {
        self.languages.all().iter().map(|l| l.id.clone()).collect()
    }

    pub fn language_name(&self, id: &str) -> String {
        self.languages.name_of(id)
    }
}

/// Facts about this server that are slow to find out, found once: the compilers' versions and
/// the hash of the running executable.
#[derive(Default)]
pub struct Facts {
    versions: OnceCell<HashMap<String, String>>,
    exe: OnceCell<Result<ExeInfo, String>>,
}

/// The downloadable executable.
#[derive(Clone, Debug)]
pub struct ExeInfo {
    pub bytes: u64,
    pub sha256: String,
}

impl Facts {
    /// Each configured language's version line (`gcc (Debian 12.2.0-14) 12.2.0`), asked of its
    /// compiler (or runtime) once per process.
    pub async fn versions(&self, languages: &[Language]) -> &HashMap<String, String> {
        self.versions
            .get_or_init(|| async {
                let probes = languages.iter().map(|l| {
                    let program = l.compile.as_ref().unwrap_or(&l.run)[0].clone();
                    let id = l.id.clone();
                    tokio::spawn(async move { (id, version_of(&program).await) })
                });
                let mut out = HashMap::new();
                for p in probes.collect::<Vec<_>>() {
                    if let Ok((id, v)) = p.await {
                        out.insert(id, v);
                    }
                }
                out
            })
            .await
    }

    /// Size and SHA-256 of the running executable, computed once, off the async threads.
    pub async fn exe(&self) -> &Result<ExeInfo, String> {
        self.exe
            .get_or_init(|| async {
                tokio::task::spawn_blocking(|| hash_file(std::path::Path::new(SELF_EXE)))
                    .await
                    .unwrap_or_else(|e| Err(e.to_string()))
            })
            .await
    }
}

/// The first line `PROGRAM --version` prints (Java prints it on standard error).
async fn version_of(program: &str) -> String {
    let run = tokio::process::Command::new(program)
        .arg("--version")
        .stdin(std::process::Stdio::null())
        .kill_on_drop(true)
        .output();
    match tokio::time::timeout(Duration::from_secs(20), run).await {
        Ok(Ok(out)) if out.status.success() => {
            let text = String::from_utf8_lossy(if out.stdout.is_empty() { &out.stderr } else { &out.stdout })
                .into_owned();
            text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("unknown").to_string()
        }
        Ok(Ok(_)) => format!("unknown (`{program} --version` failed)"),
        Ok(Err(_)) => format!("not installed on this server ({program})"),
        Err(_) => format!("unknown (`{program} --version` did not answer)"),
    }
}

fn hash_file(path: &std::path::Path) -> Result<ExeInfo, String> {
    use sha2::{Digest, Sha256};
    let mut file = std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut hasher = Sha256::new();
    let bytes =
        std::io::copy(&mut file, &mut hasher).map_err(|e| format!("reading {}: {e}", path.display()))?;
    Ok(ExeInfo { bytes, sha256: format!("{:x}", hasher.finalize()) })
}
