//! Hostile bots played with `botarena play` against a house bot, as an attacker would submit
//! them: each must lose by the right forfeit, the match must finish, and afterwards no process
//! of the sandbox users may be left and nothing may leak. Skipped (with the reason printed)
//! where this machine cannot isolate fully (not root, no cgroups).

use botarena::judge::launch::Launcher;
use botarena::judge::sandbox::{self, SandboxConfig, SandboxLauncher};
use serde_json::Value;
use std::process::Command;

/// One match at a time: each `play` leases its own sandbox uids, but their bots are pinned to
/// the same cores and would slow each other into timeouts.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn fully_isolated() -> bool {
    match SandboxLauncher::new(SandboxConfig::default()) {
        Ok(l) if l.fully_isolated() => true,
        Ok(l) => {
            let off: Vec<_> = l.protections().into_iter().filter(|p| !p.on).map(|p| p.name).collect();
            eprintln!("skipped: sandbox protections off on this machine: {off:?}");
            false
        }
        Err(e) => {
            eprintln!("skipped: no sandbox here: {e}");
            false
        }
    }
}

/// Plays `bot` (a file under tests/) against house:random in connect4, both seats.
fn play(bot: &str, memory_mib: u32, log_dir: &std::path::Path) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_botarena"))
        .args(["play", "connect4", bot, "house:random", "--seed", "1", "--set", "move_ms=1500"])
        .args(["--set", &format!("memory_mib={memory_mib}"), "--json", "-", "--log-dir"])
        .arg(log_dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("botarena runs");
    assert!(out.status.success(), "the match must be played: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("a JSON result")
}

/// The `play` process has ended, so its uid range is free again: no process may still run
/// under a uid of a free range (ranges that live instances hold are theirs, not leftovers).
fn assert_no_sandbox_process_left() {
    let left = sandbox::orphaned_sandbox_processes(&SandboxConfig::default().uid_ranges());
    assert!(left.is_empty(), "processes (pid, uid) left behind: {left:?}");
}

/// Each game: bot `a` forfeits with one of `kinds`; bot `b` (the house bot) never forfeits.
fn assert_forfeits(bot: &str, kinds: &[&str]) -> Value {
    assert_forfeits_with(bot, 64, kinds)
}

/// [`assert_forfeits`] with the bots' memory limit `memory_mib`.
fn assert_forfeits_with(bot: &str, memory_mib: u32, kinds: &[&str]) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let result = play(bot, memory_mib, dir.path());
    for g in result["games"].as_array().unwrap() {
        let f = &g["forfeit"];
        assert_eq!(f["bot"], "a", "{bot}: {g}");
        assert!(kinds.contains(&f["kind"].as_str().unwrap()), "{bot}: expected one of {kinds:?}, got {f}");
        assert_eq!(g["winner"], "b");
    }
    assert_no_sandbox_process_left();
    result
}

#[test]
fn hostile_bots_lose_by_the_rule_they_break_and_leave_nothing_running() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    if !fully_isolated() {
        return;
    }
    assert_forfeits("tests/hostile/memory_bomb.c", &["memory_limit"]);
    assert_forfeits("tests/hostile/memory_bomb.py", &["memory_limit"]);
    assert_forfeits("tests/hostile/stdout_flood.c", &["output_limit"]);
    assert_forfeits("tests/hostile/sleeper.c", &["move_timeout"]);
    assert_forfeits("tests/hostile/busy_loop.c", &["move_timeout"]);
    // The pids limit must hold a fork bomb (and the kill must end it) until its time is up. Its 256
    // processes and their failing forks charge kernel memory (stacks, page tables, slab) to the
    // bot's memory cgroup as they go: under 64 MiB, on some kernels, that runs out before the first
    // move's time (a `memory_limit` forfeit, seen with this build and the one before it alike), so
    // here the bomb gets room enough that only the pids limit can be what stops it.
    assert_forfeits_with("tests/hostile/fork_bomb.c", 256, &["move_timeout"]);
    assert_forfeits(
        "tests/hostile/thread_bomb.c",
        &["bad_output", "unexpected_output", "move_timeout", "exited"],
    );
    assert_forfeits("tests/hostile/huge_file.c", &["sandbox_violation"]);
    // The stack may grow until the cgroup's limit (an OOM kill) or hit its rlimit first (SIGSEGV).
    assert_forfeits("tests/hostile/recursion.c", &["memory_limit", "exited"]);
    // Its grandchild calls setsid and keeps running: the sandbox must still end it.
    assert_forfeits("tests/hostile/orphan.c", &["bad_output", "unexpected_output"]);
    assert_forfeits(
        "tests/hostile/kill_everyone.c",
        &["bad_output", "unexpected_output", "exited", "move_timeout"],
    );
}

#[test]
fn a_bot_that_snoops_reads_no_secret_and_still_plays() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    if !fully_isolated() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let result = play("tests/bots/hostile/snoop.c", 64, dir.path());
    for g in result["games"].as_array().unwrap() {
        assert!(g["forfeit"].is_null(), "{g}");
    }
    let log = std::fs::read_to_string(dir.path().join("game-1.log")).unwrap();
    assert!(log.contains("denied /etc/shadow"), "{log}");
    assert!(log.contains("denied /root/.bash_history") || !log.contains("read /root"), "{log}");
    if let Ok(shadow) = std::fs::read_to_string("/etc/shadow") {
        let first = shadow.lines().next().unwrap_or("");
        assert!(first.is_empty() || !log.contains(first), "the real /etc/shadow leaked into the log");
    }
    assert!(!log.contains("DATABASE_URL"), "the judge's environment leaked");
    assert_no_sandbox_process_left();
}
