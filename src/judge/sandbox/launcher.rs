//! [`SandboxLauncher`], the sandbox's [`Launcher`]: built once per judge process (finding what
//! the host allows, starting the zygote), it prepares each launch and starts it through a held
//! instance, the zygote, or a `sandbox exec` of its own.

use std::fs;
use std::io;
use std::os::fd::{AsFd, AsRawFd};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{ChildStderr, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use nix::unistd::Uid;

use super::cgroup::{CgroupHost, CgroupLimits, GroupKeeper};
use super::config::{NetworkMode, SandboxConfig};
use super::prepare::{Pending, Piped, Prepared};
use super::probe::{self, make_empty_netns, Capabilities};
use super::process::{pidfd_open, Helper};
use super::wire::{HelperSpec, LaunchFds};
use super::workdir::{chown_back, prepare_workdir};
use super::zygote::client::{exiting, Forked, Refill, StampCache, Taken, Zygote};
use super::{seccomp, uids};
use crate::judge::launch::{LaunchSpec, Launched, Launcher, Protection};
use crate::judge::threads;

/// The sandboxing [`Launcher`]. Build it once per judge process and share it.
pub struct SandboxLauncher {
    config: SandboxConfig,
    caps: Capabilities,
    root_dir: PathBuf,
    /// This process's range of sandbox uids (as root; without root bots keep the judge's user).
    uids: Option<Arc<uids::UidLease>>,
    /// The pre-forked helper that forks every launch's helper (see [`super::zygote`]); without one
    /// (no namespaces, or it could not start) each launch spawns `sandbox exec` itself. One
    /// that died is replaced at the next launch.
    zygote: Mutex<Option<Arc<Zygote>>>,
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
            match Zygote::start(&launcher.config.helper, netns, launcher.groups.clone()) {
                Ok(z) => *launcher.zygote.get_mut().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(z)),
                Err(e) => tracing::warn!("sandbox zygote did not start, spawning each helper: {e}"),
            }
            // A real start proves the whole chain works here (mounts inside containers can be
            // refused even to root); if it does not, degrade rather than fail every bot.
            let mut probed = probe::real_start(&launcher);
            let zygote = launcher.zygote.get_mut().unwrap_or_else(|e| e.into_inner());
            if let (Err(e), Some(_)) = (&probed, &zygote) {
                tracing::warn!("sandbox start through the zygote failed ({e}); spawning each helper");
                *zygote = None;
                probed = probe::real_start(&launcher);
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
    fn live_zygote(&self) -> Option<io::Result<Arc<Zygote>>> {
        let current = self.zygote.lock().unwrap_or_else(|e| e.into_inner()).clone()?;
        if current.is_alive() {
            return Some(Ok(current));
        }
        Some(self.replace_zygote(&current, "it has ended"))
    }

    /// Starts a new zygote in place of `dead` (unless another launch already has), and says so.
    fn replace_zygote(&self, dead: &Arc<Zygote>, why: &str) -> io::Result<Arc<Zygote>> {
        let mut slot = self.zygote.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(current) = slot.as_ref() {
            if !Arc::ptr_eq(current, dead) {
                return Ok(current.clone());
            }
        }
        if exiting() {
            return Err(io::Error::other("the process is exiting: no sandbox launches any more"));
        }
        let netns = self.caps.netns.as_ref().map(|f| f.as_fd());
        let fresh =
            Arc::new(Zygote::start(&self.config.helper, netns, self.groups.clone()).map_err(|e| {
                io::Error::new(
                    e.kind(),
                    format!("restarting the sandbox zygote (pid {} is gone): {e}", dead.pid()),
                )
            })?);
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
    fn fork_with_zygote(&self, z: Arc<Zygote>, specs: &[LaunchSpec]) -> Vec<io::Result<Pending>> {
        let netns = self.caps.netns.as_ref().map(|f| f.as_fd());
        let groups = self.groups.as_deref();
        let mut stamps = StampCache::default();
        let mut made: Vec<io::Result<(Piped, Option<Taken>)>> = specs
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
        let mut handed: Vec<Option<io::Result<Forked>>> = made.iter().map(|_| None).collect();
        for i in order {
            if let Ok((p, taken)) = &mut made[i] {
                handed[i] = taken.take().and_then(|t| t.hand_over(&p.prepared.hspec, &p.fds(netns)));
            }
        }
        let mut launches: Vec<io::Result<Piped>> = Vec::new();
        // The answers of the launches handed over, in the places of the launches prepared.
        let mut direct: Vec<Option<io::Result<Forked>>> = Vec::new();
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
        let requests: Vec<Option<(&HelperSpec, LaunchFds)>> = launches
            .iter()
            .flatten()
            .zip(&direct)
            .map(|(p, d)| d.is_none().then(|| (&p.prepared.hspec, p.fds(netns))))
            .collect();
        let to_zygote: Vec<_> = requests.iter().flatten().copied().collect();
        let mut forked = z.fork_helpers(&to_zygote).into_iter();
        let mut answers: Vec<io::Result<(Forked, Arc<Zygote>)>> = direct
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
        z.want_instances(&kinds, Refill::IfNoneLeft);
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
        probe::protections(&self.caps, &self.config, self.uids.as_deref())
    }
}
