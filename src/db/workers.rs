//! The worker processes, from their heartbeats, and the queues as the admins' status page and
//! `GET /api/queue` show them.

use super::games::GameStatus;
use super::ids::GameRecordId;
use super::submissions::Status;
use sqlx::PgConnection;
use time::OffsetDateTime;

/// Records a worker's heartbeat.
pub async fn worker_seen(conn: &mut PgConnection, worker: &str, running: i32) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into workers (id, running) values ($1, $2)
         on conflict (id) do update set last_seen = now(), running = $2",
        worker,
        running
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// What the admins' status page and `GET /api/queue` show: compile and game jobs by status, the
/// running and the failed games, and the workers seen.
pub struct QueueState {
    pub compile: Vec<(Status, i64)>,
    pub counts: Vec<(GameStatus, i64)>,
    pub workers: Vec<WorkerRow>,
    pub running: Vec<GameRow>,
    pub failed: Vec<GameRow>,
    /// The contests with games in the queue, in the order the next free slot serves them.
    pub contests: Vec<ContestQueueRow>,
}

/// A contest's place in the game slots' fair share (see `queue::game_contests_by_turn`).
#[derive(Clone, Debug)]
pub struct ContestQueueRow {
    pub slug: String,
    pub share: f32,
    /// Its share of the slots while every contest listed has games queued (0 to 1).
    pub fraction: f64,
    pub queued: i64,
    pub running: i64,
    /// Seconds its oldest queued game has waited.
    pub wait_s: f64,
    /// Slot time its finished games took, in seconds.
    pub used_s: f64,
    /// Its virtual time (slot milliseconds per unit of share): the lowest plays next.
    pub vtime: f64,
}

/// A game worker process, from its heartbeats.
#[derive(Clone, Debug)]
pub struct WorkerRow {
    pub id: String,
    pub last_seen: OffsetDateTime,
    /// Games it holds the lease of right now.
    pub games: i64,
    /// No heartbeat for over a minute: it died or lost the database.
    pub stale: bool,
}

/// A game as the status page lists it.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: GameRecordId,
    pub contest: String,
    pub players: String,
    pub worker: Option<String>,
    pub attempts: i32,
    pub started_at: Option<OffsetDateTime>,
    pub lease_until: Option<OffsetDateTime>,
    /// Why it failed, in English as stored (all that rows of before have).
    pub failure: Option<String>,
    /// Why it failed as a code and its arguments (see [`GameRow::failure_reason`]).
    pub failure_code: Option<String>,
    pub failure_args: Option<serde_json::Value>,
}

/// Why a game failed in the judge, for the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Given up after this many attempts (its worker died, lost its lease or could not run it).
    GivenUp { attempts: i64 },
    /// A reason stored as text only (the rows of before the codes), shown as it is.
    Text(String),
}

impl GameRow {
    /// Why the game failed, if it did.
    pub fn failure_reason(&self) -> Option<Failure> {
        let arg = |name: &str| self.failure_args.as_ref().and_then(|a| a.get(name)).and_then(|v| v.as_i64());
        match (self.failure_code.as_deref(), arg("attempts")) {
            (Some("given_up"), Some(attempts)) => Some(Failure::GivenUp { attempts }),
            _ => self.failure.clone().map(Failure::Text),
        }
    }
}

pub async fn queue_state(conn: &mut PgConnection) -> sqlx::Result<QueueState> {
    let compile = sqlx::query!(
        r#"select status as "status: Status", count(*) as "n!" from submissions group by status"#
    )
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .map(|r| (r.status, r.n))
    .collect();
    let counts =
        sqlx::query!(r#"select status as "status: GameStatus", count(*) as "n!" from games where replaced_at is null group by status"#)
            .fetch_all(&mut *conn)
            .await?
            .into_iter()
            .map(|r| (r.status, r.n))
            .collect();
    let workers = sqlx::query_as!(
        WorkerRow,
        r#"select w.id, w.last_seen,
                  (select count(*) from jobs j
                   where j.kind = 'game' and j.locked_by = w.id and j.finished_at is null) as "games!",
                  w.last_seen < now() - interval '1 minute' as "stale!"
           from workers w order by w.last_seen desc limit 100"#
    )
    .fetch_all(&mut *conn)
    .await?;
    let running = games_with_status(conn, GameStatus::Running).await?;
    let failed = games_with_status(conn, GameStatus::Failed).await?;
    let contests = sqlx::query_as!(
        ContestQueueRow,
        r#"with pending as (
               select c.slug, c.share, coalesce(u.vtime, 0) as vtime, coalesce(u.used_ms, 0) as used_ms,
                      count(*) filter (where j.locked_by is null or j.lease_until < now()) as queued,
                      count(*) filter (where j.locked_by is not null and j.lease_until >= now()) as running,
                      min(j.created_at) filter (where j.locked_by is null or j.lease_until < now()) as oldest
               from jobs j join contests c on c.id = j.contest_id
               left join contest_slot_usage u on u.contest_id = c.id
               where j.kind = 'game' and j.finished_at is null
               group by c.id, u.vtime, u.used_ms)
           select slug, share, (share / sum(share) over ())::float8 as "fraction!",
                  queued as "queued!", running as "running!",
                  coalesce(extract(epoch from now() - oldest), 0)::float8 as "wait_s!",
                  used_ms::float8 / 1000 as "used_s!", vtime as "vtime!"
           from pending order by vtime, slug"#
    )
    .fetch_all(&mut *conn)
    .await?;
    Ok(QueueState { compile, counts, workers, running, failed, contests })
}

/// The first 200 current games (not replaced by a rejudge) with this status, oldest first, with
/// their contest and players.
async fn games_with_status(conn: &mut PgConnection, status: GameStatus) -> sqlx::Result<Vec<GameRow>> {
    sqlx::query_as!(
        GameRow,
        r#"select g.id as "id: _", c.slug as contest,
                  coalesce(ua.nickname, ua.username) || ' vs ' || coalesce(ub.nickname, ub.username) as "players!",
                  j.locked_by as worker, coalesce(j.attempts, 0) as "attempts!", g.started_at, j.lease_until,
                  g.failure, g.failure_code, g.failure_args
           from games g join matches m on m.id = g.match_id join contests c on c.id = m.contest_id
           left join jobs j on j.kind = 'game' and j.subject_id = g.id
           join submissions sa on sa.id = m.submission_a join users ua on ua.id = sa.user_id
           join submissions sb on sb.id = m.submission_b join users ub on ub.id = sb.user_id
           where g.status = $1 and g.replaced_at is null order by g.id limit 200"#,
        status as GameStatus
    )
    .fetch_all(conn)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failed(failure: Option<&str>, code: Option<&str>, args: Option<serde_json::Value>) -> GameRow {
        GameRow {
            id: GameRecordId(1),
            contest: "c4".into(),
            players: "a vs b".into(),
            worker: None,
            attempts: 3,
            started_at: None,
            lease_until: None,
            failure: failure.map(str::to_string),
            failure_code: code.map(str::to_string),
            failure_args: args,
        }
    }

    #[test]
    fn a_failure_is_read_from_its_code_and_a_row_of_before_the_codes_keeps_its_words() {
        let coded = failed(
            Some("Given up after 3 attempts: …"),
            Some("given_up"),
            Some(serde_json::json!({"attempts": 3})),
        );
        assert_eq!(coded.failure_reason(), Some(Failure::GivenUp { attempts: 3 }));
        let old = failed(Some("Given up after 3 attempts: …"), None, None);
        assert_eq!(old.failure_reason(), Some(Failure::Text("Given up after 3 attempts: …".into())));
        assert_eq!(failed(None, None, None).failure_reason(), None);
    }
}
