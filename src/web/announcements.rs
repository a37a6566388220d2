//! A contest's announcements: Markdown posted by an admin (a form on the contest page, or the
//! API), shown on the contest page newest first with their time; a student sees which are new
//! since their last visit, and the contests list counts the unread ones.

use super::api::ApiJson;
use super::api_types::{AnnouncementBody, AnnouncementCreated, AnnouncementView, ErrorBody};
use super::auth::{check_csrf, ApiUser, PageUser};
use super::contests::contest_or_404;
use super::error::{AppError, PageResult, Result};
use super::input::{Form, Path};
use super::AppState;
use crate::db::announcements::{self, Announcement};
use crate::db::contests::Contest;
use crate::db::ids::UserId;
use crate::service::contests as service;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect};
use axum::routing::{get, post};
use axum::{Json, Router};
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use serde::Deserialize;
use time::OffsetDateTime;

pub fn router() -> Router<AppState> {
    Router::new().route("/admin/contests/{slug}/announcements", post(post_form))
}

pub fn api_router() -> Router<AppState> {
    Router::new().route("/contests/{slug}/announcements", get(list_api).post(create_api))
}

/// An announcement's Markdown as HTML: raw HTML shows as text, and a link whose address is not
/// http(s), mailto or relative goes nowhere. An image is a link to it (its description the link's
/// text): the Content-Security-Policy (`web::headers`) loads no image from another site, and a
/// table column's alignment is a class, not the `style` attribute the policy refuses.
pub fn html(markdown: &str) -> String {
    let safe = |url: &str| {
        let lower = url.trim().to_ascii_lowercase();
        let scheme = lower.split_once(':').map(|(s, _)| s.to_string());
        match scheme {
            None => true,
            Some(s) if s.contains('/') || s.contains('?') || s.contains('#') => true,
            Some(s) => ["http", "https", "mailto"].contains(&s.as_str()),
        }
    };
    let events =
        Parser::new_ext(markdown, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH).map(|e| match e {
            Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
            Event::Start(Tag::Link { link_type, dest_url, title, id }) if !safe(&dest_url) => {
                Event::Start(Tag::Link { link_type, dest_url: "#".into(), title, id })
            }
            Event::Start(Tag::Image { link_type, dest_url, title, id }) => {
                let dest_url = if safe(&dest_url) { dest_url } else { "#".into() };
                Event::Start(Tag::Link { link_type, dest_url, title, id })
            }
            Event::End(TagEnd::Image) => Event::End(TagEnd::Link),
            other => other,
        });
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut out, events);
    super::statement::aligned_by_class(out)
}

/// An announcement as the contest page shows it.
pub struct Shown {
    pub id: i64,
    pub author: String,
    pub when: String,
    pub html: String,
    /// Posted since the viewer's last visit.
    pub new: bool,
}

/// The contest's announcements for `user`'s visit of its page, which marks them read.
pub async fn for_visit(state: &AppState, c: &Contest, user: UserId) -> Result<Vec<Shown>> {
    let mut conn = state.pool.acquire().await?;
    let list = announcements::of_contest(&mut conn, c.id).await?;
    let read = announcements::read_at(&mut conn, user, c.id).await?;
    let shown: Vec<Shown> = list.into_iter().map(|a| shown(a, read)).collect();
    // A write only when there is something new to mark read, not on every visit.
    if shown.iter().any(|a| a.new) {
        announcements::mark_read(&mut conn, user, c.id).await?;
    }
    Ok(shown)
}

fn shown(a: Announcement, read: Option<OffsetDateTime>) -> Shown {
    Shown {
        id: a.id,
        author: a.author.unwrap_or_else(|| "(deleted user)".into()),
        when: super::when(&a.created_at),
        html: html(&a.body),
        new: read.is_none_or(|r| a.created_at > r),
    }
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
        return Err(AppError::forbidden("Only admins post announcements.").into());
    }
    let c = contest_or_404(&state, &slug).await?;
    match service::announce(&state.pool, &who.user, &c, &form.body).await? {
        Ok(id) => Ok(Redirect::to(&format!("/contests/{slug}#announcement-{id}")).into_response()),
        Err(why) => Err(AppError::bad("bad_announcement", why).into()),
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
                html: html(&a.body),
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
        return Err(AppError::forbidden("Only admins post announcements."));
    }
    let c = contest_or_404(&state, &slug).await?;
    match service::announce(&state.pool, &user, &c, &body.body).await? {
        Ok(id) => Ok((StatusCode::CREATED, Json(AnnouncementCreated { id }))),
        Err(why) => Err(AppError::bad("bad_announcement", why)),
    }
}

#[cfg(test)]
mod tests {
    use super::html;

    #[test]
    fn raw_html_is_text_and_only_safe_links_lead_anywhere() {
        assert_eq!(html("<b>x</b>"), "<p>&lt;b&gt;x&lt;/b&gt;</p>\n");
        let links = html("[a](javascript:alert(1)) [b](JavaScript:x) [c](data:text/html,x) [d](https://e.org/x) [e](/rules) [f](mailto:a@b.c) ![i](javascript:y)");
        assert!(!links.to_ascii_lowercase().contains("javascript:") && !links.contains("data:"), "{links}");
        assert!(
            links.contains("href=\"https://e.org/x\"")
                && links.contains("href=\"/rules\"")
                && links.contains("href=\"mailto:a@b.c\""),
            "{links}"
        );
    }

    #[test]
    fn an_image_is_a_link_to_it_and_an_aligned_column_has_a_class() {
        let image = html("![the board](https://e.org/b.png \"title\") ![x](javascript:y)");
        assert!(!image.contains("<img"), "{image}");
        assert!(image.contains("<a href=\"https://e.org/b.png\" title=\"title\">the board</a>"), "{image}");
        assert!(image.contains("<a href=\"#\">x</a>"), "{image}");
        let table = html("| a | b |\n|--:|:-:|\n| 1 | 2 |\n");
        assert!(table.contains("<td class=\"align-right\">1</td>") && !table.contains("style="), "{table}");
    }
}
