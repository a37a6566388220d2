//! The JSON API: tokens, contests, submissions, settings; status codes and the error format.

mod common;

use axum::http::StatusCode;
use botarena::db::users::Role;
use common::*;
use serde_json::json;

fn assert_error(r: &Resp, status: StatusCode, code: &str) {
    assert_eq!(r.status, status, "{}", r.body);
    let v = r.json();
    assert_eq!(v["error"], code, "{}", r.body);
    assert!(v["message"].as_str().is_some_and(|m| !m.is_empty()));
}

#[tokio::test]
async fn requests_without_a_valid_token_get_401_in_json() {
    let app = setup().await;
    assert_error(
        &app.api("GET", "/api/contests", None, None).await,
        StatusCode::UNAUTHORIZED,
        "unauthorized",
    );
    assert_error(
        &app.api("GET", "/api/contests", Some("bta_nope"), None).await,
        StatusCode::UNAUTHORIZED,
        "unauthorized",
    );
    assert_error(
        &app.api("GET", "/api/contests", Some("garbage"), None).await,
        StatusCode::UNAUTHORIZED,
        "unauthorized",
    );
    assert_error(&app.api("GET", "/api/nothing-here", None, None).await, StatusCode::NOT_FOUND, "not_found");
}

#[tokio::test]
async fn a_student_lists_contests_and_submits_through_the_api() {
    let app = setup().await;
    let id = app.user("ann", Role::Student).await;
    let token = app.token(id).await;
    app.contest("c4", &["languages=c,python"]).await;
    let r = app.api("GET", "/api/contests", Some(&token), None).await;
    assert_eq!(r.status, StatusCode::OK);
    let v = r.json();
    assert_eq!(v[0]["slug"], "c4");
    assert_eq!(v[0]["game"], "connect4");
    assert_eq!(v[0]["open"], true);
    let r = app.api("GET", "/api/contests/c4", Some(&token), None).await;
    assert_eq!(r.json()["languages"].as_array().unwrap().len(), 2);
    assert_eq!(r.json()["settings"]["rows"], 9);

    let r = app
        .api(
            "POST",
            "/api/contests/c4/submissions",
            Some(&token),
            Some(json!({"language": "c", "source": "int main(){}"})),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.json()["status"], "queued");
    let sid = r.json()["id"].as_i64().unwrap();
    let r = app.api("GET", &format!("/api/submissions/{sid}"), Some(&token), None).await;
    assert_eq!(r.status, StatusCode::OK);
    let v = r.json();
    assert_eq!(v["status"], "queued");
    assert_eq!(v["language"], "c");
    assert!(v["created_at"].as_str().unwrap().contains('T'));
    assert_eq!(v["compile_log"], "");
}

#[tokio::test]
async fn bad_submissions_get_4xx_never_5xx() {
    let app = setup_with(botarena::config::WebConfig { max_source_bytes: 100, ..Default::default() }).await;
    let id = app.user("bea", Role::Student).await;
    let t = app.token(id).await;
    app.contest("c4", &["languages=c", "submit_interval_s=0"]).await;
    let url = "/api/contests/c4/submissions";
    assert_error(&app.raw_api("POST", url, &t, "{not json").await, StatusCode::BAD_REQUEST, "bad_json");
    assert_error(
        &app.raw_api("POST", url, &t, r#"{"language": 3}"#).await,
        StatusCode::BAD_REQUEST,
        "bad_json",
    );
    assert_error(&app.raw_api("POST", url, &t, r#"[]"#).await, StatusCode::BAD_REQUEST, "bad_json");
    let r = app.api("POST", url, Some(&t), Some(json!({"language": "cobol", "source": "x"}))).await;
    assert_error(&r, StatusCode::BAD_REQUEST, "unknown_language");
    let r = app.api("POST", url, Some(&t), Some(json!({"language": "c", "source": ""}))).await;
    assert_error(&r, StatusCode::BAD_REQUEST, "empty_source");
    let r = app.api("POST", url, Some(&t), Some(json!({"language": "c", "source": "x".repeat(101)}))).await;
    assert_error(&r, StatusCode::PAYLOAD_TOO_LARGE, "too_large");
    let r =
        app.api("POST", url, Some(&t), Some(json!({"language": "c", "source": "x".repeat(100_000)}))).await;
    assert_error(&r, StatusCode::PAYLOAD_TOO_LARGE, "too_large");
    let r = app
        .api(
            "POST",
            "/api/contests/nope/submissions",
            Some(&t),
            Some(json!({"language": "c", "source": "x"})),
        )
        .await;
    assert_error(&r, StatusCode::NOT_FOUND, "not_found");
    let req = axum::http::Request::builder()
        .method("POST")
        .uri(url)
        .header("authorization", format!("Bearer {t}"))
        .body(axum::body::Body::from("{}"))
        .unwrap();
    assert_error(&send(&app.router, req).await, StatusCode::BAD_REQUEST, "bad_content_type");
    assert_error(
        &app.api("GET", "/api/submissions/abc", Some(&t), None).await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
    assert_error(
        &app.api("GET", "/api/submissions/99999999999999999999", Some(&t), None).await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
}

#[tokio::test]
async fn the_api_enforces_the_interval_the_budget_and_the_deadline() {
    let app = setup().await;
    let id = app.user("cal", Role::Student).await;
    let t = app.token(id).await;
    app.contest("c4", &["submit_interval_s=300", "daily_budget_s=10"]).await;
    let body = json!({"language": "c", "source": "int main(){}"});
    let url = "/api/contests/c4/submissions";
    assert_eq!(app.api("POST", url, Some(&t), Some(body.clone())).await.status, StatusCode::CREATED);
    let r = app.api("POST", url, Some(&t), Some(body.clone())).await;
    assert_error(&r, StatusCode::TOO_MANY_REQUESTS, "rate_limited");
    let retry: u64 = r.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((290..=300).contains(&retry), "{retry}");

    // Past the interval, but over the compute budget.
    sqlx::query("update submissions set created_at = now() - interval '1 hour'")
        .execute(&app.pool)
        .await
        .unwrap();
    let cid: botarena::db::ids::ContestId =
        sqlx::query_scalar("select id from contests").fetch_one(&app.pool).await.unwrap();
    botarena::db::submissions::add_usage(&mut app.pool.acquire().await.unwrap(), cid, id, 10_000)
        .await
        .unwrap();
    let r = app.api("POST", url, Some(&t), Some(body.clone())).await;
    assert_error(&r, StatusCode::TOO_MANY_REQUESTS, "rate_limited");
    assert!(r.json()["message"].as_str().unwrap().contains("budget"));

    sqlx::query("update contests set deadline = now() - interval '1 second'")
        .execute(&app.pool)
        .await
        .unwrap();
    let r = app.api("POST", url, Some(&t), Some(body)).await;
    assert_error(&r, StatusCode::FORBIDDEN, "deadline_passed");
    assert_eq!(app.api("GET", "/api/contests", Some(&t), None).await.json()[0]["open"], false);
}

#[tokio::test]
async fn only_the_owner_and_admins_read_a_submission() {
    let app = setup().await;
    let a = app.user("dan", Role::Student).await;
    let b = app.user("eve", Role::Student).await;
    let root = app.user("root", Role::Admin).await;
    let (ta, tb, tr) = (app.token(a).await, app.token(b).await, app.token(root).await);
    app.contest("c4", &[]).await;
    let r = app
        .api(
            "POST",
            "/api/contests/c4/submissions",
            Some(&ta),
            Some(json!({"language": "c", "source": "int main(){}"})),
        )
        .await;
    let url = format!("/api/submissions/{}", r.json()["id"]);
    assert_eq!(app.api("GET", &url, Some(&ta), None).await.status, StatusCode::OK);
    assert_error(&app.api("GET", &url, Some(&tb), None).await, StatusCode::FORBIDDEN, "forbidden");
    assert_eq!(app.api("GET", &url, Some(&tr), None).await.status, StatusCode::OK);
}

#[tokio::test]
async fn admins_change_contest_settings_and_the_change_is_audited() {
    let app = setup().await;
    let s = app.user("fin", Role::Student).await;
    let root = app.user("root", Role::Admin).await;
    let (ts, tr) = (app.token(s).await, app.token(root).await);
    app.contest("c4", &[]).await;
    let url = "/api/contests/c4/settings";
    assert_error(
        &app.api("PATCH", url, Some(&ts), Some(json!({"move_ms": 100}))).await,
        StatusCode::FORBIDDEN,
        "forbidden",
    );
    let r = app.api("PATCH", url, Some(&tr), Some(json!({"move_ms": 0}))).await;
    assert_error(&r, StatusCode::BAD_REQUEST, "invalid_setting");
    let r = app.api("PATCH", url, Some(&tr), Some(json!({"colour": "red"}))).await;
    assert_error(&r, StatusCode::BAD_REQUEST, "invalid_setting");
    let r = app
        .api(
            "PATCH",
            url,
            Some(&tr),
            Some(json!({"move_ms": 1500, "submit_interval_s": "5", "languages": ["c"]})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let v = r.json();
    assert_eq!(v["settings"]["move_ms"], 1500);
    assert_eq!(v["settings"]["rows"], 9, "other settings keep their values");
    assert_eq!(v["limits"]["submit_interval_s"], 5);
    assert_eq!(v["languages"], json!(["c"]));
    let n: i64 = sqlx::query_scalar(
        "select count(*) from audit_log where action = 'contest.settings' and actor_id = $1",
    )
    .bind(root)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(n, 1);
    assert_error(&app.api("GET", "/api/queue", Some(&ts), None).await, StatusCode::FORBIDDEN, "forbidden");
    assert_eq!(app.api("GET", "/api/queue", Some(&tr), None).await.json()["compile"]["queued"], 0);
}

#[tokio::test]
async fn tokens_are_created_listed_and_revoked_through_the_api() {
    let app = setup().await;
    let a = app.user("gil", Role::Student).await;
    let b = app.user("hob", Role::Student).await;
    let (ta, tb) = (app.token(a).await, app.token(b).await);
    let r = app.api("POST", "/api/tokens", Some(&ta), Some(json!({"name": "ci"}))).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let new = r.json()["token"].as_str().unwrap().to_string();
    let id = r.json()["id"].as_i64().unwrap();
    assert_eq!(app.api("GET", "/api/tokens", Some(&new), None).await.json().as_array().unwrap().len(), 2);
    assert_error(
        &app.api("DELETE", &format!("/api/tokens/{id}"), Some(&tb), None).await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
    assert_eq!(
        app.api("DELETE", &format!("/api/tokens/{id}"), Some(&ta), None).await.status,
        StatusCode::NO_CONTENT
    );
    assert_error(
        &app.api("GET", "/api/tokens", Some(&new), None).await,
        StatusCode::UNAUTHORIZED,
        "unauthorized",
    );
    // Tokens are stored hashed.
    let stored: Vec<String> =
        sqlx::query_scalar("select token_hash from api_tokens").fetch_all(&app.pool).await.unwrap();
    assert!(stored.iter().all(|h| !h.starts_with("bta_")));
}

#[tokio::test]
async fn a_tokens_last_use_is_written_at_most_once_a_minute() {
    let app = setup().await;
    let user = app.user("often", Role::Student).await;
    let token = app.token(user).await;
    let last_used = || async {
        sqlx::query_scalar::<_, Option<time::OffsetDateTime>>("select last_used_at from api_tokens")
            .fetch_one(&app.pool)
            .await
            .unwrap()
    };
    assert_eq!(last_used().await, None);
    assert_eq!(app.api("GET", "/api/contests", Some(&token), None).await.status, StatusCode::OK);
    let first = last_used().await.expect("the first use is recorded");
    for _ in 0..3 {
        assert_eq!(app.api("GET", "/api/contests", Some(&token), None).await.status, StatusCode::OK);
    }
    assert_eq!(last_used().await, Some(first), "used again within the minute: not written");
    sqlx::query("update api_tokens set last_used_at = last_used_at - interval '61 seconds'")
        .execute(&app.pool)
        .await
        .unwrap();
    let aged = last_used().await.unwrap();
    assert_eq!(app.api("GET", "/api/contests", Some(&token), None).await.status, StatusCode::OK);
    assert!(last_used().await.unwrap() > aged + time::Duration::seconds(60), "a minute later it is");
}
