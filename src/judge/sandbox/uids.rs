//! Sandbox user ids per process. Every botarena process on a host (`serve`, `worker`, `play`,
//! `sandbox check`, a test binary) runs its bots under uids that no other live process uses: it
//! leases one range of [`UidRanges::size`] uids out of [`UidRanges::count`] by holding an
//! exclusive `flock` on the range's lock file (`<state_dir>/uids/uids-<first>-<last>.lock`) for
//! as long as it lives. The kernel drops the lock when the process ends, however it ends, so a
//! crashed instance frees its range without any cleanup. Without this, two instances would run
//! bots as the same users: `sandbox check` would count another instance's bots as its own
//! leftovers, and the `kill_user` fallback would kill them.

use std::collections::HashMap;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Read, Seek, Write};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use super::process::processes_of_users;

/// First sandbox uid of the default configuration (`SandboxConfig::uid_base`).
pub const DEFAULT_UID_BASE: u32 = 61000;
/// Uids per process: slot `s` of sandbox worker `w` is offset `w * slots_per_worker + s`, so 128
/// covers the compile queue (worker 0) and 31 game workers of 4 slots each.
pub const DEFAULT_RANGE_SIZE: u32 = 128;
/// Processes that can judge on one host at once (uids 61000–65095 by default).
pub const DEFAULT_RANGE_COUNT: u32 = 32;

/// How a host's sandbox uids are split into ranges, and where their lock files live. Every
/// instance on a host must agree on it (the defaults), or their ranges could overlap unseen.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UidRanges {
    pub base: u32,
    pub size: u32,
    pub count: u32,
    pub lock_dir: PathBuf,
}

/// A range this process holds; freed when the process ends (or the lease is dropped).
#[derive(Debug)]
pub struct UidLease {
    /// Which range (0-based).
    pub index: u32,
    /// Its first uid.
    pub first: u32,
    /// Its number of uids.
    pub size: u32,
    _lock: File,
}

impl UidLease {
    /// The last uid of the range.
    pub fn last(&self) -> u32 {
        self.first + self.size - 1
    }
}

impl UidRanges {
    /// First uid of range `index`.
    pub fn first_uid(&self, index: u32) -> u32 {
        self.base + index * self.size
    }

    /// The lock file of range `index`.
    pub fn lock_path(&self, index: u32) -> PathBuf {
        let first = self.first_uid(index);
        self.lock_dir.join(format!("uids-{first}-{}.lock", first + self.size - 1))
    }

    fn check(&self) -> io::Result<()> {
        let total = u64::from(self.size) * u64::from(self.count);
        if self.size == 0 || self.count == 0 || u64::from(self.base) + total > u64::from(u32::MAX - 1) {
            return Err(io::Error::other(format!(
                "invalid sandbox uid ranges: {} ranges of {} uids from {}",
                self.count, self.size, self.base
            )));
        }
        Ok(())
    }

    /// Takes the lowest range no live process holds, with a lock of its own (a second lease
    /// in the same process gets another range). A range that is not locked but has processes
    /// running under its uids (an older botarena that does not lock, a process left over) is
    /// skipped too. Fails, saying which processes hold them, when all `count` are taken.
    pub fn lease(&self) -> io::Result<UidLease> {
        self.check()?;
        create_lock_dir(&self.lock_dir)?;
        let mut holders = Vec::new();
        let busy: Vec<(i32, u32)> = processes_of_users(|uid| self.index_of(uid).is_some());
        for index in 0..self.count {
            if let Some((pid, _)) = busy.iter().find(|(_, uid)| self.index_of(*uid) == Some(index)) {
                holders.push(format!("{pid} (running as a uid of the range, without its lock)"));
                continue;
            }
            let path = self.lock_path(index);
            let mut file = open_lock(&path)?;
            match file.try_lock() {
                Ok(()) => {
                    // The holder's pid, for the message others get when every range is taken.
                    file.set_len(0)?;
                    file.rewind()?;
                    writeln!(file, "{}", std::process::id())?;
                    return Ok(UidLease {
                        index,
                        first: self.first_uid(index),
                        size: self.size,
                        _lock: file,
                    });
                }
                Err(TryLockError::WouldBlock) => {
                    let mut pid = String::new();
                    let _ = file.read_to_string(&mut pid);
                    if !holders.contains(&pid.trim().to_string()) {
                        holders.push(pid.trim().to_string());
                    }
                }
                Err(TryLockError::Error(e)) => {
                    return Err(io::Error::new(e.kind(), format!("locking {}: {e}", path.display())))
                }
            }
        }
        Err(io::Error::new(
            io::ErrorKind::ResourceBusy,
            format!(
                "all {} sandbox uid ranges (uids {}–{}) are in use by other live processes \
                 (pids {}; lock files in {}): each botarena serve, worker, play or sandbox check \
                 holds one while it runs; stop one of them and try again",
                self.count,
                self.base,
                self.first_uid(self.count) - 1,
                holders.join(", "),
                self.lock_dir.display()
            ),
        ))
    }

    /// Whether some open lock (of any process, this one included) holds range `index` now.
    pub fn is_held(&self, index: u32) -> io::Result<bool> {
        self.check()?;
        let path = self.lock_path(index);
        if !path.exists() {
            return Ok(false);
        }
        let file = open_lock(&path)?;
        match file.try_lock() {
            Ok(()) => Ok(false),
            Err(TryLockError::WouldBlock) => Ok(true),
            Err(TryLockError::Error(e)) => Err(e),
        }
    }

    /// The range of `uid`, if it is one of these.
    pub fn index_of(&self, uid: u32) -> Option<u32> {
        let offset = uid.checked_sub(self.base)?;
        let index = offset / self.size;
        (index < self.count).then_some(index)
    }

    /// This process's lease: taken on first use and shared by every launcher of the process
    /// with the same ranges, so a process never holds more than one range of a host.
    pub fn process_lease(&self) -> io::Result<Arc<UidLease>> {
        static LEASES: OnceLock<Mutex<HashMap<UidRanges, Arc<UidLease>>>> = OnceLock::new();
        let mut leases = LEASES.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
        if let Some(lease) = leases.get(self) {
            return Ok(lease.clone());
        }
        let lease = Arc::new(self.lease()?);
        leases.insert(self.clone(), lease.clone());
        Ok(lease)
    }
}

fn create_lock_dir(dir: &Path) -> io::Result<()> {
    fs::create_dir_all(dir).map_err(|e| {
        io::Error::new(e.kind(), format!("creating the uid lock directory {}: {e}", dir.display()))
    })?;
    // Readable by all, so anyone can see which pid holds which range.
    let _ = fs::set_permissions(dir, fs::Permissions::from_mode(0o755));
    Ok(())
}

fn open_lock(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o644)
        .custom_flags(libc::O_CLOEXEC | libc::O_NOFOLLOW)
        .open(path)
        .map_err(|e| io::Error::new(e.kind(), format!("opening {}: {e}", path.display())))
}

/// Processes running under a sandbox uid of a range that no live process holds: what a
/// finished judge left behind. (Live instances' bots are in held ranges and are not counted.)
pub fn orphaned_sandbox_processes(ranges: &UidRanges) -> Vec<(i32, u32)> {
    let found = processes_of_users(|uid| ranges.index_of(uid).is_some());
    // Looked at after the scan: a range leased meanwhile is held now and its processes skipped.
    found
        .into_iter()
        .filter(|(_, uid)| ranges.index_of(*uid).is_some_and(|i| !ranges.is_held(i).unwrap_or(true)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranges(dir: &Path, count: u32) -> UidRanges {
        UidRanges { base: 70000, size: 10, count, lock_dir: dir.join("uids") }
    }

    #[test]
    fn each_lease_takes_a_range_no_other_holds_and_dropping_it_frees_the_range() {
        let dir = tempfile::tempdir().unwrap();
        let r = ranges(dir.path(), 3);
        let a = r.lease().unwrap();
        let b = r.lease().unwrap();
        assert_eq!((a.index, a.first, a.last()), (0, 70000, 70009));
        assert_eq!((b.index, b.first), (1, 70010));
        assert!(r.is_held(0).unwrap() && r.is_held(1).unwrap() && !r.is_held(2).unwrap());
        drop(a);
        assert!(!r.is_held(0).unwrap());
        assert_eq!(r.lease().unwrap().index, 0);
    }

    #[test]
    fn when_every_range_is_taken_the_error_says_so_and_names_the_holders() {
        let dir = tempfile::tempdir().unwrap();
        let r = ranges(dir.path(), 2);
        let _a = r.lease().unwrap();
        let _b = r.lease().unwrap();
        let err = r.lease().unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::ResourceBusy);
        let msg = err.to_string();
        assert!(msg.contains("all 2 sandbox uid ranges (uids 70000–70019) are in use"), "{msg}");
        assert!(msg.contains(&format!("pids {}", std::process::id())), "{msg}");
    }

    #[test]
    fn a_process_shares_one_lease_among_its_launchers() {
        let dir = tempfile::tempdir().unwrap();
        let r = ranges(dir.path(), 4);
        let a = r.process_lease().unwrap();
        let b = r.process_lease().unwrap();
        assert!(Arc::ptr_eq(&a, &b));
    }

    #[test]
    fn a_uid_maps_back_to_its_range() {
        let r = ranges(Path::new("/nonexistent"), 3);
        assert_eq!(r.index_of(69999), None);
        assert_eq!(r.index_of(70000), Some(0));
        assert_eq!(r.index_of(70029), Some(2));
        assert_eq!(r.index_of(70030), None);
    }
}
