//! Memory per request is bounded: a real `botarena serve` process is given the sources that took
//! it to half a gigabyte (a 1 MiB Python source nested 524,000 deep, a 1 MiB single-line C
//! source), compiles and indexes them for copy detection, shows them, and reindexes the contest
//! five times at once, then gets sixteen bodies of a million tiny fields at once; its peak resident
//! memory (VmHWM, from /proc) stays under 300 MB, and the admin's similarity page says which sources
//! were over the parser's budget.

mod common;

use botarena::db::users::Role;
use common::raw_http::{header, http};
use common::*;
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn get(path: &str, cookie: &str) -> Vec<u8> {
    format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nCookie: {cookie}\r\n\r\n").into_bytes()
}

fn post(path: &str, extra: &str, content_type: &str, body: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{extra}Content-Type: {content_type}\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    r.extend_from_slice(body);
    r
}

/// A figure of /proc/<pid>/status in MiB (`VmRSS`, `VmHWM`: the peak).
fn status_mib(pid: u32, key: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with(key)).unwrap_or_else(|| panic!("no {key}"));
    line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() / 1024
}

/// `botarena serve` on a free port of this host, once it answers.
async fn serve(app: &TestApp, log_path: &std::path::Path) -> (Child, SocketAddr) {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let mut server = Command::new(env!("CARGO_BIN_EXE_botarena"))
        .args(["serve", "--listen", &addr.to_string(), "--allow-insecure-sandbox", "--game-workers", "1"])
        .env("DATABASE_URL", common::database::url_of(&app.pool))
        .env("BOTARENA_LOG", "warn,botarena::web::similarity=info")
        .env_remove("BOTARENA_CLIENT_ADDRESS_HEADER")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(log_path).unwrap())
        .spawn()
        .expect("start botarena serve");
    let start = Instant::now();
    while http(addr, &get("/login", "x=y")).await.is_err() {
        let log = std::fs::read_to_string(log_path).unwrap_or_default();
        assert!(start.elapsed() < Duration::from_secs(60), "the server did not start:\n{log}");
        assert!(server.try_wait().unwrap().is_none(), "the server exited:\n{log}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    (server, addr)
}

/// Waits until `done` holds, for at most `secs` seconds.
async fn wait_for(what: &str, secs: u64, mut done: impl AsyncFnMut() -> bool) {
    let start = Instant::now();
    while !done().await {
        assert!(start.elapsed() < Duration::from_secs(secs), "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn hostile_sources_and_five_reindexes_at_once_leave_the_server_under_300_mb() {
    let app = setup().await;
    app.contest("c4", &[]).await;
    app.user("staff", Role::Admin).await;
    let names = ["s1", "s2", "s3", "s4", "s5", "s6", "s7"];
    let tokens = app.students(&names).await;
    let log_path =
        std::env::temp_dir().join(format!("botarena-similarity-memory-{}.log", std::process::id()));
    let (mut server, addr) = serve(&app, &log_path).await;
    let pid = server.id();
    let start_rss = status_mib(pid, "VmRSS");

    // Five students submit the 1,048,005-byte `x = [[[…]]]` of the issue, a sixth 1 MiB of C on
    // one line, a seventh the worst the parser still reads: just under its token budget, nested
    // as deep as it allows, and not Python at all (the grammar's error recovery at work).
    let nested = format!("x = {}{}\n", "[".repeat(524_000), "]".repeat(524_000));
    assert_eq!(nested.len(), 1_048_005);
    let mut c_line = String::from("int t[] = {");
    while c_line.len() < (1 << 20) - 64 {
        c_line.push_str("1,");
    }
    c_line.push_str("1}; int main(void) { return t[0]; }");
    let chunk = format!("{}{}}}", "(".repeat(200), ")".repeat(200));
    let garbage = chunk.repeat(149);
    let mut ids = Vec::new();
    let start = Instant::now();
    for (i, token) in tokens.iter().enumerate() {
        let (language, source) = match i {
            0..5 => ("python", &nested),
            5 => ("c", &c_line),
            _ => ("python", &garbage),
        };
        let body = serde_json::json!({ "language": language, "source": source }).to_string();
        let auth = format!("Authorization: Bearer {token}\r\n");
        let (status, head, answer) =
            http(addr, &post("/api/contests/c4/submissions", &auth, "application/json", body.as_bytes()))
                .await
                .unwrap();
        assert_eq!(status, 201, "{head}\n{answer}");
        let id = serde_json::from_str::<serde_json::Value>(&answer).unwrap()["id"].as_i64().unwrap();
        ids.push(id);
    }
    let pool = app.pool.clone();
    wait_for("the seven submissions to be compiled and indexed", 300, async || {
        let n: i64 =
            sqlx::query_scalar("select count(*) from similarity_index").fetch_one(&pool).await.unwrap();
        n == 7
    })
    .await;
    let after_index = status_mib(pid, "VmHWM");
    eprintln!("indexed in {:.1} s", start.elapsed().as_secs_f64());
    let reasons: Vec<(i64, Option<String>)> =
        sqlx::query_as("select submission_id, over_budget from similarity_index order by submission_id")
            .fetch_all(&app.pool)
            .await
            .unwrap();
    for (id, why) in &reasons[..6] {
        let why = why.as_deref().unwrap_or_else(|| panic!("submission {id} is not marked over the budget"));
        assert!(why.contains("read by the plain lexer"), "{why}");
    }
    // The seventh is within the budget: parsed, unless the parse ran out of time.
    eprintln!("the worst source within the budget: {:?}", reasons[6].1);
    assert!(reasons[6].1.as_deref().is_none_or(|w| w.contains("the parser took over")), "{reasons:?}");

    // The admin logs in, looks at a source, and reindexes the contest five times at once.
    let (_, head, body) = http(addr, &get("/login", "x=y")).await.unwrap();
    let cookie = header(&head, "set-cookie").unwrap().split(';').next().unwrap().to_string();
    let csrf = csrf_of(&body).unwrap();
    let login = format!("csrf={csrf}&username=staff&password=pw-staff");
    let extra = format!("Cookie: {cookie}\r\n");
    let (status, head, _) =
        http(addr, &post("/login", &extra, "application/x-www-form-urlencoded", login.as_bytes()))
            .await
            .unwrap();
    assert_eq!(status, 303, "{head}");
    let cookie = header(&head, "set-cookie").map_or(cookie, |c| c.split(';').next().unwrap().to_string());
    let extra = format!("Cookie: {cookie}\r\n");
    for id in &ids[..6] {
        let (status, _, page) = http(addr, &get(&format!("/submissions/{id}"), &cookie)).await.unwrap();
        assert_eq!(status, 200);
        assert!(page.len() > 1_000_000, "the source is shown");
    }
    let (status, _, page) = http(addr, &get("/admin/contests/c4/similarity", &cookie)).await.unwrap();
    assert_eq!(status, 200);
    let csrf = csrf_of(&page).unwrap();
    let form = format!("csrf={csrf}");
    let reindexes: Vec<_> = (0..5)
        .map(|_| {
            let request = post(
                "/admin/contests/c4/similarity/reindex",
                &extra,
                "application/x-www-form-urlencoded",
                form.as_bytes(),
            );
            tokio::spawn(async move { http(addr, &request).await.unwrap().0 })
        })
        .collect();
    for r in reindexes {
        assert_eq!(r.await.unwrap(), 303);
    }
    wait_for("the five reindexes", 600, async || {
        let log = std::fs::read_to_string(&log_path).unwrap_or_default();
        log.matches("similarity: reindexed").count() + log.matches("similarity reindex:").count() >= 5
    })
    .await;
    let log = std::fs::read_to_string(&log_path).unwrap_or_default();
    assert_eq!(log.matches("similarity: reindexed 7 submissions").count(), 5, "{log}");

    // The admin's page says which sources were over the budget, and why.
    let (status, _, page) = http(addr, &get("/admin/contests/c4/similarity", &cookie)).await.unwrap();
    assert_eq!(status, 200);
    assert!(page.contains("id=\"over-budget\""), "{page}");
    assert!(page.contains("indexed submissions were too large"), "{page}");
    assert!(page.contains("KiB (over 256 KiB): read by the plain lexer"), "{page}");

    let after_reindex = status_mib(pid, "VmHWM");

    // Bodies of a million tiny fields, eight of each at once: a form of 2 MB to the login, a
    // JSON body of 6 MB to the submissions (the largest each route takes). Refused unparsed.
    let form = "a&".repeat(1_000_000);
    let json = format!(r#"{{"language": "python", "source": "x", "junk": [{}0]}}"#, "0,".repeat(3_000_000));
    let auth = format!("Authorization: Bearer {}\r\n", tokens[0]);
    let floods: Vec<_> = (0..16)
        .map(|i| {
            let request = if i % 2 == 0 {
                post("/login", "", "application/x-www-form-urlencoded", form.as_bytes())
            } else {
                post("/api/contests/c4/submissions", &auth, "application/json", json.as_bytes())
            };
            tokio::spawn(async move { http(addr, &request).await.unwrap() })
        })
        .collect();
    for f in floods {
        let (status, head, body) = f.await.unwrap();
        assert_eq!(status, 400, "{head}\n{body}");
        assert!(body.contains("more than 1000"), "{body}");
    }

    let peak = status_mib(pid, "VmHWM");
    eprintln!(
        "server RSS at start {start_rss} MiB; peak after indexing six 1 MiB sources {after_index} MiB; \
         after five reindexes at once {after_reindex} MiB; after 16 bodies of a million fields {peak} MiB"
    );
    assert!(peak < 300, "peak RSS {peak} MiB");
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid as i32), nix::sys::signal::Signal::SIGTERM)
        .unwrap();
    let _ = server.wait();
}
