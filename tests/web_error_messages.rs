//! Error messages follow the reader's language (issue 31): the API's `message` follows
//! `Accept-Language` while its `error` code stays English, and an error page's text is the
//! catalog's. Compared with the catalogs themselves (`locales/*/errors.ftl`), not with copies.

mod common;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use botarena::db::users::Role;
use botarena::locale::Locale;
use botarena::web::i18n::{lookup, Args};
use common::*;
use fluent_templates::fluent_bundle::FluentValue;

fn message(locale: Locale, key: &str, args: &[(&'static str, FluentValue<'static>)]) -> String {
    let args: Args = args.iter().map(|(k, v)| (std::borrow::Cow::Borrowed(*k), v.clone())).collect();
    lookup(locale, key, Some(&args))
}

/// `uri` asked with `Accept-Language: language`, and `token` as the API's bearer or a session's
/// `cookie`, if any.
async fn get(app: &TestApp, uri: &str, language: &str, token: Option<&str>, cookie: Option<&str>) -> Resp {
    let mut req = Request::builder().uri(uri).header(header::ACCEPT_LANGUAGE, language);
    if let Some(t) = token {
        req = req.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    if let Some(c) = cookie {
        req = req.header(header::COOKIE, c);
    }
    send(&app.router, req.body(Body::empty()).unwrap()).await
}

#[tokio::test]
async fn api_and_page_errors_are_in_the_requests_language_with_english_codes() {
    let app = setup().await;
    let ada = app.user("ada", Role::Student).await;
    let token = app.token(ada).await;
    app.contest("c4", &[]).await;
    let contest: &[(&'static str, FluentValue<'static>)] = &[("thing", FluentValue::from("contest"))];

    for (tag, locale) in [("fi", Locale::Fi), ("zh-CN,zh;q=0.9,en;q=0.5", Locale::ZhCn)] {
        // An API 404: the code stays `not_found`, the message is the catalog's sentence.
        let r = get(&app, "/api/contests/nowhere", tag, Some(&token), None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);
        let json = r.json();
        assert_eq!(json["error"], "not_found");
        let expected = message(locale, "error-no-such", contest);
        assert_eq!(json["message"], expected.as_str(), "{tag}");
        assert_ne!(expected, message(Locale::En, "error-no-such", contest), "translated");

        // An API 401 without a token, and a 400 with an argument (a number in the sentence).
        let r = get(&app, "/api/tokens", tag, None, None).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED);
        assert_eq!(r.json()["error"], "unauthorized");
        assert_eq!(r.json()["message"], message(locale, "error-api-token-missing", &[]).as_str());
        let req = Request::builder()
            .method("POST")
            .uri("/api/contests/c4/submissions")
            .header(header::ACCEPT_LANGUAGE, tag)
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .header(header::CONTENT_TYPE, "text/plain")
            .body(Body::from("int main() {}"))
            .unwrap();
        let r = send(&app.router, req).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
        assert_eq!(r.json()["error"], "bad_content_type");
        assert_eq!(r.json()["message"], message(locale, "error-json-content-type", &[]).as_str());

        // A page's 404: the error page carries the same sentence, in a page of that language.
        let cookie = app.logged_in("ada").await.cookie.expect("a session");
        let r = get(&app, "/contests/nowhere", tag, None, Some(&cookie)).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND);
        assert_eq!(r.element("error-message").as_deref(), Some(expected.as_str()), "{tag}: {}", r.body);
        assert!(r.body.contains(&format!("lang=\"{}\"", locale.tag())), "{tag}");
        // A page no route knows, for anyone.
        let r = get(&app, "/no/such/page", tag, None, None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND);
        let page = [("thing", FluentValue::from("page"))];
        assert_eq!(
            r.element("error-message").as_deref(),
            Some(message(locale, "error-no-such", &page).as_str())
        );
    }

    // Without Accept-Language: English, as before.
    let r = app.api("GET", "/api/contests/nowhere", Some(&token), None).await;
    assert_eq!(r.json()["message"], "There is no such contest.");
}
