//! The stored scoreboard snapshot (`scoreboards.rows`): one [`ScoreRow`] per entrant, in rank
//! order. `jobs::scoreboard` computes it; the pages, the CSV and `GET /api/contests/{slug}/scoreboard`
//! read it back. The JSON shape is the API's (`docs/api.md`), so a snapshot stored by an older
//! version still reads.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;

/// Won, drawn and lost counts (of matches or of games).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Wdl {
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
}

impl Wdl {
    /// Counts one contest between `mine` and `theirs` (points, or games won).
    pub fn add(&mut self, mine: u32, theirs: u32) {
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => self.won += 1,
            std::cmp::Ordering::Equal => self.drawn += 1,
            std::cmp::Ordering::Less => self.lost += 1,
        }
    }
}

/// One entrant's line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ScoreRow {
    /// Equal points share a rank; house bots are ranked among themselves.
    pub rank: u64,
    /// The entrant's nickname (their username when they chose none; `house:<level>` for a house bot).
    pub nickname: String,
    /// 3 per match won, 1 per match drawn.
    pub points: i64,
    /// Matches won, drawn and lost.
    pub matches: Wdl,
    /// Games won, drawn and lost.
    pub games: Wdl,
    /// The entrant's current submission (always there in computed rows; a row made by hand
    /// without it reads, and is shown without a link).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub submission_id: Option<i64>,
    /// The language id of that submission.
    pub language: String,
    /// When the entrant last submitted (RFC 3339).
    #[serde(with = "time::serde::rfc3339")]
    pub submitted_at: OffsetDateTime,
    /// A house bot's row: counted against the students only, listed after them.
    /// (Snapshots stored before house bots existed have no such field: students.)
    #[serde(default)]
    pub house: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_stored_before_house_bots_still_reads() {
        let old = serde_json::json!([{
            "rank": 1, "nickname": "s1001", "points": 3,
            "matches": {"won": 1, "drawn": 0, "lost": 0}, "games": {"won": 2, "drawn": 0, "lost": 0},
            "submission_id": 1, "language": "python", "submitted_at": "2026-11-23T10:29:09.807086Z"
        }]);
        let rows: Vec<ScoreRow> = serde_json::from_value(old).unwrap();
        assert_eq!(rows[0].games, Wdl { won: 2, drawn: 0, lost: 0 });
        assert!(!rows[0].house);
        assert_eq!(rows[0].submitted_at.unix_timestamp(), 1_795_429_749);
    }

    #[test]
    fn a_row_keeps_its_stored_shape() {
        let text = r#"{"rank":2,"nickname":"house:random","points":0,"matches":{"won":0,"drawn":0,"lost":1},"games":{"won":0,"drawn":1,"lost":1},"submission_id":7,"language":"c","submitted_at":"2026-11-23T10:29:09.807086Z","house":true}"#;
        let row: ScoreRow = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&row).unwrap(), text);
    }
}
