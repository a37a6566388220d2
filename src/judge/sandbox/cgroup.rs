//! One control group per launch: memory limit and peak, pids limit, CPU pinning, and a reliable
//! "kill everything" for the bot's whole process tree.
//!
//! Hosts differ: ours expose cgroup v1 controllers (`/sys/fs/cgroup/memory`, `pids`, `cpuset`,
//! `freezer`) beside a nearly empty v2 mount, while current distributions mount a single v2
//! hierarchy. [`CgroupHost::detect`] finds what is usable and [`LaunchCgroup`] hides the
//! difference from the launcher.

use std::collections::VecDeque;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::judge::threads::lower_to_batch;

use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;

const CGROUP_ROOT: &str = "/sys/fs/cgroup";

/// What the host offers, found once when the launcher is built.
#[derive(Clone, Debug, Default)]
pub struct CgroupHost {
    /// cgroup v1 controller directories for our parent group (`…/memory/botarena`), if usable.
    pub v1_memory: Option<PathBuf>,
    pub v1_pids: Option<PathBuf>,
    pub v1_cpuset: Option<PathBuf>,
    pub v1_freezer: Option<PathBuf>,
    /// The v1 CPU accounting controller: a bot's CPU time (`cpuacct.usage`), which its moves
    /// are charged (v2 groups have `cpu.stat` whatever their controllers).
    pub v1_cpuacct: Option<PathBuf>,
    /// Whether the v1 memory controller accounts swap (`memory.memsw.*`).
    pub v1_memsw: bool,
    /// A v2 parent group with the memory and pids controllers enabled for its children, used
    /// when the host's v2 hierarchy owns those controllers.
    pub v2: Option<PathBuf>,
    /// Whether the v2 parent can also pin CPUs (the cpuset controller is delegated).
    pub v2_cpuset: bool,
    /// Why something is missing, for `protections()`.
    pub notes: Vec<String>,
}

fn write(path: &Path, value: &str) -> io::Result<()> {
    fs::write(path, value)
        .map_err(|e| io::Error::new(e.kind(), format!("writing {value:?} to {}: {e}", path.display())))
}

fn read_trim(path: &Path) -> io::Result<String> {
    Ok(fs::read_to_string(path)?.trim().to_string())
}

/// Creates `dir` (and parents) if missing.
fn ensure_dir(dir: &Path) -> io::Result<()> {
    match fs::create_dir_all(dir) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e),
    }
}

/// A v1 cpuset group cannot take processes until `cpus` and `mems` are set; children start
/// empty, so copy the parent's values down.
fn init_v1_cpuset(dir: &Path) -> io::Result<()> {
    let parent = dir.parent().unwrap_or(dir);
    for file in ["cpuset.cpus", "cpuset.mems"] {
        let mine = read_trim(&dir.join(file))?;
        if mine.is_empty() {
            write(&dir.join(file), &read_trim(&parent.join(file))?)?;
        }
    }
    Ok(())
}

impl CgroupHost {
    /// Looks for usable controllers and creates the `parent` group (e.g. `botarena`) in each.
    /// Needs root (or a delegated subtree); anything that fails is left off with a note.
    pub fn detect(parent: &str) -> CgroupHost {
        let mut host = CgroupHost::default();
        let root = Path::new(CGROUP_ROOT);
        let v1 = |name: &str, host: &mut CgroupHost| -> Option<PathBuf> {
            let ctl = root.join(name);
            if !ctl.join("cgroup.procs").exists() || ctl.join("cgroup.controllers").exists() {
                return None;
            }
            let dir = ctl.join(parent);
            match ensure_dir(&dir) {
                Ok(()) => {
                    remove_stale(&dir);
                    Some(dir)
                }
                Err(e) => {
                    host.notes.push(format!("cannot create {}: {e}", dir.display()));
                    None
                }
            }
        };
        host.v1_memory = v1("memory", &mut host);
        host.v1_pids = v1("pids", &mut host);
        host.v1_cpuset = v1("cpuset", &mut host).filter(|d| match init_v1_cpuset(d) {
            Ok(()) => true,
            Err(e) => {
                host.notes.push(format!("cpuset: {e}"));
                false
            }
        });
        host.v1_freezer = v1("freezer", &mut host);
        host.v1_cpuacct = v1("cpuacct", &mut host);
        host.v1_memsw =
            host.v1_memory.as_ref().is_some_and(|d| d.join("memory.memsw.limit_in_bytes").exists());

        // cgroup v2: either mounted at the root (pure v2 host) or at `unified` (hybrid).
        if host.v1_memory.is_none() || host.v1_pids.is_none() {
            for base in [root.to_path_buf(), root.join("unified")] {
                let controllers = match fs::read_to_string(base.join("cgroup.controllers")) {
                    Ok(c) => c,
                    Err(_) => continue,
                };
                let has = |c: &str| controllers.split_whitespace().any(|x| x == c);
                if !(has("memory") && has("pids")) {
                    host.notes.push(format!(
                        "{}: memory/pids controllers not available in cgroup v2",
                        base.display()
                    ));
                    continue;
                }
                match Self::prepare_v2(&base, parent, has("cpuset")) {
                    Ok(dir) => {
                        host.v2_cpuset = has("cpuset");
                        host.v2 = Some(dir);
                        host.v1_memory = None;
                        host.v1_pids = None;
                        host.v1_cpuset = None;
                        host.v1_freezer = None;
                        host.v1_cpuacct = None;
                        break;
                    }
                    Err(e) => host.notes.push(format!("cgroup v2 at {}: {e}", base.display())),
                }
            }
        }
        host
    }

    fn prepare_v2(base: &Path, parent: &str, cpuset: bool) -> io::Result<PathBuf> {
        let dir = base.join(parent);
        ensure_dir(&dir)?;
        remove_stale(&dir);
        let wanted = if cpuset { "+memory +pids +cpuset" } else { "+memory +pids" };
        // Enable the controllers on the way down (the root and our parent group).
        write(&base.join("cgroup.subtree_control"), wanted)?;
        write(&dir.join("cgroup.subtree_control"), wanted)?;
        Ok(dir)
    }

    pub fn memory(&self) -> bool {
        self.v1_memory.is_some() || self.v2.is_some()
    }
    pub fn pids(&self) -> bool {
        self.v1_pids.is_some() || self.v2.is_some()
    }
    pub fn cpuset(&self) -> bool {
        self.v1_cpuset.is_some() || (self.v2.is_some() && self.v2_cpuset)
    }
    /// Whether a launch's CPU time can be read from its group.
    pub fn cpu_accounting(&self) -> bool {
        self.v1_cpuacct.is_some() || self.v2.is_some()
    }
    /// Whether every process of a launch can be found (and so killed) through a cgroup.
    pub fn tracks_processes(&self) -> bool {
        self.v1_memory.is_some() || self.v1_pids.is_some() || self.v1_freezer.is_some() || self.v2.is_some()
    }
}

/// Limits for one launch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CgroupLimits {
    pub memory_bytes: u64,
    pub max_processes: u64,
    pub cpu: Option<usize>,
}

/// The groups of one launch; removed by [`LaunchCgroup::destroy`].
#[derive(Debug)]
pub struct LaunchCgroup {
    /// Every directory created for this launch (one per v1 controller, or one v2 group).
    dirs: Vec<PathBuf>,
    memory: Option<PathBuf>,
    freezer: Option<PathBuf>,
    /// The v1 pids group, or the v2 group.
    pids: Option<PathBuf>,
    /// The v1 cpuset group and the CPUs of its parent (what a launch with no CPU gets).
    cpuset: Option<(PathBuf, String)>,
    v2: bool,
    v2_cpuset: bool,
    memsw: bool,
    /// The limits written last (None: the group's defaults, a blank group).
    applied: Option<CgroupLimits>,
    /// The group's accounting files, opened as the group is made.
    accounting: Accounting,
}

/// The files a launch's end reads its accounting from (memory, tasks left), opened when the
/// group is made (ahead, by the keeper): each is then read with one `pread` at offset 0, a few
/// microseconds, where opening it by path cost 20-50 us on the judge's path at every launch's
/// end. They are closed before the group is removed.
#[derive(Debug, Default)]
struct Accounting {
    /// `memory.peak` (v2) or `memory.max_usage_in_bytes` (v1).
    peak: Option<fs::File>,
    /// `memory.events` (v2) or `memory.oom_control` (v1).
    events: Option<fs::File>,
    /// `memory.failcnt` (v1), on kernels whose `memory.oom_control` counts no OOM kills.
    failcnt: Option<fs::File>,
    /// `pids.current` of the pids group, which is the group a bot joins first (see
    /// [`LaunchCgroup::is_empty`]).
    tasks: Option<fs::File>,
    /// `cpu.stat` (v2, microseconds on its `usage_usec` line) or `cpuacct.usage` (v1,
    /// nanoseconds): the CPU time of every process the launch has had.
    cpu: Option<(fs::File, bool)>,
}

impl Accounting {
    /// Opens the memory group's files.
    fn open_memory(&mut self, memory: &Path, v2: bool) {
        let open = |name: &str| fs::File::open(memory.join(name)).ok();
        if v2 {
            (self.peak, self.events) = (open("memory.peak"), open("memory.events"));
        } else {
            self.peak = open("memory.max_usage_in_bytes");
            self.events = open("memory.oom_control");
            let counts_kills =
                self.events.as_ref().and_then(read_from_start).is_some_and(|t| t.contains("oom_kill "));
            self.failcnt = if counts_kills { None } else { open("memory.failcnt") };
        }
    }

    /// Opens the pids group's task count.
    fn open_tasks(&mut self, pids: &Path) {
        self.tasks = fs::File::open(pids.join("pids.current")).ok();
    }

    /// Opens the group's CPU time: `cpu.stat` of a v2 group, `cpuacct.usage` of a v1 one.
    fn open_cpu(&mut self, dir: &Path, v2: bool) {
        let name = if v2 { "cpu.stat" } else { "cpuacct.usage" };
        self.cpu = fs::File::open(dir.join(name)).ok().map(|f| (f, v2));
    }
}

/// The whole of a small cgroup file read afresh from an open descriptor (a read at offset 0
/// makes the kernel show the file anew).
fn read_from_start(file: &fs::File) -> Option<String> {
    use std::os::unix::fs::FileExt;
    let mut buf = [0u8; 4096];
    let mut len = 0;
    while len < buf.len() {
        match file.read_at(&mut buf[len..], len as u64) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
    String::from_utf8(buf[..len].to_vec()).ok()
}

/// A cgroup file that holds one number, read afresh from an open descriptor.
fn read_number(file: &fs::File) -> Option<u64> {
    read_from_start(file)?.trim().parse().ok()
}

impl LaunchCgroup {
    /// Creates `name` under each available controller, with no limits yet (see [`Self::limit`]).
    ///
    /// `freezer`: also join the v1 freezer, so the kill loop can stop a fork bomb from
    /// outrunning it. Each v1 controller joined costs an RCU grace period (milliseconds on a
    /// busy host), so the launcher asks for it only when no PID namespace does that job (its
    /// init's death kills every process in it and forbids new ones).
    pub fn blank(host: &CgroupHost, name: &str, freezer: bool) -> io::Result<LaunchCgroup> {
        let mut cg = LaunchCgroup {
            dirs: Vec::new(),
            memory: None,
            freezer: None,
            v2: host.v2.is_some(),
            cpuset: None,
            v2_cpuset: host.v2_cpuset,
            memsw: host.v1_memsw,
            pids: None,
            applied: None,
            accounting: Accounting::default(),
        };
        let result = cg.make_all(host, name, freezer);
        if let Err(e) = result {
            let _ = cg.destroy();
            return Err(e);
        }
        Ok(cg)
    }

    fn make(&mut self, parent: &Path, name: &str) -> io::Result<PathBuf> {
        let dir = parent.join(name);
        fs::create_dir(&dir)
            .map_err(|e| io::Error::new(e.kind(), format!("creating {}: {e}", dir.display())))?;
        self.dirs.push(dir.clone());
        Ok(dir)
    }

    fn make_all(&mut self, host: &CgroupHost, name: &str, freezer: bool) -> io::Result<()> {
        if let Some(parent) = &host.v2 {
            let dir = self.make(parent, name)?;
            if dir.join("memory.swap.max").exists() {
                write(&dir.join("memory.swap.max"), "0")?;
            }
            self.accounting.open_memory(&dir, true);
            self.accounting.open_tasks(&dir);
            self.accounting.open_cpu(&dir, true);
            self.memory = Some(dir.clone());
            self.pids = Some(dir);
            return Ok(());
        }
        // The pids group first: a bot joins the groups in this order, so its task count says
        // whether anything of the launch is left (see `is_empty`).
        if let Some(parent) = &host.v1_pids {
            let dir = self.make(parent, name)?;
            self.accounting.open_tasks(&dir);
            self.pids = Some(dir);
        }
        if let Some(parent) = &host.v1_memory {
            let dir = self.make(parent, name)?;
            // Tell the kernel not to use swap for this group even where memsw is absent.
            let _ = write(&dir.join("memory.swappiness"), "0");
            self.accounting.open_memory(&dir, false);
            self.memory = Some(dir);
        }
        if let Some(parent) = &host.v1_cpuset {
            let dir = self.make(parent, name)?;
            // Until both are set the group takes no process; the CPU is chosen at launch.
            write(&dir.join("cpuset.mems"), &read_trim(&parent.join("cpuset.mems"))?)?;
            let all = read_trim(&parent.join("cpuset.cpus"))?;
            write(&dir.join("cpuset.cpus"), &all)?;
            self.cpuset = Some((dir, all));
        }
        if let Some(parent) = &host.v1_cpuacct {
            let dir = self.make(parent, name)?;
            self.accounting.open_cpu(&dir, false);
        }
        if let (Some(parent), true) = (&host.v1_freezer, freezer) {
            self.freezer = Some(self.make(parent, name)?);
        }
        Ok(())
    }

    /// Whether `limits` are what the group has already (a launch given it writes nothing).
    pub fn has_limits(&self, limits: &CgroupLimits) -> bool {
        self.applied.as_ref() == Some(limits)
    }

    /// Applies the limits of a launch: a few small writes, only of what differs from the limits
    /// applied already (the keeper applies the likely ones ahead).
    pub fn limit(&mut self, limits: &CgroupLimits) -> io::Result<()> {
        let before = self.applied.take();
        let differs = |f: fn(&CgroupLimits) -> u64| before.as_ref().is_none_or(|b| f(b) != f(limits));
        if let (Some(dir), true) = (&self.memory, differs(|l| l.memory_bytes)) {
            let mem = limits.memory_bytes.to_string();
            if self.v2 {
                write(&dir.join("memory.max"), &mem)?;
            } else if self.memsw {
                // v1 refuses a memory limit above the memory+swap one, so the order depends on
                // whether the limit goes up or down.
                let (memory, memsw) =
                    (dir.join("memory.limit_in_bytes"), dir.join("memory.memsw.limit_in_bytes"));
                let raising = before.as_ref().is_some_and(|b| limits.memory_bytes > b.memory_bytes);
                let order = if raising { [&memsw, &memory] } else { [&memory, &memsw] };
                for file in order {
                    write(file, &mem)?;
                }
            } else {
                write(&dir.join("memory.limit_in_bytes"), &mem)?;
            }
        }
        if let (Some(dir), true) = (&self.pids, differs(|l| l.max_processes)) {
            write(&dir.join("pids.max"), &limits.max_processes.to_string())?;
        }
        if before.as_ref().is_none_or(|b| b.cpu != limits.cpu) {
            match (&self.cpuset, limits.cpu) {
                (Some((dir, _)), Some(cpu)) => write(&dir.join("cpuset.cpus"), &cpu.to_string())?,
                (Some((dir, all)), None) => write(&dir.join("cpuset.cpus"), all)?,
                (None, Some(cpu)) if self.v2 && self.v2_cpuset => {
                    let dir = self.memory.as_ref().expect("a v2 group is its memory group");
                    write(&dir.join("cpuset.cpus"), &cpu.to_string())?
                }
                (None, _) => {}
            }
        }
        self.applied = Some(limits.clone());
        Ok(())
    }

    /// The `cgroup.procs` files a process writes itself into to join every group.
    pub fn procs_files(&self) -> Vec<PathBuf> {
        self.dirs.iter().map(|d| d.join("cgroup.procs")).collect()
    }

    /// Pids (in our PID namespace) of every process still in the launch's groups.
    pub fn pids(&self) -> Vec<i32> {
        let mut pids: Vec<i32> = Vec::new();
        for dir in &self.dirs {
            if let Ok(text) = fs::read_to_string(dir.join("cgroup.procs")) {
                pids.extend(text.lines().filter_map(|l| l.trim().parse::<i32>().ok()));
            }
        }
        pids.sort_unstable();
        pids.dedup();
        pids
    }

    /// Whether no process is left in the launch's groups. The first group is enough: the bot
    /// joins it first and every other one after it, and its descendants inherit them all, so
    /// a process in any of them is in the first one too. Where there is a pids group (made
    /// first), its task count says it (a `pread` of the open `pids.current`, which counts a
    /// zombie too, as `cgroup.procs` does not), else the first group's `cgroup.procs` is read.
    pub fn is_empty(&self) -> bool {
        if let Some(tasks) = &self.accounting.tasks {
            if let Some(count) = read_number(tasks) {
                return count == 0;
            }
        }
        match self.dirs.first() {
            Some(dir) => fs::read(dir.join("cgroup.procs")).is_ok_and(|procs| procs.is_empty()),
            None => true,
        }
    }

    /// Peak memory of the group, in KiB (`memory.max_usage_in_bytes` on v1, `memory.peak` on v2).
    pub fn peak_memory_kib(&self) -> Option<u64> {
        read_number(self.accounting.peak.as_ref()?).map(|b| b / 1024)
    }

    /// The CPU time (user and system) every process of the group has used so far, dead ones
    /// included; None where the group has no CPU accounting.
    pub fn cpu_time(&self) -> Option<Duration> {
        let (file, v2) = self.accounting.cpu.as_ref()?;
        if *v2 {
            let stat = read_from_start(file)?;
            let usec = stat.lines().find_map(|l| l.strip_prefix("usage_usec "))?.trim().parse().ok()?;
            Some(Duration::from_micros(usec))
        } else {
            read_number(file).map(Duration::from_nanos)
        }
    }

    /// Whether the kernel had to kill a process of the group for memory (or, on kernels that
    /// do not count OOM kills, whether the limit was reached at all).
    pub fn memory_limit_hit(&self) -> bool {
        let events = self.accounting.events.as_ref().and_then(read_from_start).unwrap_or_default();
        let counter = |key: &str| -> Option<u64> {
            events.lines().find_map(|l| l.strip_prefix(key).and_then(|v| v.trim().parse().ok()))
        };
        if self.v2 {
            return counter("oom_kill ").unwrap_or(0) > 0
                || counter("max ").unwrap_or(0) > 0 && counter("oom ").unwrap_or(0) > 0;
        }
        match counter("oom_kill ") {
            Some(n) => n > 0,
            None => self.accounting.failcnt.as_ref().and_then(read_number).unwrap_or(0) > 0,
        }
    }

    /// Kills every process of the groups and waits until they are gone (at most `limit`).
    /// With a freezer the group is frozen first so a fork bomb cannot outrun the kill loop;
    /// on v2 `cgroup.kill` does the same in the kernel.
    pub fn kill_all(&self, limit: Duration) -> io::Result<()> {
        let start = Instant::now();
        // Nothing left, as after a bot that ended alone: no member can fork or join any more,
        // so there is nothing to freeze (two writes off every launch's end).
        if self.is_empty() {
            return Ok(());
        }
        if self.v2 {
            if let Some(dir) = &self.memory {
                let _ = write(&dir.join("cgroup.kill"), "1");
            }
        }
        loop {
            let frozen =
                self.freezer.as_ref().is_some_and(|d| write(&d.join("freezer.state"), "FROZEN").is_ok());
            let pids = self.pids();
            for pid in &pids {
                let _ = kill(Pid::from_raw(*pid), Signal::SIGKILL);
            }
            if frozen {
                if let Some(d) = &self.freezer {
                    let _ = write(&d.join("freezer.state"), "THAWED");
                }
            }
            if pids.is_empty() {
                return Ok(());
            }
            if start.elapsed() > limit {
                return Err(io::Error::other(format!("processes {pids:?} survived the kill for {limit:?}")));
            }
            // Killed processes are gone within a fraction of a millisecond, most of the time.
            std::thread::sleep(
                (start.elapsed() / 2).clamp(Duration::from_micros(100), Duration::from_millis(2)),
            );
        }
    }

    /// Removes the groups (they must be empty). Retries for up to a second: a group stays busy
    /// for a moment after its last process is reaped, usually well under a millisecond, so the
    /// waits start at 50 us and double (a fixed 5 ms wait was most of a sandboxed start).
    pub fn destroy(&mut self) -> io::Result<()> {
        self.accounting = Accounting::default();
        let mut last = Ok(());
        for dir in self.dirs.drain(..).rev() {
            let start = Instant::now();
            let mut wait = Duration::from_micros(50);
            loop {
                match fs::remove_dir(&dir) {
                    Ok(()) => break,
                    Err(e) if e.kind() == io::ErrorKind::NotFound => break,
                    Err(_) if start.elapsed() < Duration::from_secs(1) => {
                        std::thread::sleep(wait);
                        wait = (wait * 2).min(Duration::from_millis(5));
                    }
                    Err(e) => {
                        last = Err(io::Error::new(e.kind(), format!("removing {}: {e}", dir.display())));
                        break;
                    }
                }
            }
        }
        last
    }
}

impl Drop for LaunchCgroup {
    /// A launch that failed half-way must not leave its groups behind.
    fn drop(&mut self) {
        if !self.dirs.is_empty() {
            let _ = self.kill_all(Duration::from_secs(2));
            let _ = self.destroy();
        }
    }
}

/// Launch groups made before the launches that take them and removed after they are given back,
/// on a thread of its own: creating and removing a memory group costs tenths of a millisecond,
/// sometimes milliseconds (a `mkdir` can wait behind the destruction of earlier groups), which
/// would otherwise be on every start's path and every game's end.
///
/// The thread runs as batch work ([`lower_to_batch`]), so that it does not preempt the game
/// thread that handed a group back; groups come back to it through a channel.
pub struct GroupKeeper {
    shared: Arc<KeeperShared>,
    work: Sender<KeeperWork>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// What the keeper's thread is told.
enum KeeperWork {
    /// Remove this group, whose processes are all gone.
    Retired(Box<LaunchCgroup>),
    /// Few ready groups are left: make more.
    MakeMore,
    /// The judge is exiting: remove every group.
    Stop,
}

struct KeeperShared {
    host: CgroupHost,
    freezer: bool,
    state: Mutex<KeeperState>,
}

#[derive(Default)]
struct KeeperState {
    ready: Vec<LaunchCgroup>,
    /// The limits of the latest launches, newest first, one entry per distinct value: the
    /// keeper applies them to the groups it makes (a worker's launches repeat a few values,
    /// one per CPU its bots are pinned to).
    recent: VecDeque<CgroupLimits>,
}

impl KeeperState {
    /// The limits the next group should be made with: the recent value with the fewest ready
    /// groups already made with it.
    fn limits_to_make(&self) -> Option<CgroupLimits> {
        let ready_with = |l: &CgroupLimits| self.ready.iter().filter(|cg| cg.has_limits(l)).count();
        self.recent.iter().min_by_key(|l| ready_with(l)).cloned()
    }
}

/// How many blank groups the keeper holds: a game takes two at once, and a worker with several
/// game slots takes them while the keeper makes the next ones.
const READY_GROUPS: usize = 4;

impl KeeperShared {
    fn lock(&self) -> MutexGuard<'_, KeeperState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Launch groups are named `<judge pid>-<n>`, which lets a later judge remove what a dead
    /// one left (see [`remove_stale`]).
    fn make(&self) -> io::Result<LaunchCgroup> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let name = format!("{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
        LaunchCgroup::blank(&self.host, &name, self.freezer)
    }

    /// The keeper's thread: removes the groups handed back first, then makes up the ready ones,
    /// then sleeps until told of more work.
    fn run(&self, work: Receiver<KeeperWork>) {
        if let Err(e) = lower_to_batch() {
            tracing::warn!("the cgroup keeper stays under the normal policy: {e}");
        }
        loop {
            let job = match work.try_recv() {
                Ok(job) => job,
                Err(TryRecvError::Disconnected) => KeeperWork::Stop,
                Err(TryRecvError::Empty) => {
                    let wanted = {
                        let state = self.lock();
                        (state.ready.len() < READY_GROUPS).then(|| state.limits_to_make())
                    };
                    match wanted {
                        Some(limits) => match self.make_ready(limits, &work) {
                            Some(job) => job,
                            None => continue,
                        },
                        None => work.recv().unwrap_or(KeeperWork::Stop),
                    }
                }
            };
            match job {
                KeeperWork::Retired(mut cg) => {
                    if let Err(e) = cg.destroy() {
                        tracing::warn!("removing a launch's cgroup: {e}");
                    }
                }
                KeeperWork::MakeMore => {}
                KeeperWork::Stop => {
                    // Everything handed back was sent before this, and is removed already.
                    let ready = std::mem::take(&mut self.lock().ready);
                    for mut cg in ready {
                        let _ = cg.destroy();
                    }
                    return;
                }
            }
        }
    }

    /// Makes one ready group with `limits`. When that fails, waits a second (or for the next
    /// job, which it returns) before the next try: a launch then makes its own group and
    /// reports the error if it persists.
    fn make_ready(&self, limits: Option<CgroupLimits>, work: &Receiver<KeeperWork>) -> Option<KeeperWork> {
        let made = self.make().and_then(|mut cg| match &limits {
            Some(limits) => cg.limit(limits).map(|()| cg),
            None => Ok(cg),
        });
        match made {
            Ok(cg) => {
                self.lock().ready.push(cg);
                None
            }
            Err(e) => {
                tracing::warn!("preparing a launch cgroup: {e}");
                match work.recv_timeout(Duration::from_secs(1)) {
                    Ok(job) => Some(job),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => Some(KeeperWork::Stop),
                }
            }
        }
    }
}

impl GroupKeeper {
    /// Starts the keeper's thread; `freezer` as for [`LaunchCgroup::blank`].
    pub fn start(host: CgroupHost, freezer: bool) -> io::Result<GroupKeeper> {
        let shared = Arc::new(KeeperShared { host, freezer, state: Mutex::new(KeeperState::default()) });
        let (work, jobs) = channel();
        let worker = shared.clone();
        let thread =
            std::thread::Builder::new().name("cgroup-keeper".into()).spawn(move || worker.run(jobs))?;
        Ok(GroupKeeper { shared, work, thread: Some(thread) })
    }

    /// A group with `limits` applied: one made ahead, or (when none is ready) one made now.
    /// The keeper makes the next ones once groups are given back (the launches are over), or
    /// at once if few are left: its `mkdir`s then never compete with a starting bot.
    pub fn take(&self, limits: &CgroupLimits) -> io::Result<LaunchCgroup> {
        let (ready, running_low) = {
            let mut state = self.shared.lock();
            state.recent.retain(|l| l != limits);
            state.recent.push_front(limits.clone());
            state.recent.truncate(READY_GROUPS);
            // One made with these limits, else the newest (whose limits are likeliest close).
            let same = state.ready.iter().rposition(|cg| cg.has_limits(limits));
            let taken = match same {
                Some(at) => Some(state.ready.remove(at)),
                None => state.ready.pop(),
            };
            (taken, state.ready.len() < READY_GROUPS / 2)
        };
        if running_low {
            let _ = self.work.send(KeeperWork::MakeMore);
        }
        let mut cg = match ready {
            Some(cg) => cg,
            None => self.shared.make()?,
        };
        if let Err(e) = cg.limit(limits) {
            self.retire(cg);
            return Err(e);
        }
        Ok(cg)
    }

    /// Hands back a group whose processes are all gone, to be removed off the caller's path.
    pub fn retire(&self, cg: LaunchCgroup) {
        // The keeper's thread gone (a bug): the group is removed here, as it is dropped.
        let _ = self.work.send(KeeperWork::Retired(Box::new(cg)));
    }
}

impl Drop for GroupKeeper {
    /// Removes the groups still ready and those handed back, before the judge exits.
    fn drop(&mut self) {
        let _ = self.work.send(KeeperWork::Stop);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Removes launch groups (`<judge pid>-<n>`) left by judges that died, when empty.
fn remove_stale(parent: &Path) {
    let Ok(entries) = fs::read_dir(parent) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        let Some((pid, _)) = name.split_once('-') else { continue };
        if pid.parse::<u32>().is_ok() && !Path::new("/proc").join(pid).exists() {
            let _ = fs::remove_dir(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a group's files say of its limits: memory, memory+swap (v1), pids, CPUs.
    fn read_limits(cg: &LaunchCgroup) -> (String, Option<String>, String, Option<String>) {
        let memory = cg.memory.as_ref().unwrap();
        let (mem, memsw) = if cg.v2 {
            (read_trim(&memory.join("memory.max")).unwrap(), None)
        } else {
            let memsw = cg.memsw.then(|| read_trim(&memory.join("memory.memsw.limit_in_bytes")).unwrap());
            (read_trim(&memory.join("memory.limit_in_bytes")).unwrap(), memsw)
        };
        let pids = read_trim(&cg.pids.as_ref().unwrap().join("pids.max")).unwrap();
        let cpus = match (&cg.cpuset, cg.v2 && cg.v2_cpuset) {
            (Some((dir, _)), _) => Some(read_trim(&dir.join("cpuset.cpus")).unwrap()),
            (None, true) => Some(read_trim(&memory.join("cpuset.cpus")).unwrap()),
            (None, false) => None,
        };
        (mem, memsw, pids, cpus)
    }

    #[test]
    fn a_group_made_ahead_gets_exactly_the_limits_of_the_launch_that_takes_it() {
        let host = CgroupHost::detect("botarena-test-keeper");
        if !(host.memory() && host.pids()) {
            eprintln!("skipped: no memory and pids cgroups here (not root?)");
            return;
        }
        let keeper = GroupKeeper::start(host.clone(), false).unwrap();
        let cpu = host.cpuset().then_some(0);
        let small = CgroupLimits { memory_bytes: 64 << 20, max_processes: 8, cpu };
        // Up and down: v1 takes the memory and memory+swap limits in the order that keeps the
        // first no larger than the second.
        let large = CgroupLimits { memory_bytes: 512 << 20, max_processes: 80, cpu: None };
        for limits in [&small, &large, &small, &small, &large, &large] {
            // Give the keeper time to make groups with the limits it has seen.
            std::thread::sleep(Duration::from_millis(20));
            let cg = keeper.take(limits).unwrap();
            let (mem, memsw, pids, cpus) = read_limits(&cg);
            assert_eq!(mem, limits.memory_bytes.to_string());
            if let Some(memsw) = memsw {
                assert_eq!(memsw, limits.memory_bytes.to_string());
            }
            assert_eq!(pids, limits.max_processes.to_string());
            if let (Some(cpus), Some(cpu)) = (cpus, limits.cpu) {
                assert_eq!(cpus, cpu.to_string());
            }
            keeper.retire(cg);
        }
        drop(keeper);
        // Every group went again: those taken and those still ready.
        let parent = host.v2.or(host.v1_memory).unwrap();
        let left: Vec<_> = fs::read_dir(&parent)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with(&format!("{}-", std::process::id())))
            .map(|e| e.file_name())
            .collect();
        assert!(left.is_empty(), "groups left behind: {left:?}");
    }

    #[test]
    fn a_group_is_empty_only_once_its_last_process_is_reaped_and_its_peak_reads_afresh() {
        let host = CgroupHost::detect("botarena-test-empty");
        if !(host.memory() && host.pids()) {
            eprintln!("skipped: no memory and pids cgroups here (not root?)");
            return;
        }
        let mut cg = LaunchCgroup::blank(&host, &format!("{}-empty", std::process::id()), false).unwrap();
        cg.limit(&CgroupLimits { memory_bytes: 256 << 20, max_processes: 8, cpu: None }).unwrap();
        assert!(cg.is_empty(), "a new group");
        let peak_before = cg.peak_memory_kib().unwrap();
        // A child that joins every group, touches 16 MiB and exits.
        let procs = cg.procs_files();
        let mut child = std::process::Command::new("sh")
            .arg("-c")
            .arg("for f in \"$@\"; do echo $$ > \"$f\"; done; dd if=/dev/zero of=/dev/null bs=16M count=1 2>/dev/null")
            .arg("sh")
            .args(&procs)
            .spawn()
            .unwrap();
        let pid = Pid::from_raw(child.id() as i32);
        // Not waited for: once it has exited it is a zombie, which still counts.
        let deadline = Instant::now() + Duration::from_secs(10);
        while fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| !s.contains(") Z ")) {
            assert!(Instant::now() < deadline, "the child did not exit");
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(!cg.is_empty(), "a group whose process is a zombie");
        assert!(child.wait().unwrap().success());
        let deadline = Instant::now() + Duration::from_secs(2);
        while !cg.is_empty() {
            assert!(Instant::now() < deadline, "the group stayed busy after its process was reaped");
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(!cg.memory_limit_hit());
        let peak_after = cg.peak_memory_kib().unwrap();
        assert!(peak_after > peak_before, "peak {peak_before} KiB before, {peak_after} KiB after");
        cg.destroy().unwrap();
    }

    /// Runs `script` in a child that first joins every group of `cg`, to its end.
    fn run_in(cg: &LaunchCgroup, script: &str) {
        let joins = "for f in \"$@\"; do echo $$ > \"$f\"; done; ";
        let status = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("{joins}{script}"))
            .arg("sh")
            .args(cg.procs_files())
            .status()
            .unwrap();
        assert!(status.success(), "{script}");
    }

    #[test]
    fn a_groups_cpu_time_counts_work_done_and_not_time_slept() {
        let host = CgroupHost::detect("botarena-test-cpu");
        if !host.cpu_accounting() {
            eprintln!("skipped: no CPU accounting in the cgroups here (not root?)");
            return;
        }
        let group = |what: &str| {
            let mut cg =
                LaunchCgroup::blank(&host, &format!("{}-{what}", std::process::id()), false).unwrap();
            cg.limit(&CgroupLimits { memory_bytes: 256 << 20, max_processes: 8, cpu: None }).unwrap();
            cg
        };
        let (mut sleeper, mut worker) = (group("sleeper"), group("worker"));
        assert_eq!(sleeper.cpu_time(), Some(Duration::ZERO), "a new group has used no CPU");
        run_in(&sleeper, "sleep 0.3");
        // Hashing 64 MiB: tens of milliseconds of CPU on any machine, in a child of the child.
        run_in(&worker, "head -c 67108864 /dev/zero | md5sum >/dev/null");
        let (slept, worked) = (sleeper.cpu_time().unwrap(), worker.cpu_time().unwrap());
        assert!(worked >= Duration::from_millis(10), "the worker's CPU time: {worked:?}");
        assert!(slept * 4 < worked, "sleeping 0.3 s used {slept:?} of CPU, the work {worked:?}");
        sleeper.destroy().unwrap();
        worker.destroy().unwrap();
    }
}
