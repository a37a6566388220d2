//! What the judge, the zygote and the sandbox's processes exchange: the launch's spec
//! ([`HelperSpec`], JSON), a launch's descriptors ([`LaunchFds`]), the messages of the instance
//! channel, the one way every socket of theirs is written and read (`SOCK_SEQPACKET`, with
//! descriptors passed by `SCM_RIGHTS`), the status pipe's format and the `phase` lines of
//! `sandbox bench`.
//!
//! Every side of the sandbox uses this file and it uses no other file of the sandbox: the
//! judge's client of the zygote, the zygote and the helper it forks share these types without
//! importing each other.

use std::io::{self, IoSlice};
use std::os::fd::{AsRawFd, BorrowedFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::ExitStatusExt;
use std::path::PathBuf;
use std::process::ExitStatus;

use nix::sys::socket::{sendmsg, ControlMessage, MsgFlags};
use nix::unistd;
use serde::{Deserialize, Serialize};

/// Everything the helper needs, serialized by the judge as JSON on the command line.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct HelperSpec {
    pub program: PathBuf,
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
    pub workdir: PathBuf,
    pub workdir_writable: bool,
    /// Paths bound read-only at the same place inside (system dirs, `/etc` pieces, toolchains).
    pub readable: Vec<PathBuf>,
    /// Write end of the error pipe (inherited).
    pub error_fd: RawFd,
    /// A network namespace to join (inherited fd), or none.
    pub netns_fd: Option<RawFd>,
    /// Where init writes the bot's raw wait status (4 bytes, little-endian) as soon as it has
    /// reaped the bot (inherited fd; the zygote's launches). The judge learns the result there
    /// without waiting for init and the helper to end and be reaped in turn.
    #[serde(default)]
    pub status_fd: Option<RawFd>,
    /// A mount namespace whose root is the read-only part of this launch's root, prepared once
    /// by the zygote (inherited fd; see [`super::root::build_shared_root`]). The helper joins it before
    /// unsharing, so its own mount namespace starts as a copy, and init only adds what differs
    /// per launch. None: init builds the whole root.
    #[serde(default)]
    pub root_template_fd: Option<RawFd>,
    /// Unshare a fresh network namespace instead (when no prepared one exists).
    pub new_netns: bool,
    /// Use PID, mount, IPC and UTS namespaces and a new root.
    pub namespaces: bool,
    /// Where the new root's tmpfs is mounted (an empty directory made by the launcher).
    pub root_dir: PathBuf,
    /// Size of the private `/tmp`, in MiB.
    pub tmp_mib: u64,
    /// `cgroup.procs` files the bot writes itself into.
    pub cgroup_procs: Vec<PathBuf>,
    /// User and group to run as; `None` keeps the caller's (non-root hosts).
    pub uid: Option<u32>,
    pub gid: Option<u32>,
    /// CPU to pin to with `sched_setaffinity` when no cpuset group does it.
    pub affinity_cpu: Option<usize>,
    pub max_processes: u64,
    pub max_file_bytes: u64,
    pub max_open_files: u64,
    pub stack_bytes: Option<u64>,
    pub cpu_seconds: Option<u64>,
    pub seccomp: bool,
    pub deny_unix_sockets: bool,
    /// Print `phase <name> <CLOCK_MONOTONIC ns>` lines on stderr during setup, for
    /// `botarena sandbox bench`.
    #[serde(default)]
    pub trace_phases: bool,
    /// The judge's pid, to notice a judge that died before the helper armed its death signal.
    #[serde(default)]
    pub judge_pid: u32,
    /// Another launch follows this one at once (the other bot of the game): the zygote waits
    /// for it before it starts the instances that replace the ones taken.
    #[serde(default)]
    pub more_follow: bool,
}

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

/// Largest request: a spec is a few KiB of JSON (paths, arguments, environment).
pub const MAX_REQUEST: usize = 1 << 20;

/// The descriptors a launch sends a pre-started bot, in this order, then one per cgroup
/// (its `cgroup.procs`, opened for writing).
pub const INSTANCE_LAUNCH_FDS: usize = 4;

/// What the judge sends on the instance channel: an instance wanted for launches like `spec`.
#[derive(Serialize, Deserialize)]
pub(super) struct WantMessage {
    pub(super) id: u64,
    pub(super) spec: HelperSpec,
    /// How many descriptors before the network namespace's are `cgroup.procs` files to join.
    #[serde(default)]
    pub(super) cgroups: usize,
    /// The CPU those groups pin the bot to, where the instance is made (see
    /// [`super::instance::InstanceSetup::cpu`]).
    #[serde(default)]
    pub(super) cpu: Option<usize>,
}

/// What the zygote sends back: the instance (its pid, with its init's and bot-to-be's sockets
/// and a pidfd as descriptors), or why none could be started.
#[derive(Serialize, Deserialize)]
pub(super) struct Delivery {
    pub(super) id: u64,
    pub(super) pid: i32,
    pub(super) error: Option<String>,
}

/// Sends one message, with descriptors when there are any, on a `SOCK_SEQPACKET` socket (of the
/// judge, the zygote or an instance); a closed peer is an error, not a `SIGPIPE`.
pub(super) fn send(socket: RawFd, bytes: &[u8], fds: &[RawFd]) -> nix::Result<()> {
    let rights = [ControlMessage::ScmRights(fds)];
    let cmsgs: &[ControlMessage] = if fds.is_empty() { &[] } else { &rights };
    sendmsg::<()>(socket, &[IoSlice::new(bytes)], cmsgs, MsgFlags::MSG_NOSIGNAL, None).map(|_| ())
}

/// Receives one message on a `SOCK_SEQPACKET` socket and the descriptors that came with it
/// (close-on-exec); `EMSGSIZE` for a message or descriptors cut short. Every socket of the
/// sandbox's processes (judge, zygote, instances) is read with it.
pub fn receive(socket: BorrowedFd, buf: &mut [u8]) -> nix::Result<(usize, Vec<OwnedFd>)> {
    use nix::sys::socket::{recvmsg, ControlMessageOwned, MsgFlags};
    let mut cmsg = nix::cmsg_space!([RawFd; 16]);
    let mut iov = [std::io::IoSliceMut::new(buf)];
    let msg = recvmsg::<()>(socket.as_raw_fd(), &mut iov, Some(&mut cmsg), MsgFlags::MSG_CMSG_CLOEXEC)?;
    let mut fds = Vec::new();
    for c in msg.cmsgs()? {
        if let ControlMessageOwned::ScmRights(raw) = c {
            fds.extend(raw.into_iter().map(adopt_fd));
        }
    }
    if msg.flags.intersects(MsgFlags::MSG_TRUNC | MsgFlags::MSG_CTRUNC) {
        return Err(nix::errno::Errno::EMSGSIZE);
    }
    Ok((msg.bytes, fds))
}

/// Takes ownership of a descriptor passed to this process: inherited from its parent, or
/// received with a message.
#[allow(unsafe_code)]
pub(super) fn adopt_fd(fd: RawFd) -> OwnedFd {
    // SAFETY: the judge (or the zygote) passed this descriptor to us on purpose and nothing
    // else in this process uses it.
    unsafe { OwnedFd::from_raw_fd(fd) }
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

/// Writes a `phase` line on the bot's standard error (`fd`), as the helper, the zygote and the
/// judge report their part of a start to `sandbox bench`. One write, so lines of different
/// processes on the same pipe are never torn.
pub fn write_phase(fd: BorrowedFd, name: &str, at: i128) {
    let _ = unistd::write(fd, format!("phase {name} {at}\n").as_bytes());
}

/// CLOCK_MONOTONIC in nanoseconds, the clock `Instant` uses, so the judge can compare.
#[allow(unsafe_code)]
pub fn monotonic_ns() -> i128 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    ts.tv_sec as i128 * 1_000_000_000 + ts.tv_nsec as i128
}
