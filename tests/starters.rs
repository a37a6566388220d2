//! The starter bots (`starters/<game>/`, `botarena starter`): every one plays a whole match
//! against `house:random` with the real `botarena play` binary (real compilers, the sandbox)
//! without a single forfeit, and prints its DEBUG line; the one-two-three starters pass every
//! validity case; `botarena starter` prints exactly the embedded files.

use botarena::games::GameId;
use botarena::judge::compile::{self, CompileOutcome};
use botarena::judge::languages::Languages;
use botarena::judge::sandbox::{SandboxConfig, SandboxLauncher};
use botarena::judge::validity;
use botarena::starters::{self, Starter, LANGUAGES};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The tests that run bots take turns: bots are timed (tron in real time), and two matches at
/// once on a 2-core machine would measure each other.
static BOTS_RUNNING: Mutex<()> = Mutex::new(());

fn botarena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_botarena"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("botarena runs")
}

fn starter_path(s: &Starter) -> String {
    format!("starters/{}/{}", s.game, s.file_name)
}

/// The language that plays every game's full default match; the others play a shorter one where
/// the default is long (one-two-three's 20x20 board, tron's three boards), to keep CI fast.
const FULL_MATCH_LANGUAGE: &str = "python";

/// Extra `botarena play` arguments for a starter: none (the contest defaults) unless the default
/// match is long and this is not the full-match language.
fn shorter_match(s: &Starter) -> Vec<&'static str> {
    if s.language == FULL_MATCH_LANGUAGE {
        return Vec::new();
    }
    match s.game {
        GameId::OneTwoThree => vec!["--set", "boards=7x5"],
        GameId::Tron => vec!["--set", "boards=16x10x50"],
        _ => Vec::new(),
    }
}

/// One cell of the matrix: what a starter did in its match.
struct Cell {
    games: usize,
    forfeits: Vec<String>,
    won: usize,
    drawn: usize,
    lost: usize,
    seconds: f64,
}

/// Plays the starter (bot `a`) against `house:random` and checks every game: no forfeit by the
/// starter, and its DEBUG line in the game's log (exactly one per game where the bot runs for the
/// whole game; at least one, on standard error, in one-two-three, whose standard output is the
/// board).
fn play_match(s: &Starter, problems: &mut Vec<String>) -> Cell {
    let logs = tempfile::tempdir().unwrap();
    let path = starter_path(s);
    let mut args = vec!["play", s.game.as_str(), &path, "house:random", "--seed", "17"];
    args.extend(shorter_match(s));
    let log_dir = logs.path().to_str().unwrap();
    args.extend(["--json", "-", "--log-dir", log_dir]);
    let started = Instant::now();
    let out = botarena(&args);
    let seconds = started.elapsed().as_secs_f64();
    let who = format!("{} {}", s.game, s.language);
    let mut cell = Cell { games: 0, forfeits: Vec::new(), won: 0, drawn: 0, lost: 0, seconds };
    if !out.status.success() {
        problems.push(format!("{who}: botarena play failed: {}", String::from_utf8_lossy(&out.stderr)));
        return cell;
    }
    let result: Value = serde_json::from_slice(&out.stdout).expect("stdout is one JSON object");
    let games = result["games"].as_array().expect("a list of games");
    cell.games = games.len();
    if games.is_empty() || Some(games.len() as u64) != result["settings"]["games"].as_u64() {
        problems.push(format!(
            "{who}: {} games played, settings say {}",
            games.len(),
            result["settings"]["games"]
        ));
    }
    for g in games {
        match (&g["winner"], &g["forfeit"]) {
            (_, f) if f["bot"] == "a" => cell.forfeits.push(format!("{}: {}", f["kind"], f["detail"])),
            (w, _) if w == "a" => cell.won += 1,
            (w, _) if w.is_null() => cell.drawn += 1,
            _ => cell.lost += 1,
        }
    }
    if !cell.forfeits.is_empty() {
        problems.push(format!("{who}: forfeits {:?}", cell.forfeits));
    }
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(logs.path()).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    if files.len() != games.len() {
        problems.push(format!("{who}: {} logs for {} games", files.len(), games.len()));
    }
    let tag = if s.game == GameId::OneTwoThree { " a stderr DEBUG " } else { " a DEBUG " };
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let count = text.lines().filter(|l| l.contains(tag)).count();
        let ok = if s.game == GameId::OneTwoThree { count >= 1 } else { count == 1 };
        if !ok {
            problems.push(format!("{who}: {count} DEBUG lines in {}", file.display()));
        }
        // One-two-three's starter counts rows and columns from 1, as the viewer does: its first
        // move on an empty board is "from row 1, column 1", never row 0.
        for line in text.lines().filter(|l| s.game == GameId::OneTwoThree && l.contains(tag)) {
            let numbers: Vec<u32> = line
                .split_once("from row ")
                .map(|(_, rest)| rest.split(", column ").filter_map(|n| n.trim().parse().ok()).collect())
                .unwrap_or_default();
            if numbers.len() != 2 || numbers.contains(&0) {
                problems.push(format!("{who}: a DEBUG line not counted from 1: {line}"));
            }
        }
    }
    cell
}

#[test]
fn every_starter_plays_a_match_against_house_random_without_a_forfeit() {
    let _turn = BOTS_RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    let mut problems = Vec::new();
    let mut table = vec![
        "| game | language | match | games | forfeits | won-drawn-lost | seconds |".to_string(),
        "| --- | --- | --- | --- | --- | --- | --- |".to_string(),
    ];
    for s in starters::all() {
        let cell = play_match(&s, &mut problems);
        let settings = shorter_match(&s);
        let format = if settings.is_empty() { "default".to_string() } else { settings.join(" ") };
        table.push(format!(
            "| {} | {} | {format} | {} | {} | {}-{}-{} | {:.1} |",
            s.game,
            s.language,
            cell.games,
            cell.forfeits.len(),
            cell.won,
            cell.drawn,
            cell.lost,
            cell.seconds
        ));
    }
    eprintln!("{}", table.join("\n"));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_one_two_three_starters_pass_every_validity_case() {
    let _turn = BOTS_RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    // The sandbox's helper is the botarena binary (this test's own executable is the harness).
    let config =
        SandboxConfig { helper: PathBuf::from(env!("CARGO_BIN_EXE_botarena")), ..Default::default() };
    let launcher = SandboxLauncher::new(config).unwrap();
    let languages = Languages::load_default().unwrap();
    let cases = validity::cases().len();
    for s in starters::for_game(GameId::OneTwoThree) {
        let lang = languages.get(s.language).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let outcome = compile::compile(&launcher, lang, s.source.as_bytes(), dir.path()).unwrap();
        assert!(matches!(outcome, CompileOutcome::Ok { .. }), "{}: {outcome:?}", s.language);
        let bot = botarena::judge::commands::run_command(lang, s.language, dir.path(), 256);
        // The contest default is 1 s per run; validity results are not what a busy CI machine
        // should decide, so each run gets a little more here.
        let report = validity::run(&launcher, &bot, Duration::from_secs(3), 256);
        assert_eq!(report.passed, cases, "{}: {:?}", s.language, report.failures);
    }
}

#[test]
fn botarena_starter_prints_exactly_the_starter_file() {
    for s in starters::all() {
        let out = botarena(&["starter", s.game.as_str(), s.language]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let file =
            std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(starter_path(&s))).unwrap();
        assert_eq!(String::from_utf8(out.stdout).unwrap(), file, "{} {}", s.game, s.language);
    }
}

#[test]
fn botarena_starter_writes_a_file_and_never_overwrites_one() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bot.c");
    let out = botarena(&["starter", "connect4", "c", "-o", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        starters::starter(GameId::Connect4, "c").unwrap().source
    );
    assert!(out.stdout.is_empty());

    std::fs::write(&file, "my own bot").unwrap();
    let out = botarena(&["starter", "connect4", "c", "-o", file.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "my own bot", "the student's file is kept");

    // A directory gets the language's file name.
    let out = botarena(&["starter", "tron", "java", "--output", dir.path().to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let java = std::fs::read_to_string(dir.path().join("Main.java")).unwrap();
    assert_eq!(java, starters::starter(GameId::Tron, "java").unwrap().source);
}

#[test]
fn an_unknown_game_or_language_is_an_error_listing_the_valid_ones() {
    let out = botarena(&["starter", "chess", "c"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("chess") && err.contains("one-two-three") && err.contains("tron"), "{err}");

    let out = botarena(&["starter", "tron", "cobol"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("`cobol`"), "{err}");
    for lang in LANGUAGES {
        assert!(err.contains(lang), "{lang} missing from: {err}");
    }
    assert!(out.stdout.is_empty());
}
