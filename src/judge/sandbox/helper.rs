//! The sandbox helper: the code that runs in `botarena sandbox exec`, between the judge and
//! the bot.
//!
//! The setup runs in a single-threaded process (after `fork` in the multi-threaded judge only
//! async-signal-safe calls would be allowed): a child forked by the launcher's zygote (see
//! [`super::zygote`]), or a fresh exec of our binary (`botarena sandbox exec`) where there is no
//! zygote. Three processes are involved:
//!
//! - **outer** (`H`): joins the prepared network namespace, unshares the others, forks the
//!   init, waits for it and finally ends the way the bot ended (same exit code, or the same
//!   signal), so the judge's `waitpid` sees the bot's own status.
//! - **init** (`I`, PID 1 of the new PID namespace): builds the minimal root and `pivot_root`s
//!   into it, or, when outer joined a root the zygote prepared ([`build_shared_root`]), only
//!   adds the launch's `/tmp`, workdir and `/dev/shm` to its copy; mounts `/proc`, forks the
//!   bot and reaps every orphan. When the bot ends, init kills and reaps whatever is left in
//!   the namespace (`kill(-1)`: `setsid` and double forks do not outlive the bot), then writes
//!   the bot's raw wait status on the judge's status pipe (launches of the zygote), reports it
//!   to outer and exits. The judge so learns the result without waiting for init and outer to
//!   end and be reaped in turn; what it does next (the launch's cgroups checked empty) does not
//!   depend on them. It dies with outer (`PR_SET_PDEATHSIG`).
//! - **bot** (`B`): joins the launch's cgroups, drops to the slot's user id, sets rlimits,
//!   `no_new_privs` and the seccomp filter, and `execve`s the program with the three pipes the
//!   judge gave outer.
//!
//! **Pre-started instances.** Where the zygote has a prepared root for a launch, init and the bot
//! are made *before* the launch ([`run_instance`]) and wait for it, with no outer: the zygote
//! enters the namespaces itself (joins the network namespace and the prepared root, unshares the
//! others), forks init straight into them and goes back to its own; init mounts the instance's own
//! `/tmp`, `/dev/shm` and `/proc`, sets the hostname and forks the bot-to-be, which installs the
//! launch's seccomp filter at once (the filter compiled by the zygote; it is the longest step of a
//! start, ~0.2 ms, as the kernel translates and compiles the program). Then init waits on a socket
//! for its part of the launch and the bot-to-be on another for its own. When the launch comes, init
//! gets the workdir as a detached mount (taken by the judge, which sees the host; see
//! [`super::zygote::hand_over`]) and the judge's status pipe, shows the workdir at its path and
//! tells the bot-to-be on a pipe; the bot-to-be gets the spec, the bot's pipes and the error pipe,
//! sets its limits meanwhile, and once the workdir is shown becomes the bot exactly as above
//! ([`become_bot`], with the filter already in place); init reaps and reports as above, and exits
//! once the judge is done with the launch. The bot-to-be joined its launch's cgroups as it was
//! made (groups the judge made for it, whose limits it writes at the launch): a join takes the
//! kernel's cgroup lock for writing, which waits for an RCU grace period when no join came
//! shortly before (milliseconds while every CPU is busy). An instance made for a launch that
//! found none joins the launch's groups at the launch, from `cgroup.procs` files the judge
//! opened. Every namespace, mount and process of an instance is made for one launch and serves
//! no other; an instance never used is
//! ended by the judge closing its sockets. What a start waits for is then two wake-ups of sleeping
//! processes instead of three new ones (on a loaded machine a new process waits up to a scheduler
//! tick before it first runs, a woken one microseconds), plus the workdir's mount, the cgroup joins
//! and the `execve`. The bot ends with the same filter, user, limits and `no_new_privs` as a forked
//! one; only the filter came earlier in its life, which only narrows what the code before its
//! `execve` (ours) may do.
//!
//! Setup errors are written to an error pipe the judge reads until it closes (at the bot's
//! `execve`, the pipe being close-on-exec), so `launch` fails with the real reason.

use std::ffi::CString;
use std::fs;
use std::io::{Read, Write};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{symlink, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use nix::mount::{mount, umount2, MntFlags, MsFlags};
use nix::sched::{setns, unshare, CloneFlags};
use nix::sys::resource::{getrlimit, setrlimit, Resource};
use nix::sys::signal::{self, SigHandler, Signal};
use nix::sys::wait::waitpid;
use nix::unistd::{self, ForkResult, Gid, Pid, Uid};
use seccompiler::BpfProgram;
use serde::{Deserialize, Serialize};

use super::seccomp;

/// Everything the helper needs, serialized by the judge as JSON on the command line.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct HelperSpec {
    pub program: PathBuf,
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
    pub workdir: PathBuf,
    pub workdir_writable: bool,
    /// Paths bound read-only at the same place inside (system dirs, `/etc` pieces, toolchains).
    pub readable: Vec<PathBuf>,
    /// Write end of the error pipe (inherited).
    pub error_fd: RawFd,
    /// A network namespace to join (inherited fd), or none.
    pub netns_fd: Option<RawFd>,
    /// Where init writes the bot's raw wait status (4 bytes, little-endian) as soon as it has
    /// reaped the bot (inherited fd; the zygote's launches). The judge learns the result there
    /// without waiting for init and the helper to end and be reaped in turn.
    #[serde(default)]
    pub status_fd: Option<RawFd>,
    /// A mount namespace whose root is the read-only part of this launch's root, prepared once
    /// by the zygote (inherited fd; see [`build_shared_root`]). The helper joins it before
    /// unsharing, so its own mount namespace starts as a copy, and init only adds what differs
    /// per launch. None: init builds the whole root.
    #[serde(default)]
    pub root_template_fd: Option<RawFd>,
    /// Unshare a fresh network namespace instead (when no prepared one exists).
    pub new_netns: bool,
    /// Use PID, mount, IPC and UTS namespaces and a new root.
    pub namespaces: bool,
    /// Where the new root's tmpfs is mounted (an empty directory made by the launcher).
    pub root_dir: PathBuf,
    /// Size of the private `/tmp`, in MiB.
    pub tmp_mib: u64,
    /// `cgroup.procs` files the bot writes itself into.
    pub cgroup_procs: Vec<PathBuf>,
    /// User and group to run as; `None` keeps the caller's (non-root hosts).
    pub uid: Option<u32>,
    pub gid: Option<u32>,
    /// CPU to pin to with `sched_setaffinity` when no cpuset group does it.
    pub affinity_cpu: Option<usize>,
    pub max_processes: u64,
    pub max_file_bytes: u64,
    pub max_open_files: u64,
    pub stack_bytes: Option<u64>,
    pub cpu_seconds: Option<u64>,
    pub seccomp: bool,
    pub deny_unix_sockets: bool,
    /// Print `phase <name> <CLOCK_MONOTONIC ns>` lines on stderr during setup, for
    /// `botarena sandbox bench`.
    #[serde(default)]
    pub trace_phases: bool,
    /// The judge's pid, to notice a judge that died before the helper armed its death signal.
    #[serde(default)]
    pub judge_pid: u32,
    /// Another launch follows this one at once (the other bot of the game): the zygote waits
    /// for it before it starts the instances that replace the ones taken.
    #[serde(default)]
    pub more_follow: bool,
}

/// Reports a setup milestone (see [`HelperSpec::trace_phases`]).
fn phase(spec: &HelperSpec, name: &str) {
    if spec.trace_phases {
        write_phase(std::io::stderr().as_fd(), name, monotonic_ns());
    }
}

/// Writes a `phase` line on the bot's standard error (`fd`), as the helper, the zygote and the
/// judge report their part of a start to `sandbox bench`. One write, so lines of different
/// processes on the same pipe are never torn.
pub fn write_phase(fd: BorrowedFd, name: &str, at: i128) {
    let _ = unistd::write(fd, format!("phase {name} {at}\n").as_bytes());
}

/// CLOCK_MONOTONIC in nanoseconds, the clock `Instant` uses, so the judge can compare.
#[allow(unsafe_code)]
pub fn monotonic_ns() -> i128 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    ts.tv_sec as i128 * 1_000_000_000 + ts.tv_nsec as i128
}

/// Points 0, 1 and 2 at /dev/null: the helper processes must not hold the bot's pipes open,
/// so the judge sees end-of-file as soon as the bot's own side closes them.
fn release_stdio() {
    if let Ok(null) = fs::OpenOptions::new().read(true).write(true).open("/dev/null") {
        for fd in 0..3 {
            let _ = unistd::dup2(null.as_raw_fd(), fd);
        }
    }
}

/// Reports a setup failure on the error pipe and exits; the judge turns it into an `io::Error`.
fn fail(error_fd: RawFd, what: &str, err: impl std::fmt::Display) -> ! {
    let msg = format!("sandbox: {what}: {err}");
    // Borrowed: the descriptor must stay open for the other processes sharing it.
    let mut file = std::mem::ManuallyDrop::new(file_from_fd(error_fd));
    let _ = file.write_all(msg.as_bytes());
    std::process::exit(127)
}

#[allow(unsafe_code)]
fn file_from_fd(fd: RawFd) -> fs::File {
    // SAFETY: `fd` is a descriptor this process inherited and owns (the error or status pipe);
    // callers either keep the File for the rest of the process or wrap it in ManuallyDrop.
    unsafe { fs::File::from_raw_fd(fd) }
}

/// The entry point of `botarena sandbox exec`. Never returns. `filters`: the seccomp filters
/// compiled beforehand (the zygote compiles both variants once); `None` compiles them here.
pub fn run(spec: HelperSpec, filters: Option<&seccomp::Filters>) -> ! {
    let efd = spec.error_fd;
    phase(&spec, "helper-started");
    // Die with the judge; a helper must never outlive it.
    if let Err(e) = nix::sys::prctl::set_pdeathsig(Signal::SIGKILL) {
        fail(efd, "PR_SET_PDEATHSIG", e);
    }
    if spec.judge_pid != 0 && unistd::getppid().as_raw() as u32 != spec.judge_pid {
        // The judge died before the death signal was armed.
        std::process::exit(127);
    }
    // Not dumpable: no core files, and other processes of our uid cannot ptrace the helper.
    let _ = nix::sys::prctl::set_dumpable(false);

    // Opened now, while the host's /sys is still visible; the bot writes itself in later.
    let cgroups: Vec<fs::File> = spec
        .cgroup_procs
        .iter()
        .map(|p| {
            fs::OpenOptions::new()
                .write(true)
                .open(p)
                .unwrap_or_else(|e| fail(efd, &format!("opening {}", p.display()), e))
        })
        .collect();
    // Compiled before any fork (by the zygote once, or now), so the bot only hands the finished
    // programs to the kernel.
    let compiled;
    let filters: &[BpfProgram] = match (spec.seccomp, filters) {
        (false, _) => &[],
        (true, Some(f)) => f,
        (true, None) => {
            compiled = seccomp::filter(spec.deny_unix_sockets)
                .unwrap_or_else(|e| fail(efd, "building the seccomp filter", e));
            &compiled
        }
    };
    if !spec.namespaces {
        // Degraded mode (no privileges for namespaces): just become the bot.
        become_bot(&spec, &cgroups, filters, BotStart::Forked);
    }

    if let Some(fd) = spec.netns_fd {
        let owned = adopt_fd(fd);
        if let Err(e) = setns(&owned, CloneFlags::CLONE_NEWNET) {
            fail(efd, "joining the prepared network namespace", e);
        }
        drop(owned);
    }
    // The workdir, taken as a detached mount while the host's tree is still visible, then the
    // prepared root's namespace, which the unshare below copies. A kernel without the mount
    // API (before 5.12) gets the whole root built by init instead.
    let mut workdir_mount = None;
    if let Some(fd) = spec.root_template_fd {
        let template = adopt_fd(fd);
        if let Ok(tree) = detached_bind(&spec.workdir, spec.workdir_writable) {
            if setns(&template, CloneFlags::CLONE_NEWNS).is_ok() {
                phase(&spec, "root-joined");
                workdir_mount = Some(tree);
            }
        }
    }
    let mut flags = CloneFlags::CLONE_NEWNS
        | CloneFlags::CLONE_NEWPID
        | CloneFlags::CLONE_NEWIPC
        | CloneFlags::CLONE_NEWUTS;
    if spec.new_netns {
        flags |= CloneFlags::CLONE_NEWNET;
    }
    if let Err(e) = unshare(flags) {
        fail(efd, "unshare", e);
    }
    phase(&spec, "namespaces-made");
    let (status_r, status_w) = match unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC) {
        Ok(p) => p,
        Err(e) => fail(efd, "pipe", e),
    };
    // SAFETY: this process is single-threaded (a fresh exec of our binary that started no
    // threads), so the child may run arbitrary code after fork.
    #[allow(unsafe_code)]
    let fork = unsafe { unistd::fork() };
    match fork {
        Err(e) => fail(efd, "fork", e),
        Ok(ForkResult::Child) => {
            drop(status_r);
            init(&spec, status_w, workdir_mount, &cgroups, filters)
        }
        Ok(ForkResult::Parent { child }) => {
            drop((status_w, workdir_mount));
            // Our copy of the error pipe must close so the judge sees EOF at the bot's exec, and
            // our copy of the judge's status pipe so it sees EOF if init dies without a status.
            let _ = unistd::close(efd);
            if let Some(fd) = spec.status_fd {
                let _ = unistd::close(fd);
            }
            release_stdio();
            outer_wait(child, status_r)
        }
    }
}

#[allow(unsafe_code)]
fn adopt_fd(fd: RawFd) -> OwnedFd {
    // SAFETY: the judge passed this descriptor to us on purpose and nothing else in this
    // process uses it.
    unsafe { OwnedFd::from_raw_fd(fd) }
}

/// Outer: waits for init and ends like the bot did.
fn outer_wait(init_pid: Pid, status_r: OwnedFd) -> ! {
    let mut report = String::new();
    let _ = fs::File::from(status_r).read_to_string(&mut report);
    while let Err(nix::errno::Errno::EINTR) = waitpid(init_pid, None) {}
    let mut words = report.split_whitespace();
    match (words.next(), words.next().and_then(|v| v.parse::<i32>().ok())) {
        (Some("exit"), Some(code)) => std::process::exit(code),
        (Some("signal"), Some(sig)) => die_by_signal(sig),
        // Init died without a report (killed with us): say SIGKILL.
        _ => die_by_signal(libc::SIGKILL),
    }
}

fn die_by_signal(sig: i32) -> ! {
    if let Ok(signal) = Signal::try_from(sig) {
        let _ = nix::sys::resource::setrlimit(Resource::RLIMIT_CORE, 0, 0);
        #[allow(unsafe_code)]
        // SAFETY: SIG_DFL installs no Rust code as a handler.
        let _ = unsafe { signal::signal(signal, SigHandler::SigDfl) };
        let _ = signal::sigprocmask(signal::SigmaskHow::SIG_SETMASK, Some(&signal::SigSet::empty()), None);
        let _ = signal::raise(signal);
    }
    let _ = signal::kill(Pid::this(), Signal::SIGKILL);
    std::process::exit(128 + sig)
}

/// Init (PID 1): builds the root, forks the bot, reaps everything, reports the bot's status.
/// `workdir_mount`: the workdir as a detached mount when the helper joined a prepared root
/// (then only the per-launch parts are added); None builds the whole root.
fn init(
    spec: &HelperSpec,
    status_w: OwnedFd,
    workdir_mount: Option<OwnedFd>,
    cgroups: &[fs::File],
    filters: &[BpfProgram],
) -> ! {
    let efd = spec.error_fd;
    if let Err(e) = nix::sys::prctl::set_pdeathsig(Signal::SIGKILL) {
        fail(efd, "PR_SET_PDEATHSIG in init", e);
    }
    phase(spec, "init-started");
    let built = match workdir_mount {
        Some(tree) => finish_shared_root(spec, tree),
        None => build_root(spec),
    };
    if let Err(e) = built {
        fail(efd, "building the sandbox root", e);
    }
    phase(spec, "root-built");
    let _ = unistd::sethostname("botarena");
    // SAFETY: init is single-threaded (forked from the single-threaded outer helper).
    #[allow(unsafe_code)]
    let fork = unsafe { unistd::fork() };
    let bot = match fork {
        Err(e) => fail(efd, "fork", e),
        Ok(ForkResult::Child) => {
            drop(status_w);
            become_bot(spec, cgroups, filters, BotStart::Forked)
        }
        Ok(ForkResult::Parent { child }) => child,
    };
    let _ = unistd::close(efd);
    release_stdio();
    // The judge's status pipe, when there is one: written first, since the judge waits on it.
    let judge_status = spec.status_fd.map(file_from_fd);
    reap_and_report(bot, judge_status, Some(fs::File::from(status_w)), None)
}

/// Init's end: reaps every child until the bot has ended; then kills and reaps whatever the
/// bot left, writes the bot's raw wait status on the judge's status pipe (when there is one)
/// and its exit code or signal to outer (when there is one), and exits; with `linger` (an
/// instance's socket), only once the judge has closed its end, so that the namespaces are torn
/// down when the judge is done with the launch (after the game), not while the other bot of
/// the game is still starting or playing.
fn reap_and_report(
    bot: Pid,
    mut judge_status: Option<fs::File>,
    outer: Option<fs::File>,
    linger: Option<OwnedFd>,
) -> ! {
    loop {
        let mut raw: libc::c_int = 0;
        // SAFETY: waitpid with a valid out-pointer.
        #[allow(unsafe_code)]
        let pid = unsafe { libc::waitpid(-1, &mut raw, 0) };
        if pid < 0 {
            if std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
                continue;
            }
            std::process::exit(0);
        }
        if pid != bot.as_raw() || !(libc::WIFEXITED(raw) || libc::WIFSIGNALED(raw)) {
            continue;
        }
        // What the bot left (a daemon, a setsid grandchild) ends now, as it would when we
        // exit, and is reaped before the judge hears the status: once it has, the namespace
        // holds nothing but us. kill(-1) reaches only the processes of our own PID namespace.
        kill_the_rest();
        if let Some(file) = judge_status.as_mut() {
            let _ = file.write_all(&raw.to_le_bytes());
        }
        if let Some(mut status) = outer {
            if libc::WIFEXITED(raw) {
                let _ = write!(status, "exit {}", libc::WEXITSTATUS(raw));
            } else {
                let _ = write!(status, "signal {}", libc::WTERMSIG(raw));
            }
        }
        if judge_status.take().is_some() {
            // The judge has what it waits for. Our exit tears down the namespaces and the
            // root's mounts: housekeeping, which must not preempt the judge or a bot.
            let _ = crate::judge::threads::lower_to_batch();
        }
        if let Some(socket) = linger {
            // Nothing is left in the namespace to reap: wait for the judge's end to close.
            while let Err(nix::errno::Errno::EINTR) = unistd::read(socket.as_raw_fd(), &mut [0u8; 1]) {}
        }
        std::process::exit(0);
    }
}

/// In init (PID 1): kills every other process of the PID namespace and reaps them all.
fn kill_the_rest() {
    loop {
        let _ = signal::kill(Pid::from_raw(-1), Signal::SIGKILL);
        // SAFETY: waitpid with a null status pointer.
        #[allow(unsafe_code)]
        let r = unsafe { libc::waitpid(-1, std::ptr::null_mut(), 0) };
        if r < 0 && std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            break; // ECHILD: nothing left
        }
    }
}

// ---- pre-started instances (see the module docs) ----

/// Where the init of a pre-started instance finds its and its bot's ends of their sockets to
/// the judge (see [`super::zygote`]).
pub const INSTANCE_INIT_FD: RawFd = 3;
pub const INSTANCE_BOT_FD: RawFd = 4;

/// What a pre-started instance is made with: the same for every launch it may serve.
#[derive(Clone, Copy, Debug)]
pub struct InstanceSetup {
    /// Size of the instance's `/tmp`, MiB.
    pub tmp_mib: u64,
    /// The seccomp filter the bot-to-be installs before its launch comes, and which variant.
    pub seccomp: bool,
    pub deny_unix_sockets: bool,
    /// How many `cgroup.procs` files (after [`INSTANCE_BOT_FD`]) the bot-to-be joins as it is
    /// made: the groups of its launch, made ahead by the judge, so that no join (which can wait
    /// for an RCU grace period) is left on the launch's path. None: it joins at the launch.
    pub cgroups: usize,
    /// The CPU those groups pin the bot to. Init moves there before it forks the bot-to-be, so
    /// that the bot-to-be's memory is only ever in use on that CPU: the bot's `execve` frees it,
    /// and freeing memory once in use on another CPU waits for an interrupt to that CPU to flush
    /// its TLB (tens of microseconds in a VM, on the launch's path).
    pub cpu: Option<usize>,
}

/// The seccomp filters a pre-started bot chooses from when its launch arrives.
#[derive(Clone, Copy)]
pub struct InstanceFilters<'a> {
    pub deny_unix: Option<&'a seccomp::Filters>,
    pub allow_unix: Option<&'a seccomp::Filters>,
}

/// A pre-started instance, in the child the zygote forked straight into the instance's new
/// namespaces (on a copy of the prepared root, in the shared network namespace): its init.
/// Never returns; exits quietly on any failure (the judge then finds the instance's sockets
/// closed and the launch goes to the zygote, which reports the reason the ordinary way).
/// A zygote that dies before the death signal is armed closes its ends of the sockets, which
/// ends the instance just the same.
pub fn run_instance(setup: InstanceSetup, filters: InstanceFilters) -> ! {
    instance_init(setup, filters)
}

/// Init of a pre-started instance (PID 1): mounts the instance's own `/tmp`, `/dev/shm` and
/// `/proc` on its copy of the prepared root, forks the bot-to-be, and waits on its socket for
/// its part of a launch: the workdir's path, the workdir as a detached mount and the judge's
/// status pipe. It shows the workdir at its path (the bot-to-be, already under its seccomp
/// filter, may not mount), tells the bot-to-be on a pipe ("ok" or what failed), and then, as
/// any init, reaps everything until the bot has ended, kills what the bot left and reports the
/// bot's status. End of file on the socket (the zygote dropped the instance unused) ends it.
fn instance_init(setup: InstanceSetup, filters: InstanceFilters) -> ! {
    if nix::sys::prctl::set_pdeathsig(Signal::SIGKILL).is_err() {
        std::process::exit(127);
    }
    let own_cpus = setup.cpu.and_then(|cpu| {
        let before = nix::sched::sched_getaffinity(Pid::from_raw(0)).ok()?;
        let mut there = nix::sched::CpuSet::new();
        there.set(cpu).ok()?;
        nix::sched::sched_setaffinity(Pid::from_raw(0), &there).ok().map(|()| before)
    });
    let mounted = unistd::chdir("/")
        .map_err(io_err("chdir /".into()))
        .and_then(|()| mount_tmp(Path::new("/tmp"), setup.tmp_mib))
        .and_then(|()| mount_shm_and_proc());
    if mounted.is_err() || unistd::sethostname("botarena").is_err() {
        std::process::exit(127);
    }
    let Ok((ready_r, ready_w)) = unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC) else { std::process::exit(127) };
    // SAFETY: init is single-threaded (forked from the single-threaded zygote).
    #[allow(unsafe_code)]
    let fork = unsafe { unistd::fork() };
    let bot = match fork {
        Err(_) => std::process::exit(127),
        Ok(ForkResult::Child) => {
            let _ = unistd::close(INSTANCE_INIT_FD);
            drop(ready_w);
            instance_bot(setup, filters, ready_r, own_cpus)
        }
        Ok(ForkResult::Parent { child }) => child,
    };
    drop(ready_r);
    for fd in INSTANCE_BOT_FD..=INSTANCE_BOT_FD + setup.cgroups as RawFd {
        let _ = unistd::close(fd);
    }
    let socket = adopt_fd(INSTANCE_INIT_FD);
    let mut path = vec![0u8; 4096];
    let launch = loop {
        match receive(socket.as_fd(), &mut path) {
            Err(nix::errno::Errno::EINTR) => continue,
            Ok((n, fds)) if n > 0 && fds.len() == 2 => break Some((n, fds)),
            _ => break None,
        }
    };
    let Some((n, fds)) = launch else {
        // Dropped unused (or the zygote is gone): nothing was ever run here.
        kill_the_rest();
        std::process::exit(0)
    };
    let mut fds = fds.into_iter();
    let (Some(status), Some(workdir)) = (fds.next(), fds.next()) else { std::process::exit(127) };
    let path = PathBuf::from(std::ffi::OsStr::from_bytes(&path[..n]));
    let report = match show_workdir(&path, workdir) {
        Ok(()) => "ok".to_string(),
        Err(e) => e.to_string(),
    };
    let mut ready = fs::File::from(ready_w);
    let _ = ready.write_all(report.as_bytes());
    drop(ready);
    reap_and_report(bot, Some(fs::File::from(status)), None, Some(socket))
}

/// Receives one message on a `SOCK_SEQPACKET` socket and the descriptors that came with it
/// (close-on-exec); `EMSGSIZE` for a message or descriptors cut short. Every socket of the
/// sandbox's processes (judge, zygote, instances) is read with it.
pub fn receive(socket: BorrowedFd, buf: &mut [u8]) -> nix::Result<(usize, Vec<OwnedFd>)> {
    use nix::sys::socket::{recvmsg, ControlMessageOwned, MsgFlags};
    let mut cmsg = nix::cmsg_space!([RawFd; 16]);
    let mut iov = [std::io::IoSliceMut::new(buf)];
    let msg = recvmsg::<()>(socket.as_raw_fd(), &mut iov, Some(&mut cmsg), MsgFlags::MSG_CMSG_CLOEXEC)?;
    let mut fds = Vec::new();
    for c in msg.cmsgs()? {
        if let ControlMessageOwned::ScmRights(raw) = c {
            fds.extend(raw.into_iter().map(adopt_fd));
        }
    }
    if msg.flags.intersects(MsgFlags::MSG_TRUNC | MsgFlags::MSG_CTRUNC) {
        return Err(nix::errno::Errno::EMSGSIZE);
    }
    Ok((msg.bytes, fds))
}

/// The descriptors a launch sends a pre-started bot, in this order, then one per cgroup
/// (its `cgroup.procs`, opened for writing).
pub const INSTANCE_LAUNCH_FDS: usize = 4;

/// The bot-to-be of a pre-started instance: installs the seccomp filter at once (nothing it
/// does later is denied by it: the mounts are init's), then waits on its socket for its launch
/// (the [`HelperSpec`] as JSON with the bot's three pipe ends, the error pipe and the launch's
/// `cgroup.procs` files) and becomes the bot exactly as a forked bot does ([`become_bot`]),
/// entering the workdir once init has shown it (`root_ready`). End of file on the socket ends
/// it.
fn instance_bot(
    setup: InstanceSetup,
    filters: InstanceFilters,
    root_ready: OwnedFd,
    own_cpus: Option<nix::sched::CpuSet>,
) -> ! {
    if nix::sys::prctl::set_pdeathsig(Signal::SIGKILL).is_err() {
        std::process::exit(127);
    }
    for fd in INSTANCE_BOT_FD + 1..=INSTANCE_BOT_FD + setup.cgroups as RawFd {
        // A group that cannot be joined ends the instance; the launch then goes the ordinary way.
        let mut procs = fs::File::from(adopt_fd(fd));
        if procs.write_all(b"0").is_err() {
            std::process::exit(127);
        }
    }
    if let Some(cpus) = own_cpus {
        // Pinned by its groups now (to init's CPU, or to another if a launch changes them): the
        // affinity inherited from init is dropped, so that it alone cannot keep a launch pinned
        // to a CPU its groups no longer name.
        if nix::sched::sched_setaffinity(Pid::from_raw(0), &cpus).is_err() {
            std::process::exit(127);
        }
    }
    if setup.seccomp {
        let chosen = if setup.deny_unix_sockets { filters.deny_unix } else { filters.allow_unix };
        match chosen {
            Some(f) if seccomp::install(f).is_ok() => {}
            // The launch goes the ordinary way, which reports why.
            _ => std::process::exit(127),
        }
    }
    warm_up_for_request();
    let socket = adopt_fd(INSTANCE_BOT_FD);
    // Pages are only touched as a request fills them.
    let mut buf = vec![0u8; super::zygote::MAX_REQUEST];
    let (n, fds) = loop {
        match receive(socket.as_fd(), &mut buf) {
            Err(nix::errno::Errno::EINTR) => continue,
            Ok((n, fds)) if n > 0 => break (n, fds),
            _ => std::process::exit(0),
        }
    };
    let received_at = monotonic_ns();
    drop(socket);
    if fds.len() < INSTANCE_LAUNCH_FDS {
        std::process::exit(127);
    }
    let mut fds = fds.into_iter();
    let mut next = || fds.next().unwrap_or_else(|| std::process::exit(127));
    let (stdin, stdout, stderr, error) = (next(), next(), next(), next());
    let cgroups: Vec<fs::File> = fds.map(fs::File::from).collect();
    let efd = error.as_raw_fd();
    let mut spec: HelperSpec = match serde_json::from_slice(&buf[..n]) {
        Ok(spec) => spec,
        Err(e) => fail(efd, "bad launch request", e),
    };
    if spec.trace_phases {
        write_phase(stderr.as_fd(), "bot-received", received_at);
        write_phase(stderr.as_fd(), "bot-parsed", monotonic_ns());
    }
    // Not freed: a buffer this large is a mapping of its own, and unmapping it waits for a TLB
    // flush on every CPU this process ran on (an interrupt to each, tens of microseconds in a
    // VM), on the launch's path. The bot's execve discards it anyway.
    std::mem::forget(buf);
    for (fd, target) in [(&stdin, 0), (&stdout, 1), (&stderr, 2)] {
        // dup2 clears close-on-exec on the target.
        if let Err(e) = unistd::dup2(fd.as_raw_fd(), target) {
            fail(efd, "dup2", e);
        }
    }
    drop((stdin, stdout, stderr));
    // Closes at the bot's execve (received close-on-exec), and is ours alone.
    spec.error_fd = std::os::fd::IntoRawFd::into_raw_fd(error);
    spec.status_fd = None;
    if cgroups.len() != spec.cgroup_procs.len() {
        fail(efd, "launch request", format!("{} cgroups for {}", cgroups.len(), spec.cgroup_procs.len()));
    }
    if (spec.seccomp, spec.seccomp && spec.deny_unix_sockets) != (setup.seccomp, setup.deny_unix_sockets) {
        fail(efd, "launch request", "a seccomp filter other than the instance's");
    }
    phase(&spec, "bot-woken");
    // The filter is in place already: become_bot installs none.
    become_bot(&spec, &cgroups, &[], BotStart::Waiting(root_ready))
}

/// Reads a launch request like the ones to come, while the bot-to-be waits for its own: the
/// first parse in a forked process faults in its code and heap pages one by one (tens of
/// microseconds in a VM), which would otherwise be on the launch's path.
fn warm_up_for_request() {
    let sample = HelperSpec {
        program: PathBuf::from("/bin/bot"),
        args: vec!["first".into()],
        env: vec![("PATH".into(), "/usr/bin:/bin".into())],
        workdir: PathBuf::from("/srv/botarena/submissions/0"),
        readable: vec![PathBuf::from("/usr"), PathBuf::from("/lib")],
        cgroup_procs: vec![PathBuf::from("/sys/fs/cgroup/memory/botarena/0/cgroup.procs")],
        uid: Some(1),
        gid: Some(1),
        cpu_seconds: Some(1),
        stack_bytes: Some(1),
        ..HelperSpec::default()
    };
    if let Ok(json) = serde_json::to_vec(&sample) {
        let _ = std::hint::black_box(serde_json::from_slice::<HelperSpec>(&json));
    }
}

fn io_err(what: String) -> impl FnOnce(nix::errno::Errno) -> std::io::Error {
    move |e| std::io::Error::other(format!("{what}: {e}"))
}

/// The minimal read-only root, entered with `pivot_root`, built whole by this launch's init
/// (where no prepared root could be joined).
fn build_root(spec: &HelperSpec) -> std::io::Result<()> {
    let root = &spec.root_dir;
    mount_root_tmpfs(root)?;
    // A private /tmp, small; its pages count against the bot's memory limit. Mounted first so
    // that a workdir under the host's /tmp is bound on top of it, not hidden by it.
    let tmp = root.join("tmp");
    fs::create_dir_all(&tmp)?;
    mount_tmp(&tmp, spec.tmp_mib)?;
    for path in &spec.readable {
        bind_path(root, path, false)?;
    }
    bind_path(root, &spec.workdir, spec.workdir_writable)?;
    write_etc(root, spec.uid, spec.gid)?;
    make_dev(root)?;
    fs::create_dir_all(root.join("proc"))?;
    enter_root(root)?;
    mount_shm_and_proc()?;
    remount_ro(Path::new("/"), MsFlags::MS_NOSUID | MsFlags::MS_NODEV)?;
    Ok(())
}

/// The part of a launch's root that is the same for every launch of the same `readable`
/// paths and user, built once by a process of the zygote in a new mount namespace of its own
/// and entered there: a read-only tmpfs with the readable paths bound read-only, `/etc/passwd`
/// and `/etc/group` naming `uid`, `/dev`, and empty directories where each launch mounts its
/// own `/tmp`, `/dev/shm`, `/proc` and (`workdir_top`, a top-level directory not otherwise in
/// the root) the tmpfs that holds its workdir's mount point. The namespace holds only these
/// mounts, so copying it per launch (`unshare`) is cheap. Launches join it read-only: nothing a
/// launch does in its copy reaches it.
pub fn build_shared_root(
    root: &Path,
    readable: &[PathBuf],
    uid: Option<u32>,
    gid: Option<u32>,
    workdir_top: Option<&str>,
) -> std::io::Result<()> {
    unshare(CloneFlags::CLONE_NEWNS).map_err(io_err("unshare".into()))?;
    mount_root_tmpfs(root)?;
    fs::create_dir_all(root.join("tmp"))?;
    for path in readable {
        bind_path(root, path, false)?;
    }
    write_etc(root, uid, gid)?;
    make_dev(root)?;
    fs::create_dir_all(root.join("proc"))?;
    if let Some(top) = workdir_top {
        fs::create_dir(root.join(top))?;
    }
    enter_root(root)?;
    remount_ro(Path::new("/"), MsFlags::MS_NOSUID | MsFlags::MS_NODEV)
}

/// Adds what differs per launch to a copy of a root from [`build_shared_root`]: `/tmp`, the
/// workdir at its own path (`workdir`: the detached bind made before the prepared root was
/// joined), `/dev/shm` and `/proc`.
fn finish_shared_root(spec: &HelperSpec, workdir: OwnedFd) -> std::io::Result<()> {
    unistd::chdir("/").map_err(io_err("chdir /".into()))?;
    mount_tmp(Path::new("/tmp"), spec.tmp_mib)?;
    show_workdir(&spec.workdir, workdir)?;
    mount_shm_and_proc()
}

/// Shows the workdir (`workdir`: a detached bind from [`detached_bind`]) at its own path in a
/// copy of a prepared root whose `/tmp` is mounted: under `/tmp` its mount point goes in the
/// launch's own `/tmp`; elsewhere in a small tmpfs on its top-level directory, read-only once
/// the mount point is made.
fn show_workdir(path: &Path, workdir: OwnedFd) -> std::io::Result<()> {
    let top = workdir_top(path).map(|t| Path::new("/").join(t));
    let top = top.filter(|t| t != Path::new("/tmp"));
    if let Some(top) = &top {
        mount(
            Some("tmpfs"),
            top,
            Some("tmpfs"),
            MsFlags::MS_NOSUID | MsFlags::MS_NODEV,
            Some("size=64k,mode=0755"),
        )
        .map_err(io_err(format!("tmpfs on {}", top.display())))?;
    }
    fs::create_dir_all(path)?;
    let _ = fs::set_permissions(path, fs::Permissions::from_mode(0o755));
    attach(&workdir, path)?;
    if let Some(top) = &top {
        remount_ro(top, MsFlags::MS_NOSUID | MsFlags::MS_NODEV)?;
    }
    Ok(())
}

/// The first component of an absolute `workdir` (`tmp` for `/tmp/x/w`), if it has one.
pub fn workdir_top(workdir: &Path) -> Option<String> {
    let mut parts = workdir.components();
    match (parts.next(), parts.next()) {
        (Some(std::path::Component::RootDir), Some(std::path::Component::Normal(name))) => {
            Some(name.to_string_lossy().to_string())
        }
        _ => None,
    }
}

/// The new root's own tmpfs at `root`, in a mount namespace that propagates nothing back.
fn mount_root_tmpfs(root: &Path) -> std::io::Result<()> {
    let none: Option<&str> = None;
    // Nothing we mount may propagate back to the host.
    mount(none, "/", none, MsFlags::MS_REC | MsFlags::MS_PRIVATE, none)
        .map_err(io_err("making / private".into()))?;
    mount(
        Some("tmpfs"),
        root,
        Some("tmpfs"),
        MsFlags::MS_NOSUID | MsFlags::MS_NODEV,
        Some("size=1m,mode=0755"),
    )
    .map_err(io_err(format!("tmpfs on {}", root.display())))
}

/// The launch's private /tmp, small; its pages count against the bot's memory limit.
fn mount_tmp(tmp: &Path, tmp_mib: u64) -> std::io::Result<()> {
    let opts = format!("size={}m,mode=1777", tmp_mib.max(1));
    mount(Some("tmpfs"), tmp, Some("tmpfs"), MsFlags::MS_NOSUID | MsFlags::MS_NODEV, Some(opts.as_str()))
        .map_err(io_err("tmpfs on /tmp".into()))
}

/// `/etc/passwd` and `/etc/group` naming the sandbox user, for runtimes that look themselves up.
fn write_etc(root: &Path, uid: Option<u32>, gid: Option<u32>) -> std::io::Result<()> {
    let etc = root.join("etc");
    fs::create_dir_all(&etc)?;
    let uid = uid.unwrap_or(0);
    let gid = gid.unwrap_or(0);
    fs::write(
        etc.join("passwd"),
        format!("root:x:0:0:root:/:/bin/false\nbot:x:{uid}:{gid}:bot:/tmp:/bin/false\n"),
    )?;
    fs::write(etc.join("group"), format!("root:x:0:\nbot:x:{gid}:\n"))?;
    fs::write(etc.join("hostname"), "botarena\n")
}

/// `/dev`, read-only: only null, zero, full, random and urandom, bound from the host, the
/// usual links into `/proc/self/fd`, and an empty `shm` for the launch's own tmpfs.
fn make_dev(root: &Path) -> std::io::Result<()> {
    let none: Option<&str> = None;
    let dev = root.join("dev");
    fs::create_dir_all(&dev)?;
    mount(
        Some("tmpfs"),
        &dev,
        Some("tmpfs"),
        MsFlags::MS_NOSUID | MsFlags::MS_NOEXEC,
        Some("size=64k,mode=0755"),
    )
    .map_err(io_err("tmpfs on /dev".into()))?;
    for name in ["null", "zero", "full", "random", "urandom"] {
        let host = Path::new("/dev").join(name);
        if !host.exists() {
            continue;
        }
        let target = dev.join(name);
        fs::write(&target, b"")?;
        mount(Some(&host), &target, none, MsFlags::MS_BIND, none)
            .map_err(io_err(format!("binding {}", host.display())))?;
    }
    for (name, to) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ] {
        symlink(to, dev.join(name))?;
    }
    fs::create_dir(dev.join("shm"))?;
    remount_ro(&dev, MsFlags::MS_NOSUID | MsFlags::MS_NOEXEC)
}

/// Enters the new root; the old one is stacked under it and detached.
fn enter_root(root: &Path) -> std::io::Result<()> {
    unistd::chdir(root).map_err(io_err("chdir to new root".into()))?;
    unistd::pivot_root(".", ".").map_err(io_err("pivot_root".into()))?;
    umount2(".", MntFlags::MNT_DETACH).map_err(io_err("detaching the old root".into()))?;
    unistd::chdir("/").map_err(io_err("chdir /".into()))
}

/// The launch's own `/dev/shm` and `/proc` (of its PID namespace, other users' processes hidden).
fn mount_shm_and_proc() -> std::io::Result<()> {
    mount(
        Some("tmpfs"),
        "/dev/shm",
        Some("tmpfs"),
        MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOEXEC,
        Some("size=1m,mode=1777"),
    )
    .map_err(io_err("tmpfs on /dev/shm".into()))?;
    mount(
        Some("proc"),
        "/proc",
        Some("proc"),
        MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOEXEC,
        Some("hidepid=2"),
    )
    .map_err(io_err("mounting /proc".into()))
}

/// `struct mount_attr` of `mount_setattr(2)`.
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

const OPEN_TREE_CLONE: libc::c_uint = 1;
const MOVE_MOUNT_F_EMPTY_PATH: libc::c_uint = 4;
const MOUNT_ATTR_RDONLY: u64 = 1;
const MOUNT_ATTR_NOSUID: u64 = 2;
const MOUNT_ATTR_NODEV: u64 = 4;
const MOUNT_ATTR_NOEXEC: u64 = 8;
/// `MS_PRIVATE`, as the 64-bit field of `mount_attr` takes it.
const MS_PRIVATE: u64 = 1 << 18;

/// A bind of `path` not attached anywhere yet (`open_tree`), private, `nosuid`, `nodev` and
/// read-only unless `writable`, like [`bind_path`]'s: it can be attached in another mount
/// namespace, where `path` itself may not be visible.
#[allow(unsafe_code)]
pub fn detached_bind(path: &Path, writable: bool) -> std::io::Result<OwnedFd> {
    let c = cstring(path.as_os_str().as_bytes());
    let flags = OPEN_TREE_CLONE | libc::O_CLOEXEC as libc::c_uint;
    // SAFETY: open_tree takes a directory fd, a NUL-terminated path that outlives the call and
    // flags; it returns a new descriptor or -1.
    let fd = unsafe { libc::syscall(libc::SYS_open_tree, libc::AT_FDCWD, c.as_ptr(), flags) };
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: a fresh descriptor the kernel returned to us.
    let tree = unsafe { OwnedFd::from_raw_fd(fd as RawFd) };
    let ro = if writable { 0 } else { MOUNT_ATTR_RDONLY };
    let attr = MountAttr {
        attr_set: MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | ro,
        attr_clr: MOUNT_ATTR_NOEXEC | (MOUNT_ATTR_RDONLY & !ro),
        propagation: MS_PRIVATE,
        userns_fd: 0,
    };
    let empty = c"";
    // SAFETY: mount_setattr takes our descriptor, an empty path (AT_EMPTY_PATH: the descriptor
    // itself), a valid mount_attr and its size.
    let r = unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            tree.as_raw_fd(),
            empty.as_ptr(),
            libc::AT_EMPTY_PATH as libc::c_uint,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        )
    };
    if r < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(tree)
}

/// Attaches a detached mount from [`detached_bind`] at `target` (`move_mount`).
#[allow(unsafe_code)]
fn attach(tree: &OwnedFd, target: &Path) -> std::io::Result<()> {
    let c = cstring(target.as_os_str().as_bytes());
    let empty = c"";
    // SAFETY: move_mount takes our descriptor with an empty path, a directory fd and a
    // NUL-terminated target path that outlives the call, and flags.
    let r = unsafe {
        libc::syscall(
            libc::SYS_move_mount,
            tree.as_raw_fd(),
            empty.as_ptr(),
            libc::AT_FDCWD,
            c.as_ptr(),
            MOVE_MOUNT_F_EMPTY_PATH,
        )
    };
    if r < 0 {
        let e = std::io::Error::last_os_error();
        return Err(std::io::Error::other(format!("binding {}: {e}", target.display())));
    }
    Ok(())
}

fn remount_ro(path: &Path, extra: MsFlags) -> std::io::Result<()> {
    let none: Option<&str> = None;
    mount(none, path, none, MsFlags::MS_REMOUNT | MsFlags::MS_BIND | MsFlags::MS_RDONLY | extra, none)
        .map_err(io_err(format!("remounting {} read-only", path.display())))
}

/// Makes `path` of the host visible at the same path under `root`. Symbolic links are
/// recreated (so `/bin -> usr/bin` stays a link) and their targets bound as well.
fn bind_path(root: &Path, path: &Path, writable: bool) -> std::io::Result<()> {
    let none: Option<&str> = None;
    let meta = match fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(_) => return Ok(()), // missing on this host: nothing to show
    };
    let inside = root.join(path.strip_prefix("/").unwrap_or(path));
    let already = fs::symlink_metadata(&inside);
    if already.is_ok() && !meta.is_dir() && meta.file_type().is_symlink() {
        return Ok(()); // already there (a link made for an earlier entry)
    }
    // Already shown, read-only, by the bind of a directory above it on the same file system
    // (`/bin -> usr/bin` after `/usr`): a second bind would show the very same thing.
    if let (Ok(inside_meta), false) = (&already, writable) {
        if !meta.file_type().is_symlink()
            && inside_meta.dev() == meta.dev()
            && inside_meta.ino() == meta.ino()
        {
            return Ok(());
        }
    }
    if already.is_ok() && !meta.is_dir() {
        return Ok(()); // already there (a file made for an earlier entry)
    }
    if meta.file_type().is_symlink() {
        let target = fs::read_link(path)?;
        if let Some(parent) = inside.parent() {
            fs::create_dir_all(parent)?;
        }
        if fs::symlink_metadata(&inside).is_err() {
            symlink(&target, &inside)?;
        }
        let resolved = fs::canonicalize(path)?;
        return bind_path(root, &resolved, writable);
    }
    if meta.is_dir() {
        fs::create_dir_all(&inside)?;
        let _ = fs::set_permissions(&inside, fs::Permissions::from_mode(0o755));
    } else {
        if let Some(parent) = inside.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(&inside, b"")?;
    }
    mount(Some(path), &inside, none, MsFlags::MS_BIND, none)
        .map_err(io_err(format!("binding {}", path.display())))?;
    let flags = MsFlags::MS_NOSUID | MsFlags::MS_NODEV;
    if writable {
        mount(none, &inside, none, MsFlags::MS_REMOUNT | MsFlags::MS_BIND | flags, none)
            .map_err(io_err(format!("remounting {}", path.display())))
    } else {
        remount_ro(&inside, flags)
    }
}

/// Finds `program` like `execvp` would, in the PATH of the bot's environment.
fn resolve_program(spec: &HelperSpec) -> PathBuf {
    let program = &spec.program;
    if program.as_os_str().as_bytes().contains(&b'/') {
        return program.clone();
    }
    let path = spec
        .env
        .iter()
        .find(|(k, _)| k == "PATH")
        .map(|(_, v)| v.as_str())
        .unwrap_or("/usr/local/bin:/usr/bin:/bin");
    for dir in path.split(':') {
        let candidate = Path::new(dir).join(program);
        if candidate.is_file() {
            return candidate;
        }
    }
    program.clone()
}

fn cstring(bytes: &[u8]) -> CString {
    CString::new(bytes.iter().copied().filter(|b| *b != 0).collect::<Vec<u8>>()).unwrap_or_default()
}

/// How the bot process came to be: forked for its launch, or pre-started and waiting for init
/// to show the workdir (the read end of init's pipe).
enum BotStart {
    Forked,
    Waiting(OwnedFd),
}

/// The bot process: cgroups, user, limits, seccomp, exec. `filters` were compiled before the
/// forks (empty when seccomp is off, or when the filter is in place already).
fn become_bot(spec: &HelperSpec, cgroups: &[fs::File], filters: &[BpfProgram], start: BotStart) -> ! {
    let efd = spec.error_fd;
    let root_ready = match start {
        BotStart::Forked => {
            phase(spec, "bot-forked");
            None
        }
        BotStart::Waiting(fd) => Some(fd),
    };
    for (mut file, path) in cgroups.iter().zip(&spec.cgroup_procs) {
        if let Err(e) = file.write_all(b"0") {
            fail(efd, &format!("joining {}", path.display()), e);
        }
    }
    phase(spec, "cgroups-joined");
    let _ = unistd::setsid();
    if let Some(cpu) = spec.affinity_cpu {
        let mut set = nix::sched::CpuSet::new();
        if set.set(cpu).is_ok() {
            let _ = nix::sched::sched_setaffinity(Pid::from_raw(0), &set);
        }
    }
    if let Some(ready) = root_ready {
        // Init shows the workdir meanwhile, and says when it has.
        let mut report = String::new();
        let _ = fs::File::from(ready).read_to_string(&mut report);
        if report != "ok" {
            fail(efd, "building the sandbox root", if report.is_empty() { "init ended" } else { &report });
        }
        phase(spec, "root-built");
    }
    if let Err(e) = unistd::chdir(&spec.workdir) {
        fail(efd, &format!("chdir to {}", spec.workdir.display()), e);
    }
    let limits = [
        (Resource::RLIMIT_CORE, 0, 0),
        (Resource::RLIMIT_FSIZE, spec.max_file_bytes, spec.max_file_bytes),
        (Resource::RLIMIT_NOFILE, spec.max_open_files, spec.max_open_files),
        // Per-user backstop for the pids cgroup; the uid is this slot's alone.
        (Resource::RLIMIT_NPROC, spec.max_processes, spec.max_processes),
    ];
    for (res, soft, hard) in limits {
        // Never above the current hard limit: raising it needs CAP_SYS_RESOURCE, which a
        // judge in a container may lack, and a higher limit is not what we want anyway.
        let (_, cur_hard) = getrlimit(res).unwrap_or((u64::MAX, u64::MAX));
        let (soft, hard) = (soft.min(cur_hard), hard.min(cur_hard));
        if let Err(e) = setrlimit(res, soft, hard) {
            fail(efd, &format!("setrlimit {res:?}"), e);
        }
    }
    if let Some(stack) = spec.stack_bytes {
        let (_, cur_hard) = getrlimit(Resource::RLIMIT_STACK).unwrap_or((u64::MAX, u64::MAX));
        let _ = setrlimit(Resource::RLIMIT_STACK, stack.min(cur_hard), stack.min(cur_hard));
    }
    if let Some(secs) = spec.cpu_seconds {
        // SIGXCPU at the soft limit, SIGKILL a second later.
        let (_, cur_hard) = getrlimit(Resource::RLIMIT_CPU).unwrap_or((u64::MAX, u64::MAX));
        if let Err(e) = setrlimit(Resource::RLIMIT_CPU, secs.min(cur_hard), (secs + 1).min(cur_hard)) {
            fail(efd, "setrlimit RLIMIT_CPU", e);
        }
    }
    if let (Some(uid), Some(gid)) = (spec.uid, spec.gid) {
        let (uid, gid) = (Uid::from_raw(uid), Gid::from_raw(gid));
        if let Err(e) = unistd::setgroups(&[gid]) {
            fail(efd, "setgroups", e);
        }
        if let Err(e) = unistd::setresgid(gid, gid, gid) {
            fail(efd, "setresgid", e);
        }
        if let Err(e) = unistd::setresuid(uid, uid, uid) {
            fail(efd, "setresuid", e);
        }
        if unistd::setuid(Uid::from_raw(0)).is_ok() {
            fail(efd, "dropping root", "could regain uid 0");
        }
    }
    if let Err(e) = nix::sys::prctl::set_no_new_privs() {
        fail(efd, "PR_SET_NO_NEW_PRIVS", e);
    }
    close_other_fds(efd);
    // Signals the judge may have ignored or blocked must not stay so for the bot.
    let _ = signal::sigprocmask(signal::SigmaskHow::SIG_SETMASK, Some(&signal::SigSet::empty()), None);
    for sig in [Signal::SIGPIPE, Signal::SIGINT, Signal::SIGTERM, Signal::SIGHUP] {
        // SAFETY: SIG_DFL installs no Rust code as a handler.
        #[allow(unsafe_code)]
        let _ = unsafe { signal::signal(sig, SigHandler::SigDfl) };
    }

    let program = resolve_program(spec);
    let path = cstring(program.as_os_str().as_bytes());
    let mut argv = vec![cstring(spec.program.as_os_str().as_bytes())];
    argv.extend(spec.args.iter().map(|a| cstring(a.as_bytes())));
    let envp: Vec<CString> = spec.env.iter().map(|(k, v)| cstring(format!("{k}={v}").as_bytes())).collect();

    phase(spec, "user-set");
    if spec.seccomp {
        if let Err(e) = seccomp::install(filters) {
            fail(efd, "installing the seccomp filter", e);
        }
    }
    phase(spec, "exec");
    let err = unistd::execve(&path, &argv, &envp).unwrap_err();
    fail(efd, &format!("executing {}", program.display()), err)
}

/// Leaves only 0, 1, 2 and the error pipe (close-on-exec) open.
fn close_other_fds(keep: RawFd) {
    let _ = nix::fcntl::fcntl(keep, nix::fcntl::FcntlArg::F_SETFD(nix::fcntl::FdFlag::FD_CLOEXEC));
    // SAFETY: close_range takes two descriptor numbers and flags; it only closes descriptors.
    #[allow(unsafe_code)]
    let closed = |first: RawFd, last: libc::c_uint| unsafe {
        libc::syscall(libc::SYS_close_range, first as libc::c_uint, last, 0 as libc::c_uint) == 0
    };
    let below = keep <= 3 || closed(3, (keep - 1) as libc::c_uint);
    if below && closed(keep.max(2) + 1, libc::c_uint::MAX) {
        return;
    }
    let fds: Vec<RawFd> = match fs::read_dir("/proc/self/fd") {
        Ok(dir) => dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok()).collect(),
        Err(_) => (3..1024).collect(),
    };
    for fd in fds {
        if fd > 2 && fd != keep {
            let _ = unistd::close(fd);
        }
    }
}
