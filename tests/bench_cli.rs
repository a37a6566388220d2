//! `botarena bench --quick --json` as a child process: one object keyed by the documented figure
//! names, each with a positive value, unit, baseline and ratio. No timing is asserted: speed is
//! the bench's output, never a test's condition.

mod common;

use std::process::Command;

const JUDGE_FIGURES: [&str; 6] = [
    "move_overhead",
    "sandboxed_start",
    "busy_sandboxed_start",
    "double_forfeit_game",
    "games_per_second",
    "think_time_under_load",
];
/// Measured on throwaway databases of the test server, with small contests; the last three
/// through the scheduler, the game queue and the storing of results.
const PLATFORM_FIGURES: [&str; 6] = [
    "scoreboard_refresh",
    "scoreboard_refresh_rss_mb",
    "schedule_submission",
    "platform_games_per_second",
    "first_result_latency",
    "stored_bytes_per_game",
];

#[test]
fn the_quick_bench_prints_every_judge_figure_with_its_baseline_as_json() {
    // --insecure: on a host without full isolation the sandbox figures are taken as the sandbox
    // is, and marked with a note; here the shape is what is checked.
    let out = Command::new(env!("CARGO_BIN_EXE_botarena"))
        .args(["bench", "--quick", "--json", "--insecure", "--entrants", "12"])
        .env("DATABASE_URL", common::database::server_url())
        .output()
        .expect("botarena runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "bench failed: {stderr}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)));
    let figures = json.as_object().expect("one object");
    for name in JUDGE_FIGURES.into_iter().chain(PLATFORM_FIGURES) {
        let f = figures.get(name).unwrap_or_else(|| panic!("no figure {name} in {json}"));
        for key in ["value", "baseline_value", "ratio"] {
            let v = f[key].as_f64().unwrap_or_else(|| panic!("{name}.{key} is not a number: {f}"));
            // A refresh may leave the resident memory where it was: a growth of 0 MB.
            let may_be_zero = name == "scoreboard_refresh_rss_mb" && key != "baseline_value";
            assert!((v > 0.0 || may_be_zero && v == 0.0) && v.is_finite(), "{name}.{key} = {v}");
        }
        for key in ["unit", "baseline"] {
            let s = f[key].as_str().unwrap_or_else(|| panic!("{name}.{key} is not a string: {f}"));
            assert!(!s.is_empty(), "{name}.{key} is empty");
        }
        let ratio = f["value"].as_f64().unwrap() / f["baseline_value"].as_f64().unwrap();
        assert!((f["ratio"].as_f64().unwrap() - ratio).abs() <= 1e-9 * ratio.max(1.0), "{name}: ratio {f}");
    }
}

#[test]
fn one_figure_can_be_measured_alone_and_an_unknown_one_is_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_botarena"))
        .args(["bench", "--quick", "--json", "--insecure", "--figure", "sandboxed_start"])
        .output()
        .expect("botarena runs");
    assert!(out.status.success(), "bench failed: {}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let names: Vec<&String> = json.as_object().expect("one object").keys().collect();
    assert_eq!(names, ["sandboxed_start"]);

    let out = Command::new(env!("CARGO_BIN_EXE_botarena"))
        .args(["bench", "--figure", "warp_speed"])
        .output()
        .expect("botarena runs");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("warp_speed") && stderr.contains("move_overhead"), "{stderr}");
}

#[test]
fn the_scoreboard_figures_compare_the_page_and_the_api_with_a_static_file() {
    let out = Command::new(env!("CARGO_BIN_EXE_botarena"))
        .args(["bench", "--quick", "--json", "--entrants", "30"])
        .args(["--figure", "scoreboard_page_rps", "--figure", "scoreboard_api_rps"])
        .output()
        .expect("botarena runs");
    assert!(out.status.success(), "bench failed: {}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let names: Vec<&String> = json.as_object().expect("one object").keys().collect();
    assert_eq!(names, ["scoreboard_api_rps", "scoreboard_page_rps"]);
    for (name, f) in json.as_object().unwrap() {
        assert_eq!(f["unit"], "requests/s", "{name}");
        assert_eq!(f["baseline"], "static_file_rps", "{name}");
        for key in ["value", "baseline_value", "ratio"] {
            let v = f[key].as_f64().unwrap_or_else(|| panic!("{name}.{key}: {f}"));
            assert!(v > 0.0 && v.is_finite(), "{name}.{key} = {v}");
        }
    }
}
