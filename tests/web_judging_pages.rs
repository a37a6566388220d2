//! The judging pages, driven like a browser: the scoreboard from its snapshot (house bots apart),
//! a user's matches with their games linked, a game's result and replay data, and who may
//! download its log.

mod common;
mod game_fixtures;

use axum::http::StatusCode;
use botarena::db::ids::{ContestId, UserId};
use botarena::db::users::Role;
use botarena::judge::result::BotId;
use common::*;
use game_fixtures::*;
use serde_json::{json, Value};

/// ada beats bob in both games of a connect4 match (bob forfeits the second).
async fn ada_beats_bob(app: &TestApp) -> (UserId, UserId, Inserted) {
    app.contest("c4", &[]).await;
    let ada = app.user("ada", Role::Student).await;
    let bob = app.user("bob", Role::Student).await;
    let results = [connect4_win(0, [BotId::A, BotId::B]), forfeited(1, [BotId::B, BotId::A], BotId::B)];
    let m = finished_match(app, "c4", ada, bob, &results).await;
    (ada, bob, m)
}

/// The JSON of the replay viewer embedded in a game page.
fn replay_data(body: &str) -> Value {
    let start = body.find("id=\"replay-data\">").expect("replay data") + "id=\"replay-data\">".len();
    let end = start + body[start..].find("</script>").unwrap();
    serde_json::from_str(&body[start..end]).unwrap()
}

#[tokio::test]
async fn the_scoreboard_page_shows_the_snapshot_with_each_nickname_linked_to_its_matches() {
    let app = setup().await;
    let (_, _, m) = ada_beats_bob(&app).await;
    let mut c = app.logged_in("bob").await;
    assert!(c.get("/contests/c4").await.body.contains("href=\"/contests/c4/scoreboard\""));
    let r = c.get("/contests/c4/scoreboard").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(!r.element("computed-at").unwrap().is_empty());
    let table = r.element("standings").unwrap();
    // rank, nickname, points, matches W/D/L, games W/D/L, language (name), latest submission.
    let ada_link = format!("href=\"/contests/c4/submissions/{}/matches\"", m.submissions[0]);
    assert!(r.body.contains(&ada_link), "{}", r.body);
    let compact = table.replace(char::is_whitespace, "");
    assert!(compact.contains("1nick-ada31/0/02/0/0Python"), "{compact}");
    assert!(compact.contains("2nick-bob00/0/10/0/2Python"), "{compact}");
    assert!(r.element("house-standings").is_none());
    // The snapshot is what is served: a new game does not show until it is recomputed.
    sqlx::query("update matches set points_a = 0, points_b = 3").execute(&app.pool).await.unwrap();
    let again = c.get("/contests/c4/scoreboard").await;
    assert_eq!(again.element("standings"), Some(table));
}

#[tokio::test]
async fn house_rows_of_the_snapshot_are_listed_apart() {
    let app = setup().await;
    ada_beats_bob(&app).await;
    let contest: ContestId =
        sqlx::query_scalar("select id from contests where slug = 'c4'").fetch_one(&app.pool).await.unwrap();
    let wdl = json!({"won": 0, "drawn": 0, "lost": 0});
    let rows = json!([
        {"rank": 1, "nickname": "nick-ada", "points": 3, "matches": wdl, "games": wdl, "submission_id": 1,
         "language": "python", "submitted_at": "2026-11-22T06:00:00Z", "house": false},
        {"rank": 1, "nickname": "house:level2", "points": 6, "matches": wdl, "games": wdl,
         "language": "house", "submitted_at": "2026-11-22T06:00:00Z", "house": true},
    ]);
    let rows: Vec<botarena::db::scoreboard::ScoreRow> = serde_json::from_value(rows).unwrap();
    botarena::db::scoreboard::store_scoreboard(&mut app.pool.acquire().await.unwrap(), contest, &rows)
        .await
        .unwrap();
    let r = app.logged_in("ada").await.get("/contests/c4/scoreboard").await;
    let students = r.element("standings").unwrap();
    let house = r.element("house-standings").unwrap();
    assert!(students.contains("nick-ada") && !students.contains("house:level2"), "{students}");
    assert!(house.contains("house:level2") && !house.contains("nick-ada"), "{house}");
    assert!(house.contains("22 Nov 2026, 06:00 UTC"), "{house}");
}

#[tokio::test]
async fn a_users_page_lists_the_match_against_every_opponent_with_each_game_linked() {
    let app = setup().await;
    let (_, _, m) = ada_beats_bob(&app).await;
    let mut c = app.logged_in("bob").await;
    let r = c.get(&format!("/contests/c4/submissions/{}/matches", m.submissions[1])).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let table = r.element("matches").unwrap();
    assert!(table.contains("nick-ada") && table.contains("done"), "{table}");
    assert!(table.contains("lost (four in a row)") && table.contains("lost (forfeit)"), "{table}");
    for g in &m.games {
        assert!(r.body.contains(&format!("href=\"/games/{g}\"")), "game {g} not linked");
    }
    // Seen from ada's side, with 3 points; bob may see it, but not open ada's submission.
    let r = c.get(&format!("/contests/c4/submissions/{}/matches", m.submissions[0])).await;
    assert!(r.element("matches").unwrap().contains("won (four in a row)"));
    assert!(r.body.contains("<td class=\"num\">3</td>"), "{}", r.body);
    assert!(!r.body.contains(&format!("href=\"/submissions/{}\"", m.submissions[0])));
    // A submission of another contest, or none, is not found.
    assert_eq!(c.get("/contests/c4/submissions/999/matches").await.status, StatusCode::NOT_FOUND);
    assert_eq!(c.get("/contests/nope/submissions/1/matches").await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn matches_against_superseded_opponents_are_hidden_behind_a_toggle_and_points_are_explained() {
    let app = setup().await;
    let (_, bob, m) = ada_beats_bob(&app).await;
    let mut c = app.logged_in("ada").await;
    let page = format!("/contests/c4/submissions/{}/matches", m.submissions[0]);
    let r = c.get(&page).await;
    let table = r.element("matches").unwrap();
    // Games numbered from 1, the match's games won–drawn–lost, the rule of the points.
    assert!(
        table.contains("2–0–0") && table.contains("game 1: won") && table.contains("game 2: won"),
        "{table}"
    );
    assert!(r.element("points-rule").unwrap().contains("3 points for a win"));
    assert!(r.element("superseded-toggle").is_none());

    // bob submits again: his old submission is superseded, and ada's match against it is hidden.
    sqlx::query("update submissions set status = 'superseded' where user_id = $1")
        .bind(bob.0)
        .execute(&app.pool)
        .await
        .unwrap();
    let r = c.get(&page).await;
    assert!(r.element("matches").is_none(), "{}", r.body);
    assert!(r.element("no-matches").is_some());
    assert!(r.element("superseded-toggle").unwrap().contains("1 match against"));
    let r = c.get(&format!("{page}?all=1")).await;
    let table = r.element("matches").unwrap();
    assert!(table.contains(&format!("#{}, superseded", m.submissions[1])), "{table}");
    assert!(r.body.contains("class=\"superseded\""));
    // The API says which opponents are current.
    let token = app.token(botarena::db::ids::UserId(1)).await;
    let api = app
        .api("GET", &format!("/api/contests/c4/matches?submission={}", m.submissions[0]), Some(&token), None)
        .await;
    assert_eq!(api.json()[0]["opponent_current"], false, "{}", api.body);
    // bob's own page says it no longer counts.
    let r = c.get(&format!("/contests/c4/submissions/{}/matches", m.submissions[1])).await;
    assert!(r.element("not-current").is_some());
}

#[tokio::test]
async fn the_head_to_head_matrix_has_the_points_of_every_pair_from_the_snapshot_each_linked_to_its_match() {
    let app = setup().await;
    let (ada, _, m) = ada_beats_bob(&app).await;
    let token = app.token(ada).await;
    let matrix = app.api("GET", "/api/contests/c4/scoreboard/matrix", Some(&token), None).await;
    assert_eq!(matrix.status, StatusCode::OK, "{}", matrix.body);
    let matrix = matrix.json();
    let nicks: Vec<&str> =
        matrix["entrants"].as_array().unwrap().iter().map(|e| e["nickname"].as_str().unwrap()).collect();
    assert_eq!(nicks, ["nick-ada", "nick-bob"]);
    assert_eq!(matrix["cells"][0][1]["points"], 3, "{matrix}");
    assert_eq!(matrix["cells"][1][0]["points"], 0, "{matrix}");
    assert_eq!(matrix["cells"][0][1]["match_id"], matrix["cells"][1][0]["match_id"]);
    assert!(matrix["cells"][0][0].is_null());
    // The cells equal the snapshot's points.
    let board = app.api("GET", "/api/contests/c4/scoreboard", Some(&token), None).await.json();
    assert_eq!(board["computed_at"], matrix["computed_at"]);
    for (i, row) in board["rows"].as_array().unwrap().iter().enumerate() {
        let sum: i64 =
            matrix["cells"][i].as_array().unwrap().iter().filter_map(|c| c["points"].as_i64()).sum();
        assert_eq!(row["points"].as_i64().unwrap(), sum, "{row}");
    }
    // The page: each cell links to its match on the row's matches page; the viewer's row stands out.
    let mut c = app.logged_in("ada").await;
    assert!(c.get("/contests/c4/scoreboard").await.element("matrix-link").is_some());
    let r = c.get("/contests/c4/scoreboard/matrix").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let id = matrix["cells"][0][1]["match_id"].as_i64().unwrap();
    let link = format!("href=\"/contests/c4/submissions/{}/matches?all=1#match-{id}\"", m.submissions[0]);
    assert!(r.body.contains(&link), "{}", r.body);
    assert!(r.element("own-row").unwrap().contains("nick-ada"));
    let matches = c.get(&format!("/contests/c4/submissions/{}/matches?all=1", m.submissions[0])).await;
    assert!(matches.body.contains(&format!("id=\"match-{id}\"")));
    // A match decided after the snapshot is not in its matrix.
    sqlx::query("update matches set finished_at = now() + interval '1 hour'")
        .execute(&app.pool)
        .await
        .unwrap();
    let later = app.api("GET", "/api/contests/c4/scoreboard/matrix", Some(&token), None).await.json();
    assert!(later["cells"][0][1].is_null(), "{later}");
}

#[tokio::test]
async fn every_snapshot_is_kept_in_the_standings_history_and_drawn_on_the_users_page() {
    let app = setup().await;
    let (ada, _, m) = ada_beats_bob(&app).await;
    let admin = app.user("root", Role::Admin).await;
    let admin = app.token(admin).await;
    let token = app.token(ada).await;
    let page = format!("/contests/c4/submissions/{}/matches", m.submissions[0]);
    let mut c = app.logged_in("ada").await;
    // One snapshot: nothing to draw yet.
    app.api("POST", "/api/contests/c4/scoreboard/refresh", Some(&admin), None).await;
    assert!(c.get(&page).await.element("history").is_none());
    app.api("POST", "/api/contests/c4/scoreboard/refresh", Some(&admin), None).await;
    let h = app
        .api(
            "GET",
            &format!("/api/contests/c4/scoreboard/history?submission={}", m.submissions[0]),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(h.status, StatusCode::OK, "{}", h.body);
    let snaps = h.json()["snapshots"].as_array().unwrap().clone();
    assert_eq!(snaps.len(), 2, "{snaps:?}");
    for s in &snaps {
        assert_eq!((s["rank"].as_i64(), s["points"].as_i64()), (Some(1), Some(3)), "{s}");
        assert_eq!(s["submission_id"], m.submissions[0]);
    }
    let bob = app
        .api(
            "GET",
            &format!("/api/contests/c4/scoreboard/history?submission={}", m.submissions[1]),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(bob["snapshots"][1]["rank"], 2);
    let r = c.get(&page).await;
    assert!(r.body.contains("<svg") && r.body.contains("class=\"history-chart\""), "{}", r.body);
    let bad = app.api("GET", "/api/contests/c4/scoreboard/history", Some(&token), None).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_game_page_shows_the_result_figures_settings_moves_and_replay_data() {
    let app = setup().await;
    let (_, _, m) = ada_beats_bob(&app).await;
    let mut c = app.logged_in("ada").await;
    let r = c.get(&format!("/games/{}", m.games[0])).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.element("winner").unwrap(), "nick-ada");
    assert_eq!(r.element("reason").unwrap(), "four in a row");
    assert!(r.element("forfeit").is_none());
    let bot_a = r.element("bot-a").unwrap();
    assert!(
        bot_a.contains("moves first") && bot_a.contains("120 ms") && bot_a.contains("2048 KiB"),
        "{bot_a}"
    );
    assert!(r.element("settings").unwrap().contains("move_ms"));
    assert_eq!(r.body.matches("<li><code>").count(), 7);
    assert!(r.body.contains("src=\"/static/replay.js\""));
    let data = replay_data(&r.body);
    assert_eq!(data["game"], "connect4");
    assert_eq!(data["moves"].as_array().unwrap().len(), 7);
    assert_eq!(data["nicknames"], json!({"a": "nick-ada", "b": "nick-bob"}));
    assert_eq!(data["settings"]["rows"], 9);

    let r = c.get(&format!("/games/{}", m.games[1])).await;
    let forfeit = r.element("forfeit").unwrap();
    assert!(
        forfeit.contains("nick-bob forfeited") && forfeit.contains("illegal move") && forfeit.contains("99"),
        "{forfeit}"
    );
    // A game not played yet has a page, with no result and no replay.
    sqlx::query("update games set status = 'queued', result = null where id = $1")
        .bind(m.games[1])
        .execute(&app.pool)
        .await
        .unwrap();
    let r = c.get(&format!("/games/{}", m.games[1])).await;
    assert_eq!(r.element("outcome").unwrap(), "No result (queued).");
    assert!(!r.body.contains("replay-data"));
    assert_eq!(c.get("/games/123456").await.status, StatusCode::NOT_FOUND);
    assert_eq!(c.get("/games/x").await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_api_and_the_game_page_carry_the_frames_the_rules_compute_from_the_stored_moves() {
    let app = setup().await;
    let (ada, _, m) = ada_beats_bob(&app).await;
    let token = app.token(ada).await;
    let api = app.api("GET", &format!("/api/games/{}", m.games[0]), Some(&token), None).await.json();
    // The stored result's fields stay; `frames` is the start and the grid after each of 7 moves.
    assert_eq!(api["moves"].as_array().unwrap().len(), 7, "{api}");
    assert_eq!(api["reason"], "four_in_a_row");
    let frames = api["frames"].as_array().unwrap();
    assert_eq!(frames.len(), 8, "{api}");
    assert_eq!(frames[0], json!({"rows": vec![".........".to_string(); 9], "last": null, "line": []}));
    let end = &frames[7]["rows"];
    assert_eq!((&end[7], &end[8]), (&json!("...222..."), &json!("...1111..")), "{end}");
    assert_eq!(frames[7]["last"], json!([8, 6]));
    assert_eq!(frames[7]["line"], json!([[8, 6], [8, 5], [8, 4], [8, 3]]), "the winning line");
    assert_eq!(frames[6]["line"], json!([]));
    // The page embeds the very same frames for the viewer.
    let page = app.logged_in("ada").await.get(&format!("/games/{}", m.games[0])).await;
    assert_eq!(replay_data(&page.body)["frames"], api["frames"]);

    // A game forfeited before its first move: only the empty grid.
    let api = app.api("GET", &format!("/api/games/{}", m.games[1]), Some(&token), None).await.json();
    assert_eq!(api["frames"].as_array().unwrap().len(), 1, "{api}");
    // A game not played yet has no frames.
    sqlx::query("update games set status = 'queued', result = null where id = $1")
        .bind(m.games[1])
        .execute(&app.pool)
        .await
        .unwrap();
    let api = app.api("GET", &format!("/api/games/{}", m.games[1]), Some(&token), None).await.json();
    assert!(api.get("frames").is_none(), "{api}");
}

#[tokio::test]
async fn a_stored_game_whose_moves_stop_replaying_gets_the_frames_up_to_there() {
    let app = setup().await;
    let (ada, _, m) = ada_beats_bob(&app).await;
    // Column 42 does not exist on the 9x9 grid: the frames end after the second move.
    sqlx::query("update games set result = jsonb_set(result, '{moves,2}', '\"42\"') where id = $1")
        .bind(m.games[0])
        .execute(&app.pool)
        .await
        .unwrap();
    let api =
        app.api("GET", &format!("/api/games/{}", m.games[0]), Some(&app.token(ada).await), None).await.json();
    assert_eq!(api["moves"][2], "42", "{api}");
    assert_eq!(api["frames"].as_array().unwrap().len(), 3, "{api}");
    let r = app.logged_in("ada").await.get(&format!("/games/{}", m.games[0])).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(replay_data(&r.body)["frames"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn only_the_owners_and_admins_download_a_log_with_the_session_and_each_owner_sees_only_their_debug() {
    let app = setup().await;
    let (_, _, m) = ada_beats_bob(&app).await;
    app.user("cyd", Role::Student).await;
    app.user("root", Role::Admin).await;
    let page = format!("/games/{}", m.games[0]);
    let log = format!("/games/{}/log", m.games[0]);

    let mut cyd = app.logged_in("cyd").await;
    let r = cyd.get(&page).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.element("log-link").is_none());
    assert_eq!(cyd.get(&log).await.status, StatusCode::FORBIDDEN);

    let mut ada = app.logged_in("ada").await;
    assert_eq!(ada.get(&page).await.element("log-link").unwrap(), "Download the log");
    let r = ada.get(&log).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.headers["content-disposition"].to_str().unwrap().starts_with("attachment"));
    assert!(r.body.contains("debug of a") && !r.body.contains("debug of b"), "{}", r.body);
    let r = app.logged_in("bob").await.get(&log).await;
    assert!(r.body.contains("debug of b") && !r.body.contains("debug of a"), "{}", r.body);
    let r = app.logged_in("root").await.get(&log).await;
    assert!(r.body.contains("debug of a") && r.body.contains("debug of b"), "{}", r.body);
    // The game page gives the replay the same lines to show beside the moves.
    let body = ada.get(&page).await.body;
    assert!(body.contains("debug of a") && !body.contains("debug of b"), "{body}");
    let body = cyd.get(&page).await.body;
    assert!(!body.contains("debug of") && !body.contains("\"lines\""), "{body}");
    let body = app.logged_in("root").await.get(&page).await.body;
    assert!(body.contains("debug of a") && body.contains("debug of b"), "{body}");
    // Without a session, the login page.
    assert!(app.client().get(&log).await.location().starts_with("/login"));
}

/// The matrix page of a contest of 200 entrants (19,900 decided matches), from its snapshot: every
/// cell there; its render time printed (a figure for the record, not asserted).
#[tokio::test]
async fn the_matrix_page_of_two_hundred_entrants_has_every_cell() {
    let app = setup().await;
    let rr =
        botarena::db::bench::load_round_robin(&mut app.pool.acquire().await.unwrap(), 200).await.unwrap();
    botarena::service::scoreboard::refresh(&mut app.pool.acquire().await.unwrap(), rr.contest_id)
        .await
        .unwrap();
    app.user("ada", Role::Student).await;
    let mut c = app.logged_in("ada").await;
    let mut times = Vec::new();
    let mut body = String::new();
    for _ in 0..3 {
        let started = std::time::Instant::now();
        let r = c.get("/contests/bench/scoreboard/matrix").await;
        times.push(started.elapsed());
        assert_eq!(r.status, StatusCode::OK);
        body = r.body;
    }
    let cells = body.matches("class=\"cell-won\"").count()
        + body.matches("class=\"cell-drawn\"").count()
        + body.matches("class=\"cell-lost\"").count();
    assert_eq!(cells, 200 * 199);
    eprintln!(
        "matrix page, 200 entrants: {:?} (three requests), {} KiB",
        times.iter().map(|t| format!("{:.0} ms", t.as_secs_f64() * 1000.0)).collect::<Vec<_>>(),
        body.len() / 1024
    );
}
