//! Compiling a submission: the language's compile command, run through the same [`Launcher`] as
//! bots (so, in production, inside the sandbox), with its own time, memory and output limits.

use super::languages::Language;
use super::launch::{LaunchSpec, Launcher};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::thread;
use std::time::Duration;

/// Largest file a compiler may write: caps the binary and any temporary file.
pub const MAX_ARTIFACT_BYTES: u64 = 64 << 20;

/// How a compile went; `log` is the compiler's output (cut at the language's cap) or the reason
/// the compile was stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompileOutcome {
    Ok { log: String },
    Error { log: String },
}

impl CompileOutcome {
    pub fn is_ok(&self) -> bool {
        matches!(self, CompileOutcome::Ok { .. })
    }
    pub fn log(&self) -> &str {
        match self {
            CompileOutcome::Ok { log } | CompileOutcome::Error { log } => log,
        }
    }
}

/// Writes `source` into `build_dir` under the language's file name and compiles it there.
/// `build_dir` must exist and be empty; afterwards it holds everything the bot needs to run.
/// Errors are only the judge's own (the launcher failing); a bad program is `CompileOutcome::Error`.
pub fn compile(
    launcher: &dyn Launcher,
    lang: &Language,
    source: &[u8],
    build_dir: &Path,
) -> io::Result<CompileOutcome> {
    std::fs::write(build_dir.join(&lang.source), source)?;
    let Some(command) = &lang.compile else {
        return Ok(CompileOutcome::Ok { log: String::new() });
    };
    let argv = Language::expand(command, build_dir, lang.compile_memory_mib);
    let limit = Duration::from_millis(lang.compile_time_ms);
    let spec = LaunchSpec {
        program: PathBuf::from(&argv[0]),
        args: argv[1..].to_vec(),
        env: vec![
            ("PATH".into(), "/usr/local/bin:/usr/bin:/bin".into()),
            ("LANG".into(), "C.UTF-8".into()),
            ("HOME".into(), build_dir.to_string_lossy().into_owned()),
            ("TMPDIR".into(), build_dir.to_string_lossy().into_owned()),
        ],
        workdir: build_dir.to_path_buf(),
        workdir_writable: true,
        readable: lang.readable.clone(),
        memory_mib: lang.compile_memory_mib,
        unlimited_address_space: !lang.address_space_limit,
        cpu: None,
        max_processes: 256,
        max_file_bytes: MAX_ARTIFACT_BYTES,
        cpu_time_limit: Some(limit * 2),
        // Slots 0 and 1 are the two bots of a game; a compile gets its own user.
        slot: 2,
    };
    let launched =
        launcher.launch(&spec).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", argv[0])))?;
    drop(launched.stdin);
    let mut process = launched.process;
    let cap = lang.output_cap_bytes;
    let out = thread::spawn(move || read_capped(launched.stdout, cap));
    let err = thread::spawn(move || read_capped(launched.stderr, cap));
    let exit = process.wait_timeout(limit)?;
    let timed_out = exit.is_none();
    let exit = match exit {
        Some(exit) => exit,
        None => process.kill_tree()?,
    };
    let (out, out_cut) = out.join().unwrap_or_default();
    let (err, err_cut) = err.join().unwrap_or_default();
    let mut log = String::from_utf8_lossy(&err).into_owned();
    if !out.is_empty() {
        log.push_str(&String::from_utf8_lossy(&out));
    }
    log.truncate(floor_char_boundary(&log, cap));
    if out_cut || err_cut || log.len() >= cap {
        log.push_str("\n[compiler output cut]\n");
    }
    let outcome = if timed_out {
        log.push_str(&format!("\ncompilation stopped: it took longer than {} s\n", limit.as_secs_f64()));
        CompileOutcome::Error { log }
    } else if exit.memory_limit_hit {
        log.push_str(&format!("\ncompilation stopped: it used more than {} MiB\n", lang.compile_memory_mib));
        CompileOutcome::Error { log }
    } else if !exit.success() {
        if log.trim().is_empty() {
            log = format!("the compiler failed ({})\n", exit.describe());
        }
        CompileOutcome::Error { log }
    } else {
        CompileOutcome::Ok { log }
    };
    Ok(outcome)
}

/// Reads everything, keeping the first `cap` bytes; the rest is drained so the writer never blocks.
fn read_capped(mut r: impl Read, cap: usize) -> (Vec<u8>, bool) {
    let mut kept = Vec::new();
    let mut cut = false;
    let mut buf = [0u8; 8192];
    loop {
        match r.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                let room = cap.saturating_sub(kept.len());
                kept.extend_from_slice(&buf[..n.min(room)]);
                cut |= n > room;
            }
        }
    }
    (kept, cut)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    if i >= s.len() {
        return s.len();
    }
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}
