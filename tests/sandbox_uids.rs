//! Two botarena processes on one host never share sandbox uids: each leases a range by a lock
//! the kernel drops when the process dies. Real processes: the test binary re-executes itself
//! to hold a lease in another process, and runs the real `botarena sandbox check` beside a
//! live bot of its own.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use botarena::judge::launch::{LaunchSpec, Launcher};
use botarena::judge::sandbox::uids::UidRanges;
use botarena::judge::sandbox::{processes_of_user, SandboxConfig, SandboxLauncher};

/// Set in the re-executed copy of this test binary: the lock directory it leases from.
const CHILD_ENV: &str = "BOTARENA_TEST_UID_LEASE_DIR";

fn ranges(lock_dir: &Path) -> UidRanges {
    UidRanges { base: 70000, size: 16, count: 4, lock_dir: lock_dir.to_path_buf() }
}

/// Starts this test binary again, running only `test`, as a process that takes its lease from
/// `lock_dir`, prints `leased uid range <index>` and waits to be killed. Returns it and the index.
fn child_holding_a_lease(test: &str, lock_dir: &Path) -> (Child, u32) {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([test, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, lock_dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            // The harness may have begun the line with the test's name.
            if let Some((_, index)) = line.split_once("leased uid range ") {
                let _ = tx.send(index.trim().parse::<u32>().unwrap());
            }
        }
    });
    let index = rx.recv_timeout(Duration::from_secs(60)).expect("the child prints its lease within a minute");
    (child, index)
}

/// The child's side: take this process's lease and hold it until killed (or stdin closes).
fn run_as_child(lock_dir: &str) {
    let lease = ranges(Path::new(lock_dir)).process_lease().expect("a free range");
    let mut out = std::io::stdout().lock();
    writeln!(out, "\nleased uid range {}", lease.index).and_then(|()| out.flush()).unwrap();
    drop(out);
    let mut rest = Vec::new();
    let _ = std::io::stdin().read_to_end(&mut rest);
    std::process::exit(0);
}

#[test]
fn two_processes_lease_different_uid_ranges_and_a_killed_process_frees_its_own() {
    if let Ok(dir) = std::env::var(CHILD_ENV) {
        run_as_child(&dir);
    }
    let tmp = tempfile::tempdir().unwrap();
    let r = ranges(tmp.path());
    let test = "two_processes_lease_different_uid_ranges_and_a_killed_process_frees_its_own";

    let mine = r.process_lease().unwrap();
    let (mut first, a) = child_holding_a_lease(test, tmp.path());
    let (mut second, b) = child_holding_a_lease(test, tmp.path());
    assert!(mine.index != a && mine.index != b && a != b, "ranges {} / {a} / {b}", mine.index);
    assert!(r.is_held(a).unwrap() && r.is_held(b).unwrap());

    // SIGKILL: no cleanup runs, the kernel alone releases the lock.
    first.kill().unwrap();
    first.wait().unwrap();
    assert!(!r.is_held(a).unwrap(), "range {a} is still held after its process died");
    assert!(r.is_held(b).unwrap(), "the other process's range stays held");
    let (mut third, c) = child_holding_a_lease(test, tmp.path());
    assert_eq!(c, a, "the freed range is the lowest free one and is taken again");

    // With all four ranges held (this process, `second`, `third`, one more), a fifth process
    // is refused with a message that says why.
    let (mut fourth, _) = child_holding_a_lease(test, tmp.path());
    let out = Command::new(std::env::current_exe().unwrap())
        .args([test, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, tmp.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{text}");
    assert!(text.contains("all 4 sandbox uid ranges (uids 70000–70063) are in use"), "{text}");
    for child in [&mut second, &mut third, &mut fourth] {
        child.kill().unwrap();
        child.wait().unwrap();
    }
}

fn full_isolation() -> Option<SandboxLauncher> {
    let config =
        SandboxConfig { helper: PathBuf::from(env!("CARGO_BIN_EXE_botarena")), ..Default::default() };
    match SandboxLauncher::new(config) {
        Ok(l) if l.fully_isolated() => Some(l),
        Ok(_) => {
            eprintln!("skipping: this machine cannot give the sandbox's full isolation");
            None
        }
        Err(e) => {
            eprintln!("skipping: no sandbox here: {e}");
            None
        }
    }
}

#[test]
fn sandbox_check_uses_uids_of_its_own_and_leaves_another_instances_bot_alone() {
    let Some(launcher) = full_isolation() else { return };
    let lease = launcher.uid_lease().expect("root leases a range");
    let dir = tempfile::tempdir().unwrap();
    let work = dir.path().join("w");
    std::fs::create_dir(&work).unwrap();
    let spec = LaunchSpec {
        program: PathBuf::from("/bin/sleep"),
        args: vec!["300".into()],
        workdir: work,
        memory_mib: 64,
        max_processes: 8,
        max_file_bytes: 1 << 20,
        slot: 0,
        ..Default::default()
    };
    let launched = launcher.launch(&spec).unwrap();
    let mut bot = launched.process;
    let uid = launcher.uid_for_slot(0);
    let deadline = Instant::now() + Duration::from_secs(10);
    while processes_of_user(uid).is_empty() {
        assert!(Instant::now() < deadline, "the bot never ran as uid {uid}");
        std::thread::sleep(Duration::from_millis(10));
    }

    let out = Command::new(env!("CARGO_BIN_EXE_botarena")).args(["sandbox", "check"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    let line = |name: &str| text.lines().find(|l| l.contains(name)).unwrap_or_default().to_string();
    let user = line("separate user per slot");
    let first: u32 = user
        .split("uids ")
        .nth(1)
        .and_then(|s| s.split('–').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no uid range in {user:?}"));
    assert!(
        first > lease.last() || first + lease.size <= lease.first,
        "check used uids from {first}, inside this process's range {}–{}",
        lease.first,
        lease.last()
    );
    assert!(line("whole-tree kill").starts_with("on "), "{text}");

    // Our bot is still running: check neither counted it as its own nor killed it.
    assert!(!processes_of_user(uid).is_empty(), "sandbox check killed another instance's bot");
    bot.kill_tree().unwrap();
    assert!(processes_of_user(uid).is_empty());
}

#[test]
fn a_range_whose_uids_run_processes_without_holding_its_lock_is_not_leased() {
    use std::os::unix::process::CommandExt;
    if !nix::unistd::Uid::effective().is_root() {
        eprintln!("skipping: starting a process under another uid needs root");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    // A base of its own: the other tests of this binary must not see this process.
    let r = UidRanges { base: 80000, size: 16, count: 2, lock_dir: tmp.path().to_path_buf() };
    // What an older botarena (which takes no lock) or a leftover bot looks like.
    let mut squatter = Command::new("/bin/sleep").arg("60").uid(80003).gid(80003).spawn().unwrap();
    let lease = r.lease().unwrap();
    assert_eq!(lease.index, 1, "range 0 has a process running as uid 80003");
    let err = r.lease().unwrap_err().to_string();
    assert!(
        err.contains(&format!("{} (running as a uid of the range, without its lock)", squatter.id())),
        "{err}"
    );
    squatter.kill().unwrap();
    squatter.wait().unwrap();
    assert_eq!(r.lease().unwrap().index, 0);
}
