//! The one-process-per-move driver and the real-time driver, with real bot programs from
//! `tests/bots/fill/` and `tests/bots/line/`, on two tiny private games: "fill" (one-two-three's
//! input and output, but a move fills one free cell) and "line" (a small tron on a torus).
//! Also the match runner, on the "fill" game.

use botarena::games::settings::Settings;
use botarena::games::{GameId, IllegalMove, Outcome, ParseMoveError, Side, TurnGame};
use botarena::judge::matches::{run_match, MatchSpec, Progress};
use botarena::judge::per_move::{play_per_move_game, PerMoveProtocol};
use botarena::judge::realtime::{play_real_time_game, RealTimeGame};
use botarena::judge::result::{BotId, ForfeitKind, GameResult};
use botarena::judge::table::{Limits, Table};
use botarena::judge::{BotCommand, GameLog, PlainLauncher};
use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

// ---- the "fill" game -------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct Fill {
    rows: Vec<String>,
    turn: Side,
}

#[derive(Clone, Debug, PartialEq)]
struct Board(Vec<String>);

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.join("\n"))
    }
}

impl FromStr for Board {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let rows: Vec<String> = s.lines().map(str::to_string).collect();
        if rows.iter().any(|r| r.chars().any(|c| !"AB-".contains(c))) {
            return Err(ParseMoveError("cells are A, B or -".into()));
        }
        Ok(Board(rows))
    }
}

fn letter(side: Side) -> char {
    if side == Side::First {
        'A'
    } else {
        'B'
    }
}

impl TurnGame for Fill {
    type Move = Board;
    fn turn(&self) -> Side {
        self.turn
    }
    fn legal_moves(&self) -> Vec<Board> {
        Vec::new()
    }
    fn play(&mut self, mv: &Board) -> Result<(), IllegalMove> {
        let mut changed = 0;
        for (old, new) in self.rows.iter().zip(&mv.0) {
            for (o, n) in old.chars().zip(new.chars()) {
                if o != n {
                    if o != '-' || n != letter(self.turn) {
                        return Err(IllegalMove(format!("{o} became {n}")));
                    }
                    changed += 1;
                }
            }
        }
        if changed != 1 {
            return Err(IllegalMove(format!("{changed} cells changed")));
        }
        self.rows = mv.0.clone();
        self.turn = self.turn.other();
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        let all: String = self.rows.concat();
        if all.contains('-') {
            return None;
        }
        let a = all.chars().filter(|&c| c == 'A').count();
        let b = all.len() - a;
        let winner = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(Side::First),
            std::cmp::Ordering::Less => Some(Side::Second),
            std::cmp::Ordering::Equal => None,
        };
        Some(Outcome {
            winner,
            reason: botarena::games::OutcomeReason::BoardFull,
            score: Some([a.to_string(), b.to_string()]),
        })
    }
    fn record(mv: &Board) -> serde_json::Value {
        serde_json::json!(mv.0)
    }
}

struct FillProtocol;

impl PerMoveProtocol<Fill> for FillProtocol {
    fn input(&self, game: &Fill) -> String {
        let mut s = format!("{} {}\r\n", game.rows[0].len(), game.rows.len());
        for r in &game.rows {
            s.push_str(r);
            s.push_str("\r\n");
        }
        s.push(letter(game.turn));
        s.push_str("\r\n");
        s
    }
    fn shape(&self, game: &Fill) -> (usize, usize) {
        (game.rows.len(), game.rows[0].len())
    }
    fn forfeit_score(&self, game: &Fill, winner: Side) -> Option<[String; 2]> {
        let all = (game.rows.len() * game.rows[0].len()).to_string();
        Some(if winner == Side::First { [all, "0".into()] } else { ["0".into(), all] })
    }
}

fn new_fill(cols: usize, rows: usize) -> Fill {
    Fill { rows: vec!["-".repeat(cols); rows], turn: Side::First }
}

// ---- the "line" game ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq)]
enum Dir {
    PlusX,
    MinusX,
    PlusY,
    MinusY,
}

impl FromStr for Dir {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Ok(match s {
            "+X" => Dir::PlusX,
            "-X" => Dir::MinusX,
            "+Y" => Dir::PlusY,
            "-Y" => Dir::MinusY,
            _ => return Err(()),
        })
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dir::PlusX => "+X",
            Dir::MinusX => "-X",
            Dir::PlusY => "+Y",
            Dir::MinusY => "-Y",
        })
    }
}

struct Line {
    w: u32,
    h: u32,
    heads: [(u32, u32); 2],
    used: HashSet<(u32, u32)>,
}

impl Line {
    fn new(w: u32, h: u32) -> Line {
        Line { w, h, heads: [(0, 0), (1, 0)], used: HashSet::from([(0, 0), (1, 0)]) }
    }
}

impl RealTimeGame for Line {
    type Dir = Dir;
    fn default_dir(side: Side) -> Dir {
        if side == Side::First {
            Dir::MinusX
        } else {
            Dir::PlusX
        }
    }
    fn size(&self) -> (u32, u32) {
        (self.w, self.h)
    }
    fn heads(&self) -> [(u32, u32); 2] {
        self.heads
    }
    fn tick(&mut self, dirs: [Dir; 2]) -> Option<Outcome> {
        let mut crashed = [false; 2];
        for i in 0..2 {
            let (x, y) = self.heads[i];
            self.heads[i] = match dirs[i] {
                Dir::PlusX => ((x + 1) % self.w, y),
                Dir::MinusX => ((x + self.w - 1) % self.w, y),
                Dir::PlusY => (x, (y + 1) % self.h),
                Dir::MinusY => (x, (y + self.h - 1) % self.h),
            };
            crashed[i] = self.used.contains(&self.heads[i]);
        }
        self.used.extend(self.heads);
        let winner = match crashed {
            [false, false] => return None,
            [true, true] => None,
            [true, false] => Some(Side::Second),
            [false, true] => Some(Side::First),
        };
        Some(Outcome { winner, reason: botarena::games::OutcomeReason::Crash, score: None })
    }
}

// ---- helpers -----------------------------------------------------------------------------------

fn bot(file: &str) -> BotCommand {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bots").join(file);
    let (program, args) = match path.extension().and_then(|e| e.to_str()) {
        Some("py") => (PathBuf::from("/usr/bin/python3"), vec![path.display().to_string()]),
        Some("sh") => (PathBuf::from("/bin/sh"), vec![path.display().to_string()]),
        _ => panic!("unknown bot kind {file}"),
    };
    BotCommand { label: file.to_string(), program, args, workdir: std::env::temp_dir(), ..Default::default() }
}

fn limits() -> Limits {
    Limits {
        start: Duration::from_millis(1500),
        per_move: Duration::from_millis(1500),
        bank: None,
        memory_mib: 128,
    }
}

fn fill_game(a: &str, b: &str, cols: usize, rows: usize) -> (GameResult, GameLog) {
    let launcher = PlainLauncher::new();
    let mut table =
        Table::new(&launcher, limits(), "fill test", [(BotId::A, bot(a), None), (BotId::B, bot(b), None)]);
    let ending = play_per_move_game(&mut table, &FillProtocol, new_fill(cols, rows));
    let result = table.result(0, ending);
    (result, std::mem::take(&mut table.log))
}

fn line_game(a: &str, b: &str) -> (GameResult, GameLog) {
    let launcher = PlainLauncher::new();
    let mut table =
        Table::new(&launcher, limits(), "line test", [(BotId::A, bot(a), None), (BotId::B, bot(b), None)]);
    let ending = play_real_time_game(
        &mut table,
        Line::new(4, 4),
        Duration::from_millis(100),
        Duration::from_millis(1000),
    );
    let result = table.result(0, ending);
    (result, std::mem::take(&mut table.log))
}

fn assert_forfeit(r: &(GameResult, GameLog), bot: BotId, kind: ForfeitKind, detail: &str) {
    let (result, log) = r;
    let f = result.forfeit.as_ref().unwrap_or_else(|| panic!("no forfeit:\n{}", log.to_text()));
    assert_eq!((f.bot, f.kind), (bot, kind), "{}", log.to_text());
    assert!(f.detail.contains(detail), "detail {:?} lacks {detail:?}\n{}", f.detail, log.to_text());
}

// ---- one process per move -------------------------------------------------------------------

#[test]
fn a_per_move_game_runs_a_fresh_process_per_move_and_accepts_cr_lf_and_trailing_blank_lines() {
    let (result, log) = fill_game("fill/fill_first.py", "fill/fill_first.py", 3, 3);
    assert_eq!(result.forfeit, None, "{}", log.to_text());
    assert_eq!(result.moves.len(), 9);
    assert_eq!(result.moves[0], serde_json::json!(["A--", "---", "---"]));
    assert_eq!(result.winner, Some(BotId::A));
    assert_eq!(result.score, Some([serde_json::json!(5), serde_json::json!(4)]));
    assert!(log.to_text().contains("a < 3 3"));
}

#[test]
fn printing_error_on_a_valid_position_is_bad_output_with_the_reason() {
    let r = fill_game("fill/fill_first.py", "fill/error.py", 3, 3);
    assert_forfeit(&r, BotId::B, ForfeitKind::BadOutput, "I do not like this board");
    // A forfeit is scored N*M to 0 for the opponent.
    assert_eq!(r.0.score, Some([serde_json::json!(9), serde_json::json!(0)]));
}

#[test]
fn a_per_move_bot_over_the_time_limit_forfeits_with_move_timeout() {
    let r = fill_game("fill/slow.sh", "fill/fill_first.py", 3, 3);
    assert_forfeit(&r, BotId::A, ForfeitKind::MoveTimeout, "still running after 1500 ms");
}

#[test]
fn extra_output_after_the_board_is_bad_output() {
    let r = fill_game("fill/extra.py", "fill/fill_first.py", 4, 3);
    assert_forfeit(&r, BotId::A, ForfeitKind::BadOutput, "expected 3 lines of 4 characters, got 4 lines");
}

#[test]
fn a_per_move_bot_that_crashes_after_printing_forfeits_with_exited() {
    let r = fill_game("fill/fill_first.py", "fill/crash.py", 3, 3);
    assert_forfeit(&r, BotId::B, ForfeitKind::Exited, "exit code 4");
}

// ---- real time ---------------------------------------------------------------------------------

#[test]
fn a_real_time_game_ticks_until_a_crash_and_answers_ping_with_pong() {
    let (result, log) = line_game("line/good.py", "line/good.py");
    assert_eq!(result.forfeit, None, "{}", log.to_text());
    assert_eq!(result.reason, "crash");
    assert!(!result.moves.is_empty());
    let text = log.to_text();
    for needle in ["a < 1", "b < 2", "a > good_1", "a < PELI 4 4 100", "a > PING", "a < PONG", "a < LOPPU"] {
        assert!(text.contains(needle), "{needle:?} missing:\n{text}");
    }
    // Both went up (+Y) from (0,0) and (1,0): the first tick is (0,1) and (1,1).
    assert_eq!(result.moves[0], serde_json::json!([[0, 1], [1, 1]]), "{text}");
    assert!(text.contains("SIIRTO 1 0 1") && text.contains("SIIRTO 2 1 1"));
}

#[test]
fn a_bad_name_is_bad_output() {
    let r = line_game("line/good.py", "line/bad_name.sh");
    assert_forfeit(&r, BotId::B, ForfeitKind::BadOutput, "bad name \"a name with spaces\"");
}

#[test]
fn no_name_in_time_is_start_timeout() {
    let r = line_game("line/silent.sh", "line/good.py");
    assert_forfeit(&r, BotId::A, ForfeitKind::StartTimeout, "no name within 1500 ms");
}

#[test]
fn a_line_that_is_not_a_direction_is_bad_output() {
    let r = line_game("line/garbage.sh", "line/good.py");
    assert_forfeit(&r, BotId::A, ForfeitKind::BadOutput, "\"left please\"");
}

// ---- matches -----------------------------------------------------------------------------------

#[test]
fn a_match_swaps_sides_and_sums_up_the_games() {
    let settings = Settings::from_assignments(GameId::OneTwoThree, ["boards=3x3,4x3"]).unwrap();
    let spec = MatchSpec {
        game: GameId::OneTwoThree,
        settings,
        bots: [bot("fill/fill_first.py"), bot("fill/error.py")],
        seed: 1,
        cpus: None,
    };
    let launcher = PlainLauncher::new();
    let mut events = Vec::new();
    let (result, logs) = run_match(&spec, &mut |p| events.push(p), |plan| {
        let b = plan.board.unwrap();
        let seats = plan.seats.map(|id| (id, spec.bot(id).clone(), spec.cpu(id)));
        let mut table = Table::new(&launcher, limits(), "m", seats);
        let game = new_fill(b.width as usize, b.height as usize);
        let ending = play_per_move_game(&mut table, &FillProtocol, game);
        (table.result(plan.index, ending), std::mem::take(&mut table.log))
    });
    assert_eq!(result.games.len(), 4);
    assert_eq!(logs.len(), 4);
    assert_eq!(result.games[1].seats, [BotId::B, BotId::A]);
    assert!(result.games.iter().all(|g| g.winner == Some(BotId::A)));
    assert_eq!(result.summary.points[&BotId::A], 3);
    assert_eq!(events.len(), 8);
    assert!(matches!(events[7], Progress::GameFinished { index: 3, total: 4, .. }));
    let json = serde_json::to_value(&result).unwrap();
    assert_eq!(json["games"][0]["forfeit"]["kind"], "bad_output");
    assert_eq!(json["match"]["wins"]["a"], 4);
}

#[test]
fn a_named_bot_may_announce_its_direction_and_ping_while_the_other_is_still_naming_itself() {
    let (result, log) = line_game("line/eager.sh", "line/slow_name.sh");
    assert_eq!(result.forfeit, None, "{}", log.to_text());
    let text = log.to_text();
    assert!(text.contains("a < PONG"), "{text}");
    // (0,0) going +Y and (1,0) going -Y on a 4x4 torus.
    assert_eq!(result.moves[0], serde_json::json!([[0, 1], [1, 3]]), "{text}");
}

#[test]
fn the_real_time_transcript_keeps_debug_output_private() {
    let (_, log) = line_game("line/good.py", "line/eager.sh");
    assert!(log.to_text_for(Some(BotId::A)).contains("DEBUG got PELI"));
    assert!(!log.to_text_for(Some(BotId::B)).contains("DEBUG got PELI"));
}

#[test]
fn a_table_dropped_in_the_middle_of_a_game_kills_its_bots() {
    let launcher = PlainLauncher::new();
    let pid = {
        let mut table = Table::new(
            &launcher,
            limits(),
            "drop test",
            [(BotId::A, bot("line/silent.sh"), None), (BotId::B, bot("line/silent.sh"), None)],
        );
        table.launch(Side::First, &[]).unwrap();
        table.running(Side::First).unwrap().process.pid()
        // The table goes out of scope here, as it would when a driver panics.
    };
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    assert!(stat.is_empty(), "bot {pid} survived its table: {stat}");
}
