//! The compile queue end to end: submissions compiled with the real compile step (gcc through
//! the plain launcher), crash recovery through leases, superseding.

mod common;

use axum::http::StatusCode;
use botarena::db::ids::SubmissionId;
use botarena::db::users::Role;
use botarena::jobs::compile::{self, CompileQueue};
use botarena::judge::PlainLauncher;
use common::*;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

/// A compile queue that schedules all of a submission's matches before `run_one` returns.
fn queue(app: &TestApp) -> CompileQueue {
    let mut q = CompileQueue::new(
        app.pool.clone(),
        app.state.languages.clone(),
        compile::with_launcher(Arc::new(PlainLauncher::new())),
        app.state.compile_wakeup.clone(),
    );
    q.first_result_wait = Duration::ZERO;
    q
}

#[tokio::test]
async fn a_compile_error_and_then_a_good_compile_go_through_the_queue() {
    let app = setup().await;
    let uid = app.user("ada", Role::Student).await;
    let t = app.token(uid).await;
    app.contest("c4", &["submit_interval_s=0"]).await;
    let url = "/api/contests/c4/submissions";
    let bad =
        app.api("POST", url, Some(&t), Some(json!({"language": "c", "source": "int main( { oops }"}))).await;
    let bad_id = bad.json()["id"].as_i64().unwrap();
    let q = queue(&app);
    assert!(q.run_one().await.unwrap());
    let r = app.api("GET", &format!("/api/submissions/{bad_id}"), Some(&t), None).await.json();
    assert_eq!(r["status"], "compile_error");
    assert!(r["compile_log"].as_str().unwrap().contains("error"), "{r}");

    let good = app
        .api("POST", url, Some(&t), Some(json!({"language": "c", "source": "#include <stdio.h>\nint main(void){puts(\"hi\");return 0;}\n"})))
        .await;
    let good_id = SubmissionId(good.json()["id"].as_i64().unwrap());
    assert!(q.run_one().await.unwrap());
    assert!(!q.run_one().await.unwrap(), "queue is empty");
    let r = app.api("GET", &format!("/api/submissions/{good_id}"), Some(&t), None).await.json();
    assert_eq!(r["status"], "ready", "{r}");

    // The artifact holds the compiled bot, runnable after unpacking elsewhere.
    let artifact = botarena::db::submissions::artifact(&mut app.pool.acquire().await.unwrap(), good_id)
        .await
        .unwrap()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    botarena::judge::commands::unpack(&artifact, dir.path()).unwrap();
    let out = std::process::Command::new(dir.path().join("bot")).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "hi\n");

    // Compile time counts against the daily budget.
    let used: i64 = sqlx::query_scalar("select coalesce(sum(used_ms), 0)::bigint from compute_usage")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(used > 0);

    // A newer good compile supersedes the older one.
    let newer = app
        .api("POST", url, Some(&t), Some(json!({"language": "c", "source": "int main(void){return 0;}"})))
        .await;
    q.run_one().await.unwrap();
    let newer_id = newer.json()["id"].as_i64().unwrap();
    assert_eq!(
        app.api("GET", &format!("/api/submissions/{newer_id}"), Some(&t), None).await.json()["status"],
        "ready"
    );
    assert_eq!(
        app.api("GET", &format!("/api/submissions/{good_id}"), Some(&t), None).await.json()["status"],
        "superseded"
    );
}

#[tokio::test]
async fn the_browser_shows_the_compiler_message_of_a_failed_compile() {
    let app = setup().await;
    app.user("bo", Role::Student).await;
    app.contest("c4", &[]).await;
    let mut c = app.logged_in("bo").await;
    let r = c.submit_bot("c4", "c", "int main() { return undefined_name; }").await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    let page = r.location().to_string();
    assert_eq!(c.get(&page).await.element("status").unwrap(), "queued");
    queue(&app).run_one().await.unwrap();
    let shown = c.get(&page).await;
    assert_eq!(shown.element("status").unwrap(), "compile error");
    assert!(shown.element("compile-log").unwrap().contains("undefined_name"));
}

#[tokio::test]
async fn a_compile_whose_worker_died_is_retried_and_given_up_after_three_tries() {
    let app = setup().await;
    let uid = app.user("cy", Role::Student).await;
    let t = app.token(uid).await;
    app.contest("c4", &[]).await;
    let r = app
        .api(
            "POST",
            "/api/contests/c4/submissions",
            Some(&t),
            Some(json!({"language": "c", "source": "int main(void){return 0;}"})),
        )
        .await;
    let id = SubmissionId(r.json()["id"].as_i64().unwrap());
    let mut conn = app.pool.acquire().await.unwrap();
    // A worker claims the job and dies: its lease runs out.
    let job = botarena::db::queue::claim_next::<botarena::db::submissions::CompileJob>(
        &mut conn,
        "dead-worker",
        60.0,
        3,
    )
    .await
    .unwrap()
    .unwrap();
    assert_eq!(job.id, id);
    assert!(
        botarena::db::queue::claim_next::<botarena::db::submissions::CompileJob>(&mut conn, "other", 60.0, 3)
            .await
            .unwrap()
            .is_none(),
        "leased"
    );
    sqlx::query("update jobs set lease_until = now() - interval '1 second'")
        .execute(&mut *conn)
        .await
        .unwrap();
    // Another worker picks it up and finishes it.
    assert!(queue(&app).run_one().await.unwrap());
    let v = app.api("GET", &format!("/api/submissions/{id}"), Some(&t), None).await.json();
    assert_eq!(v["status"], "ready");
    // The dead worker's late result is not written over it.
    assert!(!botarena::db::submissions::finish_compile(&mut conn, id, "dead-worker", false, "late", None)
        .await
        .unwrap());

    // A job that kills its worker every time ends as a compile error with an explanation.
    sqlx::query("update submissions set status = 'compiling'").execute(&mut *conn).await.unwrap();
    sqlx::query(
        "update jobs set attempts = 3, locked_by = 'dead-worker', lease_until = now() - interval '1 second',
                finished_at = null",
    )
    .execute(&mut *conn)
    .await
    .unwrap();
    drop(conn);
    assert!(!queue(&app).run_one().await.unwrap());
    let v = app.api("GET", &format!("/api/submissions/{id}"), Some(&t), None).await.json();
    assert_eq!(v["status"], "compile_error");
    assert!(v["compile_log"].as_str().unwrap().contains("3 times"));
}

#[tokio::test]
async fn a_spawned_worker_pool_compiles_queued_submissions_and_stops_on_request() {
    let app = setup().await;
    let uid = app.user("di", Role::Student).await;
    let t = app.token(uid).await;
    app.contest("c4", &["submit_interval_s=0"]).await;
    let mut ids = vec![];
    for i in 0..3 {
        let src = format!("int main(void){{return {i};}}");
        let r = app
            .api(
                "POST",
                "/api/contests/c4/submissions",
                Some(&t),
                Some(json!({"language": "c", "source": src})),
            )
            .await;
        ids.push(r.json()["id"].as_i64().unwrap());
    }
    let mut q = queue(&app);
    q.concurrency = 2;
    let (stop, stop_rx) = tokio::sync::watch::channel(false);
    let workers = q.spawn(stop_rx);
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    loop {
        let pending: i64 =
            sqlx::query_scalar("select count(*) from submissions where status in ('queued', 'compiling')")
                .fetch_one(&app.pool)
                .await
                .unwrap();
        if pending == 0 {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "compiles did not finish");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    stop.send(true).unwrap();
    for w in workers {
        w.await.unwrap();
    }
    let statuses: Vec<String> = sqlx::query_scalar("select status::text from submissions order by id")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(statuses, ["superseded", "superseded", "ready"]);
}

/// How many matches a submission has.
async fn matches_of(app: &TestApp, submission: i64) -> i64 {
    sqlx::query_scalar("select count(*) from matches where $1 in (submission_a, submission_b)")
        .bind(submission)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

/// Polls `done` every 20 ms for up to `secs` seconds.
async fn eventually(secs: u64, mut done: impl AsyncFnMut() -> bool) -> bool {
    let deadline = std::time::Instant::now() + Duration::from_secs(secs);
    while std::time::Instant::now() < deadline {
        if done().await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

#[tokio::test]
async fn a_newcomer_gets_the_rest_of_its_matches_after_its_first_result_and_a_drain_waits_for_them() {
    let app = setup().await;
    app.contest("c4", &["submit_interval_s=0"]).await;
    let tokens = app.students(&["a", "b", "c", "d", "e", "f", "g"]).await;
    let bot = "int main(void){return 0;}";
    for t in &tokens[..4] {
        common::queues::submit(&app, "c4", t, "c", bot).await;
    }
    common::queues::compile_all(&app).await;
    // The four old entrants' games are played: the queue holds nothing else.
    let games = common::queues::game_queue(&app, common::queues::plain());
    while games.run_one(common::queues::plain(), None).await.unwrap() {}

    // A compile queue that waits up to a minute for a newcomer's first result, and another
    // process's idle compile worker that sweeps what a dead worker left unscheduled.
    let mut q = queue(&app);
    q.first_result_wait = Duration::from_secs(60);
    let (stop, stop_rx) = tokio::sync::watch::channel(false);
    let workers = q.spawn(stop_rx);
    let sweeper = queue(&app);
    let submit_ready = async |token: &str| {
        let id = common::queues::submit(&app, "c4", token, "c", bot).await.0;
        let ready = async || {
            sqlx::query_scalar::<_, String>("select status::text from submissions where id = $1")
                .bind(id)
                .fetch_one(&app.pool)
                .await
                .unwrap()
                == "ready"
        };
        assert!(eventually(120, ready).await, "submission {id} was not compiled");
        id
    };

    let newcomer = submit_ready(&tokens[4]).await;
    // Its first two matches were scheduled with it; the other two wait for its first result, and
    // the sweep leaves them to the live worker.
    assert_eq!(matches_of(&app, newcomer).await, 2);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!sweeper.run_one().await.unwrap());
    assert_eq!(matches_of(&app, newcomer).await, 2, "the rest waits for a result");
    assert!(games.run_one(common::queues::plain(), None).await.unwrap(), "a first game to play");
    assert!(eventually(10, async || matches_of(&app, newcomer).await == 4).await, "the rest after a result");

    // Marked long ago, as if its worker had died: the sweep schedules the rest, once.
    let second = submit_ready(&tokens[5]).await;
    assert_eq!(matches_of(&app, second).await, 2);
    sqlx::query("update schedule_pending set since = since - interval '5 minutes' where submission_id = $1")
        .bind(second)
        .execute(&app.pool)
        .await
        .unwrap();
    assert!(!sweeper.run_one().await.unwrap());
    assert_eq!(matches_of(&app, second).await, 5);

    // A third, and no game played: stopping the queue cuts the wait short, and the drain ends
    // once its matches are scheduled and it is indexed for copy detection.
    let third = submit_ready(&tokens[6]).await;
    assert_eq!(matches_of(&app, third).await, 2);
    let t = std::time::Instant::now();
    stop.send(true).unwrap();
    for w in workers {
        w.await.unwrap();
    }
    assert!(t.elapsed() < Duration::from_secs(30), "the drain did not wait the minute out");
    assert_eq!(matches_of(&app, second).await, 6, "scheduled once");
    assert_eq!(matches_of(&app, third).await, 6);
    let indexed: i64 =
        sqlx::query_scalar("select count(*) from similarity_index where submission_id = any($1)")
            .bind(vec![newcomer, second, third])
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(indexed, 3, "copy detection indexed the three newcomers");
}
