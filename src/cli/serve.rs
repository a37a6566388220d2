//! `botarena serve`: the web server and a compile worker pool on this machine, on `DATABASE_URL`
//! or the embedded cluster in the data directory.

use crate::config::{DbArgs, ServeConfig};
use crate::db::{backup, Database};
use crate::jobs::compile::{self, CompileQueue};
use crate::jobs::games::{self as game_jobs, GameQueue};
use crate::jobs::wakeups::Wakeups;
use crate::judge::languages::Languages;
use crate::web::{app, AppState};
use anyhow::Context;
use clap::Args;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

#[derive(Debug, Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub db: DbArgs,
    #[command(flatten)]
    pub config: ServeConfig,
    #[command(flatten)]
    pub isolation: super::sandbox::IsolationArgs,
    #[command(flatten)]
    pub games: super::worker::GamePoolArgs,
    #[command(flatten)]
    pub backups: crate::config::BackupConfig,
}

/// A multi-threaded runtime for the database commands.
pub fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build().context("starting the async runtime")
}

pub fn run(args: ServeArgs) -> anyhow::Result<i32> {
    crate::scratch::clean_at_start().context("preparing the scratch directory")?;
    let runtime = runtime()?;
    let result = runtime.block_on(serve(args));
    // A game given back after the drain may still be played by a blocking thread: the process
    // does not wait for it (its bots end with the process).
    runtime.shutdown_background();
    result.map(|()| 0)
}

pub(crate) async fn shutdown_signal() {
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term => {}
    }
}

async fn serve(args: ServeArgs) -> anyhow::Result<()> {
    let languages = Arc::new(Languages::load_default().context("loading the language configuration")?);
    let db = Database::connect(&args.db).await?;
    let result = async {
        db.migrate().await?;
        let wakeups = Wakeups::default();
        let web = args.config.web.clone();
        let state =
            AppState::new(db.pool.clone(), web.clone(), languages.clone(), wakeups.compile.clone()).await?;
        // The statement pages show the compilers' versions and the executable's hash: find them now.
        let facts = state.clone();
        tokio::spawn(async move {
            facts.facts.versions(facts.languages.all()).await;
            facts.facts.exe().await;
        });

        let launcher = crate::judge::server_launcher(args.isolation.allow_insecure_sandbox)?;
        let mut queue = CompileQueue::new(
            db.pool.clone(),
            languages.clone(),
            compile::with_launcher(launcher.clone()),
            wakeups.compile.clone(),
        )
        .with_tester(launcher);
        queue.concurrency = web.compile_workers;
        let (stop_tx, stop_rx) = watch::channel(false);
        let mut games = GameQueue::new(
            db.pool.clone(),
            state.languages.clone(),
            game_jobs::sandbox_launchers(args.isolation.allow_insecure_sandbox),
        );
        args.games.apply(&mut games);
        // Practice games get sandbox slots after the game workers' (each its own user ids).
        let (first_practice_slot, slots) = (games.concurrency as u32, games.launchers.clone());
        state.practice.enable(crate::service::practice::Runtime {
            launchers: Arc::new(move |n| slots(first_practice_slot + n as u32)),
            house_exe: std::path::PathBuf::from(crate::judge::commands::SELF_EXE),
        });
        games.wakeup = wakeups.games.clone();
        queue.first_games = Some(games.handoff());
        let mut workers = queue.spawn(stop_rx.clone());
        workers.extend(games.spawn(stop_rx.clone())?);
        workers.push(wakeups.listen(db.pool.clone(), stop_rx.clone()));
        if let Some(dir) = &args.backups.backup_dir {
            std::fs::create_dir_all(dir).with_context(|| {
                format!("cannot create the backup directory {} (--backup-dir)", dir.display())
            })?;
            let (every, keep) = (args.backups.backup_every, args.backups.backup_keep as usize);
            workers.push(backup::rotation::spawn(
                db.tools(&args.db)?,
                dir.clone(),
                every,
                keep,
                stop_rx.clone(),
            ));
        }
        workers.push(crate::jobs::scoreboard::spawn(
            db.pool.clone(),
            Duration::from_secs(10),
            stop_rx.clone(),
        ));
        workers.push(crate::jobs::ladder::spawn(db.pool.clone(), stop_rx.clone()));
        workers.push(crate::jobs::prune::spawn(
            db.pool.clone(),
            state.practice.config.clone(),
            Duration::from_secs(3600),
            stop_rx,
        ));

        let store = tower_sessions_sqlx_store::PostgresStore::new(db.pool.clone());
        let cleanup = tokio::spawn(tower_sessions::ExpiredDeletion::continuously_delete_expired(
            store,
            Duration::from_secs(3600),
        ));

        let listener = tokio::net::TcpListener::bind(args.config.listen)
            .await
            .with_context(|| format!("cannot listen on {}", args.config.listen))?;
        let database = match db.cluster() {
            Some(cluster) => {
                format!("data directory {}\n  {}", cluster.data_dir().display(), cluster.describe())
            }
            None => database_server(&args.db),
        };
        eprintln!("{}", welcome(listener.local_addr()?, &interface_addresses(), &database));
        if let Some(dir) = &args.backups.backup_dir {
            let every = args.backups.backup_every.as_secs();
            eprintln!(
                "  backups: {} every {}, keeping the newest {}",
                dir.display(),
                if every.is_multiple_of(3600) { format!("{}h", every / 3600) } else { format!("{every}s") },
                args.backups.backup_keep
            );
        }
        let metrics = match args.config.metrics_listen {
            Some(addr) => {
                let l = tokio::net::TcpListener::bind(addr)
                    .await
                    .with_context(|| format!("cannot listen on {addr} (--metrics-listen)"))?;
                eprintln!("  metrics: http://{}/metrics", l.local_addr()?);
                let router = crate::web::metrics::standalone(db.pool.clone());
                Some(tokio::spawn(async move { axum::serve(l, router).await }))
            }
            None => None,
        };
        // With the peer address of each connection: login throttling is per client address.
        let service = app(state).into_make_service_with_connect_info::<std::net::SocketAddr>();
        axum::serve(without_delay(listener), service).with_graceful_shutdown(shutdown_signal()).await?;
        eprintln!("botarena: shutting down");
        if let Some(m) = metrics {
            m.abort();
        }
        let _ = stop_tx.send(true);
        for w in workers {
            let _ = w.await;
        }
        cleanup.abort();
        // Its connection (if it was mid-query) goes back before the pool closes.
        let _ = cleanup.await;
        anyhow::Ok(())
    }
    .await;
    db.close().await;
    result
}

/// The listener with `TCP_NODELAY` set on every accepted connection: a response's last small
/// segment leaves at once instead of waiting for the client's delayed ACK (which held each
/// request of a keep-alive connection up by some 40 ms).
fn without_delay(
    listener: tokio::net::TcpListener,
) -> axum::serve::TapIo<tokio::net::TcpListener, fn(&mut tokio::net::TcpStream)> {
    use axum::serve::ListenerExt;
    fn set_nodelay(tcp: &mut tokio::net::TcpStream) {
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!("cannot set TCP_NODELAY on a connection: {e}");
        }
    }
    listener.tap_io(set_nodelay as fn(&mut tokio::net::TcpStream))
}

/// What `serve` prints once it listens: the URL to open, who can connect and how to let a
/// classroom in, and where the data lives. `others` are this machine's network addresses.
fn welcome(addr: SocketAddr, others: &[IpAddr], database: &str) -> String {
    let port = addr.port();
    let mut s = String::new();
    if addr.ip().is_loopback() {
        s += &format!("botarena: serving on http://{addr} (open it in a browser on this machine)\n");
        s += "  Listening on loopback only: no other machine can connect. For a classroom, listen on \
              every interface:\n";
        s += &format!("  botarena serve --listen 0.0.0.0:{port}\n");
    } else if addr.ip().is_unspecified() {
        s +=
            &format!("botarena: serving on http://localhost:{port} (open it in a browser on this machine)\n");
        let urls: Vec<String> = others
            .iter()
            .filter(|ip| addr.is_ipv6() || ip.is_ipv4())
            .map(|ip| format!("http://{}", SocketAddr::new(*ip, port)))
            .collect();
        if urls.is_empty() {
            s += &format!("  Listening on every interface: from other machines, http://<this machine's address>:{port}\n");
        } else {
            s += &format!("  Listening on every interface: from other machines, {}\n", urls.join(" or "));
        }
    } else {
        s += &format!("botarena: serving on http://{addr}\n");
        s += &format!("  Listening on {} only.\n", addr.ip());
    }
    s += "  ";
    s += database;
    s
}

/// This machine's addresses that other machines could reach (neither loopback nor link-local).
fn interface_addresses() -> Vec<IpAddr> {
    let Ok(ifaces) = nix::ifaddrs::getifaddrs() else {
        return Vec::new();
    };
    let mut ips: Vec<IpAddr> = ifaces
        .filter_map(|i| {
            let a = i.address?;
            if let Some(v4) = a.as_sockaddr_in() {
                Some(IpAddr::V4(v4.ip()))
            } else {
                a.as_sockaddr_in6().map(|v6| IpAddr::V6(v6.ip()))
            }
        })
        .filter(|ip| match ip {
            IpAddr::V4(v4) => !v4.is_loopback() && !v4.is_link_local() && !v4.is_unspecified(),
            // fe80::/10 needs a zone to be usable in a URL.
            IpAddr::V6(v6) => {
                !v6.is_loopback() && (v6.segments()[0] & 0xffc0) != 0xfe80 && !v6.is_unspecified()
            }
        })
        .collect();
    ips.sort();
    ips.dedup();
    ips
}

/// Names the database server of `DATABASE_URL` without its password.
fn database_server(db: &DbArgs) -> String {
    use std::str::FromStr;
    match db.database_url.as_deref().map(sqlx::postgres::PgConnectOptions::from_str) {
        Some(Ok(o)) => format!(
            "database: {} on {} (DATABASE_URL)",
            o.get_database().unwrap_or("(default)"),
            o.get_host()
        ),
        _ => "database: DATABASE_URL".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn accepted_connections_do_not_wait_for_delayed_acks() {
        use axum::serve::Listener;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let mut listener = without_delay(listener);
        let client = tokio::net::TcpStream::connect(addr).await.unwrap();
        let (accepted, peer) = listener.accept().await;
        assert_eq!(peer, client.local_addr().unwrap());
        assert!(accepted.nodelay().unwrap());
        assert!(!client.nodelay().unwrap(), "the default the listener changes");
    }

    #[test]
    fn on_loopback_the_welcome_says_only_this_machine_connects_and_how_to_open_to_a_classroom() {
        let s =
            welcome("127.0.0.1:8080".parse().unwrap(), &["10.1.2.3".parse().unwrap()], "data directory /d");
        assert!(s.starts_with("botarena: serving on http://127.0.0.1:8080 "), "{s}");
        assert!(s.contains("loopback only") && s.contains("--listen 0.0.0.0:8080"), "{s}");
        assert!(!s.contains("10.1.2.3"), "{s}");
        assert!(s.ends_with("  data directory /d"), "{s}");
    }

    #[test]
    fn on_every_interface_the_welcome_lists_the_urls_other_machines_open() {
        let others = ["10.1.2.3".parse().unwrap(), "2001:db8::1".parse().unwrap()];
        let s = welcome("0.0.0.0:9000".parse().unwrap(), &others, "db");
        assert!(s.contains("http://localhost:9000"), "{s}");
        assert!(s.contains("every interface") && s.contains("http://10.1.2.3:9000"), "{s}");
        assert!(!s.contains("2001:db8"), "an IPv4 listener is not reachable on IPv6: {s}");
        assert!(!s.contains("--listen"), "{s}");
        let s = welcome("[::]:9000".parse().unwrap(), &others, "db");
        assert!(s.contains("http://[2001:db8::1]:9000"), "{s}");
        let s = welcome("0.0.0.0:9000".parse().unwrap(), &[], "db");
        assert!(s.contains("http://<this machine's address>:9000"), "{s}");
    }

    #[test]
    fn the_database_url_is_named_without_its_password() {
        let db = DbArgs {
            data_dir: "./data".into(),
            database_url: Some("postgres://u:secret@db.example:5432/arena".into()),
        };
        let s = database_server(&db);
        assert!(s.contains("arena") && s.contains("db.example") && !s.contains("secret"), "{s}");
    }
}
