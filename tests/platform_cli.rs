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
