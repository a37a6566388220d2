//! The scoreboard: recomputed from the finished matches between current submissions into a
//! stored snapshot, by a job every `scoreboard_refresh_s` of the contest (or on an admin's
//! request), and served from that snapshot in between. After the deadline, once nothing is left
//! to judge, the snapshot is computed a last time and frozen (an admin may freeze and unfreeze).

use crate::db;
use crate::db::ids::{ContestId, SubmissionId};
use crate::db::scoreboard::{ScoreRow, Wdl};
use crate::judge::result::BotId;
use serde::Deserialize;
use sqlx::PgConnection;
use std::collections::HashMap;
use time::OffsetDateTime;

/// What the standings need of a stored game result (`judge::result::GameResult`): its winner,
/// `None` for a draw.
#[derive(Deserialize)]
struct Winner {
    #[serde(default)]
    winner: Option<BotId>,
}

/// Computes the standings of a contest (rows in rank order, equal points sharing a rank).
/// Students' rows count only their matches against other students (the spec's "every other
/// user"), so enabling house bots never changes the students' standings; a student's results
/// against house bots are on their matches page. House bots' rows (`"house": true`) count their
/// matches against the students and come after them, ranked apart.
pub async fn compute(conn: &mut PgConnection, contest_id: ContestId) -> sqlx::Result<Vec<ScoreRow>> {
    let entrants = db::scoreboard::entrants(conn, contest_id).await?;
    let matches = db::scoreboard::current_matches(conn, contest_id).await?;
    let mut points: HashMap<SubmissionId, i64> = HashMap::new();
    let mut mwdl: HashMap<SubmissionId, Wdl> = HashMap::new();
    let mut gwdl: HashMap<SubmissionId, Wdl> = HashMap::new();
    let house: std::collections::HashSet<SubmissionId> =
        entrants.iter().filter(|e| e.house).map(|e| e.submission_id).collect();
    for m in &matches {
        let results = m
            .results
            .iter()
            .map(Winner::deserialize)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
        let sides = [
            (m.submission_a, m.submission_b, m.points_a, m.points_b, BotId::A),
            (m.submission_b, m.submission_a, m.points_b, m.points_a, BotId::B),
        ];
        for (me, other, mine, theirs, side) in sides {
            // Between a student and a house bot, only the house bot's side counts.
            if house.contains(&other) && !house.contains(&me) {
                continue;
            }
            *points.entry(me).or_default() += i64::from(mine);
            mwdl.entry(me).or_default().add(mine.max(0) as u32, theirs.max(0) as u32);
            for r in &results {
                let (won, lost) = match r.winner {
                    Some(w) if w == side => (1, 0),
                    Some(_) => (0, 1),
                    None => (0, 0),
                };
                gwdl.entry(me).or_default().add(won, lost);
            }
        }
    }
    let mut rows: Vec<_> = entrants
        .iter()
        .map(|e| {
            let p = points.get(&e.submission_id).copied().unwrap_or(0);
            let g = gwdl.get(&e.submission_id).copied().unwrap_or_default();
            (p, g, e)
        })
        .collect();
    // The students first, then the house bots, each ranked among themselves.
    rows.sort_by(|x, y| {
        x.2.house
            .cmp(&y.2.house)
            .then(y.0.cmp(&x.0))
            .then((y.1.won as i64 - y.1.lost as i64).cmp(&(x.1.won as i64 - x.1.lost as i64)))
            .then(x.2.nickname.cmp(&y.2.nickname))
    });
    let mut out = Vec::with_capacity(rows.len());
    let (mut rank, mut group_start) = (0, 0);
    for (i, (p, g, e)) in rows.iter().enumerate() {
        if i == 0 || rows[i - 1].2.house != e.house {
            group_start = i;
        }
        if i == group_start || rows[i - 1].0 != *p {
            rank = i - group_start + 1;
        }
        out.push(ScoreRow {
            rank: rank as u64,
            nickname: e.nickname.clone(),
            points: *p,
            matches: mwdl.get(&e.submission_id).copied().unwrap_or_default(),
            games: *g,
            submission_id: Some(e.submission_id),
            language: e.language.clone(),
            submitted_at: e.submitted_at,
            house: e.house,
        });
    }
    Ok(out)
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
