//! What the host's cgroups offer ([`CgroupHost::detect`]): the v1 controllers, or a v2
//! hierarchy, with our parent group made in each; and the small file helpers the rest of the
//! module writes and reads groups with.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

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

pub(super) fn write(path: &Path, value: &str) -> io::Result<()> {
    fs::write(path, value)
        .map_err(|e| io::Error::new(e.kind(), format!("writing {value:?} to {}: {e}", path.display())))
}

pub(super) fn read_trim(path: &Path) -> io::Result<String> {
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
