//! The rules of the five games, as pure deterministic state machines (no I/O, no clocks).
//!
//! Each game module follows the shape of shakmaty: text parses into a move (`FromStr`), a move is
//! checked against the state (`play` returns an error naming the illegal move), and `legal_moves`
//! lists every legal move so that house bots and property tests can enumerate them.

pub mod checkers;
pub mod connect4;
pub mod frames;
pub mod mathtricks;
pub mod one_two_three;
pub mod params;
#[cfg(feature = "sqlx")]
mod pg;
pub mod position;
pub mod settings;
pub mod tron;

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The games shipped with the platform; the string forms are the ids used everywhere
/// (command line, API, database). `FromStr`, `Display` and `as_str` are derived by `strum` from
/// the `serialize` names below, so the two directions cannot disagree.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::EnumIter,
)]
#[serde(rename_all = "kebab-case")]
#[strum(parse_err_ty = UnknownGame, parse_err_fn = UnknownGame::new)]
pub enum GameId {
    #[strum(serialize = "checkers")]
    Checkers,
    #[strum(serialize = "connect4")]
    Connect4,
    #[strum(serialize = "one-two-three")]
    OneTwoThree,
    #[strum(serialize = "mathtricks")]
    Mathtricks,
    #[strum(serialize = "tron")]
    Tron,
}

impl GameId {
    pub const ALL: [GameId; 5] =
        [GameId::Checkers, GameId::Connect4, GameId::OneTwoThree, GameId::Mathtricks, GameId::Tron];

    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// Whether a submission must pass the game's validity tests (positions to answer, one process
    /// per move) before it plays: one-two-three's course graded them.
    pub fn has_validity_tests(self) -> bool {
        matches!(self, GameId::OneTwoThree)
    }
}

/// An unknown game name; the message lists the valid ones.
#[derive(Debug, thiserror::Error)]
#[error("unknown game `{0}` (valid: checkers, connect4, one-two-three, mathtricks, tron)")]
pub struct UnknownGame(pub String);

impl UnknownGame {
    fn new(name: &str) -> UnknownGame {
        UnknownGame(name.to_string())
    }
}

/// How strong a house bot (a built-in opponent) plays: `random`, `level1` (a quick heuristic) or
/// `level2` (a search within the move time). The same words name the levels on the command line
/// (`house:level1`), in a contest's `house_bots` setting and in the database.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::EnumIter,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase", parse_err_ty = UnknownHouseLevel, parse_err_fn = UnknownHouseLevel::new)]
pub enum HouseLevel {
    Random,
    Level1,
    Level2,
}

impl HouseLevel {
    /// Every level, weakest first (the order contests list them in).
    pub const ALL: [HouseLevel; 3] = [HouseLevel::Random, HouseLevel::Level1, HouseLevel::Level2];

    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The level names, comma-separated, for error messages: `random, level1, level2`.
    pub fn names() -> String {
        HouseLevel::ALL.map(HouseLevel::as_str).join(", ")
    }
}

/// An unknown house-bot level; the message lists the valid ones.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("unknown house bot level `{0}` (valid: random, level1, level2)")]
pub struct UnknownHouseLevel(pub String);

impl UnknownHouseLevel {
    fn new(name: &str) -> UnknownHouseLevel {
        UnknownHouseLevel(name.to_string())
    }
}

/// A player's place in one game: `First` moves first (Black in checkers, `first` in connect4,
/// A in one-two-three, player 1 in mathtricks and tron).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for `First`, 1 for `Second`: an index into per-side arrays.
    pub fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }

    /// The 1-based player number the protocols use (`START 1`, tron's `1`/`2`).
    pub fn number(self) -> u8 {
        self.index() as u8 + 1
    }
}

/// Why a game ended by its rules: the spec's reason words, which a result's `reason` holds
/// (`serde` and `Display` give the word), beside the judge's own `forfeit` and `unfinished`.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    strum::Display,
    strum::IntoStaticStr,
    strum::EnumIter,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum OutcomeReason {
    /// The side to move has no legal move (checkers, mathtricks).
    NoMoves,
    /// The side to move has no pieces left (checkers).
    NoPieces,
    /// The round limit was reached (checkers).
    RoundLimit,
    /// Four (or `connect`) in a row (connect4).
    FourInARow,
    /// No cell left (connect4, one-two-three).
    BoardFull,
    /// A light cycle crashed (tron).
    Crash,
}

impl OutcomeReason {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// How a finished game ended, by the rules alone (forfeits are the judge's business).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Side>,
    /// Why it ended, by the rules.
    pub reason: OutcomeReason,
    /// The final score by the game's own counting, first side first, where the game has one
    /// (pieces in checkers, cells in one-two-three, totals in mathtricks).
    pub score: Option<[String; 2]>,
}

/// A move that does not parse: the text is not of the game's move form at all (`bad_output`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("malformed move: {0}")]
pub struct ParseMoveError(pub String);

/// A well-formed move that the rules forbid in this position (`illegal_move`); the message says
/// which rule it breaks, for the forfeit's detail.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move: {0}")]
pub struct IllegalMove(pub String);

/// A game in which the sides alternate, as the referee and the house bots drive it.
/// Implemented by checkers, connect4, one-two-three and mathtricks (tron is simultaneous and has
/// its own API).
pub trait TurnGame: Clone {
    /// A move as the protocol writes it; `FromStr` parses the bot's answer (for one-two-three,
    /// the answer's lines joined with `\n`), `Display` writes it back the same way.
    type Move: Clone + fmt::Debug + fmt::Display + FromStr<Err = ParseMoveError> + PartialEq;

    /// Whose turn it is.
    fn turn(&self) -> Side;
    /// Every legal move of the side to move (empty when the game is over).
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Plays a move after checking it; on error the state is unchanged.
    fn play(&mut self, mv: &Self::Move) -> Result<(), IllegalMove>;
    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The move as it appears in the result JSON's `moves` (a string by default).
    fn record(mv: &Self::Move) -> serde_json::Value {
        serde_json::Value::String(mv.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::IntoEnumIterator;

    #[test]
    fn game_ids_read_and_write_the_same_names() {
        let names: Vec<&str> = GameId::iter().map(GameId::as_str).collect();
        assert_eq!(names, ["checkers", "connect4", "one-two-three", "mathtricks", "tron"]);
        assert_eq!(GameId::iter().collect::<Vec<_>>(), GameId::ALL);
        for g in GameId::ALL {
            assert_eq!(g.to_string().parse::<GameId>().unwrap(), g);
            assert_eq!(serde_json::to_value(g).unwrap(), g.as_str());
        }
        assert_eq!(
            "chess".parse::<GameId>().unwrap_err().to_string(),
            "unknown game `chess` (valid: checkers, connect4, one-two-three, mathtricks, tron)"
        );
        assert!("Checkers".parse::<GameId>().is_err());
    }

    #[test]
    fn house_levels_read_and_write_the_same_names() {
        assert_eq!(HouseLevel::names(), "random, level1, level2");
        assert_eq!(HouseLevel::iter().collect::<Vec<_>>(), HouseLevel::ALL);
        for l in HouseLevel::ALL {
            assert_eq!(l.to_string().parse::<HouseLevel>().unwrap(), l);
            assert_eq!(serde_json::to_value(l).unwrap(), l.as_str());
        }
        assert_eq!(
            "level3".parse::<HouseLevel>().unwrap_err().to_string(),
            "unknown house bot level `level3` (valid: random, level1, level2)"
        );
    }
}

#[cfg(test)]
mod outcome_reason_tests {
    use super::OutcomeReason::{self, *};

    /// The words stored in results and shown by the API: they must never change.
    #[test]
    fn reasons_are_the_spec_words() {
        let words: Vec<(OutcomeReason, &str)> = vec![
            (NoMoves, "no_moves"),
            (NoPieces, "no_pieces"),
            (RoundLimit, "round_limit"),
            (FourInARow, "four_in_a_row"),
            (BoardFull, "board_full"),
            (Crash, "crash"),
        ];
        for (reason, word) in words {
            assert_eq!(reason.as_str(), word);
            assert_eq!(reason.to_string(), word);
            assert_eq!(serde_json::to_value(reason).unwrap(), word);
            assert_eq!(serde_json::from_value::<OutcomeReason>(word.into()).unwrap(), reason);
        }
    }
}
