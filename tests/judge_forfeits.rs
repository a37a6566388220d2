//! Every forfeit kind of the persistent turn-based driver, with real bot programs (Python, shell,
//! C) from `tests/bots/count/`, on a tiny private game: "count", where players alternately add
//! 1, 2 or 3 to a total and whoever reaches the target wins. Its protocol is checkers' (`START
//! p` / `OK`, `PLACE k`, `TURN`, `END r`), so the driver code is exactly the one real games use.

use botarena::games::{IllegalMove, Outcome, ParseMoveError, Side, TurnGame};
use botarena::judge::result::{BotId, ForfeitKind, GameResult};
use botarena::judge::table::{Limits, Table};
use botarena::judge::turn::{play_turn_game, Personal, TurnProtocol};
use botarena::judge::{BotCommand, GameLog, PlainLauncher};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

#[derive(Clone, Debug)]
struct Count {
    total: u32,
    target: u32,
    turn: Side,
    last: Option<Side>,
}

#[derive(Clone, Debug, PartialEq)]
struct Step(u32);

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Step {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(Step).map_err(|_| ParseMoveError(format!("{s:?} is not a number")))
    }
}

impl TurnGame for Count {
    type Move = Step;
    fn turn(&self) -> Side {
        self.turn
    }
    fn legal_moves(&self) -> Vec<Step> {
        (1..=3).map(Step).collect()
    }
    fn play(&mut self, mv: &Step) -> Result<(), IllegalMove> {
        if !(1..=3).contains(&mv.0) {
            return Err(IllegalMove(format!("a step of {} (steps are 1 to 3)", mv.0)));
        }
        self.total += mv.0;
        self.last = Some(self.turn);
        self.turn = self.turn.other();
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        // The last mover took the total to the target: the other side has no move left.
        (self.total >= self.target).then_some(Outcome {
            winner: self.last,
            reason: botarena::games::OutcomeReason::NoMoves,
            score: None,
        })
    }
}

struct CountProtocol;

impl TurnProtocol<Count> for CountProtocol {
    fn start(&self, side: Side) -> Option<String> {
        Some(format!("START {}", side.number()))
    }
    fn forward(&self, mv: &Step) -> String {
        format!("PLACE {mv}")
    }
    fn turn(&self) -> Option<String> {
        Some("TURN".into())
    }
    fn end(&self, result: Personal) -> String {
        let code = match result {
            Personal::Draw => 0,
            Personal::Won => 1,
            Personal::Lost => 2,
        };
        format!("END {code}")
    }
}

fn bots_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bots/count")
}

/// A command running one of the test bots: `.py` with python3, `.sh` with sh, `.c` compiled.
fn bot(file: &str) -> BotCommand {
    let path = bots_dir().join(file);
    let (program, args) = match path.extension().and_then(|e| e.to_str()) {
        Some("py") => (PathBuf::from("/usr/bin/python3"), vec![path.display().to_string()]),
        Some("sh") => (PathBuf::from("/bin/sh"), vec![path.display().to_string()]),
        Some("c") => (compile_c(&path), vec![]),
        _ => panic!("unknown bot kind {file}"),
    };
    BotCommand { label: file.to_string(), program, args, workdir: std::env::temp_dir(), ..Default::default() }
}

fn compile_c(source: &Path) -> PathBuf {
    let dir = tempfile::tempdir().unwrap().keep();
    let exe = dir.join(source.file_stem().unwrap());
    let status =
        std::process::Command::new("cc").arg("-O2").arg("-o").arg(&exe).arg(source).status().expect("run cc");
    assert!(status.success(), "cc failed on {}", source.display());
    exe
}

fn limits() -> Limits {
    Limits {
        start: Duration::from_millis(1500),
        per_move: Duration::from_millis(1500),
        bank: None,
        memory_mib: 64,
    }
}

/// Plays one game of "count" to `target` between bot `a` (first) and bot `b`.
fn play_with(a: &str, b: &str, limits: Limits, target: u32) -> (GameResult, GameLog) {
    let launcher = PlainLauncher::new();
    let mut table =
        Table::new(&launcher, limits, "count test", [(BotId::A, bot(a), None), (BotId::B, bot(b), None)]);
    let game = Count { total: 0, target, turn: Side::First, last: None };
    let ending = play_turn_game(&mut table, &CountProtocol, game);
    let result = table.result(0, ending);
    let log = std::mem::take(&mut table.log);
    (result, log)
}

fn play(a: &str, b: &str) -> (GameResult, GameLog) {
    play_with(a, b, limits(), 10)
}

/// Asserts that `bot` forfeited with `kind` and a detail containing `detail`.
fn assert_forfeit(r: &(GameResult, GameLog), bot: BotId, kind: ForfeitKind, detail: &str) {
    let (result, log) = r;
    let f = result.forfeit.as_ref().unwrap_or_else(|| panic!("no forfeit:\n{}", log.to_text()));
    assert_eq!((f.bot, f.kind), (bot, kind), "{}", log.to_text());
    assert!(f.detail.contains(detail), "detail {:?} lacks {detail:?}\n{}", f.detail, log.to_text());
    assert_eq!(result.winner, Some(bot.other()));
    assert_eq!(result.reason, "forfeit");
}

#[test]
fn two_good_bots_play_to_the_end_and_the_log_has_every_line() {
    let (result, log) = play("good.py", "good.sh");
    assert_eq!(result.forfeit, None, "{}", log.to_text());
    assert_eq!(result.reason, "no_moves");
    // 1 + 2 + 1 + 2 + 1 + 2 + 1 = 10: the fourth move of `a` reaches the target.
    assert_eq!(result.winner, Some(BotId::A));
    assert_eq!(result.moves.len(), 7);
    let text = log.to_text();
    for needle in ["a < START 1", "b < START 2", "a > OK", "b < PLACE 1", "a < END 1", "b < END 2"] {
        assert!(text.contains(needle), "{needle:?} missing:\n{text}");
    }
    assert!(result.peak_memory_kib[&BotId::A].is_some());
}

#[test]
fn lines_ending_in_cr_lf_are_accepted() {
    let (result, log) = play("crlf.sh", "good.py");
    assert_eq!(result.forfeit, None, "{}", log.to_text());
    assert!(log.to_text().contains("a DEBUG my move"));
}

#[test]
fn a_bot_that_sleeps_at_start_forfeits_with_start_timeout() {
    let r = play("good.py", "sleepy_start.sh");
    assert_forfeit(&r, BotId::B, ForfeitKind::StartTimeout, "no OK within 1500 ms");
}

#[test]
fn a_bot_that_thinks_too_long_forfeits_with_move_timeout() {
    let r = play("slow_move.py", "good.py");
    assert_forfeit(&r, BotId::A, ForfeitKind::MoveTimeout, "no move within 1500 ms");
}

#[test]
fn a_bot_whose_slow_legal_moves_exceed_the_bank_forfeits_with_time_bank() {
    let limits = Limits { bank: Some(Duration::from_millis(1000)), ..limits() };
    let r = play_with("bank.py", "good.py", limits, 30);
    assert_forfeit(&r, BotId::A, ForfeitKind::TimeBank, "1000 ms bank");
    assert!(r.0.moves.len() >= 4, "a few moves fit in the bank");
    assert!(r.0.think_ms[&BotId::A] >= 600);
}

#[test]
fn a_bot_that_prints_garbage_forfeits_with_bad_output() {
    let r = play("garbage.sh", "good.py");
    assert_forfeit(&r, BotId::A, ForfeitKind::BadOutput, "\"hello world\"");
}

#[test]
fn a_bot_that_plays_an_illegal_move_forfeits_with_illegal_move() {
    let r = play("good.py", "illegal.py");
    assert_forfeit(&r, BotId::B, ForfeitKind::IllegalMove, "\"7\": illegal move: a step of 7");
    assert_eq!(r.0.moves.len(), 1, "the forfeited move is not recorded");
}

#[test]
fn a_bot_that_prints_twice_forfeits_with_unexpected_output() {
    let r = play("twice.c", "good.py");
    assert_forfeit(&r, BotId::A, ForfeitKind::UnexpectedOutput, "\"1\"");
}

#[test]
fn a_bot_that_talks_while_the_opponent_thinks_forfeits_with_unexpected_output() {
    let r = play("thinker.py", "idle_chatter.sh");
    // `b` answers its first TURN, then prints another move while `a` thinks: caught at once,
    // before `a` answers.
    assert_forfeit(&r, BotId::B, ForfeitKind::UnexpectedOutput, "\"1\"");
    assert_eq!(r.0.moves.len(), 2);
}

#[test]
fn a_bot_that_exits_early_forfeits_with_exited_and_its_status() {
    let r = play("early_exit.sh", "good.py");
    assert_forfeit(&r, BotId::A, ForfeitKind::Exited, "exit code 3");
}

#[test]
fn a_bot_that_prints_a_huge_line_forfeits_with_output_limit() {
    let r = play("good.py", "flood.c");
    assert_forfeit(&r, BotId::B, ForfeitKind::OutputLimit, "a line of more than 1 MiB");
}

#[test]
fn a_python_bot_that_hoards_memory_forfeits_with_memory_limit() {
    let r = play("memhog.py", "good.py");
    assert_forfeit(&r, BotId::A, ForfeitKind::MemoryLimit, "limit 64 MiB");
}

#[test]
fn a_c_bot_that_touches_too_much_memory_forfeits_with_memory_limit() {
    let r = play("good.py", "memhog.c");
    assert_forfeit(&r, BotId::B, ForfeitKind::MemoryLimit, "limit 64 MiB");
}

#[test]
fn debug_output_and_stderr_are_logged_up_to_their_caps_without_a_forfeit() {
    let (result, log) = play("chatty.py", "good.py");
    assert_eq!(result.forfeit, None, "{}", log.to_text());
    let (debug, stderr) = log.capped_bytes(BotId::A);
    assert_eq!(debug, 32 * 1024);
    assert_eq!(stderr, 32 * 1024);
    let first_debug = log.entries.iter().find(|e| e.channel == botarena::judge::log::Channel::Debug).unwrap();
    assert_eq!(first_debug.text.len(), 16 * 1024, "one message is cut at 16 KiB");
    let for_b = log.to_text_for(Some(BotId::B));
    assert!(!for_b.contains("thinking") && !for_b.contains("stderr noise"));
    assert!(log.to_text_for(Some(BotId::A)).contains("stderr noise"));
}

#[test]
fn a_missing_program_forfeits_with_exited() {
    let launcher = PlainLauncher::new();
    let missing =
        BotCommand { label: "missing".into(), program: "/nonexistent/bot".into(), ..Default::default() };
    let mut table =
        Table::new(&launcher, limits(), "t", [(BotId::A, missing, None), (BotId::B, bot("good.py"), None)]);
    let game = Count { total: 0, target: 10, turn: Side::First, last: None };
    let ending = play_turn_game(&mut table, &CountProtocol, game);
    let result = table.result(0, ending);
    let f = result.forfeit.unwrap();
    assert_eq!((f.bot, f.kind), (BotId::A, ForfeitKind::Exited));
    assert!(f.detail.contains("could not be started"), "{}", f.detail);
}

#[test]
fn a_bot_that_exits_right_after_its_winning_move_still_wins() {
    let (result, log) = play_with("win_exit.sh", "good.py", limits(), 3);
    assert_eq!(result.forfeit, None, "{}", log.to_text());
    assert_eq!(result.winner, Some(BotId::A));
}

#[test]
fn think_time_counts_only_from_the_prompt_to_the_answer() {
    let (result, log) = play("thinker.py", "good.py");
    assert_eq!(result.forfeit, None, "{}", log.to_text());
    // Four moves of `a` at 0.8 s each; `b` answers at once.
    let (a, b) = (result.think_ms[&BotId::A], result.think_ms[&BotId::B]);
    assert!((3200..5000).contains(&a), "a thought {a} ms");
    assert!(b < 1500, "b thought {b} ms");
}

#[test]
fn a_bot_that_floods_standard_error_forfeits_with_output_limit() {
    let r = play("stderr_flood.c", "good.py");
    assert_forfeit(&r, BotId::A, ForfeitKind::OutputLimit, "more than 64 MiB of output");
    // One endless line of standard error: logged once, cut at 16 KiB.
    assert_eq!(r.1.capped_bytes(BotId::A).1, 16 * 1024);
}

#[test]
fn a_bot_that_closes_its_output_but_keeps_running_forfeits_with_exited() {
    let r = play("close_stdout.py", "good.py");
    assert_forfeit(&r, BotId::A, ForfeitKind::Exited, "closed its standard output");
}

// ---- CPU time, in the sandbox ------------------------------------------------------------------

/// The sandbox launcher, where this machine counts each launch's CPU time (root, cgroups);
/// None (said why) elsewhere.
fn cpu_counting_launcher() -> Option<botarena::judge::sandbox::SandboxLauncher> {
    use botarena::judge::sandbox::{SandboxConfig, SandboxLauncher};
    let config =
        SandboxConfig { helper: PathBuf::from(env!("CARGO_BIN_EXE_botarena")), ..Default::default() };
    match SandboxLauncher::new(config) {
        Ok(l) if l.counts_cpu_time() => Some(l),
        Ok(_) => {
            eprintln!("skipped: the sandbox does not count CPU time here (not root, no cgroups)");
            None
        }
        Err(e) => {
            eprintln!("skipped: no sandbox here: {e}");
            None
        }
    }
}

/// Plays count to 10 in the sandbox with a move time of 100 ms: bot `a` (a script of
/// tests/bots/count, copied into a directory of its own, as a submission's) against good.py.
fn play_sandboxed(launcher: &dyn botarena::judge::launch::Launcher, a: &str) -> (GameResult, GameLog) {
    let dir = tempfile::tempdir().unwrap();
    let command = |file: &str| {
        let copy = dir.path().join(file);
        std::fs::copy(bots_dir().join(file), &copy).unwrap();
        BotCommand {
            label: file.to_string(),
            program: PathBuf::from("/usr/bin/python3"),
            args: vec![copy.display().to_string()],
            workdir: dir.path().to_path_buf(),
            ..Default::default()
        }
    };
    let limits = Limits { per_move: Duration::from_millis(100), ..limits() };
    let seats = [(BotId::A, command(a), None), (BotId::B, command("good.py"), None)];
    let mut table = Table::new(launcher, limits, "count in the sandbox", seats);
    let game = Count { total: 0, target: 10, turn: Side::First, last: None };
    let ending = play_turn_game(&mut table, &CountProtocol, game);
    let result = table.result(0, ending);
    let log = std::mem::take(&mut table.log);
    (result, log)
}

#[test]
fn in_the_sandbox_a_move_is_charged_its_cpu_time_and_the_wall_clock_only_guards() {
    let Some(launcher) = cpu_counting_launcher() else { return };
    // Sleeps 150 ms a move under a move time of 100 ms: by the wall clock it would forfeit at
    // its first move; it uses almost no CPU, and 150 ms is within the 400 ms guard.
    let (result, log) = play_sandboxed(&launcher, "napper.py");
    assert_eq!(result.forfeit, None, "{}", log.to_text());
    let moves = result.moves.len().div_ceil(2) as u64;
    assert!(
        result.think_ms[&BotId::A] < 150 * moves,
        "charged {} ms for {moves} moves of 150 ms asleep: the wall time, not the CPU time",
        result.think_ms[&BotId::A]
    );
    // Computes 2 s of CPU: over its 100 ms, the usual forfeit.
    let r = play_sandboxed(&launcher, "burner.py");
    assert_forfeit(&r, BotId::A, ForfeitKind::MoveTimeout, "ms of CPU time");
    // Sleeps 10 s: no CPU used, but the wall-clock guard ends its turn, same forfeit.
    let r = play_sandboxed(&launcher, "slow_move.py");
    assert_forfeit(&r, BotId::A, ForfeitKind::MoveTimeout, "400 ms of wall-clock time");
}
