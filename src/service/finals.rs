//! Finals: at or after a contest's deadline, an admin starts a final round robin among the top K
//! students of its standings (a ladder's, by rating, or a round robin's, by points; the frozen
//! snapshot when the standings are frozen), under the contest's game settings changed by the
//! admin's (e.g. `games=10`, more games per match). Every pair of finalists plays one match,
//! marked `in_finals`, which never counts in the contest's own standings. Its result, ranked by
//! points as a round robin is, is the contest's final standings: the finalists in the finals'
//! order, then everyone else in the order of the contest's standings. The scoreboard shows it
//! as its own table and the standings CSV exports it (`final_rank`). A contest has one finals.

use super::contests::{audit_target, validate, ContestError, Result};
use super::scoreboard;
use crate::db::contests::{self, Contest};
use crate::db::ids::{ContestId, SubmissionId};
use crate::db::scoreboard::{ScoreRow, Tally};
use crate::db::users::User;
use crate::db::{self, audit, games};
use crate::judge::matches::plan;
use serde_json::{json, Value};
use sqlx::{PgConnection, PgPool};
use std::collections::HashMap;
use time::OffsetDateTime;

/// The most finalists: a final round robin of 100 is 4,950 matches.
pub const MAX_FINALISTS: usize = 100;

/// What starting the finals did.
#[derive(Clone, Debug, PartialEq)]
pub struct Started {
    /// The finalists in the order of the contest's standings: submission and nickname.
    pub finalists: Vec<(SubmissionId, String)>,
    pub matches: usize,
    pub games: usize,
    /// The finals' game settings as stored.
    pub settings: Value,
}

/// Starts the finals of contest `c` among the top `top` students of its standings (fewer when it
/// has fewer), its game settings those of the contest changed by `changes` (game settings only:
/// not the title, the deadline nor a platform limit); audited as `actor`'s (`None`: the command
/// line). Refused before the deadline, when the finals have started already, and with fewer than
/// two finalists.
pub async fn start(
    pool: &PgPool,
    actor: Option<&User>,
    c: &Contest,
    top: usize,
    changes: &[(String, String)],
    known_languages: &[String],
) -> Result<Started> {
    let now = OffsetDateTime::now_utc();
    if c.deadline.is_none_or(|d| now < d) {
        return Err(ContestError::BeforeDeadline);
    }
    if !(2..=MAX_FINALISTS).contains(&top) {
        return Err(ContestError::BadFinals(format!("The finals are among 2 to {MAX_FINALISTS} entrants.")));
    }
    let limits: Vec<&str> = contests::LIMITS.iter().map(|(k, _)| *k).chain(["title", "deadline"]).collect();
    if let Some((k, _)) = changes.iter().find(|(k, _)| limits.contains(&k.as_str())) {
        return Err(ContestError::BadFinals(format!("`{k}` is not a game setting.")));
    }
    let settings = match validate(c, changes, known_languages) {
        Ok(new) => new.settings,
        Err(errors) => {
            let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
            return Err(ContestError::BadFinals(text.join("; ")));
        }
    };

    let mut tx = pool.begin().await?;
    games::lock_contest(&mut tx, c.id).await?;
    let rows = match db::scoreboard::frozen_at(&mut tx, c.id).await? {
        Some(_) => match db::scoreboard::scoreboard(&mut tx, c.id).await? {
            Some((_, rows)) => rows,
            None => scoreboard::compute(&mut tx, c.id).await?,
        },
        None => scoreboard::compute(&mut tx, c.id).await?,
    };
    let finalists: Vec<(SubmissionId, String)> = rows
        .iter()
        .filter(|r| !r.house)
        .filter_map(|r| r.submission_id.map(|id| (id, r.nickname.clone())))
        .take(top)
        .collect();
    if finalists.len() < 2 {
        return Err(ContestError::TooFewFinalists);
    }
    let by = actor.map(|a| a.id);
    if !db::finals::create(&mut tx, c.id, finalists.len() as i32, &settings, by).await? {
        return Err(ContestError::FinalsStarted);
    }
    let (mut matches, mut games) = (0, 0);
    for (i, (a, _)) in finalists.iter().enumerate() {
        for (b, _) in &finalists[i + 1..] {
            let seed: u64 = rand::random();
            let plans: Vec<(i32, Value)> = plan(&settings, seed)
                .iter()
                .map(|p| (p.index as i32, super::scheduler::stored_plan(p)))
                .collect();
            games += plans.len();
            let seq = i32::try_from(matches).unwrap_or(i32::MAX);
            let kind = db::games::OwnMatch::Finals { seq };
            db::games::create_match(&mut tx, kind, c.id, *a, *b, seed as i64, &plans, &settings).await?;
            matches += 1;
        }
    }
    let stored = contests::stored(&settings);
    let names: Vec<&str> = finalists.iter().map(|(_, n)| n.as_str()).collect();
    audit::record(
        &mut tx,
        by,
        "contest.finals",
        &audit_target(&c.slug),
        None,
        Some(json!({"top": finalists.len(), "finalists": names, "settings": stored, "matches": matches})),
    )
    .await?;
    tx.commit().await?;
    Ok(Started { finalists, matches, games, settings: stored })
}

/// A contest's finals and their standings so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    pub started_at: OffsetDateTime,
    pub top_k: i32,
    /// The finals' game settings as stored.
    pub settings: Value,
    pub matches: i64,
    /// Final matches not over yet: while there are, the standings are not final.
    pub unfinished: i64,
    /// The current finalists in rank order (by points over the decided final matches).
    pub rows: Vec<ScoreRow>,
}

/// The finals of `contest` and their standings, if they started.
pub async fn standings(conn: &mut PgConnection, contest: ContestId) -> sqlx::Result<Option<Standings>> {
    let Some(f) = db::finals::of_contest(conn, contest).await? else { return Ok(None) };
    let finalists = db::finals::finalists(conn, contest).await?;
    let entrants: Vec<_> = db::scoreboard::entrants(conn, contest)
        .await?
        .into_iter()
        .filter(|e| finalists.contains(&e.submission_id))
        .collect();
    let tallies: HashMap<SubmissionId, Tally> =
        db::finals::tallies(conn, contest).await?.into_iter().map(|t| (t.submission_id, t)).collect();
    Ok(Some(Standings {
        started_at: f.started_at,
        top_k: f.top_k,
        settings: f.settings,
        matches: f.matches,
        unfinished: f.unfinished,
        rows: scoreboard::rank(&entrants, &tallies, None),
    }))
}

/// The contest's final standings: each student row of `contest_rows` (the contest's standings)
/// with its final rank and its finals row, the finalists first in the order of `finals_rows`,
/// then the others in their order, ranked after the finalists (equal ranks stay equal).
pub fn final_order<'a>(
    contest_rows: &'a [ScoreRow],
    finals_rows: &'a [ScoreRow],
) -> Vec<(u64, &'a ScoreRow, Option<&'a ScoreRow>)> {
    let students: Vec<&ScoreRow> = contest_rows.iter().filter(|r| !r.house).collect();
    let mut out = Vec::with_capacity(students.len());
    for f in finals_rows {
        if let Some(row) = students.iter().find(|r| r.submission_id == f.submission_id) {
            out.push((f.rank, *row, Some(f)));
        }
    }
    let finalists = out.len() as u64;
    let rest: Vec<&ScoreRow> = students
        .into_iter()
        .filter(|r| !finals_rows.iter().any(|f| f.submission_id == r.submission_id))
        .collect();
    let mut rank = 0;
    for (i, row) in rest.iter().enumerate() {
        if i == 0 || rest[i - 1].rank != row.rank {
            rank = i as u64 + 1;
        }
        out.push((finalists + rank, *row, None));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::scoreboard::Wdl;

    fn row(rank: u64, id: i64, points: i64) -> ScoreRow {
        ScoreRow {
            rank,
            nickname: format!("n{id}"),
            points,
            matches: Wdl::default(),
            games: Wdl::default(),
            submission_id: Some(SubmissionId(id)),
            language: "c".into(),
            submitted_at: OffsetDateTime::UNIX_EPOCH,
            house: false,
        }
    }

    #[test]
    fn the_finalists_come_first_in_the_finals_order_then_the_others_after_them() {
        let contest = [row(1, 1, 9), row(2, 2, 6), row(3, 3, 3), row(3, 4, 3), row(5, 5, 0)];
        // The second of the contest won the finals.
        let finals = [row(1, 2, 3), row(2, 1, 0)];
        let order: Vec<(u64, i64, Option<i64>)> = final_order(&contest, &finals)
            .into_iter()
            .map(|(rank, r, f)| (rank, r.submission_id.unwrap().0, f.map(|f| f.points)))
            .collect();
        assert_eq!(order, [(1, 2, Some(3)), (2, 1, Some(0)), (3, 3, None), (3, 4, None), (5, 5, None)]);
    }
}
