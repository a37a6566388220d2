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

fn queue(app: &TestApp) -> CompileQueue {
    CompileQueue::new(
        app.pool.clone(),
        app.state.languages.clone(),
        compile::with_launcher(Arc::new(PlainLauncher::new())),
        app.state.compile_wakeup.clone(),
    )
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
