//! A turn game's current position, rebuilt from a result's stored moves the way the replay's
//! frames are, for someone who plays by hand: whose turn it is, and whether a move typed in the
//! game's own notation may be played now (and if not, which rule it breaks).

use super::checkers::Checkers;
use super::connect4::Connect4;
use super::frames::{
    checkers_start, connect4_start, mathtricks_board, one_two_three_start, one_two_three_text, string_move,
};
use super::mathtricks::Mathtricks;
use super::one_two_three::OneTwoThree;
use super::{GameId, Outcome, Side, TurnGame};
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
    /// The start position of `game` under its stored `settings` and the result's `params` (see
    /// [`super::frames::replay`]); `Ok(None)` for tron.
    pub fn start(game: GameId, settings: &Value, params: &Value) -> Result<Option<Position>, String> {
        Ok(Some(match game {
            GameId::Checkers => Position::Checkers(checkers_start(settings)?),
            GameId::Connect4 => Position::Connect4(connect4_start(settings)?),
            GameId::OneTwoThree => Position::OneTwoThree(one_two_three_start(params)?),
            GameId::Mathtricks => Position::Mathtricks(Mathtricks::new(mathtricks_board(params)?)),
            GameId::Tron => return Ok(None),
        }))
    }

    /// The position after the stored `moves` (as a result records them).
    pub fn after(
        game: GameId,
        settings: &Value,
        params: &Value,
        moves: &[Value],
    ) -> Result<Option<Position>, String> {
        let Some(mut position) = Position::start(game, settings, params)? else {
            return Ok(None);
        };
        for (i, stored) in moves.iter().enumerate() {
            position.play_stored(stored).map_err(|why| format!("move {} ({stored}): {why}", i + 1))?;
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
    use serde_json::json;

    #[test]
    fn a_connect4_position_knows_whose_turn_and_refuses_a_full_column() {
        let settings = json!({ "rows": 4, "cols": 4, "connect": 4 });
        let moves: Vec<Value> = ["0", "0", "0"].iter().map(|m| json!(m)).collect();
        let mut p = Position::after(GameId::Connect4, &settings, &json!({}), &moves).unwrap().unwrap();
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
        assert!(Position::start(GameId::Tron, &json!({}), &json!({ "width": 5, "height": 5 }))
            .unwrap()
            .is_none());
        let err =
            Position::after(GameId::Checkers, &json!({}), &json!({}), &[json!("nonsense")]).unwrap_err();
        assert!(err.starts_with("move 1"), "{err}");
    }
}
