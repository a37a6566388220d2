//! The one-two-three validity tests (`docs/games/one-two-three.md`, "Validity tests"): the source
//! contest scored every bot on a set of inputs, valid and invalid. On a valid input the output
//! must be a legal move; on an invalid one its first line must be `error`. The platform runs the
//! set on every new submission of the game and shows the pass rate.

use super::launch::{LaunchSpec, Launcher};
use super::table::{BotCommand, Clock, Overrun};
use crate::games::one_two_three::{bot_input, letter, parse_position, Grid, OneTwoThree, Refusal};
use crate::games::{IllegalMove, ParseMoveError, Side, TurnGame};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::io::{Read, Write};
use std::time::{Duration, Instant};

/// The answer read from a bot is capped: a board is at most 20 lines of 20 cells.
const OUTPUT_CAP: u64 = 64 * 1024;

/// One input of the test set, and whether the spec calls it valid.
#[derive(Clone, Debug)]
pub struct Case {
    pub input: String,
    pub valid: bool,
    /// What the case is about, for the report.
    pub what: CaseKind,
}

/// What a case of the test set is about. Its `Display` is the English the report has always
/// stored (`failures`, the API's); the web says it in the reader's language from the typed form
/// stored beside it (`failure_codes`), so the serde form is kept stable.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CaseKind {
    /// The statement's first example: a 4x3 board with A's three-cell diagonal, B to move.
    FirstExample,
    /// The statement's second example: a 5x3 board with two free cells far apart, B to move.
    SecondExample,
    /// A position reached by random play: `percent` of the board filled, `mover` to move.
    Board { cols: u32, rows: u32, percent: u32, mover: Side },
    /// An input that breaks one rule of the format.
    Invalid(InvalidInput),
    /// Lowercase letters on a board of random size.
    Lowercase,
}

/// The rule of the input format an invalid case breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InvalidInput {
    TooSmall,
    Words,
    TooManyColumns,
    TooManyRows,
    BadCharacter,
    RowTooShort,
    RowTooLong,
    BadMover,
    FullBoard,
    NoMover,
    TooFewRows,
    BadSize,
}

impl InvalidInput {
    pub const ALL: [InvalidInput; 12] = [
        InvalidInput::TooSmall,
        InvalidInput::Words,
        InvalidInput::TooManyColumns,
        InvalidInput::TooManyRows,
        InvalidInput::BadCharacter,
        InvalidInput::RowTooShort,
        InvalidInput::RowTooLong,
        InvalidInput::BadMover,
        InvalidInput::FullBoard,
        InvalidInput::NoMover,
        InvalidInput::TooFewRows,
        InvalidInput::BadSize,
    ];
}

impl fmt::Display for CaseKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseKind::FirstExample => f.write_str(
                "a 4x3 board with A's three-cell diagonal, B to move (the statement's first example)",
            ),
            CaseKind::SecondExample => f.write_str(
                "a 5x3 board with two free cells far apart, B to move (the statement's second example)",
            ),
            CaseKind::Board { cols, rows, percent, mover } => {
                write!(f, "a {cols}x{rows} board {percent}% filled, {} to move", letter(Some(*mover)))
            }
            CaseKind::Invalid(kind) => f.write_str(match kind {
                InvalidInput::TooSmall => "a 2x2 board (smaller than 3x3)",
                InvalidInput::Words => "words instead of a board",
                InvalidInput::TooManyColumns => "21 columns (more than 20)",
                InvalidInput::TooManyRows => "21 rows (more than 20)",
                InvalidInput::BadCharacter => "a character other than A, B and -",
                InvalidInput::RowTooShort => "a row too short",
                InvalidInput::RowTooLong => "a row too long",
                InvalidInput::BadMover => "a mover other than A or B",
                InvalidInput::FullBoard => "a full board",
                InvalidInput::NoMover => "no mover line",
                InvalidInput::TooFewRows => "too few rows",
                InvalidInput::BadSize => "a size that is not two numbers",
            }),
            CaseKind::Lowercase => f.write_str("a lowercase letter on the board"),
        }
    }
}

/// Why a case failed. Its `Display` is the English the report has always stored; the typed
/// form is stored beside it (see [`CaseKind`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    /// An invalid input answered with something other than `error`: its first line (clipped),
    /// `None` for no output at all.
    ExpectedError { got: Option<String> },
    /// A valid case that the input check refuses (a bug of the set, not of the bot).
    BadCase { detail: String },
    /// `error` answered to a valid position.
    ErrorOnValid,
    /// No board in the output (only blank lines, or nothing).
    NoBoard,
    /// An answer that does not read as a board; `detail` is the parse error's English.
    NotABoard { detail: String },
    /// A board that no legal move explains.
    Illegal(Refusal),
    /// The program could not be started; `detail` is the system's English.
    NotStarted { detail: String },
    /// Killed for using this much CPU time, more than the limit.
    Cpu { ms: u64 },
    /// Killed by the wall-clock guard, this long after its start.
    StillRunning { ms: u64 },
    /// Went over the memory limit.
    Memory { mib: u64 },
    /// Answered, but was charged more than the limit (`cpu`: charged by CPU time, else by the
    /// wall clock).
    OverTime { cpu: bool, ms: u64, limit_ms: u64 },
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::ExpectedError { got: Some(got) } => {
                write!(f, "expected `error` for an invalid input, got `{got}`")
            }
            Why::ExpectedError { got: None } => {
                f.write_str("expected `error` for an invalid input, got nothing")
            }
            Why::BadCase { detail } => write!(f, "bad test case: {detail}"),
            Why::ErrorOnValid => f.write_str(
                "answered `error`, but this position is valid: the answer must be the board after a move",
            ),
            Why::NoBoard => write!(f, "not a board: {}", no_board()),
            Why::NotABoard { detail } => write!(f, "not a board: {detail}"),
            Why::Illegal(refusal) => write!(f, "not a legal move: {}", IllegalMove(refusal.to_string())),
            Why::NotStarted { detail } => write!(f, "could not be started: {detail}"),
            Why::Cpu { ms } => write!(f, "used {ms} ms of CPU time"),
            Why::StillRunning { ms } => write!(f, "still running after {ms} ms"),
            Why::Memory { mib } => write!(f, "went over {mib} MiB"),
            Why::OverTime { cpu: true, ms, limit_ms } => {
                write!(f, "used {ms} ms of CPU time, limit {limit_ms} ms")
            }
            Why::OverTime { cpu: false, ms, limit_ms } => write!(f, "took {ms} ms, limit {limit_ms} ms"),
        }
    }
}

/// What the board parser says of an answer without a board.
fn no_board() -> ParseMoveError {
    "".parse::<Grid>().expect_err("an empty answer is no board")
}

/// The fixed test set: positions reached by random play on boards of every shape the spec
/// allows (including the source's two examples), and inputs that break each rule of the input
/// format. The same set for every submission (a fixed seed), so pass rates compare.
pub fn cases() -> Vec<Case> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x123);
    let mut cases = vec![
        Case {
            input: "4 3\r\nA---\r\n-A--\r\n--A-\r\nB\r\n".into(),
            valid: true,
            what: CaseKind::FirstExample,
        },
        Case {
            input: "5 3\r\nAAABA\r\nA-B-A\r\nABBBB\r\nB\r\n".into(),
            valid: true,
            what: CaseKind::SecondExample,
        },
    ];
    for (cols, rows) in
        [(3, 3), (6, 4), (4, 6), (12, 8), (20, 20), (3, 20), (20, 3), (7, 5), (9, 9), (15, 11)]
    {
        for fill in [0.0, 0.4, 0.85] {
            let mut game = OneTwoThree::new(cols, rows);
            let target = ((cols * rows) as f64 * fill) as u32;
            while game.grid().count(Side::First) + game.grid().count(Side::Second) < target {
                let fills = game.fills();
                let Some(f) = fills.choose(&mut rng) else { break };
                game.play_fill(f);
            }
            if game.outcome().is_some() {
                continue;
            }
            let what = CaseKind::Board { cols, rows, percent: (fill * 100.0) as u32, mover: game.turn() };
            cases.push(Case { input: bot_input(game.grid(), game.turn()), valid: true, what });
        }
    }
    let full = Grid::empty(3, 3).lines().iter().map(|l| l.replace('-', "A")).collect::<Vec<_>>().join("\r\n");
    let some_board = "---\r\n-A-\r\n---\r\n";
    let invalid = |kind: InvalidInput| -> String {
        match kind {
            InvalidInput::TooSmall => "2 2\r\n--\r\nAA\r\nB\r\n".into(),
            InvalidInput::Words => "Здравей свят\r\nкак си\r\nдобре\r\nблагодаря\r\n".into(),
            InvalidInput::TooManyColumns => format!("21 3\r\n{0}\r\n{0}\r\n{0}\r\nA\r\n", "-".repeat(21)),
            InvalidInput::TooManyRows => format!("3 21\r\n{}A\r\n", "---\r\n".repeat(21)),
            InvalidInput::BadCharacter => "3 3\r\n---\r\n-C-\r\n---\r\nA\r\n".into(),
            InvalidInput::RowTooShort => "3 3\r\n---\r\n--\r\n---\r\nA\r\n".into(),
            InvalidInput::RowTooLong => "3 3\r\n---\r\n----\r\n---\r\nB\r\n".into(),
            InvalidInput::BadMover => format!("3 3\r\n{some_board}C\r\n"),
            InvalidInput::FullBoard => format!("3 3\r\n{full}\r\nB\r\n"),
            InvalidInput::NoMover => format!("3 3\r\n{some_board}"),
            InvalidInput::TooFewRows => "3 3\r\n---\r\n---\r\nA\r\n".into(),
            InvalidInput::BadSize => format!("three 3\r\n{some_board}A\r\n"),
        }
    };
    for kind in InvalidInput::ALL {
        let input = invalid(kind);
        debug_assert!(parse_position(input.as_bytes()).is_err(), "{kind:?}");
        cases.push(Case { input, valid: false, what: CaseKind::Invalid(kind) });
    }
    // Lowercase letters on a board of random size are invalid too.
    let (cols, rows) = (rng.gen_range(3..=20u32), rng.gen_range(3..=20u32));
    let row = "-".repeat(cols as usize - 1) + "a";
    cases.push(Case {
        input: format!("{cols} {rows}\r\n{}A\r\n", format!("{row}\r\n").repeat(rows as usize)),
        valid: false,
        what: CaseKind::Lowercase,
    });
    cases
}

/// Whether `output` is a right answer to `case`; the reason when it is not.
pub fn check(case: &Case, output: &str) -> Result<(), Why> {
    if !case.valid {
        return match output.lines().next().map(str::trim) {
            Some("error") => Ok(()),
            Some(first) => Err(Why::ExpectedError { got: Some(clip(first)) }),
            None => Err(Why::ExpectedError { got: None }),
        };
    }
    let position =
        parse_position(case.input.as_bytes()).map_err(|e| Why::BadCase { detail: e.to_string() })?;
    let game = OneTwoThree::from_position(position.grid, position.mover);
    if output.lines().next().map(str::trim) == Some("error") {
        return Err(Why::ErrorOnValid);
    }
    let board: Grid = output.parse().map_err(|e: ParseMoveError| {
        if e == no_board() {
            Why::NoBoard
        } else {
            Why::NotABoard { detail: e.to_string() }
        }
    })?;
    game.fill_of(&board).map(|_| ()).map_err(Why::Illegal)
}

fn clip(s: &str) -> String {
    s.chars().take(60).collect()
}

/// A failed case as the report stores it beside the English words: what it was about and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Failure {
    pub case: CaseKind,
    pub why: Why,
}

/// The outcome of the test set for one bot.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Report {
    pub passed: usize,
    pub total: usize,
    /// The source contest's scale: `full` above 80 %, `half` from 50 %, else `none`.
    pub score: &'static str,
    /// The first few failed cases: what each was about and why it failed, in English (the API's
    /// `failures`).
    pub failures: Vec<(String, String)>,
    /// The same failures, typed, for the web to say in the reader's language (a report stored
    /// before them has none).
    pub failure_codes: Vec<Failure>,
}

impl Report {
    fn new(results: Vec<(CaseKind, Result<(), Why>)>) -> Report {
        let total = results.len();
        let failures: Vec<Failure> =
            results.into_iter().filter_map(|(case, r)| r.err().map(|why| Failure { case, why })).collect();
        let passed = total - failures.len();
        let score = match passed * 100 {
            p if p > 80 * total => "full",
            p if p >= 50 * total => "half",
            _ => "none",
        };
        let failure_codes: Vec<Failure> = failures.into_iter().take(10).collect();
        Report {
            passed,
            total,
            score,
            failures: failure_codes.iter().map(|f| (f.case.to_string(), f.why.to_string())).collect(),
            failure_codes,
        }
    }
}

/// Runs the bot once per case, through `launcher`, each run limited to `time_limit` and
/// `memory_mib`, and reports the pass rate.
pub fn run(launcher: &dyn Launcher, bot: &BotCommand, time_limit: Duration, memory_mib: u64) -> Report {
    let results = cases()
        .into_iter()
        .map(|case| {
            let outcome = run_one(launcher, bot, &case.input, time_limit, memory_mib)
                .and_then(|out| check(&case, &out));
            (case.what, outcome)
        })
        .collect();
    Report::new(results)
}

fn millis(d: Duration) -> u64 {
    d.as_millis().try_into().unwrap_or(u64::MAX)
}

/// One run of the bot on `input`: its standard output, or why there is none to judge.
fn run_one(
    launcher: &dyn Launcher,
    bot: &BotCommand,
    input: &str,
    time_limit: Duration,
    memory_mib: u64,
) -> Result<String, Why> {
    let spec = LaunchSpec {
        program: bot.program.clone(),
        args: bot.args.clone(),
        env: bot.env.clone(),
        workdir: bot.workdir.clone(),
        workdir_writable: false,
        readable: bot.readable.clone(),
        unlimited_address_space: bot.unlimited_address_space,
        memory_mib,
        cpu: None,
        max_processes: super::table::BOT_MAX_PROCESSES,
        max_file_bytes: 16 * 1024 * 1024,
        cpu_time_limit: Some(time_limit + Duration::from_secs(1)),
        // The compile job's slot: the tests run in that job, after the compiler has exited.
        slot: 2,
    };
    let mut launched = launcher.launch(&spec).map_err(|e| Why::NotStarted { detail: e.to_string() })?;
    let started = Instant::now();
    // Input and output go through threads, so a bot that reads or writes nothing cannot block
    // the judge; both end when the process tree is killed.
    let mut stdin = launched.stdin;
    let text = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(text.as_bytes());
    });
    let stdout = launched.stdout;
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        let _ = stdout.take(OUTPUT_CAP).read_to_end(&mut out);
        out
    });
    let stderr = launched.stderr;
    std::thread::spawn(move || std::io::copy(&mut stderr.take(OUTPUT_CAP), &mut std::io::sink()));
    // Charged like a move: its CPU time where the sandbox counts it (compiles run beside the
    // tests), the wall clock guarding (see `Clock`); else the wall time.
    let clock = Clock { since: started, limit: time_limit, cpu_since: launched.process.cpu_time() };
    let (exit, overrun) = loop {
        let now = Instant::now();
        let cpu = launched.process.cpu_time();
        if let Some(overrun) = clock.overrun(cpu, now) {
            break (None, Some(overrun));
        }
        let wait = clock.next_look(cpu, now).saturating_duration_since(now);
        match launched.process.wait_timeout(wait) {
            Ok(Some(exit)) => break (Some(exit), None),
            Ok(None) => {}
            Err(_) => break (None, None),
        }
    };
    let took = clock.charged(launched.process.cpu_time(), Instant::now());
    let _ = launched.process.kill_tree();
    let _ = writer.join();
    let out = reader.join().unwrap_or_default();
    match (exit, overrun) {
        (None, Some(Overrun::Cpu(used))) => Err(Why::Cpu { ms: millis(used) }),
        (None, _) => Err(Why::StillRunning { ms: millis(clock.wall_deadline().duration_since(started)) }),
        (Some(e), _) if e.memory_limit_hit => Err(Why::Memory { mib: memory_mib }),
        (Some(_), _) if took > time_limit => Err(Why::OverTime {
            cpu: clock.cpu_since.is_some(),
            ms: millis(took),
            limit_ms: millis(clock.limit),
        }),
        (Some(_), _) => Ok(String::from_utf8_lossy(&out).into_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::one_two_three::Spot;

    #[test]
    fn the_set_holds_valid_and_invalid_inputs_that_the_validator_classifies_as_labelled() {
        let cases = cases();
        assert!(cases.len() >= 40, "{}", cases.len());
        assert!(cases.iter().filter(|c| !c.valid).count() >= 12);
        for c in &cases {
            assert_eq!(parse_position(c.input.as_bytes()).is_ok(), c.valid, "{}: {:?}", c.what, c.input);
        }
        // The same set every time.
        assert_eq!(cases.iter().map(|c| c.input.clone()).collect::<Vec<_>>(), {
            super::cases().into_iter().map(|c| c.input).collect::<Vec<_>>()
        });
    }

    #[test]
    fn answers_are_judged_by_the_rules() {
        let example = &cases()[0];
        assert_eq!(check(example, "A--B\r\n-AB-\r\n--A-\r\n"), Ok(()));
        assert_eq!(check(example, "A--B\n-AB-\n--A-\n\n"), Ok(()));
        let illegal = check(example, "A--B\r\n-AB-\r\n--B-\r\n").unwrap_err();
        assert!(matches!(illegal, Why::Illegal(Refusal::OpponentsCell { .. })), "{illegal:?}");
        assert!(illegal.to_string().contains("not a legal move"));
        assert_eq!(check(example, "error\r\n"), Err(Why::ErrorOnValid));
        assert_eq!(check(example, ""), Err(Why::NoBoard));
        let detail = "malformed move: board line 1 has the character 'x'; only A, B and - are allowed";
        assert_eq!(check(example, "A-x\r\n"), Err(Why::NotABoard { detail: detail.into() }));
        let invalid = cases().into_iter().find(|c| !c.valid).unwrap();
        assert_eq!(check(&invalid, "error\r\nthe board is too small\r\n"), Ok(()));
        assert_eq!(check(&invalid, "A--\r\n"), Err(Why::ExpectedError { got: Some("A--".into()) }));
        assert_eq!(check(&invalid, ""), Err(Why::ExpectedError { got: None }));
    }

    /// The typed reasons say in English what the report said before they were typed: the API
    /// and the reports stored then keep these words.
    #[test]
    fn the_typed_reasons_keep_the_english_words() {
        let spot = |row, col| Spot { row, col };
        let refusal = Refusal::GapLeft { from: spot(1, 1), to: spot(1, 3), middle: spot(1, 2) };
        let cases: [(Why, String); 13] = [
            (
                Why::ExpectedError { got: Some("A--".into()) },
                "expected `error` for an invalid input, got `A--`".into(),
            ),
            (Why::ExpectedError { got: None }, "expected `error` for an invalid input, got nothing".into()),
            (Why::BadCase { detail: "x".into() }, "bad test case: x".into()),
            (
                Why::ErrorOnValid,
                "answered `error`, but this position is valid: the answer must be the board after a move"
                    .into(),
            ),
            (Why::NoBoard, "not a board: malformed move: expected a board, got nothing".into()),
            (
                Why::NotABoard { detail: "malformed move: board line 1 has the character 'x'".into() },
                "not a board: malformed move: board line 1 has the character 'x'".into(),
            ),
            (Why::Illegal(refusal.clone()), format!("not a legal move: illegal move: {refusal}")),
            (Why::NotStarted { detail: "no such file".into() }, "could not be started: no such file".into()),
            (Why::Cpu { ms: 1234 }, "used 1234 ms of CPU time".into()),
            (Why::StillRunning { ms: 4000 }, "still running after 4000 ms".into()),
            (Why::Memory { mib: 256 }, "went over 256 MiB".into()),
            (
                Why::OverTime { cpu: true, ms: 1200, limit_ms: 1000 },
                "used 1200 ms of CPU time, limit 1000 ms".into(),
            ),
            (Why::OverTime { cpu: false, ms: 1200, limit_ms: 1000 }, "took 1200 ms, limit 1000 ms".into()),
        ];
        for (why, english) in cases {
            assert_eq!(why.to_string(), english, "{why:?}");
        }
        assert!(refusal.to_string().contains("row 1, column 2 between them was left free"));
        // The time limit's words are the forfeit's (`over_detail`).
        let ms = Duration::from_millis;
        for cpu_since in [Some(ms(5)), None] {
            let clock = Clock { since: Instant::now(), limit: ms(1000), cpu_since };
            let why = Why::OverTime { cpu: cpu_since.is_some(), ms: 1200, limit_ms: 1000 };
            assert_eq!(why.to_string(), super::super::table::over_detail(&clock, ms(1200), None));
        }
    }

    #[test]
    fn every_case_is_named_by_what_it_tests_and_no_name_is_repeated() {
        let cases = cases();
        let names: std::collections::HashSet<String> = cases.iter().map(|c| c.what.to_string()).collect();
        assert_eq!(names.len(), cases.len(), "two cases share a name");
        assert!(cases
            .iter()
            .all(|c| !c.what.to_string().contains("spec") && !c.what.to_string().contains("First")));
        assert!(names.contains("a 2x2 board (smaller than 3x3)"));
        assert!(names.contains("a 3x3 board 0% filled, A to move"), "{names:?}");
        assert_eq!(
            CaseKind::FirstExample.to_string(),
            "a 4x3 board with A's three-cell diagonal, B to move (the statement's first example)"
        );
        assert_eq!(CaseKind::Lowercase.to_string(), "a lowercase letter on the board");
    }

    #[test]
    fn the_report_keeps_the_english_and_the_typed_failures_side_by_side() {
        let results = vec![
            (CaseKind::FirstExample, Ok(())),
            (CaseKind::Invalid(InvalidInput::FullBoard), Err(Why::ExpectedError { got: None })),
        ];
        let report = Report::new(results);
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(
            json["failures"],
            serde_json::json!([["a full board", "expected `error` for an invalid input, got nothing"]])
        );
        let typed: Vec<Failure> = serde_json::from_value(json["failure_codes"].clone()).unwrap();
        assert_eq!(typed, report.failure_codes);
        assert_eq!(
            json["failure_codes"][0],
            serde_json::json!({"case": {"invalid": "full_board"}, "why": {"expected_error": {"got": null}}})
        );
    }

    #[test]
    fn the_score_follows_the_source_contest() {
        let r = |ok: usize, total: usize| {
            Report::new(
                (0..total)
                    .map(|i| (CaseKind::Lowercase, if i < ok { Ok(()) } else { Err(Why::ErrorOnValid) }))
                    .collect(),
            )
            .score
        };
        assert_eq!((r(9, 10), r(8, 10), r(5, 10), r(4, 10)), ("full", "half", "half", "none"));
    }
}
