//! Hostile programs (tests/hostile/) run through the sandbox launcher. Each test asserts the
//! outcome and that nothing is left behind: no process of the bot's user, no file outside the
//! sandbox, no secret in the output. Skipped, with the reason printed, where this machine cannot
//! give full isolation (not root, no namespaces or cgroups).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use botarena::judge::launch::{ExitInfo, LaunchSpec, Launcher};
use botarena::judge::sandbox::{processes_of_user, SandboxConfig, SandboxLauncher};

const SIGKILL: i32 = 9;
const SIGSEGV: i32 = 11;
const SIGXCPU: i32 = 24;
const SIGXFSZ: i32 = 25;

fn launcher() -> Option<&'static SandboxLauncher> {
    static LAUNCHER: OnceLock<Result<SandboxLauncher, String>> = OnceLock::new();
    let built = LAUNCHER.get_or_init(|| {
        let config = SandboxConfig {
            helper: PathBuf::from(env!("CARGO_BIN_EXE_botarena")),
            // One user per test (slots 0..30 of worker 0, in the uid range this process
            // leases), so "no process of this user is left" means exactly this test's bot.
            slots_per_worker: 1000,
            tmp_mib: 16,
            ..Default::default()
        };
        let launcher = SandboxLauncher::new(config).map_err(|e| e.to_string())?;
        let off: Vec<String> = launcher
            .protections()
            .into_iter()
            .filter(|p| !p.on)
            .map(|p| format!("{}: {}", p.name, p.note))
            .collect();
        if off.is_empty() {
            Ok(launcher)
        } else {
            Err(format!("protections off: {}", off.join("; ")))
        }
    });
    match built {
        Ok(l) => Some(l),
        Err(why) => {
            eprintln!("skipping sandbox test: {why}");
            None
        }
    }
}

fn hostile(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile").join(name)
}

/// A submission directory (readable by others, as the judge makes them) inside a temp dir.
fn submission_dir() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("submission");
    std::fs::create_dir(&dir).unwrap();
    (tmp, dir)
}

/// Compiles a C program from tests/hostile/ on the host into a fresh submission directory.
fn compile_c(name: &str) -> (tempfile::TempDir, PathBuf) {
    let (tmp, dir) = submission_dir();
    let out = Command::new("cc")
        .args(["-O1", "-pthread", "-o"])
        .arg(dir.join("bot"))
        .arg(hostile(name))
        .output()
        .expect("cc runs");
    assert!(out.status.success(), "cc {name}: {}", String::from_utf8_lossy(&out.stderr));
    (tmp, dir)
}

fn spec(workdir: &Path, program: PathBuf, args: &[&str], slot: usize) -> LaunchSpec {
    LaunchSpec {
        program,
        args: args.iter().map(|s| s.to_string()).collect(),
        env: vec![("PATH".into(), "/usr/bin:/bin".into()), ("HOME".into(), "/home/bot".into())],
        workdir: workdir.to_path_buf(),
        memory_mib: 64,
        max_processes: 32,
        max_file_bytes: 1 << 20,
        cpu: Some(0),
        cpu_time_limit: Some(Duration::from_secs(5)),
        slot,
        ..Default::default()
    }
}

struct Run {
    exit: ExitInfo,
    stdout: String,
    stderr: String,
    stdout_bytes: u64,
    stderr_bytes: u64,
}

/// Reads everything, keeping the first 64 KiB.
fn drain(mut r: impl Read + Send + 'static) -> std::thread::JoinHandle<(String, u64)> {
    std::thread::spawn(move || {
        let (mut kept, mut total, mut buf) = (Vec::new(), 0u64, vec![0u8; 65536]);
        while let Ok(n) = r.read(&mut buf) {
            if n == 0 {
                break;
            }
            total += n as u64;
            if kept.len() < 65536 {
                kept.extend_from_slice(&buf[..n.min(65536 - kept.len())]);
            }
        }
        (String::from_utf8_lossy(&kept).into_owned(), total)
    })
}

/// Runs `spec` for at most `limit`, then kills its tree; checks nothing of its user is left.
fn run(launcher: &SandboxLauncher, spec: &LaunchSpec, limit: Duration) -> Run {
    let launched = launcher.launch(spec).expect("launch");
    drop(launched.stdin);
    let out = drain(launched.stdout);
    let err = drain(launched.stderr);
    let mut process = launched.process;
    let exit = match process.wait_timeout(limit).expect("wait") {
        Some(exit) => exit,
        None => process.kill_tree().expect("kill_tree"),
    };
    assert_eq!(
        process.kill_tree().expect("kill_tree again"),
        exit,
        "kill_tree after the end reports the same exit"
    );
    let (stdout, stdout_bytes) = out.join().unwrap();
    let (stderr, stderr_bytes) = err.join().unwrap();
    eprintln!(
        "{}: {}\nstdout: {}\nstderr: {}",
        spec.program.display(),
        exit.describe(),
        short(&stdout),
        short(&stderr)
    );
    assert_no_process_left(launcher, spec.slot);
    Run { exit, stdout, stderr, stdout_bytes, stderr_bytes }
}

fn short(s: &str) -> &str {
    &s[..s.char_indices().nth(600).map(|(i, _)| i).unwrap_or(s.len())]
}

fn assert_no_process_left(launcher: &SandboxLauncher, slot: usize) {
    let uid = launcher.uid_for_slot(slot);
    let left = processes_of_user(uid);
    assert!(left.is_empty(), "processes {left:?} of uid {uid} are still running");
}

#[test]
fn a_fork_bomb_is_contained_and_killed_entirely() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = compile_c("fork_bomb.c");
    let r = run(l, &spec(&dir, dir.join("bot"), &[], 1), Duration::from_secs(2));
    assert_eq!(r.exit.signal, Some(SIGKILL));
}

#[test]
fn a_daemonized_grandchild_does_not_outlive_the_bot() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = compile_c("orphan.c");
    let r = run(l, &spec(&dir, dir.join("bot"), &[], 2), Duration::from_secs(20));
    assert_eq!(r.exit.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout.trim(), "parent done");
}

#[test]
fn a_thread_bomb_stops_at_the_process_limit() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = compile_c("thread_bomb.c");
    let s = spec(&dir, dir.join("bot"), &[], 3);
    let r = run(l, &s, Duration::from_secs(3));
    let threads: u64 =
        r.stdout.trim().strip_prefix("threads ").and_then(|n| n.parse().ok()).expect("thread count");
    assert!(threads < s.max_processes, "{threads} threads under a limit of {}", s.max_processes);
}

fn assert_memory_limit(r: &Run) {
    assert!(r.exit.memory_limit_hit, "expected memory_limit_hit: {} / {}", r.exit.describe(), r.stderr);
    assert_eq!(r.exit.signal, Some(SIGKILL));
    let peak = r.exit.peak_memory_kib.expect("peak memory");
    assert!(peak > 32 * 1024, "peak {peak} KiB");
}

#[test]
fn a_c_memory_bomb_hits_the_memory_limit() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = compile_c("memory_bomb.c");
    let r = run(l, &spec(&dir, dir.join("bot"), &[], 4), Duration::from_secs(30));
    assert_memory_limit(&r);
}

#[test]
fn a_python_memory_bomb_hits_the_memory_limit() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = submission_dir();
    std::fs::copy(hostile("memory_bomb.py"), dir.join("bot.py")).unwrap();
    let r = run(l, &spec(&dir, "/usr/bin/python3".into(), &["bot.py"], 5), Duration::from_secs(30));
    assert_memory_limit(&r);
}

#[test]
fn java_starts_under_the_memory_limit_and_a_java_memory_bomb_hits_it() {
    let Some(l) = launcher() else { return };
    let jdk = Path::new("/usr/lib/jvm/java-17-openjdk-amd64");
    if !jdk.join("bin/javac").exists() {
        eprintln!("skipping: no JDK at {}", jdk.display());
        return;
    }
    let (_t, dir) = submission_dir();
    let out = Command::new(jdk.join("bin/javac"))
        .arg("-d")
        .arg(&dir)
        .arg(hostile("MemoryBomb.java"))
        .output()
        .unwrap();
    assert!(out.status.success(), "javac: {}", String::from_utf8_lossy(&out.stderr));
    let java = |args: &[&str]| {
        let mut s = spec(&dir, jdk.join("bin/java"), args, 6);
        s.memory_mib = 256;
        s.max_processes = 64;
        s.readable = vec![PathBuf::from("/usr/lib/jvm")];
        s
    };
    let hello = run(l, &java(&["-cp", ".", "MemoryBomb", "hello"]), Duration::from_secs(60));
    assert_eq!(hello.exit.code, Some(0), "java did not start under 256 MiB: {}", hello.stderr);
    assert_eq!(hello.stdout.trim(), "hello from java");
    let bomb = run(l, &java(&["-cp", ".", "MemoryBomb"]), Duration::from_secs(60));
    assert_memory_limit(&bomb);
}

#[test]
fn deep_recursion_crashes_the_bot_only() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = compile_c("recursion.c");
    let r = run(l, &spec(&dir, dir.join("bot"), &[], 7), Duration::from_secs(30));
    assert!(matches!(r.exit.signal, Some(SIGSEGV) | Some(SIGKILL)), "{}", r.exit.describe());
}

#[test]
fn endless_stdout_and_stderr_are_drained_and_stopped() {
    let Some(l) = launcher() else { return };
    for (i, name) in ["stdout_flood.c", "stderr_flood.c"].into_iter().enumerate() {
        let (_t, dir) = compile_c(name);
        let r = run(l, &spec(&dir, dir.join("bot"), &[], 8 + i), Duration::from_secs(1));
        assert_eq!(r.exit.signal, Some(SIGKILL));
        assert!(
            r.stdout_bytes + r.stderr_bytes > 1 << 20,
            "{name}: only {} bytes",
            r.stdout_bytes + r.stderr_bytes
        );
    }
}

#[test]
fn a_sleeping_bot_is_killed_on_demand() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = compile_c("sleeper.c");
    let r = run(l, &spec(&dir, dir.join("bot"), &[], 10), Duration::from_millis(300));
    assert_eq!(r.exit.signal, Some(SIGKILL));
}

#[test]
fn a_busy_loop_is_stopped_by_the_cpu_time_backstop() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = compile_c("busy_loop.c");
    let mut s = spec(&dir, dir.join("bot"), &[], 11);
    s.cpu_time_limit = Some(Duration::from_secs(1));
    let r = run(l, &s, Duration::from_secs(30));
    assert!(matches!(r.exit.signal, Some(SIGXCPU) | Some(SIGKILL)), "{}", r.exit.describe());
}

#[test]
fn secrets_of_the_host_the_judge_and_other_submissions_are_not_readable() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = compile_c("read_files.c");
    let (_other_tmp, other) = submission_dir();
    std::fs::write(other.join("secret.c"), "other submission's source").unwrap();
    let judge_file = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let targets = [
        "/etc/shadow".to_string(),
        "/proc/1/environ".to_string(),
        "/proc/1/mem".to_string(),
        judge_file.display().to_string(),
        other.join("secret.c").display().to_string(),
        "/root/.bash_history".to_string(),
        format!("/proc/{}/environ", std::process::id()),
    ];
    let args: Vec<&str> = targets.iter().map(|s| s.as_str()).collect();
    let r = run(l, &spec(&dir, dir.join("bot"), &args, 12), Duration::from_secs(20));
    assert_eq!(r.exit.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), targets.len(), "{}", r.stdout);
    for line in r.stdout.lines() {
        assert!(line.starts_with("denied "), "a secret was readable: {line}");
    }
    assert!(!r.stdout.contains("other submission"));
}

#[test]
fn files_written_in_tmp_the_workdir_or_home_do_not_appear_outside() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = compile_c("write_files.c");
    let host_tmp = format!("/tmp/botarena-hostile-{}", std::process::id());
    let in_workdir = dir.join("pwned").display().to_string();
    let r = run(
        l,
        &spec(
            &dir,
            dir.join("bot"),
            &[&host_tmp, &in_workdir, "/home/bot/pwned", "/root/pwned", "/pwned", "/usr/pwned"],
            13,
        ),
        Duration::from_secs(20),
    );
    assert_eq!(r.exit.code, Some(0), "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 6, "{}", r.stdout);
    assert_eq!(lines[0], format!("wrote {host_tmp}"), "the private /tmp is writable");
    for line in &lines[1..] {
        assert!(line.starts_with("denied "), "{line}");
    }
    for path in [host_tmp.as_str(), in_workdir.as_str(), "/root/pwned", "/pwned", "/usr/pwned"] {
        assert!(!Path::new(path).exists(), "{path} appeared on the host");
    }
}

#[test]
fn the_network_is_unreachable_even_on_localhost() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = compile_c("connect.c");
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let local = format!("127.0.0.1:{}", listener.local_addr().unwrap().port());
    let r = run(
        l,
        &spec(&dir, dir.join("bot"), &["127.0.0.1:5432", &local, "1.1.1.1:80"], 14),
        Duration::from_secs(20),
    );
    assert_eq!(r.exit.code, Some(0), "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{}", r.stdout);
    for line in &lines[..3] {
        assert!(line.starts_with("failed "), "{line}");
    }
    assert!(
        lines[3].starts_with("unix failed"),
        "abstract Unix sockets are a channel between bots: {}",
        lines[3]
    );
    assert!(lines[4].starts_with("vsock failed"), "vsock is not confined by namespaces: {}", lines[4]);
}

#[test]
fn kill_minus_one_and_signals_to_the_parent_hurt_nobody_else() {
    let Some(l) = launcher() else { return };
    let (_t1, sleeper) = compile_c("sleeper.c");
    let opponent = l.launch(&spec(&sleeper, sleeper.join("bot"), &[], 15)).unwrap();
    let mut opponent_process = opponent.process;
    let mut host_child = Command::new("sleep").arg("60").spawn().unwrap();

    let (_t2, dir) = compile_c("kill_everyone.c");
    let other = opponent_process.pid().to_string();
    let r = run(l, &spec(&dir, dir.join("bot"), &[&other], 16), Duration::from_secs(20));
    assert!(r.stdout.contains("alive"), "{} / {}", r.stdout, r.stderr);
    for line in r.stdout.lines().filter(|l| *l != "alive" && !l.starts_with("kill-all")) {
        assert!(!line.ends_with(" ok"), "{line}");
    }
    assert!(
        opponent_process.wait_timeout(Duration::from_millis(100)).unwrap().is_none(),
        "the opponent was killed"
    );
    assert!(host_child.try_wait().unwrap().is_none(), "a host process was killed");
    let _ = host_child.kill();
    let _ = host_child.wait();
    opponent_process.kill_tree().unwrap();
    assert_no_process_left(l, 15);
}

#[test]
fn ptrace_of_init_the_opponent_or_itself_is_denied() {
    let Some(l) = launcher() else { return };
    let (_t1, sleeper) = compile_c("sleeper.c");
    let opponent = l.launch(&spec(&sleeper, sleeper.join("bot"), &[], 17)).unwrap();
    let mut opponent_process = opponent.process;
    let (_t2, dir) = compile_c("ptrace.c");
    let other = opponent_process.pid().to_string();
    let r = run(l, &spec(&dir, dir.join("bot"), &[&other], 18), Duration::from_secs(20));
    assert_eq!(r.stdout.lines().count(), 4, "{} / {}", r.stdout, r.stderr);
    for line in r.stdout.lines() {
        assert!(!line.ends_with(" ok"), "{line}");
    }
    assert!(opponent_process.wait_timeout(Duration::from_millis(50)).unwrap().is_none());
    opponent_process.kill_tree().unwrap();
    assert_no_process_left(l, 17);
}

#[test]
fn a_huge_file_write_is_stopped_by_the_file_size_limit() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = compile_c("huge_file.c");
    let r = run(l, &spec(&dir, dir.join("bot"), &[], 19), Duration::from_secs(20));
    assert_eq!(r.exit.signal, Some(SIGXFSZ), "{} {}", r.exit.describe(), r.stderr);
}

#[test]
fn file_descriptors_run_out_at_the_open_files_limit() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = compile_c("fd_exhaust.c");
    let r = run(l, &spec(&dir, dir.join("bot"), &[], 20), Duration::from_secs(20));
    let n: u64 = r.stdout.trim().strip_prefix("opened ").and_then(|n| n.parse().ok()).expect("count");
    assert!(n <= 256, "opened {n} files");
}

/// A compile in the sandbox: the workdir writable, the compiler's own limits.
fn compile_spec(dir: &Path, program: PathBuf, args: &[&str], slot: usize) -> LaunchSpec {
    let mut s = spec(dir, program, args, slot);
    s.workdir_writable = true;
    s.memory_mib = 512;
    s.max_processes = 64;
    s.max_file_bytes = 64 << 20;
    s.cpu_time_limit = Some(Duration::from_secs(20));
    s
}

fn host_shadow_sample() -> Option<String> {
    let text = std::fs::read_to_string("/etc/shadow").ok()?;
    text.lines().find(|l| l.len() > 8).map(|l| l[..l.len().min(40)].to_string())
}

#[test]
fn gcc_cannot_include_the_real_etc_shadow() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = submission_dir();
    std::fs::copy(hostile("include_shadow.c"), dir.join("main.c")).unwrap();
    let r = run(
        l,
        &compile_spec(&dir, "/usr/bin/gcc".into(), &["-o", "bot", "main.c"], 21),
        Duration::from_secs(60),
    );
    assert_ne!(r.exit.code, Some(0));
    assert!(r.stderr.contains("/etc/shadow"), "{}", r.stderr);
    if let Some(sample) = host_shadow_sample() {
        assert!(!r.stderr.contains(&sample), "the compiler showed the host's /etc/shadow");
    }
    let owner = std::os::unix::fs::MetadataExt::uid(&std::fs::metadata(&dir).unwrap());
    assert_eq!(owner, nix::unistd::Uid::effective().as_raw(), "the build dir is given back to the judge");
}

#[test]
fn gcc_compiles_a_program_in_the_sandbox() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = submission_dir();
    std::fs::copy(hostile("fd_exhaust.c"), dir.join("main.c")).unwrap();
    let r = run(
        l,
        &compile_spec(&dir, "/usr/bin/gcc".into(), &["-O1", "-o", "bot", "main.c"], 22),
        Duration::from_secs(60),
    );
    assert_eq!(r.exit.code, Some(0), "{}", r.stderr);
    assert!(dir.join("bot").exists());
}

#[test]
fn gcc_including_dev_zero_or_itself_is_cut_off() {
    let Some(l) = launcher() else { return };
    for (i, name) in ["include_dev_zero.c", "include_self.c"].into_iter().enumerate() {
        let (_t, dir) = submission_dir();
        std::fs::copy(hostile(name), dir.join(name)).unwrap();
        let mut s = compile_spec(&dir, "/usr/bin/gcc".into(), &["-o", "bot", name], 23 + i);
        s.memory_mib = 256;
        let r = run(l, &s, Duration::from_secs(15));
        assert!(!r.exit.success(), "{name} compiled");
        assert!(!dir.join("bot").exists());
    }
}

#[test]
fn rustc_include_str_cannot_read_the_real_etc_shadow() {
    let Some(l) = launcher() else { return };
    let Ok(out) = Command::new("rustc").args(["--print", "sysroot"]).output() else {
        eprintln!("skipping: no rustc");
        return;
    };
    let sysroot = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    let (_t, dir) = submission_dir();
    std::fs::copy(hostile("include_str_shadow.rs"), dir.join("main.rs")).unwrap();
    let mut s =
        compile_spec(&dir, sysroot.join("bin/rustc"), &["--edition", "2021", "-o", "bot", "main.rs"], 25);
    s.readable = vec![sysroot];
    let r = run(l, &s, Duration::from_secs(60));
    assert_ne!(r.exit.code, Some(0));
    assert!(r.stderr.contains("/etc/shadow"), "{}", r.stderr);
    if let Some(sample) = host_shadow_sample() {
        assert!(!r.stderr.contains(&sample));
    }
    assert!(!dir.join("bot").exists());
}

#[test]
fn a_bot_cannot_unpin_itself_from_its_cpu() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = submission_dir();
    std::fs::copy(hostile("undo_affinity.py"), dir.join("bot.py")).unwrap();
    let mut s = spec(&dir, "/usr/bin/python3".into(), &["bot.py"], 26);
    s.cpu = Some(1.min(std::thread::available_parallelism().map(|n| n.get() - 1).unwrap_or(0)));
    let r = run(l, &s, Duration::from_secs(30));
    assert_eq!(r.exit.code, Some(0), "{}", r.stderr);
    let want = format!("allowed [{}]", s.cpu.unwrap());
    assert!(r.stdout.lines().any(|line| line == want), "{}", r.stdout);
}

#[test]
fn template_and_macro_bombs_are_cut_by_the_compile_limits() {
    let Some(l) = launcher() else { return };
    for (i, (compiler, name)) in
        [("/usr/bin/g++", "template_bomb.cpp"), ("/usr/bin/gcc", "macro_bomb.c")].into_iter().enumerate()
    {
        if !Path::new(compiler).exists() {
            eprintln!("skipping {name}: no {compiler}");
            continue;
        }
        let (_t, dir) = submission_dir();
        std::fs::copy(hostile(name), dir.join(name)).unwrap();
        let mut s = compile_spec(&dir, compiler.into(), &["-o", "bot", name], 27 + i);
        s.memory_mib = 256;
        s.cpu_time_limit = Some(Duration::from_secs(10));
        // The judge's wall-clock limit for a compile; whichever limit comes first ends it.
        let r = run(l, &s, Duration::from_secs(15));
        assert!(!r.exit.success(), "{name} compiled");
        assert!(!dir.join("bot").exists());
    }
}

/// House bots are our own binary: `/proc/self/exe` in the spec names it even though the
/// binary's directory is not mounted in the sandbox.
#[test]
fn our_own_binary_runs_in_the_sandbox_as_proc_self_exe() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = submission_dir();
    let r = run(l, &spec(&dir, "/proc/self/exe".into(), &["--version"], 29), Duration::from_secs(20));
    assert_eq!(r.exit.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.starts_with("botarena "), "{}", r.stdout);
}

/// A zygote killed from outside (an operator's `kill`, the OOM killer) is replaced at the
/// launcher's next launch, which runs normally; before, every later start of that launcher
/// failed until the process restarted.
#[test]
fn a_killed_zygote_is_replaced_and_the_next_launch_runs() {
    if launcher().is_none() {
        return;
    }
    // A launcher of its own: killing the shared one's zygote would fail other tests' launches.
    let config = SandboxConfig {
        helper: PathBuf::from(env!("CARGO_BIN_EXE_botarena")),
        slots_per_worker: 1000,
        tmp_mib: 16,
        ..Default::default()
    };
    let l = SandboxLauncher::new(config).expect("a second launcher");
    let (_t, dir) = submission_dir();
    let echo = |slot: usize| {
        run(&l, &spec(&dir, "/bin/echo".into(), &["still", "here"], slot), Duration::from_secs(20))
    };
    let r = echo(40);
    assert_eq!((r.exit.code, r.stdout.as_str()), (Some(0), "still here\n"), "{}", r.stderr);

    for round in 0..2 {
        let old = l.zygote_pid().expect("the launcher has a zygote");
        nix::sys::signal::kill(nix::unistd::Pid::from_raw(old as i32), nix::sys::signal::Signal::SIGKILL)
            .expect("kill the zygote");
        if round == 1 {
            // The second time, launch only once it is reaped (the first launched at once,
            // racing the kill).
            let gone = std::time::Instant::now() + Duration::from_secs(10);
            while Path::new(&format!("/proc/{old}")).exists() && std::time::Instant::now() < gone {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        let r = echo(41 + round);
        assert_eq!((r.exit.code, r.stdout.as_str()), (Some(0), "still here\n"), "{}", r.stderr);
        let new = l.zygote_pid().expect("a zygote again");
        assert_ne!(new, old, "the killed zygote was replaced");
        assert!(Path::new(&format!("/proc/{new}")).exists(), "the new zygote {new} runs");
    }
}

/// Launches of the same slot share one prepared read-only root (built once by the zygote), but
/// what one writes in its /tmp or /dev/shm, or leaves in its workdir's place, is its own: the
/// next launch on that root sees none of it, and cannot write the shared parts.
#[test]
fn launches_sharing_a_prepared_root_see_nothing_of_each_other() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = submission_dir();
    let script = "ls /tmp /dev/shm; echo x > /tmp/mark && echo x > /dev/shm/mark && echo wrote; \
                  for p in /mark /etc/mark /dev/mark /usr/mark; do echo x > $p 2>/dev/null && echo $p; done; \
                  cat /etc/passwd";
    let sh =
        |slot: usize| run(l, &spec(&dir, "/bin/sh".into(), &["-c", script], slot), Duration::from_secs(20));
    for slot in [50, 50, 51] {
        let r = sh(slot);
        assert_eq!(r.exit.code, Some(0), "{}", r.stderr);
        let mut lines = r.stdout.lines();
        let listed: Vec<&str> = lines.by_ref().take_while(|l| *l != "wrote").collect();
        // `ls` of two directories prints their names and a blank line: nothing else.
        assert_eq!(listed, ["/dev/shm:", "", "/tmp:"], "left by an earlier launch: {}", r.stdout);
        let rest: Vec<&str> = lines.collect();
        let uid = l.uid_for_slot(slot);
        assert_eq!(
            rest,
            ["root:x:0:0:root:/:/bin/false", &format!("bot:x:{uid}:{uid}:bot:/tmp:/bin/false")],
            "a shared part was writable, or the user is not the slot's: {}",
            r.stdout
        );
    }
}

/// A workdir outside /tmp is shown at its own path, in a tmpfs of the launch that holds
/// nothing but the path to it (not another launch's workdir), read-only.
#[test]
fn a_workdir_outside_tmp_is_shown_at_its_path_and_alone() {
    let Some(l) = launcher() else { return };
    // Outside /tmp whatever the checkout's path (a clone under /tmp has its target dir there, and
    // the bot's /tmp is its own writable tmpfs).
    let outside = if Path::new(env!("CARGO_TARGET_TMPDIR")).starts_with("/tmp") {
        Path::new("/var/tmp")
    } else {
        Path::new(env!("CARGO_TARGET_TMPDIR"))
    };
    let base = tempfile::tempdir_in(outside).unwrap();
    let (one, two) = (base.path().join("one"), base.path().join("two"));
    for d in [&one, &two] {
        std::fs::create_dir(d).unwrap();
        std::fs::write(d.join("hello"), d.display().to_string()).unwrap();
    }
    std::fs::set_permissions(base.path(), std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let top = Path::new("/").join(base.path().components().nth(1).unwrap());
    for d in [&one, &two] {
        let script = format!(
            "cat hello; echo; ls {}; (echo x > {}/mark) 2>/dev/null && echo wrote; true",
            base.path().display(),
            top.display()
        );
        let r = run(l, &spec(d, "/bin/sh".into(), &["-c", &script], 52), Duration::from_secs(20));
        assert_eq!(r.exit.code, Some(0), "{}", r.stderr);
        let name = d.file_name().unwrap().to_str().unwrap();
        assert_eq!(r.stdout, format!("{}\n{name}\n", d.display()), "{}", r.stderr);
    }
}

/// A readable directory replaced on the host (a toolchain reinstalled) is shown as it is now
/// at the next launch, although launches of one kind share a prepared root and the judge holds
/// an instance made ahead on it for the next launch.
#[test]
fn a_readable_path_replaced_on_the_host_is_shown_new() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = submission_dir();
    // Outside /tmp (a readable path under /tmp would be hidden by the launch's own /tmp).
    let outside = if Path::new(env!("CARGO_TARGET_TMPDIR")).starts_with("/tmp") {
        Path::new("/var/tmp")
    } else {
        Path::new(env!("CARGO_TARGET_TMPDIR"))
    };
    let base = tempfile::tempdir_in(outside).unwrap();
    std::fs::set_permissions(base.path(), std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let tool = base.path().join("tool");
    let install = |version: &str| {
        let fresh = base.path().join(format!("tool-{version}"));
        std::fs::create_dir(&fresh).unwrap();
        std::fs::write(fresh.join("version"), version).unwrap();
        std::fs::set_permissions(&fresh, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
        if tool.exists() {
            std::fs::rename(&tool, base.path().join(format!("old-{version}"))).unwrap();
        }
        std::fs::rename(&fresh, &tool).unwrap();
    };
    let version = || {
        let mut s = spec(&dir, "/bin/cat".into(), &[tool.join("version").to_str().unwrap()], 53);
        s.readable = vec![tool.clone()];
        let r = run(l, &s, Duration::from_secs(20));
        assert_eq!(r.exit.code, Some(0), "{}", r.stderr);
        r.stdout
    };
    install("1");
    // The second and third launches may find an instance held for them.
    for _ in 0..3 {
        assert_eq!(version(), "1");
    }
    install("2");
    for _ in 0..3 {
        assert_eq!(version(), "2", "a launch saw the replaced directory");
    }
}

/// Launches of one kind go to instances made ahead, whose bots joined their cgroups as they were
/// made, with the limits of the launch that asked for them: each launch must still get its own
/// memory limit and CPU, lower or higher than the one before.
#[test]
fn each_launch_gets_its_own_limits_though_its_instance_joined_its_groups_ahead() {
    let Some(l) = launcher() else { return };
    let (_t, dir) = submission_dir();
    let last_cpu = std::thread::available_parallelism().map(|n| n.get() - 1).unwrap_or(0);
    let allocate = "import os; b = bytearray(100 << 20); print('allowed', sorted(os.sched_getaffinity(0)))";
    for (memory_mib, cpu) in [(512, 0), (48, 0), (512, last_cpu), (48, last_cpu), (512, 0)] {
        // Time for the instances asked for when the last launch ended to be delivered.
        std::thread::sleep(Duration::from_millis(300));
        let mut s = spec(&dir, "/usr/bin/python3".into(), &["-c", allocate], 13);
        s.memory_mib = memory_mib;
        s.cpu = Some(cpu);
        let r = run(l, &s, Duration::from_secs(30));
        if memory_mib < 100 {
            assert_memory_limit(&r);
        } else {
            assert_eq!(r.exit.code, Some(0), "{} MiB: {}", memory_mib, r.stderr);
            let want = format!("allowed [{cpu}]");
            assert!(r.stdout.lines().any(|line| line == want), "{}", r.stdout);
        }
    }
}
