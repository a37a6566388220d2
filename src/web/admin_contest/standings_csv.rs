//! The standings as a CSV download for admins (house bots left out), with usernames and display
//! names, made safe for spreadsheets.

use crate::db::ids::SubmissionId;
use crate::db::scoreboard::ScoreRow;
use crate::db::submissions::{self};
use crate::web::error::PageResult;
use crate::web::extract::{contest_or_404, PageUser};
use crate::web::input::Path;
use crate::web::render::{attachment, rfc3339};
use crate::web::scoreboard_view::snapshot;
use crate::web::state::AppState;
use axum::extract::State;

/// One CSV field, written by the csv crate: quoted when it holds a comma, a quote or a line break
/// (RFC 4180), and also when it has edge spaces, which some spreadsheets drop from bare fields.
fn csv_field(f: &str) -> String {
    if f.is_empty() {
        // A record of one empty field is written `""`; an empty field among others is bare.
        return String::new();
    }
    let style = if f.trim() != f { csv::QuoteStyle::Always } else { csv::QuoteStyle::Necessary };
    let mut out = csv::WriterBuilder::new().quote_style(style).from_writer(Vec::new());
    // Written as a one-field record, so the closing quote is out, then the `\n` dropped. Writing
    // to memory cannot fail, and the crate only adds ASCII quotes to UTF-8 text.
    let mut bytes = out.write_record([f]).ok().and_then(|()| out.into_inner().ok()).unwrap_or_default();
    bytes.pop();
    String::from_utf8(bytes).unwrap_or_default()
}

/// A name users chose, made inert for spreadsheets: a leading `=`, `+`, `-`, `@` or tab would make
/// Excel or LibreOffice read the cell as a formula (CSV injection), so such a name gets a `'` first.
fn inert(name: &str) -> String {
    if name.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{name}")
    } else {
        name.to_string()
    }
}

const CSV_HEADER: [&str; 14] = [
    "rank",
    "nickname",
    "username",
    "display_name",
    "points",
    "matches_won",
    "matches_drawn",
    "matches_lost",
    "games_won",
    "games_drawn",
    "games_lost",
    "language",
    "submission_id",
    "submitted_at",
];

/// The standings as CSV from snapshot rows (house bots left out), with each entrant's username
/// and display name from `owners` (submission id, username, display name).
pub fn standings_csv_text(rows: &[ScoreRow], owners: &[(SubmissionId, String, Option<String>)]) -> String {
    let mut out = CSV_HEADER.join(",") + "\r\n";
    for r in rows.iter().filter(|r| !r.house) {
        let sub = r.submission_id.unwrap_or(SubmissionId(0));
        let owner = owners.iter().find(|o| o.0 == sub);
        let fields = [
            r.rank.to_string(),
            inert(&r.nickname),
            owner.map(|o| inert(&o.1)).unwrap_or_default(),
            owner.and_then(|o| o.2.as_deref().map(inert)).unwrap_or_default(),
            r.points.to_string(),
            r.matches.won.to_string(),
            r.matches.drawn.to_string(),
            r.matches.lost.to_string(),
            r.games.won.to_string(),
            r.games.drawn.to_string(),
            r.games.lost.to_string(),
            r.language.clone(),
            sub.to_string(),
            rfc3339(&r.submitted_at),
        ];
        out += &fields.iter().map(|f| csv_field(f)).collect::<Vec<_>>().join(",");
        out += "\r\n";
    }
    out
}

/// The stored snapshot (the final one once frozen) as a CSV download.
pub(super) async fn standings_csv(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
) -> PageResult {
    who.require_admin()?;
    let c = contest_or_404(&state, &slug).await?;
    let (_, rows) = snapshot(&state.pool, c.id).await?;
    let ids: Vec<SubmissionId> = rows.iter().filter_map(|r| r.submission_id).collect();
    let mut conn = state.pool.acquire().await?;
    let owners = submissions::owners(&mut conn, &ids).await?;
    let body = standings_csv_text(&rows, &owners);
    Ok(attachment("text/csv; charset=utf-8", &format!("{slug}-standings.csv"), body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_only_when_needed() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
        assert_eq!(csv_field(" edge"), "\" edge\"");
        assert_eq!(csv_field(""), "");
        assert_eq!(csv_field("cr\rlf"), "\"cr\rlf\"");
        assert_eq!(csv_field("back\\slash#hash;semi\ttab'"), "back\\slash#hash;semi\ttab'");
        assert_eq!(csv_field("'=1,\"2\""), "\"'=1,\"\"2\"\"\"");
    }

    #[test]
    fn names_that_a_spreadsheet_would_run_as_formulas_are_made_inert() {
        assert_eq!(inert("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(inert("@sum"), "'@sum");
        assert_eq!(inert("-1"), "'-1");
        assert_eq!(inert("alice"), "alice");
    }
}
