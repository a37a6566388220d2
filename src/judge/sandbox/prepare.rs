//! One launch on the judge's side, from prepared to started: `Prepared` (its spec, workdir,
//! cgroups and error pipe), `Piped` (with the pipes of a launch the zygote or a held instance
//! serves) and `Pending` (its helper started, the bot's `execve` not seen yet).

use std::fs;
use std::io::{self, Read};
use std::os::fd::{AsFd, OwnedFd};
use std::path::PathBuf;
use std::process::{ChildStderr, ChildStdin, ChildStdout};
use std::sync::Arc;

use super::cgroup::{CgroupLimits, GroupKeeper, LaunchCgroup};
use super::process::{Helper, SandboxProcess};
use super::wire::{HelperSpec, LaunchFds};
use super::workdir::chown_back;
use crate::judge::launch::{Launched, Process};

/// A helper started but maybe still setting up: [`Pending::complete`] waits for the bot's
/// `execve` (or the setup error).
pub(super) struct Pending {
    pub(super) process: SandboxProcess,
    pub(super) err_r: OwnedFd,
    /// The judge's ends of the bot's pipes, when the zygote forked the helper.
    pub(super) pipes: Option<(ChildStdin, ChildStdout, ChildStderr)>,
}

impl Pending {
    pub(super) fn complete(self) -> io::Result<Launched> {
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
pub(super) struct Prepared {
    pub(super) hspec: HelperSpec,
    pub(super) err_r: OwnedFd,
    pub(super) err_w: OwnedFd,
    pub(super) cgroup: Option<LaunchCgroup>,
    /// The limits of the launch's cgroups (None: the judge has none), whether its own groups
    /// (`cgroup`) or those an instance's bot joined ahead get them.
    pub(super) limits: Option<CgroupLimits>,
    /// The workdir handed to the slot's user, to be given back at the end.
    pub(super) chown: Option<PathBuf>,
    pub(super) uid: Option<u32>,
}

impl Prepared {
    /// Takes the launch's cgroups from `groups` (where the judge has cgroups): its bot joins
    /// them as it starts. Dropping the launch removes them again.
    pub(super) fn with_groups(mut self, groups: Option<&GroupKeeper>) -> io::Result<Prepared> {
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
    pub(super) fn give_back(&self) {
        if let Some(dir) = &self.chown {
            chown_back(dir, 0);
        }
    }

    /// The launch's process once its helper runs, and the error pipe's read end: only the
    /// helper holds the write end now.
    pub(super) fn started(
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

/// A prepared launch with the pipes of its bot and of its status, made here for a launch the
/// zygote or a held instance serves.
pub(super) struct Piped {
    pub(super) prepared: Prepared,
    pub(super) stdin: (OwnedFd, OwnedFd),
    pub(super) stdout: (OwnedFd, OwnedFd),
    pub(super) stderr: (OwnedFd, OwnedFd),
    pub(super) status: (OwnedFd, OwnedFd),
}

impl Piped {
    pub(super) fn new(prepared: Prepared) -> io::Result<Piped> {
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
    pub(super) fn fds<'a>(&'a self, netns: Option<std::os::fd::BorrowedFd<'a>>) -> LaunchFds<'a> {
        LaunchFds {
            stdin: self.stdin.0.as_fd(),
            stdout: self.stdout.1.as_fd(),
            stderr: self.stderr.1.as_fd(),
            error: self.prepared.err_w.as_fd(),
            status: self.status.1.as_fd(),
            netns,
        }
    }
}
