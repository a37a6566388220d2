//! The embedded default through the real binary: a command with no DATABASE_URL creates the
//! cluster in the data dir, the next command reuses it, and each stops it when it was the last user.

use std::path::Path;
use std::process::{Command, Stdio};

fn botarena(data: &Path, args: &[&str], stdin: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_botarena"))
        .args(args)
        .env_remove("DATABASE_URL")
        .env("BOTARENA_DATA_DIR", data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// A fresh directory. Wherever it is (a checkout under `/root` run as root included), its
/// cluster works: in the data dir, or named there when the cluster's user cannot reach it.
fn scratch(name: &str) -> std::path::PathBuf {
    let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = botarena::db::embedded::remove_external_cluster(&base.join("data"));
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(&base).unwrap();
    base
}

/// The cluster's `postmaster.pid`: present while it runs.
fn pid_file(data: &Path) -> std::path::PathBuf {
    botarena::db::embedded::locate(data).expect("the data dir has a cluster").join("postmaster.pid")
}

fn ok(out: &std::process::Output) -> String {
    assert!(
        out.status.success(),
        "stdout: {}\nstderr: {}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn database_commands_share_the_embedded_cluster_in_the_data_dir() {
    let base = scratch("cli-embedded");
    let data = base.join("data");
    ok(&botarena(&data, &["migrate"], ""));
    assert!(!pid_file(&data).exists(), "the command stopped the cluster it started");
    ok(&botarena(&data, &["admin", "create", "root", "--password-stdin"], "correct horse\n"));
    let roster = base.join("roster.csv");
    std::fs::write(&roster, "username,name\ns1,Ann\ns2\n").unwrap();
    assert!(ok(&botarena(&data, &["users", "import", roster.to_str().unwrap()], ""))
        .contains("created 2 user(s)"));
    let out = ok(&botarena(
        &data,
        &[
            "contest",
            "create",
            "c4",
            "--game",
            "connect4",
            "--set",
            "rows=6",
            "--deadline",
            "2099-01-01T00:00:00Z",
        ],
        "",
    ));
    assert!(out.contains("contest c4 created"));
    let token = ok(&botarena(&data, &["token", "create", "s1"], ""));
    assert!(token.trim().starts_with("bta_"));
    // Listed, shown and changed from the command line, in words or JSON.
    let json = |out: String| -> serde_json::Value { serde_json::from_str(&out).expect("JSON") };
    let list = json(ok(&botarena(&data, &["contest", "list", "--json"], "")));
    assert_eq!(
        list,
        serde_json::json!([{"slug": "c4", "game": "connect4", "title": "c4", "deadline": "2099-01-01T00:00:00Z"}])
    );
    assert!(ok(&botarena(&data, &["contest", "list"], "")).starts_with("c4\tconnect4\t2099-01-01T00:00:00Z"));
    let shown = json(ok(&botarena(&data, &["contest", "show", "c4", "--json"], "")));
    assert_eq!(
        (&shown["settings"]["rows"], &shown["settings"]["move_ms"]),
        (&serde_json::json!("6"), &serde_json::json!("5000"))
    );
    let args = [
        "contest",
        "update",
        "c4",
        "--set",
        "move_ms=1500",
        "--set",
        "title=Four",
        "--set",
        "rows=6",
        "--json",
    ];
    let changed = json(ok(&botarena(&data, &args, "")));
    assert_eq!(
        changed["changed"],
        serde_json::json!([{"name": "title", "old": "c4", "new": "Four"}, {"name": "move_ms", "old": "5000", "new": "1500"}])
    );
    assert!(ok(&botarena(&data, &["contest", "show", "c4"], "")).contains("move_ms = 1500\n"));
    // Every bad value is named; nothing changes.
    let out = botarena(&data, &["contest", "update", "c4", "--set", "move_ms=0", "--set", "rows=x"], "");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && said.contains("move_ms") && said.contains("rows"), "{said}");
    let users = json(ok(&botarena(&data, &["users", "list", "--json"], "")));
    let names: Vec<(&str, &str)> = users
        .as_array()
        .unwrap()
        .iter()
        .map(|u| (u["username"].as_str().unwrap(), u["role"].as_str().unwrap()))
        .collect();
    assert_eq!(names, [("root", "admin"), ("s1", "student"), ("s2", "student")]);
    assert_eq!(users[1]["display_name"], "Ann");
    assert!(ok(&botarena(&data, &["users", "list"], "")).contains("s1\tAnn\t"));
    // Bad input gets a clear message and a failure code.
    let out = botarena(&data, &["contest", "create", "c5", "--game", "chess"], "");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("game"));
    let out = botarena(&data, &["contest", "create", "c4", "--game", "connect4"], "");
    assert!(String::from_utf8_lossy(&out.stderr).contains("exists already"));
    let out = botarena(&data, &["token", "create", "nobody"], "");
    assert!(String::from_utf8_lossy(&out.stderr).contains("no user named"));
    assert!(!pid_file(&data).exists());
    botarena::db::embedded::remove_external_cluster(&data).unwrap();
}

#[test]
fn a_command_next_to_a_running_server_leaves_the_cluster_running_for_it() {
    let base = scratch("cli-shared");
    let data = base.join("data");
    // Stands in for `botarena serve`: a process holding the cluster open.
    let server = botarena::db::embedded::Cluster::open(&data).unwrap();
    assert!(pid_file(&data).exists());
    ok(&botarena(&data, &["admin", "create", "root", "--password-stdin"], "correct horse\n"));
    assert!(pid_file(&data).exists(), "the command must not stop the server's cluster");
    drop(server);
    assert!(!pid_file(&data).exists(), "the last user stops it");
    botarena::db::embedded::remove_external_cluster(&data).unwrap();
}
