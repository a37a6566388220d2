//! The capacity model (`botarena capacity`, docs/capacity.md) against a load simulation on this
//! machine: a connect4 contest of synthetic fast C bots judged by a real `botarena worker` process
//! with `--game-workers W`, and a wave of K new submissions, timed from the first submission to the
//! wave's last game.
//!
//! Two comparisons. The model's shape (games per wave, their split over the workers, the lead of a
//! compile) is checked tightly, within 25 %, fed what this run measured: the wave's compile and its
//! games' mean duration; both sides then slow down together when the machine is busy. The judge's
//! figures (`botarena bench`'s `double_forfeit_game` and `move_overhead`, the think and move terms)
//! are checked loosely, within a factor of 2, since they are measured a moment earlier and a shared
//! machine's load changes between the two: a missing or doubled term still shows.
//!
//! The bots play the leftmost free column after thinking `THINK_MS`; on a 9 x 9 grid where ten in
//! a row win, nobody can win, so every game is the full 81 moves, as the model counts them. The
//! wave is submitted to idle slots in another process, which the database's notification wakes
//! (`jobs::wakeups`): the compile and the first games start at once, as the model counts them.
//! The clock starts at the wave's first submission, its students already signed up, as the
//! model's does.
//!
//! The shape is fed the games' own time, not the platform's work around each (the model's
//! `around`, which `botarena bench`'s `platform_games_per_second` measures): the bots think long
//! enough for it to stay a small share of a game, as in a real contest, even in a test build on a
//! loaded machine, where it reaches tens of ms.

mod common;

use botarena::db::users::Role;
use common::queues::submit;
use common::*;
use serde_json::Value;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const THINK_MS: u32 = 4;
/// Entrants judged before the wave, and the wave.
const BEFORE: usize = 3;
const WAVE: usize = 3;
const WORKERS: usize = 2;
const SETTINGS: &[&str] = &["rows=9", "cols=9", "connect=10", "games=2"];

/// `leftmost.c`, made to think `THINK_MS` before each move.
fn bot_source() -> String {
    let leftmost = include_str!("bots/connect4/leftmost.c");
    let think = format!(
        "{{ struct timespec t = {{0, {THINK_MS} * 1000000L}}; nanosleep(&t, NULL); }}\n            printf(\"%d\\n\", c);"
    );
    let source = leftmost.replacen("#include <stdio.h>", "#include <stdio.h>\n#include <time.h>", 1);
    let source = source.replacen("printf(\"%d\\n\", c);", &think, 1);
    assert!(source.contains("nanosleep"), "leftmost.c changed: make it think again");
    source
}

fn botarena(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_botarena")).args(args).output().expect("run botarena");
    assert!(out.status.success(), "botarena {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("botarena {args:?} printed no JSON: {e}"))
}

fn start_worker(app: &TestApp, log: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_botarena"))
        .args(["worker", "--game-workers", &WORKERS.to_string(), "--compile-workers", "1"])
        .arg("--allow-insecure-sandbox")
        .env("DATABASE_URL", common::database::url_of(&app.pool))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .expect("start botarena worker")
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.pool).await.unwrap()
}

/// Waits until `sql` counts `n`; the time it took.
async fn wait_for(app: &TestApp, sql: &str, n: i64, log: &Path) -> Duration {
    let start = Instant::now();
    while count(app, sql).await < n {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "`{sql}` did not reach {n}; worker log:\n{}",
            std::fs::read_to_string(log).unwrap_or_default()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    start.elapsed()
}

/// A student's API token, the student signed up.
async fn student(app: &TestApp, name: &str) -> String {
    let id = app.user(name, Role::Student).await;
    app.token(id).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wave_of_submissions_is_judged_in_the_time_the_capacity_model_predicts() {
    // The judge's figures on this machine, as an operator would measure them.
    let bench = botarena(&[
        "bench",
        "--quick",
        "--json",
        "--insecure",
        "--figure",
        "double_forfeit_game",
        "--figure",
        "move_overhead",
    ]);
    let start_ms = bench["double_forfeit_game"]["value"].as_f64().unwrap();
    let move_us = bench["move_overhead"]["value"].as_f64().unwrap();

    let app = setup().await;
    let mut extra = vec!["submit_interval_s=0"];
    extra.extend(SETTINGS);
    app.contest("sim", &extra).await;
    let logs = tempfile::tempdir().unwrap();
    let log = logs.path().join("worker.log");
    let mut worker = start_worker(&app, &log);

    // The entrants before the wave, judged.
    let source = bot_source();
    for n in 0..BEFORE {
        let token = student(&app, &format!("old{n}")).await;
        submit(&app, "sim", &token, "c", &source).await;
    }
    let done = "select count(*) from games where status = 'done'";
    let before_games = (BEFORE * (BEFORE - 1) / 2 * 2) as i64;
    wait_for(&app, done, before_games, &log).await;

    // The wave.
    let last_before: i64 = count(&app, "select max(id) from games").await;
    let mut wave = Vec::new();
    for n in 0..WAVE {
        wave.push(student(&app, &format!("new{n}")).await);
    }
    let started = Instant::now();
    for token in &wave {
        submit(&app, "sim", token, "c", &source).await;
    }
    let entrants = (BEFORE + WAVE) as i64;
    let all_games = entrants * (entrants - 1) / 2 * 2;
    wait_for(&app, done, all_games, &log).await;
    let measured = started.elapsed().as_secs_f64();
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(worker.id() as i32), nix::sys::signal::Signal::SIGTERM)
        .unwrap();
    worker.wait().unwrap();

    // The model's lead: the wave's first compile.
    let compile_s: f64 = sqlx::query_scalar(
        "select extract(epoch from s.compiled_at - s.created_at)::float8 from submissions s
         join users u on u.id = s.user_id where u.username like 'new%' order by s.id limit 1",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();

    // Where the time went: the games themselves, and the wave's first game after its first submission.
    let (game_s, first_start, last_end): (f64, f64, f64) = sqlx::query_as(
        "select avg(extract(epoch from finished_at - started_at))::float8,
                extract(epoch from min(started_at) - (select min(s.created_at) from submissions s join users u on u.id = s.user_id where u.username like 'new%'))::float8,
                extract(epoch from max(finished_at) - min(started_at))::float8
         from games g where g.id > $1",
    )
    .bind(last_before)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    eprintln!("wave: a game took {game_s:.3} s on average; the first started {first_start:.2} s after the first submission; the games spanned {last_end:.2} s");

    // Every game went the full 81 moves, as the model assumes.
    assert_eq!(
        count(&app, "select count(*) from games where status = 'done' and (result->>'winner') is not null")
            .await,
        0,
        "nobody can win"
    );

    let capacity = |figures: &[(&str, String)]| {
        let mut args: Vec<String> = ["capacity", "--json", "--game", "connect4"].map(String::from).to_vec();
        for s in SETTINGS {
            args.extend(["--set".into(), s.to_string()]);
        }
        let common = [
            ("--entrants", entrants.to_string()),
            ("--workers", WORKERS.to_string()),
            ("--wave", WAVE.to_string()),
            ("--think-ms", THINK_MS.to_string()),
            ("--compile-seconds", compile_s.to_string()),
        ];
        for (k, v) in common.iter().chain(figures) {
            args.extend([k.to_string(), v.clone()]);
        }
        let model = botarena(&args.iter().map(String::as_str).collect::<Vec<_>>());
        let case = model["think"].clone();
        assert_eq!(case["wave_games"], all_games - before_games, "the wave's games: {case}");
        case
    };
    let report = |what: &str, case: &Value| {
        let predicted = case["wave_seconds"].as_f64().unwrap();
        eprintln!(
            "capacity simulation ({what}): {WAVE} submissions into {entrants} entrants, {WORKERS} game \
             workers, {} games: measured {measured:.2} s, predicted {predicted:.2} s ({:+.1} %), {:.3} s per \
             game, compile {compile_s:.2} s",
            case["wave_games"],
            100.0 * (measured - predicted) / predicted,
            case["seconds_per_game"].as_f64().unwrap()
        );
        predicted
    };

    // The shape, fed this run's own game time and compile.
    let shape = capacity(&[("--seconds-per-game", game_s.to_string())]);
    let predicted = report("shape", &shape);
    let error = (measured - predicted).abs() / predicted;
    assert!(
        error <= 0.25,
        "the model's shape: measured {measured:.2} s vs predicted {predicted:.2} s: {:.0} % off",
        error * 100.0
    );

    // The judge's figures, measured before the contest.
    let figures = capacity(&[("--start-ms", start_ms.to_string()), ("--move-us", move_us.to_string())]);
    let predicted = report(
        &format!("figures: double_forfeit_game {start_ms:.2} ms, move_overhead {move_us:.1} us"),
        &figures,
    );
    let ratio = measured / predicted;
    assert!(
        (0.5..=2.0).contains(&ratio),
        "the model from the judge's figures: measured {measured:.2} s vs predicted {predicted:.2} s ({ratio:.2} x)"
    );
}
