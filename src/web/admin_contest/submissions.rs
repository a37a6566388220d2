//! The admin's list of submissions, `/admin/submissions`: every person's submissions, newest
//! first, narrowed by contest, student (username or nickname), language and status with a GET
//! form, a hundred a page, each linked to its page.

use crate::db::contests;
use crate::db::submissions::{self, Filter, Status};
use crate::tr;
use crate::web::error::PageResult;
use crate::web::extract::{contest_or_404, PageUser};
use crate::web::i18n::filters;
use crate::web::input::{page_number, query_text};
use crate::web::render::{link_with, page_count, render, when, Nav};
use crate::web::state::AppState;
use askama::Template;
use axum::extract::{Query, State};
use serde::Deserialize;
use strum::VariantArray;

const PER_PAGE: i64 = 100;

/// The filters as the query string gives them.
#[derive(Deserialize)]
pub(super) struct ListQuery {
    contest: Option<String>,
    student: Option<String>,
    language: Option<String>,
    status: Option<String>,
    page: Option<String>,
}

struct Row {
    id: i64,
    contest: String,
    username: String,
    /// The display name and nickname, as far as there are.
    names: String,
    language: String,
    status: Status,
    created: String,
}

#[derive(Template)]
#[template(path = "admin/submissions.html")]
struct SubmissionsPage {
    nav: Nav,
    contest: String,
    student: String,
    language: String,
    status: String,
    /// Slug and title of every contest, for the filter.
    contests: Vec<(String, String)>,
    /// Id and name of every configured language, for the filter.
    languages: Vec<(String, String)>,
    statuses: &'static [Status],
    rows: Vec<Row>,
    total: i64,
    page: i64,
    pages: i64,
}

impl SubmissionsPage {
    /// A status as the page says it.
    fn status_text(&self, s: &Status) -> String {
        tr!(match s {
            Status::Queued => "admin-submission-queued",
            Status::Compiling => "admin-submission-compiling",
            Status::CompileError => "admin-submission-compile-error",
            Status::Ready => "admin-submission-ready",
            Status::Superseded => "admin-submission-superseded",
            Status::Disqualified => "admin-submission-disqualified",
        })
    }

    /// This list's link on another page (the filters kept).
    fn page_link(&self, page: i64) -> String {
        let page = page.to_string();
        let pairs = [
            ("contest", self.contest.as_str()),
            ("student", self.student.as_str()),
            ("language", self.language.as_str()),
            ("status", self.status.as_str()),
            ("page", page.as_str()),
        ];
        link_with("/admin/submissions", &pairs)
    }
}

pub(super) async fn submissions_page(
    State(state): State<AppState>,
    who: PageUser,
    Query(q): Query<ListQuery>,
) -> PageResult {
    who.require_admin()?;
    let contest = query_text(q.contest.as_deref());
    let status: Option<Status> = q.status.as_deref().and_then(|s| s.parse().ok());
    let mut filter = Filter {
        contest: None,
        student: query_text(q.student.as_deref()),
        language: query_text(q.language.as_deref()),
        status,
    };
    if !contest.is_empty() {
        filter.contest = Some(contest_or_404(&state, &contest).await?.id);
    }
    let page = page_number(q.page.as_deref());
    let mut conn = state.pool.acquire().await?;
    let listed = submissions::search(&mut conn, &filter, PER_PAGE, (page - 1) * PER_PAGE).await?;
    let total = listed.first().map_or(0, |s| s.total);
    let contests = contests::list(&mut conn).await?.into_iter().map(|c| (c.slug, c.title)).collect();
    drop(conn);
    let rows = listed
        .into_iter()
        .map(|s| Row {
            id: s.id.0,
            contest: s.contest_slug,
            username: s.username,
            names: [s.display_name, s.nickname].into_iter().flatten().collect::<Vec<_>>().join(" · "),
            language: state.language_name(&s.language),
            status: s.status,
            created: when(&s.created_at),
        })
        .collect();
    Ok(render(&SubmissionsPage {
        nav: who.nav().await?,
        contest,
        student: filter.student,
        language: filter.language,
        status: status.map(|s| s.to_string()).unwrap_or_default(),
        contests,
        languages: state.languages.all().iter().map(|l| (l.id.clone(), l.name.clone())).collect(),
        statuses: Status::VARIANTS,
        rows,
        total,
        page,
        pages: page_count(total, PER_PAGE),
    }))
}
