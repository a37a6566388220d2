//! The API's OpenAPI document, generated from the handlers' `#[utoipa::path]` attributes and the
//! types of [`super::api_types`]; served at `GET /api/openapi.json` ([`serve`]) and kept by the snapshot test
//! `tests/openapi.rs`, which fails when the API changes without its committed snapshot.

use super::judging::{games, history, matches, matrix, scoreboard};
use super::{admin_contest, announcements, api, practice, similarity, test_matches};
use axum::Json;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "botarena",
        description = "The JSON API of botarena, a self-hosted judge for two-player game bots. \
                       Every endpoint needs a token (`Authorization: Bearer bta_…`) and answers \
                       errors as `{\"error\", \"message\"}`; see docs/api.md."
    ),
    paths(
        api::list_contests,
        api::get_contest,
        announcements::list_api,
        announcements::create_api,
        api::create_submission,
        api::get_submission,
        api::patch_settings,
        api::list_tokens,
        api::create_token,
        api::revoke_token,
        scoreboard::get_scoreboard,
        scoreboard::refresh_scoreboard,
        matches::list_matches,
        matrix::api,
        history::api,
        games::get_game,
        games::get_log,
        admin_contest::actions::rejudge_api,
        admin_contest::actions::rejudge_submission_api,
        admin_contest::actions::freeze_api,
        admin_contest::actions::unfreeze_api,
        admin_contest::finals::finals_api,
        admin_contest::finals::get_finals_api,
        admin_contest::actions::disqualify_api,
        admin_contest::status::queue_api,
        similarity::api,
        practice::create_api,
        practice::get_api,
        practice::move_api,
        practice::leave_api,
        test_matches::create_api,
        test_matches::list_api,
        test_matches::get_api,
    ),
    modifiers(&BearerToken),
    security(("token" = [])),
    tags(
        (name = "contests", description = "contests and their settings"),
        (name = "submissions", description = "submitting bots"),
        (name = "judging", description = "scoreboard, matches, games and logs"),
        (name = "tokens", description = "API tokens"),
        (name = "practice", description = "a person against a bot, move by move"),
        (name = "test matches", description = "a full match against an opponent you pick, outside the standings"),
        (name = "admin", description = "admins only"),
    )
)]
struct ApiDoc;

/// The API token as the security scheme `token`: `Authorization: Bearer bta_…`.
struct BearerToken;

impl utoipa::Modify for BearerToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        let mut http = Http::new(HttpAuthScheme::Bearer);
        http.description = Some(
            "An API token, created on the profile page, with `POST /api/tokens` or `botarena token create`."
                .into(),
        );
        components.add_security_scheme("token", SecurityScheme::Http(http));
    }
}

/// The whole document.
pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// `GET /api/openapi.json`: the whole document; no token needed.
pub async fn serve() -> Json<utoipa::openapi::OpenApi> {
    Json(document())
}
