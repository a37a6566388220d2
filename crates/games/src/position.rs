//! A turn game's current position, rebuilt from a result's stored moves the way the replay's
//! frames are, for someone who plays by hand: whose turn it is, and whether a move typed in the
//! game's own notation may be played now (and if not, which rule it breaks).

use super::checkers::Checkers;
use super::connect4::Connect4;
use super::frames::{
    mathtricks_board, mismatch, one_two_three_start, one_two_three_text, string_move, ReplayError,
};
use super::mathtricks::Mathtricks;
use super::one_two_three::OneTwoThree;
use super::params::Params;
use super::settings::{GameSettings, Settings};
use super::{Outcome, ParseMoveError, Side, TurnGame};
use serde_json::Value;

/// The position of a turn game (tron, played on a clock, has none).
#[derive(Clone, Debug)]
pub enum Position {
    Checkers(Checkers),
    Connect4(Connect4),
    OneTwoThree(OneTwoThree),
    Mathtricks(Mathtricks),
}

/// Runs `$body` with `$g` bound to the game inside a [`Position`].
macro_rules! with_game {
    ($pos:expr, $g:ident => $body:expr) => {
        match $pos {
            Position::Checkers($g) => $body,
            Position::Connect4($g) => $body,
            Position::OneTwoThree($g) => $body,
            Position::Mathtricks($g) => $body,
        }
    };
}

/// Parses `text` and plays it on `game`: `malformed move: …` or `illegal move: …` when it cannot
/// be played (the game is then unchanged).
fn play_text<G: TurnGame>(game: &mut G, text: &str) -> Result<(), String> {
    let mv: G::Move = text.parse().map_err(|e: super::ParseMoveError| e.to_string())?;
    game.play(&mv).map_err(|e| e.to_string())
}

/// The rule a refused move breaks, in whichever turn game it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    Checkers(super::checkers::Refusal),
    Connect4(super::connect4::Refusal),
    OneTwoThree(super::one_two_three::Refusal),
    Mathtricks(super::mathtricks::Refusal),
}

/// The game's own English reason, as the judge reports an illegal move.
impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Checkers(r) => r.fmt(f),
            Refusal::Connect4(r) => r.fmt(f),
            Refusal::OneTwoThree(r) => r.fmt(f),
            Refusal::Mathtricks(r) => r.fmt(f),
        }
    }
}

/// Why a move typed by hand cannot be played now ([`Position::refusal`]). `Display` writes it
/// in English as the judge reports a bot's move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// The text is not of the game's move form (why, in English).
    #[error("malformed move: {0}")]
    Malformed(String),
    #[error("illegal move: {0}")]
    Rule(Refusal),
    /// The game is over by the rules (the reason's word).
    #[error("illegal move: the game is over ({0})")]
    Over(String),
}

impl Position {
    /// The start position of a game under its `settings` and its result's `params` (as for
    /// [`super::frames::replay`]); `Ok(None)` for tron.
    pub fn start(settings: &Settings, params: &Params) -> Result<Option<Position>, ReplayError> {
        Ok(Some(match (settings.game(), params) {
            (GameSettings::Checkers(s), Params::Checkers(_)) => {
                Position::Checkers(Checkers::new(s.max_rounds))
            }
            (GameSettings::Connect4(s), Params::Connect4(_)) => {
                Position::Connect4(Connect4::new(s.rows, s.cols, s.connect))
            }
            (GameSettings::OneTwoThree(_), Params::OneTwoThree(p)) => {
                Position::OneTwoThree(one_two_three_start(p)?)
            }
            (GameSettings::Mathtricks(_), Params::Mathtricks(p)) => {
                Position::Mathtricks(Mathtricks::new(mathtricks_board(p)?))
            }
            (GameSettings::Tron(_), Params::Tron(_)) => return Ok(None),
            (s, p) => return Err(mismatch(s.game(), p)),
        }))
    }

    /// The position after the stored `moves` (as a result records them).
    pub fn after(
        settings: &Settings,
        params: &Params,
        moves: &[Value],
    ) -> Result<Option<Position>, ReplayError> {
        let Some(mut position) = Position::start(settings, params)? else {
            return Ok(None);
        };
        for (i, stored) in moves.iter().enumerate() {
            position.play_stored(stored).map_err(|why| ReplayError::Move {
                unit: "move",
                number: i + 1,
                stored: stored.clone(),
                why,
            })?;
        }
        Ok(Some(position))
    }

    /// Plays a move as a result stores it.
    pub fn play_stored(&mut self, stored: &Value) -> Result<(), String> {
        let text = match self {
            Position::OneTwoThree(_) => one_two_three_text(stored),
            _ => string_move(stored),
        }
        .ok_or_else(|| "not a move of this game".to_string())?;
        self.play(&text)
    }

    /// Plays a move written in the game's own notation (as a bot prints it; one-two-three's
    /// board rows joined with `\n`).
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        with_game!(self, g => play_text(g, text))
    }

    /// Why `text` cannot be played now (`None`: it can); the position is unchanged either way.
    pub fn refusal(&self, text: &str) -> Option<Refused> {
        fn parsed<G: TurnGame>(text: &str) -> Result<G::Move, Refused> {
            text.parse().map_err(|e: ParseMoveError| Refused::Malformed(e.0))
        }
        let rule = match self {
            Position::Checkers(g) => {
                if let Some(o) = g.outcome() {
                    return Some(Refused::Over(o.reason.to_string()));
                }
                parsed::<Checkers>(text).map(|mv| g.refusal(&mv).map(Refusal::Checkers))
            }
            Position::Connect4(g) => parsed::<Connect4>(text).map(|mv| g.refusal(&mv).map(Refusal::Connect4)),
            Position::OneTwoThree(g) => {
                parsed::<OneTwoThree>(text).map(|mv| g.fill_of(&mv).err().map(Refusal::OneTwoThree))
            }
            Position::Mathtricks(g) => {
                parsed::<Mathtricks>(text).map(|mv| g.refusal(&mv).map(Refusal::Mathtricks))
            }
        };
        match rule {
            Ok(rule) => rule.map(Refused::Rule),
            Err(refused) => Some(refused),
        }
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Side {
        with_game!(self, g => g.turn())
    }

    /// `Some` once the game is over by the rules.
    pub fn outcome(&self) -> Option<Outcome> {
        with_game!(self, g => g.outcome())
    }

    /// Every legal move of the side to move, in the game's own notation.
    pub fn legal_moves(&self) -> Vec<String> {
        with_game!(self, g => g.legal_moves().iter().map(ToString::to_string).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameId;
    use serde_json::json;

    fn after(
        game: GameId,
        settings: &Value,
        params: &Value,
        moves: &[Value],
    ) -> Result<Option<Position>, ReplayError> {
        let settings = Settings::from_stored(game, settings)?;
        Position::after(&settings, &Params::from_stored(game, params)?, moves)
    }

    #[test]
    fn a_connect4_position_knows_whose_turn_and_refuses_a_full_column() {
        let settings = json!({ "rows": 4, "cols": 4, "connect": 4 });
        let moves: Vec<Value> = ["0", "0", "0"].iter().map(|m| json!(m)).collect();
        let mut p = after(GameId::Connect4, &settings, &json!({}), &moves).unwrap().unwrap();
        assert_eq!(p.turn(), Side::Second);
        assert_eq!(p.refusal("0"), None);
        p.play("0").unwrap();
        assert_eq!(p.turn(), Side::First);
        let full = p.refusal("0").unwrap();
        assert_eq!(full, Refused::Rule(Refusal::Connect4(crate::connect4::Refusal::Full(0))));
        assert_eq!(full.to_string(), "illegal move: column 0 is full");
        let wide = Refusal::Connect4(crate::connect4::Refusal::OutOfRange { col: 4, cols: 4 });
        assert_eq!(p.refusal("4"), Some(Refused::Rule(wide)));
        assert!(matches!(p.refusal("x"), Some(Refused::Malformed(_))));
        assert!(p.outcome().is_none());
    }

    #[test]
    fn each_turn_game_names_the_rule_a_move_breaks() {
        use crate::one_two_three::{Refusal as R, Spot};
        let p =
            after(GameId::OneTwoThree, &json!({}), &json!({ "cols": 4, "rows": 4 }), &[]).unwrap().unwrap();
        let gap = p.refusal("A-A-\n----\n----\n----").unwrap();
        let spot = |row, col| Spot { row, col };
        let want = R::GapLeft { from: spot(1, 1), to: spot(1, 3), middle: spot(1, 2) };
        assert_eq!(gap, Refused::Rule(Refusal::OneTwoThree(want)));
        assert_eq!(
            gap.to_string(),
            "illegal move: row 1, column 1 and row 1, column 3 are not adjacent and row 1, column 2 between \
             them was left free"
        );
        assert_eq!(p.refusal("AAA-\n----\n----\n----"), None);

        let p = after(GameId::Checkers, &json!({}), &json!({}), &[]).unwrap().unwrap();
        assert!(matches!(p.refusal("2 0,0 1,1"), Some(Refused::Rule(Refusal::Checkers(_)))));
    }

    #[test]
    fn tron_has_no_position_and_bad_stored_moves_say_which() {
        assert!(after(GameId::Tron, &json!({}), &json!({ "width": 5, "height": 5 }), &[]).unwrap().is_none());
        let err =
            after(GameId::Checkers, &json!({}), &json!({}), &[json!("nonsense")]).unwrap_err().to_string();
        assert!(err.starts_with("move 1"), "{err}");
    }
}
