//! Bots as students of the original courses write them, played with the real `botarena play`:
//! DEBUG lines in the original judge's form, multi-threaded Java, and house bots that vary from
//! game to game yet replay the same with the same seed.

use serde_json::Value;
use std::collections::HashSet;
use std::path::Path;
use std::process::{Command, Output};

fn botarena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_botarena"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("botarena runs")
}

/// Plays a match and returns its JSON result; `log_dir` receives the transcripts.
fn play(args: &[&str], log_dir: Option<&Path>) -> Value {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--json", "-"]);
    let dir = log_dir.map(|d| d.to_str().unwrap().to_string());
    if let Some(d) = &dir {
        all.extend_from_slice(&["--log-dir", d]);
    }
    let out = botarena(&all);
    assert!(out.status.success(), "botarena {all:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("stdout is one JSON object")
}

fn games(result: &Value) -> &Vec<Value> {
    result["games"].as_array().unwrap()
}

fn assert_no_forfeit(result: &Value) {
    for g in games(result) {
        assert!(g["forfeit"].is_null(), "{}", g["forfeit"]);
    }
}

#[test]
fn a_checkers_bot_printing_debug_colon_lines_plays_full_games_and_its_messages_are_logged() {
    let logs = tempfile::tempdir().unwrap();
    let bot = "tests/bots/checkers/debug_chatter.py";
    let result = play(&["checkers", bot, "house:random", "--seed", "4"], Some(logs.path()));
    assert_no_forfeit(&result);
    for (index, g) in games(&result).iter().enumerate() {
        assert!(g["moves"].as_array().unwrap().len() > 10, "{g}");
        let log = std::fs::read_to_string(logs.path().join(format!("game-{}.log", index + 1))).unwrap();
        // Every form is DEBUG output, logged as such, never read as the bot's output.
        for message in ["hello, I play", "the opponent moved from", "no space after the word", "game over"] {
            assert!(
                log.lines().any(|l| l.contains(" a DEBUG ") && l.contains(message)),
                "{message:?} missing from the DEBUG lines of game {index}:\n{log}"
            );
        }
        assert!(!log.lines().any(|l| l.contains(" a > DEBUG")), "a DEBUG line was read as a move:\n{log}");
    }
}

#[test]
fn a_java_bot_that_starts_60_threads_plays_a_full_match() {
    let logs = tempfile::tempdir().unwrap();
    let result = play(
        &["connect4", "tests/bots/connect4/threads60.java", "house:random", "--seed", "3"],
        Some(logs.path()),
    );
    assert_no_forfeit(&result);
    let log = std::fs::read_to_string(logs.path().join("game-1.log")).unwrap();
    assert!(log.contains("started 60 threads"), "{log}");
}

#[test]
fn the_jvms_own_warnings_go_to_standard_error_not_into_the_bots_moves() {
    // The bot starts threads until the process limit refuses one (the JVM then warns), and plays
    // on: the warning must be logged as standard error, and the match played without forfeit.
    let logs = tempfile::tempdir().unwrap();
    let result = play(
        &["connect4", "tests/bots/connect4/too_many_threads.java", "house:random", "--seed", "3"],
        Some(logs.path()),
    );
    assert_no_forfeit(&result);
    let log = std::fs::read_to_string(logs.path().join("game-1.log")).unwrap();
    assert!(
        log.lines().any(|l| l.contains(" a stderr ") && l.contains("[warning]")),
        "no JVM warning on standard error:\n{log}"
    );
    assert!(!log.lines().any(|l| l.contains(" a > ") && l.contains("warning")), "{log}");
}

/// The moves of each game, as text.
fn move_lists(result: &Value) -> Vec<String> {
    games(result).iter().map(|g| g["moves"].to_string()).collect()
}

#[test]
fn house_bots_play_a_different_game_each_time_and_the_same_seed_replays_them() {
    let result = play(&["checkers", "house:random", "house:random", "--games", "100", "--seed", "9"], None);
    let all = move_lists(&result);
    assert_eq!(all.len(), 100);
    let distinct: HashSet<&String> = all.iter().collect();
    assert!(distinct.len() >= 95, "only {} distinct games of 100", distinct.len());

    // The same seed: the same games, game by game (a shorter match plays the same first games).
    let again = play(&["checkers", "house:random", "house:random", "--games", "20", "--seed", "9"], None);
    assert_eq!(move_lists(&again), all[..20]);
    // Another seed: other games.
    let other = play(&["checkers", "house:random", "house:random", "--games", "20", "--seed", "10"], None);
    assert_ne!(move_lists(&other), all[..20]);
}
