//! The standings as a CSV download for admins (house bots left out), with usernames and display
//! names, made safe for spreadsheets; once the contest has finals, in the order of its final
//! standings, with the finals' columns.

use crate::db::ids::SubmissionId;
use crate::db::scoreboard::ScoreRow;
use crate::db::submissions::{self};
use crate::service::finals::{self, final_order};
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

/// The columns after [`CSV_HEADER`] once the contest has finals: each student's rank in the
/// contest's final standings (the finalists by the finals, then the others) and the finalists'
/// totals in the finals.
const FINALS_HEADER: [&str; 8] = [
    "final_rank",
    "finals_points",
    "finals_matches_won",
    "finals_matches_drawn",
    "finals_matches_lost",
    "finals_games_won",
    "finals_games_drawn",
    "finals_games_lost",
];

/// The standings as CSV from snapshot rows (house bots left out), with each entrant's username
/// and display name from `owners` (submission id, username, display name). With the rows of the
/// contest's `finals`, the rows come in the order of the final standings (`service::finals`) with
/// the [`FINALS_HEADER`] columns after the others.
pub fn standings_csv_text(
    rows: &[ScoreRow],
    owners: &[(SubmissionId, String, Option<String>)],
    finals: Option<&[ScoreRow]>,
) -> String {
    let mut header: Vec<&str> = CSV_HEADER.to_vec();
    if finals.is_some() {
        header.extend(FINALS_HEADER);
    }
    let mut out = header.join(",") + "\r\n";
    let ordered: Vec<(Option<u64>, &ScoreRow, Option<&ScoreRow>)> = match finals {
        Some(f) => final_order(rows, f).into_iter().map(|(rank, r, f)| (Some(rank), r, f)).collect(),
        None => rows.iter().filter(|r| !r.house).map(|r| (None, r, None)).collect(),
    };
    for (final_rank, r, f) in ordered {
        let sub = r.submission_id.unwrap_or(SubmissionId(0));
        let owner = owners.iter().find(|o| o.0 == sub);
        let mut fields = vec![
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
        if let Some(rank) = final_rank {
            fields.push(rank.to_string());
            match f {
                Some(f) => fields.extend([
                    f.points.to_string(),
                    f.matches.won.to_string(),
                    f.matches.drawn.to_string(),
                    f.matches.lost.to_string(),
                    f.games.won.to_string(),
                    f.games.drawn.to_string(),
                    f.games.lost.to_string(),
                ]),
                None => fields.extend(std::iter::repeat_n(String::new(), FINALS_HEADER.len() - 1)),
            }
        }
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
    let finals = finals::standings(&mut conn, c.id).await?;
    let body = standings_csv_text(&rows, &owners, finals.as_ref().map(|f| &f.rows[..]));
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
    fn with_finals_the_finalists_lead_with_their_final_rank_and_finals_totals() {
        use crate::db::scoreboard::Wdl;
        let row = |rank: u64, id: i64, points: i64| ScoreRow {
            rank,
            nickname: format!("n{id}"),
            points,
            matches: Wdl::default(),
            games: Wdl { won: points as u32, drawn: 0, lost: 0 },
            submission_id: Some(SubmissionId(id)),
            language: "c".into(),
            submitted_at: time::OffsetDateTime::UNIX_EPOCH,
            house: false,
        };
        let contest = [row(1, 1, 6), row(2, 2, 3), row(3, 3, 0)];
        let finals = [row(1, 2, 3), row(2, 1, 0)];
        let text = standings_csv_text(&contest, &[], Some(&finals));
        let lines: Vec<&str> = text.split("\r\n").collect();
        assert!(lines[0].ends_with(",submitted_at,final_rank,finals_points,finals_matches_won,finals_matches_drawn,finals_matches_lost,finals_games_won,finals_games_drawn,finals_games_lost"));
        let firsts: Vec<(&str, &str, &str)> = lines[1..4]
            .iter()
            .map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                (f[1], f[14], f[15])
            })
            .collect();
        assert_eq!(firsts, [("n2", "1", "3"), ("n1", "2", "0"), ("n3", "3", "")]);
        assert_eq!(lines[3].split(',').count(), 22);
        // Without finals, the columns and order of before.
        let plain = standings_csv_text(&contest, &[], None);
        assert!(plain.starts_with(&(CSV_HEADER.join(",") + "\r\n1,n1,")));
    }

    #[test]
    fn names_that_a_spreadsheet_would_run_as_formulas_are_made_inert() {
        assert_eq!(inert("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(inert("@sum"), "'@sum");
        assert_eq!(inert("-1"), "'-1");
        assert_eq!(inert("alice"), "alice");
    }
}
