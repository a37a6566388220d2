//! What this host lets the sandbox do, found once when the launcher is built
//! (`Capabilities`, a `real_start`), what the launcher then reports as its protections
//! (`protections`), and the refusal to judge without all of them
//! ([`require_full_isolation`]).

use std::fs;
use std::io;
use std::os::fd::OwnedFd;
use std::path::PathBuf;
use std::time::Duration;

use super::cgroup::CgroupHost;
use super::config::SandboxConfig;
use super::uids::UidLease;
use crate::judge::launch::{LaunchSpec, Launcher, Protection};

/// The flag `serve` and `worker` take to judge on a host without full isolation.
pub const ALLOW_INSECURE_FLAG: &str = "--allow-insecure-sandbox";

/// What this host lets us do, found when the launcher is built.
#[derive(Debug, Default)]
pub(super) struct Capabilities {
    pub(super) root: bool,
    pub(super) namespaces: bool,
    pub(super) namespace_note: String,
    pub(super) netns: Option<OwnedFd>,
    pub(super) cgroups: CgroupHost,
    pub(super) seccomp: bool,
}

/// A namespace without interfaces (not even `lo` up), created on a short-lived thread so
/// the judge's own threads stay in the host's namespace; the returned descriptor keeps it alive.
pub(super) fn make_empty_netns() -> io::Result<OwnedFd> {
    std::thread::spawn(|| -> io::Result<OwnedFd> {
        nix::sched::unshare(nix::sched::CloneFlags::CLONE_NEWNET).map_err(io::Error::from)?;
        let file = fs::File::open("/proc/thread-self/ns/net")?;
        Ok(OwnedFd::from(file))
    })
    .join()
    .map_err(|_| io::Error::other("netns thread panicked"))?
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

/// A real start of `/bin/true` through `launcher`: proves the whole chain works on this host
/// (mounts inside containers can be refused even to root).
pub(super) fn real_start(launcher: &dyn Launcher) -> io::Result<()> {
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
    let mut launched = launcher.launch(&spec)?;
    let info = launched.process.wait_timeout(Duration::from_secs(10))?;
    launched.process.kill_tree()?;
    match info {
        Some(info) if info.success() => Ok(()),
        Some(info) => Err(io::Error::other(format!("/bin/true ended with {}", info.describe()))),
        None => Err(io::Error::other("/bin/true did not end in 10 s")),
    }
}

/// What the sandbox enforces on this host, and why anything is off: what the launcher reports
/// as its protections.
pub(super) fn protections(
    caps: &Capabilities,
    config: &SandboxConfig,
    uids: Option<&UidLease>,
) -> Vec<Protection> {
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
            note: ns_note("pivot_root into a read-only tmpfs with system dirs, toolchains and the workdir"),
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
            note: ns_note(&format!("tmpfs of {} MiB", config.tmp_mib)),
        },
        Protection {
            name: "separate user per slot",
            on: caps.root,
            note: match uids {
                Some(lease) => format!(
                    "uids {}–{}, range {} of {}, held by this process alone",
                    lease.first,
                    lease.last(),
                    lease.index + 1,
                    config.uid_ranges
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::launch::Launched;

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
}
