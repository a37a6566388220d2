//! `botarena worker` as a real process, killed with SIGKILL in the middle of a game: its bots die
//! with it, the game it held is played again by the next worker process once the lease has run
//! out, and every game ends with exactly one result. Told to stop with SIGTERM (a Kubernetes
//! scale-down), it drains: no new claims, and a game still running after `--drain-seconds` goes
//! back to the queue at once, not counted as an attempt.

mod common;

use botarena::db::users::Role;
use common::queues::{compile_all, submit};
use common::*;
use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const SLOW_PY: &str = include_str!("bots/connect4/slow.py");

/// The instance directory (`$TMPDIR/botarena-<pid>-<start time>`) of the process `pid`.
fn scratch_of(pid: u32) -> Option<std::path::PathBuf> {
    let prefix = format!("botarena-{pid}-");
    std::fs::read_dir(std::env::temp_dir())
        .ok()?
        .flatten()
        .find(|e| e.file_name().to_string_lossy().starts_with(&prefix))
        .map(|e| e.path())
}

/// Starts `botarena worker` with one game slot (and `extra` arguments); its output goes to `log`.
fn start_worker(app: &TestApp, log: &Path, extra: &[&str]) -> Child {
    let out = std::fs::File::create(log).unwrap();
    Command::new(env!("CARGO_BIN_EXE_botarena"))
        .args(["worker", "--game-workers", "1", "--compile-workers", "1", "--allow-insecure-sandbox"])
        .args(extra)
        .env("DATABASE_URL", common::database::url_of(&app.pool))
        .env("RUST_LOG", "info")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::null())
        .stderr(out)
        .spawn()
        .expect("start botarena worker")
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.pool).await.unwrap()
}

/// Waits until `sql` counts at least `n`, failing with the worker's log after `limit`.
async fn wait_for(app: &TestApp, sql: &str, n: i64, limit: Duration, log: &Path) {
    let start = Instant::now();
    while count(app, sql).await < n {
        let log = std::fs::read_to_string(log).unwrap_or_default();
        assert!(start.elapsed() < limit, "`{sql}` did not reach {n} within {limit:?}; worker log:\n{log}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A process as `/proc` shows it: pid, parent pid, real uid, name.
struct Proc {
    pid: u32,
    ppid: u32,
    uid: u32,
    name: String,
}

fn processes() -> Vec<Proc> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else { continue };
        let Ok(status) = std::fs::read_to_string(entry.path().join("status")) else { continue };
        let field = |key: &str| {
            status.lines().find_map(|l| l.strip_prefix(key)).and_then(|l| l.split_whitespace().next())
        };
        let (Some(ppid), Some(uid)) = (field("PPid:"), field("Uid:")) else { continue };
        let (Ok(ppid), Ok(uid)) = (ppid.parse(), uid.parse()) else { continue };
        found.push(Proc { pid, ppid, uid, name: field("Name:").unwrap_or("").to_string() });
    }
    found
}

/// The sandbox user ids (61000 and up) that `worker`'s bots run under: those of its descendants.
/// (The tests of this file run side by side, each with its own worker and its own range of uids,
/// so a test looks at its own worker's bots only.)
fn bot_uids_of(worker: u32) -> HashSet<u32> {
    let procs = processes();
    let parent: HashMap<u32, u32> = procs.iter().map(|p| (p.pid, p.ppid)).collect();
    let descends = |mut pid: u32| {
        while let Some(&up) = parent.get(&pid) {
            if up == worker {
                return true;
            }
            pid = up;
        }
        false
    };
    procs.iter().filter(|p| (61000..65000).contains(&p.uid) && descends(p.pid)).map(|p| p.uid).collect()
}

/// Waits (up to 10 s) until `worker`, which is running a game, runs its bots, and returns their uids.
fn wait_for_bots_of(worker: u32) -> HashSet<u32> {
    let start = Instant::now();
    loop {
        let uids = bot_uids_of(worker);
        if !uids.is_empty() {
            return uids;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "worker {worker} runs no bot under a sandbox uid");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Waits (up to 10 s) until no process runs under any of `uids`.
fn wait_until_no_bot_is_left(uids: &HashSet<u32>) {
    let start = Instant::now();
    let left = || -> Vec<String> {
        processes()
            .iter()
            .filter(|p| uids.contains(&p.uid))
            .map(|p| format!("{}: {}", p.pid, p.name))
            .collect()
    };
    while !left().is_empty() {
        assert!(start.elapsed() < Duration::from_secs(10), "left running: {:?}", left());
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A connect4 contest (with `extra` settings) with two slow Python bots submitted: two games of a
/// few seconds once compiled.
async fn slow_match(extra: &[&str]) -> TestApp {
    let app = setup().await;
    let mut settings = vec!["submit_interval_s=0", "move_ms=2000", "games=2"];
    settings.extend(extra);
    app.contest("c4", &settings).await;
    for name in ["ada", "bob"] {
        let id = app.user(name, Role::Student).await;
        let token = app.token(id).await;
        submit(&app, "c4", &token, "python", SLOW_PY).await;
    }
    app
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_process_killed_mid_game_leaves_the_game_to_the_next_worker_and_it_counts_once() {
    let app = slow_match(&[]).await;
    let logs = tempfile::tempdir().unwrap();
    let (first_log, second_log) = (logs.path().join("first.log"), logs.path().join("second.log"));

    // Compiling both bots schedules their match; what the compiles cost is charged already.
    compile_all(&app).await;
    let usage = "select coalesce(sum(used_ms), 0)::bigint from compute_usage";
    let compiled = count(&app, usage).await;
    assert_eq!(count(&app, "select count(*) from games where status = 'queued'").await, 2);

    let mut first = start_worker(&app, &first_log, &[]);
    let running = "select count(*) from games where status = 'running'";
    wait_for(&app, running, 1, Duration::from_secs(60), &first_log).await;
    tokio::time::sleep(Duration::from_millis(700)).await;
    let (killed_game, killed_by): (i64, String) = sqlx::query_as(
        "select g.id, j.locked_by from games g join jobs j on j.game_id = g.id where g.status = 'running'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    // The game's bots run under the sandbox's user ids.
    let bots = wait_for_bots_of(first.id());
    let first_pid = first.id();
    first.kill().unwrap();
    first.wait().unwrap();
    // Its scratch is left behind: its instance directory, with its bots' directories in it.
    let dead_scratch = scratch_of(first_pid).expect("the killed worker's instance directory");
    let names: Vec<String> = std::fs::read_dir(&dead_scratch)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    assert!(names.iter().any(|n| n.starts_with("bot-")), "{}: {names:?}", dead_scratch.display());
    // A live instance's (this test process's, its lock held) must survive the next start.
    let live_scratch = botarena::scratch::dir("live-").unwrap();
    std::fs::write(live_scratch.path().join("kept"), "x").unwrap();

    // Its bots die with it (PR_SET_PDEATHSIG down the sandbox's process tree).
    wait_until_no_bot_is_left(&bots);
    // Nothing is written for the game it held, which stays claimed until its lease runs out;
    // instead of waiting the 60 s lease, the test lets it run out now.
    assert_eq!(
        count(&app, "select count(*) from games where result is not null and status <> 'done'").await,
        0
    );
    sqlx::query("update jobs set lease_until = now() - interval '1 second' where game_id = $1")
        .bind(killed_game)
        .execute(&app.pool)
        .await
        .unwrap();

    let mut second = start_worker(&app, &second_log, &[]);
    wait_for(
        &app,
        "select count(*) from games where status = 'done'",
        2,
        Duration::from_secs(120),
        &second_log,
    )
    .await;
    assert!(!dead_scratch.exists(), "the next worker removed the dead one's scratch");
    assert!(live_scratch.path().join("kept").exists(), "a live instance's scratch is left alone");
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(second.id() as i32), nix::sys::signal::Signal::SIGTERM)
        .unwrap();
    second.wait().unwrap();

    // Every game has exactly one result; the killed one was claimed twice, by two workers.
    assert_eq!(count(&app, "select count(*) from games").await, 2);
    assert_eq!(
        count(&app, "select count(*) from games where status = 'done' and result is not null").await,
        2
    );
    let (attempts,): (i32,) = sqlx::query_as("select attempts from jobs where game_id = $1")
        .bind(killed_game)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(attempts, 2, "the killed game is played again");
    let workers: Vec<String> =
        sqlx::query_scalar("select id from workers").fetch_all(&app.pool).await.unwrap();
    assert!(workers.contains(&killed_by), "{workers:?}");
    assert_eq!(workers.len(), 2, "{workers:?}");
    // The match is closed with its points, and each game's thinking time is charged once.
    assert_eq!(
        count(&app, "select count(*) from matches where status = 'done' and points_a is not null").await,
        1
    );
    let thought = count(&app, "select coalesce(sum(think_ms_a + think_ms_b), 0)::bigint from games").await;
    assert!(thought > 0);
    assert_eq!(count(&app, usage).await, compiled + thought, "usage = compiles + each game's thinking, once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_told_to_stop_gives_its_running_game_back_after_the_drain_time() {
    // Ten in a row on 9 x 9: nobody wins, so each game is 81 slow moves (over 6 s), whatever the
    // random bots play.
    let app = slow_match(&["connect=10"]).await;
    compile_all(&app).await;
    let logs = tempfile::tempdir().unwrap();
    let log = logs.path().join("worker.log");
    let mut worker = start_worker(&app, &log, &["--drain-seconds", "1"]);
    let running = "select count(*) from games where status = 'running'";
    wait_for(&app, running, 1, Duration::from_secs(60), &log).await;
    let game: i64 = sqlx::query_scalar("select id from games where status = 'running'")
        .fetch_one(&app.pool)
        .await
        .unwrap();

    // A slow game lasts several seconds; the drain gives it one, then the worker exits.
    let bots = wait_for_bots_of(worker.id());
    let stopped = Instant::now();
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(worker.id() as i32), nix::sys::signal::Signal::SIGTERM)
        .unwrap();
    let status = worker.wait().unwrap();
    let took = stopped.elapsed();
    let log_text = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(status.success(), "{status:?}; log:\n{log_text}");
    assert!(took < Duration::from_secs(5), "stopped after {took:?}; log:\n{log_text}");
    assert!(took >= Duration::from_secs(1), "the running game was not given its drain time");

    // The game is back in the queue, free for the next worker, its claim not counted; nobody
    // claimed the other game meanwhile; the bots are gone.
    let (status, locked_by, attempts): (String, Option<String>, i32) = sqlx::query_as(
        "select g.status::text, j.locked_by, j.attempts from games g join jobs j on j.game_id = g.id where g.id = $1",
    )
    .bind(game)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!((status.as_str(), locked_by, attempts), ("queued", None, 0), "log:\n{log_text}");
    assert_eq!(count(&app, "select count(*) from jobs where kind = 'game' and attempts > 0").await, 0);
    wait_until_no_bot_is_left(&bots);

    // The next worker plays it to the end.
    let mut next = start_worker(&app, &log, &[]);
    wait_for(&app, "select count(*) from games where status = 'done'", 2, Duration::from_secs(120), &log)
        .await;
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(next.id() as i32), nix::sys::signal::Signal::SIGTERM)
        .unwrap();
    next.wait().unwrap();
}
