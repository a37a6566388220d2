//! Starting a contest's finals (`service::finals`): the form on the contest's admin page (asked
//! first, [`crate::web::confirm`]: a contest has one finals) and its `/api` twin.

use crate::db::contests::Contest;
use crate::db::users::User;
use crate::service::finals;
use crate::tr;
use crate::web::api_types::{ErrorBody, FinalsBody, FinalsView};
use crate::web::confirm::{self, Question};
use crate::web::error::{AppError, PageResult, Result};
use crate::web::extract::{check_csrf, contest_or_404, ApiJson, ApiUser, PageUser};
use crate::web::input::{Form, Path};
use crate::web::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect};
use axum::Json;
use serde::Deserialize;

/// The finals form: how many of the top play, and the game settings changed for the finals as
/// `NAME=VALUE` words (e.g. `games=10 move_ms=200`).
#[derive(Deserialize)]
pub(super) struct FinalsForm {
    #[serde(default)]
    csrf: String,
    /// `yes` once the admin confirmed.
    #[serde(default)]
    confirmed: String,
    #[serde(default)]
    top: String,
    #[serde(default)]
    settings: String,
}

/// `NAME=VALUE` words, separated by white space.
fn setting_words(text: &str) -> Result<Vec<(String, String)>> {
    text.split_whitespace()
        .map(|w| match w.split_once('=') {
            Some((k, v)) if !k.is_empty() => Ok((k.to_string(), v.to_string())),
            _ => Err(AppError::bad("bad_finals", tr!("error-finals-not-an-assignment", word = w))),
        })
        .collect()
}

/// Starts the finals as `user`.
async fn start(
    state: &AppState,
    user: &User,
    c: &Contest,
    top: usize,
    changes: &[(String, String)],
) -> Result<finals::Started> {
    Ok(finals::start(&state.pool, Some(user), c, top, changes, &state.language_ids()).await?)
}

pub(super) async fn finals_form(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
    Form(form): Form<FinalsForm>,
) -> PageResult {
    who.require_admin()?;
    check_csrf(&who.session, &form.csrf).await?;
    let c = contest_or_404(&state, &slug).await?;
    let top: usize = form
        .top
        .trim()
        .parse()
        .map_err(|_| AppError::bad("bad_finals", tr!("error-finals-top-not-a-number")))?;
    let changes = setting_words(&form.settings)?;
    if !confirm::confirmed(&form.confirmed) {
        let changed = form.settings.split_whitespace().collect::<Vec<_>>().join(", ");
        let q = Question {
            heading: tr!("finals-confirm-heading", title = c.title.as_str()),
            consequence: if changed.is_empty() {
                tr!("finals-confirm-consequence", top = top)
            } else {
                tr!("finals-confirm-consequence-with", top = top, changes = changed)
            },
            action: format!("/admin/contests/{slug}/finals"),
            button: tr!("finals-start"),
            cancel: format!("/admin/contests/{slug}/settings"),
            fields: vec![
                ("top", form.top.trim().to_string()),
                ("settings", form.settings.trim().to_string()),
            ],
        };
        return confirm::ask(&who, q).await;
    }
    let started = start(&state, &who.user, &c, top, &changes).await?;
    Ok(Redirect::to(&format!("/admin/contests/{slug}/settings?finals={}", started.matches)).into_response())
}

/// Starts the finals: a round robin among the top `top` students of the standings, under the
/// contest's game settings changed by `settings`; at or after the deadline, once per contest.
#[utoipa::path(post, path = "/api/contests/{slug}/finals", tag = "admin",
    params(("slug" = String, Path, description = "the contest")),
    request_body = FinalsBody,
    responses((status = 201, body = FinalsView),
              (status = 400, description = "`bad_finals` (a number of finalists out of 2..100, a setting that is not the game's or not valid), `bad_json`", body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, description = "`before_deadline`, `finals_started`, `too_few_finalists`", body = ErrorBody)))]
pub(crate) async fn finals_api(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(slug): Path<String>,
    ApiJson(body): ApiJson<FinalsBody>,
) -> Result<(StatusCode, Json<FinalsView>)> {
    if !user.is_admin() {
        return Err(AppError::forbidden(tr!("error-finals-admins-only")));
    }
    let c = contest_or_404(&state, &slug).await?;
    let changes: Vec<(String, String)> = body
        .settings
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().map_or_else(|| v.to_string(), str::to_string)))
        .collect();
    start(&state, &user, &c, body.top, &changes).await?;
    let mut conn = state.pool.acquire().await?;
    let standings = finals::standings(&mut conn, c.id)
        .await?
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("the finals just started are not there")))?;
    Ok((StatusCode::CREATED, Json(FinalsView::from(standings))))
}

/// The finals of a contest and their standings so far (any user).
#[utoipa::path(get, path = "/api/contests/{slug}/finals", tag = "judging",
    params(("slug" = String, Path, description = "the contest")),
    responses((status = 200, body = FinalsView), (status = 401, body = ErrorBody),
              (status = 404, description = "`not_found`: no such contest, or its finals have not started", body = ErrorBody)))]
pub(crate) async fn get_finals_api(
    State(state): State<AppState>,
    _who: ApiUser,
    Path(slug): Path<String>,
) -> Result<Json<FinalsView>> {
    let c = contest_or_404(&state, &slug).await?;
    let mut conn = state.pool.acquire().await?;
    match finals::standings(&mut conn, c.id).await? {
        Some(s) => Ok(Json(FinalsView::from(s))),
        None => Err(AppError::NotFound(tr!("error-finals-not-started"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setting_words_are_name_value_pairs() {
        let w = setting_words(" games=10\r\nmove_ms=200 ").unwrap();
        assert_eq!(w, [("games".to_string(), "10".to_string()), ("move_ms".into(), "200".into())]);
        assert!(setting_words("games").is_err());
        assert!(setting_words("=3").is_err());
        assert!(setting_words("").unwrap().is_empty());
    }
}
