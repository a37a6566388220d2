//! Finals end to end against a real Postgres with real processes: a round robin of four C bots,
//! two strong (`greedy.c`) and two weak (`leftmost.c`), judged by a real game queue; after the
//! deadline an admin starts the finals among the top two with four games a match (refused
//! before, and a second time); the final match is played; its result leads the final standings
//! on the scoreboard page, in `GET …/finals` and in the standings CSV, and it never counts in the
//! contest's own standings.

mod common;

use axum::http::StatusCode;
use botarena::db;
use botarena::db::users::Role;
use common::queues::{compile_all, game_queue, plain, submit};
use common::*;
use serde_json::json;

const GREEDY_C: &str = include_str!("bots/connect4/greedy.c");
const LEFTMOST_C: &str = include_str!("bots/connect4/leftmost.c");

#[tokio::test]
async fn finals_among_the_top_two_lead_the_final_standings() {
    let app = setup().await;
    app.contest("cup", &["submit_interval_s=0"]).await;
    let names = ["s1", "w1", "s2", "w2"];
    let tokens = app.students(&names).await;
    for (name, token) in names.iter().zip(&tokens) {
        let source = if name.starts_with('s') { GREEDY_C } else { LEFTMOST_C };
        submit(&app, "cup", token, "c", source).await;
    }
    compile_all(&app).await;
    let queue = game_queue(&app, plain());
    while queue.run_one(plain(), None).await.unwrap() {}
    let boss = app.user("boss", Role::Admin).await;
    let admin = app.token(boss).await;
    let start = |top: i64| json!({"top": top, "settings": {"games": 4}});

    // Before the deadline, and for a student: refused.
    let r = app.api("POST", "/api/contests/cup/finals", Some(&admin), Some(start(2))).await;
    assert_eq!(
        (r.status, r.json()["error"].as_str()),
        (StatusCode::CONFLICT, Some("before_deadline")),
        "{}",
        r.body
    );
    sqlx::query("update contests set deadline = now() - interval '1 second' where slug = 'cup'")
        .execute(&app.pool)
        .await
        .unwrap();
    let r = app.api("POST", "/api/contests/cup/finals", Some(&tokens[0]), Some(start(2))).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    let r = app
        .api(
            "POST",
            "/api/contests/cup/finals",
            Some(&admin),
            Some(json!({"top": 2, "settings": {"daily_budget_s": 1}})),
        )
        .await;
    assert_eq!(
        (r.status, r.json()["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_finals")),
        "{}",
        r.body
    );
    let r = app.api("GET", "/api/contests/cup/finals", Some(&tokens[1]), None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);

    // The contest's standings before the finals: the strong two on top.
    let contest =
        db::contests::by_slug(&mut app.pool.acquire().await.unwrap(), "cup").await.unwrap().unwrap();
    let before = botarena::service::scoreboard::compute(&mut app.pool.acquire().await.unwrap(), contest.id)
        .await
        .unwrap();
    let top: Vec<&str> = before.iter().take(2).map(|r| r.nickname.as_str()).collect();
    assert!(top.iter().all(|n| n.starts_with("nick-s")), "{before:?}");

    let r = app.api("POST", "/api/contests/cup/finals", Some(&admin), Some(start(2))).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let f = r.json();
    assert_eq!(
        (f["top"].as_i64(), f["matches"].as_i64(), f["unfinished"].as_i64()),
        (Some(2), Some(1), Some(1))
    );
    assert_eq!(f["settings"]["games"], json!(4));
    let r = app.api("POST", "/api/contests/cup/finals", Some(&admin), Some(start(2))).await;
    assert_eq!((r.status, r.json()["error"].as_str()), (StatusCode::CONFLICT, Some("finals_started")));

    // The final match: four games under the finals' settings, not charged to the students.
    let mut played = 0;
    while queue.run_one(plain(), None).await.unwrap() {
        played += 1;
    }
    assert_eq!(played, 4);
    let charged: Vec<bool> = sqlx::query_scalar(
        "select g.charge from games g join matches m on m.id = g.match_id where m.in_finals",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(charged, [false; 4]);

    let r = app.api("GET", "/api/contests/cup/finals", Some(&tokens[1]), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let f = r.json();
    assert_eq!(f["unfinished"].as_i64(), Some(0));
    let rows = f["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    let games: i64 = rows
        .iter()
        .map(|r| r["games"]["won"].as_i64().unwrap() + r["games"]["drawn"].as_i64().unwrap())
        .sum();
    assert!(games >= 4, "{rows:?}");
    let finalists: Vec<String> = rows.iter().map(|r| r["nickname"].as_str().unwrap().to_string()).collect();
    assert!(finalists.iter().all(|n| n.starts_with("nick-s")), "{finalists:?}");

    // The contest's own standings never count a final match.
    let mut conn = app.pool.acquire().await.unwrap();
    let mut kept = db::scoreboard::tallies(&mut conn, contest.id).await.unwrap();
    let mut counted = db::scoreboard::recount(&mut conn, contest.id).await.unwrap();
    kept.sort_by_key(|t| t.submission_id);
    counted.sort_by_key(|t| t.submission_id);
    assert_eq!(kept, counted);
    for t in &kept {
        let m = t.matches;
        assert_eq!(m.won + m.drawn + m.lost, 3, "one match against each of the three others: {t:?}");
    }
    let after = botarena::service::scoreboard::compute(&mut conn, contest.id).await.unwrap();
    assert_eq!(after, before);

    // The scoreboard page: the finals' table first, with the two finalists.
    let mut browser = app.logged_in("w1").await;
    let page = browser.get("/contests/cup/scoreboard").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let table = page.element("finals-standings").expect("the finals' table");
    assert!(finalists.iter().all(|n| table.contains(n.as_str())), "{table}");
    assert!(!table.contains("nick-w"), "{table}");
    assert!(page.body.find("finals-standings").unwrap() < page.body.find("id=\"standings\"").unwrap());

    // The standings CSV: the final standings' order, with the finals' columns.
    let mut boss_browser = app.logged_in("boss").await;
    let csv = boss_browser.get("/admin/contests/cup/standings.csv").await;
    assert_eq!(csv.status, StatusCode::OK, "{}", csv.body);
    let lines: Vec<&str> = csv.body.lines().collect();
    assert!(lines[0].ends_with(",submitted_at,final_rank,finals_points,finals_matches_won,finals_matches_drawn,finals_matches_lost,finals_games_won,finals_games_drawn,finals_games_lost"), "{}", lines[0]);
    assert_eq!(lines.len(), 5);
    let column = |line: &str, i: usize| line.split(',').nth(i).unwrap().to_string();
    for (i, line) in lines[1..].iter().enumerate() {
        let nickname = column(line, 1);
        assert_eq!(nickname.starts_with("nick-s"), i < 2, "{}", csv.body);
        let final_rank: usize = column(line, 14).parse().unwrap();
        assert!(if i < 2 { final_rank <= 2 } else { final_rank >= 3 }, "{}", csv.body);
        assert_eq!(column(line, 15).is_empty(), i >= 2, "{}", csv.body);
    }
    assert_eq!(column(lines[1], 1), finalists[0]);

    // The admin page says the finals started; its form refuses a second start.
    let settings = boss_browser.get("/admin/contests/cup/settings").await;
    assert!(settings.element("finals").unwrap().contains("Started"), "{}", settings.body);
    let csrf = boss_browser.csrf().await;
    let r = boss_browser
        .post_form(
            "/admin/contests/cup/finals",
            &[("csrf", csrf.as_str()), ("top", "2"), ("settings", ""), ("confirmed", "yes")],
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
}
