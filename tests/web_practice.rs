//! Practice games through the HTTP API and the WebSocket: a person (this test) against
//! `house:random` in every game, to the end; an illegal move refused with 422 while the game goes
//! on; one game per person and the server-wide cap; and a game left alone, lost by the person's
//! `move_timeout`, with the bot killed inside the sandbox; the hourly quota of starts, abandoned
//! games left unstored, and old stored games pruned.

mod common;

use axum::http::StatusCode;
use botarena::db::contests::{self, NewContest};
use botarena::db::users::Role;
use botarena::judge::launch::Launcher;
use botarena::service::practice::Runtime;
use botarena::web::AppState;
use common::queues::plain;
use common::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

async fn contest(app: &TestApp, slug: &str, game: &str, set: &[&str]) {
    let set: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    let c = NewContest::build(slug, game, None, None, &set, &app.state.language_ids()).unwrap();
    contests::create(&mut app.pool.acquire().await.unwrap(), &c).await.unwrap().unwrap();
}

fn enable(app: &TestApp, launcher: Arc<dyn Launcher>) {
    app.state.practice.enable(Runtime {
        launchers: Arc::new(move |_| Ok(launcher.clone())),
        house_exe: PathBuf::from(env!("CARGO_BIN_EXE_botarena")),
    });
}

async fn start(app: &TestApp, token: &str, slug: &str, body: Value) -> String {
    let r = app.api("POST", &format!("/api/contests/{slug}/practice"), Some(token), Some(body)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.json()["id"].as_str().unwrap().to_string()
}

async fn view(app: &TestApp, token: &str, id: &str) -> Value {
    let r = app.api("GET", &format!("/api/practice/{id}"), Some(token), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.json()
}

/// Waits until the game is the person's to move or over.
async fn until_ready(app: &TestApp, token: &str, id: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let v = view(app, token, id).await;
        if v["status"] == "your_turn" || v["status"] == "over" {
            return v;
        }
        assert!(Instant::now() < deadline, "the bot never answered: {v}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A move the rules refuse in the position, in the game's notation.
fn illegal_move(game: &str, v: &Value) -> String {
    match game {
        // A column off the board.
        "connect4" => "99".into(),
        // A man moving backwards from the start.
        "checkers" => "2 9,9 8,8".into(),
        // The pawn jumping to a far corner.
        "mathtricks" => {
            let board = v["params"]["board"].as_array().unwrap();
            let (w, h) = (board[0].as_array().unwrap().len(), board.len());
            format!("{} {}", w + 3, h + 3)
        }
        // Nothing placed: the same board back.
        "one-two-three" => v["frames"].as_array().unwrap().last().unwrap()["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().to_string())
            .collect::<Vec<_>>()
            .join("\n"),
        _ => unreachable!(),
    }
}

/// Plays a whole turn game as the person, always the first legal move, trying one illegal move
/// first; returns the final view.
async fn play_out(app: &TestApp, token: &str, game: &str, id: &str) -> Value {
    let mut tried_illegal = false;
    loop {
        let v = until_ready(app, token, id).await;
        if v["status"] == "over" {
            return v;
        }
        let moves_before = v["moves"].as_array().unwrap().len();
        if !tried_illegal {
            tried_illegal = true;
            let bad = illegal_move(game, &v);
            let r = app
                .api("POST", &format!("/api/practice/{id}/moves"), Some(token), Some(json!({"move": bad})))
                .await;
            assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{game}: {}", r.body);
            assert_eq!(r.json()["error"], "illegal_move", "{}", r.body);
            // In Bulgarian, the rule it breaks is said in Bulgarian too: no English word in it.
            let req = axum::http::Request::builder()
                .method("POST")
                .uri(format!("/api/practice/{id}/moves"))
                .header("authorization", format!("Bearer {token}"))
                .header("content-type", "application/json")
                .header("accept-language", "bg")
                .body(axum::body::Body::from(json!({"move": bad}).to_string()))
                .unwrap();
            let r = send(&app.router, req).await;
            assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{game}: {}", r.body);
            let said = r.json()["message"].as_str().unwrap().to_string();
            let english = said.split(|c: char| !c.is_ascii_alphabetic()).find(|w| w.len() > 1);
            assert!(said.starts_with("Непозволен ход: ") && english.is_none(), "{game}: {said}");
            // The game goes on: still the person's turn, nothing played.
            let after = view(app, token, id).await;
            assert_eq!(after["status"], "your_turn", "{after}");
            assert_eq!(after["moves"].as_array().unwrap().len(), moves_before);
        }
        let mv = v["legal_moves"][0].as_str().unwrap_or_else(|| panic!("{game}: no legal move listed: {v}"));
        let r = app
            .api("POST", &format!("/api/practice/{id}/moves"), Some(token), Some(json!({"move": mv})))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{game}: {}", r.body);
        let after = r.json();
        // The answer comes once the bot has replied (or the game ended).
        let played = after["moves"].as_array().unwrap().len();
        assert!(played > moves_before, "{game}: the move is in: {after}");
        assert!(after["status"] != "bot_thinking", "{game}: answered before the bot's reply: {after}");
    }
}

#[tokio::test]
async fn a_person_plays_every_turn_game_against_house_random_to_the_end() {
    let app = setup().await;
    enable(&app, plain());
    let ada = app.user("ada", Role::Student).await;
    let token = app.token(ada).await;
    let mut finished = Vec::new();
    for (game, board) in
        [("connect4", None), ("checkers", None), ("mathtricks", Some("6x6")), ("one-two-three", Some("4x3"))]
    {
        let slug = format!("p-{game}");
        contest(&app, &slug, game, &[]).await;
        for seat in ["first", "second"] {
            let mut body = json!({"opponent": "house:random", "seat": seat});
            if let Some(b) = board {
                body["board"] = json!(b);
            }
            let id = start(&app, &token, &slug, body).await;
            let t0 = Instant::now();
            let v = play_out(&app, &token, game, &id).await;
            finished.push((id.clone(), v.clone()));
            eprintln!("{game} {seat}: {} moves in {:?}", v["moves"].as_array().unwrap().len(), t0.elapsed());
            let result = &v["result"];
            assert!(result.is_object(), "{game}: a finished game has its result: {v}");
            // Nobody broke a rule: the person's moves were legal, the house bot's too.
            assert!(result["forfeit"].is_null(), "{game} ({seat}): {result}");
            assert_eq!(result["moves"], v["moves"]);
            assert_eq!(v["frames"].as_array().unwrap().len(), v["moves"].as_array().unwrap().len() + 1);
            assert_eq!(v["seat"], seat);
            assert!(v["log"].as_str().unwrap().contains("house:random"), "the log names the bot");
            // Moving after the end is refused and changes nothing.
            let r = app
                .api("POST", &format!("/api/practice/{id}/moves"), Some(&token), Some(json!({"move": "1"})))
                .await;
            assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
        }
    }
    // Practice games never reach the standings or the games table.
    let stored: i64 = sqlx::query_scalar("select count(*) from games").fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, 0);
    let last = finished.last().unwrap().clone();

    // Each is stored once over: another server (a fresh process, nothing in memory) replays it
    // with its log, refuses moves, and lists it on the play page.
    let other = AppState::new(
        app.pool.clone(),
        app.state.config.clone(),
        app.state.languages.clone(),
        Arc::new(tokio::sync::Notify::new()),
    )
    .await
    .unwrap();
    let other = TestApp { router: botarena::web::app(other.clone()), pool: app.pool.clone(), state: other };
    for (id, played) in &finished {
        let again = common::eventually(
            || async { other.api("GET", &format!("/api/practice/{id}"), Some(&token), None).await },
            |r| r.status == StatusCode::OK,
        )
        .await
        .json();
        assert_eq!(again["status"], "over", "{again}");
        for key in ["moves", "frames", "result", "log", "seat", "opponent", "game"] {
            assert_eq!(again[key], played[key], "{key} of the stored game {id}");
        }
    }
    let r = other
        .api("POST", &format!("/api/practice/{}/moves", last.0), Some(&token), Some(json!({"move": "1"})))
        .await;
    assert_eq!(
        (r.status, r.json()["error"].clone()),
        (StatusCode::CONFLICT, json!("game_over")),
        "{}",
        r.body
    );
    let bob = app.user("bob", Role::Student).await;
    let bob = app.token(bob).await;
    let r = other.api("GET", &format!("/api/practice/{}", last.0), Some(&bob), None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "another person's game does not exist for them");
    let mut web = other.logged_in("ada").await;
    let page = web.get("/contests/p-connect4/play").await;
    let list = page.element("practice-games").expect("the play page lists the last games");
    assert_eq!(list.matches("house:random").count(), 2, "{list}");
    let page = web.get(&format!("/practice/{}", last.0)).await;
    assert_eq!(page.status, StatusCode::OK, "the stored game's page opens on another server");
}

#[tokio::test]
async fn one_game_per_person_a_server_wide_cap_and_opponents_the_contest_allows() {
    let config = botarena::config::WebConfig { practice_games: 1, ..Default::default() };
    let app = setup_with(config).await;
    enable(&app, plain());
    contest(&app, "c4", "connect4", &[]).await;
    let (ada, bob) = (app.user("ada", Role::Student).await, app.user("bob", Role::Student).await);
    let (ada, bob) = (app.token(ada).await, app.token(bob).await);

    // Unknown opponents and seats are refused with a reason.
    for (body, code) in [
        (json!({"opponent": "house:level9"}), "bad_request"),
        (json!({"opponent": "someone"}), "bad_request"),
        (json!({"opponent": "house:random", "seat": "middle"}), "bad_request"),
        (json!({"opponent": 424242}), "bad_request"),
    ] {
        let r = app.api("POST", "/api/contests/c4/practice", Some(&ada), Some(body.clone())).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body}: {}", r.body);
        assert_eq!(r.json()["error"], code, "{}", r.body);
    }
    let r = app
        .api("POST", "/api/contests/nope/practice", Some(&ada), Some(json!({"opponent": "house:random"})))
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);

    let first = start(&app, &ada, "c4", json!({"opponent": "house:random"})).await;
    // A second game of the same person waits for the first.
    let r = app
        .api("POST", "/api/contests/c4/practice", Some(&ada), Some(json!({"opponent": "house:random"})))
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert_eq!(r.json()["error"], "already_playing");
    // Her Play page shows the game being played, with the way back to it, instead of the form.
    let mut web = app.logged_in("ada").await;
    let page = web.get("/contests/c4/play").await;
    assert!(
        page.body.contains(&format!(r#"<a href="/practice/{first}" id="playing-link">"#)),
        "{}",
        page.body
    );
    assert!(!page.body.contains("play-start"), "{}", page.body);
    // The server plays one at a time here: bob waits too.
    let r = app
        .api("POST", "/api/contests/c4/practice", Some(&bob), Some(json!({"opponent": "house:random"})))
        .await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.body);
    // Someone else's game is nobody else's business.
    let r = app.api("GET", &format!("/api/practice/{first}"), Some(&bob), None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);

    // Leaving ends it as the person's forfeit; then bob may play.
    let r = app.api("DELETE", &format!("/api/practice/{first}"), Some(&ada), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let deadline = Instant::now() + Duration::from_secs(10);
    let v = loop {
        let v = view(&app, &ada, &first).await;
        if v["status"] == "over" {
            break v;
        }
        assert!(Instant::now() < deadline, "{v}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(v["result"]["forfeit"]["bot"], "a", "{v}");
    assert_eq!(v["result"]["winner"], "b");
    // Over: the form again.
    let page = web.get("/contests/c4/play").await;
    assert!(page.body.contains("play-start") && !page.body.contains("playing-link"), "{}", page.body);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let r = app
            .api("POST", "/api/contests/c4/practice", Some(&bob), Some(json!({"opponent": "house:random"})))
            .await;
        if r.status == StatusCode::CREATED {
            break;
        }
        assert!(Instant::now() < deadline, "the slot never came free: {}", r.body);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn the_contest_says_whose_submissions_students_may_practise_against() {
    let app = setup().await;
    enable(&app, plain());
    contest(&app, "own", "connect4", &["practice_opponents=own", "submit_interval_s=0"]).await;
    contest(&app, "all", "connect4", &["practice_opponents=all", "submit_interval_s=0"]).await;
    let (ada, bob) = (app.user("ada", Role::Student).await, app.user("bob", Role::Student).await);
    let (ada, bob) = (app.token(ada).await, app.token(bob).await);
    // The leftmost bot, saying where it plays on a DEBUG line before each move.
    let leftmost = include_str!("bots/connect4/leftmost.py").replace(
        "print(c, flush=True)",
        "print('DEBUG playing', c, flush=True)\n        print(c, flush=True)",
    );
    let leftmost = leftmost.as_str();
    let mut subs = std::collections::HashMap::new();
    for slug in ["own", "all"] {
        for (who, token) in [("ada", &ada), ("bob", &bob)] {
            subs.insert((slug, who), common::queues::submit(&app, slug, token, "python", leftmost).await.0);
        }
    }
    common::queues::compile_all(&app).await;
    // `own`: no house bots, no one else's submission, but one's own.
    let r = app
        .api("POST", "/api/contests/own/practice", Some(&ada), Some(json!({"opponent": "house:random"})))
        .await;
    assert_eq!(
        (r.status, r.json()["error"].clone()),
        (StatusCode::FORBIDDEN, json!("not_allowed")),
        "{}",
        r.body
    );
    let r = app
        .api(
            "POST",
            "/api/contests/own/practice",
            Some(&ada),
            Some(json!({"opponent": subs[&("own", "bob")]})),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    // A submission of another contest is no opponent here.
    let r = app
        .api(
            "POST",
            "/api/contests/own/practice",
            Some(&ada),
            Some(json!({"opponent": subs[&("all", "ada")]})),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    let id = start(&app, &ada, "own", json!({"opponent": subs[&("own", "ada")]})).await;
    let v = play_out(&app, &ada, "connect4", &id).await;
    assert!(v["result"]["forfeit"].is_null(), "{v}");
    // Her own bot's DEBUG lines and standard error are hers to read.
    assert!(v["opponent"].as_str().unwrap().contains(&format!("#{}", subs[&("own", "ada")])), "{v}");
    let lines = v["lines"].as_array().unwrap();
    assert!(!lines.is_empty(), "her own bot's DEBUG lines, move by move: {v}");
    assert!(
        lines.iter().all(|l| l["channel"] == "debug" && l["text"].as_str().unwrap().starts_with("playing ")),
        "{v}"
    );

    // `all`: anyone's current submission, given as a number or a string.
    let id =
        start(&app, &ada, "all", json!({"opponent": subs[&("all", "bob")].to_string(), "seat": "second"}))
            .await;
    let v = play_out(&app, &ada, "connect4", &id).await;
    assert!(v["result"].is_object(), "{v}");
    assert_eq!(v["lines"], json!([]), "another student's bot keeps its DEBUG lines: {v}");
    let settings = app.api("GET", "/api/contests/all", Some(&ada), None).await.json();
    assert_eq!(settings["limits"]["practice_opponents"], json!(["all"]));
}

#[tokio::test]
async fn a_person_steers_tron_through_the_websocket() {
    let app = setup().await;
    enable(&app, plain());
    contest(&app, "tron", "tron", &[]).await;
    let ada = app.user("ada", Role::Student).await;
    let token = app.token(ada).await;
    let id = start(&app, &token, "tron", json!({"opponent": "house:random", "board": "10x8x60"})).await;

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = app.router.clone();
    tokio::spawn(async move { axum::serve(listener, router).await });
    let mut request = tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(
        format!("ws://{addr}/api/practice/{id}/ws"),
    )
    .unwrap();
    request.headers_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.expect("the socket opens");

    let mut turns = ["+Y", "-X", "-Y", "+X"].iter().cycle();
    let mut last = Value::Null;
    let mut pushes = 0;
    let mut refused = false;
    let deadline = Instant::now() + Duration::from_secs(30);
    while let Ok(Some(message)) = tokio::time::timeout_at(deadline.into(), socket.next()).await {
        let Ok(Message::Text(text)) = message else { continue };
        let v: Value = serde_json::from_str(&text).unwrap();
        if v.get("error").is_some() {
            // The first error answers the word that is no direction (sent before the first
            // tick); later turns may arrive after the crash.
            assert!(v["error"] == "illegal_move" || refused, "{v}");
            refused = true;
            continue;
        }
        pushes += 1;
        if v["status"] == "over" {
            last = v;
            break;
        }
        if pushes == 1 {
            socket.send(Message::Text(json!({"move": "up"}).to_string().into())).await.unwrap();
        }
        if pushes % 3 == 0 {
            let turn = turns.next().unwrap();
            socket.send(Message::Text(json!({"move": turn}).to_string().into())).await.unwrap();
        }
    }
    assert_eq!(last["status"], "over", "the game ended within the time: {last}");
    assert!(refused, "a word that is no direction is refused");
    assert!(pushes > 3, "the page is told of every tick");
    let ticks = last["moves"].as_array().unwrap().len();
    assert!(ticks >= 1 && last["frames"].as_array().unwrap().len() == ticks + 1, "{last}");
    assert!(last["result"]["forfeit"].is_null(), "{}", last["result"]);
}

#[tokio::test]
async fn a_game_left_alone_is_lost_on_time_and_its_sandboxed_bot_is_gone() {
    use botarena::judge::sandbox::{processes_of_user, SandboxConfig, SandboxLauncher};
    let config =
        SandboxConfig { helper: PathBuf::from(env!("CARGO_BIN_EXE_botarena")), ..Default::default() };
    let sandbox = match SandboxLauncher::new(config) {
        Ok(l) if l.fully_isolated() => Arc::new(l),
        _ => {
            eprintln!("skipping: this machine cannot give the sandbox's full isolation");
            return;
        }
    };
    // The person sits second, so the bot has the first seat's slot.
    let bot_uid = sandbox.uid_for_slot(0);
    let web = botarena::config::WebConfig { practice_idle_seconds: 2, ..Default::default() };
    let app = setup_with(web).await;
    enable(&app, sandbox.clone());
    contest(&app, "ck", "checkers", &[]).await;
    let ada = app.user("ada", Role::Student).await;
    let token = app.token(ada).await;
    // Seated second, the person waits for the bot's first move, made in the sandbox.
    let id = start(&app, &token, "ck", json!({"opponent": "house:level1", "seat": "second"})).await;
    let v = until_ready(&app, &token, &id).await;
    assert_eq!(v["status"], "your_turn", "{v}");
    assert_eq!(v["moves"].as_array().unwrap().len(), 1);
    assert!(!processes_of_user(bot_uid).is_empty(), "the bot runs under the slot's uid");
    // Then the person goes away (a closed tab): the game ends after the patience.
    let deadline = Instant::now() + Duration::from_secs(20);
    let v = loop {
        let v = view(&app, &token, &id).await;
        if v["status"] == "over" {
            break v;
        }
        assert!(Instant::now() < deadline, "{v}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let forfeit = &v["result"]["forfeit"];
    assert_eq!(forfeit["bot"], "a", "{v}");
    assert_eq!(forfeit["kind"], "move_timeout", "{v}");
    let left = processes_of_user(bot_uid);
    assert!(left.is_empty(), "no process left under the bot's uid: {left:?}");
}

/// Waits until the game is over (as its player sees it).
async fn until_over(app: &TestApp, token: &str, id: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let v = view(app, token, id).await;
        if v["status"] == "over" {
            return v;
        }
        assert!(Instant::now() < deadline, "{v}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Starts a game, waiting for the server's one slot to come free (the game before it is then
/// fully done: stored or not).
async fn start_when_free(app: &TestApp, token: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let body = json!({"opponent": "house:random", "seat": "first"});
        let r = app.api("POST", "/api/contests/c4/practice", Some(token), Some(body)).await;
        if r.status == StatusCode::CREATED {
            return r.json()["id"].as_str().unwrap().to_string();
        }
        assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.body);
        assert!(Instant::now() < deadline, "the slot never came free: {}", r.body);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn stored_ids(app: &TestApp) -> Vec<String> {
    sqlx::query_scalar("select id::text from practice_games order by finished_at")
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn practice_starts_have_an_hourly_quota_abandoned_games_are_not_stored_and_old_ones_are_pruned() {
    let config = botarena::config::WebConfig {
        practice_games: 1,
        practice_games_per_hour: 2,
        practice_keep_days: 30,
        ..Default::default()
    };
    let app = setup_with(config).await;
    enable(&app, plain());
    contest(&app, "c4", "connect4", &[]).await;
    let (ada_id, bob_id) = (app.user("ada", Role::Student).await, app.user("bob", Role::Student).await);
    let (ada, bob) = (app.token(ada_id).await, app.token(bob_id).await);

    // Abandoned: left before any move of the person's. Over for its page, never stored.
    let abandoned = start_when_free(&app, &ada).await;
    let r = app.api("DELETE", &format!("/api/practice/{abandoned}"), Some(&ada), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(until_over(&app, &ada, &abandoned).await["result"]["forfeit"]["bot"], "a");

    // Played: one move, then left. Stored. (Its start waits for the abandoned game's thread.)
    let played = start_when_free(&app, &ada).await;
    let v = until_ready(&app, &ada, &played).await;
    let mv = v["legal_moves"][0].as_str().unwrap().to_string();
    let r = app
        .api("POST", &format!("/api/practice/{played}/moves"), Some(&ada), Some(json!({"move": mv})))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    app.api("DELETE", &format!("/api/practice/{played}"), Some(&ada), None).await;
    until_over(&app, &ada, &played).await;
    let stored = common::eventually(|| stored_ids(&app), |ids| !ids.is_empty()).await;
    assert_eq!(stored, [played.as_str()], "only the game with a move of the person's is stored");

    // The third start within the hour: 429 with Retry-After, in the API and on the page.
    let r = app
        .api("POST", "/api/contests/c4/practice", Some(&ada), Some(json!({"opponent": "house:random"})))
        .await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    assert_eq!(r.json()["error"], "rate_limited", "{}", r.body);
    assert!(
        r.json()["message"].as_str().unwrap().contains("2 practice games in the last hour"),
        "{}",
        r.body
    );
    let wait: u64 = r.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((3000..=3600).contains(&wait), "the oldest start is an hour old in {wait} s");
    let mut web = app.logged_in("ada").await;
    let page = web.submit_form("/contests/c4/play", &[("opponent", "house:random"), ("seat", "first")]).await;
    assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS, "{}", page.body);
    assert!(page.headers.contains_key("retry-after"));
    let message = page.element("form-error").expect("the form says why");
    assert!(message.contains("in the last hour"), "{message}");
    // Refused starts are not counted, and other people have their own quota.
    let counted: i64 = sqlx::query_scalar("select count(*) from practice_starts where user_id = $1")
        .bind(ada_id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(counted, 2);
    let bobs = start_when_free(&app, &bob).await;
    app.api("DELETE", &format!("/api/practice/{bobs}"), Some(&bob), None).await;
    // Once the oldest start is an hour old, one more may start.
    sqlx::query(
        "update practice_starts set started_at = now() - interval '61 minutes'
         where id = (select min(id) from practice_starts where user_id = $1)",
    )
    .bind(ada_id)
    .execute(&app.pool)
    .await
    .unwrap();
    let again = start_when_free(&app, &ada).await;
    app.api("DELETE", &format!("/api/practice/{again}"), Some(&ada), None).await;

    // Pruning: a stored game older than `practice_keep_days` goes, a newer one stays.
    let fresh = uuid::Uuid::new_v4();
    sqlx::query(
        "insert into practice_games (id, user_id, contest_id, opponent, seat, settings, params, result, log, started_at)
         select $1, user_id, contest_id, opponent, seat, settings, params, result, log, started_at
         from practice_games where id = $2::uuid",
    )
    .bind(fresh)
    .bind(&played)
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::query("update practice_games set finished_at = now() - interval '31 days' where id = $1::uuid")
        .bind(&played)
        .execute(&app.pool)
        .await
        .unwrap();
    let pruned = botarena::service::practice::prune(&app.pool, &app.state.practice.config).await.unwrap();
    assert_eq!(pruned, 1);
    assert_eq!(stored_ids(&app).await, [fresh.to_string()]);
    // Counts of starts older than an hour go too.
    let left: i64 = sqlx::query_scalar(
        "select count(*) from practice_starts where started_at < now() - interval '1 hour'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(left, 0);
}
