//! A result's `params`: what, beyond the settings, a game was played on (its board size, seed,
//! generated board). The judge writes them with each result; the replay's frames and a person's
//! view of a position are rebuilt from them (`docs/result-json.md` lists each game's fields).
//!
//! Stored as a plain JSON object whose fields depend on the game, so reading one needs the game:
//! [`Params::from_stored`].

use super::frames::ReplayError;
use super::GameId;
use serde::{Deserialize, Serialize};

/// A game's `params`; serialized as the game's own object (`{"cols": 6, "rows": 4}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Params {
    Checkers(CheckersParams),
    Connect4(Connect4Params),
    OneTwoThree(OneTwoThreeParams),
    Mathtricks(MathtricksParams),
    Tron(TronParams),
}

/// Checkers is played on its one board: `{}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckersParams {}

/// Connect4: the game's magic number (what its bots are told first; results stored before it
/// was recorded have none).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Connect4Params {
    #[serde(default)]
    pub magic: i64,
}

/// One-two-three: the board's size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OneTwoThreeParams {
    pub cols: u32,
    pub rows: u32,
}

/// Mathtricks: the generated board (rows of cell texts) and what it was generated from; a result
/// without `board` is replayed on the board its `seed`, `width` and `height` generate.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MathtricksParams {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<Vec<String>>>,
}

/// Tron: the grid's size and the tick, in milliseconds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TronParams {
    pub width: u32,
    pub height: u32,
    #[serde(default)]
    pub ms: Option<u32>,
}

impl Params {
    /// Reads a result's stored `params` as those of `game`; the error names the field at fault.
    pub fn from_stored(game: GameId, stored: &serde_json::Value) -> Result<Params, ReplayError> {
        fn read<T: serde::de::DeserializeOwned>(stored: &serde_json::Value) -> Result<T, ReplayError> {
            // `null` is what a result without params holds: the same as `{}`.
            let empty = serde_json::Value::Object(Default::default());
            let stored = if stored.is_null() { &empty } else { stored };
            serde_path_to_error::deserialize(stored)
                .map_err(|e| ReplayError::Params(format!("`{}`: {} ({stored})", e.path(), e.inner())))
        }
        Ok(match game {
            GameId::Checkers => Params::Checkers(read(stored)?),
            GameId::Connect4 => Params::Connect4(read(stored)?),
            GameId::OneTwoThree => Params::OneTwoThree(read(stored)?),
            GameId::Mathtricks => Params::Mathtricks(read(stored)?),
            GameId::Tron => Params::Tron(read(stored)?),
        })
    }

    /// The game these are the params of.
    pub fn game(&self) -> GameId {
        match self {
            Params::Checkers(_) => GameId::Checkers,
            Params::Connect4(_) => GameId::Connect4,
            Params::OneTwoThree(_) => GameId::OneTwoThree,
            Params::Mathtricks(_) => GameId::Mathtricks,
            Params::Tron(_) => GameId::Tron,
        }
    }

    /// As stored in a result.
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("params serialize to JSON")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn params_are_stored_as_each_games_own_object() {
        let cases = [
            (Params::Checkers(CheckersParams {}), json!({})),
            (Params::Connect4(Connect4Params { magic: 42 }), json!({"magic": 42})),
            (Params::OneTwoThree(OneTwoThreeParams { cols: 6, rows: 4 }), json!({"cols": 6, "rows": 4})),
            (
                Params::Mathtricks(MathtricksParams {
                    seed: Some(7),
                    width: Some(4),
                    height: Some(4),
                    board: Some(vec![vec!["+0".into(), "*2".into()]]),
                }),
                json!({"seed": 7, "width": 4, "height": 4, "board": [["+0", "*2"]]}),
            ),
            (
                Params::Tron(TronParams { width: 12, height: 6, ms: Some(230) }),
                json!({"width": 12, "height": 6, "ms": 230}),
            ),
        ];
        for (params, stored) in cases {
            assert_eq!(params.to_value(), stored);
            assert_eq!(Params::from_stored(params.game(), &stored).unwrap(), params);
        }
    }

    #[test]
    fn a_result_without_params_reads_as_the_empty_object() {
        assert_eq!(
            Params::from_stored(GameId::Checkers, &json!(null)).unwrap(),
            Params::Checkers(CheckersParams {})
        );
        assert_eq!(
            Params::from_stored(GameId::Connect4, &json!({})).unwrap(),
            Params::Connect4(Connect4Params { magic: 0 })
        );
    }

    #[test]
    fn a_missing_or_mistyped_field_is_named() {
        let err = Params::from_stored(GameId::Tron, &json!({"width": 12})).unwrap_err().to_string();
        assert!(err.starts_with("params: ") && err.contains("height"), "{err}");
        let err = Params::from_stored(GameId::OneTwoThree, &json!({"cols": "six", "rows": 4}))
            .unwrap_err()
            .to_string();
        assert!(err.contains("`cols`"), "{err}");
    }
}
