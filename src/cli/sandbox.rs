//! `botarena sandbox …`: test the sandbox on this host (`check`), measure its start cost
//! (`bench`), and the hidden `exec` the sandbox launcher re-executes as its helper.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};

use crate::judge::launch::{ExitInfo, LaunchSpec, Launcher};
use crate::judge::sandbox::{self, wire::HelperSpec, SandboxConfig, SandboxLauncher};

/// The flag `serve` and `worker` flatten into their arguments (`#[command(flatten)]`) and pass
/// to [`sandbox::require_full_isolation`].
#[derive(Clone, Debug, Default, Args)]
pub struct IsolationArgs {
    /// Judge even where the sandbox cannot give full isolation (see `botarena sandbox check`):
    /// submissions may then read, write or kill what the missing protections keep from them.
    #[arg(long = "allow-insecure-sandbox")]
    pub allow_insecure_sandbox: bool,
}

#[derive(Debug, Args)]
pub struct SandboxArgs {
    #[command(subcommand)]
    pub command: SandboxCommand,
}

#[derive(Debug, Subcommand)]
pub enum SandboxCommand {
    /// Test every protection on this host by starting probe programs; prints one on/off line
    /// each. Exit code 0 only when all are on.
    Check,
    /// Measure the cost of a sandboxed start of /bin/true against a plain fork/exec.
    Bench {
        /// Number of starts of each kind.
        #[arg(long, default_value_t = 200)]
        runs: u32,
        /// Give each start a new network namespace instead of joining the shared empty one.
        #[arg(long)]
        netns_per_launch: bool,
    },
    /// Internal: the sandbox helper (takes the launch as JSON). Not for humans.
    #[command(hide = true)]
    Exec { spec: String },
    /// Internal: the pre-forked sandbox helper (serves launches on its standard input, a
    /// socket from the judge whose pid it takes). Not for humans.
    #[command(hide = true)]
    Zygote { judge_pid: u32 },
}

pub fn run(args: SandboxArgs) -> anyhow::Result<i32> {
    match args.command {
        SandboxCommand::Exec { spec } => Ok(exec(&spec)),
        SandboxCommand::Zygote { judge_pid } => sandbox::zygote::serve(judge_pid),
        SandboxCommand::Check => check(),
        SandboxCommand::Bench { runs, netns_per_launch } => bench(runs, netns_per_launch),
    }
}

/// `sandbox exec SPEC`: becomes the sandbox helper (it never returns), or returns exit code 2
/// for a spec that is not one.
pub fn exec(spec: &str) -> i32 {
    match serde_json::from_str::<HelperSpec>(spec) {
        Ok(spec) => sandbox::helper::run(spec, None),
        Err(e) => {
            eprintln!("error: bad sandbox spec: {e}");
            2
        }
    }
}

/// A started probe's result: its exit, stdout and stderr.
struct ProbeRun {
    exit: ExitInfo,
    stdout: String,
    stderr: String,
}

fn probe_spec(workdir: &std::path::Path, script: &str) -> LaunchSpec {
    LaunchSpec {
        program: PathBuf::from("/bin/sh"),
        args: vec!["-c".into(), script.into()],
        env: vec![("PATH".into(), "/usr/bin:/bin".into())],
        workdir: workdir.to_path_buf(),
        memory_mib: 64,
        max_processes: 16,
        max_file_bytes: 1 << 20,
        cpu: Some(0),
        cpu_time_limit: Some(Duration::from_secs(5)),
        slot: 0,
        ..Default::default()
    }
}

/// Runs a probe to its end (killing its tree after `limit`), draining both pipes.
fn run_probe(launcher: &dyn Launcher, spec: &LaunchSpec, limit: Duration) -> anyhow::Result<ProbeRun> {
    let launched = launcher.launch(spec)?;
    drop(launched.stdin);
    let mut out = launched.stdout;
    let mut err = launched.stderr;
    let out_t = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_t = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let mut process = launched.process;
    let exit = match process.wait_timeout(limit)? {
        Some(e) => e,
        None => process.kill_tree()?,
    };
    process.kill_tree()?;
    Ok(ProbeRun { exit, stdout: out_t.join().unwrap_or_default(), stderr: err_t.join().unwrap_or_default() })
}

fn check() -> anyhow::Result<i32> {
    let launcher = SandboxLauncher::new(SandboxConfig::default())?;
    let claimed = launcher.protections();
    let dir = crate::scratch::dir("sandbox-")?;
    let work = dir.path().join("work");
    std::fs::create_dir(&work)?;
    let judge_pid = std::process::id();
    let limit = Duration::from_secs(20);
    let mut tested: Vec<(&str, anyhow::Result<()>)> = Vec::new();
    let mut probe =
        |name: &'static str, spec: LaunchSpec, verify: &dyn Fn(&ProbeRun) -> Result<(), String>| {
            let result =
                run_probe(&launcher, &spec, limit).and_then(|r| verify(&r).map_err(|e| anyhow::anyhow!(e)));
            tested.push((name, result));
        };
    let expect_out = |want: &'static str| {
        move |r: &ProbeRun| {
            if r.stdout.trim() == want {
                Ok(())
            } else {
                Err(format!(
                    "printed {:?} (stderr {:?}), expected {want:?}",
                    r.stdout.trim(),
                    r.stderr.trim()
                ))
            }
        }
    };

    probe(
        "pid namespace",
        probe_spec(&work, &format!("test -e /proc/{judge_pid}/status && echo judge-visible || echo $$")),
        &expect_out("2"),
    );
    probe(
        "mount namespace and minimal root",
        probe_spec(
            &work,
            "if test -e /etc/shadow || test -e /root/.cargo || test -e /home; then echo host-visible; \
             elif touch /usr/x 2>/dev/null || touch ./x 2>/dev/null; then echo writable; else echo ok; fi",
        ),
        &expect_out("ok"),
    );
    probe(
        "network namespace",
        probe_spec(&work, "grep -c : /proc/net/dev; cat /proc/net/route | wc -l"),
        &|r: &ProbeRun| {
            // Only `lo` (down) and the header line of the route table.
            let lines: Vec<&str> = r.stdout.split_whitespace().collect();
            if lines.first() == Some(&"1")
                && lines.get(1).is_some_and(|n| n.parse::<u32>().is_ok_and(|n| n <= 1))
            {
                Ok(())
            } else {
                Err(format!("interfaces/routes visible: {:?}", r.stdout))
            }
        },
    );
    probe(
        "ipc and uts namespaces",
        probe_spec(&work, "cat /proc/sys/kernel/hostname"),
        &expect_out("botarena"),
    );
    probe(
        "private /tmp",
        probe_spec(&work, "echo x > /tmp/botarena-check-probe && echo ok"),
        &|r: &ProbeRun| {
            if r.stdout.trim() != "ok" {
                Err(format!("cannot write /tmp: {}", r.stderr.trim()))
            } else if std::path::Path::new("/tmp/botarena-check-probe").exists() {
                let _ = std::fs::remove_file("/tmp/botarena-check-probe");
                Err("the file appeared in the host's /tmp".into())
            } else {
                Ok(())
            }
        },
    );
    let uid = launcher.uid_for_slot(0);
    let judge_uid = nix::unistd::Uid::effective().as_raw();
    probe("separate user per slot", probe_spec(&work, "id -u"), &move |r: &ProbeRun| {
        let got: u32 = r.stdout.trim().parse().map_err(|_| format!("id -u printed {:?}", r.stdout))?;
        if got == 0 || got == judge_uid {
            Err(format!("runs as uid {got}, the judge's"))
        } else if got != uid {
            Err(format!("runs as uid {got}, expected {uid}"))
        } else {
            Ok(())
        }
    });
    probe(
        "no_new_privs",
        probe_spec(&work, "grep NoNewPrivs /proc/self/status | tr -dc 0-9"),
        &expect_out("1"),
    );
    probe(
        "rlimits",
        probe_spec(&work, "grep -E 'Max (file size|open files|core file size|cpu time)' /proc/self/limits"),
        &|r: &ProbeRun| {
            let unlimited =
                r.stdout.lines().filter(|l| l.split_whitespace().nth(3) == Some("unlimited")).count();
            if r.stdout.lines().count() == 4 && unlimited == 0 {
                Ok(())
            } else {
                Err(format!("limits: {}", r.stdout))
            }
        },
    );
    probe(
        "seccomp filter",
        probe_spec(&work, "grep '^Seccomp:' /proc/self/status | tr -dc 0-9"),
        &expect_out("2"),
    );
    probe(
        "memory limit",
        probe_spec(&work, "x=$(head -c 200000000 /dev/zero | tr '\\0' a); echo survived"),
        &|r: &ProbeRun| {
            if r.exit.memory_limit_hit && r.exit.peak_memory_kib.is_some() {
                Ok(())
            } else {
                Err(format!("200 MB under a 64 MiB limit: {} (memory_limit_hit false)", r.exit.describe()))
            }
        },
    );
    probe(
        "process limit",
        probe_spec(&work, "i=0; while [ $i -lt 40 ]; do sleep 2 & i=$((i+1)); done; echo done"),
        &|r: &ProbeRun| {
            if r.stderr.to_lowercase().contains("fork") {
                Ok(())
            } else {
                Err("40 processes started under a limit of 16".into())
            }
        },
    );
    probe(
        "cpu pinning",
        probe_spec(&work, "grep Cpus_allowed_list /proc/self/status | cut -f2"),
        &expect_out("0"),
    );
    let tree = run_whole_tree_probe(&launcher, &work, uid);
    tested.push(("whole-tree kill", tree));

    let mut all_on = true;
    for p in &claimed {
        let test = tested.iter().find(|(n, _)| *n == p.name).map(|(_, r)| r);
        let (on, note) = match (p.on, test) {
            (true, Some(Ok(()))) => (true, p.note.clone()),
            (true, Some(Err(e))) => (false, format!("claimed but the probe failed: {e:#}")),
            (false, _) => (false, p.note.clone()),
            (true, None) => (true, format!("{} (not probed)", p.note)),
        };
        all_on &= on;
        println!("{:<3}  {:<34} {}", if on { "on" } else { "OFF" }, p.name, note);
    }
    Ok(if all_on { 0 } else { 1 })
}

/// A bot that daemonizes (`setsid` + double fork) must still be gone after `kill_tree`.
fn run_whole_tree_probe(launcher: &SandboxLauncher, work: &std::path::Path, uid: u32) -> anyhow::Result<()> {
    let spec = probe_spec(work, "setsid sh -c 'sleep 300 & sleep 300' & sleep 300");
    let launched = launcher.launch(&spec)?;
    let mut process = launched.process;
    std::thread::sleep(Duration::from_millis(300));
    process.kill_tree()?;
    let left = sandbox::processes_of_user(uid);
    anyhow::ensure!(left.is_empty(), "processes {left:?} of the bot's user survived");
    Ok(())
}

fn bench(runs: u32, netns_per_launch: bool) -> anyhow::Result<i32> {
    let network =
        if netns_per_launch { sandbox::NetworkMode::PerLaunch } else { sandbox::NetworkMode::Shared };
    let launcher =
        SandboxLauncher::new(SandboxConfig { trace_phases: true, network, ..SandboxConfig::default() })?;
    let dir = crate::scratch::dir("sandbox-")?;
    let work = dir.path().join("work");
    std::fs::create_dir(&work)?;
    let spec = LaunchSpec {
        program: PathBuf::from("/bin/true"),
        workdir: work,
        memory_mib: 64,
        max_processes: 16,
        max_file_bytes: 1 << 20,
        ..Default::default()
    };
    let mut plain = Vec::new();
    let mut boxed = Vec::new();
    // Time from `launch` to the bot's execve, and to each milestone of the helper.
    let mut execs = Vec::new();
    let mut phases: Vec<(String, Vec<Duration>)> = Vec::new();
    // Interleaved, so both see the same machine load.
    for _ in 0..runs {
        let t = Instant::now();
        let status = Command::new("/bin/true").status()?;
        anyhow::ensure!(status.success(), "/bin/true failed");
        plain.push(t.elapsed());

        let t0 = sandbox::wire::monotonic_ns();
        let t = Instant::now();
        let launched = launcher.launch(&spec)?;
        let started = t.elapsed();
        let mut process = launched.process;
        let exit = process.wait_timeout(Duration::from_secs(10))?;
        process.kill_tree()?;
        boxed.push(t.elapsed());
        execs.push(started);
        let mut err = String::new();
        let mut stderr = launched.stderr;
        stderr.read_to_string(&mut err)?;
        for line in err.lines() {
            let mut words = line.split_whitespace();
            if let (Some("phase"), Some(name), Some(ns)) = (words.next(), words.next(), words.next()) {
                let at =
                    Duration::from_nanos(ns.parse::<i128>().map(|n| (n - t0).max(0) as u64).unwrap_or(0));
                match phases.iter_mut().find(|(n, _)| n == name) {
                    Some((_, v)) => v.push(at),
                    None => phases.push((name.to_string(), vec![at])),
                }
            }
        }
        anyhow::ensure!(exit.is_some_and(|e| e.success()), "sandboxed /bin/true failed");
    }
    let median = |v: &mut Vec<Duration>| {
        v.sort();
        v[v.len() / 2]
    };
    let mean = |v: &Vec<Duration>| v.iter().sum::<Duration>() / v.len() as u32;
    let (pm, bm) = (mean(&plain), mean(&boxed));
    let (pmed, bmed) = (median(&mut plain), median(&mut boxed));
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "runs: {runs} each, interleaved; start to reaped exit of /bin/true; network namespace: {}",
        if netns_per_launch { "new per launch" } else { "shared, prepared once" }
    )?;
    writeln!(out, "plain fork/exec: median {:.3} ms, mean {:.3} ms", ms(pmed), ms(pm))?;
    writeln!(out, "sandboxed:       median {:.3} ms, mean {:.3} ms", ms(bmed), ms(bm))?;
    writeln!(out, "  launch() returned (bot exec'd): median {:.3} ms", ms(median(&mut execs)))?;
    for (name, at) in &mut phases {
        writeln!(out, "    {name:<16} at median {:.3} ms", ms(median(at)))?;
    }
    writeln!(out, "ratio (median):  {:.1}x", ms(bmed) / ms(pmed))?;
    let off: Vec<&str> = launcher.protections().iter().filter(|p| !p.on).map(|p| p.name).collect();
    if !off.is_empty() {
        writeln!(out, "note: protections off on this host: {}", off.join(", "))?;
    }
    Ok(0)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
