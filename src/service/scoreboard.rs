//! The scoreboard: recomputed from the finished matches between current submissions into a
//! stored snapshot, by a job every `scoreboard_refresh_s` of the contest (or on an admin's
//! request), and served from that snapshot in between. After the deadline, once nothing is left
//! to judge, the snapshot is computed a last time and frozen (an admin may freeze and unfreeze).

use crate::db;
use crate::db::ids::{ContestId, SubmissionId};
use crate::db::scoreboard::{Entrant, ScoreRow, Tally};
use sqlx::PgConnection;
use std::collections::HashMap;
use time::OffsetDateTime;

/// Computes the standings of a contest (rows in rank order, equal scores sharing a rank) from
/// the matches' stored points and game tallies (`db::scoreboard::tallies`): no game result is
/// read. Students' rows count only their matches against other students (the spec's "every
/// other user"), so enabling house bots never changes the students' standings; a student's
/// results against house bots are on their matches page. House bots' rows (`"house": true`)
/// count their matches against the students and come after them, ranked apart.
/// A round robin ranks by points; a ladder (`format=ladder`) by its conservative rating
/// `mu - 3 sigma` (an entrant not rated yet last), its points columns shown as played.
pub async fn compute(conn: &mut PgConnection, contest_id: ContestId) -> sqlx::Result<Vec<ScoreRow>> {
    let entrants = db::scoreboard::entrants(conn, contest_id).await?;
    let tallies: HashMap<SubmissionId, Tally> =
        db::scoreboard::tallies(conn, contest_id).await?.into_iter().map(|t| (t.submission_id, t)).collect();
    let ratings: Option<HashMap<SubmissionId, f64>> = match db::ladder::settings(conn, contest_id).await? {
        Some(_) => Some(
            db::ladder::standings(conn, contest_id)
                .await?
                .into_iter()
                .map(|s| (s.submission_id, s.mu - 3.0 * s.sigma))
                .collect(),
        ),
        None => None,
    };
    Ok(rank(&entrants, &tallies, ratings.as_ref()))
}

/// The rows of `entrants` in rank order from their `tallies`: by `ratings` when given (higher
/// first; an entrant without one last), else by points; then by games won minus lost, then by
/// nickname. Equal scores share a rank; the house bots come after the students, ranked apart.
pub fn rank(
    entrants: &[Entrant],
    tallies: &HashMap<SubmissionId, Tally>,
    ratings: Option<&HashMap<SubmissionId, f64>>,
) -> Vec<ScoreRow> {
    let points = |id: SubmissionId| tallies.get(&id).map_or(0, |t| t.points);
    let mwdl = |id: SubmissionId| tallies.get(&id).map(|t| t.matches).unwrap_or_default();
    let gwdl = |id: SubmissionId| tallies.get(&id).map(|t| t.games).unwrap_or_default();
    let score = |id: SubmissionId| match ratings {
        Some(r) => r.get(&id).copied().unwrap_or(f64::NEG_INFINITY),
        None => points(id) as f64,
    };
    let mut rows: Vec<_> =
        entrants.iter().map(|e| (score(e.submission_id), gwdl(e.submission_id), e)).collect();
    // The students first, then the house bots, each ranked among themselves.
    rows.sort_by(|x, y| {
        x.2.house
            .cmp(&y.2.house)
            .then(y.0.total_cmp(&x.0))
            .then((y.1.won as i64 - y.1.lost as i64).cmp(&(x.1.won as i64 - x.1.lost as i64)))
            .then(x.2.nickname.cmp(&y.2.nickname))
    });
    let mut out = Vec::with_capacity(rows.len());
    let (mut rank, mut group_start) = (0, 0);
    for (i, (s, g, e)) in rows.iter().enumerate() {
        if i == 0 || rows[i - 1].2.house != e.house {
            group_start = i;
        }
        if i == group_start || rows[i - 1].0 != *s {
            rank = i - group_start + 1;
        }
        out.push(ScoreRow {
            rank: rank as u64,
            nickname: e.nickname.clone(),
            points: points(e.submission_id),
            matches: mwdl(e.submission_id),
            games: *g,
            submission_id: Some(e.submission_id),
            language: e.language.clone(),
            submitted_at: e.submitted_at,
            house: e.house,
        });
    }
    out
}

/// Recomputes and stores the snapshot of a contest; returns when it was computed and its rows.
/// A frozen contest keeps its final snapshot: that is returned unchanged.
pub async fn refresh(
    conn: &mut PgConnection,
    contest_id: ContestId,
) -> sqlx::Result<(OffsetDateTime, Vec<ScoreRow>)> {
    if db::scoreboard::frozen_at(conn, contest_id).await?.is_some() {
        if let Some(snapshot) = db::scoreboard::scoreboard(conn, contest_id).await? {
            return Ok(snapshot);
        }
    }
    let rows = compute(conn, contest_id).await?;
    let at = db::scoreboard::store_scoreboard(conn, contest_id, &rows).await?;
    Ok((at, rows))
}

/// Computes the final snapshot and freezes the standings: neither the refresher nor a manual
/// refresh changes them until [`unfreeze`].
pub async fn freeze(
    conn: &mut PgConnection,
    contest_id: ContestId,
) -> sqlx::Result<(OffsetDateTime, Vec<ScoreRow>)> {
    let mut tx = sqlx::Connection::begin(&mut *conn).await?;
    let rows = compute(&mut tx, contest_id).await?;
    let at = db::scoreboard::store_scoreboard(&mut tx, contest_id, &rows).await?;
    db::scoreboard::set_frozen(&mut tx, contest_id, true).await?;
    tx.commit().await?;
    Ok((at, rows))
}

/// Lets the standings change again, recomputed now. After the deadline the refresher freezes
/// them again once nothing of the contest is left to judge (e.g. after a rejudge).
pub async fn unfreeze(
    conn: &mut PgConnection,
    contest_id: ContestId,
) -> sqlx::Result<(OffsetDateTime, Vec<ScoreRow>)> {
    db::scoreboard::set_frozen(conn, contest_id, false).await?;
    refresh(conn, contest_id).await
}
