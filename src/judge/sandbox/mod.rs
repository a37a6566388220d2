//! The sandbox: a [`Launcher`] that runs untrusted bots and compilers isolated from the judge,
//! the host and each other, with the kernel's own accounting for memory and processes.
//!
//! Each launch runs a small helper (see [`helper`]): forked by the launcher's pre-forked
//! helper process ([`zygote`], a single-threaded `botarena sandbox zygote` started once per
//! launcher), or, where the zygote cannot run, a fresh `botarena sandbox exec` of our binary. The
//! helper puts the program in new PID, mount, IPC and UTS namespaces and a network
//! namespace without interfaces, on a minimal read-only root entered with `pivot_root`, under a
//! user id of its own, with `no_new_privs`, rlimits and a seccomp filter, inside a cgroup that
//! limits memory and processes, pins the CPU, records peak memory and lets the judge kill the
//! whole tree. What the host cannot give is left off and reported by
//! [`SandboxLauncher::protections`]; [`require_full_isolation`] is what `serve` and `worker`
//! call to refuse judging on such a host unless told otherwise.
//!
//! What a start costs is kept off its path where that changes nothing a bot can see: the
//! seccomp filters are compiled once by the zygote; so is the read-only part of the root (the
//! system and readable paths, `/etc`, `/dev`), once per set of readable paths and user, in a
//! mount namespace of its own that each launch copies, adding only its own `/tmp`, workdir,
//! `/dev/shm` and `/proc` (a path replaced on the host has it made again; a root that cannot be
//! shared, or a kernel without `open_tree`, is built whole per launch as before); the
//! namespaces, `/tmp`, `/dev/shm`, `/proc` and processes of the next launch of each kind are
//! made by the zygote before that launch comes (a pre-started instance, one per launch, see
//! [`zygote`]) and held by the judge, which hands the launch to it directly, so a start wakes
//! a waiting process instead of forking three, with no hop through the zygote; the bot's status
//! reaches the judge from init as soon as init has reaped the bot and everything it left, not
//! after init and the helper have ended and been reaped in turn; and a zygote that died is
//! replaced at the next launch.
//!
//! Using it: build one `SandboxLauncher::new(SandboxConfig::default())?` per process (it
//! probes the host with a real start, ~20 ms) and share it; give each bot of a game its own
//! `LaunchSpec::slot` (0 and 1; compiles another) since the slot picks the user id, inside the
//! range of uids the process leases on the host ([`uids`]: no two live processes share one). The
//! workdir is shown at its own path: read-only for bots (the launcher makes its files readable
//! by others), writable for compiles (the directory is lent to the slot's user and everything in
//! it given back to the judge's user when the compile ends). Programs must live in the system
//! directories, the spec's `readable` directories or the workdir; `/proc/self/exe` names our
//! own binary (house bots). `ExitInfo::memory_limit_hit` comes from the kernel's OOM-kill
//! count, `peak_memory_kib` from the cgroup's peak.

pub mod cgroup;
pub mod helper;
pub mod seccomp;
pub mod uids;
pub mod zygote;

use std::fs;
use std::io::{self, Read};
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
use nix::sys::signal::{kill, Signal};
use nix::unistd::{Gid, Pid, Uid};

use self::cgroup::{CgroupHost, CgroupLimits, GroupKeeper, LaunchCgroup};
use self::helper::HelperSpec;
use super::launch::{ExitInfo, LaunchSpec, Launched, Launcher, Process, Protection};
use super::threads;

/// The flag `serve` and `worker` take to judge on a host without full isolation.
pub const ALLOW_INSECURE_FLAG: &str = "--allow-insecure-sandbox";

/// How bots get their (empty) network namespace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetworkMode {
    /// One empty namespace made when the launcher is built and joined by every launch with
    /// `setns`: much cheaper than creating one per launch. Unix sockets are denied by seccomp,
    /// since the abstract socket namespace would otherwise be shared by the bots.
    Shared,
    /// A fresh namespace per launch (about 0.6 ms more per start).
    PerLaunch,
}

/// Settings of the sandbox; [`SandboxConfig::default`] suits a dedicated judge machine.
#[derive(Clone, Debug)]
pub struct SandboxConfig {
    /// The binary that has the `sandbox exec` subcommand; our own by default. Tests, whose
    /// executable is the test harness, point it at `CARGO_BIN_EXE_botarena`.
    pub helper: PathBuf,
    /// First user id of the sandbox uids: `uid_ranges` ranges of `uid_range_size` uids each.
    /// Each process running as root leases one range no other live process holds (see
    /// [`uids`]) and runs launch `slot` of worker `worker` as
    /// `range_first + worker * slots_per_worker + slot` (group id the same number). None of
    /// these uids may belong to a real user.
    pub uid_base: u32,
    pub uid_range_size: u32,
    pub uid_ranges: u32,
    pub worker: u32,
    pub slots_per_worker: u32,
    /// Directory for the sandbox's mount point (the new root is a tmpfs mounted on
    /// `<state_dir>/root` inside each launch's private mount namespace).
    pub state_dir: PathBuf,
    /// Name of our group under each cgroup controller.
    pub cgroup_parent: String,
    /// Size of the private `/tmp`, MiB (counted in the memory limit as it fills).
    pub tmp_mib: u64,
    pub max_open_files: u64,
    /// Host paths every launch may read: the system directories runtimes load from and the
    /// few `/etc` files they consult. The spec's `readable` and `workdir` come on top;
    /// toolchains elsewhere (`/opt`, `~/.rustup`) must be named in the spec's `readable`.
    pub system_paths: Vec<PathBuf>,
    pub network: NetworkMode,
    /// Have the helper print its setup milestones on the bot's stderr (`sandbox bench`).
    pub trace_phases: bool,
}

impl Default for SandboxConfig {
    fn default() -> Self {
        let mut system_paths: Vec<PathBuf> = ["/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32"]
            .iter()
            .map(PathBuf::from)
            .collect();
        for etc in ["ld.so.cache", "ld.so.conf", "ld.so.conf.d", "alternatives", "localtime", "nsswitch.conf"]
        {
            system_paths.push(Path::new("/etc").join(etc));
        }
        // Runtime configuration the JDK and Python keep in /etc (e.g. /etc/java-17-openjdk).
        if let Ok(dir) = fs::read_dir("/etc") {
            for entry in dir.flatten() {
                let name = entry.file_name().to_string_lossy().to_string();
                if name.starts_with("java") || name.starts_with("python") {
                    system_paths.push(entry.path());
                }
            }
        }
        SandboxConfig {
            helper: PathBuf::from("/proc/self/exe"),
            uid_base: uids::DEFAULT_UID_BASE,
            uid_range_size: uids::DEFAULT_RANGE_SIZE,
            uid_ranges: uids::DEFAULT_RANGE_COUNT,
            worker: 0,
            slots_per_worker: 4,
            state_dir: PathBuf::from("/run/botarena"),
            cgroup_parent: "botarena".to_string(),
            tmp_mib: 64,
            max_open_files: 256,
            system_paths,
            network: NetworkMode::Shared,
            trace_phases: false,
        }
    }
}

impl SandboxConfig {
    /// The host's split of the sandbox uids, with lock files under `<state_dir>/uids`.
    pub fn uid_ranges(&self) -> uids::UidRanges {
        uids::UidRanges {
            base: self.uid_base,
            size: self.uid_range_size,
            count: self.uid_ranges,
            lock_dir: self.state_dir.join("uids"),
        }
    }
}

/// What this host lets us do, found when the launcher is built.
#[derive(Debug, Default)]
struct Capabilities {
    root: bool,
    namespaces: bool,
    namespace_note: String,
    netns: Option<OwnedFd>,
    cgroups: CgroupHost,
    seccomp: bool,
}

/// The sandboxing [`Launcher`]. Build it once per judge process and share it.
pub struct SandboxLauncher {
    config: SandboxConfig,
    caps: Capabilities,
    root_dir: PathBuf,
    /// This process's range of sandbox uids (as root; without root bots keep the judge's user).
    uids: Option<Arc<uids::UidLease>>,
    /// The pre-forked helper that forks every launch's helper (see [`zygote`]); without one
    /// (no namespaces, or it could not start) each launch spawns `sandbox exec` itself. One
    /// that died is replaced at the next launch.
    zygote: Mutex<Option<Arc<zygote::Zygote>>>,
    /// Every launch's cgroups, made ahead and removed afterwards (as root, where cgroups can
    /// track a launch's processes).
    groups: Option<Arc<GroupKeeper>>,
}

impl Drop for SandboxLauncher {
    /// The bots of the last games may still wait for the janitor (`Table::finish`), each
    /// holding the cgroup keeper and the zygote: without the wait, a process that exits right
    /// after a game could leave them queued, and the keeper and the zygote would not be dropped
    /// with the launcher.
    fn drop(&mut self) {
        threads::wait_for_drops(Duration::from_secs(5));
    }
}

impl SandboxLauncher {
    /// Detects what this host can enforce and prepares it (the cgroup parents, the shared
    /// network namespace, the mount point). Never fails for lack of privileges: what is
    /// missing is off in [`Self::protections`]. It fails if the helper binary is unusable, if
    /// `worker` does not fit in a uid range, or (as root) if no uid range is free on this host.
    pub fn new(config: SandboxConfig) -> io::Result<SandboxLauncher> {
        if !config.helper.exists() {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                format!("sandbox helper {} does not exist", config.helper.display()),
            ));
        }
        if u64::from(config.worker) * u64::from(config.slots_per_worker) >= u64::from(config.uid_range_size) {
            return Err(io::Error::other(format!(
                "sandbox worker {} needs uids beyond this process's range of {} (slots of {} uids per \
                 worker): run at most {} game workers per process",
                config.worker,
                config.uid_range_size,
                config.slots_per_worker,
                (config.uid_range_size / config.slots_per_worker.max(1)).saturating_sub(1)
            )));
        }
        let root = Uid::effective().is_root();
        let uids = if root { Some(config.uid_ranges().process_lease()?) } else { None };
        let mut caps = Capabilities { root, seccomp: seccomp::supported(), ..Default::default() };
        let root_dir = config.state_dir.join("root");
        if root {
            caps.cgroups = CgroupHost::detect(&config.cgroup_parent);
            match fs::create_dir_all(&root_dir) {
                Ok(()) => {
                    let _ = fs::set_permissions(&config.state_dir, fs::Permissions::from_mode(0o755));
                    match make_empty_netns() {
                        Ok(fd) => {
                            caps.namespaces = true;
                            if config.network == NetworkMode::Shared {
                                caps.netns = Some(fd);
                            }
                        }
                        Err(e) => caps.namespace_note = format!("cannot create namespaces: {e}"),
                    }
                }
                Err(e) => caps.namespace_note = format!("cannot create {}: {e}", root_dir.display()),
            }
        } else {
            caps.namespace_note = "not running as root".to_string();
        }
        let groups = if root && caps.cgroups.tracks_processes() {
            Some(Arc::new(GroupKeeper::start(caps.cgroups.clone(), !caps.namespaces)?))
        } else {
            None
        };
        let mut launcher = SandboxLauncher { config, caps, root_dir, uids, zygote: Mutex::new(None), groups };
        if launcher.caps.namespaces {
            let netns = launcher.caps.netns.as_ref().map(|f| f.as_fd());
            match zygote::Zygote::start(&launcher.config.helper, netns, launcher.groups.clone()) {
                Ok(z) => *launcher.zygote.get_mut().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(z)),
                Err(e) => tracing::warn!("sandbox zygote did not start, spawning each helper: {e}"),
            }
            // A real start proves the whole chain works here (mounts inside containers can be
            // refused even to root); if it does not, degrade rather than fail every bot.
            let mut probed = launcher.probe();
            let zygote = launcher.zygote.get_mut().unwrap_or_else(|e| e.into_inner());
            if let (Err(e), Some(_)) = (&probed, &zygote) {
                tracing::warn!("sandbox start through the zygote failed ({e}); spawning each helper");
                *zygote = None;
                probed = launcher.probe();
            }
            if let Err(e) = probed {
                launcher.caps.namespaces = false;
                launcher.caps.netns = None;
                launcher.caps.namespace_note = format!("a probe start failed: {e}");
                // Without a PID namespace the groups must also join the freezer.
                if launcher.groups.is_some() {
                    launcher.groups =
                        Some(Arc::new(GroupKeeper::start(launcher.caps.cgroups.clone(), true)?));
                }
            }
        }
        Ok(launcher)
    }

    fn probe(&self) -> io::Result<()> {
        let tmp = crate::scratch::dir("probe-")?;
        let workdir = tmp.path().join("w");
        fs::create_dir(&workdir)?;
        let spec = LaunchSpec {
            program: PathBuf::from("/bin/true"),
            workdir,
            memory_mib: 64,
            max_processes: 8,
            max_file_bytes: 1 << 20,
            slot: 0,
            ..Default::default()
        };
        let mut launched = self.launch(&spec)?;
        let info = launched.process.wait_timeout(Duration::from_secs(10))?;
        launched.process.kill_tree()?;
        match info {
            Some(info) if info.success() => Ok(()),
            Some(info) => Err(io::Error::other(format!("/bin/true ended with {}", info.describe()))),
            None => Err(io::Error::other("/bin/true did not end in 10 s")),
        }
    }

    /// Whether each launch's CPU time is counted (its cgroup's), so that moves are charged the
    /// CPU time they use (see `table::Clock`) rather than the wall time.
    pub fn counts_cpu_time(&self) -> bool {
        self.groups.is_some() && self.caps.cgroups.cpu_accounting()
    }

    /// Whether every protection is on.
    pub fn fully_isolated(&self) -> bool {
        self.protections().iter().all(|p| p.on)
    }

    /// The user id of a slot, in this process's uid range. Slots beyond the range wrap around
    /// (use [`Self::slot_uid`] to refuse them).
    pub fn uid_for_slot(&self, slot: usize) -> u32 {
        let size = u64::from(self.config.uid_range_size.max(1));
        let offset =
            (u64::from(self.config.worker) * u64::from(self.config.slots_per_worker) + slot as u64) % size;
        self.first_uid() + offset as u32
    }

    /// The user id of a slot, or an error if the slot lies beyond this process's uid range.
    fn slot_uid(&self, slot: usize) -> io::Result<u32> {
        let offset = u64::from(self.config.worker) * u64::from(self.config.slots_per_worker) + slot as u64;
        if offset >= u64::from(self.config.uid_range_size) {
            return Err(io::Error::other(format!(
                "slot {slot} of sandbox worker {} is beyond this process's {} sandbox uids",
                self.config.worker, self.config.uid_range_size
            )));
        }
        Ok(self.uid_for_slot(slot))
    }

    /// First uid of this process's range (the first range's when no range is leased).
    fn first_uid(&self) -> u32 {
        self.uids.as_ref().map(|l| l.first).unwrap_or(self.config.uid_base)
    }

    /// This process's leased uid range, as root.
    pub fn uid_lease(&self) -> Option<&uids::UidLease> {
        self.uids.as_deref()
    }

    /// The pid of the zygote that serves this launcher's next launch (none where each launch
    /// spawns its helper). A zygote that has died still answers until the next launch
    /// replaces it.
    pub fn zygote_pid(&self) -> Option<u32> {
        self.zygote.lock().unwrap_or_else(|e| e.into_inner()).as_ref().map(|z| z.pid())
    }

    /// The zygote to ask, replaced first if it has died.
    fn live_zygote(&self) -> Option<io::Result<Arc<zygote::Zygote>>> {
        let current = self.zygote.lock().unwrap_or_else(|e| e.into_inner()).clone()?;
        if current.is_alive() {
            return Some(Ok(current));
        }
        Some(self.replace_zygote(&current, "it has ended"))
    }

    /// Starts a new zygote in place of `dead` (unless another launch already has), and says so.
    fn replace_zygote(&self, dead: &Arc<zygote::Zygote>, why: &str) -> io::Result<Arc<zygote::Zygote>> {
        let mut slot = self.zygote.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(current) = slot.as_ref() {
            if !Arc::ptr_eq(current, dead) {
                return Ok(current.clone());
            }
        }
        if zygote::exiting() {
            return Err(io::Error::other("the process is exiting: no sandbox launches any more"));
        }
        let netns = self.caps.netns.as_ref().map(|f| f.as_fd());
        let fresh = Arc::new(
            zygote::Zygote::start(&self.config.helper, netns, self.groups.clone()).map_err(|e| {
                io::Error::new(
                    e.kind(),
                    format!("restarting the sandbox zygote (pid {} is gone): {e}", dead.pid()),
                )
            })?,
        );
        tracing::warn!(
            "sandbox zygote pid {} is gone ({why}); started a new one, pid {}",
            dead.pid(),
            fresh.pid()
        );
        *slot = Some(fresh.clone());
        Ok(fresh)
    }

    fn system_readable(&self, spec: &LaunchSpec) -> Vec<PathBuf> {
        let mut paths = self.config.system_paths.clone();
        paths.extend(spec.readable.iter().cloned());
        paths
    }
}

/// A namespace without interfaces (not even `lo` up), created on a short-lived thread so
/// the judge's own threads stay in the host's namespace; the returned descriptor keeps it alive.
fn make_empty_netns() -> io::Result<OwnedFd> {
    std::thread::spawn(|| -> io::Result<OwnedFd> {
        nix::sched::unshare(nix::sched::CloneFlags::CLONE_NEWNET).map_err(io::Error::from)?;
        let file = fs::File::open("/proc/thread-self/ns/net")?;
        Ok(OwnedFd::from(file))
    })
    .join()
    .map_err(|_| io::Error::other("netns thread panicked"))?
}

/// Gives the slot's user what a launch needs of its workdir: ownership of the directory for a
/// compile (writable), read access for a bot run. Returns what to undo after a compile.
fn prepare_workdir(spec: &LaunchSpec, uid: u32) -> io::Result<Option<PathBuf>> {
    let meta = fs::metadata(&spec.workdir)
        .map_err(|e| io::Error::new(e.kind(), format!("workdir {}: {e}", spec.workdir.display())))?;
    if !meta.is_dir() {
        return Err(io::Error::other(format!("workdir {} is not a directory", spec.workdir.display())));
    }
    if spec.workdir_writable {
        nix::unistd::chown(&spec.workdir, Some(Uid::from_raw(uid)), Some(Gid::from_raw(uid)))?;
        return Ok(Some(spec.workdir.clone()));
    }
    // Bots run under another user than the judge who wrote their files: let others read them
    // (the directory is only ever shown to its own bot, read-only).
    open_for_others(&spec.workdir, 0)?;
    Ok(None)
}

fn open_for_others(path: &Path, depth: usize) -> io::Result<()> {
    let meta = fs::symlink_metadata(path)?;
    if meta.file_type().is_symlink() || depth > 16 {
        return Ok(());
    }
    let mode = meta.permissions().mode();
    // Others get what the owner has, minus writing.
    let wanted = mode | ((mode >> 6) & 0o5);
    if wanted != mode {
        fs::set_permissions(path, fs::Permissions::from_mode(wanted & 0o7777))?;
    }
    if meta.is_dir() {
        for entry in fs::read_dir(path)? {
            open_for_others(&entry?.path(), depth + 1)?;
        }
    }
    Ok(())
}

/// Gives a compile's outputs back to the judge's user.
fn chown_back(path: &Path, depth: usize) {
    let _ = std::os::unix::fs::lchown(path, Some(Uid::effective().as_raw()), Some(Gid::effective().as_raw()));
    if depth < 32 && fs::symlink_metadata(path).is_ok_and(|m| m.is_dir()) {
        if let Ok(dir) = fs::read_dir(path) {
            for entry in dir.flatten() {
                chown_back(&entry.path(), depth + 1);
            }
        }
    }
}

/// A helper started but maybe still setting up: [`Pending::complete`] waits for the bot's
/// `execve` (or the setup error).
struct Pending {
    process: SandboxProcess,
    err_r: OwnedFd,
    /// The judge's ends of the bot's pipes, when the zygote forked the helper.
    pipes: Option<(ChildStdin, ChildStdout, ChildStderr)>,
}

impl Pending {
    fn complete(self) -> io::Result<Launched> {
        let Pending { mut process, err_r, pipes } = self;
        let (stdin, stdout, stderr) = match (pipes, process.helper.as_mut()) {
            (Some((i, o, e)), _) => (Some(i), Some(o), Some(e)),
            (None, Some(Helper::Spawned(child))) => {
                (child.stdin.take(), child.stdout.take(), child.stderr.take())
            }
            (None, _) => (None, None, None),
        };
        // The error pipe closes at the bot's execve; anything written before is a setup error.
        let mut message = String::new();
        let _ = fs::File::from(err_r).read_to_string(&mut message);
        if !message.is_empty() {
            let _ = process.kill_tree();
            return Err(io::Error::other(message));
        }
        match (stdin, stdout, stderr) {
            (Some(stdin), Some(stdout), Some(stderr)) => {
                Ok(Launched { stdin, stdout, stderr, process: Box::new(process) })
            }
            _ => Err(io::Error::other("sandbox helper started without pipes")),
        }
    }
}

/// A launch made ready on the judge's side (workdir, cgroups, error pipe, the helper's spec),
/// its helper not started yet.
struct Prepared {
    hspec: HelperSpec,
    err_r: OwnedFd,
    err_w: OwnedFd,
    cgroup: Option<LaunchCgroup>,
    /// The limits of the launch's cgroups (None: the judge has none), whether its own groups
    /// (`cgroup`) or those an instance's bot joined ahead get them.
    limits: Option<CgroupLimits>,
    /// The workdir handed to the slot's user, to be given back at the end.
    chown: Option<PathBuf>,
    uid: Option<u32>,
}

impl Prepared {
    /// Takes the launch's cgroups from `groups` (where the judge has cgroups): its bot joins
    /// them as it starts. Dropping the launch removes them again.
    fn with_groups(mut self, groups: Option<&GroupKeeper>) -> io::Result<Prepared> {
        if let (Some(groups), Some(limits)) = (groups, &self.limits) {
            match groups.take(limits) {
                Ok(cg) => {
                    self.hspec.cgroup_procs = cg.procs_files();
                    self.cgroup = Some(cg);
                }
                Err(e) => {
                    self.give_back();
                    return Err(e);
                }
            }
        }
        Ok(self)
    }

    /// Undoes what is not undone by dropping: the workdir's owner.
    fn give_back(&self) {
        if let Some(dir) = &self.chown {
            chown_back(dir, 0);
        }
    }

    /// The launch's process once its helper runs, and the error pipe's read end: only the
    /// helper holds the write end now.
    fn started(
        self,
        helper: Helper,
        pidfd: Option<OwnedFd>,
        process_group: bool,
        groups: Option<Arc<GroupKeeper>>,
    ) -> (SandboxProcess, OwnedFd) {
        let Prepared { hspec, err_r, err_w, cgroup, limits, chown, uid } = self;
        drop(err_w);
        let kind = matches!(helper, Helper::Forked { .. }).then_some((hspec, limits));
        let process = SandboxProcess {
            helper: Some(helper),
            pidfd,
            cgroup,
            groups,
            finished: None,
            cpu_at_end: None,
            chown_back: chown,
            uid,
            process_group,
            kind,
        };
        (process, err_r)
    }
}

impl SandboxLauncher {
    /// Prepares the launches and starts their helpers, without waiting for the helpers' set-up.
    fn begin_all(&self, specs: &[LaunchSpec]) -> Vec<io::Result<Pending>> {
        match self.live_zygote() {
            Some(Ok(z)) => self.fork_with_zygote(z, specs),
            Some(Err(e)) => specs.iter().map(|_| Err(io::Error::new(e.kind(), e.to_string()))).collect(),
            None => specs
                .iter()
                .map(|spec| self.prepare(spec).and_then(|p| p.with_groups(self.groups.as_deref())))
                .map(|p| p.and_then(|p| self.spawn_helper(p)))
                .collect(),
        }
    }

    /// Everything of a launch the judge does before its helper starts, but for its cgroups
    /// ([`Prepared::with_groups`]): a launch handed to a pre-started instance uses the groups
    /// the instance's bot joined ahead.
    fn prepare(&self, spec: &LaunchSpec) -> io::Result<Prepared> {
        let caps = &self.caps;
        let uid = self.slot_uid(spec.slot)?;
        let drop_user = caps.root;
        let memory_bytes = spec.memory_mib.max(1) * 1024 * 1024;
        let chown = if drop_user { prepare_workdir(spec, uid)? } else { None };
        let give_back = || {
            if let Some(dir) = &chown {
                chown_back(dir, 0);
            }
        };
        let limits = self.groups.as_ref().map(|_| CgroupLimits {
            memory_bytes,
            max_processes: spec.max_processes.max(1),
            cpu: spec.cpu,
        });

        let (err_r, err_w) = nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC).inspect_err(|_| give_back())?;
        let hspec = HelperSpec {
            program: spec.program.clone(),
            args: spec.args.clone(),
            env: spec.env.clone(),
            workdir: spec.workdir.clone(),
            workdir_writable: spec.workdir_writable,
            readable: self.system_readable(spec),
            error_fd: err_w.as_raw_fd(),
            netns_fd: caps.netns.as_ref().map(|fd| fd.as_raw_fd()),
            status_fd: None,
            root_template_fd: None,
            new_netns: caps.namespaces && caps.netns.is_none(),
            namespaces: caps.namespaces,
            root_dir: self.root_dir.clone(),
            tmp_mib: self.config.tmp_mib,
            cgroup_procs: Vec::new(),
            uid: drop_user.then_some(uid),
            gid: drop_user.then_some(uid),
            affinity_cpu: if caps.cgroups.cpuset() { None } else { spec.cpu },
            // Without a pids cgroup, RLIMIT_NPROC (per user, and the user is the slot's own)
            // is the only fork-bomb brake. With one it would only add false failures, and
            // without our own user it would count every process of the person running the
            // judge (a student's laptop session), so it is left alone then.
            max_processes: if caps.cgroups.pids() || !drop_user {
                u64::MAX
            } else {
                spec.max_processes.max(1)
            },
            max_file_bytes: spec.max_file_bytes,
            max_open_files: self.config.max_open_files,
            // Deep recursion is bounded by the memory limit, like the rest of the bot's memory.
            stack_bytes: Some(memory_bytes),
            cpu_seconds: spec.cpu_time_limit.map(|d| d.as_secs().max(1)),
            seccomp: caps.seccomp,
            deny_unix_sockets: caps.netns.is_some(),
            trace_phases: self.config.trace_phases,
            judge_pid: std::process::id(),
            more_follow: false,
        };
        Ok(Prepared { hspec, err_r, err_w, cgroup: None, limits, chown, uid: drop_user.then_some(uid) })
    }

    /// Spawns `botarena sandbox exec` for a launch (no zygote here).
    fn spawn_helper(&self, prepared: Prepared) -> io::Result<Pending> {
        let caps = &self.caps;
        let json = serde_json::to_string(&prepared.hspec)
            .map_err(io::Error::other)
            .inspect_err(|_| prepared.give_back())?;
        let inherit: Vec<i32> =
            [Some(prepared.err_w.as_raw_fd()), prepared.hspec.netns_fd].into_iter().flatten().collect();

        let mut cmd = Command::new(&self.config.helper);
        cmd.arg("sandbox").arg("exec").arg(json);
        cmd.env_clear().stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        if !caps.namespaces {
            // Without a PID namespace the process group is how the tree is found.
            cmd.process_group(0);
        }
        // SAFETY: the closure only calls fcntl (async-signal-safe) on descriptors that are open
        // in the parent for the whole spawn, so it is sound between fork and exec.
        #[allow(unsafe_code)]
        unsafe {
            cmd.pre_exec(move || {
                for fd in &inherit {
                    nix::fcntl::fcntl(*fd, nix::fcntl::FcntlArg::F_SETFD(nix::fcntl::FdFlag::empty()))?;
                }
                Ok(())
            });
        }
        let child = match cmd.spawn() {
            Ok(c) => c,
            Err(e) => {
                prepared.give_back();
                return Err(io::Error::new(e.kind(), format!("starting the sandbox helper: {e}")));
            }
        };
        let pidfd = pidfd_open(child.id());
        let (process, err_r) =
            prepared.started(Helper::Spawned(child), pidfd, !caps.namespaces, self.groups.clone());
        Ok(Pending { process, err_r, pipes: None })
    }

    /// Has the zygote fork the helpers (or hands the launches to held instances), with pipes
    /// made here for the bots' standard streams.
    ///
    /// Every launch is prepared, and takes the instance of its kind the judge holds, before
    /// any is handed over: a game's two bots then start side by side (handing a launch over
    /// takes tens of microseconds, preparing one a hundred or more). The launch whose bot runs
    /// on the judge's own CPU is handed over last: its bot-to-be, woken there, preempts the
    /// judge. The launches with no instance at hand go to the zygote, every request sent
    /// before the first answer is read: the zygote then serves a game's two launches back to
    /// back, and only after them starts the instances that replace the ones they took.
    fn fork_with_zygote(&self, z: Arc<zygote::Zygote>, specs: &[LaunchSpec]) -> Vec<io::Result<Pending>> {
        let netns = self.caps.netns.as_ref().map(|f| f.as_fd());
        let groups = self.groups.as_deref();
        let mut stamps = zygote::StampCache::default();
        let mut made: Vec<io::Result<(Piped, Option<zygote::Taken>)>> = specs
            .iter()
            .map(|spec| {
                let p = self.prepare(spec).and_then(Piped::new)?;
                let taken = z.take_held(&p.prepared.hspec, netns, p.prepared.limits.as_ref(), &mut stamps);
                Ok((p, taken))
            })
            .collect();
        let here = threads::current_cpu();
        let mut order: Vec<usize> = (0..made.len()).collect();
        order.sort_by_key(|&i| matches!(&made[i], Ok((_, Some(t))) if here.is_some() && t.cpu() == here));
        // The answers of the launches handed to an instance here, in the places of the
        // launches made (None: it goes to the zygote).
        let mut handed: Vec<Option<io::Result<zygote::Forked>>> = made.iter().map(|_| None).collect();
        for i in order {
            if let Ok((p, taken)) = &mut made[i] {
                handed[i] = taken.take().and_then(|t| t.hand_over(&p.prepared.hspec, &p.fds(netns)));
            }
        }
        let mut launches: Vec<io::Result<Piped>> = Vec::new();
        // The answers of the launches handed over, in the places of the launches prepared.
        let mut direct: Vec<Option<io::Result<zygote::Forked>>> = Vec::new();
        for (m, h) in made.into_iter().zip(handed) {
            // Not handed over: the zygote's helper joins groups of the launch's own.
            let launch = m.and_then(|(mut p, _)| {
                if h.is_none() {
                    p.prepared = p.prepared.with_groups(groups)?;
                }
                Ok(p)
            });
            match launch {
                Ok(p) => {
                    launches.push(Ok(p));
                    direct.push(h);
                }
                Err(e) => launches.push(Err(e)),
            }
        }
        // The zygote's requests, in the launches' places (None: handed over here).
        let requests: Vec<Option<(&HelperSpec, zygote::LaunchFds)>> = launches
            .iter()
            .flatten()
            .zip(&direct)
            .map(|(p, d)| d.is_none().then(|| (&p.prepared.hspec, p.fds(netns))))
            .collect();
        let to_zygote: Vec<_> = requests.iter().flatten().copied().collect();
        let mut forked = z.fork_helpers(&to_zygote).into_iter();
        let mut answers: Vec<io::Result<(zygote::Forked, Arc<zygote::Zygote>)>> = direct
            .into_iter()
            .map(|d| {
                d.unwrap_or_else(|| {
                    forked.next().unwrap_or_else(|| Err(io::Error::other("no answer from the zygote")))
                })
                .map(|f| (f, z.clone()))
            })
            .collect();
        // Instances for the next launches of these kinds: made now only where none is left,
        // else once these launches are over (see `SandboxProcess::kind`).
        let kinds: Vec<_> =
            launches.iter().flatten().map(|p| (&p.prepared.hspec, p.prepared.limits.as_ref())).collect();
        z.want_instances(&kinds, zygote::Refill::IfNoneLeft);
        // Killed since we looked: the launches it refused were not started; ask a new one.
        let refused = |a: &io::Result<_>| matches!(a, Err(e) if e.kind() == io::ErrorKind::BrokenPipe);
        let again: Vec<usize> = (0..answers.len()).filter(|&i| refused(&answers[i])).collect();
        if let Some(&first) = again.first() {
            let why = answers[first].as_ref().err().map(|e| e.to_string()).unwrap_or_default();
            match self.replace_zygote(&z, &why) {
                Ok(fresh) => {
                    // Only the zygote's answers are refused, so each of these has a request.
                    let again: Vec<usize> = again.into_iter().filter(|&i| requests[i].is_some()).collect();
                    let retried =
                        fresh.fork_helpers(&again.iter().filter_map(|&i| requests[i]).collect::<Vec<_>>());
                    for (i, answer) in again.into_iter().zip(retried) {
                        answers[i] = answer.map(|f| (f, fresh.clone()));
                    }
                }
                Err(e) => tracing::warn!("replacing the sandbox zygote: {e}"),
            }
        }
        let mut answers = answers.into_iter();
        launches
            .into_iter()
            .map(|p| {
                let p = p?;
                let answer =
                    answers.next().unwrap_or_else(|| Err(io::Error::other("no answer from the zygote")));
                let (mut forked, z) = match answer {
                    Ok(a) => a,
                    Err(e) => {
                        p.prepared.give_back();
                        return Err(e);
                    }
                };
                let Piped { mut prepared, stdin, stdout, stderr, status } = p;
                if let Some(joined) = forked.cgroup.take() {
                    // The instance's bot joined groups of its own; a launch handed to it took none.
                    debug_assert!(prepared.cgroup.is_none());
                    prepared.cgroup = Some(joined);
                }
                // Only the helper holds the bot's ends now.
                drop((stdin.0, stdout.1, stderr.1, status.1));
                let helper = Helper::Forked {
                    pid: forked.pid,
                    pidfd: forked.pidfd,
                    status: status.0,
                    _linger: forked.linger,
                    zygote: z,
                };
                let (process, err_r) = prepared.started(helper, None, false, self.groups.clone());
                let pipes =
                    (ChildStdin::from(stdin.1), ChildStdout::from(stdout.0), ChildStderr::from(stderr.0));
                Ok(Pending { process, err_r, pipes: Some(pipes) })
            })
            .collect()
    }
}

/// A prepared launch with the pipes of its bot and of its status, made here for a launch the
/// zygote or a held instance serves.
struct Piped {
    prepared: Prepared,
    stdin: (OwnedFd, OwnedFd),
    stdout: (OwnedFd, OwnedFd),
    stderr: (OwnedFd, OwnedFd),
    status: (OwnedFd, OwnedFd),
}

impl Piped {
    fn new(prepared: Prepared) -> io::Result<Piped> {
        use nix::fcntl::OFlag;
        let cloexec = OFlag::O_CLOEXEC;
        let made = (|| {
            Ok::<_, nix::Error>((
                nix::unistd::pipe2(cloexec)?,
                nix::unistd::pipe2(cloexec)?,
                nix::unistd::pipe2(cloexec)?,
                // Non-blocking, so the judge can look for the status without waiting for it.
                nix::unistd::pipe2(cloexec | OFlag::O_NONBLOCK)?,
            ))
        })();
        match made {
            Ok((stdin, stdout, stderr, status)) => Ok(Piped { prepared, stdin, stdout, stderr, status }),
            Err(e) => {
                prepared.give_back();
                Err(e.into())
            }
        }
    }

    /// The descriptors the launch's bot and init get.
    fn fds<'a>(&'a self, netns: Option<std::os::fd::BorrowedFd<'a>>) -> zygote::LaunchFds<'a> {
        zygote::LaunchFds {
            stdin: self.stdin.0.as_fd(),
            stdout: self.stdout.1.as_fd(),
            stderr: self.stderr.1.as_fd(),
            error: self.prepared.err_w.as_fd(),
            status: self.status.1.as_fd(),
            netns,
        }
    }
}

impl Launcher for SandboxLauncher {
    fn launch(&self, spec: &LaunchSpec) -> io::Result<Launched> {
        self.launch_all(std::slice::from_ref(spec))
            .pop()
            .unwrap_or_else(|| Err(io::Error::other("not started")))
    }

    /// Starts every helper first, then waits for their set-ups, which run side by side.
    fn launch_all(&self, specs: &[LaunchSpec]) -> Vec<io::Result<Launched>> {
        self.begin_all(specs).into_iter().map(|p| p.and_then(Pending::complete)).collect()
    }

    fn protections(&self) -> Vec<Protection> {
        let caps = &self.caps;
        let cg = &caps.cgroups;
        let ns_note = |what: &str| {
            if caps.namespaces {
                what.to_string()
            } else {
                caps.namespace_note.clone()
            }
        };
        let cg_note = |on: bool, what: &str| {
            if on {
                what.to_string()
            } else if !caps.root {
                "not running as root".to_string()
            } else if cg.notes.is_empty() {
                "controller not available".to_string()
            } else {
                cg.notes.join("; ")
            }
        };
        let v = if cg.v2.is_some() { "cgroup v2" } else { "cgroup v1" };
        let mem_note = if cg.v2.is_some() {
            "cgroup v2 memory.max, swap off".to_string()
        } else if cg.v1_memsw {
            "cgroup v1 memory + memsw limit".to_string()
        } else {
            "cgroup v1 memory limit (no memsw: host has no swap accounting)".to_string()
        };
        vec![
            Protection {
                name: "pid namespace",
                on: caps.namespaces,
                note: ns_note("bot is not PID 1 and sees only its own processes"),
            },
            Protection {
                name: "mount namespace and minimal root",
                on: caps.namespaces,
                note: ns_note(
                    "pivot_root into a read-only tmpfs with system dirs, toolchains and the workdir",
                ),
            },
            Protection {
                name: "network namespace",
                on: caps.namespaces,
                note: ns_note(if caps.netns.is_some() {
                    "one shared namespace without interfaces; Unix sockets denied"
                } else {
                    "a new namespace without interfaces per launch"
                }),
            },
            Protection {
                name: "ipc and uts namespaces",
                on: caps.namespaces,
                note: ns_note("private SysV IPC and hostname"),
            },
            Protection {
                name: "private /tmp",
                on: caps.namespaces,
                note: ns_note(&format!("tmpfs of {} MiB", self.config.tmp_mib)),
            },
            Protection {
                name: "separate user per slot",
                on: caps.root,
                note: match &self.uids {
                    Some(lease) => format!(
                        "uids {}–{}, range {} of {}, held by this process alone",
                        lease.first,
                        lease.last(),
                        lease.index + 1,
                        self.config.uid_ranges
                    ),
                    None => "not running as root: bots run as the judge's user".to_string(),
                },
            },
            Protection {
                name: "no_new_privs",
                on: true,
                note: "setuid binaries cannot raise privileges".to_string(),
            },
            Protection {
                name: "rlimits",
                on: true,
                note: "file size, open files, core 0, CPU-time backstop".to_string(),
            },
            Protection {
                name: "seccomp filter",
                on: caps.seccomp,
                note: if caps.seccomp {
                    "deny-list of dangerous system calls and foreign ABIs"
                } else {
                    "no filter for this architecture"
                }
                .to_string(),
            },
            Protection {
                name: "memory limit",
                on: cg.memory() && caps.root,
                note: cg_note(cg.memory(), &mem_note),
            },
            Protection {
                name: "process limit",
                on: cg.pids() && caps.root,
                note: cg_note(cg.pids(), &format!("{v} pids.max")),
            },
            Protection {
                name: "cpu pinning",
                on: cg.cpuset() && caps.root,
                note: cg_note(cg.cpuset(), &format!("{v} cpuset")),
            },
            Protection {
                name: "whole-tree kill",
                on: caps.root && (cg.tracks_processes() || caps.namespaces),
                note: if caps.root && cg.tracks_processes() {
                    "every process of the launch's cgroup, checked empty; PID namespace dies with its init"
                        .to_string()
                } else if caps.namespaces {
                    "PID namespace dies with its init".to_string()
                } else {
                    "process group only: setsid escapes".to_string()
                },
            },
        ]
    }
}

/// Refuses to go on when a protection is off, unless `allow_insecure` (the
/// [`ALLOW_INSECURE_FLAG`] of `serve`/`worker`) says the operator accepts the risk; then the
/// missing protections are logged as warnings.
pub fn require_full_isolation(launcher: &dyn Launcher, allow_insecure: bool) -> anyhow::Result<()> {
    let off: Vec<String> = launcher
        .protections()
        .into_iter()
        .filter(|p| !p.on)
        .map(|p| format!("{} ({})", p.name, p.note))
        .collect();
    if off.is_empty() {
        return Ok(());
    }
    if allow_insecure {
        for p in &off {
            tracing::warn!("sandbox protection off: {p}");
        }
        return Ok(());
    }
    anyhow::bail!(
        "refusing to judge untrusted code without full isolation; off on this host: {}. \
         Run as root on a host with namespaces and cgroups, or pass {ALLOW_INSECURE_FLAG} to accept \
         that submissions may read, write or kill what these protections would have kept from them",
        off.join("; ")
    )
}

/// A pid file descriptor, to wait for the helper with a timeout without polling.
#[allow(unsafe_code)]
fn pidfd_open(pid: u32) -> Option<OwnedFd> {
    use std::os::fd::FromRawFd;
    // SAFETY: pidfd_open takes a pid and flags and returns a new descriptor or -1; we own the
    // returned descriptor exclusively.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid as libc::c_int, 0 as libc::c_uint) };
    if fd < 0 {
        return None;
    }
    // SAFETY: `fd` is a fresh descriptor returned by the kernel to us.
    Some(unsafe { OwnedFd::from_raw_fd(fd as i32) })
}

/// The helper of a launch: spawned by the judge (`sandbox exec`), or forked by the zygote.
enum Helper {
    Spawned(Child),
    Forked {
        pid: u32,
        pidfd: Option<OwnedFd>,
        /// Where the helper's init writes the bot's raw wait status once it has reaped it and
        /// everything the bot left (end of file: killed before it could).
        status: OwnedFd,
        /// A held instance's init socket: closed with the launch, which ends init (see
        /// [`zygote::Forked::linger`]).
        _linger: Option<OwnedFd>,
        /// The zygote stays while a process it forked lives (it reports its status), and is
        /// told when the launch is over.
        zygote: Arc<zygote::Zygote>,
    },
}

impl Helper {
    fn id(&self) -> u32 {
        match self {
            Helper::Spawned(c) => c.id(),
            Helper::Forked { pid, .. } => *pid,
        }
    }

    fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        match self {
            Helper::Spawned(c) => c.try_wait(),
            Helper::Forked { status, .. } => zygote::read_status(status),
        }
    }

    fn kill(&mut self) -> io::Result<()> {
        match self {
            Helper::Spawned(c) => c.kill(),
            Helper::Forked { pidfd: Some(fd), .. } => zygote::pidfd_kill(fd),
            // Not reaped before its status is read, so the pid is still the helper's.
            Helper::Forked { pid, .. } => {
                kill(Pid::from_raw(*pid as i32), Signal::SIGKILL).map_err(io::Error::from)
            }
        }
    }
}

/// A sandboxed process: the helper (which ends like the bot) plus the launch's cgroup.
struct SandboxProcess {
    helper: Option<Helper>,
    pidfd: Option<OwnedFd>,
    cgroup: Option<LaunchCgroup>,
    /// Where the cgroup goes back once its processes are gone.
    groups: Option<Arc<GroupKeeper>>,
    finished: Option<ExitInfo>,
    /// The launch's CPU time, read from its groups as they are given back.
    cpu_at_end: Option<Duration>,
    chown_back: Option<PathBuf>,
    uid: Option<u32>,
    process_group: bool,
    /// The spec and cgroup limits of a launch the zygote served: when the launch is over
    /// (dropped), the instances of its kind are made up again, off the path of any bot's start.
    kind: Option<(HelperSpec, Option<CgroupLimits>)>,
}

impl SandboxProcess {
    fn helper(&mut self) -> &mut Helper {
        self.helper.as_mut().expect("the helper is set at launch")
    }

    /// Waits at most `timeout` for the helper to end, without finishing the launch.
    fn wait_helper(&mut self, timeout: Duration) -> io::Result<Option<ExitStatus>> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.helper().try_wait()? {
                return Ok(Some(status));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(None);
            }
            let wait_fd = match &self.helper {
                Some(Helper::Forked { status, .. }) => Some(status),
                _ => self.pidfd.as_ref(),
            };
            match wait_fd {
                Some(fd) => {
                    let ms = left.as_millis().clamp(1, i32::MAX as u128) as i32;
                    let mut fds = [PollFd::new(std::os::fd::AsFd::as_fd(fd), PollFlags::POLLIN)];
                    match poll(&mut fds, PollTimeout::try_from(ms).unwrap_or(PollTimeout::MAX)) {
                        Ok(_) | Err(nix::errno::Errno::EINTR) => {}
                        Err(e) => return Err(e.into()),
                    }
                }
                None => std::thread::sleep(left.min(Duration::from_millis(5))),
            }
        }
    }

    /// After the helper is reaped: make sure nothing is left, read the accounting, clean up.
    fn finish(&mut self, status: ExitStatus) -> io::Result<ExitInfo> {
        let mut result = Ok(());
        let (mut peak, mut oom) = (None, false);
        if let Some(mut cg) = self.cgroup.take() {
            result = cg.kill_all(Duration::from_secs(5));
            peak = cg.peak_memory_kib();
            oom = cg.memory_limit_hit();
            self.cpu_at_end = cg.cpu_time();
            // Emptied: removed off the game's path. Not emptied: dropping it tries again here.
            match (&result, &self.groups) {
                (Ok(()), Some(groups)) => groups.retire(cg),
                (Ok(()), None) => result = cg.destroy(),
                (Err(_), _) => {}
            }
        } else if let Some(uid) = self.uid {
            result = kill_user(uid, Duration::from_secs(5));
        }
        if let Some(dir) = self.chown_back.take() {
            chown_back(&dir, 0);
        }
        let info = ExitInfo {
            code: status.code(),
            signal: status.signal(),
            memory_limit_hit: oom,
            peak_memory_kib: peak,
        };
        self.finished = Some(info.clone());
        result.map(|()| info)
    }
}

/// Kills every process of `uid` (the slot's own user) until none is left; the fallback when no
/// cgroup lists the launch's processes.
pub fn kill_user(uid: u32, limit: Duration) -> io::Result<()> {
    let start = Instant::now();
    loop {
        let pids = processes_of_user(uid);
        if pids.is_empty() {
            return Ok(());
        }
        if start.elapsed() > limit {
            return Err(io::Error::other(format!("processes {pids:?} of uid {uid} survived")));
        }
        for pid in pids {
            let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Pids of the processes whose real user id is `uid`, from `/proc`.
pub fn processes_of_user(uid: u32) -> Vec<i32> {
    processes_of_users(|u| u == uid).into_iter().map(|(pid, _)| pid).collect()
}

/// Pids and uids of the processes whose uid `wanted` picks, from one pass over `/proc`.
pub fn processes_of_users(wanted: impl Fn(u32) -> bool) -> Vec<(i32, u32)> {
    let Ok(dir) = fs::read_dir("/proc") else { return Vec::new() };
    dir.flatten()
        .filter_map(|e| {
            let pid: i32 = e.file_name().to_str()?.parse().ok()?;
            let meta = fs::metadata(e.path()).ok()?;
            wanted(meta.uid()).then_some((pid, meta.uid()))
        })
        .collect()
}

/// Processes running under a sandbox uid of a range that no live process holds: what a
/// finished judge left behind. (Live instances' bots are in held ranges and are not counted.)
pub fn orphaned_sandbox_processes(ranges: &uids::UidRanges) -> Vec<(i32, u32)> {
    let found = processes_of_users(|uid| ranges.index_of(uid).is_some());
    // Looked at after the scan: a range leased meanwhile is held now and its processes skipped.
    found
        .into_iter()
        .filter(|(_, uid)| ranges.index_of(*uid).is_some_and(|i| !ranges.is_held(i).unwrap_or(true)))
        .collect()
}

impl Process for SandboxProcess {
    fn pid(&self) -> u32 {
        self.helper.as_ref().map(|c| c.id()).unwrap_or(0)
    }

    fn wait_timeout(&mut self, timeout: Duration) -> io::Result<Option<ExitInfo>> {
        if let Some(info) = &self.finished {
            return Ok(Some(info.clone()));
        }
        match self.wait_helper(timeout)? {
            Some(status) => self.finish(status).map(Some),
            None => Ok(None),
        }
    }

    fn kill_tree(&mut self) -> io::Result<ExitInfo> {
        if let Some(info) = &self.finished {
            return Ok(info.clone());
        }
        let pid = self.pid() as i32;
        if self.process_group {
            let _ = kill(Pid::from_raw(-pid), Signal::SIGKILL);
        }
        let mut status = None;
        if let Some(cg) = &self.cgroup {
            // Kill the bot's tree first: init then reports the bot's death, reaps whatever is
            // left in the namespace, and exits, and so does the helper. Once the helper is
            // reaped nothing of the launch exists any more, not even a zombie.
            let _ = cg.kill_all(Duration::from_secs(1));
            status = self.wait_helper(Duration::from_secs(2))?;
        }
        let status = match status {
            Some(status) => status,
            None => {
                // Killing the helper kills init (PR_SET_PDEATHSIG); the kernel then kills every
                // process left in the PID namespace and refuses it new ones.
                let _ = self.helper().kill();
                match self.helper() {
                    Helper::Spawned(child) => child.wait()?,
                    Helper::Forked { .. } => match self.wait_helper(Duration::from_secs(10))? {
                        Some(status) => status,
                        None => return Err(io::Error::other("the sandbox helper did not end when killed")),
                    },
                }
            }
        };
        self.finish(status)
    }

    fn peak_memory_kib(&self) -> Option<u64> {
        match &self.finished {
            Some(info) => info.peak_memory_kib,
            None => self.cgroup.as_ref().and_then(|c| c.peak_memory_kib()),
        }
    }

    fn cpu_time(&self) -> Option<Duration> {
        match &self.cgroup {
            Some(cg) => cg.cpu_time(),
            None => self.cpu_at_end,
        }
    }
}

impl Drop for SandboxProcess {
    fn drop(&mut self) {
        if self.finished.is_none() && self.helper.is_some() {
            if let Err(e) = self.kill_tree() {
                tracing::error!("sandbox cleanup failed: {e}");
            }
        }
        if let (Some((spec, limits)), Some(Helper::Forked { zygote, .. })) = (self.kind.take(), &self.helper)
        {
            zygote.launch_over(spec, limits);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct FakeLauncher(Vec<Protection>);

    impl Launcher for FakeLauncher {
        fn launch(&self, _spec: &LaunchSpec) -> io::Result<Launched> {
            Err(io::Error::other("not a real launcher"))
        }
        fn protections(&self) -> Vec<Protection> {
            self.0.clone()
        }
    }

    fn protection(name: &'static str, on: bool) -> Protection {
        Protection { name, on, note: format!("{name} note") }
    }

    #[test]
    fn judging_is_refused_when_a_protection_is_off_unless_the_risk_is_accepted() {
        let weak = FakeLauncher(vec![protection("pid namespace", true), protection("memory limit", false)]);
        let err = require_full_isolation(&weak, false).unwrap_err().to_string();
        assert!(err.contains("memory limit"), "{err}");
        assert!(err.contains(ALLOW_INSECURE_FLAG), "{err}");
        assert!(require_full_isolation(&weak, true).is_ok());
    }

    #[test]
    fn judging_goes_on_when_every_protection_is_on() {
        let strong = FakeLauncher(vec![protection("pid namespace", true), protection("memory limit", true)]);
        assert!(require_full_isolation(&strong, false).is_ok());
    }

    #[test]
    fn the_seccomp_filter_is_small_enough_for_the_kernel() {
        let filters = seccomp::filter(true).unwrap();
        // One program: the stack chained (see `seccomp::chain`).
        assert_eq!(filters.len(), usize::from(seccomp::supported()));
        for f in &filters {
            assert!(!f.is_empty() && f.len() < 4096);
            assert_eq!(f.last().map(|i| i.k), Some(libc::SECCOMP_RET_ALLOW));
        }
    }
}
