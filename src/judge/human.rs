//! A person's seat at the table, for practice games in the browser.
//!
//! The person is seated through the launcher ([`WithHuman`]): the launch of their side starts no
//! process but hands the table three real pipes, so the protocol driver, the clocks and the
//! transcript are exactly those of a game between bots, and the bot at the other side runs in
//! the launcher it would be judged in. The driver's prompts reach [`HumanSeat::prompted`] (the
//! table's [`super::table::Watcher`]); only then may the person's answer go into the pipe, so a
//! move typed early can never count as talking out of turn. Handshakes the person cannot know
//! (`OK`, tron's name) are answered for them.

use super::launch::{ExitInfo, Launched, Launcher, Process, Protection};
use std::fs::File;
use std::io::{self, Read, Write};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The name a person plays tron under.
pub const HUMAN_NAME: &str = "human";

/// How the person's side is driven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// One process for the whole game: answers are lines, written when prompted.
    Persistent,
    /// One process per move (one-two-three): each launch is a prompt, the answer is the whole
    /// output, after which the "process" exits.
    PerMove,
    /// Real time (tron): directions are written whenever the person presses a key.
    RealTime,
}

/// Why an answer was not taken.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SeatError {
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("the game is over")]
    Over,
}

#[derive(Default)]
struct State {
    /// The write end of the current "process"'s standard output and standard error.
    stdout: Option<File>,
    stderr: Option<File>,
    /// Whether the table waits for the person's answer now.
    awaiting: bool,
    /// Launches so far: a "process" ends only if it is still the current one.
    generation: u64,
    exited: bool,
    over: bool,
}

struct Shared {
    kind: SeatKind,
    state: Mutex<State>,
    changed: Condvar,
    /// Told when the person is asked for a move (for pages that wait on it).
    on_ask: Box<dyn Fn() + Send + Sync>,
}

/// The person's side of one game; cheap to clone (the game's thread and the web handlers share
/// one).
#[derive(Clone)]
pub struct HumanSeat {
    shared: Arc<Shared>,
}

impl HumanSeat {
    /// A seat; `on_ask` is called whenever the table starts waiting for the person's move.
    pub fn new(kind: SeatKind, on_ask: impl Fn() + Send + Sync + 'static) -> HumanSeat {
        let on_ask = Box::new(on_ask);
        HumanSeat {
            shared: Arc::new(Shared { kind, state: Mutex::default(), changed: Condvar::new(), on_ask }),
        }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.shared.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether the table is waiting for the person's move.
    pub fn awaiting(&self) -> bool {
        self.state().awaiting
    }

    /// The table prompted the person's side for `expect` (`OK`, `a name`, `a move`): a
    /// handshake is answered at once, a move is awaited from the person.
    pub fn prompted(&self, expect: &str) {
        let mut state = self.state();
        let reply = match expect {
            "OK" => Some("OK"),
            "a name" => Some(HUMAN_NAME),
            _ => None,
        };
        match reply {
            Some(line) => {
                if let Some(out) = state.stdout.as_mut() {
                    let _ = writeln!(out, "{line}");
                }
            }
            None if self.shared.kind == SeatKind::Persistent => state.awaiting = true,
            None => {}
        }
        self.shared.changed.notify_all();
        let asked = state.awaiting;
        drop(state);
        if asked {
            (self.shared.on_ask)();
        }
    }

    /// The person's move, in the protocol's words (one-two-three: the board's rows joined with
    /// `\n`). Taken only while the table waits for it.
    pub fn answer(&self, text: &str) -> Result<(), SeatError> {
        let mut state = self.state();
        if state.over {
            return Err(SeatError::Over);
        }
        if !state.awaiting {
            return Err(SeatError::NotYourTurn);
        }
        state.awaiting = false;
        let written = state.stdout.as_mut().map(|out| writeln!(out, "{text}"));
        if self.shared.kind == SeatKind::PerMove {
            // The whole answer is out: the run ends, as a bot's process would.
            end_process(&mut state);
        }
        self.shared.changed.notify_all();
        match written {
            Some(Ok(())) => Ok(()),
            _ => Err(SeatError::Over),
        }
    }

    /// A real-time line (tron's direction), written at once.
    pub fn say(&self, line: &str) -> Result<(), SeatError> {
        let mut state = self.state();
        if state.over {
            return Err(SeatError::Over);
        }
        match state.stdout.as_mut().map(|out| writeln!(out, "{line}")) {
            Some(Ok(())) => Ok(()),
            _ => Err(SeatError::Over),
        }
    }

    /// The person leaves: their side's output ends, which the table judges as a bot that
    /// exited, and no answer is taken any more.
    pub fn leave(&self) {
        let mut state = self.state();
        state.over = true;
        state.awaiting = false;
        end_process(&mut state);
        self.shared.changed.notify_all();
    }

    /// Seats a new "process" of the person: the pipes the table talks to.
    fn connect(&self) -> io::Result<Launched> {
        // Close-on-exec: a bot started later must not inherit the person's pipes (it could
        // speak for them, and their end of file would never come).
        let pipe = || nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC);
        let (stdin_r, stdin_w) = pipe()?;
        let (stdout_r, stdout_w) = pipe()?;
        let (stderr_r, stderr_w) = pipe()?;
        let generation = {
            let mut state = self.state();
            if state.over {
                return Err(io::Error::other("the person has left"));
            }
            state.generation += 1;
            state.stdout = Some(File::from(stdout_w));
            state.stderr = Some(File::from(stderr_w));
            state.exited = false;
            // One process per move: being started is being asked for the move.
            state.awaiting = self.shared.kind == SeatKind::PerMove;
            self.shared.changed.notify_all();
            state.generation
        };
        if self.shared.kind == SeatKind::PerMove {
            (self.shared.on_ask)();
        }
        // What the table writes is read (and dropped: the page shows the position, not the
        // protocol) until the table closes it; a lasting process then ends with its input.
        let seat = self.clone();
        std::thread::Builder::new().name("human-input".into()).spawn(move || {
            let mut input = File::from(stdin_r);
            let mut buf = [0u8; 4096];
            while matches!(input.read(&mut buf), Ok(n) if n > 0) {}
            let mut state = seat.state();
            if seat.shared.kind != SeatKind::PerMove && state.generation == generation {
                end_process(&mut state);
                seat.shared.changed.notify_all();
            }
        })?;
        Ok(Launched {
            stdin: stdin_w.into(),
            stdout: stdout_r.into(),
            stderr: stderr_r.into(),
            process: Box::new(HumanProcess { seat: self.clone(), generation }),
        })
    }
}

/// Closes the current "process"'s output: the table sees its end of file and its exit.
fn end_process(state: &mut State) {
    state.stdout = None;
    state.stderr = None;
    state.exited = true;
}

/// The person's side as the table sees a process.
struct HumanProcess {
    seat: HumanSeat,
    generation: u64,
}

impl HumanProcess {
    fn ended(&self, state: &State) -> bool {
        state.exited || state.generation != self.generation
    }
}

const EXITED: ExitInfo =
    ExitInfo { code: Some(0), signal: None, memory_limit_hit: false, peak_memory_kib: None };

impl Process for HumanProcess {
    fn pid(&self) -> u32 {
        0
    }

    fn wait_timeout(&mut self, timeout: Duration) -> io::Result<Option<ExitInfo>> {
        let until = Instant::now() + timeout;
        let mut state = self.seat.state();
        while !self.ended(&state) {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(None);
            }
            state = self.seat.shared.changed.wait_timeout(state, left).unwrap_or_else(|e| e.into_inner()).0;
        }
        Ok(Some(EXITED))
    }

    fn kill_tree(&mut self) -> io::Result<ExitInfo> {
        let mut state = self.seat.state();
        if state.generation == self.generation {
            state.awaiting = false;
            end_process(&mut state);
            self.seat.shared.changed.notify_all();
        }
        Ok(EXITED)
    }

    fn peak_memory_kib(&self) -> Option<u64> {
        None
    }
}

/// A launcher that seats the person at launch `slot` (their side's index) and starts every other
/// launch with `inner`.
pub struct WithHuman<'a> {
    pub inner: &'a dyn Launcher,
    pub slot: usize,
    pub seat: HumanSeat,
}

impl Launcher for WithHuman<'_> {
    fn launch(&self, spec: &super::launch::LaunchSpec) -> io::Result<Launched> {
        if spec.slot == self.slot {
            self.seat.connect()
        } else {
            self.inner.launch(spec)
        }
    }

    fn protections(&self) -> Vec<Protection> {
        self.inner.protections()
    }
}
