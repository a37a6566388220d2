//! The pages, driven like a browser: login and first login, CSRF, throttling, session expiry,
//! contests, submitting with its limits, and who may see what.

mod common;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use botarena::db::users::Role;
use common::*;

#[tokio::test]
async fn anonymous_visitors_see_only_the_login_page() {
    let app = setup().await;
    let mut c = app.client();
    for path in ["/contests", "/profile", "/admin/users", "/contests/x/mine", "/submissions/1"] {
        let r = c.get(path).await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{path}");
        assert!(r.location().starts_with("/login"), "{path} -> {}", r.location());
    }
    let r = c.get("/login").await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(csrf_of(&r.body).is_some());
    assert!(r.headers.get("set-cookie").unwrap().to_str().unwrap().contains("HttpOnly"));
    assert!(r.headers.get("set-cookie").unwrap().to_str().unwrap().contains("SameSite=Lax"));
}

/// Every page names its icon, and `/favicon.ico` (asked for by browsers of anything else) leads
/// to the same picture.
#[tokio::test]
async fn the_site_has_a_favicon() {
    let app = setup().await;
    let mut c = app.client();
    let page = c.get("/login").await;
    let link = r#"<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">"#;
    assert!(page.body.contains(link), "{}", page.body);
    let r = c.get("/favicon.ico").await;
    assert_eq!((r.status, r.location()), (StatusCode::PERMANENT_REDIRECT, "/static/favicon.svg"));
    let r = c.get("/static/favicon.svg").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.headers[header::CONTENT_TYPE], "image/svg+xml");
    assert!(r.body.starts_with("<svg") && r.body.contains("viewBox"), "{}", r.body);
}

#[tokio::test]
async fn an_imported_student_must_choose_a_password_and_nickname_at_first_login() {
    let app = setup().await;
    let report = botarena::service::accounts::import_roster(
        &app.pool,
        None,
        "username,name\ns100,Ada Lovelace\ns101\n",
    )
    .await
    .unwrap();
    assert_eq!(report.created, vec!["s100", "s101"]);
    let mut c = app.client();
    let r = c.login("s100", "s100").await;
    assert_eq!(r.location(), "/welcome");
    // Until the step is done, every page leads back to it.
    assert_eq!(c.get("/contests").await.location(), "/welcome");
    let csrf = c.csrf().await;
    let r = c.get("/welcome").await;
    // Greeted by the roster's name.
    assert!(r.body.contains("<h1>Welcome, Ada Lovelace</h1>"), "{}", r.body);
    let r = c
        .post_form(
            "/welcome",
            &[("csrf", &csrf), ("nickname", "Ada"), ("password", "short"), ("confirm", "short")],
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.element("password-error").unwrap().contains("8 characters"));
    let r = c
        .post_form(
            "/welcome",
            &[("csrf", &csrf), ("nickname", "Ada"), ("password", "analytical"), ("confirm", "analytical")],
        )
        .await;
    assert_eq!(r.location(), "/contests");
    assert_eq!(c.get("/contests").await.status, StatusCode::OK);
    // The old password no longer works; the new one does.
    assert_eq!(app.client().login("s100", "s100").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.client().login("s100", "analytical").await.status, StatusCode::SEE_OTHER);
    // A second student cannot take the same nickname.
    let mut d = app.client();
    d.login("s101", "s101").await;
    // A roster line without a name: the username.
    assert!(d.get("/welcome").await.body.contains("<h1>Welcome, s101</h1>"));
    let csrf = d.csrf().await;
    let r = d
        .post_form(
            "/welcome",
            &[("csrf", &csrf), ("nickname", "Ada"), ("password", "difference"), ("confirm", "difference")],
        )
        .await;
    assert!(r.element("nickname-error").unwrap().contains("Another user"));
}

#[tokio::test]
async fn a_form_without_the_sessions_csrf_token_is_refused() {
    let app = setup().await;
    app.user("alice", Role::Student).await;
    let mut c = app.client();
    c.get("/login").await;
    let r = c.post_form("/login", &[("username", "alice"), ("password", "pw-alice")]).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r =
        c.post_form("/login", &[("csrf", "forged"), ("username", "alice"), ("password", "pw-alice")]).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let mut c = app.logged_in("alice").await;
    let r = c.post_form("/profile/nickname", &[("nickname", "evil")]).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = c.post_form("/logout", &[]).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(c.get("/profile").await.status, StatusCode::OK, "still logged in");
}

#[tokio::test]
async fn repeated_failed_logins_are_slowed_down_even_for_the_right_password() {
    let app = setup().await;
    app.user("bob", Role::Student).await;
    let mut c = app.client();
    for _ in 0..5 {
        assert_eq!(c.login("bob", "wrong").await.status, StatusCode::UNAUTHORIZED);
    }
    let r = c.login("bob", "pw-bob").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(r.headers.get("retry-after").is_some());
    assert!(r.element("login-error").unwrap().contains("Too many failed logins"));
    // Unknown users get the same answer as wrong passwords.
    assert_eq!(c.login("nobody", "x").await.element("login-error").unwrap(), "Wrong username or password.");
}

#[tokio::test]
async fn an_expired_session_sends_the_user_back_to_the_login_page() {
    let app = setup().await;
    app.user("carol", Role::Student).await;
    let mut c = app.logged_in("carol").await;
    assert_eq!(c.get("/profile").await.status, StatusCode::OK);
    sqlx::query("update tower_sessions.session set expiry_date = now() - interval '1 minute'")
        .execute(&app.pool)
        .await
        .unwrap();
    // Changed in the database (as another server process would): seen within a second, the time
    // a server keeps a session it read (`web::session_cache`).
    let cookie = c.cookie.clone().unwrap();
    let profile = || {
        let req = Request::builder().uri("/profile").header(header::COOKIE, &cookie).body(Body::empty());
        send(&app.router, req.unwrap())
    };
    let r = eventually(profile, |r| r.status != StatusCode::OK).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert!(r.location().starts_with("/login"));
}

#[tokio::test]
async fn logging_out_ends_the_session() {
    let app = setup().await;
    app.user("dave", Role::Student).await;
    let mut c = app.logged_in("dave").await;
    let old_cookie = c.cookie.clone();
    let r = c.submit_form("/logout", &[]).await;
    assert_eq!(r.location(), "/login");
    c.cookie = old_cookie;
    assert_eq!(c.get("/profile").await.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn students_cannot_open_admin_pages_and_admins_can() {
    let app = setup().await;
    app.user("erin", Role::Student).await;
    app.user("root", Role::Admin).await;
    let mut s = app.logged_in("erin").await;
    for path in ["/admin/users", "/admin/contests/new"] {
        assert_eq!(s.get(path).await.status, StatusCode::FORBIDDEN, "{path}");
    }
    let r = s.submit_form("/admin/users", &[("csv", "x1")]).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let mut a = app.logged_in("root").await;
    assert_eq!(a.get("/admin/users").await.status, StatusCode::OK);
    // Lines to fix: the form again, with what was done and what is wrong.
    let r = a.submit_form("/admin/users", &[("csv", "x1,Xavier\nbad name\nx2")]).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.element("import-result").unwrap().contains("Created 2 users"));
    assert!(r.element("import-errors").unwrap().contains("line 2"));
    // A clean roster: POST-redirect-GET, said once.
    let r = a.submit_form("/admin/users", &[("csv", "x3\nx1")]).await;
    let r = a.follow(r).await;
    assert_eq!(r.element("import-result").unwrap(), "Created 1 user; 1 already existed.");
    assert!(a.get("/admin/users").await.element("import-result").is_none());
}

#[tokio::test]
async fn an_admin_creates_a_contest_from_the_page_with_errors_next_to_fields() {
    let app = setup().await;
    app.user("root", Role::Admin).await;
    let mut a = app.logged_in("root").await;
    let r = a.get("/admin/contests/new").await;
    let csrf = csrf_of(&r.body).unwrap();
    let r = a
        .post_form(
            "/admin/contests/new",
            &[
                ("csrf", &csrf),
                ("slug", "Bad Slug"),
                ("game", "chess"),
                ("deadline", "tomorrow"),
                ("settings", "move_ms=0"),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.element("slug-error").is_some());
    assert!(r.element("game-error").is_some());
    assert!(r.element("deadline-error").is_some());
    let r = a
        .post_form(
            "/admin/contests/new",
            &[
                ("csrf", &csrf),
                ("slug", "c4"),
                ("title", "Connect four"),
                ("game", "connect4"),
                ("deadline", "2099-01-01T00:00"),
                ("languages", "c"),
                ("languages", "python"),
                ("settings", "move_ms=1500\nsubmit_interval_s=30"),
            ],
        )
        .await;
    assert_eq!(r.location(), "/contests/c4", "{}", r.body);
    let page = a.get("/contests/c4").await;
    assert!(page.body.contains("Connect four"));
    assert!(page.body.contains("1500"));
    assert!(page.element("language").unwrap().contains("Python"));
    assert!(!page.element("language").unwrap().contains("Java"));
    let audit: i64 = sqlx::query_scalar("select count(*) from audit_log where action = 'contest.create'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(audit, 1);
}

#[tokio::test]
async fn the_submit_page_shows_the_limits_and_refuses_a_second_submission_too_soon() {
    let app = setup().await;
    app.user("fay", Role::Student).await;
    app.contest("c4", &["submit_interval_s=600", "daily_budget_s=100"]).await;
    let mut c = app.logged_in("fay").await;
    let page = c.get("/contests/c4").await;
    assert_eq!(page.element("wait").unwrap(), "you may submit now");
    assert_eq!(page.element("budget-left").unwrap(), "100 s left");
    let r = c.submit_bot("c4", "c", "int main(void) { return 0; }").await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert!(r.location().starts_with("/submissions/"));
    let r = c.submit_bot("c4", "c", "int main(void) { return 1; }").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(r.element("form-error").unwrap().contains("try again in"));
    assert!(r.element("wait").unwrap().starts_with("next in"));
    // The pasted source is kept for the next try.
    assert!(r.element("source").unwrap().contains("return 1;"));
}

#[tokio::test]
async fn a_bad_language_or_an_empty_or_oversized_source_is_shown_next_to_its_field() {
    let app = setup_with(botarena::config::WebConfig { max_source_bytes: 1000, ..Default::default() }).await;
    app.user("gus", Role::Student).await;
    app.contest("c4", &["languages=c"]).await;
    let mut c = app.logged_in("gus").await;
    let r = c.submit_bot("c4", "java", "class A {}").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.element("language-error").unwrap().contains("not a language of this contest"));
    let r = c.submit_bot("c4", "c", "   ").await;
    assert!(r.element("source-error").unwrap().contains("empty"));
    let r = c.submit_bot("c4", "c", &"x".repeat(1001)).await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(r.element("source-error").unwrap().contains("at most 1000 bytes"));
    // An uploaded file wins over the text box.
    let page = c.get("/contests/c4").await;
    let csrf = csrf_of(&page.body).unwrap();
    let r = c
        .post_multipart(
            "/contests/c4",
            &[
                ("csrf", None, csrf.as_bytes()),
                ("language", None, b"c"),
                ("source", None, b""),
                ("file", Some("bot.c"), b"int main(){}"),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
}

#[tokio::test]
async fn submitting_after_the_deadline_is_refused_with_a_clear_message() {
    let app = setup().await;
    app.user("hal", Role::Student).await;
    app.contest("old", &[]).await;
    sqlx::query("update contests set deadline = now() - interval '1 hour'").execute(&app.pool).await.unwrap();
    let mut c = app.logged_in("hal").await;
    let page = c.get("/contests/old").await;
    assert!(page.element("closed").unwrap().contains("deadline has passed"));
    assert!(page.element("submit-form").is_none());
    let r = c.submit_bot("old", "c", "int main(){}").await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert!(r.element("closed").unwrap().contains("deadline has passed"));
    let list = c.get("/contests").await;
    assert!(list.element("contests").unwrap().contains("closed"));
}

#[tokio::test]
async fn students_see_who_submitted_but_never_anothers_source() {
    let app = setup().await;
    app.user("ivy", Role::Student).await;
    app.user("jon", Role::Student).await;
    app.user("root", Role::Admin).await;
    app.contest("c4", &[]).await;
    let mut ivy = app.logged_in("ivy").await;
    let r = ivy.submit_bot("c4", "c", "/* ivy's secret */ int main(){}").await;
    let path = r.location().to_string();
    let mine = ivy.get(&path).await;
    assert!(mine.element("source").unwrap().contains("ivy's secret"));
    assert!(ivy.get("/contests/c4/mine").await.element("submissions").is_some());

    let mut jon = app.logged_in("jon").await;
    let all = jon.get("/contests/c4/submissions").await;
    let table = all.element("submissions").unwrap();
    assert!(table.contains("nick-ivy") && table.contains("queued"));
    assert!(!all.body.contains("secret"));
    assert!(!all.body.contains(&format!("href=\"{path}\"")), "no link to another's submission");
    let r = jon.get(&path).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert!(!r.body.contains("secret"));
    assert!(jon.get("/contests/c4/mine").await.element("submissions").is_none());

    let mut admin = app.logged_in("root").await;
    assert!(admin.get(&path).await.element("source").unwrap().contains("ivy's secret"));
    assert_eq!(admin.get("/submissions/999999").await.status, StatusCode::NOT_FOUND);
    assert_eq!(admin.get("/submissions/abc").await.status, StatusCode::NOT_FOUND);
    assert_eq!(admin.get("/contests/none").await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_user_changes_nickname_and_password_and_manages_tokens_on_the_profile_page() {
    let app = setup().await;
    app.user("kim", Role::Student).await;
    app.user("lee", Role::Student).await;
    let mut c = app.logged_in("kim").await;
    let r = c.submit_form("/profile/nickname", &[("nickname", "nick-lee")]).await;
    assert!(r.element("nickname-error").unwrap().contains("Another user"));
    let posted = c.submit_form("/profile/nickname", &[("nickname", "Kimmy")]).await;
    assert_eq!(posted.location(), "/profile");
    let r = c.follow(posted).await;
    assert_eq!(r.element("notice").unwrap(), "Nickname changed.");
    // Reloaded, the page is the profile alone: nothing is posted again, nothing said twice.
    assert!(c.get("/profile").await.element("notice").is_none());
    let r = c
        .submit_form(
            "/profile/password",
            &[("current", "nope"), ("password", "newpassword"), ("confirm", "newpassword")],
        )
        .await;
    assert!(r.element("password-error").unwrap().contains("current password"));
    let r = c
        .submit_form(
            "/profile/password",
            &[("current", "pw-kim"), ("password", "newpassword"), ("confirm", "newpassword")],
        )
        .await;
    let r = c.follow(r).await;
    assert_eq!(r.element("notice").unwrap(), "Password changed. Your other sessions are logged out.");
    let r = c.submit_form("/profile/tokens", &[("name", "laptop")]).await;
    let r = c.follow(r).await;
    let token = r.element("new-token").unwrap();
    // Shown once: a reload neither shows it again nor makes another.
    assert!(c.get("/profile").await.element("new-token").is_none());
    assert!(token.starts_with("bta_"));
    assert_eq!(app.api("GET", "/api/contests", Some(&token), None).await.status, StatusCode::OK);
    let id: i64 = sqlx::query_scalar("select id from api_tokens").fetch_one(&app.pool).await.unwrap();
    // Another user cannot revoke it.
    let mut other = app.logged_in("lee").await;
    assert_eq!(
        other.submit_form(&format!("/profile/tokens/{id}/revoke"), &[]).await.status,
        StatusCode::NOT_FOUND
    );
    let r = c.submit_form(&format!("/profile/tokens/{id}/revoke"), &[]).await;
    let r = c.follow(r).await;
    assert_eq!(r.element("notice").unwrap(), "Token revoked.");
    assert_eq!(app.api("GET", "/api/contests", Some(&token), None).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_admin_resets_a_forgotten_password_to_the_username_and_a_new_one_is_chosen_at_login() {
    let app = setup().await;
    app.user("fay", Role::Student).await;
    app.user("root", Role::Admin).await;
    let mut s = app.logged_in("fay").await;
    let r = s.submit_form("/admin/users/reset-password", &[("username", "fay")]).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let mut a = app.logged_in("root").await;
    // The form where the admin types the username is its own confirmation.
    let r =
        a.submit_form("/admin/users/reset-password", &[("username", "nobody"), ("confirmed", "yes")]).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert!(r.element("reset-error").unwrap().contains("There is no user “nobody”"));
    let r = a.submit_form("/admin/users/reset-password", &[("username", "fay"), ("confirmed", "yes")]).await;
    let r = a.follow(r).await;
    assert!(r.element("reset-result").unwrap().contains("fay"), "{}", r.body);
    let title = &r.body[r.body.find("<title>").unwrap() + 7..r.body.find("</title>").unwrap()];
    assert!(title.starts_with("Users") && !title.contains('<'), "the page's title: {title}");
    // The old password is gone; the username works and leads to the welcome step.
    assert_eq!(app.client().login("fay", "pw-fay").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.client().login("fay", "fay").await.location(), "/welcome");
    let audited: i64 = sqlx::query_scalar(
        "select count(*) from audit_log where action = 'users.reset_password' and target = 'user:fay'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(audited, 1);
}
