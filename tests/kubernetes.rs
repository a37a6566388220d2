//! The Kubernetes manifests of `deploy/kubernetes/`, checked without a cluster: every manifest
//! passes schema validation (`deploy/kubernetes/validate.py`: Kubernetes' kinds with the
//! `kubernetes-validate` package, KEDA's and CloudNativePG's against their vendored schemas), and
//! the invariants of the deployment hold: no privileged pod, only the sandbox's capabilities,
//! every game-worker container with whole CPUs equal to its requests (Guaranteed QoS, two cores per
//! game), a readiness probe that runs `botarena sandbox check`, workers that drain within their
//! grace period, and a KEDA trigger whose query runs on the real schema.
//!
//! Needs a Python with `kubernetes-validate` (`.ci/run` makes a venv at
//! `$CARGO_TARGET_DIR/kubernetes-venv`; `BOTARENA_KUBERNETES_PYTHON` names another); without one
//! the test is skipped, except under CI (`CI` set), where it fails.

mod common;

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn manifests_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy/kubernetes")
}

/// A Python that can `import kubernetes_validate`, or `None` (with a message) to skip: only outside CI.
fn python_or_skip() -> Option<PathBuf> {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap().to_path_buf();
    let candidates = std::env::var_os("BOTARENA_KUBERNETES_PYTHON")
        .map(PathBuf::from)
        .into_iter()
        .chain([target.join("kubernetes-venv/bin/python"), PathBuf::from("python3")]);
    for python in candidates {
        let ok = Command::new(&python)
            .args(["-c", "import kubernetes_validate"])
            .output()
            .is_ok_and(|o| o.status.success());
        if ok {
            return Some(python);
        }
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "no Python with kubernetes-validate (.ci/run installs it), and CI must validate the manifests"
    );
    eprintln!(
        "SKIPPED: no Python with kubernetes-validate (python3 -m venv {0}/kubernetes-venv && \
         {0}/kubernetes-venv/bin/pip install kubernetes-validate); the manifests were not validated",
        target.display()
    );
    None
}

/// Every document of the manifests, as `(file, document)`, validated by `validate.py`.
fn validated_documents(python: &Path) -> Vec<(String, Value)> {
    let out =
        Command::new(python).arg(manifests_dir().join("validate.py")).output().expect("run validate.py");
    assert!(
        out.status.success(),
        "deploy/kubernetes/validate.py found errors:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let parsed: Value = serde_json::from_slice(&out.stdout).expect("validate.py prints JSON");
    parsed["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["file"].as_str().unwrap().to_string(), d["doc"].clone()))
        .collect()
}

fn find<'a>(docs: &'a [(String, Value)], kind: &str, name: &str) -> &'a Value {
    docs.iter()
        .map(|(_, d)| d)
        .find(|d| d["kind"] == kind && d["metadata"]["name"] == name)
        .unwrap_or_else(|| panic!("no {kind} {name} in deploy/kubernetes"))
}

/// The pod templates of the workload kinds, with where they are.
fn pod_specs(docs: &[(String, Value)]) -> Vec<(String, &Value)> {
    docs.iter()
        .filter_map(|(file, d)| {
            let spec = match d["kind"].as_str()? {
                "Deployment" | "StatefulSet" | "DaemonSet" | "Job" => &d["spec"]["template"]["spec"],
                "CronJob" => &d["spec"]["jobTemplate"]["spec"]["template"]["spec"],
                "Pod" => &d["spec"],
                _ => return None,
            };
            Some((format!("{file}: {} {}", d["kind"], d["metadata"]["name"]), spec))
        })
        .collect()
}

fn containers(pod: &Value) -> impl Iterator<Item = &Value> {
    ["initContainers", "containers"].into_iter().flat_map(move |k| pod[k].as_array().into_iter().flatten())
}

/// A container that plays games: `botarena serve` or `botarena worker`.
fn plays_games(c: &Value) -> bool {
    let words: Vec<&str> = c["command"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    words.first() == Some(&"botarena") && matches!(words.get(1), Some(&"serve") | Some(&"worker"))
}

/// A whole number of CPUs (`2`, `"2"`, `"2000m"`); `None` for fractions or anything else.
fn whole_cpus(v: &Value) -> Option<u64> {
    match v {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => match s.strip_suffix('m') {
            Some(milli) => milli.parse::<u64>().ok().filter(|m| m % 1000 == 0).map(|m| m / 1000),
            None => s.parse().ok(),
        },
        _ => None,
    }
}

/// The value of environment variable `name` in container `c`: its own `env`, else the ConfigMaps
/// of its `envFrom`.
fn env_of(docs: &[(String, Value)], c: &Value, name: &str) -> Option<String> {
    let own = c["env"].as_array().into_iter().flatten().find(|e| e["name"] == name);
    if let Some(e) = own {
        return e["value"].as_str().map(str::to_string);
    }
    c["envFrom"].as_array().into_iter().flatten().find_map(|from| {
        let map = find(docs, "ConfigMap", from["configMapRef"]["name"].as_str()?);
        map["data"][name].as_str().map(str::to_string)
    })
}

/// The capabilities the sandbox needs, each explained beside it in the manifests.
const SANDBOX_CAPABILITIES: &[&str] = &["SYS_ADMIN", "SETUID", "SETGID", "CHOWN"];

/// Checks every pod of `docs`; returns the broken invariants, one line each.
fn broken_invariants(docs: &[(String, Value)]) -> Vec<String> {
    let mut broken = Vec::new();
    let pods = pod_specs(docs);
    if !pods.iter().any(|(_, p)| containers(p).any(plays_games)) {
        broken.push("no container runs `botarena worker` or `botarena serve`".to_string());
    }
    for (at, pod) in &pods {
        for key in ["hostNetwork", "hostPID", "hostIPC"] {
            if pod[key] == true {
                broken.push(format!("{at}: {key}: true"));
            }
        }
        let game_pod = containers(pod).any(plays_games);
        for c in containers(pod) {
            let at = format!("{at} container {}", c["name"]);
            let sc = &c["securityContext"];
            if sc["privileged"] == true {
                broken.push(format!("{at}: privileged"));
            }
            let drops: Vec<&Value> = sc["capabilities"]["drop"].as_array().into_iter().flatten().collect();
            if !drops.iter().any(|d| *d == "ALL") {
                broken.push(format!("{at}: does not drop ALL capabilities"));
            }
            for cap in sc["capabilities"]["add"].as_array().into_iter().flatten() {
                if !plays_games(c) || !SANDBOX_CAPABILITIES.iter().any(|s| cap == s) {
                    broken.push(format!("{at}: adds capability {cap}"));
                }
            }
            if sc["seccompProfile"]["type"].is_null() {
                broken.push(format!("{at}: no seccompProfile chosen"));
            }
            // Guaranteed QoS: requests equal limits for CPU and memory in every container of a
            // game-playing pod; the game-playing containers with whole cores, two per game.
            let (req, lim) = (&c["resources"]["requests"], &c["resources"]["limits"]);
            if game_pod {
                for r in ["cpu", "memory"] {
                    if req[r].is_null() || req[r] != lim[r] {
                        broken.push(format!("{at}: {r} requests {} != limits {}", req[r], lim[r]));
                    }
                }
            }
            if plays_games(c) {
                let games: u64 =
                    env_of(docs, c, "BOTARENA_GAME_WORKERS").and_then(|g| g.parse().ok()).unwrap_or_else(
                        || panic!("{at}: BOTARENA_GAME_WORKERS must be set (cores follow from it)"),
                    );
                match whole_cpus(&lim["cpu"]) {
                    Some(n) if n == 2 * games => {}
                    other => broken.push(format!(
                        "{at}: CPU limit {} is not {} whole cores ({games} game(s) x 2 bots), got {other:?}",
                        lim["cpu"],
                        2 * games
                    )),
                }
                let drain: u64 =
                    env_of(docs, c, "BOTARENA_DRAIN_SECONDS").and_then(|d| d.parse().ok()).unwrap_or(0);
                let grace = pod["terminationGracePeriodSeconds"].as_u64().unwrap_or(30);
                if drain == 0 || drain + 10 > grace {
                    broken.push(format!(
                        "{at}: drains for {drain} s but is killed after {grace} s (leave 10 s to release)"
                    ));
                }
                let waits = pod["initContainers"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .any(|i| i["command"] == serde_json::json!(["botarena", "migrate", "--check"]));
                if !waits {
                    broken.push(format!("{at}: starts without waiting for the schema (migrate --check)"));
                }
            }
        }
    }
    broken
}

#[tokio::test]
async fn the_manifests_validate_and_keep_the_sandbox_invariants() {
    let Some(python) = python_or_skip() else { return };
    let docs = validated_documents(&python);

    let broken = broken_invariants(&docs);
    assert!(broken.is_empty(), "broken invariants:\n{}", broken.join("\n"));

    // The worker's readiness is the sandbox's own check.
    let worker = find(&docs, "Deployment", "botarena-worker");
    let c = &worker["spec"]["template"]["spec"]["containers"][0];
    assert_eq!(c["readinessProbe"]["exec"]["command"], serde_json::json!(["botarena", "sandbox", "check"]));

    // Both databases give the Secret every pod reads; the migration runs as a Job.
    let job = find(&docs, "Job", "botarena-migrate");
    assert_eq!(
        job["spec"]["template"]["spec"]["containers"][0]["command"],
        serde_json::json!(["botarena", "migrate"])
    );
    find(&docs, "Cluster", "botarena-db");
    find(&docs, "Secret", "botarena-db-app");

    // KEDA scales the worker Deployment on the queue, with a query that runs on the schema.
    let scaled = find(&docs, "ScaledObject", "botarena-worker");
    assert_eq!(scaled["spec"]["scaleTargetRef"]["name"], "botarena-worker");
    let (min, max) = (scaled["spec"]["minReplicaCount"].as_u64(), scaled["spec"]["maxReplicaCount"].as_u64());
    assert!(matches!((min, max), (Some(a), Some(b)) if a < b), "replicas {min:?}..{max:?}");
    let trigger = &scaled["spec"]["triggers"][0];
    assert_eq!(trigger["type"], "postgresql");
    let auth = find(&docs, "TriggerAuthentication", trigger["authenticationRef"]["name"].as_str().unwrap());
    assert_eq!(auth["spec"]["secretTargetRef"][0]["name"], "botarena-db-app");
    let query = trigger["metadata"]["query"].as_str().unwrap();
    let app = common::setup().await;
    let queued: i64 = sqlx::query_scalar(query).fetch_one(&app.pool).await.expect("the KEDA query runs");
    assert_eq!(queued, 0, "an empty platform has no jobs");
}

/// The invariant check is not vacuous: each kind of breakage of a good manifest is reported.
#[test]
fn the_invariant_check_reports_each_breakage() {
    let Some(python) = python_or_skip() else { return };
    let docs = validated_documents(&python);
    let worker_at = docs
        .iter()
        .position(|(_, d)| d["kind"] == "Deployment" && d["metadata"]["name"] == "botarena-worker")
        .unwrap();
    let breakages: BTreeMap<&str, fn(&mut Value)> = BTreeMap::from([
        ("privileged", (|c: &mut Value| c["securityContext"]["privileged"] = true.into()) as fn(&mut Value)),
        ("requests", |c| c["resources"]["requests"]["cpu"] = "1500m".into()),
        ("whole cores", |c| {
            c["resources"]["requests"]["cpu"] = "1".into();
            c["resources"]["limits"]["cpu"] = "1".into();
        }),
        ("NET_ADMIN", |c| c["securityContext"]["capabilities"]["add"][0] = "NET_ADMIN".into()),
        ("capabilities", |c| c["securityContext"]["capabilities"]["drop"] = serde_json::json!([])),
    ]);
    for (what, breakage) in breakages {
        let mut broken = docs.clone();
        breakage(&mut broken[worker_at].1["spec"]["template"]["spec"]["containers"][0]);
        let found = broken_invariants(&broken);
        assert!(found.iter().any(|l| l.contains(what)), "breaking {what} went unnoticed: {found:?}");
    }
    let mut broken = docs.clone();
    broken[worker_at].1["spec"]["template"]["spec"]["terminationGracePeriodSeconds"] = 20.into();
    assert!(broken_invariants(&broken).iter().any(|l| l.contains("drains")));
}

/// The sandbox judges with only the capabilities the manifests give a game-playing container and
/// a read-only root with `/tmp` and `/run/botarena` writable, as in the pod: `botarena sandbox
/// check` passes and a C bot compiles and plays a match. Needs root, `unshare` and `capsh`
/// (skipped without them outside CI).
#[test]
fn the_sandbox_works_with_only_the_manifests_capabilities_and_a_read_only_root() {
    let Some(python) = python_or_skip() else { return };
    let tools = ["unshare", "capsh"].iter().all(|t| Command::new(t).arg("--help").output().is_ok());
    if !nix::unistd::geteuid().is_root() || !tools {
        assert!(std::env::var_os("CI").is_none(), "CI must run this test as root with capsh (libcap2-bin)");
        eprintln!("SKIPPED: needs root, unshare and capsh; the manifests' capabilities were not tried");
        return;
    }
    let docs = validated_documents(&python);
    let worker = find(&docs, "Deployment", "botarena-worker");
    let added: Vec<String> = worker["spec"]["template"]["spec"]["containers"][0]["securityContext"]
        ["capabilities"]["add"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| format!("cap_{}", c.as_str().unwrap().to_lowercase()))
        .collect();
    let print = Command::new("capsh").arg("--print").output().unwrap();
    let print = String::from_utf8_lossy(&print.stdout);
    let bounding = print.lines().find_map(|l| l.strip_prefix("Bounding set =")).expect("capsh --print");
    let drop: Vec<&str> = bounding.trim().split(',').filter(|c| !added.iter().any(|a| a == c)).collect();

    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(root.join("tests/bots/connect4/leftmost.c"), dir.path().join("a.c")).unwrap();
    std::fs::copy(root.join("tests/bots/connect4/leftmost.c"), dir.path().join("b.c")).unwrap();
    std::fs::create_dir_all("/run/botarena").unwrap();
    let exe = env!("CARGO_BIN_EXE_botarena");
    let inside = format!(
        "cd /tmp && {exe} sandbox check && {exe} play connect4 {0}/a.c {0}/b.c",
        dir.path().display()
    );
    // `/tmp` stays writable as a mount of its own (the pod's is a tmpfs) rather than a fresh tmpfs,
    // which would hide this test's binary when the checkout itself lives under `/tmp`.
    let script = format!(
        "mount --bind /tmp /tmp && mount -t tmpfs tmpfs /run/botarena && mount -o remount,bind,ro / && \
         capsh --drop={} -- -c '{inside}'",
        drop.join(",")
    );
    let out = Command::new("unshare")
        .args(["--mount", "--propagation", "private", "sh", "-c", &script])
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "with only {added:?} and a read-only root:\n{text}");
    assert!(text.contains("match:"), "{text}");
}

/// `botarena migrate --check`, which the pods' init container waits on: 1 on a database the
/// migration Job has not migrated yet, 0 once it has.
#[tokio::test]
async fn migrate_check_fails_until_the_schema_is_migrated() {
    let check = |url: String| {
        Command::new(env!("CARGO_BIN_EXE_botarena"))
            .args(["migrate", "--check"])
            .env("DATABASE_URL", url)
            .output()
            .unwrap()
    };
    let empty = common::database::empty_pool().await;
    let out = check(common::database::url_of(&empty));
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not applied yet"));
    botarena::db::MIGRATOR.run(&empty).await.unwrap();
    let out = check(common::database::url_of(&empty));
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}
