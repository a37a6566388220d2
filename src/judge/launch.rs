//! The one place where bot and compiler processes are started.
//!
//! Protocol drivers never build a `Command` themselves: they describe what to run in a
//! [`LaunchSpec`] and hand it to a [`Launcher`]. The plain launcher (rlimits, process group, CPU
//! affinity) and the sandbox (namespaces, cgroups, seccomp) are two implementations of that trait,
//! so hardening the judge never touches the drivers.

use std::io;
use std::path::PathBuf;
use std::process::{ChildStderr, ChildStdin, ChildStdout};
use std::sync::OnceLock;
use std::time::Duration;

use nix::sys::resource::{getrlimit, setrlimit, Resource};

/// The limits on open files (soft, hard) this process started with.
static STARTED_WITH_OPEN_FILES: OnceLock<(u64, u64)> = OnceLock::new();

/// Raises the soft limit on open files to the hard one: a judge holds a few descriptors for each
/// cgroup and instance it prepares ahead, per worker, and 1024 (the usual soft limit) is a default
/// for programs that use `select`, not a need. Sandboxed bots get a limit of their own
/// (`max_open_files`); a plain launch's bot gets back the one we started with
/// ([`started_with_open_files`]).
pub fn raise_open_files_limit() {
    if let Ok((soft, hard)) = getrlimit(Resource::RLIMIT_NOFILE) {
        let _ = STARTED_WITH_OPEN_FILES.set((soft, hard));
        if soft < hard {
            let _ = setrlimit(Resource::RLIMIT_NOFILE, hard, hard);
        }
    }
}

/// The limits on open files this process started with, if it raised them since.
pub fn started_with_open_files() -> Option<(u64, u64)> {
    STARTED_WITH_OPEN_FILES.get().copied()
}

/// What to run and under which limits.
#[derive(Clone, Debug, Default)]
pub struct LaunchSpec {
    /// The program, as a path inside the sandbox's view of the file system.
    pub program: PathBuf,
    pub args: Vec<String>,
    /// Environment for the process; nothing else is inherited.
    pub env: Vec<(String, String)>,
    /// The working directory: the submission's own directory (read-only for a bot, writable
    /// for a compile).
    pub workdir: PathBuf,
    /// Whether `workdir` may be written (compiles) or is read-only (bot runs).
    pub workdir_writable: bool,
    /// Extra directories the language runtime needs to read (toolchains, interpreters).
    pub readable: Vec<PathBuf>,
    /// Memory limit in MiB.
    pub memory_mib: u64,
    /// True for runtimes that reserve far more virtual memory than they use (the JVM): the
    /// memory limit is then not applied as an address-space rlimit (the sandbox's cgroup and the
    /// runtime's own flags limit them instead).
    pub unlimited_address_space: bool,
    /// The CPU core to pin the process to, when the machine has cores to spare.
    pub cpu: Option<usize>,
    /// Limit on processes and threads the program may have at once.
    pub max_processes: u64,
    /// Largest file the program may write, in bytes.
    pub max_file_bytes: u64,
    /// CPU-time backstop: the kernel kills the process after this much CPU time.
    pub cpu_time_limit: Option<Duration>,
    /// Which slot of the worker runs it (0 or 1 for the two bots of a game); the sandbox gives
    /// each slot its own user id.
    pub slot: usize,
}

/// How a process ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExitInfo {
    /// The exit code, if it exited normally.
    pub code: Option<i32>,
    /// The signal that killed it, if one did.
    pub signal: Option<i32>,
    /// Whether the memory limit was reached (from the kernel's accounting where available).
    pub memory_limit_hit: bool,
    /// Peak memory of the process (tree), in KiB, when known.
    pub peak_memory_kib: Option<u64>,
}

impl ExitInfo {
    pub fn success(&self) -> bool {
        self.code == Some(0)
    }

    /// "exit code 3" / "killed by signal 9 (SIGKILL)", for forfeit details and logs.
    pub fn describe(&self) -> String {
        match (self.code, self.signal) {
            (Some(c), _) => format!("exit code {c}"),
            (None, Some(s)) => {
                let name = nix::sys::signal::Signal::try_from(s).map(|s| s.as_str()).unwrap_or("?");
                format!("killed by signal {s} ({name})")
            }
            (None, None) => "ended".to_string(),
        }
    }
}

/// A running bot or compiler.
pub trait Process: Send {
    /// The process id of the started program (or of the sandbox helper around it).
    fn pid(&self) -> u32;
    /// Waits for the process to end, at most `timeout`; `Ok(None)` if it is still running.
    fn wait_timeout(&mut self, timeout: Duration) -> io::Result<Option<ExitInfo>>;
    /// Kills the process and every process it started (its whole tree, including ones that
    /// called `setsid`), then reaps it. Idempotent.
    fn kill_tree(&mut self) -> io::Result<ExitInfo>;
    /// Peak memory so far, in KiB, when known.
    fn peak_memory_kib(&self) -> Option<u64>;
    /// The CPU time (user and system) the process and everything it started have used so
    /// far, dead ones included, where the launcher counts it (the sandbox's cgroup); after the
    /// end, the total. None: not counted here, and the judge times moves by the wall clock.
    fn cpu_time(&self) -> Option<Duration> {
        None
    }
}

/// A started process with its three pipes.
pub struct Launched {
    pub stdin: ChildStdin,
    pub stdout: ChildStdout,
    pub stderr: ChildStderr,
    pub process: Box<dyn Process>,
}

/// One protection the launcher gives, for `botarena sandbox check` and for warnings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Protection {
    pub name: &'static str,
    pub on: bool,
    pub note: String,
}

/// Starts processes under a [`LaunchSpec`].
pub trait Launcher: Send + Sync {
    fn launch(&self, spec: &LaunchSpec) -> io::Result<Launched>;
    /// Starts several processes at once (the two bots of a game): one result per spec, in
    /// order. Launchers whose starts wait for something (the sandbox's set-up) overlap the
    /// waits; the default starts them one after the other.
    ///
    /// Starts happen on the calling thread: a sandboxed process dies with the thread that
    /// started it (`PR_SET_PDEATHSIG`), so it must outlive the processes.
    fn launch_all(&self, specs: &[LaunchSpec]) -> Vec<io::Result<Launched>> {
        specs.iter().map(|spec| self.launch(spec)).collect()
    }
    /// What this launcher protects against on this host.
    fn protections(&self) -> Vec<Protection>;
}
