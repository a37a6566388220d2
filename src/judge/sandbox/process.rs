//! A launch's processes as the judge sees them once started (`SandboxProcess`): waiting for
//! the helper (or for the status its init writes), killing the whole tree, reading the
//! launch's accounting and cleaning up; and finding the processes of sandbox users on the host.

use std::fs;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::fs::MetadataExt;
use std::os::unix::process::ExitStatusExt;
use std::path::PathBuf;
use std::process::{Child, ExitStatus};
use std::sync::Arc;
use std::time::{Duration, Instant};

use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;

use super::cgroup::{CgroupLimits, GroupKeeper, LaunchCgroup};
use super::wire::{read_status, HelperSpec};
use super::workdir::chown_back;
use super::zygote::client::Zygote;
use crate::judge::launch::{ExitInfo, Process};

/// A pid file descriptor, to wait for the helper with a timeout without polling.
#[allow(unsafe_code)]
pub(super) fn pidfd_open(pid: u32) -> Option<OwnedFd> {
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

/// The helper of a launch: spawned by the judge (`sandbox exec`), or forked by the zygote.
pub(super) enum Helper {
    Spawned(Child),
    Forked {
        pid: u32,
        pidfd: Option<OwnedFd>,
        /// Where the helper's init writes the bot's raw wait status once it has reaped it and
        /// everything the bot left (end of file: killed before it could).
        status: OwnedFd,
        /// A held instance's init socket: closed with the launch, which ends init (see
        /// [`super::zygote::client::Forked::linger`]).
        _linger: Option<OwnedFd>,
        /// The zygote stays while a process it forked lives (it reports its status), and is
        /// told when the launch is over.
        zygote: Arc<Zygote>,
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
            Helper::Forked { status, .. } => read_status(status),
        }
    }

    fn kill(&mut self) -> io::Result<()> {
        match self {
            Helper::Spawned(c) => c.kill(),
            Helper::Forked { pidfd: Some(fd), .. } => pidfd_kill(fd),
            // Not reaped before its status is read, so the pid is still the helper's.
            Helper::Forked { pid, .. } => {
                kill(Pid::from_raw(*pid as i32), Signal::SIGKILL).map_err(io::Error::from)
            }
        }
    }
}

/// A sandboxed process: the helper (which ends like the bot) plus the launch's cgroup.
pub(super) struct SandboxProcess {
    pub(super) helper: Option<Helper>,
    pub(super) pidfd: Option<OwnedFd>,
    pub(super) cgroup: Option<LaunchCgroup>,
    /// Where the cgroup goes back once its processes are gone.
    pub(super) groups: Option<Arc<GroupKeeper>>,
    pub(super) finished: Option<ExitInfo>,
    /// The launch's CPU time, read from its groups as they are given back.
    pub(super) cpu_at_end: Option<Duration>,
    pub(super) chown_back: Option<PathBuf>,
    pub(super) uid: Option<u32>,
    pub(super) process_group: bool,
    /// The spec and cgroup limits of a launch the zygote served: when the launch is over
    /// (dropped), the instances of its kind are made up again, off the path of any bot's start.
    pub(super) kind: Option<(HelperSpec, Option<CgroupLimits>)>,
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
