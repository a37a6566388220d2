//! The status of the queues and the workers: `/admin/status` and `GET /api/queue`.

use crate::db::games::GameStatus;
use crate::db::submissions::Status;
use crate::db::workers::{Failure, QueueState};
use crate::db::{self};
use crate::tr;
use crate::web::api_types::{ContestShare, Counts, ErrorBody, QueueView, QueuedGame, WorkerView};
use crate::web::error::{AppError, PageResult, Result};
use crate::web::extract::{ApiUser, PageUser};
use crate::web::i18n::filters;
use crate::web::render::when;
use crate::web::render::{render, Nav};
use crate::web::state::AppState;
use askama::Template;
use axum::extract::State;
use axum::Json;

impl Counts {
    fn compile(q: &QueueState) -> Counts {
        let n = |s: Status| q.compile.iter().find(|r| r.0 == s).map_or(0, |r| r.1);
        Counts {
            queued: n(Status::Queued),
            running: n(Status::Compiling),
            done: n(Status::Ready) + n(Status::Superseded) + n(Status::Disqualified),
            failed: n(Status::CompileError),
            cancelled: 0,
        }
    }

    fn games(q: &QueueState) -> Counts {
        let n = |s: GameStatus| q.counts.iter().find(|r| r.0 == s).map_or(0, |r| r.1);
        Counts {
            queued: n(GameStatus::Queued),
            running: n(GameStatus::Running),
            done: n(GameStatus::Done),
            failed: n(GameStatus::Failed),
            cancelled: n(GameStatus::Cancelled),
        }
    }
}

#[derive(Template)]
#[template(path = "admin/status.html")]
struct StatusPage {
    nav: Nav,
    compile: Counts,
    games: Counts,
    state: QueueState,
}

impl StatusPage {
    fn at(&self, t: &Option<time::OffsetDateTime>) -> String {
        t.as_ref().map_or_else(|| "—".into(), when_s)
    }
    fn seen(&self, t: &time::OffsetDateTime) -> String {
        when_s(t)
    }
    fn duration(&self, seconds: &f64) -> String {
        duration_text(*seconds)
    }
    /// Why a game failed, in the reader's language (a reason stored as text only: as it is).
    fn failure(&self, g: &db::workers::GameRow) -> String {
        failure_text(g).unwrap_or_default()
    }
    /// A share (0 to 1) in whole percent.
    fn percent(&self, fraction: &f64) -> i64 {
        (fraction * 100.0).round() as i64
    }
}

/// Why a game failed in the judge, in the reader's language.
fn failure_text(g: &db::workers::GameRow) -> Option<String> {
    g.failure_reason().map(|f| match f {
        Failure::GivenUp { attempts } => tr!("admin-status-given-up", attempts = attempts),
        Failure::Text(text) => text,
    })
}

/// Seconds as the status page shows a wait: `45 s`, `12 min`, `3 h 30 min`.
fn duration_text(seconds: f64) -> String {
    let seconds = seconds.max(0.0).round() as i64;
    if seconds < 90 {
        tr!("admin-duration-seconds", seconds = seconds)
    } else if seconds < 90 * 60 {
        tr!("admin-duration-minutes", minutes = (seconds + 30) / 60)
    } else {
        let minutes = (seconds + 30) / 60;
        tr!("admin-duration-hours", hours = minutes / 60, minutes = minutes % 60)
    }
}

/// A time, as the status page needs for heartbeats and leases: the time (to the minute, in the
/// reader's zone) and how long ago or ahead it is, to the second.
fn when_s(t: &time::OffsetDateTime) -> String {
    let seconds = (*t - time::OffsetDateTime::now_utc()).as_seconds_f64();
    let time = when(t);
    if seconds < 0.0 {
        tr!("admin-status-time-ago", time = time, duration = duration_text(-seconds))
    } else {
        tr!("admin-status-time-ahead", time = time, duration = duration_text(seconds))
    }
}

pub(super) async fn status_page(State(state): State<AppState>, who: PageUser) -> PageResult {
    who.require_admin()?;
    let q = db::workers::queue_state(&mut *state.pool.acquire().await?).await?;
    Ok(render(&StatusPage {
        nav: who.nav().await?,
        compile: Counts::compile(&q),
        games: Counts::games(&q),
        state: q,
    }))
}

/// `GET /api/queue`: the status page as JSON.
#[utoipa::path(get, path = "/api/queue", tag = "admin",
    responses((status = 200, body = QueueView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub(crate) async fn queue_api(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
) -> Result<Json<QueueView>> {
    if !user.is_admin() {
        return Err(AppError::forbidden(crate::tr!("error-admins-queue")));
    }
    let q = db::workers::queue_state(&mut *state.pool.acquire().await?).await?;
    let game = |g: &db::workers::GameRow| QueuedGame {
        id: g.id,
        contest: g.contest.clone(),
        players: g.players.clone(),
        worker: g.worker.clone(),
        attempts: g.attempts,
        started_at: g.started_at,
        lease_until: g.lease_until,
        failure: failure_text(g),
    };
    Ok(Json(QueueView {
        compile: Counts::compile(&q),
        games: Counts::games(&q),
        running: q.running.iter().map(game).collect(),
        failed: q.failed.iter().map(game).collect(),
        contests: q
            .contests
            .iter()
            .map(|c| ContestShare {
                contest: c.slug.clone(),
                share: c.share,
                fraction: c.fraction,
                queued: c.queued,
                running: c.running,
                oldest_wait_s: c.wait_s,
                slot_seconds_used: c.used_s,
            })
            .collect(),
        workers: q
            .workers
            .iter()
            .map(|w| WorkerView {
                id: w.id.clone(),
                last_heartbeat: w.last_seen,
                running: w.games,
                stale: w.stale,
            })
            .collect(),
    }))
}
