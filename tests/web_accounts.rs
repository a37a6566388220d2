//! Accounts under attack and after a change: the login throttle against bursts of concurrent
//! logins (the attempt is counted before its password is checked), the password change form under
//! the same throttle, what a password change ends (the other sessions, the API tokens if asked), and
//! the CSRF token renewed at login. The whole HTTP stack, a real database.

mod common;

use axum::http::StatusCode;
use botarena::db::users::Role;
use common::*;
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;

fn peer(ip: &str) -> Option<SocketAddr> {
    Some(SocketAddr::new(ip.parse().unwrap(), 40000))
}

/// `n` browsers at one client address, each with the login page's session and CSRF token.
async fn browsers_at(app: &TestApp, ip: &str, n: usize) -> Vec<(Client, String)> {
    let mut out = Vec::new();
    for _ in 0..n {
        let mut c = app.client();
        c.peer = peer(ip);
        let csrf = csrf_of(&c.get("/login").await.body).expect("the login page has a CSRF token");
        out.push((c, csrf));
    }
    out
}

/// Posts every browser's login at once (`who(i)`: the username and password of the i-th) and
/// returns the answers' statuses, each with its `Retry-After`.
async fn burst(
    browsers: Vec<(Client, String)>,
    who: impl Fn(usize) -> (String, String),
) -> Vec<(StatusCode, Option<String>)> {
    let barrier = Arc::new(tokio::sync::Barrier::new(browsers.len()));
    let tasks: Vec<_> = browsers
        .into_iter()
        .enumerate()
        .map(|(i, (mut c, csrf))| {
            let (user, pw) = who(i);
            let barrier = barrier.clone();
            tokio::spawn(async move {
                barrier.wait().await;
                let r =
                    c.post_form("/login", &[("csrf", &csrf), ("username", &user), ("password", &pw)]).await;
                let retry = r.headers.get("retry-after").map(|v| v.to_str().unwrap().to_string());
                (r.status, retry)
            })
        })
        .collect();
    let mut answers = Vec::new();
    for t in tasks {
        answers.push(t.await.unwrap());
    }
    answers
}

fn tally(answers: &[(StatusCode, Option<String>)]) -> BTreeMap<u16, usize> {
    let mut t = BTreeMap::new();
    for (s, _) in answers {
        *t.entry(s.as_u16()).or_insert(0) += 1;
    }
    t
}

/// Every refusal to check says how long to wait.
fn assert_429s_say_when(answers: &[(StatusCode, Option<String>)]) {
    for (status, retry) in answers {
        if *status == StatusCode::TOO_MANY_REQUESTS {
            let secs: u64 = retry.as_deref().expect("429 without Retry-After").parse().unwrap();
            assert!(secs >= 1, "Retry-After: {secs}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn forty_concurrent_logins_for_one_username_get_at_most_five_passwords_checked() {
    let app = setup().await;
    app.user("alice", Role::Student).await;
    let browsers = browsers_at(&app, "198.51.100.7", 40).await;
    // 39 wrong passwords and the right one, in the middle of the burst.
    let answers = burst(browsers, |i| {
        let pw = if i == 20 { "pw-alice".to_string() } else { format!("guess{i}") };
        ("alice".to_string(), pw)
    })
    .await;
    let t = tally(&answers);
    eprintln!("40 logins of one username from one address: {t:?}");
    // A checked password is answered 401 (wrong) or 303 (right); 503 (no hashing slot) held a
    // place too. Everything else waits.
    assert!(t.keys().all(|s| [303, 401, 429, 503].contains(s)), "{t:?}");
    let checked = answers.iter().filter(|(s, _)| *s != StatusCode::TOO_MANY_REQUESTS).count();
    assert!(checked <= 5, "{checked} passwords checked (allowance 5): {t:?}");
    assert!(
        t.get(&401).copied().unwrap_or(0) + t.get(&303).copied().unwrap_or(0) >= 1,
        "none checked: {t:?}"
    );
    assert!(t.get(&429).copied().unwrap_or(0) >= 35, "{t:?}");
    assert_429s_say_when(&answers);
    // The count the next attempt is decided on holds every wrong password checked, no more.
    let failures: i32 =
        sqlx::query_scalar("select coalesce(sum(failures), 0)::int from login_failures_by_address")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(failures <= 5, "{failures} failures recorded");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn forty_concurrent_logins_for_forty_usernames_from_one_address_get_at_most_twenty_checked() {
    let app = setup().await;
    app.user("bob", Role::Student).await;
    let browsers = browsers_at(&app, "2001:db8:40::1", 40).await;
    let answers = burst(browsers, |i| (format!("s{i}"), "guess".to_string())).await;
    let t = tally(&answers);
    eprintln!("40 logins of 40 usernames from one address: {t:?}");
    assert!(t.keys().all(|s| [401, 429, 503].contains(s)), "{t:?}");
    let checked = answers.iter().filter(|(s, _)| *s != StatusCode::TOO_MANY_REQUESTS).count();
    assert!(checked <= 20, "{checked} passwords checked (allowance 20): {t:?}");
    assert!(t.get(&401).copied().unwrap_or(0) >= 1, "none checked: {t:?}");
    assert_429s_say_when(&answers);
    // The count the next attempt is decided on holds the checked passwords, no more.
    let failures: i32 = sqlx::query_scalar(
        "select coalesce(sum(failures), 0)::int from login_failures_by_address where address = '2001:db8:40::/64'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(failures as usize, t.get(&401).copied().unwrap_or(0));
    // Another address is not slowed down.
    let mut bob = app.client();
    bob.peer = peer("192.0.2.1");
    assert_eq!(bob.login("bob", "pw-bob").await.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn a_right_password_forgives_its_usernames_failures_and_only_those() {
    let app = setup().await;
    app.user("cy", Role::Student).await;
    let mut c = app.client();
    c.peer = peer("203.0.113.5");
    for _ in 0..4 {
        assert_eq!(c.login("cy", "typo").await.status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(c.login("nobody", "guess").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(c.login("cy", "pw-cy").await.status, StatusCode::SEE_OTHER);
    let left: Vec<(String, i32)> =
        sqlx::query_as("select username, failures from login_failures_by_address order by username")
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(left, [("nobody".to_string(), 1)]);
}

#[tokio::test]
async fn the_current_password_of_the_profile_form_is_checked_under_the_login_throttle() {
    let app = setup().await;
    app.user("dee", Role::Student).await;
    let mut s = app.client();
    s.peer = peer("198.51.100.9");
    assert_eq!(s.login("dee", "pw-dee").await.status, StatusCode::SEE_OTHER);
    let change = |current: &'static str| {
        [("current", current), ("password", "a new password"), ("confirm", "a new password")]
    };
    // A form refused for its new password has its current one neither checked nor counted.
    for _ in 0..6 {
        let r = s
            .submit_form(
                "/profile/password",
                &[("current", "guess"), ("password", "a new password"), ("confirm", "other")],
            )
            .await;
        assert_eq!(r.element("password-error").unwrap(), "The two passwords differ.");
    }
    for i in 0..5 {
        let r = s.submit_form("/profile/password", &change("guess")).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "attempt {i}: {}", r.body);
        assert_eq!(r.element("password-error").unwrap(), "Your current password is not right.");
    }
    // The sixth waits, even with the right password, which is then not checked.
    let r = s.submit_form("/profile/password", &change("pw-dee")).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    assert!(r.headers.get("retry-after").is_some());
    assert!(r.element("password-error").unwrap().contains("Too many failed logins"), "{}", r.body);
    // The password did not change.
    assert_eq!(app.client().login("dee", "pw-dee").await.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn a_password_change_ends_every_other_session_at_once_and_the_tokens_only_if_asked() {
    let app = setup().await;
    let eve = app.user("eve", Role::Student).await;
    let token = app.token(eve).await;
    let mut first = app.logged_in("eve").await;
    let mut second = app.logged_in("eve").await;
    app.user("ivy", Role::Student).await;
    let mut other = app.logged_in("ivy").await;
    // The second session was just read, so this process keeps it for a second.
    assert_eq!(second.get("/profile").await.status, StatusCode::OK);
    let before = first.cookie.clone();

    let r = first
        .submit_form(
            "/profile/password",
            &[("current", "pw-eve"), ("password", "second password"), ("confirm", "second password")],
        )
        .await;
    let r = first.follow(r).await;
    assert_eq!(r.element("notice").unwrap(), "Password changed. Your other sessions are logged out.");
    // The second session is over at once, whatever this process kept of it.
    let r = second.get("/profile").await;
    assert_eq!((r.status, r.location()), (StatusCode::SEE_OTHER, "/login?next=/profile"));
    // The first goes on, under a new session id; its old id is worth nothing.
    assert_ne!(first.cookie, before);
    assert_eq!(first.get("/profile").await.status, StatusCode::OK);
    let mut stale = app.client();
    stale.cookie = before;
    assert_eq!(stale.get("/profile").await.status, StatusCode::SEE_OTHER);
    // Another account's session and the account's token are untouched.
    assert_eq!(other.get("/profile").await.status, StatusCode::OK);
    assert_eq!(app.api("GET", "/api/contests", Some(&token), None).await.status, StatusCode::OK);

    // Again, with "also revoke my API tokens" ticked.
    let page = first.get("/profile").await;
    assert!(page.body.contains(r#"name="revoke_tokens" value="1""#), "{}", page.body);
    let mut third = app.client();
    assert_eq!(third.login("eve", "second password").await.status, StatusCode::SEE_OTHER);
    let r = first
        .submit_form(
            "/profile/password",
            &[
                ("current", "second password"),
                ("password", "third password"),
                ("confirm", "third password"),
                ("revoke_tokens", "1"),
            ],
        )
        .await;
    let r = first.follow(r).await;
    assert_eq!(
        r.element("notice").unwrap(),
        "Password changed. Your other sessions are logged out and your 1 API token revoked."
    );
    let r = app.api("GET", "/api/contests", Some(&token), None).await;
    assert_eq!((r.status, r.json()["error"].as_str()), (StatusCode::UNAUTHORIZED, Some("unauthorized")));
    assert_eq!(third.get("/profile").await.status, StatusCode::SEE_OTHER);
    assert_eq!(first.get("/profile").await.status, StatusCode::OK);
    // A token made afterwards works; the new password logs in, the old ones do not.
    assert_eq!(
        app.api("GET", "/api/contests", Some(&app.token(eve).await), None).await.status,
        StatusCode::OK
    );
    assert_eq!(app.client().login("eve", "second password").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.client().login("eve", "third password").await.status, StatusCode::SEE_OTHER);

    // Anything but 1 in the checkbox is refused, naming the field.
    let r = first
        .submit_form(
            "/profile/password",
            &[
                ("current", "third password"),
                ("password", "fourth pw!"),
                ("confirm", "fourth pw!"),
                ("revoke_tokens", "yes"),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body.contains("revoke_tokens"), "{}", r.body);
}

#[tokio::test]
async fn the_first_login_step_ends_the_accounts_other_sessions() {
    let app = setup().await;
    app.user("fin", Role::Student).await;
    botarena::service::accounts::reset_password(&app.pool, None, "fin").await.unwrap();
    let mut one = app.client();
    assert_eq!(one.login("fin", "fin").await.location(), "/welcome");
    let mut two = app.client();
    assert_eq!(two.login("fin", "fin").await.location(), "/welcome");
    let r = one
        .submit_form(
            "/welcome",
            &[("nickname", "finn"), ("password", "a fine password"), ("confirm", "a fine password")],
        )
        .await;
    assert_eq!((r.status, r.location()), (StatusCode::SEE_OTHER, "/contests"), "{}", r.body);
    assert_eq!(one.get("/profile").await.status, StatusCode::OK);
    assert_eq!(two.get("/welcome").await.location(), "/login");
}

#[tokio::test]
async fn the_csrf_token_is_new_after_login_and_the_old_one_is_refused() {
    let app = setup().await;
    app.user("gus", Role::Student).await;
    let mut c = app.client();
    let before = csrf_of(&c.get("/login").await.body).unwrap();
    let cookie_before = c.cookie.clone();
    let r = c.post_form("/login", &[("csrf", &before), ("username", "gus"), ("password", "pw-gus")]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert_ne!(c.cookie, cookie_before, "the session id rotates");
    let after = csrf_of(&c.get("/profile").await.body).unwrap();
    assert_ne!(before, after, "the CSRF token survived the login");
    // A form carrying the token seen before login is refused; the new one works.
    let r = c.post_form("/profile/nickname", &[("csrf", &before), ("nickname", "gustav")]).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    let r = c.post_form("/profile/nickname", &[("csrf", &after), ("nickname", "gustav")]).await;
    assert_eq!((r.status, r.location()), (StatusCode::SEE_OTHER, "/profile"), "{}", r.body);
}

#[tokio::test]
async fn a_disabled_accounts_tokens_are_revoked_and_stay_so_once_enabled() {
    let app = setup().await;
    let hal = app.user("hal", Role::Student).await;
    let (t1, t2) = (app.token(hal).await, app.token(hal).await);
    let mut s = app.logged_in("hal").await;
    use botarena::service::accounts::{set_disabled, Switched};
    assert_eq!(set_disabled(&app.pool, None, "hal", true).await.unwrap(), Switched::Done);
    for t in [&t1, &t2] {
        let r = app.api("GET", "/api/contests", Some(t), None).await;
        assert_eq!((r.status, r.json()["error"].as_str()), (StatusCode::UNAUTHORIZED, Some("unauthorized")));
    }
    assert_eq!(s.get("/profile").await.status, StatusCode::SEE_OTHER);
    let revoked: i64 =
        sqlx::query_scalar("select count(*) from api_tokens where user_id = $1 and revoked_at is not null")
            .bind(hal.0)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(revoked, 2);
    assert_eq!(set_disabled(&app.pool, None, "hal", false).await.unwrap(), Switched::Done);
    assert_eq!(app.api("GET", "/api/contests", Some(&t1), None).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.logged_in("hal").await.get("/profile").await.status, StatusCode::OK);
}
