//! Talking to one started bot process: reader threads that turn its standard output and
//! standard error into timestamped events on one channel shared by the whole game, and a
//! non-blocking writer for its standard input.
//!
//! The referee waits on that single channel with one deadline, so a line from either bot is
//! seen the moment it arrives, whoever is thinking. Every line is stamped with the [`Instant`]
//! it was read, and the time a bot took is computed from those stamps, not from when the
//! referee got round to looking.

use super::launch::{ExitInfo, Launched, Process};
use super::threads;
use crate::games::Side;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::fd::AsRawFd;
use std::process::ChildStdin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// A single standard output line longer than this is `output_limit`.
pub const MAX_LINE_BYTES: usize = 1024 * 1024;
/// More than this much standard output plus standard error in one game is `output_limit`.
pub const MAX_OUTPUT_BYTES: u64 = 64 * 1024 * 1024;
/// Standard error lines are cut to this many bytes by the reader (the log's message cap).
const STDERR_LINE_CAP: usize = super::log::MESSAGE_CAP;
/// After this much standard error (or DEBUG output) a reader stops forwarding it: the log would
/// drop it anyway. Slightly more than the log's cap so the log sees where the cap falls.
const FORWARD_CAP: usize = super::log::GAME_CAP + super::log::MESSAGE_CAP;
/// How much of the end of standard error is kept for recognizing out-of-memory messages.
const STDERR_TAIL: usize = 4096;
/// Judge-to-bot bytes kept waiting for a bot that does not read its input (real-time games)
/// before its input is closed.
const MAX_PENDING_INPUT: usize = 4 * 1024 * 1024;

/// What a bot's reader threads report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotEvent {
    /// A complete standard output line (`\n` and one trailing `\r` removed), read at `at`.
    Line { text: String, at: Instant },
    /// A line of standard error.
    Stderr { text: String, at: Instant },
    /// The bot broke an output cap; `detail` says which.
    OutputLimit { detail: String, at: Instant },
    /// Standard output reached end of file (the bot exited or closed it).
    Eof { at: Instant },
    /// Standard error reached end of file.
    StderrEof { at: Instant },
}

impl BotEvent {
    pub fn at(&self) -> Instant {
        match self {
            BotEvent::Line { at, .. }
            | BotEvent::Stderr { at, .. }
            | BotEvent::OutputLimit { at, .. }
            | BotEvent::Eof { at }
            | BotEvent::StderrEof { at } => *at,
        }
    }
}

/// An event with the seat of the bot and the generation of the process it came from (a seat
/// starts a new process for every move in one-two-three; stale events are ignored).
#[derive(Clone, Debug)]
pub struct Tagged {
    pub side: Side,
    pub generation: u32,
    pub event: BotEvent,
}

/// The message of a DEBUG line, as the original checkers judge reads it: every line that begins
/// with `DEBUG` is debug output (`DEBUG x`, `DEBUG: x`, `DEBUGGER` alike), and its message is
/// what follows the first 6 characters (`DEBUG` and the separator, whatever it is).
pub fn debug_message(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("DEBUG")?;
    let separator = rest.chars().next().map_or(0, char::len_utf8);
    Some(&rest[separator..])
}

/// Whether the end of a crashed bot's standard error shows a runtime's out-of-memory message.
/// Used with `RLIMIT_AS`, where running out of memory is an allocation failure, not a kill.
pub fn looks_like_out_of_memory(stderr_tail: &str) -> bool {
    // The JVM reports hitting the process limit as an OutOfMemoryError too.
    if stderr_tail.contains("unable to create native thread") {
        return false;
    }
    const MARKERS: [&str; 8] = [
        "MemoryError",                   // Python
        "std::bad_alloc",                // C++
        "OutOfMemoryError",              // Java
        "memory allocation of",          // Rust: "memory allocation of N bytes failed"
        "out of memory",                 // Go, OCaml, many C programs
        "Out of memory",                 // Haskell, others
        "Cannot allocate memory",        // strerror(ENOMEM)
        "JavaScript heap out of memory", // Node
    ];
    MARKERS.iter().any(|m| stderr_tail.contains(m))
}

/// A started bot: its process, its input, and what its readers have seen.
pub struct RunningBot {
    pub process: Box<dyn Process>,
    pub input: BotInput,
    pub started: Instant,
    stderr: Arc<StderrTail>,
    exit: Option<ExitInfo>,
}

impl RunningBot {
    /// Starts the reader threads of a launched bot; they send to `tx` until both pipes close.
    pub fn start(launched: Launched, side: Side, generation: u32, tx: Sender<Tagged>) -> RunningBot {
        let Launched { stdin, stdout, stderr, process } = launched;
        let total = Arc::new(AtomicU64::new(0));
        let limit_sent = Arc::new(AtomicBool::new(false));
        let stderr_tail = Arc::new(StderrTail::default());
        let out =
            Reader { side, generation, tx: tx.clone(), total: total.clone(), limit_sent: limit_sent.clone() };
        let err = Reader { side, generation, tx, total, limit_sent };
        // Pool threads: a new thread would wait for the scheduler at every start (see `threads`).
        threads::IO.spawn(move || out.stdout(stdout)).expect("start a reader thread");
        let tail = stderr_tail.clone();
        threads::IO.spawn(move || err.stderr(stderr, &tail)).expect("start a reader thread");
        RunningBot {
            process,
            input: BotInput::new(stdin),
            started: Instant::now(),
            stderr: stderr_tail,
            exit: None,
        }
    }

    /// The exit status, waiting at most `timeout` for it.
    pub fn wait(&mut self, timeout: Duration) -> Option<ExitInfo> {
        if self.exit.is_none() {
            self.exit = self.process.wait_timeout(timeout).ok().flatten();
        }
        self.exit.clone()
    }

    /// Kills the process tree (idempotent) and returns how it ended.
    pub fn kill(&mut self) -> Option<ExitInfo> {
        self.input.close();
        if let Ok(exit) = self.process.kill_tree() {
            if self.exit.is_none() {
                self.exit = Some(exit);
            }
        }
        self.exit.clone()
    }

    /// The end of standard error, after waiting at most `timeout` for the stream to close.
    pub fn stderr_tail(&self, timeout: Duration) -> String {
        let state = self.stderr.lock();
        let (state, _) = self
            .stderr
            .closed
            .wait_timeout_while(state, timeout, |s| !s.closed)
            .unwrap_or_else(|e| e.into_inner());
        state.text.clone()
    }

    pub fn peak_memory_kib(&self) -> Option<u64> {
        self.exit.as_ref().and_then(|e| e.peak_memory_kib).or_else(|| self.process.peak_memory_kib())
    }
}

impl Drop for RunningBot {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The last lines of a bot's standard error, and whether the stream has closed.
#[derive(Default)]
struct StderrTail {
    state: Mutex<TailState>,
    /// Signalled when the stream closes (a forfeit's message waits for the bot's last words).
    closed: Condvar,
}

#[derive(Default)]
struct TailState {
    text: String,
    closed: bool,
}

impl StderrTail {
    fn lock(&self) -> MutexGuard<'_, TailState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// One reader thread's state.
struct Reader {
    side: Side,
    generation: u32,
    tx: Sender<Tagged>,
    /// Standard output plus standard error bytes of this process, shared by both readers.
    total: Arc<AtomicU64>,
    /// Whether an `OutputLimit` event was sent already (one per process).
    limit_sent: Arc<AtomicBool>,
}

impl Reader {
    fn send(&self, event: BotEvent) -> bool {
        self.tx.send(Tagged { side: self.side, generation: self.generation, event }).is_ok()
    }

    /// Counts bytes read; reports the game-wide cap once.
    fn count(&self, n: usize) -> bool {
        let total = self.total.fetch_add(n as u64, Ordering::Relaxed) + n as u64;
        if total > MAX_OUTPUT_BYTES && !self.limit_sent.swap(true, Ordering::Relaxed) {
            let detail = format!("more than {} MiB of output", MAX_OUTPUT_BYTES / (1024 * 1024));
            self.send(BotEvent::OutputLimit { detail, at: Instant::now() });
        }
        !self.limit_sent.load(Ordering::Relaxed)
    }

    /// Reads lines up to `cap` bytes; `on_line(bytes, overflowed)` for each, until EOF.
    /// Calls `on_line(bytes, overflowed)` for each line (without its `\n`) until end of file.
    /// A line longer than `cap` is reported once, cut, as soon as it passes the cap; with
    /// `stop_on_overflow` the pipe is then only drained. `on_line` returning `false` also
    /// switches to draining.
    fn lines(
        &self,
        pipe: impl Read,
        cap: usize,
        stop_on_overflow: bool,
        mut on_line: impl FnMut(&[u8], bool) -> bool,
    ) {
        let mut reader = BufReader::with_capacity(64 * 1024, pipe);
        let mut line = Vec::new();
        let mut overflow = false;
        let mut reported = false;
        loop {
            let buf = match reader.fill_buf() {
                Ok([]) => break,
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            let (chunk, complete) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], Some(i + 1)),
                None => (buf, None),
            };
            if !overflow {
                let room = cap.saturating_sub(line.len());
                if chunk.len() > room {
                    line.extend_from_slice(&chunk[..room]);
                    overflow = true;
                } else {
                    line.extend_from_slice(chunk);
                }
            }
            let used = complete.unwrap_or(buf.len());
            reader.consume(used);
            let live = self.count(used);
            if overflow && !reported {
                reported = true;
                let go_on = live && on_line(&line, true);
                if stop_on_overflow || (live && !go_on) {
                    return self.drain(reader);
                }
            }
            if complete.is_some() {
                if !reported && live && !on_line(&line, false) {
                    return self.drain(reader);
                }
                line.clear();
                overflow = false;
                reported = false;
            }
        }
        if !line.is_empty() && !reported && !self.limit_sent.load(Ordering::Relaxed) {
            on_line(&line, false);
        }
    }

    /// Reads and discards the rest of a pipe, still counting it.
    fn drain(&self, mut reader: impl Read) {
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            match reader.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => {
                    self.count(n);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
    }

    fn stdout(self, pipe: impl Read) {
        let mut debug_forwarded = 0usize;
        self.lines(pipe, MAX_LINE_BYTES, true, |bytes, overflow| {
            let at = Instant::now();
            if overflow {
                let detail = format!("a line of more than {} MiB", MAX_LINE_BYTES / (1024 * 1024));
                if !self.limit_sent.swap(true, Ordering::Relaxed) {
                    self.send(BotEvent::OutputLimit { detail, at });
                }
                return false;
            }
            let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
            let text = String::from_utf8_lossy(bytes).into_owned();
            if let Some(msg) = debug_message(&text) {
                // The log drops DEBUG output past its cap; do not flood the channel with it.
                if debug_forwarded >= FORWARD_CAP {
                    return true;
                }
                debug_forwarded += msg.len();
            }
            self.send(BotEvent::Line { text, at })
        });
        self.send(BotEvent::Eof { at: Instant::now() });
    }

    fn stderr(self, pipe: impl Read, tail: &StderrTail) {
        let mut forwarded = 0usize;
        self.lines(pipe, STDERR_LINE_CAP, false, |bytes, _| {
            let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
            let text = String::from_utf8_lossy(bytes).into_owned();
            {
                let t = &mut tail.lock().text;
                t.push_str(&text);
                t.push('\n');
                if t.len() > 2 * STDERR_TAIL {
                    let from = t.len() - STDERR_TAIL;
                    let from = (from..t.len()).find(|&i| t.is_char_boundary(i)).unwrap_or(t.len());
                    t.drain(..from);
                }
            }
            if forwarded < FORWARD_CAP {
                forwarded += text.len();
                return self.send(BotEvent::Stderr { text, at: Instant::now() });
            }
            true
        });
        tail.lock().closed = true;
        tail.closed.notify_all();
        self.send(BotEvent::StderrEof { at: Instant::now() });
    }
}

/// How writing to a bot went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flushed {
    /// Everything was written; the instant the last byte went into the pipe.
    At(Instant),
    /// The bot did not read its input before the deadline.
    Stuck,
    /// The bot closed its input (or exited); what was pending is discarded.
    Closed,
}

/// A bot's standard input, written without ever blocking the judge: bytes wait in a buffer
/// while the pipe is full.
pub struct BotInput {
    stdin: Option<ChildStdin>,
    pending: Vec<u8>,
}

impl BotInput {
    pub fn new(stdin: ChildStdin) -> BotInput {
        let fd = stdin.as_raw_fd();
        let flags = nix::fcntl::fcntl(fd, nix::fcntl::FcntlArg::F_GETFL)
            .map(nix::fcntl::OFlag::from_bits_truncate)
            .unwrap_or(nix::fcntl::OFlag::empty());
        let _ = nix::fcntl::fcntl(fd, nix::fcntl::FcntlArg::F_SETFL(flags | nix::fcntl::OFlag::O_NONBLOCK));
        BotInput { stdin: Some(stdin), pending: Vec::new() }
    }

    /// Queues bytes and writes what the pipe takes now.
    pub fn queue(&mut self, bytes: &[u8]) {
        if self.stdin.is_none() {
            return;
        }
        self.pending.extend_from_slice(bytes);
        self.try_write();
        if self.pending.len() > MAX_PENDING_INPUT {
            // A bot that reads nothing of megabytes of input will not start now.
            self.close();
        }
    }

    /// Writes as much as the pipe takes without blocking; `Some(instant)` once all is written.
    pub fn try_write(&mut self) -> Option<Flushed> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Some(Flushed::Closed);
        };
        while !self.pending.is_empty() {
            match stdin.write(&self.pending) {
                Ok(0) => break,
                Ok(n) => {
                    self.pending.drain(..n);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return None,
                Err(_) => {
                    self.close();
                    return Some(Flushed::Closed);
                }
            }
        }
        Some(Flushed::At(Instant::now()))
    }

    /// Writes everything pending, waiting for the bot to read until `deadline` at most.
    pub fn flush_until(&mut self, deadline: Instant) -> Flushed {
        loop {
            if let Some(done) = self.try_write() {
                return done;
            }
            let now = Instant::now();
            if now >= deadline {
                return Flushed::Stuck;
            }
            let Some(stdin) = self.stdin.as_ref() else {
                return Flushed::Closed;
            };
            let wait = (deadline - now).min(Duration::from_millis(50));
            let mut fds =
                [nix::poll::PollFd::new(std::os::fd::AsFd::as_fd(stdin), nix::poll::PollFlags::POLLOUT)];
            let ms = u16::try_from(wait.as_millis().max(1)).unwrap_or(u16::MAX);
            let _ = nix::poll::poll(&mut fds, ms);
        }
    }

    /// Closes the pipe: the bot reads end of file.
    pub fn close(&mut self) {
        self.stdin = None;
        self.pending.clear();
    }

    pub fn is_closed(&self) -> bool {
        self.stdin.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_beginning_with_debug_is_debug_and_its_message_follows_the_sixth_character() {
        assert_eq!(debug_message("DEBUG hello world"), Some("hello world"));
        assert_eq!(debug_message("DEBUG"), Some(""));
        assert_eq!(debug_message("DEBUG: score 3"), Some(" score 3"));
        assert_eq!(debug_message("DEBUGGER"), Some("ER"));
        assert_eq!(debug_message("DEBUGé x"), Some(" x"));
        assert_eq!(debug_message("DEBUG  two spaces"), Some(" two spaces"));
        assert_eq!(debug_message("debug lower case"), None);
        assert_eq!(debug_message(" DEBUG indented"), None);
        assert_eq!(debug_message("2 5,0 4,1"), None);
    }

    #[test]
    fn common_out_of_memory_messages_are_recognized() {
        assert!(looks_like_out_of_memory("Traceback ...\nMemoryError\n"));
        assert!(looks_like_out_of_memory("terminate called after throwing an instance of 'std::bad_alloc'"));
        assert!(!looks_like_out_of_memory("Segmentation fault"));
        assert!(!looks_like_out_of_memory(
            "Exception in thread \"main\" java.lang.OutOfMemoryError: unable to create native thread: \
             possibly out of memory or process/resource limits reached"
        ));
    }
}
