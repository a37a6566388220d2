//! The referee's table: the two seats of one game, their processes, clocks and debts, the one
//! event channel both bots' readers feed, and the transcript.
//!
//! Drivers (turn-based, one process per move, real time) speak their protocol through it; the
//! table applies the rules every game shares: timing from the end of a prompt's write to the
//! arrival of the answer, per-move deadline and time bank, unexpected output, exits, output
//! caps, DEBUG and standard error logging, and killing every process at the end — also when a
//! driver returns early or panics, since the bots are killed when the table is dropped.
//!
//! The files: this one is the table itself (seats, launches, prompts, the events both bots'
//! readers feed); `clock` is how an answer is timed and charged (CPU time where the launch
//! counts it, else the wall clock); `command` is what a seat runs and within which limits;
//! `ending` is how a game ends (fouls, the final messages and kills, the result).

mod clock;
mod command;
mod ending;

pub use clock::{over_detail, wall_guard, Clock, Overrun};
pub use command::{BotCommand, Limits};
pub use ending::{quote, Ending, Foul};

use super::bot::{debug_message, looks_like_out_of_memory, BotEvent, Flushed, RunningBot, Tagged};
use super::launch::{LaunchSpec, Launcher};
use super::log::{Channel, GameLog, LogEntry};
use super::result::{BotId, ForfeitKind};
use crate::games::settings::TimeFactor;
use crate::games::Side;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::time::{Duration, Instant};

/// What a seat owes and since when.
#[derive(Clone, Copy, Debug)]
struct Owed {
    /// `true` for the first answer (start time limit), `false` for a move (move time, bank).
    start: bool,
    /// Words for details: "OK", "a name", "a move".
    expect: &'static str,
    clock: Clock,
    kind: ForfeitKind,
}

/// One bot's place at the table.
struct Seat {
    bot: BotId,
    command: BotCommand,
    cpu: Option<usize>,
    running: Option<RunningBot>,
    generation: u32,
    think: Duration,
    peak_kib: Option<u64>,
    owed: Option<Owed>,
    /// Pipes of the current process whose end of file the table has already seen (standard
    /// output, standard error), so [`Table::finish`] does not wait for them again.
    eofs: usize,
    /// A person's seat: the time each answer may take instead of the game's limits.
    patience: Option<Duration>,
    /// The factor of this bot's time limits (its language's), and the limits it gives.
    factor: TimeFactor,
    limits: Limits,
}

impl Seat {
    fn note_peak(&mut self) {
        if let Some(kib) = self.running.as_ref().and_then(RunningBot::peak_memory_kib) {
            self.peak_kib = Some(self.peak_kib.map_or(kib, |p| p.max(kib)));
        }
    }
}

/// What the channel brought, after logging and DEBUG handling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// A non-DEBUG standard output line.
    Line { side: Side, text: String, at: Instant },
    /// Standard output closed.
    Eof { side: Side, at: Instant },
}

/// The referee's table of one game.
pub struct Table<'a> {
    launcher: &'a dyn Launcher,
    /// The game's limits; each seat's time limits are these times its factor
    /// ([`Table::set_time_factor`]).
    pub limits: Limits,
    seats: [Seat; 2],
    tx: Sender<Tagged>,
    rx: Receiver<Tagged>,
    t0: Instant,
    /// Whether `DEBUG` lines are the protocol's (not in one-two-three, whose output is a board).
    pub debug_lines: bool,
    /// CPU-time backstop given to each process.
    pub cpu_time_limit: Duration,
    /// Whether answers are charged the CPU time they used where the launch counts it (see
    /// [`Clock`]); real-time games, whose ticks come by the wall clock, turn it off.
    pub charge_cpu: bool,
    pub log: GameLog,
    /// Told of the game's moves and prompts as they happen.
    watcher: Option<Box<dyn Watcher + 'a>>,
}

/// Whoever follows a game as it is played: a page watching it live, a person playing in it.
/// Called on the game's thread; must not block.
pub trait Watcher: Send {
    /// A move was recorded (its record in the result's `moves`).
    fn moved(&mut self, _record: &serde_json::Value) {}
    /// `side` was asked for `expect` (`OK`, `a name`, `a move`) and its clock started.
    fn prompted(&mut self, _side: Side, _expect: &'static str) {}
    /// A bot's DEBUG message or line of standard error was logged (as the log keeps it, under
    /// its caps): private to the bot's owner, like the log's entry.
    fn said(&mut self, _entry: &LogEntry) {}
}

/// Processes and threads a bot may have at once (the sandbox's pids cgroup counts threads):
/// room for an ordinary multi-threaded bot (a JVM starts about 15 threads of its own before a
/// bot's 60), still a hard stop for fork and thread bombs.
pub const BOT_MAX_PROCESSES: u64 = 256;

/// How long bots may take to exit by themselves after the final message.
pub const EXIT_GRACE: Duration = Duration::from_millis(200);

impl<'a> Table<'a> {
    /// A table with `seats[0]` moving first; `cpus` pins each seat's processes.
    pub fn new(
        launcher: &'a dyn Launcher,
        limits: Limits,
        title: impl Into<String>,
        seats: [(BotId, BotCommand, Option<usize>); 2],
    ) -> Table<'a> {
        let (tx, rx) = channel();
        let log = GameLog::new(title, seats.iter().map(|(b, c, _)| (*b, c.label.clone())).collect());
        let seat = |(bot, command, cpu): (BotId, BotCommand, Option<usize>)| Seat {
            bot,
            command,
            cpu,
            running: None,
            generation: 0,
            think: Duration::ZERO,
            peak_kib: None,
            owed: None,
            eofs: 0,
            patience: None,
            factor: TimeFactor::ONE,
            limits,
        };
        let [s0, s1] = seats;
        Table {
            launcher,
            limits,
            seats: [seat(s0), seat(s1)],
            tx,
            rx,
            t0: Instant::now(),
            debug_lines: true,
            cpu_time_limit: Duration::from_secs(30 * 60),
            charge_cpu: true,
            log,
            watcher: None,
        }
    }

    /// Seats a person at `side`: each of their answers may take `patience` (the start's and
    /// every move's limit, no time bank) instead of the game's limits.
    pub fn set_patience(&mut self, side: Side, patience: Duration) {
        self.seats[side.index()].patience = Some(patience);
    }

    /// Multiplies the start time, move time and bank of the bot at `side` by `factor` (its
    /// language's time factor), before the game starts.
    pub fn set_time_factor(&mut self, side: Side, factor: TimeFactor) {
        let seat = &mut self.seats[side.index()];
        seat.factor = factor;
        seat.limits = self.limits.scaled(factor);
    }

    /// The time limits of the bot at `side`: the game's, times its factor.
    pub fn seat_limits(&self, side: Side) -> Limits {
        self.seats[side.index()].limits
    }

    /// Tells `watcher` of every move and prompt from now on.
    pub fn watch(&mut self, watcher: Box<dyn Watcher + 'a>) {
        self.watcher = Some(watcher);
    }

    /// Records a move: appends it to `moves` and tells the watcher.
    pub fn record_move(&mut self, moves: &mut Vec<serde_json::Value>, record: serde_json::Value) {
        self.log.moved();
        if let Some(w) = self.watcher.as_mut() {
            w.moved(&record);
        }
        moves.push(record);
    }

    /// Logs a bot's DEBUG message or line of standard error (`channel`), under the log's caps,
    /// and tells the watcher of what the log kept.
    fn private_line(&mut self, ms: u64, bot: BotId, channel: Channel, text: &str) {
        let before = self.log.entries.len();
        if channel == Channel::Debug {
            self.log.debug(ms, bot, text);
        } else {
            self.log.stderr(ms, bot, text);
        }
        if let (Some(w), Some(entry)) = (self.watcher.as_mut(), self.log.entries.get(before)) {
            if entry.channel == channel {
                w.said(entry);
            }
        }
    }

    /// Milliseconds from the start of the game to `at`.
    pub fn ms(&self, at: Instant) -> u64 {
        at.saturating_duration_since(self.t0).as_millis() as u64
    }

    pub fn bot(&self, side: Side) -> BotId {
        self.seats[side.index()].bot
    }

    pub fn side_of(&self, bot: BotId) -> Side {
        if self.seats[0].bot == bot {
            Side::First
        } else {
            Side::Second
        }
    }

    /// Starts (or restarts) the bot of `side` with extra arguments.
    pub fn launch(&mut self, side: Side, extra_args: &[String]) -> Result<(), Foul> {
        let spec = self.prepare_launch(side, extra_args);
        let launched = self.launcher.launch(&spec);
        self.launched(side, launched)
    }

    /// Starts both bots at once, each with its extra arguments (first side first), so a game
    /// waits for one start instead of two. When both fail, the first side's failure is the foul
    /// (as if they had been started one after the other); the other bot is stopped with the
    /// game.
    pub fn launch_both(&mut self, extra_args: [&[String]; 2]) -> Result<(), Foul> {
        let specs =
            [Side::First, Side::Second].map(|side| self.prepare_launch(side, extra_args[side.index()]));
        let mut results = self.launcher.launch_all(&specs).into_iter();
        let mut next = || results.next().unwrap_or_else(|| Err(std::io::Error::other("not started")));
        let (first, second) = (next(), next());
        let first = self.launched(Side::First, first);
        match first {
            Ok(()) => self.launched(Side::Second, second),
            Err(foul) => {
                // Started, it is stopped with the game; failed too, the first failure decides.
                if let Ok(l) = second {
                    let running =
                        RunningBot::start(l, Side::Second, self.seats[1].generation, self.tx.clone());
                    self.seats[1].running = Some(running);
                }
                Err(foul)
            }
        }
    }

    /// Stops the seat's previous process and builds the launch of its next one.
    fn prepare_launch(&mut self, side: Side, extra_args: &[String]) -> LaunchSpec {
        let cpu_time_limit = self.cpu_time_limit;
        let memory_mib = self.limits.memory_mib;
        let seat = &mut self.seats[side.index()];
        if let Some(mut old) = seat.running.take() {
            old.kill();
            seat.running = Some(old);
            seat.note_peak();
            seat.running = None;
        }
        seat.generation += 1;
        seat.eofs = 0;
        let c = &seat.command;
        LaunchSpec {
            program: c.program.clone(),
            args: c.args.iter().chain(extra_args).cloned().collect(),
            env: c.env.clone(),
            workdir: c.workdir.clone(),
            workdir_writable: false,
            readable: c.readable.clone(),
            unlimited_address_space: c.unlimited_address_space,
            memory_mib,
            cpu: seat.cpu,
            max_processes: BOT_MAX_PROCESSES,
            max_file_bytes: 16 * 1024 * 1024,
            cpu_time_limit: Some(cpu_time_limit),
            slot: side.index(),
        }
    }

    /// Seats a started bot, or turns its failed start into a foul.
    fn launched(
        &mut self,
        side: Side,
        launched: std::io::Result<super::launch::Launched>,
    ) -> Result<(), Foul> {
        let now = self.ms(Instant::now());
        let seat = &mut self.seats[side.index()];
        match launched {
            Ok(launched) => {
                let running = RunningBot::start(launched, side, seat.generation, self.tx.clone());
                seat.running = Some(running);
                Ok(())
            }
            Err(e) => {
                let detail = format!("could not be started: {e}");
                let bot = seat.bot;
                self.log.note(now, Some(bot), detail.clone());
                Err(Foul::new(side, ForfeitKind::Exited, detail))
            }
        }
    }

    /// Queues a line for the bot (written without blocking; see [`Table::prompt`]).
    pub fn send(&mut self, side: Side, line: &str) {
        let ms = self.ms(Instant::now());
        self.log.line(ms, self.bot(side), Channel::ToBot, line);
        if let Some(r) = self.seats[side.index()].running.as_mut() {
            let mut bytes = Vec::with_capacity(line.len() + 1);
            bytes.extend_from_slice(line.as_bytes());
            bytes.push(b'\n');
            r.input.queue(&bytes);
        }
    }

    /// Queues text that already holds its line ends (logged line by line).
    pub fn send_raw(&mut self, side: Side, text: &str) {
        let ms = self.ms(Instant::now());
        for line in text.lines() {
            self.log.line(ms, self.bot(side), Channel::ToBot, line);
        }
        if let Some(r) = self.seats[side.index()].running.as_mut() {
            r.input.queue(text.as_bytes());
        }
    }

    /// Closes the bot's standard input.
    pub fn close_input(&mut self, side: Side) {
        if let Some(r) = self.seats[side.index()].running.as_mut() {
            r.input.close();
        }
    }

    /// The limit of the next move of `side` and the forfeit its overrun gives: the move time,
    /// or what is left of the bank when that is less.
    pub fn move_limit(&self, side: Side) -> (Duration, ForfeitKind) {
        self.limit(side, false)
    }

    /// The limit of the next answer of `side` and the forfeit its overrun gives.
    fn limit(&self, side: Side, start: bool) -> (Duration, ForfeitKind) {
        if let Some(patience) = self.seats[side.index()].patience {
            let kind = if start { ForfeitKind::StartTimeout } else { ForfeitKind::MoveTimeout };
            return (patience, kind);
        }
        let limits = &self.seats[side.index()].limits;
        if start {
            return (limits.start, ForfeitKind::StartTimeout);
        }
        let per_move = limits.per_move;
        match limits.bank {
            Some(bank) => {
                let left = bank.saturating_sub(self.seats[side.index()].think);
                if left < per_move {
                    (left, ForfeitKind::TimeBank)
                } else {
                    (per_move, ForfeitKind::MoveTimeout)
                }
            }
            None => (per_move, ForfeitKind::MoveTimeout),
        }
    }

    /// Finishes writing what was queued for `side` — the prompt — and starts its clock: from
    /// now on it owes `expect` (the first answer if `start`, else a move).
    pub fn prompt(&mut self, side: Side, start: bool, expect: &'static str) -> Result<(), Foul> {
        let (limit, kind) = self.limit(side, start);
        let now = Instant::now();
        let cpu_since = self.cpu_time(side);
        // A bot that does not read its input uses no CPU: the wall clock decides then.
        let wait = Clock { since: now, limit, cpu_since }.wall_deadline();
        let flushed = match self.seats[side.index()].running.as_mut() {
            Some(r) => r.input.flush_until(wait),
            None => Flushed::Closed,
        };
        let since = match flushed {
            Flushed::At(t) => t,
            // It exited; its end of file will tell, and the clock runs meanwhile.
            Flushed::Closed => Instant::now(),
            Flushed::Stuck => {
                let waited = wait.saturating_duration_since(now).as_millis();
                let detail = format!("did not read its input within {waited} ms");
                return Err(Foul::new(side, kind, detail));
            }
        };
        // Read again once the prompt is written: the bot is charged from there.
        let cpu_since = cpu_since.and(self.cpu_time(side));
        self.seats[side.index()].owed =
            Some(Owed { start, expect, clock: Clock { since, limit, cpu_since }, kind });
        if let Some(w) = self.watcher.as_mut() {
            w.prompted(side, expect);
        }
        Ok(())
    }

    /// Whether `side` owes an answer.
    pub fn owes(&self, side: Side) -> bool {
        self.seats[side.index()].owed.is_some()
    }

    /// Gives every seat's pending input a chance to be written (real-time games).
    pub fn pump_input(&mut self) {
        for seat in &mut self.seats {
            if let Some(r) = seat.running.as_mut() {
                r.input.try_write();
            }
        }
    }

    /// The CPU time the current process of `side` has used, where its answers are charged by
    /// it: its launch counts it, [`Self::charge_cpu`] is on and no person sits there.
    pub fn cpu_time(&self, side: Side) -> Option<Duration> {
        let seat = &self.seats[side.index()];
        if !self.charge_cpu || seat.patience.is_some() {
            return None;
        }
        seat.running.as_ref()?.process.cpu_time()
    }

    /// Total thinking time of `side` so far.
    pub fn think(&self, side: Side) -> Duration {
        self.seats[side.index()].think
    }

    /// Adds thinking time measured by a driver (one process per move).
    pub fn add_think(&mut self, side: Side, d: Duration) {
        self.seats[side.index()].think += d;
    }

    /// The next event worth a driver's attention, waiting until `until` at most (`None`: no
    /// wait). DEBUG lines and standard error are logged on the way; events of replaced
    /// processes are ignored.
    pub fn next_event(&mut self, until: Option<Instant>) -> Result<Option<Heard>, Foul> {
        loop {
            let tagged = match until {
                None => match self.rx.try_recv() {
                    Ok(t) => t,
                    Err(TryRecvError::Empty) => return Ok(None),
                    Err(TryRecvError::Disconnected) => unreachable!("the table holds a sender"),
                },
                Some(until) => {
                    let wait = until.saturating_duration_since(Instant::now());
                    match self.rx.recv_timeout(wait) {
                        Ok(t) => t,
                        Err(RecvTimeoutError::Timeout) => return Ok(None),
                        Err(RecvTimeoutError::Disconnected) => unreachable!("the table holds a sender"),
                    }
                }
            };
            let side = tagged.side;
            let seat = &self.seats[side.index()];
            if tagged.generation != seat.generation {
                continue;
            }
            let bot = seat.bot;
            let ms = self.ms(tagged.event.at());
            match tagged.event {
                BotEvent::Line { text, at } => {
                    if self.debug_lines {
                        if let Some(msg) = debug_message(&text) {
                            self.private_line(ms, bot, Channel::Debug, msg);
                            continue;
                        }
                    }
                    self.log.line(ms, bot, Channel::FromBot, &text);
                    return Ok(Some(Heard::Line { side, text, at }));
                }
                BotEvent::Stderr { text, .. } => self.private_line(ms, bot, Channel::Stderr, &text),
                BotEvent::StderrEof { .. } => self.seats[side.index()].eofs += 1,
                BotEvent::OutputLimit { detail, .. } => {
                    return Err(Foul::new(side, ForfeitKind::OutputLimit, detail));
                }
                BotEvent::Eof { at } => {
                    self.seats[side.index()].eofs += 1;
                    return Ok(Some(Heard::Eof { side, at }));
                }
            }
        }
    }

    /// The forfeit of a bot whose standard output closed: `memory_limit` when the kernel (or
    /// its dying words) says so, else `exited` with its exit status.
    pub fn exit_foul(&mut self, side: Side) -> Foul {
        let memory_mib = self.limits.memory_mib;
        let Some(r) = self.seats[side.index()].running.as_mut() else {
            return Foul::new(side, ForfeitKind::Exited, "not running");
        };
        let exit = r.wait(Duration::from_millis(500));
        let tail = r.stderr_tail(Duration::from_millis(200));
        self.seats[side.index()].note_peak();
        let Some(exit) = exit else {
            return Foul::new(side, ForfeitKind::Exited, "closed its standard output");
        };
        let peak = exit.peak_memory_kib.map(|k| format!(", peak {k} KiB")).unwrap_or_default();
        if exit.memory_limit_hit || (!exit.success() && looks_like_out_of_memory(&tail)) {
            let detail = format!("{}{peak}, limit {memory_mib} MiB", exit.describe());
            return Foul::new(side, ForfeitKind::MemoryLimit, detail);
        }
        match exit.signal {
            Some(libc::SIGSYS) => Foul::new(
                side,
                ForfeitKind::SandboxViolation,
                format!("{}: a forbidden system call", exit.describe()),
            ),
            Some(libc::SIGXFSZ) => Foul::new(
                side,
                ForfeitKind::SandboxViolation,
                format!("{}: wrote a file over the size limit", exit.describe()),
            ),
            _ => Foul::new(side, ForfeitKind::Exited, exit.describe()),
        }
    }

    /// The next non-DEBUG line of a running bot, until `until`; an end of output is a forfeit.
    pub fn next_line(&mut self, until: Option<Instant>) -> Result<Option<(Side, String, Instant)>, Foul> {
        match self.next_event(until)? {
            None => Ok(None),
            Some(Heard::Line { side, text, at }) => Ok(Some((side, text, at))),
            Some(Heard::Eof { side, .. }) => Err(self.exit_foul(side)),
        }
    }

    /// When to look at the owed seats' clocks next (None: nobody owes anything).
    fn next_look(&self) -> Option<Instant> {
        let now = Instant::now();
        [Side::First, Side::Second]
            .into_iter()
            .filter_map(|s| self.seats[s.index()].owed.map(|o| o.clock.next_look(self.cpu_time(s), now)))
            .min()
    }

    /// The first owed seat whose clock has run out by `at` (a time that has passed), and its
    /// forfeit: by wall-clock deadline first, a CPU-time overrun after.
    fn out_of_time(&self, at: Instant) -> Option<Foul> {
        let mut over: Vec<(Instant, Side, Overrun)> = [Side::First, Side::Second]
            .into_iter()
            .filter_map(|s| {
                let o = self.seats[s.index()].owed?;
                let overrun = o.clock.overrun(self.cpu_time(s), at)?;
                let when = match overrun {
                    Overrun::Cpu(_) => at,
                    _ => o.clock.wall_deadline(),
                };
                Some((when, s, overrun))
            })
            .collect();
        over.sort_by_key(|(when, _, _)| *when);
        over.first().map(|&(_, side, overrun)| self.overrun_foul(side, overrun))
    }

    fn overrun_foul(&self, side: Side, overrun: Overrun) -> Foul {
        let o = self.seats[side.index()].owed.expect("only owed seats time out");
        let bank = (o.kind == ForfeitKind::TimeBank)
            .then(|| self.seats[side.index()].limits.bank.unwrap_or_default());
        let expect = if bank.is_some() { "move" } else { o.expect.trim_start_matches("a ") };
        Foul::new(side, o.kind, o.clock.describe(overrun, expect, bank))
    }

    /// Waits for the next answer owed by either seat. A line from a seat that owes nothing is
    /// `unexpected_output`; an answer after its deadline is a timeout; when both misbehave the
    /// first in time loses.
    pub fn next_answer(&mut self) -> Result<(Side, String, Instant), Foul> {
        self.next_answer_or_talk(false).map(|(side, text, at, _)| (side, text, at))
    }

    /// Like [`Table::next_answer`], but with `free_talk` a line from a seat that owes nothing
    /// is returned (with `false`) instead of being `unexpected_output` (tron's named bots may
    /// print directions while the other is still choosing its name).
    pub fn next_answer_or_talk(&mut self, free_talk: bool) -> Result<(Side, String, Instant, bool), Foul> {
        loop {
            let look = self.next_look();
            let until = look.unwrap_or_else(|| Instant::now() + Duration::from_secs(3600));
            let heard = match self.next_event(Some(until)) {
                Ok(h) => h,
                Err(foul) => return Err(self.first_in_time(foul, Instant::now())),
            };
            let (side, text, at) = match heard {
                // Time to look at the clocks: one may have run out (else wait on).
                None => match self.out_of_time(Instant::now()) {
                    Some(foul) => return Err(foul),
                    None => continue,
                },
                Some(Heard::Eof { side, at }) => {
                    let foul = self.exit_foul(side);
                    return Err(self.first_in_time(foul, at));
                }
                Some(Heard::Line { side, text, at }) => (side, text, at),
            };
            // A clock that ran out before the line came (the answering seat's own included).
            if let Some(late) = self.out_of_time(at) {
                return Err(late);
            }
            let Some(owed) = self.seats[side.index()].owed else {
                if free_talk {
                    return Ok((side, text, at, false));
                }
                return Err(Foul::new(side, ForfeitKind::UnexpectedOutput, quote(&text)));
            };
            let took = owed.clock.charged(self.cpu_time(side), at);
            if took > owed.clock.limit {
                let bank = (owed.kind == ForfeitKind::TimeBank)
                    .then(|| self.seats[side.index()].limits.bank.unwrap_or_default());
                return Err(Foul::new(side, owed.kind, over_detail(&owed.clock, took, bank)));
            }
            let seat = &mut self.seats[side.index()];
            seat.owed = None;
            if !owed.start {
                seat.think += took;
            }
            return Ok((side, text, at, true));
        }
    }

    /// An owed seat whose clock ran out before `at` lost first.
    fn first_in_time(&self, foul: Foul, at: Instant) -> Foul {
        match self.out_of_time(at) {
            Some(late) if late.side != foul.side => late,
            _ => foul,
        }
    }

    /// Handles what has already arrived without waiting: a line from a seat that owes nothing
    /// is `unexpected_output`.
    pub fn check_idle(&mut self) -> Result<(), Foul> {
        match self.next_event(None)? {
            None => Ok(()),
            Some(Heard::Eof { side, .. }) => Err(self.exit_foul(side)),
            Some(Heard::Line { side, text, .. }) => {
                Err(Foul::new(side, ForfeitKind::UnexpectedOutput, quote(&text)))
            }
        }
    }

    /// Logs a forfeit at the moment it is decided (before the final messages).
    pub fn note_foul(&mut self, foul: Option<&Foul>) {
        if let Some(f) = foul {
            let ms = self.ms(Instant::now());
            let text = format!("forfeit: {} ({})", f.kind.as_str(), f.detail);
            self.log.note(ms, Some(self.bot(f.side)), text);
        }
    }

    /// Ends the current process of `side` (one process per move) and records its peak memory.
    pub fn end_process(&mut self, side: Side) {
        let seat = &mut self.seats[side.index()];
        if let Some(r) = seat.running.as_mut() {
            r.kill();
        }
        seat.note_peak();
        seat.running = None;
    }

    /// The running process of `side`, for drivers that wait on it directly.
    pub fn running(&mut self, side: Side) -> Option<&mut RunningBot> {
        self.seats[side.index()].running.as_mut()
    }
}

impl Drop for Table<'_> {
    /// Whatever happened to the driver (an early return, a panic), no bot outlives its game.
    fn drop(&mut self) {
        for seat in &mut self.seats {
            if let Some(mut r) = seat.running.take() {
                r.kill();
            }
        }
    }
}
