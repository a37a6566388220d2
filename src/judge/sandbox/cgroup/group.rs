//! The groups of one launch ([`LaunchCgroup`]): made blank, given a launch's limits, joined by
//! its bot; then read for its accounting (peak memory, OOM kills, CPU time, tasks left), killed
//! whole and removed.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;

use super::host::{read_trim, write, CgroupHost};

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

/// What a group's files say of its limits: memory, memory+swap (v1), pids, CPUs (for tests).
#[cfg(test)]
pub(super) fn read_limits(cg: &LaunchCgroup) -> (String, Option<String>, String, Option<String>) {
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

#[cfg(test)]
mod tests {
    use super::*;

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
