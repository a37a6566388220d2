//! The root a bot sees: a read-only tmpfs entered with `pivot_root`, holding only the system
//! and readable paths (bound read-only), `/etc/passwd` and `/etc/group` naming the slot's user,
//! a minimal `/dev`, and the launch's own `/tmp`, workdir, `/dev/shm` and `/proc`.
//!
//! Built whole by a launch's init (`build_root`), or in two parts: the read-only part once
//! per set of readable paths and user, by a child of the zygote in a mount namespace of its own
//! ([`build_shared_root`]), which each launch copies and finishes with its own mounts
//! (`finish_shared_root`, or `show_workdir` in a pre-started instance). The helper's and
//! the instance's processes (`helper.rs`, `instance.rs`) call it; the workdir is taken as a
//! detached mount ([`detached_bind`]) by whoever still sees the host's tree.

use std::ffi::CString;
use std::fs;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{symlink, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use nix::mount::{mount, umount2, MntFlags, MsFlags};
use nix::sched::{unshare, CloneFlags};
use nix::unistd;

use super::wire::HelperSpec;

/// The minimal read-only root, entered with `pivot_root`, built whole by this launch's init
/// (where no prepared root could be joined).
pub(super) fn build_root(spec: &HelperSpec) -> std::io::Result<()> {
    let root = &spec.root_dir;
    mount_root_tmpfs(root)?;
    // A private /tmp, small; its pages count against the bot's memory limit. Mounted first so
    // that a workdir under the host's /tmp is bound on top of it, not hidden by it.
    let tmp = root.join("tmp");
    fs::create_dir_all(&tmp)?;
    mount_tmp(&tmp, spec.tmp_mib)?;
    for path in &spec.readable {
        bind_path(root, path, false)?;
    }
    bind_path(root, &spec.workdir, spec.workdir_writable)?;
    write_etc(root, spec.uid, spec.gid)?;
    make_dev(root)?;
    fs::create_dir_all(root.join("proc"))?;
    enter_root(root)?;
    mount_shm_and_proc()?;
    remount_ro(Path::new("/"), MsFlags::MS_NOSUID | MsFlags::MS_NODEV)?;
    Ok(())
}

/// The part of a launch's root that is the same for every launch of the same `readable`
/// paths and user, built once by a process of the zygote in a new mount namespace of its own
/// and entered there: a read-only tmpfs with the readable paths bound read-only, `/etc/passwd`
/// and `/etc/group` naming `uid`, `/dev`, and empty directories where each launch mounts its
/// own `/tmp`, `/dev/shm`, `/proc` and (`workdir_top`, a top-level directory not otherwise in
/// the root) the tmpfs that holds its workdir's mount point. The namespace holds only these
/// mounts, so copying it per launch (`unshare`) is cheap. Launches join it read-only: nothing a
/// launch does in its copy reaches it.
pub fn build_shared_root(
    root: &Path,
    readable: &[PathBuf],
    uid: Option<u32>,
    gid: Option<u32>,
    workdir_top: Option<&str>,
) -> std::io::Result<()> {
    unshare(CloneFlags::CLONE_NEWNS).map_err(io_err("unshare".into()))?;
    mount_root_tmpfs(root)?;
    fs::create_dir_all(root.join("tmp"))?;
    for path in readable {
        bind_path(root, path, false)?;
    }
    write_etc(root, uid, gid)?;
    make_dev(root)?;
    fs::create_dir_all(root.join("proc"))?;
    if let Some(top) = workdir_top {
        fs::create_dir(root.join(top))?;
    }
    enter_root(root)?;
    remount_ro(Path::new("/"), MsFlags::MS_NOSUID | MsFlags::MS_NODEV)
}

/// Adds what differs per launch to a copy of a root from [`build_shared_root`]: `/tmp`, the
/// workdir at its own path (`workdir`: the detached bind made before the prepared root was
/// joined), `/dev/shm` and `/proc`.
pub(super) fn finish_shared_root(spec: &HelperSpec, workdir: OwnedFd) -> std::io::Result<()> {
    unistd::chdir("/").map_err(io_err("chdir /".into()))?;
    mount_tmp(Path::new("/tmp"), spec.tmp_mib)?;
    show_workdir(&spec.workdir, workdir)?;
    mount_shm_and_proc()
}

/// Shows the workdir (`workdir`: a detached bind from [`detached_bind`]) at its own path in a
/// copy of a prepared root whose `/tmp` is mounted: under `/tmp` its mount point goes in the
/// launch's own `/tmp`; elsewhere in a small tmpfs on its top-level directory, read-only once
/// the mount point is made.
pub(super) fn show_workdir(path: &Path, workdir: OwnedFd) -> std::io::Result<()> {
    let top = workdir_top(path).map(|t| Path::new("/").join(t));
    let top = top.filter(|t| t != Path::new("/tmp"));
    if let Some(top) = &top {
        mount(
            Some("tmpfs"),
            top,
            Some("tmpfs"),
            MsFlags::MS_NOSUID | MsFlags::MS_NODEV,
            Some("size=64k,mode=0755"),
        )
        .map_err(io_err(format!("tmpfs on {}", top.display())))?;
    }
    fs::create_dir_all(path)?;
    let _ = fs::set_permissions(path, fs::Permissions::from_mode(0o755));
    attach(&workdir, path)?;
    if let Some(top) = &top {
        remount_ro(top, MsFlags::MS_NOSUID | MsFlags::MS_NODEV)?;
    }
    Ok(())
}

/// The first component of an absolute `workdir` (`tmp` for `/tmp/x/w`), if it has one.
pub fn workdir_top(workdir: &Path) -> Option<String> {
    let mut parts = workdir.components();
    match (parts.next(), parts.next()) {
        (Some(std::path::Component::RootDir), Some(std::path::Component::Normal(name))) => {
            Some(name.to_string_lossy().to_string())
        }
        _ => None,
    }
}

/// The new root's own tmpfs at `root`, in a mount namespace that propagates nothing back.
fn mount_root_tmpfs(root: &Path) -> std::io::Result<()> {
    let none: Option<&str> = None;
    // Nothing we mount may propagate back to the host.
    mount(none, "/", none, MsFlags::MS_REC | MsFlags::MS_PRIVATE, none)
        .map_err(io_err("making / private".into()))?;
    mount(
        Some("tmpfs"),
        root,
        Some("tmpfs"),
        MsFlags::MS_NOSUID | MsFlags::MS_NODEV,
        Some("size=1m,mode=0755"),
    )
    .map_err(io_err(format!("tmpfs on {}", root.display())))
}

/// The launch's private /tmp, small; its pages count against the bot's memory limit.
pub(super) fn mount_tmp(tmp: &Path, tmp_mib: u64) -> std::io::Result<()> {
    let opts = format!("size={}m,mode=1777", tmp_mib.max(1));
    mount(Some("tmpfs"), tmp, Some("tmpfs"), MsFlags::MS_NOSUID | MsFlags::MS_NODEV, Some(opts.as_str()))
        .map_err(io_err("tmpfs on /tmp".into()))
}

/// `/etc/passwd` and `/etc/group` naming the sandbox user, for runtimes that look themselves up.
fn write_etc(root: &Path, uid: Option<u32>, gid: Option<u32>) -> std::io::Result<()> {
    let etc = root.join("etc");
    fs::create_dir_all(&etc)?;
    let uid = uid.unwrap_or(0);
    let gid = gid.unwrap_or(0);
    fs::write(
        etc.join("passwd"),
        format!("root:x:0:0:root:/:/bin/false\nbot:x:{uid}:{gid}:bot:/tmp:/bin/false\n"),
    )?;
    fs::write(etc.join("group"), format!("root:x:0:\nbot:x:{gid}:\n"))?;
    fs::write(etc.join("hostname"), "botarena\n")
}

/// `/dev`, read-only: only null, zero, full, random and urandom, bound from the host, the
/// usual links into `/proc/self/fd`, and an empty `shm` for the launch's own tmpfs.
fn make_dev(root: &Path) -> std::io::Result<()> {
    let none: Option<&str> = None;
    let dev = root.join("dev");
    fs::create_dir_all(&dev)?;
    mount(
        Some("tmpfs"),
        &dev,
        Some("tmpfs"),
        MsFlags::MS_NOSUID | MsFlags::MS_NOEXEC,
        Some("size=64k,mode=0755"),
    )
    .map_err(io_err("tmpfs on /dev".into()))?;
    for name in ["null", "zero", "full", "random", "urandom"] {
        let host = Path::new("/dev").join(name);
        if !host.exists() {
            continue;
        }
        let target = dev.join(name);
        fs::write(&target, b"")?;
        mount(Some(&host), &target, none, MsFlags::MS_BIND, none)
            .map_err(io_err(format!("binding {}", host.display())))?;
    }
    for (name, to) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ] {
        symlink(to, dev.join(name))?;
    }
    fs::create_dir(dev.join("shm"))?;
    remount_ro(&dev, MsFlags::MS_NOSUID | MsFlags::MS_NOEXEC)
}

/// Enters the new root; the old one is stacked under it and detached.
fn enter_root(root: &Path) -> std::io::Result<()> {
    unistd::chdir(root).map_err(io_err("chdir to new root".into()))?;
    unistd::pivot_root(".", ".").map_err(io_err("pivot_root".into()))?;
    umount2(".", MntFlags::MNT_DETACH).map_err(io_err("detaching the old root".into()))?;
    unistd::chdir("/").map_err(io_err("chdir /".into()))
}

/// The launch's own `/dev/shm` and `/proc` (of its PID namespace, other users' processes hidden).
pub(super) fn mount_shm_and_proc() -> std::io::Result<()> {
    mount(
        Some("tmpfs"),
        "/dev/shm",
        Some("tmpfs"),
        MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOEXEC,
        Some("size=1m,mode=1777"),
    )
    .map_err(io_err("tmpfs on /dev/shm".into()))?;
    mount(
        Some("proc"),
        "/proc",
        Some("proc"),
        MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOEXEC,
        Some("hidepid=2"),
    )
    .map_err(io_err("mounting /proc".into()))
}

/// `struct mount_attr` of `mount_setattr(2)`.
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

const OPEN_TREE_CLONE: libc::c_uint = 1;

const MOVE_MOUNT_F_EMPTY_PATH: libc::c_uint = 4;

const MOUNT_ATTR_RDONLY: u64 = 1;

const MOUNT_ATTR_NOSUID: u64 = 2;

const MOUNT_ATTR_NODEV: u64 = 4;

const MOUNT_ATTR_NOEXEC: u64 = 8;

/// `MS_PRIVATE`, as the 64-bit field of `mount_attr` takes it.
const MS_PRIVATE: u64 = 1 << 18;

/// A bind of `path` not attached anywhere yet (`open_tree`), private, `nosuid`, `nodev` and
/// read-only unless `writable`, like [`bind_path`]'s: it can be attached in another mount
/// namespace, where `path` itself may not be visible.
#[allow(unsafe_code)]
pub fn detached_bind(path: &Path, writable: bool) -> std::io::Result<OwnedFd> {
    let c = cstring(path.as_os_str().as_bytes());
    let flags = OPEN_TREE_CLONE | libc::O_CLOEXEC as libc::c_uint;
    // SAFETY: open_tree takes a directory fd, a NUL-terminated path that outlives the call and
    // flags; it returns a new descriptor or -1.
    let fd = unsafe { libc::syscall(libc::SYS_open_tree, libc::AT_FDCWD, c.as_ptr(), flags) };
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: a fresh descriptor the kernel returned to us.
    let tree = unsafe { OwnedFd::from_raw_fd(fd as RawFd) };
    let ro = if writable { 0 } else { MOUNT_ATTR_RDONLY };
    let attr = MountAttr {
        attr_set: MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | ro,
        attr_clr: MOUNT_ATTR_NOEXEC | (MOUNT_ATTR_RDONLY & !ro),
        propagation: MS_PRIVATE,
        userns_fd: 0,
    };
    let empty = c"";
    // SAFETY: mount_setattr takes our descriptor, an empty path (AT_EMPTY_PATH: the descriptor
    // itself), a valid mount_attr and its size.
    let r = unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            tree.as_raw_fd(),
            empty.as_ptr(),
            libc::AT_EMPTY_PATH as libc::c_uint,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        )
    };
    if r < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(tree)
}

/// Attaches a detached mount from [`detached_bind`] at `target` (`move_mount`).
#[allow(unsafe_code)]
fn attach(tree: &OwnedFd, target: &Path) -> std::io::Result<()> {
    let c = cstring(target.as_os_str().as_bytes());
    let empty = c"";
    // SAFETY: move_mount takes our descriptor with an empty path, a directory fd and a
    // NUL-terminated target path that outlives the call, and flags.
    let r = unsafe {
        libc::syscall(
            libc::SYS_move_mount,
            tree.as_raw_fd(),
            empty.as_ptr(),
            libc::AT_FDCWD,
            c.as_ptr(),
            MOVE_MOUNT_F_EMPTY_PATH,
        )
    };
    if r < 0 {
        let e = std::io::Error::last_os_error();
        return Err(std::io::Error::other(format!("binding {}: {e}", target.display())));
    }
    Ok(())
}

fn remount_ro(path: &Path, extra: MsFlags) -> std::io::Result<()> {
    let none: Option<&str> = None;
    mount(none, path, none, MsFlags::MS_REMOUNT | MsFlags::MS_BIND | MsFlags::MS_RDONLY | extra, none)
        .map_err(io_err(format!("remounting {} read-only", path.display())))
}

/// Makes `path` of the host visible at the same path under `root`. Symbolic links are
/// recreated (so `/bin -> usr/bin` stays a link) and their targets bound as well.
fn bind_path(root: &Path, path: &Path, writable: bool) -> std::io::Result<()> {
    let none: Option<&str> = None;
    let meta = match fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(_) => return Ok(()), // missing on this host: nothing to show
    };
    let inside = root.join(path.strip_prefix("/").unwrap_or(path));
    let already = fs::symlink_metadata(&inside);
    if already.is_ok() && !meta.is_dir() && meta.file_type().is_symlink() {
        return Ok(()); // already there (a link made for an earlier entry)
    }
    // Already shown, read-only, by the bind of a directory above it on the same file system
    // (`/bin -> usr/bin` after `/usr`): a second bind would show the very same thing.
    if let (Ok(inside_meta), false) = (&already, writable) {
        if !meta.file_type().is_symlink()
            && inside_meta.dev() == meta.dev()
            && inside_meta.ino() == meta.ino()
        {
            return Ok(());
        }
    }
    if already.is_ok() && !meta.is_dir() {
        return Ok(()); // already there (a file made for an earlier entry)
    }
    if meta.file_type().is_symlink() {
        let target = fs::read_link(path)?;
        if let Some(parent) = inside.parent() {
            fs::create_dir_all(parent)?;
        }
        if fs::symlink_metadata(&inside).is_err() {
            symlink(&target, &inside)?;
        }
        let resolved = fs::canonicalize(path)?;
        return bind_path(root, &resolved, writable);
    }
    if meta.is_dir() {
        fs::create_dir_all(&inside)?;
        let _ = fs::set_permissions(&inside, fs::Permissions::from_mode(0o755));
    } else {
        if let Some(parent) = inside.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(&inside, b"")?;
    }
    mount(Some(path), &inside, none, MsFlags::MS_BIND, none)
        .map_err(io_err(format!("binding {}", path.display())))?;
    let flags = MsFlags::MS_NOSUID | MsFlags::MS_NODEV;
    if writable {
        mount(none, &inside, none, MsFlags::MS_REMOUNT | MsFlags::MS_BIND | flags, none)
            .map_err(io_err(format!("remounting {}", path.display())))
    } else {
        remount_ro(&inside, flags)
    }
}

pub(super) fn cstring(bytes: &[u8]) -> CString {
    CString::new(bytes.iter().copied().filter(|b| *b != 0).collect::<Vec<u8>>()).unwrap_or_default()
}

pub(super) fn io_err(what: String) -> impl FnOnce(nix::errno::Errno) -> std::io::Error {
    move |e| std::io::Error::other(format!("{what}: {e}"))
}
