//! A machine without the programs botarena needs, as a fresh one is: the real binary with `PATH`
//! (and `BOTARENA_PG_BIN`) pointing at an empty directory and `BOTARENA_NO_INSTALL=1`, so that
//! nothing is really installed. Without PostgreSQL's server it stops before making anything, with
//! the exact command to run; a language whose compiler is missing is shown as unavailable with the
//! package that provides it (API, contest and rules pages) and refused at submit, never compiled.

mod common;

use axum::http::StatusCode;
use botarena::db::users::Role;
use botarena::judge::languages::{Languages, DEFAULT_CONFIG};
use botarena::web::{app, AppState};
use common::*;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The real binary with nothing on `PATH` and no installing allowed.
fn bare(empty: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_botarena"));
    cmd.args(args)
        .env_clear()
        .env("PATH", empty)
        .env("BOTARENA_NO_INSTALL", "1")
        .env("HOME", empty)
        .stdin(Stdio::null());
    cmd
}

#[test]
fn without_postgresql_every_command_stops_with_the_command_that_installs_it() {
    let empty = tempfile::tempdir().unwrap();
    let data = empty.path().join("data");
    let install = if nix::unistd::geteuid().is_root() {
        "`apt-get install postgresql`"
    } else {
        "`sudo apt-get install postgresql`"
    };

    // BOTARENA_PG_BIN naming a directory without them.
    for args in [&["migrate"][..], &["token", "create", "root"], &["backup", "x.dump"]] {
        let out = bare(empty.path(), args)
            .arg("--data-dir")
            .arg(&data)
            .env("BOTARENA_PG_BIN", empty.path())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}: {stderr}");
        assert!(stderr.contains(install) && stderr.contains("BOTARENA_PG_BIN"), "{args:?}: {stderr}");
        assert!(!data.exists(), "{args:?} made the data directory before stopping");
    }

    // And with none installed at all: `/usr/lib/postgresql` hidden under an empty tmpfs in a
    // mount namespace of its own (root only; the sandbox needs the same rights).
    if !nix::unistd::geteuid().is_root() || !Path::new("/usr/lib/postgresql").is_dir() {
        eprintln!("skipped the hidden /usr/lib/postgresql part: needs root and a Debian PostgreSQL");
        return;
    }
    let script = format!(
        "mount -t tmpfs none /usr/lib/postgresql && exec env -i PATH={} BOTARENA_NO_INSTALL=1 {} migrate --data-dir {}",
        empty.path().display(),
        env!("CARGO_BIN_EXE_botarena"),
        data.display()
    );
    let out =
        Command::new("unshare").args(["--mount", "--propagation", "private", "sh", "-c", &script]).output();
    match out {
        Ok(out)
            if !["unshare:", "mount:"].iter().any(|w| String::from_utf8_lossy(&out.stderr).contains(w)) =>
        {
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(!out.status.success(), "{stderr}");
            assert!(stderr.contains("PostgreSQL's server (initdb, pg_ctl) is not installed"), "{stderr}");
            assert!(
                stderr.contains("BOTARENA_NO_INSTALL is set: run `apt-get install postgresql`"),
                "{stderr}"
            );
            assert!(!stderr.contains("installing"), "it installed nothing: {stderr}");
            assert!(!data.exists());
        }
        other => {
            eprintln!("skipped the hidden /usr/lib/postgresql part: no mount namespace here ({other:?})")
        }
    }
}

/// `method path` over a real connection with a bearer token (and a JSON body): status and body.
fn http(addr: &str, method: &str, path: &str, token: &str, body: Option<&str>) -> (u16, String) {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let body = body.unwrap_or("");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, response.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_server_without_a_compiler_shows_its_language_unavailable_and_refuses_it_at_submit() {
    let app = setup().await;
    app.contest("c4", &["submit_interval_s=0"]).await;
    let tokens = app.students(&["ada"]).await;
    let empty = tempfile::tempdir().unwrap();
    let log_path = empty.path().join("serve.log");
    // `serve` on the test database, with nothing on PATH: gcc, g++, rustc, javac are not found
    // (Python is configured by absolute path, /usr/bin/python3).
    let mut server = bare(empty.path(), &["serve", "--listen", "127.0.0.1:0", "--allow-insecure-sandbox"])
        .args(["--game-workers", "1"])
        .env("DATABASE_URL", common::database::url_of(&app.pool))
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log_path).unwrap())
        .spawn()
        .unwrap();
    let log = || std::fs::read_to_string(&log_path).unwrap_or_default();
    let start = Instant::now();
    let addr = loop {
        if let Some(url) = log().split_whitespace().find(|w| w.starts_with("http://127.0.0.1:")) {
            break url.trim_start_matches("http://").to_string();
        }
        assert!(start.elapsed() < Duration::from_secs(60), "serve did not start:\n{}", log());
        assert!(server.try_wait().unwrap().is_none(), "serve exited:\n{}", log());
        std::thread::sleep(Duration::from_millis(100));
    };

    let (status, body) = http(&addr, "GET", "/api/contests/c4", &tokens[0], None);
    assert_eq!(status, 200, "{body}");
    let contest: serde_json::Value = serde_json::from_str(&body).unwrap();
    let languages = contest["languages"].as_array().unwrap();
    let of = |id: &str| languages.iter().find(|l| l["id"] == id).unwrap_or_else(|| panic!("{id}: {body}"));
    let java = of("java")["unavailable"].as_str().unwrap_or_else(|| panic!("java is unavailable: {body}"));
    assert!(java.contains("`javac` is missing") && java.contains("default-jdk-headless"), "{java}");
    assert!(of("cpp")["unavailable"].as_str().unwrap().contains("package g++"), "{body}");
    assert!(of("python").get("unavailable").is_none(), "python3 is configured by absolute path: {body}");

    let (status, body) = http(
        &addr,
        "POST",
        "/api/contests/c4/submissions",
        &tokens[0],
        Some(r#"{"language": "java", "source": "class Main {}"}"#),
    );
    assert_eq!(status, 400, "{body}");
    let err: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(err["error"], "language_unavailable", "{body}");
    let message = err["message"].as_str().unwrap();
    assert!(message.contains("javac") && message.contains("default-jdk-headless"), "{message}");
    let queued: i64 =
        sqlx::query_scalar("select count(*) from submissions").fetch_one(&app.pool).await.unwrap();
    assert_eq!(queued, 0, "nothing was queued for a compile that cannot run");
    let (status, body) = http(
        &addr,
        "POST",
        "/api/contests/c4/submissions",
        &tokens[0],
        Some(r#"{"language": "python", "source": "print(0)"}"#),
    );
    assert_eq!(status, 201, "an installed language is taken: {body}");

    nix::sys::signal::kill(nix::unistd::Pid::from_raw(server.id() as i32), nix::sys::signal::Signal::SIGTERM)
        .unwrap();
    assert!(server.wait().unwrap().success(), "{}", log());
}

#[tokio::test]
async fn the_contest_and_rules_pages_show_a_language_without_its_compiler_as_unavailable() {
    // The built-in configuration, with Java's compiler and runtime at names no machine has.
    let config = DEFAULT_CONFIG
        .replace("compile = [\"javac\"", "compile = [\"botarena-missing-javac\"")
        .replace("run = [\"java\"", "run = [\"botarena-missing-java\"");
    let languages = Arc::new(Languages::parse(&config).unwrap());
    let pool = common::database::fresh_pool().await;
    let state =
        AppState::new(pool.clone(), Default::default(), languages, Arc::new(tokio::sync::Notify::new()))
            .await
            .unwrap();
    let app = TestApp { router: app(state.clone()), pool, state };
    app.contest("c4", &[]).await;
    app.user("ada", Role::Student).await;
    let mut c = app.logged_in("ada").await;

    let r = c.get("/contests/c4").await;
    assert_eq!(r.status, StatusCode::OK);
    let note =
        r.element("unavailable-java").unwrap_or_else(|| panic!("no note on the contest page: {}", r.body));
    assert!(note.contains("unavailable") && note.contains("default-jdk-headless"), "{note}");
    assert!(r.body.contains("<option value=\"java\" disabled>"), "java cannot be chosen");
    assert!(r.element("unavailable-python").is_none());

    let r = c.get("/contests/c4/rules").await;
    assert_eq!(r.status, StatusCode::OK);
    let row = r.element("language-java").unwrap();
    assert!(
        row.contains("Unavailable")
            && row.contains("botarena-missing-javac")
            && row.contains("default-jdk-headless"),
        "{row}"
    );
    assert!(!r.element("language-python").unwrap().contains("Unavailable"));

    // The submit form refuses it too, on the language field.
    let r = c.submit_bot("c4", "java", "class Main {}").await;
    let error = r.element("language-error").unwrap_or_else(|| panic!("{}", r.body));
    assert!(error.contains("default-jdk-headless"), "{error}");
}
