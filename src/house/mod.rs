//! House bots: built-in opponents for every game, run as `botarena house <game> <level>` and
//! played through the same harness (and sandbox) as any submitted bot.
//!
//! Each game's module has the protocol loop on stdin/stdout and its levels: `random`, `level1`
//! (a quick heuristic) and `level2` (a search within the move time limit).

pub mod checkers;
pub mod connect4;
pub mod mathtricks;
pub mod one_two_three;
pub mod tron;

use crate::games::GameId;

/// How strong a house bot plays: the levels every game offers (the vocabulary the database, the
/// contests and the command line share, so it lives with the rules).
pub use crate::games::HouseLevel as Level;

/// Runs a house bot on this process's stdin/stdout until the game ends.
/// `args` are the command-line arguments the game's protocol gives bots (connect4's `first`).
pub fn run(game: GameId, level: &str, args: &[String], seed: u64) -> anyhow::Result<()> {
    level.parse::<Level>()?;
    match game {
        GameId::Checkers => checkers::run(level, args, seed),
        GameId::Connect4 => connect4::run(level, args, seed),
        GameId::OneTwoThree => one_two_three::run(level, args, seed),
        GameId::Mathtricks => mathtricks::run(level, args, seed),
        GameId::Tron => tron::run(level, args, seed),
    }
}
