//! A pre-started instance as the judge and the zygote both hold it ([`Instance`]), which
//! launches it can serve (`InstanceKey`, `RootKey`), and handing a launch to it
//! ([`hand_over`]): the judge does it for the instances it holds, the zygote for one it starts
//! for a launch. The processes of the instance itself are in `sandbox/instance.rs`.

use std::fs;
use std::os::fd::{AsRawFd, BorrowedFd, OwnedFd};
use std::os::unix::fs::MetadataExt;
use std::path::PathBuf;

use crate::judge::sandbox::root::{detached_bind, workdir_top};
use crate::judge::sandbox::wire::{send, HelperSpec, LaunchFds, INSTANCE_LAUNCH_FDS};

/// What a pre-started instance is made of, beyond its root: launches of the same key can use
/// the same kind of instance.
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
pub(super) struct InstanceKey {
    pub(super) root: RootKey,
    pub(super) tmp_mib: u64,
    pub(super) new_netns: bool,
    /// The shared network namespace, by device and inode.
    pub(super) netns: Option<(u64, u64)>,
    /// The seccomp filter its bot-to-be installs before the launch, and which variant.
    pub(super) seccomp: bool,
    pub(super) deny_unix_sockets: bool,
}

/// A pre-started instance (see [`crate::judge::sandbox::instance::run_instance`]): its init
/// (our child), a pidfd of it, and the sockets on which its init and its bot-to-be wait for a
/// launch. Dropping it closes them, and the instance ends.
pub struct Instance {
    pub(super) pid: i32,
    pub(super) pidfd: Option<OwnedFd>,
    pub(super) init: OwnedFd,
    pub(super) bot: OwnedFd,
}

impl InstanceKey {
    pub(super) fn of(spec: &HelperSpec, netns: Option<BorrowedFd>) -> Option<InstanceKey> {
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
pub(super) struct RootKey {
    pub(super) root_dir: PathBuf,
    pub(super) readable: Vec<PathBuf>,
    pub(super) uid: Option<u32>,
    pub(super) gid: Option<u32>,
    /// The workdir's top-level directory, made empty in the root for the launch's tmpfs;
    /// None for a workdir under `/tmp` (the launch's own tmpfs holds it).
    pub(super) workdir_top: Option<String>,
}

impl RootKey {
    /// The key of `spec`'s root, or None when it cannot be shared: a readable path the
    /// launch's own mounts would hide, or a workdir whose top-level directory the root uses.
    pub(super) fn of(spec: &HelperSpec) -> Option<RootKey> {
        let top = workdir_top(&spec.workdir)?;
        let mut firsts = Vec::new();
        for path in &spec.readable {
            firsts.push(workdir_top(path)?);
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

pub(super) fn stamps(paths: &[PathBuf]) -> Vec<Option<(u64, u64)>> {
    paths.iter().map(|p| fs::metadata(p).ok().map(|m| (m.dev(), m.ino()))).collect()
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
    let workdir = detached_bind(&spec.workdir, spec.workdir_writable).map_err(|_| None)?;
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
    debug_assert_eq!(fds.len(), INSTANCE_LAUNCH_FDS + cgroups.len());
    // Init first: the bot gets nothing unless its init holds the judge's status pipe (and shows
    // the workdir).
    let to_init = [launch.status.as_raw_fd(), workdir.as_raw_fd()];
    send(instance.init.as_raw_fd(), spec.workdir.as_os_str().as_encoded_bytes(), &to_init)
        .map_err(|_| None)?;
    send(instance.bot.as_raw_fd(), request, &fds)
        .map_err(|e| Some(format!("the sandbox instance ended before its launch: {e}")))
}
