//! A contest's announcements: Markdown posted by an admin (a form on the contest page, or the
//! API), shown on the contest page newest first with their time; a student sees which are new
//! since their last visit, and the contests list counts the unread ones.

use super::api_types::{AnnouncementBody, AnnouncementCreated, AnnouncementView, ErrorBody};
use super::error::{AppError, PageResult, Result};
use super::extract::{check_csrf, contest_or_404, ApiJson, ApiUser, PageUser};
use super::input::{Form, Path};
use super::markdown::announcement_html;
use super::state::AppState;
use crate::db::announcements;
use crate::service::contests as service;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

pub fn router() -> Router<AppState> {
    Router::new().route("/admin/contests/{slug}/announcements", post(post_form))
}

pub fn api_router() -> Router<AppState> {
    Router::new().route("/contests/{slug}/announcements", get(list_api).post(create_api))
}

#[derive(Deserialize)]
struct PostForm {
    csrf: String,
    body: String,
}

/// The admin's form on the contest page.
async fn post_form(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
    Form(form): Form<PostForm>,
) -> PageResult {
    check_csrf(&who.session, &form.csrf).await?;
    if !who.user.is_admin() {
        return Err(AppError::forbidden(crate::tr!("error-admins-announce")).into());
    }
    let c = contest_or_404(&state, &slug).await?;
    match service::announce(&state.pool, &who.user, &c, &form.body).await? {
        Ok(id) => Ok(Redirect::to(&format!("/contests/{slug}#announcement-{id}")).into_response()),
        Err(why) => Err(AppError::from(why).into()),
    }
}

/// The contest's announcements, newest first (reading them through the API does not mark them
/// read: that is the contest page's visit).
#[utoipa::path(get, path = "/api/contests/{slug}/announcements", tag = "contests",
    params(("slug" = String, Path, description = "the contest")),
    responses((status = 200, body = [AnnouncementView]), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn list_api(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
) -> Result<Json<Vec<AnnouncementView>>> {
    let c = contest_or_404(&state, &slug).await?;
    let mut conn = state.pool.acquire().await?;
    let read = announcements::read_at(&mut conn, user.id, c.id).await?;
    let list = announcements::of_contest(&mut conn, c.id).await?;
    Ok(Json(
        list.into_iter()
            .map(|a| AnnouncementView {
                unread: read.is_none_or(|r| a.created_at > r),
                html: announcement_html(&a.body),
                id: a.id,
                author: a.author,
                body: a.body,
                created_at: a.created_at,
            })
            .collect(),
    ))
}

/// Posts an announcement (admins).
#[utoipa::path(post, path = "/api/contests/{slug}/announcements", tag = "admin",
    params(("slug" = String, Path, description = "the contest")),
    request_body = AnnouncementBody,
    responses((status = 201, body = AnnouncementCreated), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn create_api(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
    ApiJson(body): ApiJson<AnnouncementBody>,
) -> Result<(StatusCode, Json<AnnouncementCreated>)> {
    if !user.is_admin() {
        return Err(AppError::forbidden(crate::tr!("error-admins-announce")));
    }
    let c = contest_or_404(&state, &slug).await?;
    match service::announce(&state.pool, &user, &c, &body.body).await? {
        Ok(id) => Ok((StatusCode::CREATED, Json(AnnouncementCreated { id }))),
        Err(why) => Err(AppError::from(why)),
    }
}
