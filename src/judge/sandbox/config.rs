//! The sandbox's settings ([`SandboxConfig`]), with defaults for a dedicated judge machine.

use std::fs;
use std::path::{Path, PathBuf};

use super::uids;

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
