//! Backups that restore, through the real binary: `botarena backup` while games are judged,
//! `botarena restore` into a new data directory (its own new cluster) and into an empty
//! `DATABASE_URL` database, a server started on the restored data directory that serves every
//! user, submission, game, log and standings snapshot of the backup, and rotating backups in
//! `serve --backup-dir`. A restore into a database that is not empty is refused and changes nothing;
//! a backup of an older schema comes up to date.

mod common;

use botarena::db::users::Role;
use common::queues::{compile_all, game_queue, plain, submit};
use common::*;
use sqlx::PgPool;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const THINK300_PY: &str = include_str!("bots/connect4/think300.py");

fn botarena(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_botarena"));
    cmd.args(args)
        .env_remove("DATABASE_URL")
        .env_remove("BOTARENA_DATA_DIR")
        .env_remove("BOTARENA_BACKUP_DIR")
        .stdin(Stdio::null());
    cmd
}

fn text(out: &Output) -> (String, String) {
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn succeeded(out: Output, what: &str) -> String {
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{what} failed ({})\nstdout: {stdout}\nstderr: {stderr}", out.status);
    stdout
}

async fn count(pool: &PgPool, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(pool).await.unwrap()
}

/// What a restore must bring back, as text rows: every user, API token, submission and standings
/// snapshot, and each game finished before the backup began with its result and log.
async fn contents(pool: &PgPool, games: &[i64]) -> Vec<Vec<String>> {
    let mut all = Vec::new();
    for sql in [
        "select (id, username, nickname, password_hash, role)::text from users order by id",
        "select (id, user_id, token_hash)::text from api_tokens order by id",
        "select (id, user_id, source, status, md5(artifact))::text from submissions order by id",
        "select (contest_id, computed_at, rows)::text from scoreboards order by contest_id",
    ] {
        all.push(sqlx::query_scalar(sql).fetch_all(pool).await.unwrap_or_else(|e| panic!("{sql}: {e}")));
    }
    all.push(
        sqlx::query_scalar(
            "select (id, status, result, md5(log))::text from games where id = any($1) order by id",
        )
        .bind(games)
        .fetch_all(pool)
        .await
        .unwrap(),
    );
    all
}

/// A data directory for a restore, deleted with its cluster (and the server on it) at the end.
struct DataDir {
    dir: tempfile::TempDir,
    server: Option<Child>,
}

impl DataDir {
    fn new() -> DataDir {
        DataDir { dir: tempfile::Builder::new().prefix("botarena-restore-").tempdir().unwrap(), server: None }
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }
}

impl Drop for DataDir {
    fn drop(&mut self) {
        if let Some(mut server) = self.server.take() {
            let _ = server.kill();
            let _ = server.wait();
        }
        if let Err(e) = botarena::db::embedded::remove_external_cluster(&self.data()) {
            eprintln!("cleaning up: {e:#}");
        }
    }
}

/// `GET path` with a bearer token over a real connection: the status and the body.
fn get(addr: &str, path: &str, token: &str) -> (u16, String) {
    use std::io::Read;
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = response.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
    (status, body)
}

/// Polls `what` every 100 ms until it gives `Some`, failing with `context()` after `limit`.
fn wait<T>(limit: Duration, mut what: impl FnMut() -> Option<T>, context: impl Fn() -> String) -> T {
    let start = Instant::now();
    loop {
        if let Some(t) = what() {
            return t;
        }
        assert!(start.elapsed() < limit, "gave up after {limit:?}: {}", context());
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn backups_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    names
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_backup_taken_while_games_are_judged_restores_into_a_new_data_directory_that_a_new_server_serves() {
    let app = setup().await;
    app.contest("c4", &["submit_interval_s=0"]).await;
    let root = app.user("root", Role::Admin).await;
    let admin = app.token(root).await;
    let names = ["ada", "bob", "cyd", "dee", "eve"];
    let tokens = app.students(&names).await;
    let mut submissions = Vec::new();
    for token in &tokens {
        submissions.push(submit(&app, "c4", token, "python", THINK300_PY).await);
    }
    compile_all(&app).await;
    // 10 matches of 2 games of a few seconds each, on two slots: judged all through the backup.
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let mut queue = game_queue(&app, plain());
    queue.concurrency = 2;
    let judging = queue.spawn(stop_rx).unwrap();
    let start = Instant::now();
    while count(&app.pool, "select count(*) from games where status = 'done'").await < 2 {
        assert!(start.elapsed() < Duration::from_secs(120), "no game was judged");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let r = app.api("POST", "/api/contests/c4/scoreboard/refresh", Some(&admin), None).await;
    assert!(r.status.is_success(), "{}", r.body);

    let done: Vec<i64> = sqlx::query_scalar("select id from games where status = 'done' order by id")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    let before = contents(&app.pool, &done).await;
    let unfinished = "select count(*) from games where status in ('queued', 'running')";
    assert!(count(&app.pool, unfinished).await > 0, "games are still to be judged during the backup");
    let files = tempfile::tempdir().unwrap();
    let dump = files.path().join("term.dump");
    let url = common::database::url_of(&app.pool);
    let out = tokio::task::spawn_blocking({
        let (dump, url) = (dump.clone(), url.clone());
        move || botarena(&["backup", dump.to_str().unwrap()]).env("DATABASE_URL", url).output().unwrap()
    })
    .await
    .unwrap();
    let said = succeeded(out, "backup");
    assert!(said.starts_with("backup: wrote ") && said.contains(dump.to_str().unwrap()), "{said}");
    assert!(said.contains(" in ") && said.contains(" s"), "its size and time: {said}");
    assert!(std::fs::read(&dump).unwrap().starts_with(b"PGDMP"));
    assert_eq!(backups_in(files.path()), ["term.dump"], "no .partial left behind");
    assert!(count(&app.pool, unfinished).await > 0, "the backup was taken while games were judged");
    let judged_since: i64 =
        sqlx::query_scalar("select count(*) from games where status = 'done' and id <> all($1)")
            .bind(&done)
            .fetch_one(&app.pool)
            .await
            .unwrap();

    // Restoring into the source database, which is not empty: refused, nothing changed.
    let users = count(&app.pool, "select count(*) from users").await;
    let out = botarena(&["restore", dump.to_str().unwrap()]).env("DATABASE_URL", &url).output().unwrap();
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("not empty") && stderr.contains("nothing was changed"), "{stderr}");
    assert_eq!(count(&app.pool, "select count(*) from users").await, users);
    // A file that is not a backup: refused before anything is opened.
    let junk = files.path().join("junk.dump");
    std::fs::write(&junk, "not a dump").unwrap();
    let out = botarena(&["restore", junk.to_str().unwrap()]).env("DATABASE_URL", &url).output().unwrap();
    assert!(text(&out).1.contains("not a botarena backup"), "{}", text(&out).1);

    // Into an empty database of a server (DATABASE_URL): everything is there.
    let empty = common::database::empty_pool().await;
    let out = botarena(&["restore", dump.to_str().unwrap()])
        .env("DATABASE_URL", common::database::url_of(&empty))
        .output()
        .unwrap();
    let said = succeeded(out, "restore into DATABASE_URL");
    assert!(said.contains("0 migration(s) applied"), "{said}");
    assert_eq!(contents(&empty, &done).await, before);

    stop_tx.send(true).unwrap();
    for j in judging {
        j.await.unwrap();
    }
    eprintln!("{} game(s) were judged while the backup was taken", judged_since);

    // Into a new data directory: a new cluster, then a server on it.
    let mut target = DataDir::new();
    let data = target.data();
    let out = botarena(&["restore", dump.to_str().unwrap(), "--data-dir", data.to_str().unwrap()])
        .output()
        .unwrap();
    let said = succeeded(out, "restore into a new data directory");
    assert!(
        said.contains("restore: loaded") && said.contains(data.file_name().unwrap().to_str().unwrap()),
        "{said}"
    );
    let again = botarena(&["restore", dump.to_str().unwrap(), "--data-dir", data.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!again.status.success() && text(&again).1.contains("not empty"), "{}", text(&again).1);

    // The server keeps rotating backups there: the old ones (of 2020) make the first one due at
    // start, and only the newest 3 stay.
    let backups = files.path().join("rotating");
    std::fs::create_dir(&backups).unwrap();
    for day in 1..=4 {
        std::fs::write(backups.join(format!("botarena-202001{day:02}T000000Z.dump")), "old").unwrap();
    }
    let log_path = files.path().join("serve.log");
    let server = botarena(&[
        "serve",
        "--data-dir",
        data.to_str().unwrap(),
        "--listen",
        "127.0.0.1:0",
        "--allow-insecure-sandbox",
        "--game-workers",
        "1",
        "--backup-dir",
        backups.to_str().unwrap(),
        "--backup-every",
        "1h",
        "--backup-keep",
        "3",
    ])
    .stdout(Stdio::null())
    .stderr(std::fs::File::create(&log_path).unwrap())
    .spawn()
    .unwrap();
    target.server = Some(server);
    let log = || std::fs::read_to_string(&log_path).unwrap_or_default();
    let addr = wait(
        Duration::from_secs(120),
        || {
            let log = log();
            log.contains("backups: ").then_some(())?;
            let url = log.split_whitespace().find(|w| w.starts_with("http://127.0.0.1:"))?;
            Some(url.trim_start_matches("http://").to_string())
        },
        || format!("serve did not start; it printed:\n{}", log()),
    );

    // Every user, token, submission, game, log and snapshot, as the database held them.
    let cluster = botarena::db::embedded::Cluster::open(&data).unwrap();
    let restored = sqlx::postgres::PgPoolOptions::new()
        .max_connections(2)
        .connect_with(cluster.connect_options())
        .await
        .unwrap();
    assert_eq!(contents(&restored, &done).await[..4], before[..4]);
    assert_eq!(contents(&restored, &done).await[4], before[4], "the games judged before the backup");
    restored.close().await;
    drop(cluster);

    for (id, token) in submissions.iter().zip(&tokens) {
        let (status, body) = get(&addr, &format!("/api/submissions/{id}"), token);
        assert_eq!(status, 200, "{body}");
        // All but `progress`, which moves on as games are judged, on either side.
        let mut original = app.api("GET", &format!("/api/submissions/{id}"), Some(token), None).await.json();
        let mut restored: serde_json::Value = serde_json::from_str(&body).unwrap();
        original.as_object_mut().unwrap().remove("progress");
        restored.as_object_mut().unwrap().remove("progress");
        assert_eq!(restored, original, "submission {id}");
    }
    for game in &done {
        let (status, body) = get(&addr, &format!("/api/games/{game}"), &admin);
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("\"done\""), "{body}");
        let (status, restored_log) = get(&addr, &format!("/api/games/{game}/log"), &admin);
        assert_eq!(status, 200, "{restored_log}");
        let original = app.api("GET", &format!("/api/games/{game}/log"), Some(&admin), None).await;
        assert_eq!(restored_log, original.body, "the log of game {game}");
    }
    let (status, body) = get(&addr, "/api/contests/c4/scoreboard", &admin);
    assert_eq!(status, 200, "{body}");
    for name in names {
        assert!(body.contains(&format!("nick-{name}")), "{name} in the standings: {body}");
    }

    let left = wait(
        Duration::from_secs(60),
        || {
            let names = backups_in(&backups);
            (names.len() == 3 && !names[2].starts_with("botarena-2020") && !names[2].ends_with(".partial"))
                .then_some(names)
        },
        || format!("backups: {:?}\nserve printed:\n{}", backups_in(&backups), log()),
    );
    assert_eq!(left[..2], ["botarena-20200103T000000Z.dump", "botarena-20200104T000000Z.dump"]);
    assert!(std::fs::read(backups.join(&left[2])).unwrap().starts_with(b"PGDMP"), "{}", left[2]);

    let server = target.server.take().unwrap();
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(server.id() as i32), nix::sys::signal::Signal::SIGTERM)
        .unwrap();
    let status = server.wait_with_output().unwrap().status;
    assert!(status.success(), "serve exited with {status}:\n{}", log());
    assert!(!log().contains("backup failed"), "{}", log());
}

#[tokio::test]
async fn a_backup_of_an_older_schema_is_migrated_when_restored() {
    let old = common::database::empty_pool().await;
    let all: Vec<_> = botarena::db::MIGRATOR.iter().cloned().collect();
    let older = sqlx::migrate::Migrator {
        migrations: std::borrow::Cow::Owned(all[..all.len() - 1].to_vec()),
        ..sqlx::migrate::Migrator::DEFAULT
    };
    older.run(&old).await.unwrap();
    let files = tempfile::tempdir().unwrap();
    let dump = files.path().join("old.dump");
    let d = dump.to_str().unwrap();
    succeeded(
        botarena(&["backup", d]).env("DATABASE_URL", common::database::url_of(&old)).output().unwrap(),
        "backup",
    );

    let new = common::database::empty_pool().await;
    let out = botarena(&["restore", d]).env("DATABASE_URL", common::database::url_of(&new)).output().unwrap();
    let said = succeeded(out, "restore");
    assert!(said.contains("1 migration(s) applied since the backup"), "{said}");
    let applied = count(&new, "select count(*) from _sqlx_migrations where success").await;
    assert_eq!(applied as usize, all.len());
}
