//! The ids of the platform's rows, one type per table, so that a submission id cannot be passed
//! where a contest id is wanted. Each is stored as `int8` (`#[sqlx(transparent)]`), written in JSON
//! and URLs as the bare number, and converted from and to `i64` only at the edges (a parsed path,
//! a test fixture).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

macro_rules! row_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            sqlx::Type, Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
        )]
        #[sqlx(transparent)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl FromStr for $name {
            type Err = std::num::ParseIntError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                s.parse().map($name)
            }
        }

        impl From<$name> for i64 {
            fn from(id: $name) -> i64 {
                id.0
            }
        }
    };
}

row_id!(
    /// A row of `users`.
    UserId
);
row_id!(
    /// A row of `contests`.
    ContestId
);
row_id!(
    /// A row of `submissions` (house bots' included).
    SubmissionId
);
row_id!(
    /// A row of `matches`: two submissions of a contest and the games they play.
    MatchId
);
row_id!(
    /// A row of `games`: one game of a match. (Which game is played, checkers or tron, is
    /// [`crate::games::GameId`].)
    GameRecordId
);
