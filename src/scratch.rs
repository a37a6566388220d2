//! The scratch directories of one running botarena process (builds, games, validity tests,
//! practice games, `play`'s bots, the sandbox's probe): each under one directory of the instance,
//! `$TMPDIR/botarena-<pid>-<start time>/`, which holds a lock file locked (`flock`) for as long
//! as the process lives. The kernel drops the lock however the process ends, so a directory
//! whose lock is free belongs to an instance that died (`kill -9`, a crash) before it could
//! remove its scratch: `serve` and `worker` remove every such directory at start
//! ([`remove_dead`]), and never one whose lock is held (a live instance's).
//!
//! Each scratch directory is mode 0700 (a build holds a student's source); the instance's
//! directory is 0711, so nobody else can list it, while a bot of a degraded sandbox (no mount
//! namespace, running as its slot's user) can still reach its own workdir below it.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use tempfile::TempDir;

/// Names of instance directories start with this, then `<pid>-<start time>`.
const PREFIX: &str = "botarena-";
const LOCK_FILE: &str = "lock";

/// The instance directory of this process, made on first use, with its lock held.
struct Instance {
    dir: PathBuf,
    _lock: File,
}

static INSTANCE: OnceLock<Mutex<Option<Instance>>> = OnceLock::new();

/// A new scratch directory, mode 0700, under this process's instance directory; removed when
/// dropped (and, if the process dies first, by the next `serve` or `worker`).
pub fn dir(prefix: &str) -> io::Result<TempDir> {
    let parent = instance_dir()?;
    tempfile::Builder::new()
        .prefix(prefix)
        .permissions(fs::Permissions::from_mode(0o700))
        .tempdir_in(&parent)
        .map_err(|e| {
            io::Error::new(e.kind(), format!("creating a scratch directory in {}: {e}", parent.display()))
        })
}

/// This process's instance directory, made (with its lock taken) on first use.
pub fn instance_dir() -> io::Result<PathBuf> {
    let mut slot = INSTANCE.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(instance) = slot.as_ref() {
        return Ok(instance.dir.clone());
    }
    let instance = make_instance(&std::env::temp_dir())?;
    let dir = instance.dir.clone();
    *slot = Some(instance);
    Ok(dir)
}

/// Removes this process's instance directory (its scratch directories are gone by now, or are
/// removed with it); `main` calls it as the process exits normally.
pub fn leave() {
    let Some(slot) = INSTANCE.get() else { return };
    if let Some(instance) = slot.lock().unwrap_or_else(|e| e.into_inner()).take() {
        let _ = fs::remove_dir_all(&instance.dir);
    }
}

/// What `serve` and `worker` do at start: take this process's instance directory, then remove
/// the dead instances' (see [`remove_dead`]), saying how many went.
pub fn clean_at_start() -> io::Result<()> {
    instance_dir()?;
    let removed = remove_dead();
    if !removed.is_empty() {
        tracing::info!("removed the scratch directories of {} botarena process(es) that died", removed.len());
    }
    Ok(())
}

/// Removes the instance directories in `$TMPDIR` of botarena processes that have died (their
/// lock is free) and returns them; a live instance's (lock held) is never touched.
pub fn remove_dead() -> Vec<PathBuf> {
    let own = INSTANCE
        .get()
        .and_then(|s| s.lock().unwrap_or_else(|e| e.into_inner()).as_ref().map(|i| i.dir.clone()));
    remove_dead_in(&std::env::temp_dir(), own.as_deref())
}

/// [`remove_dead`] in `base`, sparing `own`.
fn remove_dead_in(base: &Path, own: Option<&Path>) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(base) else { return Vec::new() };
    let mut removed = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if !is_instance_name(&name.to_string_lossy()) || Some(path.as_path()) == own {
            continue;
        }
        // Not followed: a symlink of that name is nobody's instance directory.
        if !fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir()) {
            continue;
        }
        if lock_is_free(&path.join(LOCK_FILE)) {
            match fs::remove_dir_all(&path) {
                Ok(()) => removed.push(path),
                Err(e) => tracing::warn!("removing the scratch of a dead instance, {}: {e}", path.display()),
            }
        }
    }
    removed
}

/// `botarena-<digits>-<digits>`: an instance directory (not `botarena-build-…` and the like).
fn is_instance_name(name: &str) -> bool {
    let Some(rest) = name.strip_prefix(PREFIX) else { return false };
    let Some((pid, start)) = rest.split_once('-') else { return false };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    digits(pid) && digits(start)
}

/// Whether nobody holds the lock (a directory without one is made under another name and
/// renamed only once locked, so it was left half-removed: free too).
fn lock_is_free(path: &Path) -> bool {
    let file = match OpenOptions::new().read(true).custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC).open(path)
    {
        Ok(f) => f,
        Err(e) => return e.kind() == io::ErrorKind::NotFound,
    };
    matches!(file.try_lock(), Ok(()))
}

/// Makes `<base>/botarena-<pid>-<start time>` with its lock held. It is made and locked under a
/// name [`remove_dead`] does not look at, then renamed: another instance starting meanwhile
/// never sees it unlocked.
fn make_instance(base: &Path) -> io::Result<Instance> {
    let pid = std::process::id();
    let name = format!("{PREFIX}{pid}-{}", start_time());
    let dir = base.join(&name);
    let staging = tempfile::Builder::new()
        .prefix(&format!(".{name}-"))
        .permissions(fs::Permissions::from_mode(0o711))
        .tempdir_in(base)
        .map_err(|e| {
            io::Error::new(e.kind(), format!("creating a scratch directory in {}: {e}", base.display()))
        })?;
    let lock = OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .mode(0o600)
        .custom_flags(libc::O_CLOEXEC)
        .open(staging.path().join(LOCK_FILE))?;
    lock.try_lock().map_err(|e| match e {
        TryLockError::Error(e) => e,
        TryLockError::WouldBlock => io::Error::other("a fresh lock file is locked"),
    })?;
    // A directory of this name is an earlier process's with our pid and start time: impossible
    // unless the clock of boots repeats; it is dead either way.
    if dir.exists() {
        let _ = fs::remove_dir_all(&dir);
    }
    fs::rename(staging.path(), &dir)
        .map_err(|e| io::Error::new(e.kind(), format!("creating {}: {e}", dir.display())))?;
    // Renamed away: nothing left for the guard to remove.
    let _ = staging.keep();
    // Whatever the umask says.
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o711))?;
    Ok(Instance { dir, _lock: lock })
}

/// When this process started, in clock ticks since boot (`/proc/self/stat`, field 22): with the
/// pid, it names this process alone, even after the pid is reused.
fn start_time() -> u64 {
    fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|stat| {
            let after_name = &stat[stat.rfind(')')? + 1..];
            // Field 3 (the state) is the first after the name; field 22 is the 20th.
            after_name.split_whitespace().nth(19)?.parse().ok()
        })
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instance_names_are_told_from_other_scratch_names() {
        assert!(is_instance_name("botarena-123-456789"));
        assert!(!is_instance_name("botarena-build-abc"));
        assert!(!is_instance_name("botarena-12-"));
        assert!(!is_instance_name(".botarena-12-34-xyz"));
        assert!(!is_instance_name("botarena-play-1"));
    }

    #[test]
    fn a_dead_instances_directory_is_removed_and_a_live_ones_is_kept() {
        let base = tempfile::tempdir().unwrap();
        // Live: made and locked as a running process does (the lock is ours, held here).
        let live = make_instance(base.path()).unwrap();
        fs::write(live.dir.join("kept"), "x").unwrap();
        // Dead: its lock file is there, and nobody holds it, as after a `kill -9`.
        let dead = base.path().join("botarena-4242-17");
        fs::create_dir_all(dead.join("botarena-build-x")).unwrap();
        fs::write(dead.join("botarena-build-x/main.c"), "int main(){}").unwrap();
        fs::write(dead.join(LOCK_FILE), "").unwrap();
        // Another instance, alive: its lock held by an open file of its own.
        let other = base.path().join("botarena-4343-18");
        fs::create_dir(&other).unwrap();
        let held = File::create(other.join(LOCK_FILE)).unwrap();
        held.try_lock().unwrap();
        // Not an instance directory at all.
        let unrelated = base.path().join("botarena-build-abc");
        fs::create_dir(&unrelated).unwrap();

        let removed = remove_dead_in(base.path(), None);
        assert_eq!(removed, vec![dead.clone()]);
        assert!(!dead.exists());
        assert!(live.dir.join("kept").exists(), "a live instance's scratch is never removed");
        assert!(other.exists() && unrelated.exists());

        // Once its process is gone (the lock file closed), the other one goes too.
        drop(held);
        assert_eq!(remove_dead_in(base.path(), Some(&live.dir)), vec![other.clone()]);
        assert!(live.dir.exists());
    }

    #[test]
    fn scratch_directories_are_private_to_the_judges_user() {
        let dir = dir("botarena-build-").unwrap();
        let mode = fs::metadata(dir.path()).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o700, "{}", dir.path().display());
        let parent = dir.path().parent().unwrap();
        assert!(is_instance_name(&parent.file_name().unwrap().to_string_lossy()));
        assert_eq!(fs::metadata(parent).unwrap().permissions().mode() & 0o777, 0o711);
        assert!(!lock_is_free(&parent.join(LOCK_FILE)), "the instance holds its lock");
    }
}
