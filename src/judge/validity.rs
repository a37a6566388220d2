//! The one-two-three validity tests (`docs/games/one-two-three.md`, "Validity tests"): the source
//! contest scored every bot on a set of inputs, valid and invalid. On a valid input the output
//! must be a legal move; on an invalid one its first line must be `error`. The platform runs the
//! set on every new submission of the game and shows the pass rate.

use super::launch::{LaunchSpec, Launcher};
use super::table::{over_detail, BotCommand, Clock, Overrun};
use crate::games::one_two_three::{bot_input, parse_position, Grid, OneTwoThree};
use crate::games::{Side, TurnGame};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde::Serialize;
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
    pub what: String,
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
            what: "a 4x3 board with A's three-cell diagonal, B to move (the statement's first example)"
                .into(),
        },
        Case {
            input: "5 3\r\nAAABA\r\nA-B-A\r\nABBBB\r\nB\r\n".into(),
            valid: true,
            what: "a 5x3 board with two free cells far apart, B to move (the statement's second example)"
                .into(),
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
            let mover = if game.turn() == Side::First { 'A' } else { 'B' };
            let what = format!("a {cols}x{rows} board {}% filled, {mover} to move", (fill * 100.0) as u32);
            cases.push(Case { input: bot_input(game.grid(), game.turn()), valid: true, what });
        }
    }
    let full = Grid::empty(3, 3).lines().iter().map(|l| l.replace('-', "A")).collect::<Vec<_>>().join("\r\n");
    let some_board = "---\r\n-A-\r\n---\r\n";
    let invalid: [(&str, String); 12] = [
        ("a 2x2 board (smaller than 3x3)", "2 2\r\n--\r\nAA\r\nB\r\n".into()),
        ("words instead of a board", "Здравей свят\r\nкак си\r\nдобре\r\nблагодаря\r\n".into()),
        ("21 columns (more than 20)", format!("21 3\r\n{0}\r\n{0}\r\n{0}\r\nA\r\n", "-".repeat(21))),
        ("21 rows (more than 20)", format!("3 21\r\n{}A\r\n", "---\r\n".repeat(21))),
        ("a character other than A, B and -", "3 3\r\n---\r\n-C-\r\n---\r\nA\r\n".into()),
        ("a row too short", "3 3\r\n---\r\n--\r\n---\r\nA\r\n".into()),
        ("a row too long", "3 3\r\n---\r\n----\r\n---\r\nB\r\n".into()),
        ("a mover other than A or B", format!("3 3\r\n{some_board}C\r\n")),
        ("a full board", format!("3 3\r\n{full}\r\nB\r\n")),
        ("no mover line", format!("3 3\r\n{some_board}")),
        ("too few rows", "3 3\r\n---\r\n---\r\nA\r\n".into()),
        ("a size that is not two numbers", format!("three 3\r\n{some_board}A\r\n")),
    ];
    for (what, input) in invalid {
        debug_assert!(parse_position(input.as_bytes()).is_err(), "{what}");
        cases.push(Case { input, valid: false, what: what.into() });
    }
    // Lowercase letters on a board of random size are invalid too.
    let (cols, rows) = (rng.gen_range(3..=20u32), rng.gen_range(3..=20u32));
    let row = "-".repeat(cols as usize - 1) + "a";
    cases.push(Case {
        input: format!("{cols} {rows}\r\n{}A\r\n", format!("{row}\r\n").repeat(rows as usize)),
        valid: false,
        what: "a lowercase letter on the board".into(),
    });
    cases
}

/// Whether `output` is a right answer to `case`; the reason when it is not.
pub fn check(case: &Case, output: &str) -> Result<(), String> {
    if !case.valid {
        return match output.lines().next().map(str::trim) {
            Some("error") => Ok(()),
            Some(first) => Err(format!("expected `error` for an invalid input, got `{}`", clip(first))),
            None => Err("expected `error` for an invalid input, got nothing".into()),
        };
    }
    let position = parse_position(case.input.as_bytes()).map_err(|e| format!("bad test case: {e}"))?;
    let mut game = OneTwoThree::from_position(position.grid, position.mover);
    if output.lines().next().map(str::trim) == Some("error") {
        return Err(
            "answered `error`, but this position is valid: the answer must be the board after a move".into(),
        );
    }
    let board: Grid = output.parse().map_err(|e| format!("not a board: {e}"))?;
    game.play(&board).map_err(|e| format!("not a legal move: {e}"))
}

fn clip(s: &str) -> String {
    s.chars().take(60).collect()
}

/// The outcome of the test set for one bot.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Report {
    pub passed: usize,
    pub total: usize,
    /// The source contest's scale: `full` above 80 %, `half` from 50 %, else `none`.
    pub score: &'static str,
    /// The first few failed cases: what each was about and why it failed.
    pub failures: Vec<(String, String)>,
}

impl Report {
    fn new(results: Vec<(String, Result<(), String>)>) -> Report {
        let total = results.len();
        let failures: Vec<(String, String)> =
            results.into_iter().filter_map(|(what, r)| r.err().map(|why| (what, why))).collect();
        let passed = total - failures.len();
        let score = match passed * 100 {
            p if p > 80 * total => "full",
            p if p >= 50 * total => "half",
            _ => "none",
        };
        Report { passed, total, score, failures: failures.into_iter().take(10).collect() }
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

/// One run of the bot on `input`: its standard output, or why there is none to judge.
fn run_one(
    launcher: &dyn Launcher,
    bot: &BotCommand,
    input: &str,
    time_limit: Duration,
    memory_mib: u64,
) -> Result<String, String> {
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
    let mut launched = launcher.launch(&spec).map_err(|e| format!("could not be started: {e}"))?;
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
        (None, Some(Overrun::Cpu(used))) => Err(format!("used {} ms of CPU time", used.as_millis())),
        (None, _) => Err(format!(
            "still running after {} ms",
            clock.wall_deadline().duration_since(started).as_millis()
        )),
        (Some(e), _) if e.memory_limit_hit => Err(format!("went over {memory_mib} MiB")),
        (Some(_), _) if took > time_limit => Err(over_detail(&clock, took, None)),
        (Some(_), _) => Ok(String::from_utf8_lossy(&out).into_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(check(example, "A--B\r\n-AB-\r\n--B-\r\n").unwrap_err().contains("not a legal move"));
        assert!(check(example, "error\r\n")
            .unwrap_err()
            .contains("answered `error`, but this position is valid"));
        let invalid = cases().into_iter().find(|c| !c.valid).unwrap();
        assert_eq!(check(&invalid, "error\r\nthe board is too small\r\n"), Ok(()));
        assert!(check(&invalid, "A--\r\n").is_err());
        assert!(check(&invalid, "").is_err());
    }

    #[test]
    fn every_case_is_named_by_what_it_tests_and_no_name_is_repeated() {
        let cases = cases();
        let names: std::collections::HashSet<&str> = cases.iter().map(|c| c.what.as_str()).collect();
        assert_eq!(names.len(), cases.len(), "two cases share a name");
        assert!(cases.iter().all(|c| !c.what.contains("spec") && !c.what.contains("First")));
        assert!(names.contains("a 2x2 board (smaller than 3x3)"));
    }

    #[test]
    fn the_score_follows_the_source_contest() {
        let r = |ok: usize, total: usize| {
            Report::new(
                (0..total).map(|i| (i.to_string(), if i < ok { Ok(()) } else { Err("x".into()) })).collect(),
            )
            .score
        };
        assert_eq!((r(9, 10), r(8, 10), r(5, 10), r(4, 10)), ("full", "half", "half", "none"));
    }
}
