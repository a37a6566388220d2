//! Whole matches of the real games through `play_match`, with the bots of `tests/bots/<game>/`.
//! LEAD: these need `judge::adapters` (gated until the rule modules are merged); remove the
//! `cfg` below together with the one in `src/judge/mod.rs`.

use botarena::games::settings::Settings;
use botarena::games::GameId;
use botarena::judge::log::Channel;
use botarena::judge::result::{BotId, ForfeitKind, MatchResult};
use botarena::judge::{play_match, BotCommand, GameLog, MatchSpec, PlainLauncher};
use std::path::{Path, PathBuf};

fn bot(file: &str) -> BotCommand {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bots").join(file);
    let (program, args) = match path.extension().and_then(|e| e.to_str()) {
        Some("py") => (PathBuf::from("/usr/bin/python3"), vec![path.display().to_string()]),
        Some("sh") => (PathBuf::from("/bin/sh"), vec![path.display().to_string()]),
        _ => panic!("unknown bot kind {file}"),
    };
    BotCommand { label: file.to_string(), program, args, workdir: std::env::temp_dir(), ..Default::default() }
}

fn play(game: GameId, sets: &[&str], a: &str, b: &str) -> (MatchResult, Vec<GameLog>) {
    let settings = Settings::from_assignments(game, sets.iter().copied()).unwrap();
    let spec = MatchSpec { game, settings, bots: [bot(a), bot(b)], seed: 42, cpus: None };
    play_match(&spec, &PlainLauncher::new(), &mut |_| {})
}

#[test]
fn connect4_bots_get_their_side_as_argument_and_a_full_column_is_illegal() {
    let (m, logs) = play(GameId::Connect4, &["move_ms=1500"], "connect4/column0.py", "connect4/column0.py");
    assert_eq!(m.games.len(), 2);
    for (g, log) in m.games.iter().zip(&logs) {
        let f = g.forfeit.as_ref().unwrap_or_else(|| panic!("{}", log.to_text()));
        // Nine discs fill column 0; the second bot plays the tenth.
        assert_eq!(f.kind, ForfeitKind::IllegalMove, "{}", log.to_text());
        assert_eq!(f.bot, g.seats[1]);
        assert_eq!(g.moves.len(), 9);
        assert!(log.to_text().contains("< 10") || log.to_text().contains("< 11"));
    }
}

#[test]
fn one_two_three_plays_each_board_twice_and_a_forfeit_scores_the_whole_board() {
    let (m, logs) =
        play(GameId::OneTwoThree, &["boards=4x3"], "one-two-three/fill_first.py", "fill/error.py");
    assert_eq!(m.games.len(), 2);
    for (g, log) in m.games.iter().zip(&logs) {
        assert_eq!(g.forfeit.as_ref().map(|f| f.kind), Some(ForfeitKind::BadOutput), "{}", log.to_text());
        assert_eq!(g.winner, Some(BotId::A));
        assert_eq!(g.params, serde_json::json!({"cols": 4, "rows": 3}));
    }
    let g = &m.games[0];
    assert_eq!(g.score, Some([serde_json::json!(12), serde_json::json!(0)]));
}

#[test]
fn mathtricks_sends_the_board_after_ok_and_times_out_a_silent_bot() {
    let (m, logs) = play(
        GameId::Mathtricks,
        &["move_ms=500"],
        "mathtricks/ok_then_sleep.sh",
        "mathtricks/ok_then_sleep.sh",
    );
    let (g, log) = (&m.games[0], &logs[0]);
    let f = g.forfeit.as_ref().unwrap();
    assert_eq!((f.bot, f.kind), (BotId::A, ForfeitKind::MoveTimeout), "{}", log.to_text());
    assert!(log.to_text().contains("a < BOARD 8 8"));
    assert_eq!(g.params["board"].as_array().unwrap().len(), 8);
    assert_eq!(m.games[0].params["seed"], m.games[1].params["seed"]);
}

#[test]
fn tron_plays_on_the_clock_until_a_crash() {
    let (m, logs) = play(GameId::Tron, &["boards=4x4x50"], "tron/good.py", "tron/good.py");
    for (g, log) in m.games.iter().zip(&logs) {
        assert_eq!(g.forfeit, None, "{}", log.to_text());
        assert_eq!(g.reason, "crash");
        assert!(log.to_text().contains("LOPPU"));
    }
}

#[test]
fn checkers_passes_moves_on_with_place_and_catches_a_second_move() {
    let (m, logs) = play(GameId::Checkers, &[], "checkers/twice.sh", "checkers/opening.py");
    let (g, log) = (&m.games[0], &logs[0]);
    let f = g.forfeit.as_ref().unwrap();
    assert_eq!((f.bot, f.kind), (BotId::A, ForfeitKind::UnexpectedOutput), "{}", log.to_text());
}

#[test]
fn every_debug_line_is_logged_with_the_number_of_moves_played_before_it() {
    let bot = "checkers/debug_chatter.py";
    let (m, logs) = play(GameId::Checkers, &["max_rounds=20"], bot, bot);
    for (g, log) in m.games.iter().zip(&logs) {
        let mut checked = 0;
        for e in &log.entries {
            let Some(at) = e.at_move else {
                assert!(!matches!(e.channel, Channel::Debug | Channel::Stderr), "{e:?} has no move");
                continue;
            };
            let seat = g.seats.iter().position(|s| Some(*s) == e.bot).unwrap();
            // "move K": said before the bot's K-th move, which is move 2K-1 of the game for the
            // first seat and 2K for the second, so 2(K-1) + seat moves had been played.
            if let Some(k) = e.text.trim().strip_prefix("move ").and_then(|t| t.split(',').next()) {
                let k: usize = k.parse().unwrap();
                assert_eq!(at, 2 * (k - 1) + seat, "{e:?}\n{}", log.to_text());
                checked += 1;
            }
            if e.text.contains("game over") {
                assert_eq!(at, g.moves.len(), "{e:?}");
            }
        }
        assert!(checked + 1 >= g.moves.len() && checked > 10, "{checked} of {} moves checked", g.moves.len());
    }
}
