//! `/metrics` for operators (Prometheus text format, `service::metrics`): on the main listener for
//! admins only (an admin's session or API token), and, with `--metrics-listen`, on an address of
//! its own without login (for a Prometheus on the same machine or a private network). Also the
//! middleware that counts and times every HTTP request by its route's pattern (`MatchedPath`,
//! so ids in paths do not make a series each).

use super::error::{AppError, Result};
use super::extract::{ApiUser, Viewer};
use super::state::AppState;
use crate::service::metrics as names;
use axum::extract::{FromRequestParts, MatchedPath, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use sqlx::PgPool;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Prometheus's text exposition format.
const TEXT_FORMAT: &str = "text/plain; version=0.0.4; charset=utf-8";

pub fn router() -> Router<AppState> {
    Router::new().route("/metrics", get(metrics))
}

/// The router of `--metrics-listen`: `/metrics` and nothing else, without login.
pub fn standalone(pool: PgPool) -> Router {
    let router = Router::new().route("/metrics", get(open_metrics)).with_state(pool);
    // Plain HTTP for a scraper: the headers without HSTS.
    super::headers::with_security_headers(router, false)
}

/// Who may scrape on the main listener: an admin, by API token or by session.
struct Admin;

impl FromRequestParts<AppState> for Admin {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> std::result::Result<Self, Response> {
        let user = if parts.headers.contains_key(header::AUTHORIZATION) {
            Some(ApiUser::from_request_parts(parts, state).await.map_err(IntoResponse::into_response)?.0)
        } else {
            Viewer::from_request_parts(parts, state).await.map_err(IntoResponse::into_response)?.user
        };
        match user {
            Some(u) if u.is_admin() => Ok(Admin),
            Some(_) => Err(AppError::forbidden(crate::tr!("error-admins-metrics")).into_response()),
            None => Err(AppError::Unauthorized(crate::tr!("error-metrics-log-in")).into_response()),
        }
    }
}

async fn metrics(State(state): State<AppState>, _admin: Admin) -> Result<Response> {
    scrape(&state.pool).await
}

async fn open_metrics(State(pool): State<PgPool>) -> Result<Response> {
    scrape(&pool).await
}

async fn scrape(pool: &PgPool) -> Result<Response> {
    let text = names::scrape(&mut *pool.acquire().await?).await?;
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static(TEXT_FORMAT))], text).into_response())
}

/// Where the inner middleware ([`note_route`]) leaves the matched route for [`track`].
#[derive(Clone, Default)]
struct RouteSlot(Arc<Mutex<Option<String>>>);

/// Counts and times every request (outermost, so 404s and the session layer are included).
pub async fn track(mut req: Request, next: Next) -> Response {
    let started = Instant::now();
    let slot = RouteSlot::default();
    req.extensions_mut().insert(slot.clone());
    let method = req.method().as_str().to_string();
    let response = next.run(req).await;
    let route = slot.0.lock().ok().and_then(|mut r| r.take()).unwrap_or_else(|| "unmatched".to_string());
    let status = response.status().as_u16().to_string();
    let labels = [("method", method), ("route", route), ("status", status)];
    metrics::counter!(names::HTTP_REQUESTS, &labels).increment(1);
    metrics::histogram!(names::HTTP_SECONDS, &labels).record(started.elapsed().as_secs_f64());
    response
}

/// Notes the matched route's pattern for [`track`] (a route layer: it runs once a route matched).
pub async fn note_route(req: Request, next: Next) -> Response {
    if let (Some(path), Some(slot)) =
        (req.extensions().get::<MatchedPath>(), req.extensions().get::<RouteSlot>())
    {
        if let Ok(mut r) = slot.0.lock() {
            *r = Some(path.as_str().to_string());
        }
    }
    next.run(req).await
}
