//! The compile and game queues for judging tests: the plain launcher (no sandbox needed), and
//! house bots started from the built `botarena` binary (the test harness is not it).

use super::TestApp;
use botarena::db::ids::SubmissionId;
use botarena::jobs::compile::{self, CompileQueue};
use botarena::jobs::games::GameQueue;
use botarena::judge::launch::Launcher;
use botarena::judge::PlainLauncher;
use serde_json::json;
use std::path::PathBuf;
use std::sync::Arc;

pub fn plain() -> Arc<dyn Launcher> {
    Arc::new(PlainLauncher::new())
}

/// Submits through the API (`201` expected); the submission's id.
pub async fn submit(app: &TestApp, slug: &str, token: &str, language: &str, source: &str) -> SubmissionId {
    let r = app
        .api(
            "POST",
            &format!("/api/contests/{slug}/submissions"),
            Some(token),
            Some(json!({"language": language, "source": source})),
        )
        .await;
    assert_eq!(r.status, axum::http::StatusCode::CREATED, "{}", r.body);
    SubmissionId(r.json()["id"].as_i64().unwrap())
}

/// Compiles every queued submission (which schedules all their matches and indexes them for
/// copy detection before it returns).
pub async fn compile_all(app: &TestApp) {
    let mut q = CompileQueue::new(
        app.pool.clone(),
        app.state.languages.clone(),
        compile::with_launcher(plain()),
        app.state.compile_wakeup.clone(),
    )
    .with_tester(plain());
    q.first_result_wait = std::time::Duration::ZERO;
    while q.run_one().await.unwrap() {}
}

/// A game queue whose every slot uses `launcher`.
pub fn game_queue(app: &TestApp, launcher: Arc<dyn Launcher>) -> GameQueue {
    let mut q = GameQueue::new(
        app.pool.clone(),
        app.state.languages.clone(),
        Arc::new(move |_| Ok(launcher.clone())),
    );
    q.house_exe = PathBuf::from(env!("CARGO_BIN_EXE_botarena"));
    q
}
