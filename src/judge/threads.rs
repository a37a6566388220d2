//! Threads for the judge's blocking jobs (a bot's pipe readers), kept after their job to take the
//! next one. A new thread on a busy machine waits for the scheduler's next tick before it first
//! runs, a woken one runs at once (docs/bench.md measured both), and every game needs four
//! readers at once: without this, their starts were part of every game's start.
//!
//! The pool grows as needed (a reader blocks until its bot's pipe closes, so a fixed number of
//! threads could stall a game behind others) and a thread idle for a minute ends.
//!
//! Housekeeping off every game's path (removing a finished launch's cgroups, tearing down its
//! namespaces) runs as batch work: see [`lower_to_batch`].

use std::io;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::Duration;

type Job = Box<dyn FnOnce() + Send + 'static>;

/// How long an idle thread waits for a job before it ends.
const IDLE_FOR: Duration = Duration::from_secs(60);

/// A pool of threads that grows as needed.
pub struct Pool {
    name: &'static str,
    /// The idle threads, each as the sender of its job channel and an id to find it by.
    idle: Mutex<Vec<(u64, Sender<Job>)>>,
    next_id: AtomicU64,
}

/// The pool of the bots' pipe readers.
pub static IO: Pool = Pool::new("judge-io");

impl Pool {
    pub const fn new(name: &'static str) -> Pool {
        Pool { name, idle: Mutex::new(Vec::new()), next_id: AtomicU64::new(0) }
    }

    fn idle(&self) -> MutexGuard<'_, Vec<(u64, Sender<Job>)>> {
        self.idle.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `job` on an idle thread of the pool, or on a new one.
    pub fn spawn(&'static self, job: impl FnOnce() + Send + 'static) -> io::Result<()> {
        let mut job: Job = Box::new(job);
        // The most recently idle thread first: its stack is the likeliest to be in cache.
        while let Some((_, tx)) = self.idle().pop() {
            match tx.send(job) {
                Ok(()) => return Ok(()),
                // A thread that ended takes itself off the list first; never seen, but go on.
                Err(back) => job = back.0,
            }
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        std::thread::Builder::new().name(self.name.into()).spawn(move || self.serve(id, job))?;
        Ok(())
    }

    /// A pool thread: its first job, then whatever it is handed while on the idle list.
    fn serve(&self, id: u64, first: Job) {
        let (tx, rx) = channel::<Job>();
        let mut next = Some(first);
        loop {
            if let Some(job) = next.take() {
                // A panicking job (a bug) must not take the thread's later jobs with it.
                if catch_unwind(AssertUnwindSafe(job)).is_err() {
                    tracing::error!("a job of the {} pool panicked", self.name);
                }
                self.idle().push((id, tx.clone()));
            }
            match rx.recv_timeout(IDLE_FOR) {
                Ok(job) => next = Some(job),
                Err(RecvTimeoutError::Timeout) => {
                    let mut idle = self.idle();
                    match idle.iter().position(|(i, _)| *i == id) {
                        Some(at) => {
                            idle.remove(at);
                            return;
                        }
                        // Taken off the list by `spawn` a moment ago: its job is on the way.
                        None => continue,
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
    }
}

/// Puts the calling thread under `SCHED_BATCH`: woken, it no longer preempts the thread that
/// woke it, and waits for a free CPU or the next tick instead. For housekeeping that no game
/// waits for. Woken under the normal policy, such a thread preempted the thread that woke it on
/// the spot (the kernel favours a wakee that slept long): handing back a launch's cgroups cost
/// the end of every sandboxed start 0.3 ms that way (docs/bench.md).
///
/// Not `SCHED_IDLE`, which measured a little faster on an idle machine: a thread at idle
/// priority may not run for long while bots keep every CPU busy, and the kernel locks its work
/// takes (the cgroup lock of an `rmdir`, the mount lock of a namespace's teardown) would be held
/// that long, stalling every start that needs them. A batch thread keeps its fair share.
pub fn lower_to_batch() -> io::Result<()> {
    set_own_policy(libc::SCHED_BATCH)
}

/// Sets the calling thread's scheduling policy (`SCHED_BATCH`, `SCHED_IDLE`: the policies
/// without a static priority).
pub fn set_own_policy(policy: libc::c_int) -> io::Result<()> {
    let param = libc::sched_param { sched_priority: 0 };
    // SAFETY: sched_setscheduler on the calling thread (0) with a valid parameter.
    #[allow(unsafe_code)]
    let r = unsafe { libc::sched_setscheduler(0, policy, &param) };
    if r == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// The thread that drops what [`drop_off_path`] hands it (None: it could not be started).
static JANITOR: OnceLock<Option<Sender<Box<dyn Send>>>> = OnceLock::new();
const JANITOR_NAME: &str = "judge-janitor";

/// Drops `value` on a batch thread of its own, off the caller's path: what a finished launch
/// holds (its descriptors, its pre-started instance handed back) need not delay a game's
/// result. Where that thread cannot be had, `value` is dropped here.
pub fn drop_off_path<T: Send + 'static>(value: T) {
    let janitor = JANITOR.get_or_init(|| {
        let (tx, rx) = channel::<Box<dyn Send>>();
        let spawned = std::thread::Builder::new().name(JANITOR_NAME.into()).spawn(move || {
            let _ = lower_to_batch();
            for value in rx {
                drop(value);
            }
        });
        spawned.ok().map(|_| tx)
    });
    if let Some(tx) = janitor {
        // A send only fails when the thread is gone: the value comes back and is dropped here.
        let _ = tx.send(Box::new(value));
    }
}

/// Waits, at most `limit`, until everything handed to [`drop_off_path`] so far is dropped:
/// then the queue no longer holds what those values shared with their owner (a launcher's
/// cgroup keeper and zygote).
pub fn wait_for_drops(limit: Duration) {
    /// Says when it is dropped: the janitor drops in order, so everything before it is gone.
    struct Done(Sender<()>);
    impl Drop for Done {
        fn drop(&mut self) {
            let _ = self.0.send(());
        }
    }
    if JANITOR.get().is_none() || std::thread::current().name() == Some(JANITOR_NAME) {
        return;
    }
    let (tx, rx) = channel();
    drop_off_path(Done(tx));
    let _ = rx.recv_timeout(limit);
}

/// The CPU the calling thread runs on at the moment (None: the kernel would not say).
pub fn current_cpu() -> Option<usize> {
    // SAFETY: sched_getcpu takes nothing and only returns a number.
    #[allow(unsafe_code)]
    let cpu = unsafe { libc::sched_getcpu() };
    usize::try_from(cpu).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool() -> &'static Pool {
        Box::leak(Box::new(Pool::new("test")))
    }

    #[test]
    fn a_thread_done_with_its_job_takes_the_next_one() {
        let pool = pool();
        let (tx, rx) = channel();
        let first = tx.clone();
        pool.spawn(move || first.send(std::thread::current().id()).unwrap()).unwrap();
        let a = rx.recv().unwrap();
        // The thread puts itself on the idle list just after its job.
        while pool.idle().is_empty() {
            std::thread::sleep(Duration::from_millis(1));
        }
        pool.spawn(move || tx.send(std::thread::current().id()).unwrap()).unwrap();
        assert_eq!(rx.recv().unwrap(), a, "the idle thread was not reused");
    }

    #[test]
    fn a_blocked_job_does_not_hold_up_the_next_one() {
        let pool = pool();
        let (release_tx, release_rx) = channel::<()>();
        pool.spawn(move || {
            let _ = release_rx.recv();
        })
        .unwrap();
        let (tx, rx) = channel();
        pool.spawn(move || tx.send(()).unwrap()).unwrap();
        rx.recv_timeout(Duration::from_secs(5)).expect("the second job waited for the first");
        release_tx.send(()).unwrap();
    }

    #[test]
    fn a_panicking_job_leaves_its_thread_working() {
        let pool = pool();
        pool.spawn(|| panic!("a bug in a job")).unwrap();
        while pool.idle().is_empty() {
            std::thread::sleep(Duration::from_millis(1));
        }
        let (tx, rx) = channel();
        pool.spawn(move || tx.send(()).unwrap()).unwrap();
        rx.recv_timeout(Duration::from_secs(5)).unwrap();
        assert_eq!(pool.next_id.load(Ordering::Relaxed), 1, "a second thread was started");
    }

    #[test]
    fn a_value_dropped_off_path_is_dropped_by_the_batch_janitor_not_by_the_caller() {
        /// Says, when dropped, on which thread and under which policy.
        struct Tell(Sender<(Option<String>, libc::c_int)>);
        impl Drop for Tell {
            fn drop(&mut self) {
                // SAFETY: sched_getscheduler of the calling thread only returns a number.
                #[allow(unsafe_code)]
                let policy = unsafe { libc::sched_getscheduler(0) };
                let _ = self.0.send((std::thread::current().name().map(String::from), policy));
            }
        }
        for _ in 0..2 {
            let (tx, rx) = channel();
            drop_off_path(Tell(tx));
            let (name, policy) = rx.recv_timeout(Duration::from_secs(10)).expect("never dropped");
            assert_eq!(name.as_deref(), Some("judge-janitor"));
            assert_eq!(policy, libc::SCHED_BATCH);
        }
    }

    #[test]
    fn waiting_for_drops_returns_once_everything_handed_over_before_is_dropped() {
        struct Slow(std::sync::Arc<AtomicU64>);
        impl Drop for Slow {
            fn drop(&mut self) {
                std::thread::sleep(Duration::from_millis(20));
                self.0.fetch_add(1, Ordering::SeqCst);
            }
        }
        let dropped = std::sync::Arc::new(AtomicU64::new(0));
        for _ in 0..3 {
            drop_off_path(Slow(dropped.clone()));
        }
        wait_for_drops(Duration::from_secs(10));
        assert_eq!(dropped.load(Ordering::SeqCst), 3);
    }

    #[test]
    fn a_lowered_thread_runs_as_batch_work_and_others_do_not() {
        let lowered = std::thread::spawn(|| {
            lower_to_batch().unwrap();
            // SAFETY: sched_getscheduler of the calling thread.
            #[allow(unsafe_code)]
            unsafe {
                libc::sched_getscheduler(0)
            }
        });
        assert_eq!(lowered.join().unwrap(), libc::SCHED_BATCH);
        // SAFETY: as above.
        #[allow(unsafe_code)]
        let ours = unsafe { libc::sched_getscheduler(0) };
        assert_eq!(ours, libc::SCHED_OTHER, "lowering a thread lowered another");
    }
}
