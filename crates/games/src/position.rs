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
use super::{Outcome, Side, TurnGame};
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

    /// Whether `text` could be played now; the position is unchanged either way.
    pub fn check(&self, text: &str) -> Result<(), String> {
        self.clone().play(text)
    }

    /// The checkers rule `text` breaks, if it is a checkers move that parses (for saying the
    /// rule in the reader's language; [`Position::check`] says it in English).
    pub fn checkers_refusal(&self, text: &str) -> Option<super::checkers::Refusal> {
        match self {
            Position::Checkers(g) if g.outcome().is_none() => g.refusal(&text.parse().ok()?),
            _ => None,
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
        p.check("0").unwrap();
        p.play("0").unwrap();
        assert_eq!(p.turn(), Side::First);
        let err = p.check("0").unwrap_err();
        assert!(err.starts_with("illegal move"), "{err}");
        assert!(p.check("x").unwrap_err().starts_with("malformed move"));
        assert!(p.outcome().is_none());
    }

    #[test]
    fn tron_has_no_position_and_bad_stored_moves_say_which() {
        assert!(after(GameId::Tron, &json!({}), &json!({ "width": 5, "height": 5 }), &[]).unwrap().is_none());
        let err =
            after(GameId::Checkers, &json!({}), &json!({}), &[json!("nonsense")]).unwrap_err().to_string();
        assert!(err.starts_with("move 1"), "{err}");
    }
}
