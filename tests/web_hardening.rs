//! What a hostile student does to the web server: a login storm against a real `botarena serve`
//! process (its memory, measured in /proc), locking a classmate out, open redirects through
//! `next`, text no field may hold, look-alike and reserved names; and the submit form choosing the
//! language from the uploaded file's extension.

mod common;

use axum::http::StatusCode;
use botarena::db::users::{self, Role};
use common::raw_http::{header, http};
use common::*;
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

// ---- 1. logins cannot exhaust the server ----

/// A session cookie and its CSRF token, from the login page.
async fn login_form(addr: SocketAddr) -> (String, String) {
    let (status, head, body) =
        http(addr, "GET /login HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.unwrap();
    assert_eq!(status, 200, "{head}");
    let cookie = header(&head, "set-cookie").unwrap().split(';').next().unwrap().to_string();
    (cookie, csrf_of(&body).unwrap())
}

async fn post_login(addr: SocketAddr, cookie: &str, csrf: &str, user: &str, pw: &str) -> (u16, String) {
    let body = format!("csrf={csrf}&username={user}&password={pw}");
    let req = format!(
        "POST /login HTTP/1.1\r\nHost: x\r\nConnection: close\r\nCookie: {cookie}\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let (status, head, _) = http(addr, req).await.unwrap();
    (status, head)
}

/// A figure of /proc/<pid>/status in MiB (`VmRSS`, `VmHWM`: the peak).
fn status_mib(pid: u32, key: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with(key)).unwrap_or_else(|| panic!("no {key}"));
    line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() / 1024
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_concurrent_logins_leave_the_server_under_300_mb_and_answering() {
    let app = setup().await;
    app.user("alice", Role::Student).await;
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let log_path = std::env::temp_dir().join(format!("botarena-login-storm-{port}.log"));
    let mut server = Command::new(env!("CARGO_BIN_EXE_botarena"))
        // Throttling by address is tested elsewhere: here every login is to reach the hashing.
        .args(["serve", "--listen", &addr.to_string(), "--allow-insecure-sandbox", "--game-workers", "1"])
        .args(["--login-address-free-failures", "100000"])
        .env("DATABASE_URL", common::database::url_of(&app.pool))
        .env_remove("BOTARENA_CLIENT_ADDRESS_HEADER")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log_path).unwrap())
        .spawn()
        .expect("start botarena serve");
    let pid = server.id();
    let start = Instant::now();
    while http(addr, "GET /login HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.is_err() {
        let log = std::fs::read_to_string(&log_path).unwrap_or_default();
        assert!(start.elapsed() < Duration::from_secs(60), "the server did not start:\n{log}");
        assert!(server.try_wait().unwrap().is_none(), "the server exited:\n{log}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mut forms = Vec::new();
    for _ in 0..200 {
        forms.push(login_form(addr).await);
    }
    let before = status_mib(pid, "VmRSS");
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(200));
    let tasks: Vec<_> = forms
        .into_iter()
        .enumerate()
        .map(|(i, (cookie, csrf))| {
            let barrier = barrier.clone();
            tokio::spawn(async move {
                barrier.wait().await;
                post_login(addr, &cookie, &csrf, &format!("nobody{i}"), &format!("guess{i}")).await
            })
        })
        .collect();
    let mut answers = std::collections::BTreeMap::new();
    for t in tasks {
        let (status, head) = t.await.unwrap();
        if status == 503 {
            assert!(header(&head, "retry-after").is_some(), "503 without Retry-After: {head}");
        }
        *answers.entry(status).or_insert(0) += 1;
    }
    let peak = status_mib(pid, "VmHWM");
    tokio::time::sleep(Duration::from_secs(1)).await;
    let after = status_mib(pid, "VmRSS");
    eprintln!("RSS before {before} MiB, peak {peak} MiB, after {after} MiB; answers {answers:?}");
    // Every answer is a refusal of the guess or "busy, retry": none is a server error.
    assert!(answers.keys().all(|s| [401, 503].contains(s)), "answers: {answers:?}");
    assert!(answers.get(&401).copied().unwrap_or(0) > 0, "no login was checked at all: {answers:?}");
    assert!(peak < 300, "peak RSS {peak} MiB");
    assert!(after < 300, "RSS after the burst {after} MiB");
    // Still answering, and a real login works.
    let (cookie, csrf) = login_form(addr).await;
    let (status, head) = post_login(addr, &cookie, &csrf, "alice", "pw-alice").await;
    assert_eq!(status, 303, "{head}");
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid as i32), nix::sys::signal::Signal::SIGTERM)
        .unwrap();
    let _ = server.wait();
}

// ---- 2. no lockout by a stranger ----

fn peer(ip: &str) -> Option<SocketAddr> {
    Some(SocketAddr::new(ip.parse().unwrap(), 40000))
}

#[tokio::test]
async fn a_stranger_failing_on_a_username_never_locks_its_owner_out() {
    let app = setup().await;
    app.user("bob", Role::Student).await;
    let mut stranger = app.client();
    stranger.peer = peer("10.0.0.66");
    for _ in 0..5 {
        assert_eq!(stranger.login("bob", "guess").await.status, StatusCode::UNAUTHORIZED);
    }
    // The stranger is slowed down on bob's account, even with the right password...
    let r = stranger.login("bob", "pw-bob").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(r.headers.get("retry-after").is_some());
    // ...and keeps failing at the slowest pace, as the old attack did (one wrong password every
    // 17 minutes): simulated by moving the failures back in time.
    for _ in 0..20 {
        sqlx::query("update login_failures_by_address set last_failure_at = now() - interval '20 minutes'")
            .execute(&app.pool)
            .await
            .unwrap();
        assert_eq!(stranger.login("bob", "guess").await.status, StatusCode::UNAUTHORIZED);
    }
    // Bob, from his own address, gets in at once.
    let mut bob = app.client();
    bob.peer = peer("10.0.0.7");
    let r = bob.login("bob", "pw-bob").await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    // Bob mistyping a few times does not inherit the stranger's count either.
    let mut bob2 = app.client();
    bob2.peer = peer("10.0.0.7");
    for _ in 0..3 {
        assert_eq!(bob2.login("bob", "typo").await.status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(bob2.login("bob", "pw-bob").await.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn an_address_guessing_many_usernames_is_slowed_down_on_all_of_them_and_no_one_else() {
    let app = setup().await;
    app.user("carol", Role::Student).await;
    let mut attacker = app.client();
    attacker.peer = peer("2001:db8:6:6::1");
    for i in 0..20 {
        assert_eq!(attacker.login(&format!("s{i}"), "guess").await.status, StatusCode::UNAUTHORIZED);
    }
    // Another address of the same /64 network is the same client.
    attacker.peer = peer("2001:db8:6:6::ffff");
    let r = attacker.login("carol", "pw-carol").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(r.element("login-error").unwrap().contains("from your address"), "{}", r.body);
    let mut carol = app.client();
    carol.peer = peer("2001:db8:7:7::1");
    assert_eq!(carol.login("carol", "pw-carol").await.status, StatusCode::SEE_OTHER);
    // An hour later the attacker's failures are forgotten.
    sqlx::query("update login_failures_by_address set last_failure_at = now() - interval '61 minutes'")
        .execute(&app.pool)
        .await
        .unwrap();
    attacker.cookie = None;
    assert_eq!(attacker.login("carol", "pw-carol").await.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn a_proxy_header_names_the_client_only_when_the_setting_says_so() {
    let config = botarena::config::WebConfig {
        client_address_header: Some("X-Forwarded-For".into()),
        ..Default::default()
    };
    let app = setup_with(config).await;
    let addr = botarena::web::client::ClientAddress::of("203.0.113.9".parse().unwrap());
    let mut conn = app.pool.acquire().await.unwrap();
    for _ in 0..30 {
        users::record_login_failure(&mut conn, &addr.0, "x").await.unwrap();
    }
    drop(conn);
    app.user("dave", Role::Student).await;
    let csrf_and_cookie = |r: &Resp| {
        let cookie = r.headers["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_string();
        (cookie, csrf_of(&r.body).unwrap())
    };
    let page =
        send(&app.router, axum::http::Request::get("/login").body(axum::body::Body::empty()).unwrap()).await;
    let (cookie, csrf) = csrf_and_cookie(&page);
    let login = |forwarded: &'static str| {
        axum::http::Request::post("/login")
            .header("cookie", cookie.as_str())
            .header("content-type", "application/x-www-form-urlencoded")
            .header("x-forwarded-for", forwarded)
            .body(axum::body::Body::from(format!("csrf={csrf}&username=dave&password=pw-dave")))
            .unwrap()
    };
    // The proxy's entry (the last one) is the throttled address; a forged first entry changes nothing.
    assert_eq!(send(&app.router, login("10.9.9.9, 203.0.113.9")).await.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(send(&app.router, login("203.0.113.9, 10.9.9.9")).await.status, StatusCode::SEE_OTHER);
}

// ---- 3. no open redirect ----

#[tokio::test]
async fn next_is_followed_only_to_a_path_of_this_site() {
    let app = setup().await;
    app.user("erin", Role::Student).await;
    let mut c = app.logged_in("erin").await;
    // (query value as sent, where a logged-in user is sent)
    let table: &[(&str, &str)] = &[
        ("/contests/c4", "/contests/c4"),
        ("/contests/c4/mine?x=1", "/contests/c4/mine?x=1"),
        ("/", "/"),
        ("/%252F%252Fevil.example", "/%2F%2Fevil.example"),
        ("//evil.example", "/contests"),
        ("///evil.example", "/contests"),
        ("/%2F/evil.example", "/contests"),
        ("/%09/evil.example", "/contests"),
        ("/%0A/evil.example", "/contests"),
        ("/%0D/evil.example", "/contests"),
        ("%09//evil.example", "/contests"),
        ("/%5Cevil.example", "/contests"),
        ("%5C%5Cevil.example", "/contests"),
        ("/a%5Cb", "/contests"),
        ("/+/evil.example", "/contests"),
        ("/%20/evil.example", "/contests"),
        ("/%00", "/contests"),
        ("/%7F", "/contests"),
        ("/%C2%A0/evil.example", "/contests"),
        ("/%E2%80%AE", "/contests"),
        ("https://evil.example/", "/contests"),
        ("evil.example", "/contests"),
        ("javascript:alert(1)", "/contests"),
        ("", "/contests"),
    ];
    for (sent, expected) in table {
        let r = c.get(&format!("/login?next={sent}")).await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "next={sent}: {}", r.body);
        assert_eq!(r.location(), *expected, "next={sent}");
    }
    // Anonymous: the login page keeps only a safe `next`, and the login follows it.
    let mut anon = app.client();
    for (sent, expected) in table {
        let r = anon.get(&format!("/login?next={sent}")).await;
        assert_eq!(r.status, StatusCode::OK, "next={sent}");
        let kept = r.body.split("name=\"next\" value=\"").nth(1).map(|v| v.split('"').next().unwrap());
        assert_eq!(kept.unwrap_or("/contests"), *expected, "next={sent}");
    }
    let page = anon.get("/login").await;
    let csrf = csrf_of(&page.body).unwrap();
    let r = anon
        .post_form(
            "/login",
            &[("csrf", &csrf), ("username", "erin"), ("password", "pw-erin"), ("next", "/\t/evil.example")],
        )
        .await;
    assert_eq!(r.location(), "/contests");
}

// ---- 4. no 5xx from bad input ----

#[tokio::test]
async fn a_nul_byte_in_a_path_is_not_found_and_in_a_field_is_refused_with_the_field_named() {
    let app = setup().await;
    let admin = app.user("root", Role::Admin).await;
    app.user("s1", Role::Student).await;
    app.contest("c4", &[]).await;
    let token = app.token(admin).await;
    let mut c = app.logged_in("root").await;
    for path in [
        "/contests/c4%00",
        "/contests/%00/mine",
        "/admin/contests/%00/settings",
        "/games/%00",
        "/submissions/1%00",
    ] {
        assert_eq!(c.get(path).await.status, StatusCode::NOT_FOUND, "{path}");
    }
    for path in
        ["/api/contests/%00/scoreboard", "/api/contests/c4%00", "/api/contests/%01/matches?submission=1"]
    {
        let r = app.api("GET", path, Some(&token), None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(r.json()["error"], "not_found");
    }
    type FormCase<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str);
    let forms: &[FormCase] = &[
        ("/login", &[("username", "a\0b"), ("password", "x")], "username"),
        ("/profile/tokens", &[("name", "t\0")], "name"),
        ("/admin/users", &[("csv", "s9,Ada\0")], "csv"),
        ("/admin/users/reset-password", &[("username", "s1\0")], "username"),
        ("/admin/contests/new", &[("slug", "x1"), ("game", "connect4"), ("title", "T\0")], "title"),
        ("/admin/contests/c4/settings", &[("title", "T\0")], "title"),
        ("/profile/nickname", &[("nickname", "\u{1}x")], "nickname"),
    ];
    for (path, fields, field) in forms {
        let r = c.submit_form(path, fields).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{path}: {}", r.body);
        assert!(r.body.contains(&format!("`{field}`")), "{path}: the message names `{field}`: {}", r.body);
    }
    let r = app.api("POST", "/api/tokens", Some(&token), Some(serde_json::json!({"name": "a\u{0}"}))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.json()["message"].as_str().unwrap().contains("`name`"));
    let r = app
        .api("PATCH", "/api/contests/c4/settings", Some(&token), Some(serde_json::json!({"title": "x\u{0}"})))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.json()["message"].as_str().unwrap().contains("`title`"));
    let r = app
        .api(
            "POST",
            "/api/contests/c4/submissions",
            Some(&token),
            Some(serde_json::json!({"language": 3, "source": "x"})),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.json()["message"].as_str().unwrap().contains("`language`"), "{}", r.body);
    // Nothing was stored.
    let titles: Vec<String> =
        sqlx::query_scalar("select title from contests").fetch_all(&app.pool).await.unwrap();
    assert!(titles.iter().all(|t| !t.contains('\0')));
    // The roster from the command line refuses such a display name too.
    let report =
        botarena::service::accounts::import_roster(&app.pool, None, "s7,Ada\u{0}\ns8,Grace\n").await.unwrap();
    assert_eq!(report.created, ["s8"]);
    assert_eq!(report.errors.len(), 1);
}

// ---- 5. nicknames cannot impersonate ----

#[tokio::test]
async fn a_nickname_that_looks_like_anothers_is_refused_and_compatibility_forms_are_normalized() {
    let app = setup().await;
    app.user("s1", Role::Student).await;
    app.user("s2", Role::Student).await;
    let mut one = app.logged_in("s1").await;
    assert_eq!(
        one.submit_form("/profile/nickname", &[("nickname", "alice")]).await.status,
        StatusCode::SEE_OTHER
    );
    let mut two = app.logged_in("s2").await;
    for twin in ["Alice", "ALICE", "AIice", "ａｌｉｃｅ"] {
        let r = two.submit_form("/profile/nickname", &[("nickname", twin)]).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{twin}");
        assert!(r.element("nickname-error").unwrap().contains("looks the same"), "{twin}: {}", r.body);
    }
    for hidden in ["alice\u{200B}", "\u{202E}ecila", "al\u{2060}ice", "bob\u{3164}"] {
        let r = two.submit_form("/profile/nickname", &[("nickname", hidden)]).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{hidden:?}");
        assert!(r.element("nickname-error").unwrap().contains("invisible"), "{hidden:?}: {}", r.body);
    }
    assert_eq!(
        two.submit_form("/profile/nickname", &[("nickname", "ｂｏｂ")]).await.status,
        StatusCode::SEE_OTHER
    );
    let stored: String = sqlx::query_scalar("select nickname from users where username = 's2'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(stored, "bob");
    // Its owner may change the case of their own nickname.
    assert_eq!(
        one.submit_form("/profile/nickname", &[("nickname", "Alice")]).await.status,
        StatusCode::SEE_OTHER
    );
}

/// The error the profile page gives for `nickname`, or `None` when it was taken.
async fn nickname_error(c: &mut Client, nickname: &str) -> Option<String> {
    let r = c.submit_form("/profile/nickname", &[("nickname", nickname)]).await;
    match r.status {
        // Taken: POST-redirect-GET to the profile.
        StatusCode::SEE_OTHER => None,
        StatusCode::BAD_REQUEST => Some(r.element("nickname-error").expect("the form says why")),
        other => panic!("{nickname}: {other}: {}", r.body),
    }
}

#[tokio::test]
async fn names_cannot_impersonate_a_classmate_the_staff_or_the_house() {
    let app = setup().await;
    app.user("s1", Role::Student).await;
    app.user("s2", Role::Student).await;
    app.user("s3", Role::Student).await;
    let hash = botarena::service::password::hash("pw-teacher".into()).await.unwrap();
    let mut conn = app.pool.acquire().await.unwrap();
    let teacher =
        users::create(&mut conn, "teacher", None, &hash, Role::Admin, false).await.unwrap().id().unwrap();
    // An admin is shown as staff from their creation on.
    assert_eq!(users::shown_name(&mut conn, teacher).await.unwrap(), "staff: teacher");
    drop(conn);
    let (mut one, mut two) = (app.logged_in("s1").await, app.logged_in("s2").await);
    assert_eq!(nickname_error(&mut one, "alice").await, None);
    assert_eq!(nickname_error(&mut two, "bob").await, None);
    let mut three = app.logged_in("s3").await;
    for (name, why) in [
        ("ALICE", "looks the same"),
        ("AIice", "looks the same"),
        ("boь", "one script"),
        ("ʙob", "common use"),
        ("аlice", "one script"),
        ("admin", "reserved"),
        ("Admin", "reserved"),
        ("root", "reserved"),
        ("SYSTEM", "reserved"),
        ("house:level1", "house bots"),
        ("housekeeper", "house bots"),
        ("staff: teacher", "admins"),
        ("Staff teacher", "admins"),
        // An admin's username, and another account's username, in any case or look.
        ("teacher", "looks the same"),
        ("TEACHER", "looks the same"),
        ("s1", "looks the same"),
        ("Sl", "looks the same"),
    ] {
        let e = nickname_error(&mut three, name).await.unwrap_or_else(|| panic!("{name} was taken"));
        assert!(e.contains(why), "{name}: {e}");
    }
    // Single-script names of the courses' languages are welcome (each replacing the last).
    for name in ["李雷", "Иван", "Jää", "Ελένη", "Ștefan", "Staffan"] {
        assert_eq!(nickname_error(&mut three, name).await, None, "{name}");
    }
    let stored: String = sqlx::query_scalar("select nickname from users where username = 's3'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(stored, "Staffan");
    // The first-login form keeps to the same rules.
    let hash = botarena::service::password::hash("s4".into()).await.unwrap();
    users::create(&mut app.pool.acquire().await.unwrap(), "s4", None, &hash, Role::Student, true)
        .await
        .unwrap();
    let mut four = app.client();
    four.login("s4", "s4").await;
    let r = four
        .submit_form(
            "/welcome",
            &[
                ("nickname", "ALICE"),
                ("password", "a long new password 4"),
                ("confirm", "a long new password 4"),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert!(r.element("nickname-error").unwrap().contains("looks the same"), "{}", r.body);

    // A roster cannot bring in a look-alike or reserved username either.
    let report =
        botarena::service::accounts::import_roster(&app.pool, None, "S1\nsl\nadmin\nhouse1\nTeacher\ns5\n")
            .await
            .unwrap();
    assert_eq!(report.created, ["s5"]);
    let errors: Vec<String> = report.errors.iter().map(|(_, e)| e.to_string()).collect();
    assert_eq!(errors.len(), 5, "{errors:?}");
    assert!(errors[0].contains("looks like the name of the account `s1`"), "{errors:?}");
    assert!(errors[1].contains("`s1`"), "{errors:?}");
    assert!(errors[2].contains("reserved"), "{errors:?}");
    assert!(errors[3].contains("house bots"), "{errors:?}");
    assert!(errors[4].contains("`teacher`"), "{errors:?}");
}

#[tokio::test]
async fn names_that_looked_alike_before_keys_keep_their_names_and_block_new_twins() {
    let app = setup().await;
    let ids: Vec<botarena::db::ids::UserId> = sqlx::query_scalar(
        "insert into users (username, nickname, password_hash, role) values ('a1', 'alice', '!', 'student'),
         ('a2', 'аlice', '!', 'student'), ('a3', 'carol', '!', 'student'), ('x1', 'BOSS', '!', 'student'),
         ('boss', null, '!', 'admin') returning id",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    let mut conn = app.pool.acquire().await.unwrap();
    // Admins first: the older student who took the admin's name keeps it but not its key.
    let clashes = users::fill_name_keys(&mut conn).await.unwrap();
    assert_eq!(clashes, ["аlice", "BOSS"]);
    assert!(users::fill_name_keys(&mut conn).await.unwrap().is_empty(), "once only");
    let owner: Vec<String> = sqlx::query_scalar(
        "select u.username from name_keys k join users u on u.id = k.user_id where k.key = any($1) order by 1",
    )
    .bind(users::name_keys("alice").into_iter().chain(users::name_keys("boss")).collect::<Vec<_>>())
    .fetch_all(&mut *conn)
    .await
    .unwrap();
    assert_eq!(owner, ["a1", "boss"]);
    let new = app.user("s9", Role::Student).await;
    assert!(!users::set_nickname(&mut conn, new, "Alice").await.unwrap());
    assert!(!users::set_nickname(&mut conn, new, "cаrol").await.unwrap());
    assert!(!users::set_nickname(&mut conn, new, "Boss").await.unwrap());
    // The one left without its key gets one when its owner picks another name.
    assert!(users::set_nickname(&mut conn, ids[1], "alicia").await.unwrap());
    assert!(!users::set_nickname(&mut conn, new, "ALICIA").await.unwrap());
}

// ---- 9. the submit form's language ----

#[tokio::test]
async fn the_submit_form_takes_the_language_from_the_uploaded_files_extension() {
    let app = setup().await;
    let s1 = app.user("s1", Role::Student).await;
    app.contest("c4", &["submit_interval_s=0"]).await;
    let mut c = app.logged_in("s1").await;
    let page = c.get("/contests/c4").await;
    let csrf = csrf_of(&page.body).unwrap();
    let r = c
        .post_multipart(
            "/contests/c4",
            &[
                ("csrf", None, csrf.as_bytes()),
                ("language", None, b""),
                ("file", Some("bot.PY"), b"print('OK')\n"),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let lang: String =
        sqlx::query_scalar("select language from submissions").fetch_one(&app.pool).await.unwrap();
    assert_eq!(lang, "python");
    // A chosen language wins over the extension.
    let r = c
        .post_multipart(
            "/contests/c4",
            &[
                ("csrf", None, csrf.as_bytes()),
                ("language", None, b"c"),
                ("file", Some("bot.py"), b"int main(){}\n"),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let langs: Vec<String> = sqlx::query_scalar("select language from submissions order by id")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(langs, ["python", "c"]);
    // No language and nothing to tell it by: "choose a language".
    for (file, data) in [(Some("bot.txt"), &b"x"[..]), (None, &b"print(1)"[..])] {
        let field = if file.is_some() { "file" } else { "source" };
        let r = c
            .post_multipart(
                "/contests/c4",
                &[("csrf", None, csrf.as_bytes()), ("language", None, b""), (field, file, data)],
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST);
        let e = r.element("language-error").unwrap();
        assert!(e.starts_with("Choose a language: one of c, cpp"), "{e}");
    }
    let r = app
        .api(
            "POST",
            "/api/contests/c4/submissions",
            Some(&app.token(s1).await),
            Some(serde_json::json!({"language": "", "source": "x"})),
        )
        .await;
    assert!(r.json()["message"].as_str().unwrap().starts_with("Choose a language"), "{}", r.body);
}
