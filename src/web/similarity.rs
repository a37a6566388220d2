//! Copy detection for admins: a contest's pairs of similar submissions of different users (the page
//! and `GET /api/contests/{slug}/similarity`), a side-by-side view of a pair with the shared regions
//! marked and linked, and the contest's base code (its starters always; files an admin adds).

use super::api_types::{ErrorBody, SimilarityPair, SimilaritySide, SimilarityView};
use super::error::{AppError, PageResult, Result};
use super::extract::{check_csrf, contest_or_404, ApiUser, PageUser};
use super::input::{Form, Path};
use super::render::{render, Nav};
use super::state::AppState;
use crate::db::ids::SubmissionId;
use crate::db::similarity::{self, Pair};
use crate::service::similarity as service;
use crate::tr;
use crate::web::i18n::filters;
use askama::Template;
use axum::extract::{Query, State};
use axum::response::{IntoResponse, Redirect};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/contests/{slug}/similarity", get(page))
        .route("/admin/contests/{slug}/similarity/reindex", post(reindex_form))
        .route("/admin/contests/{slug}/similarity/base", post(add_base_form))
        .route("/admin/contests/{slug}/similarity/base/{id}/remove", post(remove_base_form))
        .route("/admin/contests/{slug}/similarity/{a}/{b}", get(pair_page))
}

pub fn api_router() -> Router<AppState> {
    Router::new().route("/contests/{slug}/similarity", get(api))
}

/// The pairs listed on the page and in the API at most.
const LIMIT: i64 = 500;

/// `?min=0.5` (the threshold, 0 to 1; the stored floor by default) and `?all=1` (superseded
/// submissions too: a copy may have been submitted, then replaced).
#[derive(Deserialize)]
pub(super) struct Filter {
    min: Option<f32>,
    #[serde(default)]
    all: Option<String>,
}

impl Filter {
    fn min(&self) -> f32 {
        self.min.filter(|m| m.is_finite()).unwrap_or(service::STORED_FLOOR).clamp(0.0, 1.0)
    }
    fn all(&self) -> bool {
        self.all.as_deref().is_some_and(|a| a == "1" || a == "true")
    }
}

#[derive(Template)]
#[template(path = "admin/similarity.html")]
struct SimilarityPage {
    nav: Nav,
    slug: String,
    title: String,
    pairs: Vec<Pair>,
    min: f32,
    all: bool,
    indexed: i64,
    submissions: i64,
    floor: f32,
    base_files: Vec<similarity::BaseFile>,
    languages: Vec<String>,
    notice: Option<String>,
    /// How many indexed submissions were over the parser's budget, and the latest of them.
    over_budget_count: i64,
    over_budget: Vec<similarity::OverBudget>,
    parse_max_kib: usize,
    max_tokens: usize,
}

impl SimilarityPage {
    /// Why a source was over the parser's budget, in the reader's language (a row of before the
    /// reasons were stored as codes: its English words).
    fn why(&self, o: &similarity::OverBudget) -> String {
        o.reason().map_or_else(|| o.why.clone(), |r| over_budget_text(&r))
    }
}

/// An over-budget reason in the reader's language.
fn over_budget_text(r: &crate::similarity::OverBudget) -> String {
    use crate::similarity::Cause;
    let cause = r.cause.map(|c| match c {
        Cause::Size { kib, max_kib } => tr!("admin-similarity-why-size", kib = kib, max = max_kib),
        Cause::Tokens { max } => tr!("admin-similarity-why-tokens", max = max),
        Cause::Depth { depth, max } => tr!("admin-similarity-why-depth", depth = depth, max = max),
        Cause::Slow { seconds } => tr!("admin-similarity-why-slow", seconds = seconds),
    });
    let tokens = crate::similarity::MAX_TOKENS;
    match (cause, r.truncated) {
        (Some(why), true) => tr!("admin-similarity-why-and-truncated", why = why, tokens = tokens),
        (Some(why), false) => why,
        (None, _) => tr!("admin-similarity-why-truncated", tokens = tokens),
    }
}

async fn page(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
    Query(filter): Query<Filter>,
    Query(notice): Query<Notice>,
) -> PageResult {
    who.require_admin()?;
    let c = contest_or_404(&state, &slug).await?;
    let mut conn = state.pool.acquire().await?;
    let pairs = similarity::pairs(&mut conn, c.id, filter.min(), filter.all(), LIMIT).await?;
    let (indexed, submissions) = similarity::coverage(&mut conn, c.id).await?;
    let base_files = similarity::base_files(&mut conn, c.id).await?;
    let (over_budget_count, over_budget) = similarity::over_budget(&mut conn, c.id, 100).await?;
    Ok(render(&SimilarityPage {
        over_budget_count,
        over_budget,
        parse_max_kib: crate::similarity::PARSE_MAX_BYTES / 1024,
        max_tokens: crate::similarity::MAX_TOKENS,
        nav: who.nav().await?,
        slug: c.slug,
        title: c.title,
        pairs,
        min: filter.min(),
        all: filter.all(),
        indexed,
        submissions,
        floor: service::STORED_FLOOR,
        base_files,
        languages: state.language_ids(),
        notice: notice.done.map(|d| match d.as_str() {
            "reindex" => tr!("admin-similarity-reindexing"),
            _ => tr!("admin-similarity-base-changed"),
        }),
    }))
}

impl SimilarityPage {
    /// A share (0 to 1) in whole percent.
    fn percent(&self, x: impl Share) -> i64 {
        x.percent()
    }
}

/// A share from 0 to 1 (as the templates hand it: by value or by reference).
trait Share {
    fn percent(&self) -> i64;
}

impl Share for f32 {
    fn percent(&self) -> i64 {
        (f64::from(*self) * 100.0).round() as i64
    }
}

impl<T: Share + ?Sized> Share for &T {
    fn percent(&self) -> i64 {
        (**self).percent()
    }
}

#[derive(Deserialize)]
struct Notice {
    done: Option<String>,
}

#[derive(Deserialize)]
struct CsrfOnly {
    #[serde(default)]
    csrf: String,
}

/// Reindexes the contest in the background (a reindex of 1,000 submissions takes seconds).
fn spawn_reindex(state: &AppState, c: &crate::db::contests::Contest) {
    let (pool, id, starters) = (state.pool.clone(), c.id, crate::starters::sources(c.game));
    tokio::spawn(async move {
        let done = async { service::reindex(&mut *pool.acquire().await?, id, starters).await };
        match done.await {
            Ok(n) => tracing::info!(contest = %id, "similarity: reindexed {n} submissions"),
            Err(e) => tracing::warn!(contest = %id, "similarity reindex: {e:#}"),
        }
    });
}

async fn reindex_form(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
    Form(form): Form<CsrfOnly>,
) -> PageResult {
    who.require_admin()?;
    check_csrf(&who.session, &form.csrf).await?;
    let c = contest_or_404(&state, &slug).await?;
    spawn_reindex(&state, &c);
    Ok(Redirect::to(&format!("/admin/contests/{slug}/similarity?done=reindex")).into_response())
}

#[derive(Deserialize)]
struct BaseForm {
    #[serde(default)]
    csrf: String,
    name: String,
    language: String,
    source: String,
}

async fn add_base_form(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
    Form(form): Form<BaseForm>,
) -> PageResult {
    who.require_admin()?;
    check_csrf(&who.session, &form.csrf).await?;
    let c = contest_or_404(&state, &slug).await?;
    let languages = state.language_ids();
    let added =
        service::add_base_file(&state.pool, c.id, &form.name, &form.language, &form.source, &languages)
            .await?;
    if let Err(why) = added {
        return Err(AppError::from(why).into());
    }
    spawn_reindex(&state, &c);
    Ok(Redirect::to(&format!("/admin/contests/{slug}/similarity?done=base")).into_response())
}

async fn remove_base_form(
    State(state): State<AppState>,
    who: PageUser,
    Path((slug, id)): Path<(String, i64)>,
    Form(form): Form<CsrfOnly>,
) -> PageResult {
    who.require_admin()?;
    check_csrf(&who.session, &form.csrf).await?;
    let c = contest_or_404(&state, &slug).await?;
    if !service::remove_base_file(&state.pool, c.id, id).await? {
        return Err(AppError::not_found("base-file").into());
    }
    spawn_reindex(&state, &c);
    Ok(Redirect::to(&format!("/admin/contests/{slug}/similarity?done=base")).into_response())
}

/// A stretch of a source: plain text, or a shared region with its number on this side and the
/// number of the matching region on the other.
struct Stretch {
    text: String,
    region: Option<(usize, usize)>,
}

/// The source cut at its shared regions; `other[k]` is the other side's number of region k.
fn stretches(
    source: &str,
    regions: &[std::ops::Range<usize>],
    other: &dyn Fn(usize) -> usize,
) -> Vec<Stretch> {
    let mut out = Vec::new();
    let mut at = 0;
    for (k, r) in regions.iter().enumerate() {
        if r.start > at {
            out.push(Stretch { text: source[at..r.start].to_string(), region: None });
        }
        out.push(Stretch { text: source[r.clone()].to_string(), region: Some((k, other(k))) });
        at = r.end;
    }
    out.push(Stretch { text: source[at..].to_string(), region: None });
    out
}

struct ShownSide {
    /// `a` or `b`: the prefix of this side's region anchors; `other` the other side's.
    key: &'static str,
    other: &'static str,
    submission_id: SubmissionId,
    username: String,
    language: String,
    stretches: Vec<Stretch>,
}

#[derive(Template)]
#[template(path = "admin/similarity_pair.html")]
struct PairPage {
    nav: Nav,
    slug: String,
    title: String,
    sides: [ShownSide; 2],
    /// `(shared fingerprints, similarity, longest run)` as stored.
    stored: Option<(i32, f32, i32)>,
    regions: usize,
    longest_run: usize,
}

impl PairPage {
    fn percent(&self, x: impl Share) -> i64 {
        x.percent()
    }
    /// Side `i`'s submission id, as written in addresses.
    fn side_id(&self, i: usize) -> String {
        format!("#{}", self.sides[i].submission_id)
    }
    /// Side `i` as the heading names it: its username and submission id.
    fn side_name(&self, i: usize) -> String {
        format!("{} #{}", self.sides[i].username, self.sides[i].submission_id)
    }
}

async fn pair_page(
    State(state): State<AppState>,
    who: PageUser,
    Path((slug, a, b)): Path<(String, SubmissionId, SubmissionId)>,
) -> PageResult {
    who.require_admin()?;
    let c = contest_or_404(&state, &slug).await?;
    let mut conn = state.pool.acquire().await?;
    let side = |s: Option<similarity::Indexable>| {
        s.filter(|s| s.contest_id == c.id).ok_or_else(|| AppError::not_found("contest-submission"))
    };
    let sa = side(similarity::indexable(&mut conn, a).await?)?;
    let sb = side(similarity::indexable(&mut conn, b).await?)?;
    let view = service::side_by_side(&mut conn, c.id, (&sa.language, &sa.source), (&sb.language, &sb.source))
        .await?;
    let order = view.order.clone();
    let mut back = vec![0; order.len()];
    for (k, &j) in order.iter().enumerate() {
        back[j] = k;
    }
    let shown = |s: similarity::Indexable, (key, other), stretches| ShownSide {
        key,
        other,
        submission_id: s.id,
        username: s.username,
        language: s.language,
        stretches,
    };
    let (text_a, regions_a) = view.a;
    let (text_b, regions_b) = view.b;
    let stretches_a = stretches(&text_a, &regions_a, &|k| order[k]);
    let stretches_b = stretches(&text_b, &regions_b, &|k| back[k]);
    Ok(render(&PairPage {
        nav: who.nav().await?,
        slug: c.slug,
        title: c.title,
        stored: similarity::pair(&mut conn, a, b).await?,
        regions: regions_a.len(),
        longest_run: view.longest_run,
        sides: [shown(sa, ("a", "b"), stretches_a), shown(sb, ("b", "a"), stretches_b)],
    }))
}

/// The contest's pairs of similar submissions of different users, most similar first: only
/// current submissions unless `all=1`, at or above `min` (0 to 1). Admins only.
#[utoipa::path(get, path = "/api/contests/{slug}/similarity", tag = "admin",
    params(("slug" = String, Path, description = "the contest"),
           ("min" = Option<f32>, Query, description = "the least similarity listed, 0 to 1 (default 0.1, the stored floor)"),
           ("all" = Option<String>, Query, description = "`1`: superseded submissions too")),
    responses((status = 200, body = SimilarityView), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn api(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
    Query(filter): Query<Filter>,
) -> Result<Json<SimilarityView>> {
    if !user.is_admin() {
        return Err(AppError::forbidden(crate::tr!("error-admins-similarity")));
    }
    let c = contest_or_404(&state, &slug).await?;
    let mut conn = state.pool.acquire().await?;
    let pairs = similarity::pairs(&mut conn, c.id, filter.min(), filter.all(), LIMIT).await?;
    let (indexed, submissions) = similarity::coverage(&mut conn, c.id).await?;
    let side = |s: similarity::Side| SimilaritySide {
        submission_id: s.submission_id,
        username: s.username,
        language: s.language,
        current: s.current,
    };
    Ok(Json(SimilarityView {
        indexed,
        submissions,
        pairs: pairs
            .into_iter()
            .map(|p| SimilarityPair {
                a: side(p.a),
                b: side(p.b),
                similarity: (p.similarity as f64 * 1000.0).round() / 1000.0,
                shared: p.shared,
                longest_run: p.longest_run,
            })
            .collect(),
    }))
}
