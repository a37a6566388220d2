//! Announcements: an admin posts Markdown on a contest (form or API, audited); students see them on
//! the contest page newest first, marked new until they have seen them, and counted on the
//! contests list; raw HTML and script links never reach the page.

mod common;

use axum::http::StatusCode;
use botarena::db::users::Role;
use common::*;
use serde_json::json;

#[tokio::test]
async fn an_admins_announcement_is_shown_marked_new_until_seen_and_never_as_raw_html() {
    let app = setup().await;
    app.contest("c4", &[]).await;
    let root = app.user("root", Role::Admin).await;
    let root_token = app.token(root).await;
    let ada = app.user("ada", Role::Student).await;
    let ada_token = app.token(ada).await;

    let mut admin = app.logged_in("root").await;
    let page = admin.get("/contests/c4").await;
    assert!(page.element("announce-form").is_some(), "admins get the form");
    let body = "**Deadline moved** to Friday.\n\n<script>alert(1)</script>\n\n[click](javascript:alert(2)) [rules](/contests/c4/rules)";
    let r = admin.submit_form("/admin/contests/c4/announcements", &[("body", body)]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert!(r.location().starts_with("/contests/c4#announcement-"));
    let r = admin.submit_form("/admin/contests/c4/announcements", &[("body", "   ")]).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);

    // ada: one new on the contests list, then on the contest page, then seen.
    let mut web = app.logged_in("ada").await;
    let list = web.get("/contests").await;
    assert!(list.element("contests").unwrap().contains("1 new"), "{}", list.body);
    let page = web.get("/contests/c4").await;
    let shown = page.element("announcements").unwrap();
    assert!(shown.contains("new") && shown.contains("Deadline moved"), "{shown}");
    assert!(page.body.contains("<strong>Deadline moved</strong>"), "Markdown is rendered");
    assert!(!page.body.contains("<script>alert(1)</script>"), "raw HTML is shown as text");
    assert!(page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(!page.body.contains("javascript:alert(2)"), "a script link goes nowhere");
    assert!(page.body.contains("href=\"/contests/c4/rules\""));
    assert!(page.element("announce-form").is_none(), "students get no form");
    let again = web.get("/contests/c4").await;
    assert!(!again.body.contains("class=\"announcement new\""), "seen now");
    assert!(!web.get("/contests").await.element("contests").unwrap().contains("new"));

    // The API: students may not post; an admin's post is unread for ada until her next visit.
    let r = app
        .api("POST", "/api/contests/c4/announcements", Some(&ada_token), Some(json!({"body": "hi"})))
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = app
        .api(
            "POST",
            "/api/contests/c4/announcements",
            Some(&root_token),
            Some(json!({"body": "Second *one*"})),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let list = app.api("GET", "/api/contests/c4/announcements", Some(&ada_token), None).await.json();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!((list[0]["body"].as_str(), list[0]["unread"].as_bool()), (Some("Second *one*"), Some(true)));
    assert_eq!(list[0]["html"], "<p>Second <em>one</em></p>\n");
    assert_eq!(list[1]["unread"], false);
    let audited: i64 = sqlx::query_scalar("select count(*) from audit_log where action = 'contest.announce'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(audited, 2);
}
