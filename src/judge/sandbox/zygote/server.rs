//! The zygote process (`botarena sandbox zygote`): serves the judge's launch requests on its
//! control socket (forking a helper, or starting an instance for the launch and handing it
//! over), and starts the instances the judge asks for on the instance channel; it prepares the
//! shared roots and compiles the seccomp filters once. See the module docs of [`super`] for
//! the design.

use std::collections::{HashMap, VecDeque};
use std::fs;
use std::io::{self, Read};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, FromRawFd, OwnedFd, RawFd};

use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
use nix::sched::{setns, unshare, CloneFlags};
use nix::sys::signal::{self, SigSet, Signal};
use nix::sys::signalfd::{SfdFlags, SignalFd};
use nix::sys::socket::{socketpair, AddressFamily, SockFlag, SockType};
use nix::unistd::{self, ForkResult};

use super::handover::{hand_over, stamps, Instance, InstanceKey, RootKey};
use crate::judge::sandbox::process::pidfd_open;
use crate::judge::sandbox::wire::{
    monotonic_ns, receive, send, write_phase, Delivery, HelperSpec, LaunchFds, WantMessage, MAX_REQUEST,
};
use crate::judge::sandbox::{helper, instance, root, seccomp};

/// How long the zygote waits for a launch announced to follow (see
/// [`HelperSpec::more_follow`]) before it goes on to refill.
const MORE_FOLLOW_WAIT_MS: u8 = 5;

/// The descriptor numbers a forked helper finds its launch's descriptors at.
const ERROR_FD: RawFd = 3;

const NETNS_FD: RawFd = 4;

const STATUS_FD: RawFd = 5;

/// Where a forked helper finds the mount namespace of its prepared root (see [`SharedRoots`]).
const ROOT_FD: RawFd = 6;

/// The entry point of `botarena sandbox zygote JUDGE_PID`: serves launch requests on fd 0 until
/// it closes. Never returns.
pub fn serve(judge_pid: u32) -> ! {
    if nix::sys::prctl::set_pdeathsig(Signal::SIGKILL).is_err() {
        std::process::exit(127);
    }
    if unistd::getppid().as_raw() as u32 != judge_pid {
        std::process::exit(127); // the judge died before the death signal was armed
    }
    let _ = nix::sys::prctl::set_dumpable(false);
    // Whatever we start and its orphans are ours to reap, not init's: when the judge is done,
    // we end them all before we exit (see `end_everything`).
    let _ = nix::sys::prctl::set_child_subreaper(true);
    // The control socket (fd 0) and the instance channel (fd 1) move off 0..=6, where forked
    // helpers put their own descriptors.
    let adopt_high = |fd: RawFd| -> OwnedFd {
        match nix::fcntl::fcntl(fd, nix::fcntl::FcntlArg::F_DUPFD_CLOEXEC(ROOT_FD + 1)) {
            // SAFETY: F_DUPFD_CLOEXEC returned a new descriptor that we own.
            #[allow(unsafe_code)]
            Ok(fd) => unsafe { OwnedFd::from_raw_fd(fd) },
            Err(_) => std::process::exit(127),
        }
    };
    let (control, channel) = (adopt_high(0), adopt_high(1));
    if let Ok(null) = fs::OpenOptions::new().read(true).write(true).open("/dev/null") {
        let _ = unistd::dup2(null.as_raw_fd(), 0);
        let _ = unistd::dup2(null.as_raw_fd(), 1);
    }
    let mut mask = SigSet::empty();
    mask.add(Signal::SIGCHLD);
    if mask.thread_block().is_err() {
        std::process::exit(127);
    }
    let Ok(sigfd) = SignalFd::with_flags(&mask, SfdFlags::SFD_NONBLOCK | SfdFlags::SFD_CLOEXEC) else {
        std::process::exit(127)
    };
    // Compiled once, here, for every launch (with and without Unix sockets denied); a helper
    // whose filter could not be compiled compiles it itself and reports the error.
    let filters = Filters { deny_unix: seccomp::filter(true).ok(), allow_unix: seccomp::filter(false).ok() };
    let mut statuses: HashMap<i32, OwnedFd> = HashMap::new();
    let mut roots = SharedRoots { home: HomeNamespaces::open(), ..SharedRoots::default() };
    let mut buf = vec![0u8; MAX_REQUEST];
    // Instances the judge asked for, started one at a time when no launch is waiting.
    let mut wants: VecDeque<Want> = VecDeque::new();
    let mut channel_open = true;
    // The last request said another follows at once: wait for it (briefly) before building.
    let mut more_follow = false;
    loop {
        // A launch first: instances are started when none is waiting (or announced).
        let timeout = if more_follow {
            PollTimeout::from(MORE_FOLLOW_WAIT_MS)
        } else if wants.is_empty() {
            PollTimeout::NONE
        } else {
            PollTimeout::ZERO
        };
        let (control_ready, child_ready, channel_ready) = {
            let channel_events = if channel_open { PollFlags::POLLIN } else { PollFlags::empty() };
            let mut fds = [
                PollFd::new(control.as_fd(), PollFlags::POLLIN),
                PollFd::new(sigfd.as_fd(), PollFlags::POLLIN),
                PollFd::new(channel.as_fd(), channel_events),
            ];
            match poll(&mut fds, timeout) {
                Ok(_) => {}
                Err(nix::errno::Errno::EINTR) => continue,
                Err(_) => std::process::exit(1),
            }
            let ready = |f: &PollFd| f.revents().is_some_and(|r| !r.is_empty());
            (ready(&fds[0]), ready(&fds[1]), ready(&fds[2]))
        };
        if child_ready {
            while let Ok(Some(_)) = sigfd.read_signal() {}
            reap(&mut statuses);
        }
        if channel_ready {
            match receive_want(&channel, &mut buf) {
                Some(Ok(want)) => wants.push_back(want),
                Some(Err(())) => {}
                None => channel_open = false,
            }
        }
        if control_ready {
            match serve_one(&control, &mut statuses, &mut roots, &mut buf, &filters) {
                Some(more) => more_follow = more,
                // The judge closed the socket: the launcher is gone, or the judge is exiting.
                None => end_everything(),
            }
        } else if !child_ready && !channel_ready {
            more_follow = false;
            if let Some(want) = wants.pop_front() {
                deliver(&channel, want, &mut roots, &filters);
            }
        }
    }
}

/// Kills every process we started (the helpers, the held instances' inits, and through them
/// their PID namespaces) and reaps them, and the orphans that come to us as they die (we are
/// their subreaper), until none is left; then exits. The judge waits for our exit, so no
/// process of its sandbox outlives it, not even as a zombie of init's.
fn end_everything() -> ! {
    let me = unistd::getpid();
    loop {
        for child in children_of(me) {
            let _ = signal::kill(child, Signal::SIGKILL);
        }
        match nix::sys::wait::waitpid(None::<unistd::Pid>, None) {
            Ok(_) | Err(nix::errno::Errno::EINTR) => {}
            // ECHILD: nothing of ours is left.
            Err(_) => std::process::exit(0),
        }
    }
}

/// The children of `pid` (a single-threaded process: its only thread's list), from `/proc`.
fn children_of(pid: unistd::Pid) -> Vec<unistd::Pid> {
    let listed = fs::read_to_string(format!("/proc/{pid}/task/{pid}/children"));
    if let Ok(text) = listed {
        return text.split_whitespace().filter_map(|p| p.parse().ok()).map(unistd::Pid::from_raw).collect();
    }
    // A kernel without that file: every process whose parent is `pid`.
    let Ok(dir) = fs::read_dir("/proc") else { return Vec::new() };
    dir.flatten()
        .filter_map(|e| {
            let stat = fs::read_to_string(e.path().join("stat")).ok()?;
            let ppid: i32 = stat[stat.rfind(')')? + 1..].split_whitespace().nth(1)?.parse().ok()?;
            let child: i32 = e.file_name().to_str()?.parse().ok()?;
            (ppid == pid.as_raw()).then_some(unistd::Pid::from_raw(child))
        })
        .collect()
}

/// An instance the judge asked for ahead of a launch of `spec`'s kind.
struct Want {
    id: u64,
    spec: HelperSpec,
    netns: Option<OwnedFd>,
    /// The `cgroup.procs` files of the groups the instance's bot-to-be joins as it is made.
    cgroups: Vec<OwnedFd>,
    cpu: Option<usize>,
}

/// Reads one want from the channel: None when it has closed, `Some(Err)` for a message that is
/// not one.
fn receive_want(channel: &OwnedFd, buf: &mut [u8]) -> Option<Result<Want, ()>> {
    let (n, mut fds) = match receive(channel.as_fd(), buf) {
        Ok((0, fds)) if fds.is_empty() => return None,
        Ok(received) => received,
        Err(nix::errno::Errno::EINTR | nix::errno::Errno::EAGAIN | nix::errno::Errno::EMSGSIZE) => {
            return Some(Err(()))
        }
        Err(_) => return None,
    };
    let Ok(message) = serde_json::from_slice::<WantMessage>(&buf[..n]) else { return Some(Err(())) };
    let netns = if fds.len() > message.cgroups { fds.pop() } else { None };
    if fds.len() != message.cgroups {
        return Some(Err(()));
    }
    Some(Ok(Want { id: message.id, spec: message.spec, netns, cgroups: fds, cpu: message.cpu }))
}

/// Starts the instance `want` asks for and sends it to the judge (or why it could not start).
fn deliver(channel: &OwnedFd, want: Want, roots: &mut SharedRoots, filters: &Filters) {
    // The bots and the judge just woken by our messages were put on this CPU (the kernel
    // expects a waker to sleep next); they run first, the instance's fork after them.
    // SAFETY: sched_yield takes no arguments and only gives up the CPU.
    #[allow(unsafe_code)]
    unsafe {
        libc::sched_yield()
    };
    let netns = want.netns.as_ref().map(|f| f.as_fd());
    let started = roots.start_instance_for(&want.spec, netns, &want.cgroups, want.cpu, filters);
    let (delivery, fds) = match &started {
        Ok(instance) => {
            let mut fds = vec![instance.init.as_raw_fd(), instance.bot.as_raw_fd()];
            fds.extend(instance.pidfd.as_ref().map(|f| f.as_raw_fd()));
            (Delivery { id: want.id, pid: instance.pid, error: None }, fds)
        }
        Err(e) => (Delivery { id: want.id, pid: 0, error: Some(e.to_string()) }, Vec::new()),
    };
    let Ok(json) = serde_json::to_vec(&delivery) else { return };
    let _ = send(channel.as_raw_fd(), &json, &fds);
    // Our ends close here: the instance is the judge's now.
}

/// Reaps every ended child and writes its raw wait status on its status pipe.
fn reap(statuses: &mut HashMap<i32, OwnedFd>) {
    loop {
        let mut raw: libc::c_int = 0;
        // SAFETY: waitpid with a valid out-pointer; WNOHANG never blocks.
        #[allow(unsafe_code)]
        let pid = unsafe { libc::waitpid(-1, &mut raw, libc::WNOHANG) };
        if pid <= 0 {
            return;
        }
        if let Some(fd) = statuses.remove(&pid) {
            let _ = unistd::write(&fd, &raw.to_le_bytes());
        }
    }
}

/// The seccomp filters the zygote compiled at its start.
struct Filters {
    deny_unix: Option<seccomp::Filters>,
    allow_unix: Option<seccomp::Filters>,
}

/// Handles one request: None when the control socket has closed, else whether the judge said
/// another launch follows at once.
fn serve_one(
    control: &OwnedFd,
    statuses: &mut HashMap<i32, OwnedFd>,
    roots: &mut SharedRoots,
    buf: &mut [u8],
    filters: &Filters,
) -> Option<bool> {
    let (n, truncated, fds) = match receive(control.as_fd(), buf) {
        Ok((n, fds)) => (n, false, fds),
        Err(nix::errno::Errno::EMSGSIZE) => (0, true, Vec::new()),
        Err(nix::errno::Errno::EINTR) | Err(nix::errno::Errno::EAGAIN) => return Some(false),
        Err(_) => return None,
    };
    if n == 0 && fds.is_empty() && !truncated {
        return None;
    }
    let answer = |text: &str, pidfd: Option<&OwnedFd>| {
        let raw: Vec<RawFd> = pidfd.map(|f| f.as_raw_fd()).into_iter().collect();
        let _ = send(control.as_raw_fd(), text.as_bytes(), &raw);
    };
    if truncated {
        answer("error: launch request truncated", None);
        return Some(false);
    }
    let received = monotonic_ns();
    let mut spec: HelperSpec = match serde_json::from_slice(&buf[..n]) {
        Ok(s) => s,
        Err(e) => {
            answer(&format!("error: bad launch request: {e}"), None);
            return Some(false);
        }
    };
    let more = spec.more_follow;
    if fds.len() != 5 + usize::from(spec.netns_fd.is_some()) {
        answer(&format!("error: launch request came with {} descriptors", fds.len()), None);
        return Some(false);
    }
    let mut fds = fds.into_iter();
    let (stdin, stdout, stderr, error, status) =
        match (fds.next(), fds.next(), fds.next(), fds.next(), fds.next()) {
            (Some(a), Some(b), Some(c), Some(d), Some(e)) => (a, b, c, d, e),
            _ => unreachable!("counted above"),
        };
    let netns = fds.next();
    // `sandbox bench` shows when the zygote had the launch.
    let tracing = spec.trace_phases;
    let trace = |name: &str, at: i128| {
        if tracing {
            write_phase(stderr.as_fd(), name, at);
        }
    };
    trace("zygote-received", received);
    spec.error_fd = ERROR_FD;
    spec.netns_fd = netns.as_ref().map(|_| NETNS_FD);
    // With namespaces, the helper's init writes the bot's status itself as soon as it has
    // reaped it (and everything else in the namespace); without, the helper becomes the bot and
    // we write its status when we reap it.
    let (status, status_here) = if spec.namespaces { (Some(status), None) } else { (None, Some(status)) };
    spec.status_fd = status.as_ref().map(|_| STATUS_FD);
    let prebuilt = if spec.deny_unix_sockets { &filters.deny_unix } else { &filters.allow_unix };
    // The helper checks that its parent is the process it expects: us.
    spec.judge_pid = std::process::id();
    let root = if spec.namespaces { roots.for_spec(&spec).map(|ns| ns.as_raw_fd()) } else { None };
    if let (Some(_), Some(status)) = (root, &status) {
        // An instance started for this launch: the judge had none of its kind at hand (see
        // [`Zygote::take_held`]).
        let launch = LaunchFds {
            stdin: stdin.as_fd(),
            stdout: stdout.as_fd(),
            stderr: stderr.as_fd(),
            error: error.as_fd(),
            status: status.as_fd(),
            netns: netns.as_ref().map(|f| f.as_fd()),
        };
        let handed = roots
            .start_instance_for(&spec, launch.netns, &[], None, filters)
            .map_err(|_| None)
            .and_then(|instance| hand_over(&instance, &spec, &buf[..n], &launch).map(|()| instance));
        match handed {
            Ok(instance) => {
                trace("handed-over", monotonic_ns());
                answer(&format!("ok {}", instance.pid), instance.pidfd.as_ref());
                return Some(more);
            }
            Err(Some(e)) => {
                answer(&format!("error: {e}"), None);
                return Some(more);
            }
            // Started the ordinary way below, which reports why if it fails too.
            Err(None) => {}
        }
    }
    spec.root_template_fd = root.map(|_| ROOT_FD);
    // SAFETY: this process is single-threaded (a fresh exec of our binary that started no
    // threads), so the child may run arbitrary code after fork.
    #[allow(unsafe_code)]
    let fork = unsafe { unistd::fork() };
    match fork {
        Err(e) => answer(&format!("error: fork: {e}"), None),
        Ok(ForkResult::Child) => {
            let keep = [stdin.as_raw_fd(), stdout.as_raw_fd(), stderr.as_raw_fd(), error.as_raw_fd()];
            let netns_raw = netns.as_ref().map(|f| f.as_raw_fd());
            let status_raw = status.as_ref().map(|f| f.as_raw_fd());
            become_helper(keep, netns_raw, status_raw, root, spec, prebuilt.as_ref())
        }
        Ok(ForkResult::Parent { child }) => {
            let pidfd = pidfd_open(child.as_raw() as u32);
            if let Some(status) = status_here {
                statuses.insert(child.as_raw(), status);
            }
            answer(&format!("ok {}", child.as_raw()), pidfd.as_ref());
            // Our copies of the launch's other descriptors close here: the helper has its own.
        }
    }
    Some(more)
}

/// In the forked child: the launch's descriptors at 0..=3, the network namespace at 4, the
/// status pipe at 5 and the prepared root's namespace at 6 (when given), nothing else open,
/// signals as a fresh process has them; then the helper, with the filters the zygote compiled.
fn become_helper(
    keep: [RawFd; 4],
    netns: Option<RawFd>,
    status: Option<RawFd>,
    root: Option<RawFd>,
    spec: HelperSpec,
    filters: Option<&seccomp::Filters>,
) -> ! {
    let targets: Vec<(RawFd, RawFd)> = keep
        .iter()
        .copied()
        .zip(0..)
        .chain(netns.map(|fd| (fd, NETNS_FD)))
        .chain(status.map(|fd| (fd, STATUS_FD)))
        .chain(root.map(|fd| (fd, ROOT_FD)))
        .collect();
    place_fds(&targets, 0..=ROOT_FD);
    // The error pipe must close at the bot's execve, as with `sandbox exec`; so must the status
    // pipe (the bot closes every other descriptor anyway).
    for fd in [ERROR_FD, STATUS_FD, ROOT_FD] {
        let _ = nix::fcntl::fcntl(fd, nix::fcntl::FcntlArg::F_SETFD(nix::fcntl::FdFlag::FD_CLOEXEC));
    }
    let _ = signal::sigprocmask(signal::SigmaskHow::SIG_SETMASK, Some(&SigSet::empty()), None);
    helper::run(spec, filters)
}

/// At most this many prepared roots are kept; beyond, they are all dropped and made again as
/// launches need them (a namespace of some twenty mounts each).
const MAX_SHARED_ROOTS: usize = 32;

/// The read-only parts of launch roots, each prepared once (by [`root::build_shared_root`] in
/// a short-lived child, whose mount namespace we keep) and joined by every launch that would
/// have built the same: same `readable` paths, user and group, and workdir top-level
/// directory. Building the root was most of a start; a launch now copies the prepared
/// namespace and adds its `/tmp`, workdir, `/dev/shm` and `/proc`.
#[derive(Default)]
struct SharedRoots {
    /// None: preparing it failed; launches of that key build their whole root, as before.
    roots: HashMap<RootKey, Option<SharedRoot>>,
    /// Where we come back to after forking an instance's init; None: no instances.
    home: Option<HomeNamespaces>,
}

struct SharedRoot {
    ns: OwnedFd,
    /// What each readable path was when the root was made: its bind shows that object for as
    /// long as the root lives, so a path replaced on the host since (a reinstalled toolchain,
    /// a new `ld.so.cache`) has the root made again.
    stamps: Vec<Option<(u64, u64)>>,
}

impl SharedRoots {
    /// The mount namespace of `spec`'s prepared root, made now if there is none yet (or its
    /// readable paths have changed); None where the launch must build its whole root.
    fn for_spec(&mut self, spec: &HelperSpec) -> Option<&OwnedFd> {
        let key = RootKey::of(spec)?;
        let now = stamps(&key.readable);
        let current = match self.roots.get(&key) {
            Some(None) => return None,
            Some(Some(root)) => root.stamps == now,
            None => false,
        };
        if !current {
            if self.roots.len() >= MAX_SHARED_ROOTS {
                self.roots.clear();
            }
            let root = prepare_root(&key).ok().map(|ns| SharedRoot { ns, stamps: now });
            self.roots.insert(key.clone(), root);
        }
        self.roots.get(&key)?.as_ref().map(|r| &r.ns)
    }
}

impl SharedRoots {
    /// Starts an instance of `spec`'s kind on its prepared root, for a launch the judge asked
    /// us for or an instance it wants ahead (see [`super::client::Zygote::want_instances`]).
    /// `cgroups`: the `cgroup.procs` files its bot-to-be joins as it is made (none: it joins
    /// the launch's at the launch).
    fn start_instance_for(
        &mut self,
        spec: &HelperSpec,
        netns: Option<BorrowedFd>,
        cgroups: &[OwnedFd],
        cpu: Option<usize>,
        filters: &Filters,
    ) -> io::Result<Instance> {
        let unsupported = || io::Error::other("this launch cannot run in a pre-started instance");
        let key = InstanceKey::of(spec, netns).ok_or_else(unsupported)?;
        let root = self.for_spec(spec).ok_or_else(unsupported)?.as_raw_fd();
        let home = self.home.as_ref().ok_or_else(unsupported)?;
        start_instance(&key, root, netns, cgroups, cpu, filters, home)
    }
}

/// Starts a new instance of `key` (see [`instance::run_instance`]): enters its namespaces
/// ourselves (the network namespace launches share, or a new one; a copy of the prepared
/// root's mount namespace `root`; new PID, IPC and UTS namespaces), forks its init straight
/// into them, and comes back to our own. No helper process stands between us and the
/// instance's init, so an instance costs one process less to make and to end.
fn start_instance(
    key: &InstanceKey,
    root: RawFd,
    netns: Option<BorrowedFd>,
    cgroups: &[OwnedFd],
    cpu: Option<usize>,
    filters: &Filters,
    home: &HomeNamespaces,
) -> io::Result<Instance> {
    let pair = || socketpair(AddressFamily::Unix, SockType::SeqPacket, None, SockFlag::SOCK_CLOEXEC);
    let (init_ours, init_theirs) = pair()?;
    let (bot_ours, bot_theirs) = pair()?;
    let setup = instance::InstanceSetup {
        tmp_mib: key.tmp_mib,
        seccomp: key.seccomp,
        deny_unix_sockets: key.deny_unix_sockets,
        cgroups: cgroups.len(),
        cpu,
    };
    let entered = home.enter(netns, root, key.new_netns);
    // SAFETY: this process is single-threaded, so the child may run arbitrary code after fork.
    #[allow(unsafe_code)]
    let fork = entered.and_then(|()| unsafe { unistd::fork() }.map_err(io::Error::from));
    if !matches!(fork, Ok(ForkResult::Child)) {
        home.come_back();
    }
    match fork? {
        ForkResult::Child => {
            // The groups to join follow the two sockets.
            let joins =
                cgroups.iter().zip(instance::INSTANCE_BOT_FD + 1..).map(|(fd, at)| (fd.as_raw_fd(), at));
            let targets: Vec<(RawFd, RawFd)> = [
                (init_theirs.as_raw_fd(), instance::INSTANCE_INIT_FD),
                (bot_theirs.as_raw_fd(), instance::INSTANCE_BOT_FD),
            ]
            .into_iter()
            .chain(joins)
            .collect();
            place_fds(&targets, 3..=instance::INSTANCE_BOT_FD + cgroups.len() as RawFd);
            let _ = signal::sigprocmask(signal::SigmaskHow::SIG_SETMASK, Some(&SigSet::empty()), None);
            let filters = instance::InstanceFilters {
                deny_unix: filters.deny_unix.as_ref(),
                allow_unix: filters.allow_unix.as_ref(),
            };
            instance::run_instance(setup, filters)
        }
        ForkResult::Parent { child } => Ok(Instance {
            pid: child.as_raw(),
            pidfd: pidfd_open(child.as_raw() as u32),
            init: init_ours,
            bot: bot_ours,
        }),
    }
}

/// The zygote's own namespaces (and working directory), to come back to after entering an
/// instance's to fork its init.
struct HomeNamespaces {
    net: OwnedFd,
    mnt: OwnedFd,
    pid: OwnedFd,
    ipc: OwnedFd,
    uts: OwnedFd,
    cwd: OwnedFd,
}

impl HomeNamespaces {
    /// Ours, or None where they cannot be opened (no instances then: launches go the ordinary
    /// way).
    fn open() -> Option<HomeNamespaces> {
        let ns = |name: &str| fs::File::open(format!("/proc/self/ns/{name}")).ok().map(OwnedFd::from);
        Some(HomeNamespaces {
            net: ns("net")?,
            mnt: ns("mnt")?,
            pid: ns("pid")?,
            ipc: ns("ipc")?,
            uts: ns("uts")?,
            cwd: fs::File::open(".").ok().map(OwnedFd::from)?,
        })
    }

    /// Enters an instance's namespaces: the ones its children will have. On failure we are
    /// back home (or the zygote exits).
    fn enter(&self, netns: Option<BorrowedFd>, root: RawFd, new_netns: bool) -> io::Result<()> {
        // SAFETY: `root` is the prepared root's namespace, open for as long as its SharedRoot.
        #[allow(unsafe_code)]
        let root = unsafe { BorrowedFd::borrow_raw(root) };
        let mut flags = CloneFlags::CLONE_NEWNS
            | CloneFlags::CLONE_NEWPID
            | CloneFlags::CLONE_NEWIPC
            | CloneFlags::CLONE_NEWUTS;
        if new_netns {
            flags |= CloneFlags::CLONE_NEWNET;
        }
        let entered = netns
            .map_or(Ok(()), |n| setns(n, CloneFlags::CLONE_NEWNET))
            .and_then(|()| setns(root, CloneFlags::CLONE_NEWNS))
            .and_then(|()| unshare(flags));
        entered.map_err(|e| {
            self.come_back();
            io::Error::other(format!("entering a sandbox instance's namespaces: {e}"))
        })
    }

    /// Back to our own namespaces and working directory. A zygote that cannot come back would
    /// start the next launches in the wrong place: it exits instead, and the launcher starts a
    /// new one.
    fn come_back(&self) {
        let back = setns(self.net.as_fd(), CloneFlags::CLONE_NEWNET)
            .and_then(|()| setns(self.mnt.as_fd(), CloneFlags::CLONE_NEWNS))
            .and_then(|()| setns(self.pid.as_fd(), CloneFlags::CLONE_NEWPID))
            .and_then(|()| setns(self.ipc.as_fd(), CloneFlags::CLONE_NEWIPC))
            .and_then(|()| setns(self.uts.as_fd(), CloneFlags::CLONE_NEWUTS))
            .and_then(|()| unistd::fchdir(self.cwd.as_raw_fd()));
        if back.is_err() {
            std::process::exit(1);
        }
    }
}

/// In a forked child: puts each `(fd, target)` at its target number (close-on-exec cleared),
/// closes the other numbers of `range` and everything above it.
fn place_fds(targets: &[(RawFd, RawFd)], range: std::ops::RangeInclusive<RawFd>) {
    // Moved above every target first, so no dup2 below overwrites a source still needed.
    let high = 64;
    let mut moved = Vec::new();
    for (i, (fd, target)) in targets.iter().enumerate() {
        match nix::fcntl::fcntl(*fd, nix::fcntl::FcntlArg::F_DUPFD_CLOEXEC(high + i as RawFd)) {
            Ok(new) => moved.push((new, *target)),
            Err(_) => std::process::exit(127),
        }
    }
    let last = *range.end();
    for fd in range {
        if !moved.iter().any(|(_, target)| *target == fd) {
            let _ = unistd::close(fd);
        }
    }
    for (fd, target) in &moved {
        // dup2 clears close-on-exec on the target.
        if unistd::dup2(*fd, *target).is_err() {
            std::process::exit(127);
        }
    }
    close_from(last + 1);
}

/// Builds a shared root in a child of ours and returns its mount namespace.
fn prepare_root(key: &RootKey) -> io::Result<OwnedFd> {
    let cloexec = nix::fcntl::OFlag::O_CLOEXEC;
    let (report_r, report_w) = unistd::pipe2(cloexec)?;
    let (hold_r, hold_w) = unistd::pipe2(cloexec)?;
    // SAFETY: this process is single-threaded, so the child may run arbitrary code after fork.
    #[allow(unsafe_code)]
    let fork = unsafe { unistd::fork() }?;
    match fork {
        ForkResult::Child => {
            drop((report_r, hold_w));
            let top = key.workdir_top.as_deref();
            let msg = match root::build_shared_root(&key.root_dir, &key.readable, key.uid, key.gid, top) {
                Ok(()) => "ok".to_string(),
                Err(e) => format!("preparing the sandbox root: {e}"),
            };
            let _ = unistd::write(&report_w, msg.as_bytes());
            drop(report_w);
            // Alive until the zygote holds the namespace (it closes its end).
            let _ = unistd::read(hold_r.as_raw_fd(), &mut [0u8; 1]);
            std::process::exit(0)
        }
        ForkResult::Parent { child } => {
            drop((report_w, hold_r));
            let mut msg = String::new();
            let _ = fs::File::from(report_r).read_to_string(&mut msg);
            let ns = if msg == "ok" {
                fs::File::open(format!("/proc/{child}/ns/mnt")).map(OwnedFd::from)
            } else {
                Err(io::Error::other(msg))
            };
            drop(hold_w);
            while let Err(nix::errno::Errno::EINTR) = nix::sys::wait::waitpid(child, None) {}
            ns
        }
    }
}

/// Closes every descriptor from `first` on.
fn close_from(first: RawFd) {
    // SAFETY: close_range takes two descriptor numbers and flags; it only closes descriptors.
    #[allow(unsafe_code)]
    let r = unsafe {
        libc::syscall(libc::SYS_close_range, first as libc::c_uint, libc::c_uint::MAX, 0 as libc::c_uint)
    };
    if r == 0 {
        return;
    }
    let fds: Vec<RawFd> = match fs::read_dir("/proc/self/fd") {
        Ok(dir) => dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok()).collect(),
        Err(_) => (first..1024).collect(),
    };
    for fd in fds.into_iter().filter(|fd| *fd >= first) {
        let _ = unistd::close(fd);
    }
}
