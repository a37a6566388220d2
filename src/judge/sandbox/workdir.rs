//! A launch's workdir on the host, as the slot's user needs it: lent for a compile (and its
//! outputs given back to the judge's user after), readable by others for a bot run.

use std::fs;
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use nix::unistd::{Gid, Uid};

use crate::judge::launch::LaunchSpec;

/// Gives the slot's user what a launch needs of its workdir: ownership of the directory for a
/// compile (writable), read access for a bot run. Returns what to undo after a compile.
pub(super) fn prepare_workdir(spec: &LaunchSpec, uid: u32) -> io::Result<Option<PathBuf>> {
    let meta = fs::metadata(&spec.workdir)
        .map_err(|e| io::Error::new(e.kind(), format!("workdir {}: {e}", spec.workdir.display())))?;
    if !meta.is_dir() {
        return Err(io::Error::other(format!("workdir {} is not a directory", spec.workdir.display())));
    }
    if spec.workdir_writable {
        nix::unistd::chown(&spec.workdir, Some(Uid::from_raw(uid)), Some(Gid::from_raw(uid)))?;
        return Ok(Some(spec.workdir.clone()));
    }
    // Bots run under another user than the judge who wrote their files: let others read them
    // (the directory is only ever shown to its own bot, read-only).
    open_for_others(&spec.workdir, 0)?;
    Ok(None)
}

fn open_for_others(path: &Path, depth: usize) -> io::Result<()> {
    let meta = fs::symlink_metadata(path)?;
    if meta.file_type().is_symlink() || depth > 16 {
        return Ok(());
    }
    let mode = meta.permissions().mode();
    // Others get what the owner has, minus writing.
    let wanted = mode | ((mode >> 6) & 0o5);
    if wanted != mode {
        fs::set_permissions(path, fs::Permissions::from_mode(wanted & 0o7777))?;
    }
    if meta.is_dir() {
        for entry in fs::read_dir(path)? {
            open_for_others(&entry?.path(), depth + 1)?;
        }
    }
    Ok(())
}

/// Gives a compile's outputs back to the judge's user.
pub(super) fn chown_back(path: &Path, depth: usize) {
    let _ = std::os::unix::fs::lchown(path, Some(Uid::effective().as_raw()), Some(Gid::effective().as_raw()));
    if depth < 32 && fs::symlink_metadata(path).is_ok_and(|m| m.is_dir()) {
        if let Ok(dir) = fs::read_dir(path) {
            for entry in dir.flatten() {
                chown_back(&entry.path(), depth + 1);
            }
        }
    }
}
