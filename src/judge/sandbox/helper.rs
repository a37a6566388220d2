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
//!   into it, or, when outer joined a root the zygote prepared ([`super::root::build_shared_root`]), only
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
//! Where the zygote has a prepared root, init and the bot are made *before* the launch instead,
//! and wait for it: a pre-started instance (see [`super::instance`]), whose processes end the
//! same way through `become_bot` and `reap_and_report`. The root itself is built by
//! [`super::root`].
//!
//! Setup errors are written to an error pipe the judge reads until it closes (at the bot's
//! `execve`, the pipe being close-on-exec), so `launch` fails with the real reason.

use std::ffi::CString;
use std::fs;
use std::io::{Read, Write};
use std::os::fd::{AsFd, AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use nix::sched::{setns, unshare, CloneFlags};
use nix::sys::resource::{getrlimit, setrlimit, Resource};
use nix::sys::signal::{self, SigHandler, Signal};
use nix::sys::wait::waitpid;
use nix::unistd::{self, ForkResult, Gid, Pid, Uid};
use seccompiler::BpfProgram;

use super::root::{build_root, cstring, detached_bind, finish_shared_root};
use super::seccomp;
use super::wire::{adopt_fd, monotonic_ns, write_phase, HelperSpec};

/// Reports a setup milestone (see [`HelperSpec::trace_phases`]).
pub(super) fn phase(spec: &HelperSpec, name: &str) {
    if spec.trace_phases {
        write_phase(std::io::stderr().as_fd(), name, monotonic_ns());
    }
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
pub(super) fn fail(error_fd: RawFd, what: &str, err: impl std::fmt::Display) -> ! {
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
pub(super) fn reap_and_report(
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
pub(super) fn kill_the_rest() {
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

/// How the bot process came to be: forked for its launch, or pre-started and waiting for init
/// to show the workdir (the read end of init's pipe).
pub(super) enum BotStart {
    Forked,
    Waiting(OwnedFd),
}

/// The bot process: cgroups, user, limits, seccomp, exec. `filters` were compiled before the
/// forks (empty when seccomp is off, or when the filter is in place already).
pub(super) fn become_bot(
    spec: &HelperSpec,
    cgroups: &[fs::File],
    filters: &[BpfProgram],
    start: BotStart,
) -> ! {
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
