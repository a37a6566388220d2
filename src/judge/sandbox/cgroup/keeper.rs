//! The keeper of launch groups ([`GroupKeeper`]): a thread that makes groups before the
//! launches that take them and removes them after, off the path of a bot's start and a game's
//! end.

use std::collections::VecDeque;
use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use super::group::{CgroupLimits, LaunchCgroup};
use super::host::CgroupHost;
use crate::judge::threads::lower_to_batch;

/// Launch groups made before the launches that take them and removed after they are given back,
/// on a thread of its own: creating and removing a memory group costs tenths of a millisecond,
/// sometimes milliseconds (a `mkdir` can wait behind the destruction of earlier groups), which
/// would otherwise be on every start's path and every game's end.
///
/// The thread runs as batch work ([`lower_to_batch`]), so that it does not preempt the game
/// thread that handed a group back; groups come back to it through a channel.
pub struct GroupKeeper {
    shared: Arc<KeeperShared>,
    work: Sender<KeeperWork>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// What the keeper's thread is told.
enum KeeperWork {
    /// Remove this group, whose processes are all gone.
    Retired(Box<LaunchCgroup>),
    /// Few ready groups are left: make more.
    MakeMore,
    /// The judge is exiting: remove every group.
    Stop,
}

struct KeeperShared {
    host: CgroupHost,
    freezer: bool,
    state: Mutex<KeeperState>,
}

#[derive(Default)]
struct KeeperState {
    ready: Vec<LaunchCgroup>,
    /// The limits of the latest launches, newest first, one entry per distinct value: the
    /// keeper applies them to the groups it makes (a worker's launches repeat a few values,
    /// one per CPU its bots are pinned to).
    recent: VecDeque<CgroupLimits>,
}

impl KeeperState {
    /// The limits the next group should be made with: the recent value with the fewest ready
    /// groups already made with it.
    fn limits_to_make(&self) -> Option<CgroupLimits> {
        let ready_with = |l: &CgroupLimits| self.ready.iter().filter(|cg| cg.has_limits(l)).count();
        self.recent.iter().min_by_key(|l| ready_with(l)).cloned()
    }
}

/// How many blank groups the keeper holds: a game takes two at once, and a worker with several
/// game slots takes them while the keeper makes the next ones.
const READY_GROUPS: usize = 4;

impl KeeperShared {
    fn lock(&self) -> MutexGuard<'_, KeeperState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Launch groups are named `<judge pid>-<n>`, which lets a later judge remove what a dead
    /// one left (see `remove_stale` in `host.rs`).
    fn make(&self) -> io::Result<LaunchCgroup> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let name = format!("{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
        LaunchCgroup::blank(&self.host, &name, self.freezer)
    }

    /// The keeper's thread: removes the groups handed back first, then makes up the ready ones,
    /// then sleeps until told of more work.
    fn run(&self, work: Receiver<KeeperWork>) {
        if let Err(e) = lower_to_batch() {
            tracing::warn!("the cgroup keeper stays under the normal policy: {e}");
        }
        loop {
            let job = match work.try_recv() {
                Ok(job) => job,
                Err(TryRecvError::Disconnected) => KeeperWork::Stop,
                Err(TryRecvError::Empty) => {
                    let wanted = {
                        let state = self.lock();
                        (state.ready.len() < READY_GROUPS).then(|| state.limits_to_make())
                    };
                    match wanted {
                        Some(limits) => match self.make_ready(limits, &work) {
                            Some(job) => job,
                            None => continue,
                        },
                        None => work.recv().unwrap_or(KeeperWork::Stop),
                    }
                }
            };
            match job {
                KeeperWork::Retired(mut cg) => {
                    if let Err(e) = cg.destroy() {
                        tracing::warn!("removing a launch's cgroup: {e}");
                    }
                }
                KeeperWork::MakeMore => {}
                KeeperWork::Stop => {
                    // Everything handed back was sent before this, and is removed already.
                    let ready = std::mem::take(&mut self.lock().ready);
                    for mut cg in ready {
                        let _ = cg.destroy();
                    }
                    return;
                }
            }
        }
    }

    /// Makes one ready group with `limits`. When that fails, waits a second (or for the next
    /// job, which it returns) before the next try: a launch then makes its own group and
    /// reports the error if it persists.
    fn make_ready(&self, limits: Option<CgroupLimits>, work: &Receiver<KeeperWork>) -> Option<KeeperWork> {
        let made = self.make().and_then(|mut cg| match &limits {
            Some(limits) => cg.limit(limits).map(|()| cg),
            None => Ok(cg),
        });
        match made {
            Ok(cg) => {
                self.lock().ready.push(cg);
                None
            }
            Err(e) => {
                tracing::warn!("preparing a launch cgroup: {e}");
                match work.recv_timeout(Duration::from_secs(1)) {
                    Ok(job) => Some(job),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => Some(KeeperWork::Stop),
                }
            }
        }
    }
}

impl GroupKeeper {
    /// Starts the keeper's thread; `freezer` as for [`LaunchCgroup::blank`].
    pub fn start(host: CgroupHost, freezer: bool) -> io::Result<GroupKeeper> {
        let shared = Arc::new(KeeperShared { host, freezer, state: Mutex::new(KeeperState::default()) });
        let (work, jobs) = channel();
        let worker = shared.clone();
        let thread =
            std::thread::Builder::new().name("cgroup-keeper".into()).spawn(move || worker.run(jobs))?;
        Ok(GroupKeeper { shared, work, thread: Some(thread) })
    }

    /// A group with `limits` applied: one made ahead, or (when none is ready) one made now.
    /// The keeper makes the next ones once groups are given back (the launches are over), or
    /// at once if few are left: its `mkdir`s then never compete with a starting bot.
    pub fn take(&self, limits: &CgroupLimits) -> io::Result<LaunchCgroup> {
        let (ready, running_low) = {
            let mut state = self.shared.lock();
            state.recent.retain(|l| l != limits);
            state.recent.push_front(limits.clone());
            state.recent.truncate(READY_GROUPS);
            // One made with these limits, else the newest (whose limits are likeliest close).
            let same = state.ready.iter().rposition(|cg| cg.has_limits(limits));
            let taken = match same {
                Some(at) => Some(state.ready.remove(at)),
                None => state.ready.pop(),
            };
            (taken, state.ready.len() < READY_GROUPS / 2)
        };
        if running_low {
            let _ = self.work.send(KeeperWork::MakeMore);
        }
        let mut cg = match ready {
            Some(cg) => cg,
            None => self.shared.make()?,
        };
        if let Err(e) = cg.limit(limits) {
            self.retire(cg);
            return Err(e);
        }
        Ok(cg)
    }

    /// Hands back a group whose processes are all gone, to be removed off the caller's path.
    pub fn retire(&self, cg: LaunchCgroup) {
        // The keeper's thread gone (a bug): the group is removed here, as it is dropped.
        let _ = self.work.send(KeeperWork::Retired(Box::new(cg)));
    }
}

impl Drop for GroupKeeper {
    /// Removes the groups still ready and those handed back, before the judge exits.
    fn drop(&mut self) {
        let _ = self.work.send(KeeperWork::Stop);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;
    use crate::judge::sandbox::cgroup::group::read_limits;

    #[test]
    fn a_group_made_ahead_gets_exactly_the_limits_of_the_launch_that_takes_it() {
        let host = CgroupHost::detect("botarena-test-keeper");
        if !(host.memory() && host.pids()) {
            eprintln!("skipped: no memory and pids cgroups here (not root?)");
            return;
        }
        let keeper = GroupKeeper::start(host.clone(), false).unwrap();
        let cpu = host.cpuset().then_some(0);
        let small = CgroupLimits { memory_bytes: 64 << 20, max_processes: 8, cpu };
        // Up and down: v1 takes the memory and memory+swap limits in the order that keeps the
        // first no larger than the second.
        let large = CgroupLimits { memory_bytes: 512 << 20, max_processes: 80, cpu: None };
        for limits in [&small, &large, &small, &small, &large, &large] {
            // Give the keeper time to make groups with the limits it has seen.
            std::thread::sleep(Duration::from_millis(20));
            let cg = keeper.take(limits).unwrap();
            let (mem, memsw, pids, cpus) = read_limits(&cg);
            assert_eq!(mem, limits.memory_bytes.to_string());
            if let Some(memsw) = memsw {
                assert_eq!(memsw, limits.memory_bytes.to_string());
            }
            assert_eq!(pids, limits.max_processes.to_string());
            if let (Some(cpus), Some(cpu)) = (cpus, limits.cpu) {
                assert_eq!(cpus, cpu.to_string());
            }
            keeper.retire(cg);
        }
        drop(keeper);
        // Every group went again: those taken and those still ready.
        let parent = host.v2.or(host.v1_memory).unwrap();
        let left: Vec<_> = fs::read_dir(&parent)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with(&format!("{}-", std::process::id())))
            .map(|e| e.file_name())
            .collect();
        assert!(left.is_empty(), "groups left behind: {left:?}");
    }
}
