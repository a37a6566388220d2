//! `botarena play` end to end: the real binary, real compilers, real bot processes.

use botarena::games::connect4::{Column, Connect4};
use botarena::games::TurnGame;
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn botarena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_botarena"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("botarena runs")
}

fn play_json(args: &[&str]) -> Value {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--json", "-"]);
    let out = botarena(&all);
    assert!(out.status.success(), "botarena {all:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("stdout is one JSON object")
}

/// Replays a connect4 game's moves with the rules module and checks the recorded outcome.
fn assert_connect4_game_is_consistent(game: &Value) {
    let mut state = Connect4::new(9, 9, 4);
    for m in game["moves"].as_array().unwrap() {
        let mv: Column = m.as_str().unwrap().parse().unwrap();
        state.play(&mv).unwrap();
    }
    if game["forfeit"].is_null() {
        let outcome = state.outcome().expect("a game without forfeit ends by the rules");
        assert_eq!(game["reason"], outcome.reason.as_str());
        let winner = outcome.winner.map(|side| game["seats"][side.index()].clone()).unwrap_or(Value::Null);
        assert_eq!(game["winner"], winner);
    }
}

#[test]
fn a_bot_in_each_language_compiles_and_plays_a_full_match() {
    for file in ["leftmost.c", "leftmost.cpp", "leftmost.rs", "leftmost.py", "leftmost.java"] {
        let path = format!("tests/bots/connect4/{file}");
        let result = play_json(&["connect4", &path, "house:random", "--seed", "11"]);
        assert_eq!(result["game"], "connect4");
        assert_eq!(result["bots"]["a"]["label"], path.as_str());
        let games = result["games"].as_array().unwrap();
        assert_eq!(games.len(), 2);
        for g in games {
            assert!(g["forfeit"].is_null(), "{file}: {}", g["forfeit"]);
            assert!(g["peak_memory_kib"]["a"].as_u64().unwrap_or(0) > 0, "{file}: no peak memory");
            assert_connect4_game_is_consistent(g);
        }
        assert_eq!(games[0]["seats"], serde_json::json!(["a", "b"]));
        assert_eq!(games[1]["seats"], serde_json::json!(["b", "a"]));
    }
}

#[test]
fn the_match_summary_adds_up_the_games() {
    let result = play_json(&["connect4", "house:level1", "house:random", "--games", "4", "--seed", "5"]);
    let games = result["games"].as_array().unwrap();
    assert_eq!(games.len(), 4);
    let wins = |b: &str| games.iter().filter(|g| g["winner"] == b).count() as u64;
    assert_eq!(result["match"]["wins"]["a"], wins("a"));
    assert_eq!(result["match"]["wins"]["b"], wins("b"));
    let (a, b) = (wins("a"), wins("b"));
    let expected = if a > b {
        (3, 0)
    } else if a < b {
        (0, 3)
    } else {
        (1, 1)
    };
    assert_eq!(result["match"]["points"]["a"], expected.0);
    assert_eq!(result["match"]["points"]["b"], expected.1);
}

#[test]
fn a_bot_that_does_not_compile_stops_the_match_with_the_compiler_message() {
    let out = botarena(&["play", "connect4", "tests/bots/compile/syntax_error.c", "house:random"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("does not compile") && err.contains("undefined_variable"), "{err}");
}

#[test]
fn an_unknown_setting_is_an_error_listing_the_valid_names() {
    let out = botarena(&["play", "checkers", "house:random", "house:random", "--set", "speed=3"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("max_rounds") && err.contains("move_ms"), "{err}");
}

#[test]
fn an_unknown_house_level_is_an_error_listing_the_levels() {
    let out = botarena(&["play", "connect4", "house:grandmaster", "house:random"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("house:level2"));
}

#[test]
fn the_log_dir_gets_one_transcript_per_game_with_both_directions_and_the_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let log_dir = dir.path().join("logs");
    let out = botarena(&[
        "play",
        "connect4",
        "tests/bots/connect4/leftmost.py",
        "house:random",
        "--seed",
        "2",
        "--log-dir",
        log_dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.lines().any(|l| l.starts_with("game 1:")), "{stdout}");
    assert!(stdout.lines().any(|l| l.starts_with("match:")), "{stdout}");
    // People count from 1: the files, the log headers and the lines printed.
    assert!(stdout.lines().any(|l| l.starts_with("game 2:")) && !stdout.contains("game 0"), "{stdout}");
    assert!(!log_dir.join("game-0.log").exists());
    for number in 1..=2 {
        let text = std::fs::read_to_string(log_dir.join(format!("game-{number}.log"))).unwrap();
        assert!(text.starts_with(&format!("# connect4 game {number}\n")), "{text}");
        assert!(text.contains(" a < ") && text.contains(" a > "), "both directions logged:\n{text}");
        assert!(text.contains("verdict"), "{text}");
    }
}

#[test]
fn json_can_be_written_to_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.json");
    let out = botarena(&[
        "play",
        "mathtricks",
        "house:random",
        "house:random",
        "--seed",
        "9",
        "--json",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let result: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let g = &result["games"][0];
    assert_eq!(g["params"]["board"].as_array().unwrap().len(), 8, "mathtricks params hold the board");
    assert_eq!(result["games"][0]["params"], result["games"][1]["params"], "both games on one board");
    assert!(Path::new(&path).exists());
}

/// Every process now (pid, parent pid, start time), from `/proc/*/stat`; zombies included.
fn process_table() -> Vec<(i32, i32, u64)> {
    let Ok(dir) = std::fs::read_dir("/proc") else { return Vec::new() };
    dir.flatten()
        .filter_map(|e| {
            let pid: i32 = e.file_name().to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(e.path().join("stat")).ok()?;
            let fields: Vec<&str> = stat[stat.rfind(')')? + 1..].split_whitespace().collect();
            Some((pid, fields.get(1)?.parse().ok()?, fields.get(19)?.parse().ok()?))
        })
        .collect()
}

/// The descendants of `root` now, as (pid, start time): its sandbox's zygote, helpers,
/// instances and bots.
fn descendants_of(root: i32) -> Vec<(i32, u64)> {
    let table = process_table();
    let mut found: Vec<(i32, u64)> = Vec::new();
    let mut parents = vec![root];
    while let Some(parent) = parents.pop() {
        for &(pid, ppid, start) in &table {
            if ppid == parent && !found.iter().any(|(p, _)| *p == pid) {
                found.push((pid, start));
                parents.push(pid);
            }
        }
    }
    found
}

#[test]
fn nothing_of_the_sandbox_is_left_half_a_second_after_play_exits() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_botarena"))
        .args(["play", "connect4", "tests/bots/connect4/leftmost.c", "house:random", "--seed", "3"])
        .args(["--json", "-"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("botarena runs");
    let pid = child.id() as i32;
    // Every process it starts, seen while it runs (they are reparented to init, as zombies
    // or not, once it has exited).
    let mut seen: Vec<(i32, u64)> = Vec::new();
    while child.try_wait().unwrap().is_none() {
        for p in descendants_of(pid) {
            if !seen.contains(&p) {
                seen.push(p);
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(seen.len() > 2, "the scan saw the sandbox's processes: {seen:?}");
    std::thread::sleep(std::time::Duration::from_millis(500));
    // The same pid with the same start time: the same process, still there (a zombie counts).
    let now = process_table();
    let left: Vec<_> =
        seen.iter().filter(|(p, start)| now.iter().any(|(q, _, s)| q == p && s == start)).collect();
    assert!(left.is_empty(), "left behind by play (pid {pid}), (pid, start): {left:?} of {seen:?}");
}

/// A Python bot that needs 1.5 s for its first moves, under `move_ms=1000`: it forfeits its first
/// game without a factor (or with another language's), and plays it through with
/// `time_factor.python=2`; the factors are in the result.
#[test]
fn a_languages_time_factor_multiplies_its_bots_move_time() {
    let slow = "tests/bots/connect4/slow_start.py";
    let play = |extra: &[&str]| {
        let mut args = vec!["connect4", slow, "house:random", "--games", "1", "--seed", "3"];
        args.extend_from_slice(&["--set", "move_ms=1000"]);
        args.extend_from_slice(extra);
        play_json(&args)
    };
    for extra in [&[][..], &["--set", "time_factor.c=3"][..]] {
        let result = play(extra);
        let g = &result["games"][0];
        assert_eq!(g["forfeit"]["bot"], "a", "{extra:?}: {g}");
        assert_eq!(g["forfeit"]["kind"], "move_timeout", "{extra:?}: {g}");
        assert!(g["forfeit"]["detail"].as_str().unwrap().contains("1000 ms"), "{g}");
        assert_eq!(g["time_factor"], serde_json::json!({"a": 1.0, "b": 1.0}));
    }
    let result = play(&["--set", "time_factor.python=2"]);
    assert_eq!(result["settings"]["time_factor.python"], 2);
    let g = &result["games"][0];
    assert!(g["forfeit"].is_null(), "{g}");
    assert!(g["moves"].as_array().unwrap().len() >= 6, "{g}");
    assert!(g["think_ms"]["a"].as_u64().unwrap() >= 4500, "{g}");
    // The house bot keeps factor 1.
    assert_eq!(g["time_factor"], serde_json::json!({"a": 2.0, "b": 1.0}));
    assert_connect4_game_is_consistent(g);

    // A language that is not configured, or a factor out of range, is refused before any game.
    let out = botarena(&["play", "connect4", slow, "house:random", "--set", "time_factor.cobol=2"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("time_factor.cobol") && err.contains("unknown language `cobol`"), "{err}");
    let out = botarena(&["play", "connect4", slow, "house:random", "--set", "time_factor.python=50"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("a number from 0.1 to 10"), "{err}");
}
