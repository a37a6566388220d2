//! The processes of a pre-started instance: its init and its bot-to-be, made before the launch
//! they serve, which the bot-to-be then becomes the way a forked bot does (`helper.rs`).
//!
//! Where the zygote has a prepared root for a launch, init and the bot are made *before* the launch
//! ([`run_instance`]) and wait for it, with no outer: the zygote enters the namespaces itself
//! (joins the network namespace and the prepared root, unshares the others), forks init straight
//! into them and goes back to its own; init mounts the instance's own `/tmp`, `/dev/shm` and
//! `/proc`, sets the hostname and forks the bot-to-be, which installs the launch's seccomp filter
//! at once (the filter compiled by the zygote; it is the longest step of a start, ~0.2 ms, as the
//! kernel translates and compiles the program). Then init waits on a socket for its part of the
//! launch and the bot-to-be on another for its own. When the launch comes, init gets the workdir as
//! a detached mount (taken by the judge, which sees the host; see
//! [`super::zygote::handover::hand_over`]) and the judge's status pipe, shows the workdir at its
//! path and tells the bot-to-be on a pipe; the bot-to-be gets the spec, the bot's pipes and the
//! error pipe, sets its limits meanwhile, and once the workdir is shown becomes the bot exactly as
//! a forked one (`become_bot`, with the filter already in place); init reaps and reports as a
//! helper's does, and exits once the judge is done with the launch. The bot-to-be joined its
//! launch's cgroups as it was made (groups the judge made for it, whose limits it writes at the
//! launch): a join takes the kernel's cgroup lock for writing, which waits for an RCU grace period
//! when no join came shortly before (milliseconds while every CPU is busy). An instance made for a
//! launch that found none joins the launch's groups at the launch, from `cgroup.procs` files the
//! judge opened. Every namespace, mount and process of an instance is made for one launch and
//! serves no other; an instance never used is ended by the judge closing its sockets. What a start
//! waits for is then two wake-ups of sleeping processes instead of three new ones (on a loaded
//! machine a new process waits up to a scheduler tick before it first runs, a woken one
//! microseconds), plus the workdir's mount, the cgroup joins and the `execve`. The bot ends with
//! the same filter, user, limits and `no_new_privs` as a forked one; only the filter came earlier
//! in its life, which only narrows what the code before its `execve` (ours) may do.

use std::fs;
use std::io::Write;
use std::os::fd::{AsFd, AsRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use nix::sys::signal::Signal;
use nix::unistd::{self, ForkResult, Pid};

use super::helper::{become_bot, fail, kill_the_rest, phase, reap_and_report, BotStart};
use super::root::{io_err, mount_shm_and_proc, mount_tmp, show_workdir};
use super::seccomp;
use super::wire::{
    adopt_fd, monotonic_ns, receive, write_phase, HelperSpec, INSTANCE_LAUNCH_FDS, MAX_REQUEST,
};

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
    let mut buf = vec![0u8; MAX_REQUEST];
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
