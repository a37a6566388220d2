//! Rejudging: the matches a rejudge replays, their games replaced by fresh ones (the old kept,
//! marked replaced), and the pruning of replaced games.

use super::game_columns;
use crate::db::ids::{ContestId, MatchId, SubmissionId};
use crate::db::queue;
use crate::games::settings::Settings;
use serde_json::Value;
use sqlx::PgConnection;
use time::OffsetDateTime;

/// The round-robin matches between the current (ready) submissions of a contest that a rejudge
/// replays (never a test match), all of them or those of one `submission`: id and seed.
pub async fn current_match_seeds(
    conn: &mut PgConnection,
    contest_id: ContestId,
    submission: Option<SubmissionId>,
) -> sqlx::Result<Vec<(MatchId, i64)>> {
    Ok(sqlx::query!(
        r#"select m.id as "id: MatchId", m.seed from matches m
         join submissions sa on sa.id = m.submission_a and sa.status = 'ready'
         join submissions sb on sb.id = m.submission_b and sb.status = 'ready'
         where m.contest_id = $1 and m.status <> 'cancelled' and m.requested_by is null and not m.in_finals
           and ($2::int8 is null or $2 in (m.submission_a, m.submission_b))
         order by m.id"#,
        contest_id as ContestId,
        submission as Option<SubmissionId>
    )
    .fetch_all(conn)
    .await?
    .into_iter()
    .map(|r| (r.id, r.seed))
    .collect())
}

/// A match to replay: its id, its place in the rejudge's order (the queue's `seq`) and the plans
/// of its fresh games (index, plan).
pub struct Replay {
    pub match_id: MatchId,
    pub seq: i32,
    pub plans: Vec<(i32, Value)>,
}

/// Replaces the current games of `replays` with fresh queued ones (plans and settings given) and
/// puts the matches back in the queue without points, in four statements whatever their number
/// (the standings' triggers run once). The old games stay, marked replaced (`replaced_at`, the
/// new game in `replaced_by`, the audited action `replaced_in`); one not played yet becomes
/// `cancelled`, and its job leaves the queue, so a worker still playing it finds nothing to
/// extend or finish. Replays are not charged to the users' budgets: the admin asked for them.
/// Returns the games created.
pub async fn replace_games(
    conn: &mut PgConnection,
    contest_id: ContestId,
    replays: &[Replay],
    settings: &Settings,
    audit_entry: i64,
) -> sqlx::Result<u64> {
    let settings = crate::db::contests::stored(settings);
    let ids: Vec<MatchId> = replays.iter().map(|r| r.match_id).collect();
    let seqs: Vec<i32> = replays.iter().map(|r| r.seq).collect();
    let games = game_columns(replays.iter().map(|r| (r.match_id, &r.plans[..])));
    queue::join_game_queue(conn, contest_id.into()).await?;
    sqlx::query!(
        "update jobs set finished_at = now(), locked_by = null, lease_until = null
         where kind = 'game' and finished_at is null
           and game_id in (select id from games where match_id = any($1) and replaced_at is null)",
        &ids as &[MatchId]
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "update games set replaced_at = now(), replaced_in = $2, progress = null,
                status = case when status in ('queued', 'running') then 'cancelled'::game_status else status end
         where match_id = any($1) and replaced_at is null",
        &ids as &[MatchId],
        audit_entry
    )
    .execute(&mut *conn)
    .await?;
    let created = sqlx::query!(
        r#"with new_games as (
               insert into games (match_id, index, plan, settings, charge)
               select p.match_id, p.index, p.plan, $4, false
               from unnest($1::int8[], $2::int4[], $3::jsonb[]) with ordinality as p(match_id, index, plan, n)
               order by p.n
               returning id, match_id, index),
           new_jobs as (
               insert into jobs (kind, game_id, contest_id, seq)
               select 'game', g.id, $6, r.seq from new_games g
               join unnest($7::int8[], $8::int4[]) as r(match_id, seq) on r.match_id = g.match_id
               order by g.id
               returning 1),
           linked as (
               update games old set replaced_by = n.id
               from new_games n
               where old.match_id = n.match_id and old.index = n.index and old.replaced_in = $5
                 and old.replaced_by is null
               returning 1)
           select (select count(*) from new_jobs) as "created!", (select count(*) from linked) as "linked!""#,
        &games.0 as &[MatchId],
        &games.1,
        &games.2,
        settings,
        audit_entry,
        contest_id as ContestId,
        &ids as &[MatchId],
        &seqs
    )
    .fetch_one(&mut *conn)
    .await?
    .created;
    sqlx::query!(
        "update matches set status = 'queued', points_a = null, points_b = null,
                games_won_a = null, games_won_b = null, games_drawn = null, finished_at = null
         where id = any($1)",
        &ids as &[MatchId]
    )
    .execute(conn)
    .await?;
    Ok(created as u64)
}

/// Deletes the games of a contest replaced before `before` (only counts them with `dry_run`):
/// the games deleted and the matches they were of. Current games are never touched; a game
/// that replaced a pruned one keeps its place (`replaced_by` of the pruned one is gone with it).
pub async fn prune_replaced(
    conn: &mut PgConnection,
    contest_id: ContestId,
    before: OffsetDateTime,
    dry_run: bool,
) -> sqlx::Result<(i64, i64)> {
    let r = sqlx::query!(
        r#"with doomed as (
               select g.id, g.match_id from games g join matches m on m.id = g.match_id
               where m.contest_id = $1 and g.replaced_at < $2),
           deleted as (
               delete from games where id in (select id from doomed) and not $3 returning id)
           select (select count(*) from doomed) as "games!",
                  (select count(distinct match_id) from doomed) as "matches!",
                  (select count(*) from deleted) as "deleted!""#,
        contest_id as ContestId,
        before,
        dry_run
    )
    .fetch_one(conn)
    .await?;
    debug_assert!(dry_run || r.deleted == r.games);
    Ok((r.games, r.matches))
}
