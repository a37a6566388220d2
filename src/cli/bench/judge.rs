//! The judge's figures: the cost of a move, of a sandboxed start (on an idle machine and with
//! every CPU busy), of a game that ends before it begins, and games per second, each against its
//! baseline (see `docs/bench.md`).
//!
//! The bots are two small C programs compiled with the host's `cc` when the bench starts
//! (`bots/`): an instant connect4 player (the leftmost column that is not full) and an echo
//! program for the pipe floor.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, ensure, Context};

use super::{Bench, Figure};
use crate::games::settings::Settings;
use crate::games::GameId;
use crate::judge::launch::{LaunchSpec, Launcher};
use crate::judge::matches::{default_cpus, GamePlan, MatchSpec};
use crate::judge::result::{BotId, GameResult};
use crate::judge::sandbox::{SandboxConfig, SandboxLauncher};
use crate::judge::table::Watcher;
use crate::judge::{play_game, play_game_with, BotCommand, PlainLauncher};

pub const MOVE_OVERHEAD: &str = "move_overhead";
pub const SANDBOXED_START: &str = "sandboxed_start";
pub const BUSY_SANDBOXED_START: &str = "busy_sandboxed_start";
pub const DOUBLE_FORFEIT_GAME: &str = "double_forfeit_game";
pub const GAMES_PER_SECOND: &str = "games_per_second";
pub const THINK_TIME_UNDER_LOAD: &str = "think_time_under_load";

const CONNECT4_BOT: &str = include_str!("bots/connect4_instant.c");
const CONNECT4_WORKER: &str = include_str!("bots/connect4_worker.c");
/// What the compile loop of `think_time_under_load` compiles: about a second of `g++` (the
/// whole standard library's headers, as a student's `bits/stdc++.h` brings in).
const COMPILE_LOAD: &str = "#include <bits/stdc++.h>\nint main() { std::map<int, std::string> m; \
                            std::regex r(\"a+\"); return int(m.size()) + std::regex_match(\"a\", r); }\n";
/// The same for a machine with a C compiler only.
const COMPILE_LOAD_C: &str =
    "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <math.h>\n\
                              int main(void) { return (int)strlen(\"x\") + (int)sqrt(4.0) + abs(-1); }\n";
const ECHO: &str = include_str!("bots/echo.c");

/// What the judge's figures share: the launchers, the compiled bots, the cores.
pub struct Kit {
    /// The sandbox (or, with `--insecure` where it cannot be built, the plain launcher).
    pub sandbox: Box<dyn Launcher>,
    pub plain: PlainLauncher,
    /// Why the sandbox figures are not taken in the full sandbox, if they are not.
    pub note: Option<String>,
    /// The two cores the bots of a game are pinned to (the same one twice on a single core).
    pub cpus: [usize; 2],
    connect4: PathBuf,
    /// The connect4 bot that computes a fixed amount per move.
    worker: PathBuf,
    echo: PathBuf,
    /// An empty directory, the workdir of `/bin/true`.
    empty: PathBuf,
    _dir: tempfile::TempDir,
}

impl Kit {
    pub fn new(insecure: bool) -> anyhow::Result<Kit> {
        let (sandbox, note): (Box<dyn Launcher>, Option<String>) =
            match SandboxLauncher::new(SandboxConfig::default()) {
                Ok(l) if l.fully_isolated() => (Box::new(l), None),
                Ok(l) => {
                    let off: Vec<&str> = l.protections().iter().filter(|p| !p.on).map(|p| p.name).collect();
                    if !insecure {
                        bail!(
                            "the sandbox cannot give full isolation here (off: {}); pass --insecure to \
                             measure it as it is",
                            off.join(", ")
                        );
                    }
                    (Box::new(l), Some(format!("sandbox protections off: {}", off.join(", "))))
                }
                Err(e) if insecure => (Box::new(PlainLauncher::new()), Some(format!("plain launcher: {e}"))),
                Err(e) => return Err(e).context("building the sandbox (--insecure measures without it)"),
            };
        let cpus = default_cpus().unwrap_or([0, 0]);
        let dir = tempfile::Builder::new().prefix("botarena-bench-").tempdir()?;
        let bots = dir.path().join("bots");
        let empty = dir.path().join("empty");
        std::fs::create_dir(&bots)?;
        std::fs::create_dir(&empty)?;
        let connect4 = compile_c(&bots, "connect4", CONNECT4_BOT)?;
        let worker = compile_c(&bots, "connect4_worker", CONNECT4_WORKER)?;
        let echo = compile_c(&bots, "echo", ECHO)?;
        Ok(Kit { sandbox, plain: PlainLauncher::new(), note, cpus, connect4, worker, echo, empty, _dir: dir })
    }

    /// The fixed-work connect4 bot (about 8 ms of CPU a move) on a board of `rows` rows.
    fn worker_bot(&self, rows: u32) -> BotCommand {
        BotCommand {
            label: "bench:connect4_worker".into(),
            program: self.worker.clone(),
            args: vec![rows.to_string(), "6000000".to_string()],
            workdir: self.worker.parent().expect("in bots/").to_path_buf(),
            ..Default::default()
        }
    }

    /// The instant connect4 bot on a board of `rows` rows.
    fn connect4_bot(&self, rows: u32) -> BotCommand {
        BotCommand {
            label: "bench:connect4".into(),
            program: self.connect4.clone(),
            args: vec![rows.to_string()],
            workdir: self.connect4.parent().expect("in bots/").to_path_buf(),
            ..Default::default()
        }
    }

    /// A bot that exits at once.
    fn quitter(&self) -> BotCommand {
        BotCommand {
            label: "bench:true".into(),
            program: PathBuf::from("/bin/true"),
            workdir: self.empty.clone(),
            ..Default::default()
        }
    }

    fn match_spec(&self, settings: &[&str], bots: [BotCommand; 2]) -> anyhow::Result<MatchSpec> {
        let settings = Settings::from_assignments(GameId::Connect4, settings.iter().copied())?;
        Ok(MatchSpec { game: GameId::Connect4, settings, bots, seed: 1, cpus: Some(self.cpus) })
    }

    /// A connect4 game between the instant bots on `rows` x `cols`, where nobody can win.
    fn full_board(&self, rows: u32, cols: u32) -> anyhow::Result<MatchSpec> {
        let r = format!("rows={rows}");
        let c = format!("cols={cols}");
        self.match_spec(&[&r, &c, "connect=20"], [self.connect4_bot(rows), self.connect4_bot(rows)])
    }

    /// `/bin/true` with a bot's limits, pinned like the first bot of a game.
    fn true_spec(&self) -> LaunchSpec {
        LaunchSpec {
            program: PathBuf::from("/bin/true"),
            workdir: self.empty.clone(),
            memory_mib: 64,
            max_processes: 16,
            max_file_bytes: 1 << 20,
            cpu: Some(self.cpus[0]),
            slot: 0,
            ..Default::default()
        }
    }

    /// One sandboxed start of `/bin/true`, to its reaped exit.
    fn sandboxed_true(&self) -> anyhow::Result<Duration> {
        let spec = self.true_spec();
        let t = Instant::now();
        let mut launched = self.sandbox.launch(&spec)?;
        let exit = launched.process.wait_timeout(Duration::from_secs(10))?;
        launched.process.kill_tree()?;
        let took = t.elapsed();
        ensure!(exit.is_some_and(|e| e.success()), "sandboxed /bin/true failed");
        Ok(took)
    }
}

/// Compiles `source` with the host's C compiler into `dir/name`.
fn compile_c(dir: &Path, name: &str, source: &str) -> anyhow::Result<PathBuf> {
    let src = dir.join(format!("{name}.c"));
    let exe = dir.join(name);
    std::fs::write(&src, source)?;
    let out = Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&exe)
        .arg(&src)
        .output()
        .context("running cc (the bench compiles its C bots with the host's C compiler)")?;
    ensure!(out.status.success(), "cc {name}.c: {}", String::from_utf8_lossy(&out.stderr));
    Ok(exe)
}

/// The plan of a match's first game, bot A first: the one game a bench measurement plays.
fn first_game(spec: &MatchSpec) -> GamePlan {
    GamePlan { index: 0, seats: [BotId::A, BotId::B], board: None, seed: spec.seed }
}

/// Plays one game and returns it with its wall time.
fn timed_game(spec: &MatchSpec, launcher: &dyn Launcher) -> (GameResult, Duration) {
    let plan = first_game(spec);
    let t = Instant::now();
    let (result, _log) = play_game(spec, &plan, launcher);
    (result, t.elapsed())
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn with_note(mut f: Figure, note: &Option<String>) -> Figure {
    f.note = note.clone();
    f
}

/// Checks that a bench game was played out, not forfeited.
fn played_out(r: &GameResult, moves: usize) -> anyhow::Result<()> {
    if let Some(f) = &r.forfeit {
        bail!("a bench bot forfeited: {} ({})", f.kind.as_str(), f.detail);
    }
    ensure!(r.moves.len() == moves, "expected {moves} moves, the game had {}", r.moves.len());
    Ok(())
}

/// An echo process on one core and a thread of ours on another, writing a line and reading it
/// back: the floor of any judge-to-bot-and-back exchange.
struct PipeFloor {
    stdin: std::process::ChildStdin,
    out: BufReader<std::process::ChildStdout>,
    process: Box<dyn crate::judge::launch::Process>,
}

impl PipeFloor {
    fn start(kit: &Kit) -> anyhow::Result<PipeFloor> {
        let spec = LaunchSpec {
            program: kit.echo.clone(),
            workdir: kit.empty.clone(),
            memory_mib: 64,
            max_processes: 4,
            max_file_bytes: 1 << 20,
            cpu: Some(kit.cpus[1]),
            ..Default::default()
        };
        let launched = kit.plain.launch(&spec)?;
        Ok(PipeFloor {
            stdin: launched.stdin,
            out: BufReader::new(launched.stdout),
            process: launched.process,
        })
    }

    /// Mean time of one round trip over `n`, from a thread pinned to `cpu`.
    fn round_trip(&mut self, n: usize, cpu: usize) -> anyhow::Result<Duration> {
        let (stdin, out) = (&mut self.stdin, &mut self.out);
        std::thread::scope(|s| {
            s.spawn(move || -> anyhow::Result<Duration> {
                let mut set = nix::sched::CpuSet::new();
                set.set(cpu)?;
                nix::sched::sched_setaffinity(nix::unistd::Pid::from_raw(0), &set)?;
                let mut line = String::new();
                let t = Instant::now();
                for _ in 0..n {
                    stdin.write_all(b"4\n")?;
                    line.clear();
                    out.read_line(&mut line)?;
                    ensure!(line == "4\n", "the echo program answered {line:?}");
                }
                Ok(t.elapsed() / n as u32)
            })
            .join()
            .map_err(|_| anyhow::anyhow!("the pipe thread panicked"))?
        })
    }
}

impl Drop for PipeFloor {
    fn drop(&mut self) {
        let _ = self.process.kill_tree();
    }
}

/// `move_overhead`: the cost of one move in a game between two instant C bots in the sandbox,
/// timed inside the game (from its first recorded move to its last, so starting and stopping
/// the bots are not in it), against one pipe round trip across cores.
pub fn move_overhead(b: &mut Bench) -> anyhow::Result<Figure> {
    let rounds = b.reps(15, 3);
    let kit = b.judge()?;
    let game = kit.full_board(20, 10)?;
    let mut floor = PipeFloor::start(kit)?;
    floor.round_trip(200, kit.cpus[0])?; // warm-up
    let (mut per_move, mut rtt) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        per_move.push(mean_move_time(&game, kit.sandbox.as_ref(), 200)?.as_secs_f64() * 1e6);
        rtt.push(floor.round_trip(500, kit.cpus[0])?.as_secs_f64() * 1e6);
    }
    let f = Figure::new(MOVE_OVERHEAD, median(per_move), "us/move", "pipe_round_trip", median(rtt));
    Ok(with_note(f, &kit.note))
}

/// Plays one game of `moves` moves and returns the mean time between two of its moves being
/// recorded: each such step is one bot prompted, its answer read and checked, the move
/// recorded. A difference of whole games' times would carry their starts' noise, which on a
/// busy machine is larger than all the moves of a game together.
fn mean_move_time(spec: &MatchSpec, launcher: &dyn Launcher, moves: usize) -> anyhow::Result<Duration> {
    let plan = first_game(spec);
    let (tx, rx) = std::sync::mpsc::channel();
    let (result, _log) = play_game_with(spec, &plan, launcher, |table| table.watch(Box::new(MoveClock(tx))));
    played_out(&result, moves)?;
    let times: Vec<Instant> = rx.try_iter().collect();
    ensure!(times.len() == moves, "the watcher saw {} of the game's {moves} moves", times.len());
    Ok((times[moves - 1] - times[0]) / (moves - 1) as u32)
}

/// Tells when each move of a game is recorded.
struct MoveClock(std::sync::mpsc::Sender<Instant>);

impl Watcher for MoveClock {
    fn moved(&mut self, _record: &serde_json::Value) {
        let _ = self.0.send(Instant::now());
    }
}

/// `sandboxed_start`: starting `/bin/true` in the sandbox and reaping it, against a plain
/// fork/exec and wait of it.
pub fn sandboxed_start(b: &mut Bench) -> anyhow::Result<Figure> {
    let n = b.reps(200, 20);
    let kit = b.judge()?;
    let (boxed, plain) = start_times(kit, n)?;
    let f = Figure::new(SANDBOXED_START, median(boxed), "ms", "plain_start", median(plain));
    Ok(with_note(f, &kit.note))
}

/// `busy_sandboxed_start`: `sandboxed_start` while every CPU runs a spinner at the lowest
/// priority (`SCHED_IDLE`, which gives way at once to any other process), as on a worker whose
/// bots compute on every core. What waits for the other CPUs (an RCU grace period, say) costs
/// little on an idle machine and shows here.
pub fn busy_sandboxed_start(b: &mut Bench) -> anyhow::Result<Figure> {
    let n = b.reps(200, 20);
    let kit = b.judge()?;
    let spinners = Spinners::start()?;
    let (boxed, plain) = start_times(kit, n)?;
    drop(spinners);
    let f = Figure::new(BUSY_SANDBOXED_START, median(boxed), "ms", "busy_plain_start", median(plain));
    Ok(with_note(f, &kit.note))
}

/// How long the latency figures leave the machine quiet before each sample: what the sample
/// before it left the sandbox to do once it was over (making up the pre-started instances,
/// removing cgroups, the kernel tearing down namespaces) is then done, and is not counted in
/// the next sample, whichever figure or baseline that is. `games_per_second` leaves no pause
/// and so counts all of it.
const SETTLE: Duration = Duration::from_millis(10);

/// `n` sandboxed and `n` plain starts of `/bin/true`, interleaved, in milliseconds, each after
/// the same pause.
fn start_times(kit: &Kit, n: usize) -> anyhow::Result<(Vec<f64>, Vec<f64>)> {
    kit.sandboxed_true()?; // warm-up
    let (mut boxed, mut plain) = (Vec::new(), Vec::new());
    for _ in 0..n {
        std::thread::sleep(SETTLE);
        let t = Instant::now();
        let status = Command::new("/bin/true").status()?;
        ensure!(status.success(), "/bin/true failed");
        plain.push(ms(t.elapsed()));
        std::thread::sleep(SETTLE);
        boxed.push(ms(kit.sandboxed_true()?));
    }
    Ok((boxed, plain))
}

/// One busy-looping thread per CPU, each pinned to its CPU at `SCHED_IDLE`; stopped when dropped.
struct Spinners {
    stop: Arc<AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Spinners {
    fn start() -> anyhow::Result<Spinners> {
        let stop = Arc::new(AtomicBool::new(false));
        let mut spinners = Spinners { stop: stop.clone(), threads: Vec::new() };
        let cpus = nix::sched::sched_getaffinity(nix::unistd::Pid::from_raw(0))?;
        for cpu in (0..nix::sched::CpuSet::count()).filter(|&c| cpus.is_set(c).unwrap_or(false)) {
            let stop = stop.clone();
            let (ready_tx, ready_rx) = std::sync::mpsc::channel();
            spinners.threads.push(std::thread::spawn(move || {
                let mut set = nix::sched::CpuSet::new();
                let pinned = set.set(cpu).is_ok()
                    && nix::sched::sched_setaffinity(nix::unistd::Pid::from_raw(0), &set).is_ok();
                let idle = crate::judge::threads::set_own_policy(libc::SCHED_IDLE).is_ok();
                let _ = ready_tx.send(pinned && idle);
                if !(pinned && idle) {
                    return;
                }
                while !stop.load(Ordering::Relaxed) {
                    std::hint::spin_loop();
                }
            }));
            ensure!(ready_rx.recv().unwrap_or(false), "could not start a SCHED_IDLE spinner on CPU {cpu}");
        }
        Ok(spinners)
    }
}

impl Drop for Spinners {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// `double_forfeit_game`: a connect4 game in which both bots exit at once (`/bin/true`),
/// against one sandboxed start of `/bin/true`.
pub fn double_forfeit_game(b: &mut Bench) -> anyhow::Result<Figure> {
    let n = b.reps(50, 5);
    let kit = b.judge()?;
    let spec = kit.match_spec(&[], [kit.quitter(), kit.quitter()])?;
    let (mut games, mut starts) = (Vec::new(), Vec::new());
    for _ in 0..n {
        std::thread::sleep(SETTLE);
        starts.push(ms(kit.sandboxed_true()?));
        std::thread::sleep(SETTLE);
        let (r, t) = timed_game(&spec, kit.sandbox.as_ref());
        ensure!(r.forfeit.is_some(), "a game of two exiting bots ended without a forfeit ({})", r.reason);
        games.push(ms(t));
    }
    let f = Figure::new(DOUBLE_FORFEIT_GAME, median(games), "ms", "sandboxed_start", median(starts));
    Ok(with_note(f, &kit.note))
}

/// How many games `games_per_second` plays back to back with one launcher before it pauses and
/// switches to the other.
const GAMES_PER_BLOCK: usize = 10;

/// `games_per_second`: connect4 games (9 x 9, four in a row) between the two instant bots, one
/// after the other, in the sandbox, against the same games with the plain launcher. The games
/// are played in blocks of [`GAMES_PER_BLOCK`] per launcher, alternated (both see the same
/// machine load) with a pause between blocks: within a block each game counts what the one
/// before it left the launcher to do, and none of it lands on the other launcher's games.
pub fn games_per_second(b: &mut Bench) -> anyhow::Result<Figure> {
    let n = b.reps(100, 6);
    let kit = b.judge()?;
    let spec = kit.match_spec(&[], [kit.connect4_bot(9), kit.connect4_bot(9)])?;
    let (mut boxed, mut plain) = (Duration::ZERO, Duration::ZERO);
    let block = |launcher: &dyn Launcher, n: usize| -> anyhow::Result<Duration> {
        std::thread::sleep(SETTLE);
        let mut total = Duration::ZERO;
        for _ in 0..n {
            let (r, t) = timed_game(&spec, launcher);
            ensure!(r.forfeit.is_none() && r.winner.is_some(), "a bench game ended with {}", r.reason);
            total += t;
        }
        Ok(total)
    };
    for start in (0..n).step_by(GAMES_PER_BLOCK) {
        let games = GAMES_PER_BLOCK.min(n - start);
        boxed += block(kit.sandbox.as_ref(), games)?;
        plain += block(&kit.plain, games)?;
    }
    let per_s = |total: Duration| n as f64 / total.as_secs_f64();
    let f = Figure::new(GAMES_PER_SECOND, per_s(boxed), "games/s", "plain_launcher", per_s(plain));
    Ok(with_note(f, &kit.note))
}

/// `think_time_under_load`: the think time per game (per bot, both bots alike) of a bot that
/// computes a fixed amount per move (about 8 ms of CPU; connect4 on a full 9 x 9 board, 40
/// and 41 moves) while a compile loop runs (`g++`, one compile after the other, as the compile
/// queue does during a burst of submissions), against the same game on the quiet machine; the
/// two alternate. Where the sandbox counts CPU time a move is charged the CPU time its bot used
/// (docs/settings.md), which others' work does not change; the wall time it took did.
pub fn think_time_under_load(b: &mut Bench) -> anyhow::Result<Figure> {
    let n = b.reps(5, 1);
    let kit = b.judge()?;
    let spec = kit.match_spec(&["rows=9", "cols=9", "connect=20"], [kit.worker_bot(9), kit.worker_bot(9)])?;
    // g++ where it is installed (a fresh machine may have only gcc's C compiler).
    let gxx = Command::new("g++").arg("--version").output().is_ok_and(|o| o.status.success());
    let (compiler, source) = if gxx { ("g++", "load.cpp") } else { ("cc", "load.c") };
    let source = kit._dir.path().join(source);
    std::fs::write(&source, if gxx { COMPILE_LOAD } else { COMPILE_LOAD_C })?;
    let think = |r: &GameResult| r.think_ms.values().sum::<u64>() as f64 / r.think_ms.len().max(1) as f64;
    let (mut loaded, mut quiet) = (Vec::new(), Vec::new());
    for _ in 0..n {
        let load = CompileLoop::start(compiler, &source)?;
        // The first compile is under way (its start is mostly reading headers).
        std::thread::sleep(Duration::from_millis(300));
        let (r, _) = timed_game(&spec, kit.sandbox.as_ref());
        drop(load);
        played_out(&r, 81)?;
        loaded.push(think(&r));
        std::thread::sleep(Duration::from_millis(200));
        let (r, _) = timed_game(&spec, kit.sandbox.as_ref());
        played_out(&r, 81)?;
        quiet.push(think(&r));
    }
    let mut f = Figure::new(THINK_TIME_UNDER_LOAD, median(loaded), "ms/game", "quiet_machine", median(quiet));
    f.note = match (&kit.note, gxx) {
        (Some(note), _) => Some(note.clone()),
        (None, false) => Some("no g++ here: the compile loop runs cc".to_string()),
        (None, true) => None,
    };
    Ok(f)
}

/// `compiler` compiling `source` again and again (in a process group of its own, killed when
/// dropped).
struct CompileLoop {
    child: std::process::Child,
}

impl CompileLoop {
    fn start(compiler: &str, source: &Path) -> anyhow::Result<CompileLoop> {
        use std::os::unix::process::CommandExt;
        let child = Command::new("sh")
            .arg("-c")
            .arg("while \"$0\" -O2 -c \"$1\" -o /dev/null; do :; done")
            .arg(compiler)
            .arg(source)
            .process_group(0)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .with_context(|| format!("starting the compile loop (sh, {compiler})"))?;
        let mut load = CompileLoop { child };
        // A loop that ends at once (no g++, a compile error) is no load: say why.
        std::thread::sleep(Duration::from_millis(100));
        if load.child.try_wait()?.is_some() {
            let mut why = String::new();
            if let Some(mut err) = load.child.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut err, &mut why);
            }
            bail!("the compile loop ({compiler}) ended at once: {}", why.trim());
        }
        Ok(load)
    }
}

impl Drop for CompileLoop {
    fn drop(&mut self) {
        let group = nix::unistd::Pid::from_raw(-(self.child.id() as i32));
        let _ = nix::sys::signal::kill(group, nix::sys::signal::Signal::SIGKILL);
        let _ = self.child.wait();
    }
}
