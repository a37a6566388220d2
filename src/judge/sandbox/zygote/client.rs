//! The judge's side of the zygote: [`Zygote`] starts it and asks it to fork the helpers of
//! launches, and holds the pre-started instances it delivers (asking for them ahead, taking
//! them in on a thread of its own, taking one for a launch: [`Zygote::take_held`]). See the
//! module docs of [`super`] for the design.

use std::collections::{HashMap, VecDeque};
use std::fs;
use std::io;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex};

use nix::sys::socket::{socketpair, AddressFamily, SockFlag, SockType};

use super::handover::{hand_over, stamps, Instance, InstanceKey};
use crate::judge::sandbox::cgroup::{CgroupLimits, GroupKeeper, LaunchCgroup};
use crate::judge::sandbox::wire::{
    monotonic_ns, receive, send, write_phase, Delivery, HelperSpec, LaunchFds, WantMessage,
};
use crate::judge::threads;

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
            write_phase(launch.stderr, "judge-took", monotonic_ns());
        }
        match hand_over(&instance, spec, &request, launch) {
            Ok(()) => {
                if spec.trace_phases {
                    write_phase(launch.stderr, "handed-over", monotonic_ns());
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
        let (n, fds) = match receive(channel.as_fd(), &mut buf) {
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
        match receive(socket, &mut buf) {
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
