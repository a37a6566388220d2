//! The scoreboard's data: what it is computed from (the current submissions and their finished
//! matches), the stored snapshot (`scoreboards.rows`: one [`ScoreRow`] per entrant, in rank
//! order), and freezing the standings. `service::scoreboard` computes it; the pages, the CSV and `GET /api/contests/{slug}/scoreboard`
//! read it back. The JSON shape is the API's (`docs/api.md`), so a snapshot stored by an older
//! version still reads.

use super::ids::{ContestId, MatchId, SubmissionId, UserId};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
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
    /// Equal points (in a ladder: equal ratings `mu - 3 sigma`) share a rank; house bots are
    /// ranked among themselves.
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
    #[schema(value_type = Option<i64>)]
    pub submission_id: Option<SubmissionId>,
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

/// One submission's totals over the done matches between current (ready) submissions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    pub submission_id: SubmissionId,
    pub points: i64,
    pub matches: Wdl,
    pub games: Wdl,
}

/// Every current submission's totals over the done matches between current submissions of a
/// contest, as the database keeps them (the `standings` table, maintained by triggers on
/// `matches` and `submissions` whenever a match is decided or a submission comes or goes: see
/// its migration). One row per entrant is read; no match and no game.
/// Between a student and a house bot only the house bot's side counts: students are ranked on
/// their matches against students. A submission with no such match has no row.
pub async fn tallies(conn: &mut PgConnection, contest_id: ContestId) -> sqlx::Result<Vec<Tally>> {
    let rows = sqlx::query_as!(
        TallyRow,
        r#"select st.submission_id as "submission_id: SubmissionId", st.points, st.matches_won, st.matches_drawn,
                  st.matches_lost, st.games_won, st.games_drawn, st.games_lost
           from submissions s join standings st on st.submission_id = s.id
           where s.contest_id = $1 and s.status = 'ready'"#,
        contest_id as ContestId
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(Tally::from).collect())
}

/// The same totals counted afresh from the matches, in one aggregate over their stored points
/// and game tallies (each side grouped on its own, then added): what the kept `standings` must
/// always equal (`tests/platform_standings.rs` compares the two).
pub async fn recount(conn: &mut PgConnection, contest_id: ContestId) -> sqlx::Result<Vec<Tally>> {
    let rows = sqlx::query_as!(
        TallyRow,
        r#"with current as not materialized (
               select s.id, u.is_house as house from submissions s join users u on u.id = s.user_id
               where s.contest_id = $1 and s.status = 'ready')
           select me as "submission_id!: SubmissionId", sum(points)::int8 as "points!", sum(mw)::int8 as "matches_won!",
                  sum(md)::int8 as "matches_drawn!", sum(ml)::int8 as "matches_lost!", sum(gw)::int8 as "games_won!",
                  sum(gd)::int8 as "games_drawn!", sum(gl)::int8 as "games_lost!"
           from (
               select m.submission_a as me, sum(m.points_a) as points,
                      count(*) filter (where m.points_a > m.points_b) as mw,
                      count(*) filter (where m.points_a = m.points_b) as md,
                      count(*) filter (where m.points_a < m.points_b) as ml,
                      sum(m.games_won_a) as gw, sum(m.games_drawn) as gd, sum(m.games_won_b) as gl
               from matches m
               join current a on a.id = m.submission_a
               join current b on b.id = m.submission_b
               where m.contest_id = $1 and m.status = 'done' and m.requested_by is null and not m.in_finals
                 and (a.house or not b.house)
               group by m.submission_a
               union all
               select m.submission_b, sum(m.points_b),
                      count(*) filter (where m.points_b > m.points_a),
                      count(*) filter (where m.points_b = m.points_a),
                      count(*) filter (where m.points_b < m.points_a),
                      sum(m.games_won_b), sum(m.games_drawn), sum(m.games_won_a)
               from matches m
               join current a on a.id = m.submission_a
               join current b on b.id = m.submission_b
               where m.contest_id = $1 and m.status = 'done' and m.requested_by is null and not m.in_finals
                 and (b.house or not a.house)
               group by m.submission_b) sides
           group by me"#,
        contest_id as ContestId
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(Tally::from).collect())
}

/// A [`Tally`] as these queries (and `finals::tallies`) read it.
pub(super) struct TallyRow {
    pub(super) submission_id: SubmissionId,
    pub(super) points: i64,
    pub(super) matches_won: i64,
    pub(super) matches_drawn: i64,
    pub(super) matches_lost: i64,
    pub(super) games_won: i64,
    pub(super) games_drawn: i64,
    pub(super) games_lost: i64,
}

impl From<TallyRow> for Tally {
    fn from(r: TallyRow) -> Tally {
        let n = |x: i64| u32::try_from(x).unwrap_or(u32::MAX);
        let wdl = |won, drawn, lost| Wdl { won: n(won), drawn: n(drawn), lost: n(lost) };
        Tally {
            submission_id: r.submission_id,
            points: r.points,
            matches: wdl(r.matches_won, r.matches_drawn, r.matches_lost),
            games: wdl(r.games_won, r.games_drawn, r.games_lost),
        }
    }
}

/// A current submission of a contest, for the scoreboard.
#[derive(Clone, Debug)]
pub struct Entrant {
    pub submission_id: SubmissionId,
    pub user_id: UserId,
    /// A house bot, ranked apart from the students.
    pub house: bool,
    pub nickname: String,
    pub language: String,
    pub submitted_at: OffsetDateTime,
}

pub async fn entrants(conn: &mut PgConnection, contest_id: ContestId) -> sqlx::Result<Vec<Entrant>> {
    sqlx::query_as!(
        Entrant,
        r#"select distinct on (s.user_id) s.id as "submission_id: _", s.user_id as "user_id: _", u.is_house as house,
                  coalesce(u.nickname, u.username) as "nickname!", s.language,
                  (select max(created_at) from submissions x where x.contest_id = $1 and x.user_id = s.user_id)
                      as "submitted_at!"
           from submissions s join users u on u.id = s.user_id
           where s.contest_id = $1 and s.status = 'ready'
           order by s.user_id, s.id desc"#,
        contest_id as ContestId
    )
    .fetch_all(conn)
    .await
}

/// Stores a scoreboard snapshot.
pub async fn store_scoreboard(
    conn: &mut PgConnection,
    contest_id: ContestId,
    rows: &[ScoreRow],
) -> sqlx::Result<OffsetDateTime> {
    let (subs, (ranks, points)): (Vec<i64>, (Vec<i64>, Vec<i64>)) =
        rows.iter().filter_map(|r| r.submission_id.map(|s| (s.0, (r.rank as i64, r.points)))).unzip();
    let rows = serde_json::to_value(rows).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    // The snapshot, and each entrant's rank and points in the history.
    let computed_at = sqlx::query_scalar!(
        r#"with snapshot as (
               insert into scoreboards (contest_id, computed_at, rows) values ($1, now(), $2)
               on conflict (contest_id) do update set computed_at = now(), rows = $2
               returning computed_at),
           history as (
               insert into standings_history (contest_id, user_id, computed_at, submission_id, rank, points)
               select $1, s.user_id, snapshot.computed_at, s.id, r.rank, r.points
               from snapshot cross join unnest($3::int8[], $4::int8[], $5::int8[]) as r(submission, rank, points)
               join submissions s on s.id = r.submission
               on conflict do nothing)
           select computed_at as "computed_at!" from snapshot"#,
        contest_id as ContestId,
        rows,
        &subs,
        &ranks,
        &points
    )
    .fetch_one(conn)
    .await?;
    super::scoreboard_serving::note_write();
    Ok(computed_at)
}

/// The stored snapshot: when, and its rows.
pub async fn scoreboard(
    conn: &mut PgConnection,
    contest_id: ContestId,
) -> sqlx::Result<Option<(OffsetDateTime, Vec<ScoreRow>)>> {
    let snapshot = super::scoreboard_serving::snapshot(conn, contest_id).await?;
    Ok(snapshot.map(|(computed_at, _version, rows)| (computed_at, rows)))
}

/// One point of a user's standing over time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct HistoryPoint {
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String)]
    pub computed_at: OffsetDateTime,
    #[schema(value_type = i64)]
    pub submission_id: SubmissionId,
    pub rank: i64,
    pub points: i64,
}

/// A user's rank and points in every snapshot of a contest so far, oldest first.
pub async fn history(
    conn: &mut PgConnection,
    contest_id: ContestId,
    user: UserId,
) -> sqlx::Result<Vec<HistoryPoint>> {
    sqlx::query_as!(
        HistoryPoint,
        r#"select computed_at, submission_id as "submission_id: SubmissionId", rank, points
           from standings_history where contest_id = $1 and user_id = $2 order by computed_at"#,
        contest_id as ContestId,
        user as UserId
    )
    .fetch_all(conn)
    .await
}

/// A decided round-robin match between two entrants, as the head-to-head matrix shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub id: MatchId,
    pub submission_a: SubmissionId,
    pub submission_b: SubmissionId,
    pub points_a: i32,
    pub points_b: i32,
}

/// The round-robin matches among `entrants` decided by `at` (a snapshot's `computed_at`), so the
/// matrix agrees with that snapshot. By index (`matches_done_by_contest`).
pub async fn pairings(
    conn: &mut PgConnection,
    contest_id: ContestId,
    at: OffsetDateTime,
    entrants: &[SubmissionId],
) -> sqlx::Result<Vec<Pairing>> {
    sqlx::query_as!(
        Pairing,
        r#"select id as "id: MatchId", submission_a as "submission_a: SubmissionId",
                  submission_b as "submission_b: SubmissionId", points_a as "points_a!", points_b as "points_b!"
           from matches
           where contest_id = $1 and status = 'done' and requested_by is null and not in_finals
             and finished_at <= $2 and submission_a = any($3) and submission_b = any($3)"#,
        contest_id as ContestId,
        at,
        entrants as &[SubmissionId]
    )
    .fetch_all(conn)
    .await
}

/// Contests not frozen whose snapshot is missing or older than their refresh interval, or that
/// have a round-robin match decided since their snapshot while either the snapshot had none (the
/// contest's first results show at once) or no game of the contest is left queued or running (a
/// round robin, or a rejudge, has caught up). By index (`matches_done_by_contest`).
pub async fn scoreboards_due(conn: &mut PgConnection) -> sqlx::Result<Vec<ContestId>> {
    sqlx::query_scalar!(
        r#"select c.id as "id!: ContestId" from contests c left join scoreboards s on s.contest_id = c.id
         where c.frozen_at is null
           and (s.computed_at is null
                or s.computed_at < now() - make_interval(secs => c.scoreboard_refresh_s::float8)
                or (exists (select 1 from matches m
                            where m.contest_id = c.id and m.status = 'done' and m.requested_by is null
                              and m.finished_at > s.computed_at)
                    and (not exists (select 1 from matches m
                                     where m.contest_id = c.id and m.status = 'done' and m.requested_by is null
                                       and m.finished_at <= s.computed_at)
                         or not exists (select 1 from games g join matches m on m.id = g.match_id
                                        where m.contest_id = c.id and m.requested_by is null
                                          and g.status in ('queued', 'running')))))"#
    )
    .fetch_all(conn)
    .await
}

/// When the contest's standings were frozen, if they are.
pub async fn frozen_at(
    conn: &mut PgConnection,
    contest_id: ContestId,
) -> sqlx::Result<Option<OffsetDateTime>> {
    Ok(sqlx::query_scalar!("select frozen_at from contests where id = $1", contest_id as ContestId)
        .fetch_optional(conn)
        .await?
        .flatten())
}

/// Freezes (now) or unfreezes the contest's standings.
pub async fn set_frozen(conn: &mut PgConnection, contest_id: ContestId, frozen: bool) -> sqlx::Result<()> {
    sqlx::query!(
        "update contests set frozen_at = case when $2 then now() end where id = $1",
        contest_id as ContestId,
        frozen
    )
    .execute(conn)
    .await?;
    super::scoreboard_serving::note_write();
    Ok(())
}

/// Contests past their deadline, not frozen yet, with nothing left to judge: no compile queued
/// and no game of a current match queued or running (failed games do not hold it up).
pub async fn freezes_due(conn: &mut PgConnection) -> sqlx::Result<Vec<ContestId>> {
    sqlx::query_scalar!(
        r#"select c.id as "id: ContestId" from contests c
         where c.frozen_at is null and c.deadline <= now()
           and not exists (select 1 from submissions s
                           where s.contest_id = c.id and s.status in ('queued', 'compiling'))
           and not exists (select 1 from games g join matches m on m.id = g.match_id
                           join submissions sa on sa.id = m.submission_a and sa.status = 'ready'
                           join submissions sb on sb.id = m.submission_b and sb.status = 'ready'
                           where m.contest_id = c.id and m.requested_by is null
                             and g.status in ('queued', 'running'))"#
    )
    .fetch_all(conn)
    .await
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
