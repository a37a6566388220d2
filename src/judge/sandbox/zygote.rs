//! The pre-forked helper ("zygote"): one small process per launcher, started once, that forks
//! the sandbox helper of every launch instead of the judge spawning and executing a fresh copy
//! of our 17 MB binary each time.
//!
//! Executing the binary (dynamic relocations, page faults) and forking the large, many-threaded
//! judge were the largest part of a sandboxed start. The zygote is a fresh exec of the same
//! binary (`botarena sandbox zygote`), single-threaded, that does nothing but wait on a
//! `SOCK_SEQPACKET` socket for launch requests: the [`HelperSpec`] as JSON plus the launch's
//! descriptors (the bot's three pipe ends, the error pipe, a status pipe and the prepared
//! network namespace) passed with `SCM_RIGHTS`. For each request it forks a child that puts the
//! descriptors at 0, 1, 2, 3 (error pipe), 4 (network namespace) and 5 (status pipe), closes
//! every other descriptor, and then runs exactly the code `botarena sandbox exec` runs
//! ([`helper::run`]): outer, init and bot are made as before, with the same namespaces, root,
//! user, cgroups, rlimits and seccomp filter. It replies with the child's pid and a pidfd of it
//! (so the judge can kill that very process, never a reused pid). The helper's init writes the
//! bot's raw wait status on the status pipe as soon as it has reaped the bot and everything the
//! bot left (see [`helper`]); the judge waits there. If init dies without writing, every write
//! end is gone and the judge reads end of file, which it takes for a kill. The zygote only reaps
//! the helpers (and writes the status itself for a launch without namespaces, where the helper
//! becomes the bot).
//!
//! The read-only part of each launch's root is prepared once too ([`SharedRoots`]): a helper
//! joins its mount namespace before unsharing its own (a copy), so nothing a launch mounts
//! reaches the prepared root or another launch, and its mounts are read-only to the bot.
//!
//! **Pre-started instances.** For a launch with a prepared root nobody forks a helper at the
//! launch: it goes to an instance started earlier for launches of the same kind (same root, `/tmp`
//! size and network namespace; see [`helper::run_instance`]), whose init and bot-to-be already
//! exist in their new namespaces and wait on two sockets, the bot-to-be already under its seccomp
//! filter (the zygote forks that init straight into the namespaces, entering them itself and coming
//! back, so no outer helper stands between: `start_instance`). The zygote starts the instances and
//! hands them to the judge on a second socket, the *instance channel* (the judge asks for up to
//! [`INSTANCES_PER_KIND`] of each kind it has launched, [`Zygote::want_instances`], and a thread
//! of the judge's takes them in); the judge then hands a launch to the instance itself
//! ([`Zygote::take_held`], [`hand_over`]), with no hop through the zygote: it writes the
//! launch's limits to the groups the instance's bot-to-be joined as it was made, takes the
//! workdir as a detached mount (`open_tree`), sends init the workdir and the status pipe and the
//! bot-to-be the request with the other descriptors.
//! The instance's successor is asked for once the launch is over ([`Zygote::launch_over`], when
//! the judge drops the launch), and its init, having reported the bot's end, exits only then
//! too, so neither the making of an instance nor the teardown of one (an RCU grace period for
//! its mounts) competes with a bot that is starting or playing; only a launch that takes the
//! last instance of its kind asks at once ([`Refill`]). The zygote starts instances when no
//! launch is waiting (so the two launches of a game go first). A launch of a kind the judge
//! holds no instance of goes to the zygote, which starts an
//! instance for it at once; one that will not start makes the launch go the ordinary way, which
//! reports why. An instance found ended (killed from outside, or its zygote gone) is dropped and
//! the launch goes to the zygote; one made on a root whose readable paths have changed on the host
//! since is dropped too, and the zygote makes the root again.
//!
//! The seccomp filters are compiled once, when the zygote starts (both variants: with and
//! without Unix sockets denied), and every helper inherits the finished programs with the fork.
//!
//! Why this keeps every isolation property: the zygote holds no state of any launch once the
//! helper is forked or the instance has the launch (not even the status pipe, which goes to
//! the helper or the instance's init); an instance is made from the same pristine state as a
//! forked helper, serves exactly one launch, and until then holds nothing of any launch (its
//! `/tmp` and `/dev/shm` are new and empty, its PID namespace holds only its init and
//! bot-to-be, both root, not dumpable, unreachable from any bot's namespace; the judge holds
//! its sockets, which no other process has, and the bot-to-be closes its own before it becomes
//! the bot);
//! the helper it forks starts from the zygote's pristine state, which no launch ever changes
//! (everything a launch does happens in the forked child and its descendants); the child keeps
//! no descriptor but its own launch's (the control socket, the signalfd and other launches'
//! status pipes are closed before [`helper::run`]), and the bot still closes everything but its
//! three pipes before `execve`. The zygote runs as root in the judge's own cgroups and
//! namespaces, like the judge's threads that spawned the helper before; the bot still joins its
//! launch's fresh cgroups itself, so its memory peak is its own.
//!
//! Restart: a zygote killed from outside (or crashed) is noticed by the launcher at its next
//! launch (the thread waiting for it clears [`Zygote::is_alive`], and a request that finds the
//! socket closed fails with `BrokenPipe`); the launcher then starts a new zygote, logs it, and
//! sends the launch there. Launches in flight when it died read a kill, as before.
//!
//! Lifetime: the zygote dies with the judge (`PR_SET_PDEATHSIG`, armed from a thread that
//! lives exactly as long as the zygote, since a death signal follows the *thread* that started
//! a process), and it exits when its control socket closes (the launcher and every process it
//! started are gone). Helpers and the inits of instances die with the zygote (their own death
//! signal), the inits of helpers with their helpers, and the instances the judge holds end
//! with the instance channel.

use std::collections::{HashMap, VecDeque};
use std::fs;
use std::io::{self, IoSlice, Read};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::fs::MetadataExt;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex};

use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
use nix::sched::{setns, unshare, CloneFlags};
use nix::sys::signal::{self, SigSet, Signal};
use nix::sys::signalfd::{SfdFlags, SignalFd};
use nix::sys::socket::{sendmsg, socketpair, AddressFamily, ControlMessage, MsgFlags, SockFlag, SockType};
use nix::unistd::{self, ForkResult};

use serde::{Deserialize, Serialize};

use super::cgroup::{CgroupLimits, GroupKeeper, LaunchCgroup};
use super::helper::{self, HelperSpec};
use super::seccomp;
use crate::judge::threads;

/// How long the zygote waits for a launch announced to follow (see
/// [`HelperSpec::more_follow`]) before it goes on to refill.
const MORE_FOLLOW_WAIT_MS: u8 = 5;

/// Largest request: a spec is a few KiB of JSON (paths, arguments, environment).
pub const MAX_REQUEST: usize = 1 << 20;

/// The descriptor numbers a forked helper finds its launch's descriptors at.
const ERROR_FD: RawFd = 3;
const NETNS_FD: RawFd = 4;
const STATUS_FD: RawFd = 5;
/// Where a forked helper finds the mount namespace of its prepared root (see [`SharedRoots`]).
const ROOT_FD: RawFd = 6;

/// The judge's side of a running zygote. Dropping the last handle closes the control socket,
/// and the zygote exits.
pub struct Zygote {
    control: Mutex<OwnedFd>,
    pid: u32,
    /// Told when the zygote process has ended; dropping the handle waits for that.
    end: Arc<Running>,
    /// Cleared by the thread that waits for the zygote when it has ended (killed from outside,
    /// or crashed): the launcher then starts a new one.
    alive: Arc<AtomicBool>,
    /// Where instances are asked for, and held once delivered.
    wants: Arc<Wants>,
    /// The kinds of launches that are over, for the thread that asks for their successors
    /// (see [`Zygote::launch_over`]).
    over: Mutex<mpsc::Sender<(HelperSpec, Option<CgroupLimits>)>>,
}

/// The judge's side of the instance channel.
struct Wants {
    /// Our end of the channel: wants go out here, and a thread of ours puts what the zygote
    /// delivers into `held`.
    channel: Mutex<OwnedFd>,
    held: Arc<Mutex<Held>>,
    /// The network namespace the launcher's launches share (none: each makes its own), which
    /// the instances asked for join.
    netns: Option<OwnedFd>,
    /// Where the groups of the instances' launches come from (none: no cgroups here, or the
    /// launcher's are made per launch): an instance's bot-to-be joins them as it is made.
    groups: Option<Arc<GroupKeeper>>,
}

impl std::fmt::Debug for Zygote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Zygote").field("pid", &self.pid).finish_non_exhaustive()
    }
}

/// How many instances of a kind the judge holds or has asked for: two for a game's two bots (of
/// one language, one kind), and one more, so that neither a game's second launch nor launches
/// coming faster than instances are made (one process per move) take the last one, which has
/// its successor made at once, while bots start.
pub const INSTANCES_PER_KIND: usize = 3;

/// When the judge asks the zygote for instances of a kind (see [`Zygote::want_instances`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refill {
    /// At a launch: only if it took the last instance of its kind (or found none), since the
    /// next launch of that kind would then find none. Otherwise making its successor waits
    /// until the launch is over, so it never competes with a starting or running bot.
    IfNoneLeft,
    /// When a launch is over: up to [`INSTANCES_PER_KIND`].
    Full,
}

/// The instances the judge holds, ready for launches of their kind (at most
/// [`INSTANCES_PER_KIND`] per kind, the oldest first), and the kinds asked for and not
/// delivered yet.
#[derive(Default)]
struct Held {
    ready: HashMap<InstanceKey, VecDeque<HeldInstance>>,
    asked: HashMap<u64, Asked>,
    next_id: u64,
}

/// An instance delivered to the judge, with what the root's readable paths were when it was
/// asked for: a path replaced on the host since has it dropped (and the zygote makes the root
/// again for the next one).
struct HeldInstance {
    instance: Instance,
    stamps: Stamps,
    /// The groups its bot-to-be joined as it was made (dropped after the instance, which ends
    /// it first).
    cgroup: Option<LaunchCgroup>,
}

/// An instance asked for and not delivered yet: its kind, the stamps of its root's paths, and
/// the groups made for it.
struct Asked {
    key: InstanceKey,
    stamps: Stamps,
    cgroup: Option<LaunchCgroup>,
}

type Stamps = Vec<Option<(u64, u64)>>;

/// The descriptors of one launch, as the judge passes them.
#[derive(Clone, Copy)]
pub struct LaunchFds<'a> {
    pub stdin: BorrowedFd<'a>,
    pub stdout: BorrowedFd<'a>,
    pub stderr: BorrowedFd<'a>,
    pub error: BorrowedFd<'a>,
    pub status: BorrowedFd<'a>,
    pub netns: Option<BorrowedFd<'a>>,
}

/// A helper the zygote forked: its pid and a pidfd of it.
pub struct Forked {
    pub pid: u32,
    pub pidfd: Option<OwnedFd>,
    /// The judge's end of a held instance's init socket: once the bot has ended and been
    /// reported, init waits for it to close before it exits and its namespaces are torn down.
    pub linger: Option<OwnedFd>,
    /// The groups a held instance's bot joined as it was made, with the launch's limits: the
    /// launch's own now (it took none of its own).
    pub cgroup: Option<LaunchCgroup>,
}

/// A held instance taken for a launch ([`Zygote::take_held`]): its groups have the launch's
/// limits and its request is made, so handing the launch over is all that is left.
pub struct Taken {
    instance: Instance,
    cgroup: Option<LaunchCgroup>,
    request: Vec<u8>,
    /// The CPU the launch's bot runs on, where it is pinned to one.
    cpu: Option<usize>,
}

impl Taken {
    /// The CPU the launch's bot runs on, where it is pinned to one.
    pub fn cpu(&self) -> Option<usize> {
        self.cpu
    }

    /// Hands the launch to the instance (see [`hand_over`]). None: nothing of the launch
    /// reached the instance (it had ended), so it may go to the zygote instead.
    pub fn hand_over(self, spec: &HelperSpec, launch: &LaunchFds) -> Option<io::Result<Forked>> {
        let Taken { instance, cgroup, request, .. } = self;
        if spec.trace_phases {
            helper::write_phase(launch.stderr, "judge-took", helper::monotonic_ns());
        }
        match hand_over(&instance, spec, &request, launch) {
            Ok(()) => {
                if spec.trace_phases {
                    helper::write_phase(launch.stderr, "handed-over", helper::monotonic_ns());
                }
                let Instance { pid, pidfd, init, .. } = instance;
                Some(Ok(Forked { pid: pid as u32, pidfd, linger: Some(init), cgroup }))
            }
            Err(None) => None,
            Err(Some(e)) => Some(Err(io::Error::other(e))),
        }
    }
}

/// The stamps of the root paths looked at for a batch of launches (see [`Zygote::take_held`]).
#[derive(Default)]
pub struct StampCache(Vec<(Vec<PathBuf>, Stamps)>);

impl StampCache {
    fn of(&mut self, paths: &[PathBuf]) -> Stamps {
        if let Some((_, known)) = self.0.iter().find(|(p, _)| p.as_slice() == paths) {
            return known.clone();
        }
        let now = stamps(paths);
        self.0.push((paths.to_vec(), now.clone()));
        now
    }
}

impl Zygote {
    /// Starts the zygote (`<helper> sandbox zygote <our pid>`) from a thread that stays until the
    /// zygote ends, so its death signal fires only when the judge itself dies. `netns`: the
    /// network namespace every launch joins, if they share one; `groups`: where launches'
    /// cgroups come from, if they have any.
    pub fn start(
        helper: &Path,
        netns: Option<BorrowedFd>,
        groups: Option<Arc<GroupKeeper>>,
    ) -> io::Result<Zygote> {
        let netns = netns.map(|fd| fd.try_clone_to_owned()).transpose()?;
        let pair = || socketpair(AddressFamily::Unix, SockType::SeqPacket, None, SockFlag::SOCK_CLOEXEC);
        let (ours, theirs) = pair()?;
        let (channel, channel_theirs) = pair()?;
        let mut cmd = Command::new(helper);
        cmd.arg("sandbox").arg("zygote").arg(std::process::id().to_string());
        cmd.env_clear().stdin(Stdio::from(theirs)).stdout(Stdio::from(channel_theirs)).stderr(Stdio::null());
        let (tx, rx) = mpsc::channel();
        let alive = Arc::new(AtomicBool::new(true));
        let flag = alive.clone();
        let end =
            Arc::new(Running { control: ours.try_clone()?, ended: Mutex::new(false), told: Condvar::new() });
        let ended = end.clone();
        std::thread::Builder::new().name("sandbox-zygote".into()).spawn(move || {
            match cmd.spawn() {
                Ok(mut child) => {
                    let _ = tx.send(Ok(child.id()));
                    drop(cmd); // our copy of the zygote's end of the socket
                    let _ = child.wait();
                    flag.store(false, Ordering::SeqCst);
                    ended.mark_ended();
                }
                Err(e) => {
                    let _ = tx.send(Err(e));
                }
            }
        })?;
        let pid = rx.recv().map_err(|_| io::Error::other("the zygote thread ended"))??;
        RUNNING.lock().unwrap_or_else(|e| e.into_inner()).push(end.clone());
        let held = Arc::new(Mutex::new(Held::default()));
        let (reader, pool) = (channel.try_clone()?, held.clone());
        std::thread::Builder::new().name("sandbox-instances".into()).spawn(move || {
            // Taking in an instance is housekeeping: a delivery must not preempt the judge.
            let _ = threads::lower_to_batch();
            receive_deliveries(&reader, &pool)
        })?;
        let wants = Arc::new(Wants { channel: Mutex::new(channel), held, netns, groups });
        let (over, launches_over) = mpsc::channel::<(HelperSpec, Option<CgroupLimits>)>();
        let asker = wants.clone();
        // Ends when the zygote handle does (the sender is dropped).
        std::thread::Builder::new().name("sandbox-wants".into()).spawn(move || {
            // Woken at normal priority by the end of a launch, this thread preempted the judge
            // on the spot and held it up to 1.3 ms while it asked for the successors.
            let _ = threads::lower_to_batch();
            for (spec, limits) in launches_over {
                asker.ask(&[(&spec, limits.as_ref())], Refill::Full);
            }
        })?;
        Ok(Zygote { control: Mutex::new(ours), pid, end, alive, wants, over: Mutex::new(over) })
    }

    /// Takes the instance of a launch's kind the judge holds, if there is one, for the launch
    /// to be handed to it ([`Taken::hand_over`]): the zygote is not involved. None: there is
    /// none (or it had ended, or its root's paths have changed since), so the launch goes to
    /// the zygote. `stamps` are the root paths' stamps looked at for the launches taken with
    /// this one (a game's two bots share a root): each set of paths is looked at once.
    ///
    /// The launch has taken no groups of its own (`spec.cgroup_procs` is empty): with `limits`
    /// only an instance whose bot-to-be joined groups as it was made serves it, and gets
    /// `limits` written to them.
    pub fn take_held(
        &self,
        spec: &HelperSpec,
        netns: Option<BorrowedFd>,
        limits: Option<&CgroupLimits>,
        stamps: &mut StampCache,
    ) -> Option<Taken> {
        debug_assert!(spec.cgroup_procs.is_empty(), "a launch handed to an instance takes no groups");
        let key = InstanceKey::of(spec, netns)?;
        let now = stamps.of(&key.root.readable);
        let held = loop {
            let mut held = self.wants.held.lock().unwrap_or_else(|e| e.into_inner());
            let ready = held.ready.get_mut(&key)?;
            // One whose groups have this launch's limits already (a game's two seats are
            // pinned to different CPUs, and each launch over asks for its own), else the oldest.
            let matching =
                |h: &HeldInstance| h.cgroup.as_ref().zip(limits).is_some_and(|(cg, l)| cg.has_limits(l));
            let at = ready.iter().position(matching).unwrap_or(0);
            let taken = ready.remove(at)?;
            drop(held);
            if taken.stamps == now && taken.cgroup.is_some() == limits.is_some() {
                break taken;
            }
            // Made on a root whose paths have changed since (or, never seen, without groups for
            // a launch that has limits, or with groups for one that has none): dropped (and so
            // ended).
        };
        let HeldInstance { instance, mut cgroup, .. } = held;
        if let (Some(cg), Some(limits)) = (&mut cgroup, limits) {
            // Written before the bot-to-be hears of the launch.
            cg.limit(limits).ok()?;
        }
        let request = serde_json::to_vec(spec).ok()?;
        let cpu = limits.and_then(|l| l.cpu).or(spec.affinity_cpu);
        Some(Taken { instance, cgroup, request, cpu })
    }

    /// Asks the zygote for instances of each launch's kind, as `refill` says, up to
    /// [`INSTANCES_PER_KIND`] held or asked for. It starts them when no launch is waiting, and
    /// a thread of ours takes them in as they come.
    /// Each kind comes with the limits of its launches' groups, which the instances' groups
    /// are made with.
    pub fn want_instances(&self, kinds: &[(&HelperSpec, Option<&CgroupLimits>)], refill: Refill) {
        self.wants.ask(kinds, refill);
    }

    /// Says that a launch of `spec`'s kind is over: a thread of ours asks for instances of
    /// that kind up to [`INSTANCES_PER_KIND`], so the caller (the end of a game) does not wait
    /// for the asking.
    pub fn launch_over(&self, spec: HelperSpec, limits: Option<CgroupLimits>) {
        let _ = self.over.lock().unwrap_or_else(|e| e.into_inner()).send((spec, limits));
    }

    /// The zygote's pid.
    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// False once the zygote process has ended (and been reaped).
    pub fn is_alive(&self) -> bool {
        self.alive.load(Ordering::SeqCst)
    }

    /// Asks the zygote to fork the helper of each launch (or hand it to an instance), with the
    /// launch's descriptors. An error of kind [`io::ErrorKind::BrokenPipe`] means the zygote is
    /// gone (that launch was not started): the caller may start a new zygote and ask it.
    ///
    /// Every request is sent before the first answer is read (the zygote answers in order), so
    /// a game's launches are served back to back: the zygote starts the instances that replace
    /// the ones they took only when no request is waiting.
    pub fn fork_helpers(&self, launches: &[(&HelperSpec, LaunchFds)]) -> Vec<io::Result<Forked>> {
        let control = self.control.lock().unwrap_or_else(|e| e.into_inner());
        let sock = control.as_raw_fd();
        let last = launches.len().saturating_sub(1);
        let sent: Vec<io::Result<()>> = launches
            .iter()
            .enumerate()
            .map(|(i, (spec, fds))| {
                let spec = HelperSpec { more_follow: i < last, ..(*spec).clone() };
                send_request(sock, &spec, fds)
            })
            .collect();
        sent.into_iter().map(|sent| sent.and_then(|()| read_answer(sock))).collect()
    }
}

impl Drop for Zygote {
    /// Waits (at most 5 s) for the zygote to have killed and reaped every process it started
    /// and ended: nothing of the launcher outlives it.
    fn drop(&mut self) {
        self.end.finish(std::time::Duration::from_secs(5));
    }
}

/// A zygote process as the judge's exit sees it (see [`end_all`]).
struct Running {
    /// A copy of the judge's end of the control socket: shutting it down ends the zygote.
    control: OwnedFd,
    ended: Mutex<bool>,
    told: Condvar,
}

/// Every zygote of this process that has not ended yet.
static RUNNING: Mutex<Vec<Arc<Running>>> = Mutex::new(Vec::new());

/// Set once the process is exiting: a zygote that ends then is not replaced.
static EXITING: AtomicBool = AtomicBool::new(false);

impl Running {
    /// Called by the thread that reaped the zygote.
    fn mark_ended(self: &Arc<Self>) {
        *self.ended.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.told.notify_all();
        RUNNING.lock().unwrap_or_else(|e| e.into_inner()).retain(|r| !Arc::ptr_eq(r, self));
    }

    /// Tells the zygote to end (its control socket reads end of file) and waits at most
    /// `limit` for it to have ended, with every process it started.
    fn finish(&self, limit: std::time::Duration) {
        let _ = nix::sys::socket::shutdown(self.control.as_raw_fd(), nix::sys::socket::Shutdown::Both);
        let ended = self.ended.lock().unwrap_or_else(|e| e.into_inner());
        let (ended, _) =
            self.told.wait_timeout_while(ended, limit, |ended| !*ended).unwrap_or_else(|e| e.into_inner());
        if !*ended {
            tracing::warn!("a sandbox zygote did not end within {limit:?} of being told to");
        }
    }
}

/// Ends every zygote of this process and waits (at most `limit` in all) until each has killed
/// and reaped every process it started (helpers, instances, their bots) and exited: `main`
/// calls it before the process exits, since launchers shared by a server's tasks are not
/// always dropped first. Launches after this fail instead of starting a new zygote.
pub fn end_all(limit: std::time::Duration) {
    EXITING.store(true, Ordering::SeqCst);
    let running: Vec<Arc<Running>> = RUNNING.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let deadline = std::time::Instant::now() + limit;
    for r in &running {
        let _ = nix::sys::socket::shutdown(r.control.as_raw_fd(), nix::sys::socket::Shutdown::Both);
    }
    for r in running {
        r.finish(deadline.saturating_duration_since(std::time::Instant::now()));
    }
}

/// Whether the process is exiting ([`end_all`] was called): no new zygote is started then.
pub fn exiting() -> bool {
    EXITING.load(Ordering::SeqCst)
}

impl Wants {
    /// See [`Zygote::want_instances`].
    fn ask(&self, kinds: &[(&HelperSpec, Option<&CgroupLimits>)], refill: Refill) {
        let netns = self.netns.as_ref().map(|f| f.as_fd());
        let channel = self.channel.lock().unwrap_or_else(|e| e.into_inner());
        let wants = kinds.iter().flat_map(|kind| std::iter::repeat_n(*kind, INSTANCES_PER_KIND));
        for (spec, limits) in wants {
            let Some(key) = InstanceKey::of(spec, netns) else { continue };
            let id = {
                let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
                let ready = held.ready.get(&key).map_or(0, VecDeque::len);
                let asked = held.asked.values().filter(|a| a.key == key).count();
                if ready + asked >= INSTANCES_PER_KIND || (refill == Refill::IfNoneLeft && ready > 0) {
                    continue;
                }
                held.next_id += 1;
                let id = held.next_id;
                let stamps = stamps(&key.root.readable);
                held.asked.insert(id, Asked { key, stamps, cgroup: None });
                id
            };
            // The instance's groups, made (and their files opened) here, where /sys is seen.
            let joined = self.groups.as_ref().zip(limits).map(|(groups, limits)| {
                let cg = groups.take(limits).ok()?;
                let files: io::Result<Vec<OwnedFd>> = cg
                    .procs_files()
                    .iter()
                    .map(|path| fs::OpenOptions::new().write(true).open(path).map(OwnedFd::from))
                    .collect();
                files.ok().map(|files| (cg, files))
            });
            let (cgroup, files) = match joined {
                Some(Some((cg, files))) => (Some(cg), files),
                // No groups for it: an instance without them would serve no launch of this kind.
                Some(None) => {
                    self.held.lock().unwrap_or_else(|e| e.into_inner()).asked.remove(&id);
                    continue;
                }
                None => (None, Vec::new()),
            };
            if let Some(asked) = self.held.lock().unwrap_or_else(|e| e.into_inner()).asked.get_mut(&id) {
                asked.cgroup = cgroup;
            }
            // Made on the CPU its groups pin the bot to (none without groups).
            let cpu = limits.and_then(|l| l.cpu).filter(|_| !files.is_empty());
            let message = WantMessage { id, spec: (*spec).clone(), cgroups: files.len(), cpu };
            let Ok(json) = serde_json::to_vec(&message) else { continue };
            let raw: Vec<RawFd> =
                files.iter().map(|f| f.as_raw_fd()).chain(netns.map(|f| f.as_raw_fd())).collect();
            if send(channel.as_raw_fd(), &json, &raw).is_err() {
                // The zygote is gone; its successor gets asked.
                self.held.lock().unwrap_or_else(|e| e.into_inner()).asked.remove(&id);
                return;
            }
        }
    }
}

/// The judge's thread that takes in the instances the zygote delivers, until the channel
/// closes (the zygote has ended).
fn receive_deliveries(channel: &OwnedFd, held: &Mutex<Held>) {
    let mut buf = [0u8; 4096];
    loop {
        let (n, fds) = match helper::receive(channel.as_fd(), &mut buf) {
            Ok((0, fds)) if fds.is_empty() => return,
            Ok(received) => received,
            Err(nix::errno::Errno::EINTR) | Err(nix::errno::Errno::EMSGSIZE) => continue,
            Err(_) => return,
        };
        let Ok(delivery) = serde_json::from_slice::<Delivery>(&buf[..n]) else { continue };
        let mut held = held.lock().unwrap_or_else(|e| e.into_inner());
        let Some(Asked { key, stamps, cgroup }) = held.asked.remove(&delivery.id) else { continue };
        let mut fds = fds.into_iter();
        if let (None, Some(init), Some(bot)) = (&delivery.error, fds.next(), fds.next()) {
            let instance = Instance { pid: delivery.pid, pidfd: fds.next(), init, bot };
            held.ready.entry(key).or_default().push_back(HeldInstance { instance, stamps, cgroup });
        }
    }
}

fn send_request(sock: RawFd, spec: &HelperSpec, fds: &LaunchFds) -> io::Result<()> {
    let json = serde_json::to_vec(spec).map_err(io::Error::other)?;
    let mut raw = vec![
        fds.stdin.as_raw_fd(),
        fds.stdout.as_raw_fd(),
        fds.stderr.as_raw_fd(),
        fds.error.as_raw_fd(),
        fds.status.as_raw_fd(),
    ];
    raw.extend(fds.netns.map(|f| f.as_raw_fd()));
    send(sock, &json, &raw).map_err(|e| {
        io::Error::new(io::ErrorKind::BrokenPipe, format!("sending a launch to the sandbox zygote: {e}"))
    })?;
    Ok(())
}

fn read_answer(sock: RawFd) -> io::Result<Forked> {
    let mut buf = [0u8; 4096];
    // SAFETY: the control socket, open while the caller holds its lock.
    #[allow(unsafe_code)]
    let socket = unsafe { BorrowedFd::borrow_raw(sock) };
    let (n, fds) = loop {
        match helper::receive(socket, &mut buf) {
            Err(nix::errno::Errno::EINTR) => continue,
            Err(e) => {
                return Err(io::Error::new(
                    io::ErrorKind::BrokenPipe,
                    format!("reading the sandbox zygote's answer: {e}"),
                ))
            }
            Ok(received) => break received,
        }
    };
    let pidfd = fds.into_iter().next();
    let answer = String::from_utf8_lossy(&buf[..n]).to_string();
    if n == 0 {
        return Err(io::Error::new(io::ErrorKind::BrokenPipe, "the sandbox zygote has exited"));
    }
    match answer.strip_prefix("ok ").and_then(|p| p.parse::<u32>().ok()) {
        Some(pid) => Ok(Forked { pid, pidfd, linger: None, cgroup: None }),
        None => Err(io::Error::other(format!("sandbox zygote: {answer}"))),
    }
}

/// Reads the status the zygote wrote for a helper: `Ok(None)` while there is none yet (the pipe
/// is non-blocking); end of file without a status (the zygote died, and with it the helper)
/// reads as a kill.
pub fn read_status(status: &OwnedFd) -> io::Result<Option<ExitStatus>> {
    let mut buf = [0u8; 4];
    let mut got = 0;
    loop {
        match unistd::read(status.as_raw_fd(), &mut buf[got..]) {
            Ok(0) => return Ok(Some(ExitStatus::from_raw(libc::SIGKILL))),
            Ok(n) => {
                got += n;
                if got == 4 {
                    return Ok(Some(ExitStatus::from_raw(i32::from_le_bytes(buf))));
                }
            }
            Err(nix::errno::Errno::EAGAIN) if got == 0 => return Ok(None),
            Err(nix::errno::Errno::EAGAIN) | Err(nix::errno::Errno::EINTR) => {}
            Err(e) => return Err(e.into()),
        }
    }
}

/// Sends SIGKILL through a pidfd.
#[allow(unsafe_code)]
pub fn pidfd_kill(pidfd: &OwnedFd) -> io::Result<()> {
    // SAFETY: pidfd_send_signal takes a descriptor, a signal number, a null siginfo and flags.
    let r = unsafe {
        libc::syscall(
            libc::SYS_pidfd_send_signal,
            pidfd.as_raw_fd(),
            libc::SIGKILL,
            std::ptr::null::<libc::siginfo_t>(),
            0 as libc::c_uint,
        )
    };
    if r < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    }
}

// ---- the zygote process ----

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

/// What the judge sends on the instance channel: an instance wanted for launches like `spec`.
#[derive(Serialize, Deserialize)]
struct WantMessage {
    id: u64,
    spec: HelperSpec,
    /// How many descriptors before the network namespace's are `cgroup.procs` files to join.
    #[serde(default)]
    cgroups: usize,
    /// The CPU those groups pin the bot to, where the instance is made (see
    /// [`helper::InstanceSetup::cpu`]).
    #[serde(default)]
    cpu: Option<usize>,
}

/// What the zygote sends back: the instance (its pid, with its init's and bot-to-be's sockets
/// and a pidfd as descriptors), or why none could be started.
#[derive(Serialize, Deserialize)]
struct Delivery {
    id: u64,
    pid: i32,
    error: Option<String>,
}

/// Reads one want from the channel: None when it has closed, `Some(Err)` for a message that is
/// not one.
fn receive_want(channel: &OwnedFd, buf: &mut [u8]) -> Option<Result<Want, ()>> {
    let (n, mut fds) = match helper::receive(channel.as_fd(), buf) {
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
    let (n, truncated, fds) = match helper::receive(control.as_fd(), buf) {
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
    let received = helper::monotonic_ns();
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
            helper::write_phase(stderr.as_fd(), name, at);
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
                trace("handed-over", helper::monotonic_ns());
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
            let pidfd = super::pidfd_open(child.as_raw() as u32);
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

/// The read-only parts of launch roots, each prepared once (by [`helper::build_shared_root`] in
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

/// What a pre-started instance is made of, beyond its root: launches of the same key can use
/// the same kind of instance.
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
struct InstanceKey {
    root: RootKey,
    tmp_mib: u64,
    new_netns: bool,
    /// The shared network namespace, by device and inode.
    netns: Option<(u64, u64)>,
    /// The seccomp filter its bot-to-be installs before the launch, and which variant.
    seccomp: bool,
    deny_unix_sockets: bool,
}

/// A pre-started instance (see [`helper::run_instance`]): its init (our child), a pidfd of it,
/// and the sockets on which its init and its bot-to-be wait for a launch. Dropping it closes them,
/// and the instance ends.
pub struct Instance {
    pid: i32,
    pidfd: Option<OwnedFd>,
    init: OwnedFd,
    bot: OwnedFd,
}

impl InstanceKey {
    fn of(spec: &HelperSpec, netns: Option<BorrowedFd>) -> Option<InstanceKey> {
        let netns = match netns {
            Some(fd) => {
                let st = nix::sys::stat::fstat(fd.as_raw_fd()).ok()?;
                Some((st.st_dev, st.st_ino))
            }
            None => None,
        };
        Some(InstanceKey {
            root: RootKey::of(spec)?,
            tmp_mib: spec.tmp_mib,
            new_netns: spec.new_netns,
            netns,
            seccomp: spec.seccomp,
            deny_unix_sockets: spec.seccomp && spec.deny_unix_sockets,
        })
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq)]
struct RootKey {
    root_dir: PathBuf,
    readable: Vec<PathBuf>,
    uid: Option<u32>,
    gid: Option<u32>,
    /// The workdir's top-level directory, made empty in the root for the launch's tmpfs;
    /// None for a workdir under `/tmp` (the launch's own tmpfs holds it).
    workdir_top: Option<String>,
}

struct SharedRoot {
    ns: OwnedFd,
    /// What each readable path was when the root was made: its bind shows that object for as
    /// long as the root lives, so a path replaced on the host since (a reinstalled toolchain,
    /// a new `ld.so.cache`) has the root made again.
    stamps: Vec<Option<(u64, u64)>>,
}

impl RootKey {
    /// The key of `spec`'s root, or None when it cannot be shared: a readable path the
    /// launch's own mounts would hide, or a workdir whose top-level directory the root uses.
    fn of(spec: &HelperSpec) -> Option<RootKey> {
        let top = helper::workdir_top(&spec.workdir)?;
        let mut firsts = Vec::new();
        for path in &spec.readable {
            firsts.push(helper::workdir_top(path)?);
        }
        if firsts.iter().any(|f| ["tmp", "dev", "proc"].contains(&f.as_str())) {
            return None;
        }
        let workdir_top = match top.as_str() {
            "tmp" => None,
            "dev" | "proc" | "etc" => return None,
            t if firsts.iter().any(|f| f == t) => return None,
            t => Some(t.to_string()),
        };
        Some(RootKey {
            root_dir: spec.root_dir.clone(),
            readable: spec.readable.clone(),
            uid: spec.uid,
            gid: spec.gid,
            workdir_top,
        })
    }
}

fn stamps(paths: &[PathBuf]) -> Vec<Option<(u64, u64)>> {
    paths.iter().map(|p| fs::metadata(p).ok().map(|m| (m.dev(), m.ino()))).collect()
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
    /// us for or an instance it wants ahead (see [`Zygote::want_instances`]).
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

/// Hands a launch to a pre-started instance: the workdir as a detached mount and the judge's
/// status pipe to its init, the request with the bot's pipes, the error pipe and the launch's
/// `cgroup.procs` files to its bot-to-be. Runs in the judge (instances it holds) and in the
/// zygote (an instance started for the launch). `Err(None)`: nothing of the launch reached
/// the instance (no detached mount of the workdir, a `cgroup.procs` that cannot be opened, an
/// instance that has ended), so it may be started another way; `Err(Some(_))`: the instance
/// ended after its init took the launch.
pub fn hand_over(
    instance: &Instance,
    spec: &HelperSpec,
    request: &[u8],
    launch: &LaunchFds,
) -> Result<(), Option<String>> {
    // Taken here, where the host's tree and /sys are visible; the instance sees neither.
    let workdir = helper::detached_bind(&spec.workdir, spec.workdir_writable).map_err(|_| None)?;
    let mut cgroups = Vec::new();
    for path in &spec.cgroup_procs {
        cgroups.push(OwnedFd::from(fs::OpenOptions::new().write(true).open(path).map_err(|_| None)?));
    }
    let mut fds = vec![
        launch.stdin.as_raw_fd(),
        launch.stdout.as_raw_fd(),
        launch.stderr.as_raw_fd(),
        launch.error.as_raw_fd(),
    ];
    fds.extend(cgroups.iter().map(|f| f.as_raw_fd()));
    debug_assert_eq!(fds.len(), helper::INSTANCE_LAUNCH_FDS + cgroups.len());
    // Init first: the bot gets nothing unless its init holds the judge's status pipe (and shows
    // the workdir).
    let to_init = [launch.status.as_raw_fd(), workdir.as_raw_fd()];
    send(instance.init.as_raw_fd(), spec.workdir.as_os_str().as_encoded_bytes(), &to_init)
        .map_err(|_| None)?;
    send(instance.bot.as_raw_fd(), request, &fds)
        .map_err(|e| Some(format!("the sandbox instance ended before its launch: {e}")))
}

/// Sends one message, with descriptors when there are any, on a `SOCK_SEQPACKET` socket (of the
/// judge, the zygote or an instance); a closed peer is an error, not a `SIGPIPE`.
fn send(socket: RawFd, bytes: &[u8], fds: &[RawFd]) -> nix::Result<()> {
    let rights = [ControlMessage::ScmRights(fds)];
    let cmsgs: &[ControlMessage] = if fds.is_empty() { &[] } else { &rights };
    sendmsg::<()>(socket, &[IoSlice::new(bytes)], cmsgs, MsgFlags::MSG_NOSIGNAL, None).map(|_| ())
}

/// Starts a new instance of `key` (see [`helper::run_instance`]): enters its namespaces
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
    let setup = helper::InstanceSetup {
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
                cgroups.iter().zip(helper::INSTANCE_BOT_FD + 1..).map(|(fd, at)| (fd.as_raw_fd(), at));
            let targets: Vec<(RawFd, RawFd)> = [
                (init_theirs.as_raw_fd(), helper::INSTANCE_INIT_FD),
                (bot_theirs.as_raw_fd(), helper::INSTANCE_BOT_FD),
            ]
            .into_iter()
            .chain(joins)
            .collect();
            place_fds(&targets, 3..=helper::INSTANCE_BOT_FD + cgroups.len() as RawFd);
            let _ = signal::sigprocmask(signal::SigmaskHow::SIG_SETMASK, Some(&SigSet::empty()), None);
            let filters = helper::InstanceFilters {
                deny_unix: filters.deny_unix.as_ref(),
                allow_unix: filters.allow_unix.as_ref(),
            };
            helper::run_instance(setup, filters)
        }
        ForkResult::Parent { child } => Ok(Instance {
            pid: child.as_raw(),
            pidfd: super::pidfd_open(child.as_raw() as u32),
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
            let msg = match helper::build_shared_root(&key.root_dir, &key.readable, key.uid, key.gid, top) {
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
