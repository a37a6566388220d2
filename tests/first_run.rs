//! A newcomer's first commands, through the real binary, from where people type them: a fresh
//! `mktemp -d` directory (mode 0700) with the default `./data`. As root the cluster runs as user
//! `botarena`, which cannot enter such a directory; the cluster then lives in a directory of its
//! own, and everything still works. The commands' stderr carries no WARN line.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// A 0700 directory as `mktemp -d` makes it (outside `target/`, whose parents are open), deleted
/// with the cluster of its `data/` when the test ends, even on a failure.
struct Private {
    dir: tempfile::TempDir,
    server: Option<Child>,
}

impl Private {
    fn new() -> Private {
        let dir = tempfile::Builder::new().prefix("botarena-first-run-").tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
        Private { dir, server: None }
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// The real binary in this directory, with the defaults of a newcomer's shell.
    fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_botarena"));
        cmd.args(args)
            .current_dir(self.dir.path())
            .env_remove("DATABASE_URL")
            .env_remove("BOTARENA_DATA_DIR")
            .env_remove("BOTARENA_LOG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        cmd
    }

    fn run(&self, args: &[&str], stdin: &str) -> Output {
        let mut child = self.command(args).spawn().unwrap();
        child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
        child.wait_with_output().unwrap()
    }
}

impl Drop for Private {
    fn drop(&mut self) {
        if let Some(mut server) = self.server.take() {
            let _ = server.kill();
            let _ = server.wait();
        }
        if let Err(e) = botarena::db::embedded::remove_external_cluster(&self.data()) {
            eprintln!("cleaning up: {e:#}");
        }
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Succeeded, and nothing on stderr is a warning (or worse).
fn clean(out: &Output, what: &str) -> String {
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{what} failed\nstdout: {stdout}\nstderr: {stderr}");
    assert_no_warnings(&stderr, what);
    stdout
}

fn assert_no_warnings(stderr: &str, what: &str) {
    let bad: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains(" WARN ") || l.contains("ERROR") || l.contains("panicked"))
        .collect();
    assert!(bad.is_empty(), "{what} printed warnings:\n{}\nall of stderr:\n{stderr}", bad.join("\n"));
}

/// `GET path` over a real TCP connection; the status code and the body.
fn get(addr: &str, path: &str, token: Option<&str>) -> (u16, String) {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let auth = token.map(|t| format!("Authorization: Bearer {t}\r\n")).unwrap_or_default();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Connection: close\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = response.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
    (status, body)
}

fn is_root() -> bool {
    nix::unistd::geteuid().is_root()
}

#[test]
fn admin_create_and_serve_work_from_a_private_directory_and_print_where_the_data_lives() {
    let mut here = Private::new();
    let data = here.data();

    let out = here.run(&["admin", "create", "admin", "--password-stdin"], "correct horse battery\n");
    assert!(clean(&out, "admin create").contains("admin admin created"));
    let pgdata = botarena::db::embedded::locate(&data).expect("the data dir knows its cluster");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(&pgdata.display().to_string()),
        "the first command says where the data lives: {stderr}"
    );
    if is_root() {
        assert!(!pgdata.starts_with(here.dir.path()), "the cluster's user cannot reach {}", pgdata.display());
        assert!(data.join("pgcluster").is_file());
        assert!(!data.join("pgdata").exists());
    } else {
        assert_eq!(pgdata, data.canonicalize().unwrap().join("pgdata"));
    }
    assert!(!pgdata.join("postmaster.pid").exists(), "admin create stopped the cluster it started");
    clean(&here.run(&["migrate"], ""), "migrate");

    // The README's `serve` (any free port), with whatever sandbox this machine has.
    let mut server = here
        .command(&["serve", "--listen", "127.0.0.1:0", "--allow-insecure-sandbox", "--game-workers", "1"])
        .spawn()
        .unwrap();
    let (tx, lines) = mpsc::channel();
    let stderr = BufReader::new(server.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    here.server = Some(server);
    let mut welcome = Vec::new();
    while !welcome.iter().any(|l: &String| l.contains("PostgreSQL cluster")) {
        match lines.recv_timeout(Duration::from_secs(120)) {
            Ok(line) => welcome.push(line),
            Err(e) => panic!("serve did not say it was serving ({e}); it printed:\n{}", welcome.join("\n")),
        }
    }
    let welcome = welcome.join("\n");
    let url = welcome
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no URL to open in:\n{welcome}"));
    let addr = url.trim_start_matches("http://").to_string();
    assert!(welcome.contains("loopback only"), "{welcome}");
    assert!(welcome.contains("--listen 0.0.0.0:"), "how to listen for a classroom: {welcome}");
    assert!(welcome.contains(&data.canonicalize().unwrap().display().to_string()), "the data dir: {welcome}");
    assert!(welcome.contains(&pgdata.display().to_string()), "the cluster: {welcome}");

    let (status, body) = get(&addr, "/login", None);
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("<form"), "{body}");
    // A command next to the running server shares its cluster; the server sees its token.
    let token = clean(&here.run(&["token", "create", "admin"], ""), "token create").trim().to_string();
    assert!(pgdata.join("postmaster.pid").exists(), "token create left the server's cluster running");
    let (status, body) = get(&addr, "/api/tokens", Some(&token));
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("command line"), "{body}");

    let mut server = here.server.take().unwrap();
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(server.id() as i32), nix::sys::signal::Signal::SIGTERM)
        .unwrap();
    let status = server.wait().unwrap();
    reader.join().unwrap();
    let rest: Vec<String> = lines.try_iter().collect();
    assert!(status.success(), "serve exited with {status}:\n{}", rest.join("\n"));
    assert_no_warnings(&rest.join("\n"), "serve's shutdown");
    assert!(!pgdata.join("postmaster.pid").exists(), "serve stopped the cluster as the last user");
}

#[test]
fn admin_create_without_a_terminal_says_to_use_password_stdin() {
    let here = Private::new();
    // `setsid` leaves the controlling terminal behind, as a script under cron or `ssh host cmd` has none.
    let out = Command::new("setsid")
        .arg("--wait")
        .arg(env!("CARGO_BIN_EXE_botarena"))
        .args(["admin", "create", "admin"])
        .current_dir(here.dir.path())
        .env_remove("DATABASE_URL")
        .env_remove("BOTARENA_DATA_DIR")
        .stdin(Stdio::null())
        .output()
        .expect("setsid (util-linux) runs");
    let stderr = text(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("no terminal") && stderr.contains("--password-stdin"), "{stderr}");
    assert!(!here.data().exists(), "nothing was started for a command that cannot go on");

    let out = here.run(&["admin", "create", "admin", "--password-stdin"], "");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("standard input is empty"), "{}", text(&out.stderr));
}

#[test]
fn a_data_dir_that_holds_its_cluster_keeps_it_and_its_data() {
    // Where the cluster's user can reach it, the cluster is made inside the data dir, as every
    // earlier version did; such a data dir keeps its cluster (and its rows) from then on.
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("first-run-in-place");
    let _ = std::fs::remove_dir_all(&target);
    std::fs::create_dir_all(&target).unwrap();
    let data = target.join("data");
    let run = |args: &[&str], stdin: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_botarena"))
            .args(args)
            .env_remove("DATABASE_URL")
            .env("BOTARENA_DATA_DIR", &data)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
        child.wait_with_output().unwrap()
    };
    if !botarena::db::embedded::reachable_by_cluster_user(&target) {
        eprintln!("skipped: the cluster's user cannot reach {}", target.display());
        return;
    }
    let out = run(&["admin", "create", "admin", "--password-stdin"], "correct horse battery\n");
    assert!(clean(&out, "admin create").contains("admin admin created"));
    assert!(data.join("pgdata/PG_VERSION").exists());
    assert!(!data.join("pgcluster").exists());
    let out = run(&["admin", "create", "admin", "--password-stdin"], "another horse battery\n");
    assert!(clean(&out, "admin create again").contains("existed"), "the same database was used");
    assert_eq!(botarena::db::embedded::locate(&data), Some(data.join("pgdata")));
    let _ = std::fs::remove_dir_all(&target);
}

#[test]
fn a_data_dir_left_half_made_by_a_failed_initdb_gets_a_working_cluster() {
    // What earlier versions left as root in a private directory: an empty `pgdata/` that the
    // cluster's user could not enter, and the lock files.
    let here = Private::new();
    std::fs::create_dir_all(here.data().join("pgdata")).unwrap();
    std::fs::write(here.data().join(".postgres-users.lock"), "").unwrap();
    clean(&here.run(&["migrate"], ""), "migrate");
    let pgdata = botarena::db::embedded::locate(&here.data()).expect("a cluster was made");
    assert!(pgdata.join("PG_VERSION").exists());
    if is_root() {
        assert!(!here.data().join("pgdata").exists(), "the empty leftover is gone");
    }
}

#[test]
fn a_data_dir_whose_cluster_was_deleted_is_refused_with_what_to_do() {
    let here = Private::new();
    std::fs::create_dir_all(here.data()).unwrap();
    let gone = here.dir.path().join("deleted-cluster");
    std::fs::write(here.data().join("pgcluster"), format!("{}\n", gone.display())).unwrap();
    let out = here.run(&["migrate"], "");
    let stderr = text(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("is missing") && stderr.contains(&gone.display().to_string()), "{stderr}");
    assert!(stderr.contains("delete"), "says how to start over: {stderr}");
    assert!(here.data().join("pgcluster").exists(), "the reference is kept: the data may come back");
}
