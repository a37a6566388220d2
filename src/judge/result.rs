//! The result of a game and of a match, in the JSON form of `docs/result-json.md`
//! (used by `botarena play --json`, the workers' stored results and the replay viewer).
//! A stored [`GameResult`] (`games.result`) reads back typed; the fields an older version may not
//! have written have defaults.

use crate::games::settings::Settings;
use crate::games::{GameId, OutcomeReason};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// The two bots of a match are `a` and `b`; a game seats them in either order.
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
    strum::IntoStaticStr,
    ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum BotId {
    A,
    B,
}

impl BotId {
    pub fn other(self) -> BotId {
        match self {
            BotId::A => BotId::B,
            BotId::B => BotId::A,
        }
    }
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The bot named `a` or `b` (as stored), `None` for anything else.
    pub fn from_name(name: &str) -> Option<BotId> {
        match name {
            "a" => Some(BotId::A),
            "b" => Some(BotId::B),
            _ => None,
        }
    }
}

/// Which rule of the judge a bot broke; the names are a contract with tools and the web.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
    strum::EnumIter,
    ToSchema,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum ForfeitKind {
    StartTimeout,
    MoveTimeout,
    TimeBank,
    IllegalMove,
    BadOutput,
    UnexpectedOutput,
    Exited,
    MemoryLimit,
    OutputLimit,
    SandboxViolation,
}

impl ForfeitKind {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// A bot lost at once for breaking a rule; `detail` holds the offending line or figure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Forfeit {
    pub bot: BotId,
    pub kind: ForfeitKind,
    pub detail: String,
}

/// Per-bot figures keyed `a` / `b`.
pub type PerBot<T> = BTreeMap<BotId, T>;

/// Why a game ended: by a rule of the game, or by the judge (a forfeit, or a game that could not
/// finish); stored and sent as the word (`four_in_a_row`, `forfeit`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum EndReason {
    Rule(OutcomeReason),
    Judge(JudgeReason),
}

/// The judge's own endings, beside the rules' [`OutcomeReason`]s.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, strum::IntoStaticStr, strum::EnumIter,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum JudgeReason {
    /// A bot broke a rule of the protocol or a limit (the result's `forfeit` says which).
    Forfeit,
    /// Neither: the game stopped without an outcome.
    Unfinished,
}

impl EndReason {
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Rule(r) => r.as_str(),
            EndReason::Judge(j) => j.into(),
        }
    }
}

impl std::fmt::Display for EndReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<&str> for EndReason {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// One game, as stored and as loaded by the replay viewer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct GameResult {
    /// The game's number in its match, from 0.
    pub index: u32,
    /// `seats[0]` moved first.
    pub seats: [BotId; 2],
    /// Whatever is needed to replay the game (board size, seed, generated board...).
    #[serde(default)]
    #[schema(value_type = Object)]
    pub params: serde_json::Value,
    /// The moves in order, in the game's own notation (see `docs/result-json.md`).
    #[serde(default)]
    #[schema(value_type = Vec<Value>)]
    pub moves: Vec<serde_json::Value>,
    /// `None` for a draw.
    #[serde(default)]
    pub winner: Option<BotId>,
    /// The game's own score, first seat first; `None` where the game has none.
    #[serde(default)]
    #[schema(value_type = Option<Vec<Value>>)]
    pub score: Option<[serde_json::Value; 2]>,
    /// Why the game ended (`four_in_a_row`, `no_moves`, `forfeit`, ...).
    #[schema(value_type = String)]
    pub reason: EndReason,
    /// The rule a bot broke, when the game ended by a forfeit.
    #[serde(default)]
    pub forfeit: Option<Forfeit>,
    /// Each bot's thinking time in milliseconds, keyed `a` / `b`.
    #[serde(default)]
    pub think_ms: PerBot<u64>,
    /// Each bot's peak memory in KiB where it was measured, keyed `a` / `b`.
    #[serde(default)]
    pub peak_memory_kib: PerBot<Option<u64>>,
    /// The factor each bot's time limits were multiplied by (its language's
    /// `time_factor.LANGUAGE`, else 1), keyed `a` / `b`; empty in results stored before there
    /// were factors (all 1), and then left out, so that a stored result keeps its shape.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub time_factor: PerBot<f64>,
}

/// A bot's label in the result (`bots/mine.c`, `house:random`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotLabel {
    pub label: String,
}

/// The totals of a match: more games won wins it, 3 / 1 / 0 points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSummary {
    pub wins: PerBot<u32>,
    pub draws: u32,
    pub points: PerBot<u32>,
}

impl MatchSummary {
    pub fn from_games(games: &[GameResult]) -> MatchSummary {
        Self::from_winners(games.iter().map(|g| g.winner))
    }

    /// The same from each game's winner alone (`None` a draw).
    pub fn from_winners(winners: impl IntoIterator<Item = Option<BotId>>) -> MatchSummary {
        let mut wins = PerBot::from([(BotId::A, 0), (BotId::B, 0)]);
        let mut draws = 0;
        for winner in winners {
            match winner {
                Some(w) => *wins.get_mut(&w).expect("both bots present") += 1,
                None => draws += 1,
            }
        }
        let (a, b) = (wins[&BotId::A], wins[&BotId::B]);
        let points = match a.cmp(&b) {
            std::cmp::Ordering::Greater => [(BotId::A, 3), (BotId::B, 0)],
            std::cmp::Ordering::Less => [(BotId::A, 0), (BotId::B, 3)],
            std::cmp::Ordering::Equal => [(BotId::A, 1), (BotId::B, 1)],
        };
        MatchSummary { wins, draws, points: PerBot::from(points) }
    }
}

/// The whole match, the object `botarena play --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchResult {
    pub game: GameId,
    pub settings: Settings,
    pub bots: PerBot<BotLabel>,
    pub games: Vec<GameResult>,
    #[serde(rename = "match")]
    pub summary: MatchSummary,
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::IntoEnumIterator;

    #[test]
    fn forfeit_kinds_and_bot_ids_are_named_the_same_in_json_and_text() {
        for kind in ForfeitKind::iter() {
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.as_str());
        }
        assert_eq!(ForfeitKind::SandboxViolation.as_str(), "sandbox_violation");
        for bot in [BotId::A, BotId::B] {
            assert_eq!(serde_json::to_value(bot).unwrap(), bot.as_str());
        }
    }

    #[test]
    fn a_stored_result_reads_back_typed_and_keeps_its_shape() {
        let text = r#"{"index":1,"seats":["b","a"],"params":{"seed":7},"moves":["3","4"],"winner":"a","score":null,"reason":"forfeit","forfeit":{"bot":"b","kind":"move_timeout","detail":"5000 ms"},"think_ms":{"a":12,"b":5000},"peak_memory_kib":{"a":1024,"b":null}}"#;
        let r: GameResult = serde_json::from_str(text).unwrap();
        assert_eq!(r.forfeit.as_ref().map(|f| f.kind), Some(ForfeitKind::MoveTimeout));
        assert_eq!(r.seats, [BotId::B, BotId::A]);
        assert_eq!(serde_json::to_string(&r).unwrap(), text);
    }

    #[test]
    fn end_reasons_are_stored_as_todays_words() {
        use strum::IntoEnumIterator;
        let words: Vec<String> = OutcomeReason::iter()
            .map(EndReason::Rule)
            .chain(JudgeReason::iter().map(EndReason::Judge))
            .map(|r| {
                let json = serde_json::to_value(r).unwrap();
                assert_eq!(serde_json::from_value::<EndReason>(json.clone()).unwrap(), r);
                assert_eq!(json, r.as_str());
                r.to_string()
            })
            .collect();
        let expected = [
            "no_moves",
            "no_pieces",
            "round_limit",
            "four_in_a_row",
            "board_full",
            "crash",
            "forfeit",
            "unfinished",
        ];
        assert_eq!(words, expected);
        assert!(serde_json::from_str::<EndReason>("\"resigned\"").is_err());
    }

    #[test]
    fn a_result_without_the_optional_fields_still_reads() {
        let r: GameResult =
            serde_json::from_str(r#"{"index":0,"seats":["a","b"],"reason":"board_full"}"#).unwrap();
        assert_eq!((r.winner, r.moves.len(), r.think_ms.len()), (None, 0, 0));
    }
}
