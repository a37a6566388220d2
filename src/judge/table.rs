//! The referee's table: the two seats of one game, their processes, clocks and debts, the one
//! event channel both bots' readers feed, and the transcript.
//!
//! Drivers (turn-based, one process per move, real time) speak their protocol through it; the
//! table applies the rules every game shares: timing from the end of a prompt's write to the
//! arrival of the answer, per-move deadline and time bank, unexpected output, exits, output
//! caps, DEBUG and standard error logging, and killing every process at the end — also when a
//! driver returns early or panics, since the bots are killed when the table is dropped.

use super::bot::{debug_message, looks_like_out_of_memory, BotEvent, Flushed, RunningBot, Tagged};
use super::launch::{LaunchSpec, Launcher};
use super::log::{cut, Channel, GameLog, LogEntry};
use super::result::{BotId, Forfeit, ForfeitKind, GameResult, PerBot};
use crate::games::settings::{Settings, TimeFactor};
use crate::games::{Outcome, Side};
use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::time::{Duration, Instant};

/// How to run one bot: what `botarena play` and the workers build from a submission or a
/// house bot, and what a [`Launcher`] gets (with the game's limits added).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BotCommand {
    /// How the bot is named in results and logs (`bots/mine.c`, `house:random`).
    pub label: String,
    pub program: PathBuf,
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
    pub workdir: PathBuf,
    /// Directories the language runtime needs to read.
    pub readable: Vec<PathBuf>,
    /// See [`LaunchSpec::unlimited_address_space`] (the JVM).
    pub unlimited_address_space: bool,
    /// A house bot: each game appends `--seed N`, N derived from the match seed, the game's
    /// index and the seat ([`super::matches::house_bot_seed`]), so every game of a match differs
    /// and the same match seed replays the same games.
    pub seed_per_game: bool,
    /// The language of a submission (`python`), whose contest may give it a time factor
    /// (`time_factor.python`); `None` for house bots and ready executables (factor 1).
    pub language: Option<String>,
}

/// The time and memory limits of a game, from its settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Time to answer the first message (`OK`, tron's name).
    pub start: Duration,
    /// Time per move (for one-two-three, per whole process run).
    pub per_move: Duration,
    /// Thinking time per game; `None` when the bank is off (`bank_ms = 0`).
    pub bank: Option<Duration>,
    pub memory_mib: u64,
}

impl Limits {
    pub fn from_settings(settings: &Settings) -> Limits {
        let c = settings.common();
        Limits {
            start: Duration::from_millis(c.start_ms),
            per_move: Duration::from_millis(c.move_ms),
            bank: (c.bank_ms > 0).then(|| Duration::from_millis(c.bank_ms)),
            memory_mib: c.memory_mib,
        }
    }

    /// These limits with the start time, move time and bank multiplied by `factor` (a
    /// language's time factor); memory stays.
    pub fn scaled(self, factor: TimeFactor) -> Limits {
        Limits {
            start: factor.scale(self.start),
            per_move: factor.scale(self.per_move),
            bank: self.bank.map(|b| factor.scale(b)),
            memory_mib: self.memory_mib,
        }
    }
}

/// A rule broken by the bot in `side`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Foul {
    pub side: Side,
    pub kind: ForfeitKind,
    pub detail: String,
}

impl Foul {
    pub fn new(side: Side, kind: ForfeitKind, detail: impl Into<String>) -> Foul {
        Foul { side, kind, detail: detail.into() }
    }
}

/// A bot's line, quoted for a forfeit's detail (long lines cut).
pub fn quote(line: &str) -> String {
    if line.len() > 200 {
        format!("{:?}… ({} bytes)", cut(line, 200), line.len())
    } else {
        format!("{line:?}")
    }
}

/// The wall-clock guard of an answer charged by CPU time: a bot that waits (sleeps, reads
/// nothing, is starved) uses no CPU, so the wall clock must still end its turn. Three times
/// the limit and 100 ms more leave a bot that computes for its whole limit room for a machine
/// slowed down threefold by other work, and a short limit room for a scheduler's delays.
pub fn wall_guard(limit: Duration) -> Duration {
    limit * 3 + Duration::from_millis(100)
}

/// The clock of one answer (or of one process run, one process per move): from `since` the
/// bot may use `limit`. Where its launch counts CPU time (`cpu_since`, the bot's CPU time when
/// the clock started: the sandbox's cgroup), the answer is charged the CPU time it used, so
/// what else runs on the machine does not change it, and the wall clock only guards
/// ([`wall_guard`]); elsewhere (no cgroup, a person's seat, real-time games) it is charged
/// the wall time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub since: Instant,
    pub limit: Duration,
    pub cpu_since: Option<Duration>,
}

/// How an answer went over its clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overrun {
    /// Charged by wall time: the limit passed.
    Wall,
    /// Charged by CPU time: it used this much, more than the limit.
    Cpu(Duration),
    /// Charged by CPU time (this much so far, within the limit), but the wall-clock guard passed.
    Guard(Duration),
}

impl Clock {
    /// The wall-clock time after which the answer is late, whatever it used.
    pub fn wall_deadline(&self) -> Instant {
        match self.cpu_since {
            Some(_) => self.since + wall_guard(self.limit),
            None => self.since + self.limit,
        }
    }

    /// The CPU time used since the clock started, given the bot's CPU time now (`cpu_now`); a
    /// process that stopped counting (None) is charged the wall time to `at`.
    fn cpu_used(&self, cpu_now: Option<Duration>, at: Instant) -> Option<Duration> {
        let since = self.cpu_since?;
        Some(
            cpu_now.map_or_else(|| at.saturating_duration_since(self.since), |now| now.saturating_sub(since)),
        )
    }

    /// What an answer seen at `at` is charged: the CPU time used by then (`cpu_now`, read as it
    /// is seen), or the wall time.
    pub fn charged(&self, cpu_now: Option<Duration>, at: Instant) -> Duration {
        self.cpu_used(cpu_now, at).unwrap_or_else(|| at.saturating_duration_since(self.since))
    }

    /// Whether the clock has run out by `at` (the bot's CPU time then being `cpu_now`).
    pub fn overrun(&self, cpu_now: Option<Duration>, at: Instant) -> Option<Overrun> {
        match self.cpu_used(cpu_now, at) {
            None => (self.wall_deadline() <= at).then_some(Overrun::Wall),
            Some(used) if used > self.limit => Some(Overrun::Cpu(used)),
            Some(used) => (self.wall_deadline() <= at).then_some(Overrun::Guard(used)),
        }
    }

    /// When to look at the clock again, at `now`: its wall deadline, or (charged by CPU time)
    /// as soon as the bot could have used what is left of its limit, computing without a pause
    /// (a bot of several threads can use it faster: its answer is charged all the same).
    pub fn next_look(&self, cpu_now: Option<Duration>, now: Instant) -> Instant {
        let guard = self.wall_deadline();
        match self.cpu_used(cpu_now, now) {
            None => guard,
            Some(used) => guard.min(now + self.limit.saturating_sub(used).max(Duration::from_millis(1))),
        }
    }

    /// A forfeit's detail for an overrun; `bank`: the bank when the limit is what is left of it.
    pub fn describe(&self, overrun: Overrun, expect: &str, bank: Option<Duration>) -> String {
        let limit = self.limit.as_millis();
        let within = match bank {
            Some(bank) => format!("the {limit} ms left of the {} ms bank", bank.as_millis()),
            None => format!("{limit} ms"),
        };
        match overrun {
            Overrun::Wall => format!("no {expect} within {within}"),
            Overrun::Cpu(used) => format!("used {} ms of CPU time, more than {within}", used.as_millis()),
            Overrun::Guard(used) => format!(
                "no {expect} within {} ms of wall-clock time (the guard: 3 × {limit} ms + 100 ms), \
                 having used {} ms of CPU time",
                wall_guard(self.limit).as_millis(),
                used.as_millis()
            ),
        }
    }
}

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

    /// Ends the game: sends each seat its final line (if any), gives the bots a short grace to
    /// exit, kills both process trees, and logs what they still said.
    pub fn finish(&mut self, last: [Option<String>; 2]) {
        for side in [Side::First, Side::Second] {
            self.seats[side.index()].owed = None;
            if let Some(line) = &last[side.index()] {
                if self.seats[side.index()].running.is_some() {
                    self.send(side, line);
                }
            }
        }
        let grace_end = Instant::now() + EXIT_GRACE;
        for seat in &mut self.seats {
            if let Some(r) = seat.running.as_mut() {
                r.input.flush_until(grace_end);
                r.input.close();
            }
        }
        // Both at once: each bot gets the whole grace, and the two trees are killed and reaped
        // side by side.
        let stop = |seat: &mut Seat| {
            if let Some(r) = seat.running.as_mut() {
                r.wait(grace_end.saturating_duration_since(Instant::now()));
                r.kill();
            }
            seat.note_peak();
        };
        let [first, second] = &mut self.seats;
        let ended = |seat: &mut Seat| seat.running.as_mut().is_none_or(|r| r.wait(Duration::ZERO).is_some());
        if ended(first) || ended(second) {
            // At most one bot to wait for or kill (the other exited, as the bot that forfeited
            // by exiting has): a thread would cost more than the ended one's short stop, and
            // the other gets its whole grace all the same.
            stop(first);
            stop(second);
        } else {
            std::thread::scope(|s| {
                s.spawn(|| stop(second));
                stop(first);
            });
        }
        // Log what is still in the pipes (standard error written while dying), briefly.
        let drain_end = Instant::now() + Duration::from_millis(300);
        // Both pipes of each process, less the ends of file already seen.
        let mut open: usize =
            self.seats.iter().filter(|s| s.running.is_some()).map(|s| 2usize.saturating_sub(s.eofs)).sum();
        while open > 0 {
            let Ok(tagged) = self.rx.recv_timeout(drain_end.saturating_duration_since(Instant::now())) else {
                break;
            };
            let seat = &self.seats[tagged.side.index()];
            if tagged.generation != seat.generation {
                continue;
            }
            let (bot, ms) = (seat.bot, self.ms(tagged.event.at()));
            match tagged.event {
                BotEvent::Line { text, .. } => match debug_message(&text).filter(|_| self.debug_lines) {
                    Some(msg) => self.private_line(ms, bot, Channel::Debug, msg),
                    None => self.log.line(ms, bot, Channel::FromBot, &text),
                },
                BotEvent::Stderr { text, .. } => self.private_line(ms, bot, Channel::Stderr, &text),
                BotEvent::OutputLimit { .. } => {}
                BotEvent::Eof { .. } | BotEvent::StderrEof { .. } => open -= 1,
            }
        }
        // Killed and reaped: what is left to release goes off the game's path.
        let done: Vec<RunningBot> = self.seats.iter_mut().filter_map(|s| s.running.take()).collect();
        super::threads::drop_off_path(done);
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

    /// Builds the game's result and finishes its log with the verdict.
    pub fn result(&mut self, index: u32, ending: Ending) -> GameResult {
        let seats = [self.seats[0].bot, self.seats[1].bot];
        let now = self.ms(Instant::now());
        let (winner, reason, score, forfeit) = match (&ending.foul, &ending.outcome) {
            (Some(foul), _) => {
                let forfeit =
                    Forfeit { bot: self.bot(foul.side), kind: foul.kind, detail: foul.detail.clone() };
                (Some(foul.side.other()), "forfeit".to_string(), ending.forfeit_score.clone(), Some(forfeit))
            }
            (None, Some(o)) => (o.winner, o.reason.to_string(), o.score.clone(), None),
            (None, None) => (None, "unfinished".to_string(), None, None),
        };
        let winner = winner.map(|s| seats[s.index()]);
        self.log.verdict = match (&forfeit, winner) {
            (Some(f), _) => format!(
                "{} forfeits: {} ({}); {} wins",
                f.bot.as_str(),
                f.kind.as_str(),
                f.detail,
                f.bot.other().as_str()
            ),
            (None, Some(w)) => format!("{} wins ({reason})", w.as_str()),
            (None, None) => format!("draw ({reason})"),
        };
        let verdict = self.log.verdict.clone();
        self.log.note(now, None, verdict);
        let think_ms =
            PerBot::from([0, 1].map(|i| (self.seats[i].bot, self.seats[i].think.as_millis() as u64)));
        let peak_memory_kib = PerBot::from([0, 1].map(|i| (self.seats[i].bot, self.seats[i].peak_kib)));
        let time_factor = PerBot::from([0, 1].map(|i| (self.seats[i].bot, self.seats[i].factor.as_f64())));
        GameResult {
            index,
            seats,
            params: ending.params,
            moves: ending.moves,
            winner,
            score: score.map(|s| s.map(score_value)),
            reason,
            forfeit,
            think_ms,
            peak_memory_kib,
            time_factor,
        }
    }
}

/// A forfeit's detail for an answer charged `took`, over its clock's limit; `bank`: the bank,
/// when the limit was what is left of it.
pub fn over_detail(clock: &Clock, took: Duration, bank: Option<Duration>) -> String {
    let limit = clock.limit.as_millis();
    let took = match clock.cpu_since {
        Some(_) => format!("used {} ms of CPU time", took.as_millis()),
        None => format!("took {} ms", took.as_millis()),
    };
    match bank {
        Some(bank) => format!("{took} with {limit} ms left of the {} ms bank", bank.as_millis()),
        None => format!("{took}, limit {limit} ms"),
    }
}

/// A score as JSON: a number when it fits, else its decimal string (mathtricks totals are
/// unbounded).
fn score_value(s: String) -> serde_json::Value {
    match s.parse::<i64>() {
        Ok(n) => serde_json::Value::from(n),
        Err(_) => serde_json::Value::String(s),
    }
}

/// How a driver saw a game end.
#[derive(Clone, Debug, Default)]
pub struct Ending {
    /// The rules' outcome, when the game was played out.
    pub outcome: Option<Outcome>,
    /// The forfeit, when a bot broke a rule (it decides the game over any outcome).
    pub foul: Option<Foul>,
    pub moves: Vec<serde_json::Value>,
    pub params: serde_json::Value,
    /// The score of a game lost by forfeit, where the game defines one.
    pub forfeit_score: Option<[String; 2]>,
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

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn an_answer_charged_by_cpu_time_is_charged_what_it_used_however_long_it_waited() {
        let t0 = Instant::now();
        let clock = Clock { since: t0, limit: MS(100), cpu_since: Some(MS(40)) };
        // Slept 150 ms of wall time (within the guard of 400 ms), used 5 ms of CPU.
        let at = t0 + MS(150);
        assert_eq!(clock.charged(Some(MS(45)), at), MS(5));
        assert_eq!(clock.overrun(Some(MS(45)), at), None);
        assert_eq!(wall_guard(MS(100)), MS(400));
        assert_eq!(clock.wall_deadline(), t0 + MS(400));
        // Used more CPU than the limit, however quickly: over.
        assert_eq!(clock.overrun(Some(MS(141)), t0 + MS(101)), Some(Overrun::Cpu(MS(101))));
        // Used little, but waited past the guard: over too.
        assert_eq!(clock.overrun(Some(MS(41)), t0 + MS(400)), Some(Overrun::Guard(MS(1))));
        // Looked at again when the rest of the limit could be used up, not later.
        assert_eq!(clock.next_look(Some(MS(70)), t0 + MS(10)), t0 + MS(80));
        assert_eq!(clock.next_look(Some(MS(41)), t0 + MS(390)), t0 + MS(400));
    }

    #[test]
    fn an_answer_without_cpu_accounting_is_charged_the_wall_time() {
        let t0 = Instant::now();
        let clock = Clock { since: t0, limit: MS(100), cpu_since: None };
        assert_eq!(clock.charged(None, t0 + MS(60)), MS(60));
        assert_eq!(clock.wall_deadline(), t0 + MS(100));
        assert_eq!(clock.overrun(None, t0 + MS(99)), None);
        assert_eq!(clock.overrun(None, t0 + MS(100)), Some(Overrun::Wall));
        assert_eq!(clock.next_look(None, t0), t0 + MS(100));
        assert_eq!(over_detail(&clock, MS(150), None), "took 150 ms, limit 100 ms");
    }

    #[test]
    fn overrun_details_say_what_was_charged() {
        let t0 = Instant::now();
        let cpu = Clock { since: t0, limit: MS(100), cpu_since: Some(Duration::ZERO) };
        assert_eq!(over_detail(&cpu, MS(150), None), "used 150 ms of CPU time, limit 100 ms");
        assert_eq!(
            cpu.describe(Overrun::Cpu(MS(120)), "move", Some(MS(1000))),
            "used 120 ms of CPU time, more than the 100 ms left of the 1000 ms bank"
        );
        let guard = cpu.describe(Overrun::Guard(MS(3)), "move", None);
        assert!(guard.starts_with("no move within 400 ms of wall-clock time"), "{guard}");
        let wall = Clock { cpu_since: None, ..cpu };
        assert_eq!(wall.describe(Overrun::Wall, "OK", None), "no OK within 100 ms");
    }
}
