//! Rejudging, freezing, unfreezing and disqualifying (`service::contests`): the form posts of the
//! admin pages and their `/api` twins. On the pages a rejudge, an unfreeze and a disqualification
//! ask first ([`crate::web::confirm`]); the API does each in one call, for scripts.

use crate::db::ids::SubmissionId;
use crate::db::submissions::{self, Status};
use crate::db::users::{self, User};
use crate::service::contests;
use crate::tr;
use crate::web::api_types::{self, Disqualified, ErrorBody, FrozenScoreboard};
use crate::web::confirm::{self, Question};
use crate::web::error::{AppError, PageResult, Result};
use crate::web::extract::{check_csrf, contest_or_404, ApiUser, PageUser};
use crate::web::input::{Form, Path};
use crate::web::scoreboard_view::next_refresh;
use crate::web::state::AppState;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect};
use axum::Json;
use serde::Deserialize;

pub(super) async fn rejudge_form(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
    Form(form): Form<CsrfForm>,
) -> PageResult {
    admin_post(&who, &form).await?;
    let c = contest_or_404(&state, &slug).await?;
    if !confirm::confirmed(&form.confirmed) {
        let q = Question {
            heading: tr!("admin-confirm-rejudge", title = c.title.as_str()),
            consequence: tr!("admin-confirm-rejudge-consequence"),
            action: format!("/admin/contests/{slug}/rejudge"),
            button: tr!("admin-rejudge-all"),
            cancel: settings_path(&slug),
            fields: vec![],
        };
        return confirm::ask(&who, q).await;
    }
    let done = contests::rejudge(&state.pool, &who.user, &c).await?;
    Ok(Redirect::to(&format!("{}?rejudged={}", settings_path(&slug), done.matches)).into_response())
}

/// Freezes (or unfreezes) the contest `slug` for `user` (an admin): its standings as the API answers.
async fn set_freeze(state: &AppState, user: &User, slug: &str, freeze: bool) -> Result<FrozenScoreboard> {
    let c = contest_or_404(state, slug).await?;
    let (computed_at, rows) = contests::set_freeze(&state.pool, user, &c, freeze).await?;
    let next_refresh_at = next_refresh(&c, computed_at, freeze);
    Ok(FrozenScoreboard {
        frozen: freeze,
        scoreboard: api_types::Scoreboard { computed_at, next_refresh_at, rows },
    })
}

pub(super) async fn freeze_form(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
    Form(form): Form<CsrfForm>,
) -> PageResult {
    admin_post(&who, &form).await?;
    set_freeze(&state, &who.user, &slug, true).await?;
    Ok(Redirect::to(&format!("/admin/contests/{slug}/settings?frozen=1")).into_response())
}

pub(super) async fn unfreeze_form(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
    Form(form): Form<CsrfForm>,
) -> PageResult {
    admin_post(&who, &form).await?;
    if !confirm::confirmed(&form.confirmed) {
        let c = contest_or_404(&state, &slug).await?;
        let q = Question {
            heading: tr!("admin-confirm-unfreeze", title = c.title.as_str()),
            consequence: tr!("admin-confirm-unfreeze-consequence"),
            action: format!("/admin/contests/{slug}/unfreeze"),
            button: tr!("admin-unfreeze"),
            cancel: settings_path(&slug),
            fields: vec![],
        };
        return confirm::ask(&who, q).await;
    }
    set_freeze(&state, &who.user, &slug, false).await?;
    Ok(Redirect::to(&format!("/admin/contests/{slug}/settings?unfrozen=1")).into_response())
}

fn settings_path(slug: &str) -> String {
    format!("/admin/contests/{slug}/settings")
}

/// Whose submission `id` is, as its confirmation names them: `username (display name)`.
async fn submission_owner(state: &AppState, id: SubmissionId) -> Result<String> {
    let mut conn = state.pool.acquire().await?;
    let s = submissions::by_id(&mut conn, id).await?.ok_or_else(|| AppError::not_found("submission"))?;
    let owner = users::by_id(&mut conn, s.user_id).await?.ok_or_else(|| AppError::not_found("user"))?;
    Ok(match owner.display_name {
        Some(d) => format!("{} ({d})", owner.username),
        None => owner.username,
    })
}

fn submission_id(id: &str) -> Result<SubmissionId> {
    id.parse().map_err(|_| AppError::not_found("submission"))
}

/// An action on one submission that asks first: the last segment of its path, and the messages of
/// its question (heading, consequence, button).
struct SubmissionAction {
    path: &'static str,
    heading: &'static str,
    consequence: &'static str,
    button: &'static str,
}

/// The confirmation page of `action` on submission `id` (its owner named in the consequence), or
/// `None` once the admin confirmed.
async fn ask_about_submission(
    state: &AppState,
    who: &PageUser,
    form: &CsrfForm,
    id: SubmissionId,
    action: SubmissionAction,
) -> PageResult<Option<axum::response::Response>> {
    if confirm::confirmed(&form.confirmed) {
        return Ok(None);
    }
    let owner = submission_owner(state, id).await?;
    // The id as written in addresses, not as a number in the reader's digits.
    let shown_id = id.to_string();
    let q = Question {
        heading: tr!(action.heading, id = shown_id.as_str()),
        consequence: tr!(action.consequence, id = shown_id.as_str(), owner = owner.as_str()),
        action: format!("/admin/submissions/{id}/{}", action.path),
        button: tr!(action.button),
        cancel: format!("/submissions/{id}"),
        fields: vec![],
    };
    Ok(Some(confirm::ask(who, q).await?))
}

pub(super) async fn disqualify_form(
    State(state): State<AppState>,
    who: PageUser,
    Path(id): Path<String>,
    Form(form): Form<CsrfForm>,
) -> PageResult {
    admin_post(&who, &form).await?;
    let id = submission_id(&id)?;
    let action = SubmissionAction {
        path: "disqualify",
        heading: "admin-confirm-disqualify",
        consequence: "admin-confirm-disqualify-consequence",
        button: "admin-disqualify",
    };
    let question = ask_about_submission(&state, &who, &form, id, action);
    if let Some(page) = question.await? {
        return Ok(page);
    }
    contests::disqualify(&state.pool, &who.user, id).await?;
    Ok(Redirect::to(&format!("/submissions/{id}")).into_response())
}

pub(super) async fn rejudge_submission_form(
    State(state): State<AppState>,
    who: PageUser,
    Path(id): Path<String>,
    Form(form): Form<CsrfForm>,
) -> PageResult {
    admin_post(&who, &form).await?;
    let id = submission_id(&id)?;
    let action = SubmissionAction {
        path: "rejudge",
        heading: "admin-confirm-rejudge-submission",
        consequence: "admin-confirm-rejudge-submission-consequence",
        button: "admin-rejudge-its-matches",
    };
    let question = ask_about_submission(&state, &who, &form, id, action);
    if let Some(page) = question.await? {
        return Ok(page);
    }
    contests::rejudge_submission(&state.pool, &who.user, id).await?;
    Ok(Redirect::to(&format!("/submissions/{id}")).into_response())
}

/// Replays every current match under the current settings, and unfreezes the standings.
#[utoipa::path(post, path = "/api/contests/{slug}/rejudge", tag = "admin",
    params(("slug" = String, Path, description = "the contest")),
    responses((status = 200, body = api_types::Rejudged), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn rejudge_api(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
) -> Result<Json<api_types::Rejudged>> {
    api_admin(&user)?;
    let done = contests::rejudge(&state.pool, &user, &contest_or_404(&state, &slug).await?).await?;
    Ok(Json(api_types::Rejudged { matches: done.matches, games: done.games }))
}

/// Freezes the standings, computing them a last time.
#[utoipa::path(post, path = "/api/contests/{slug}/freeze", tag = "admin",
    params(("slug" = String, Path, description = "the contest")),
    responses((status = 200, body = FrozenScoreboard), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn freeze_api(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
) -> Result<Json<FrozenScoreboard>> {
    api_admin(&user)?;
    Ok(Json(set_freeze(&state, &user, &slug, true).await?))
}

/// Lets the standings be recomputed again.
#[utoipa::path(post, path = "/api/contests/{slug}/unfreeze", tag = "admin",
    params(("slug" = String, Path, description = "the contest")),
    responses((status = 200, body = FrozenScoreboard), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn unfreeze_api(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
) -> Result<Json<FrozenScoreboard>> {
    api_admin(&user)?;
    Ok(Json(set_freeze(&state, &user, &slug, false).await?))
}

/// Disqualifies a submission: its queued games are cancelled and its matches leave the standings.
#[utoipa::path(post, path = "/api/submissions/{id}/disqualify", tag = "admin",
    params(("id" = i64, Path, description = "the submission")),
    responses((status = 200, body = Disqualified), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, description = "`already_disqualified`", body = ErrorBody)))]
pub(crate) async fn disqualify_api(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
) -> Result<Json<Disqualified>> {
    api_admin(&user)?;
    let id = submission_id(&id)?;
    let contest = contests::disqualify(&state.pool, &user, id).await?;
    Ok(Json(Disqualified { id, contest, status: Status::Disqualified }))
}

/// Replays the current matches of one current submission under the contest's current settings.
#[utoipa::path(post, path = "/api/submissions/{id}/rejudge", tag = "admin",
    params(("id" = i64, Path, description = "the submission")),
    responses((status = 200, body = api_types::Rejudged), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, description = "`not_current`", body = ErrorBody)))]
pub(crate) async fn rejudge_submission_api(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
) -> Result<Json<api_types::Rejudged>> {
    api_admin(&user)?;
    let (_, done) = contests::rejudge_submission(&state.pool, &user, submission_id(&id)?).await?;
    Ok(Json(api_types::Rejudged { matches: done.matches, games: done.games }))
}

fn api_admin(user: &User) -> Result<()> {
    if user.is_admin() {
        Ok(())
    } else {
        Err(AppError::forbidden(crate::tr!("error-admins-only-action")))
    }
}

#[derive(Deserialize)]
pub(super) struct CsrfForm {
    #[serde(default)]
    csrf: String,
    /// `yes` once the admin confirmed an action that asks first ([`crate::web::confirm`]).
    #[serde(default)]
    confirmed: String,
}

/// The checks of every admin form post.
async fn admin_post(who: &PageUser, form: &CsrfForm) -> Result<()> {
    who.require_admin()?;
    check_csrf(&who.session, &form.csrf).await
}
