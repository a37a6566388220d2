//! The plain launcher: a bot runs as a child of the judge, in its own process group, under
//! resource limits set between `fork` and `exec`. It is what `botarena play` uses on a machine
//! without the sandbox's privileges; the sandbox (namespaces, cgroups, seccomp) implements the
//! same [`Launcher`] trait and makes the memory accounting exact.
//!
//! Limits applied to the child:
//! - `RLIMIT_AS` = the memory limit plus [`AS_MARGIN_MIB`] (address space, not resident memory:
//!   runtimes map more than they touch, so the margin keeps ordinary bots clear of it);
//! - `RLIMIT_CORE` = 0, `RLIMIT_FSIZE` = `max_file_bytes` (when non-zero), `RLIMIT_CPU` =
//!   `cpu_time_limit` (a backstop; the referee's wall clock decides timeouts);
//! - CPU affinity to `spec.cpu`; `RLIMIT_NPROC` is *not* set, because it counts every process
//!   of the (shared) user id, the judge's included;
//! - the environment is cleared, then `PATH` (a default unless `spec.env` sets it) and
//!   `spec.env`.
//!
//! # Memory limit detection
//! Under `RLIMIT_AS` an allocation fails instead of the process being killed, so "went over
//! the memory limit" has to be inferred. [`ExitInfo::memory_limit_hit`] is set when the process
//! ended abnormally (a signal, or a non-zero exit code) and its peak resident memory
//! (`ru_maxrss` from `wait4`) reached 90 % of the limit. The bot layer adds a second rule: an
//! abnormal end whose standard error shows an out-of-memory message of a common runtime
//! (`MemoryError`, `std::bad_alloc`, `OutOfMemoryError`, ...), see
//! [`crate::judge::bot::looks_like_out_of_memory`]. A program that asks for one huge block,
//! gets `NULL` and crashes with little resident memory is reported as `exited`.

use super::launch::{ExitInfo, LaunchSpec, Launched, Launcher, Process, Protection};
use nix::sys::resource::{setrlimit, Resource, RLIM_INFINITY};
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use std::io;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Address space granted above the memory limit, for mappings a runtime reserves but does not
/// use (shared libraries, thread stacks, allocator arenas).
pub const AS_MARGIN_MIB: u64 = 32;

/// `PATH` given to a bot when its spec does not set one.
pub const DEFAULT_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// Starts processes with rlimits, a process group of their own and CPU pinning.
#[derive(Clone, Debug, Default)]
pub struct PlainLauncher;

impl PlainLauncher {
    pub fn new() -> PlainLauncher {
        PlainLauncher
    }
}

impl Launcher for PlainLauncher {
    fn launch(&self, spec: &LaunchSpec) -> io::Result<Launched> {
        let mut cmd = Command::new(&spec.program);
        cmd.args(&spec.args)
            .env_clear()
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        if !spec.env.iter().any(|(k, _)| k == "PATH") {
            cmd.env("PATH", DEFAULT_PATH);
        }
        cmd.envs(spec.env.iter().map(|(k, v)| (k, v)));
        if !spec.workdir.as_os_str().is_empty() {
            cmd.current_dir(&spec.workdir);
        }

        // Everything the child needs is computed here, before the fork: the closure below runs
        // between fork and exec and must not allocate.
        let limits = ChildLimits::from_spec(spec);
        #[allow(unsafe_code)]
        // SAFETY: the closure runs in the forked child before exec. It only calls `setrlimit`
        // and `sched_setaffinity` (async-signal-safe system calls) on values computed before
        // the fork; it does not allocate, lock, or touch state shared with other threads.
        unsafe {
            cmd.pre_exec(move || limits.apply());
        }

        let mut child = cmd.spawn()?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");
        let process = PlainProcess {
            pid: Pid::from_raw(child.id() as i32),
            exit: None,
            limit_kib: spec.memory_mib.saturating_mul(1024),
        };
        // `child` is dropped without waiting: `PlainProcess` reaps the pid itself with `wait4`.
        drop(child);
        Ok(Launched { stdin, stdout, stderr, process: Box::new(process) })
    }

    fn protections(&self) -> Vec<Protection> {
        let p = |name, on, note: &str| Protection { name, on, note: note.to_string() };
        vec![
            p("memory limit", true, "RLIMIT_AS (address space) plus a margin; inferred, not exact"),
            p("cpu pinning", true, "sched_setaffinity to the bot's core"),
            p("process tree kill", true, "own process group, killed with SIGKILL; setsid escapes it"),
            p("cpu time backstop", true, "RLIMIT_CPU"),
            p("file size", true, "RLIMIT_FSIZE; no core dumps"),
            p("file system isolation", false, "the bot sees the files of the judge's user"),
            p("network isolation", false, "the bot can use the network"),
            p("process count", false, "RLIMIT_NPROC is per user and would count the judge"),
        ]
    }
}

/// The limits of one child, as plain numbers ready for `pre_exec`.
#[derive(Clone, Copy, Debug)]
struct ChildLimits {
    address_space: Option<u64>,
    file_size: Option<u64>,
    cpu_seconds: Option<u64>,
    cpu: Option<usize>,
    /// The open-files limits the judge started with (it raises its own).
    open_files: Option<(u64, u64)>,
}

impl ChildLimits {
    fn from_spec(spec: &LaunchSpec) -> ChildLimits {
        ChildLimits {
            address_space: (spec.memory_mib > 0 && !spec.unlimited_address_space)
                .then(|| (spec.memory_mib + AS_MARGIN_MIB).saturating_mul(1024 * 1024)),
            file_size: (spec.max_file_bytes > 0).then_some(spec.max_file_bytes),
            cpu_seconds: spec.cpu_time_limit.map(|d| d.as_secs_f64().ceil().max(1.0) as u64),
            cpu: spec.cpu,
            open_files: super::launch::started_with_open_files(),
        }
    }

    /// Runs in the child between fork and exec.
    fn apply(&self) -> io::Result<()> {
        setrlimit(Resource::RLIMIT_CORE, 0, 0)?;
        if let Some((soft, hard)) = self.open_files {
            setrlimit(Resource::RLIMIT_NOFILE, soft, hard)?;
        }
        if let Some(bytes) = self.address_space {
            setrlimit(Resource::RLIMIT_AS, bytes, bytes)?;
        }
        if let Some(bytes) = self.file_size {
            setrlimit(Resource::RLIMIT_FSIZE, bytes, bytes)?;
        }
        if let Some(secs) = self.cpu_seconds {
            // SIGXCPU at the soft limit, SIGKILL one second later.
            setrlimit(Resource::RLIMIT_CPU, secs, secs + 1)?;
        } else {
            let _ = setrlimit(Resource::RLIMIT_CPU, RLIM_INFINITY, RLIM_INFINITY);
        }
        if let Some(core) = self.cpu {
            let mut set = nix::sched::CpuSet::new();
            // Pinning is best effort: a core the machine lacks leaves the affinity as it was.
            if set.set(core).is_ok() {
                let _ = nix::sched::sched_setaffinity(Pid::from_raw(0), &set);
            }
        }
        Ok(())
    }
}

/// A child started by [`PlainLauncher`], reaped with `wait4` for its resource usage.
struct PlainProcess {
    pid: Pid,
    exit: Option<ExitInfo>,
    limit_kib: u64,
}

impl PlainProcess {
    /// One `wait4` call; `Ok(None)` while the child runs (with `WNOHANG`).
    fn reap(&mut self, block: bool) -> io::Result<Option<ExitInfo>> {
        if let Some(exit) = &self.exit {
            return Ok(Some(exit.clone()));
        }
        let mut status: libc::c_int = 0;
        let flags = if block { 0 } else { libc::WNOHANG };
        let (ret, usage) = loop {
            #[allow(unsafe_code)]
            // SAFETY: `status` and `usage` are valid, writable locals of the types `wait4`
            // expects; `rusage` is plain data, so an all-zero value is a valid one.
            let (ret, usage) = unsafe {
                let mut usage: libc::rusage = std::mem::zeroed();
                let ret = libc::wait4(self.pid.as_raw(), &mut status, flags, &mut usage);
                (ret, usage)
            };
            if ret == -1 && io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
                continue;
            }
            break (ret, usage);
        };
        if ret == -1 {
            return Err(io::Error::last_os_error());
        }
        if ret == 0 {
            return Ok(None);
        }
        let peak = u64::try_from(usage.ru_maxrss).ok();
        let (code, signal) = if libc::WIFEXITED(status) {
            (Some(libc::WEXITSTATUS(status)), None)
        } else if libc::WIFSIGNALED(status) {
            (None, Some(libc::WTERMSIG(status)))
        } else {
            (None, None)
        };
        let abnormal = code != Some(0);
        let memory_limit_hit =
            abnormal && self.limit_kib > 0 && peak.is_some_and(|p| p * 10 >= self.limit_kib * 9);
        let exit = ExitInfo { code, signal, memory_limit_hit, peak_memory_kib: peak };
        self.exit = Some(exit.clone());
        Ok(Some(exit))
    }
}

impl Process for PlainProcess {
    fn pid(&self) -> u32 {
        self.pid.as_raw() as u32
    }

    fn wait_timeout(&mut self, timeout: Duration) -> io::Result<Option<ExitInfo>> {
        let deadline = Instant::now() + timeout;
        let mut nap = Duration::from_millis(1);
        loop {
            if let Some(exit) = self.reap(false)? {
                return Ok(Some(exit));
            }
            let now = Instant::now();
            if now >= deadline {
                return Ok(None);
            }
            std::thread::sleep(nap.min(deadline - now));
            nap = (nap * 2).min(Duration::from_millis(10));
        }
    }

    fn kill_tree(&mut self) -> io::Result<ExitInfo> {
        // The group outlives its leader while other members remain, so kill it even when the
        // leader has already been reaped. ESRCH just means nobody is left.
        let _ = killpg(self.pid, Signal::SIGKILL);
        match self.reap(true)? {
            Some(exit) => Ok(exit),
            None => Err(io::Error::other("wait4 returned without a status")),
        }
    }

    fn peak_memory_kib(&self) -> Option<u64> {
        if let Some(exit) = &self.exit {
            return exit.peak_memory_kib;
        }
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid)).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }
}

impl Drop for PlainProcess {
    /// A process handle never leaves a running tree or a zombie behind.
    fn drop(&mut self) {
        if self.exit.is_none() {
            let _ = self.kill_tree();
        } else {
            let _ = killpg(self.pid, Signal::SIGKILL);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};

    fn spec(program: &str, args: &[&str]) -> LaunchSpec {
        LaunchSpec {
            program: program.into(),
            args: args.iter().map(|s| s.to_string()).collect(),
            memory_mib: 256,
            ..LaunchSpec::default()
        }
    }

    #[test]
    fn a_child_gets_only_the_given_environment_and_its_exit_code_is_reported() {
        let mut s = spec("/bin/sh", &["-c", "echo \"$FOO|$HOME|$PATH\"; exit 3"]);
        s.env = vec![("FOO".into(), "bar".into())];
        let mut l = PlainLauncher.launch(&s).unwrap();
        let mut out = String::new();
        l.stdout.read_to_string(&mut out).unwrap();
        assert_eq!(out.trim(), format!("bar||{DEFAULT_PATH}"));
        let exit = l.process.wait_timeout(Duration::from_secs(5)).unwrap().unwrap();
        assert_eq!(exit.code, Some(3));
        assert_eq!(exit.describe(), "exit code 3");
        assert!(exit.peak_memory_kib.unwrap() > 0);
    }

    #[test]
    fn kill_tree_kills_grandchildren_too() {
        let s = spec("/bin/sh", &["-c", "sleep 30 & echo $!; wait"]);
        let mut l = PlainLauncher.launch(&s).unwrap();
        let mut line = [0u8; 32];
        let n = l.stdout.read(&mut line).unwrap();
        let grandchild: i32 = std::str::from_utf8(&line[..n]).unwrap().trim().parse().unwrap();
        assert!(l.process.wait_timeout(Duration::from_millis(50)).unwrap().is_none());
        let exit = l.process.kill_tree().unwrap();
        assert_eq!(exit.signal, Some(libc::SIGKILL));
        // The grandchild is gone (reaped by init once killed) within a moment.
        let gone = (0..100).any(|_| {
            std::thread::sleep(Duration::from_millis(10));
            let stat = std::fs::read_to_string(format!("/proc/{grandchild}/stat")).unwrap_or_default();
            stat.is_empty() || stat.contains(") Z")
        });
        assert!(gone, "grandchild {grandchild} survived");
        drop(l.stdin);
    }

    #[test]
    fn the_memory_limit_makes_big_allocations_fail() {
        let s = spec("/usr/bin/python3", &["-c", "x = bytearray(400 * 1024 * 1024)"]);
        let mut l = PlainLauncher.launch(&s).unwrap();
        let mut err = String::new();
        l.stderr.read_to_string(&mut err).unwrap();
        let exit = l.process.wait_timeout(Duration::from_secs(10)).unwrap().unwrap();
        assert_eq!(exit.code, Some(1));
        assert!(err.contains("MemoryError"), "{err}");
    }

    #[test]
    fn a_child_is_pinned_to_its_core() {
        let mut s = spec("/bin/sh", &["-c", "grep Cpus_allowed_list /proc/self/status"]);
        s.cpu = Some(0);
        let mut l = PlainLauncher.launch(&s).unwrap();
        l.stdin.write_all(b"").unwrap();
        let mut out = String::new();
        l.stdout.read_to_string(&mut out).unwrap();
        assert!(out.trim().ends_with("\t0"), "{out}");
        l.process.kill_tree().unwrap();
    }
}
