//! The replay viewer in a real browser: the app serves on a local port, a game page (fetched
//! with a logged-in session) is saved with a `<base>` pointing at that server, and headless
//! Chromium runs `static/replay.js` on it and dumps the DOM it drew.
//!
//! Needs Debian's `chromium`; without it the test is skipped, except under CI (`CI` set), where
//! it fails.

mod common;
mod game_fixtures;

use botarena::db::users::Role;
use botarena::games::GameId;
use botarena::judge::result::{BotId, GameResult};
use common::*;
use game_fixtures::*;
use serde_json::json;
use std::path::Path;
use std::time::Duration;

/// The DOM of `file` after Chromium ran its scripts for five seconds of virtual time.
async fn dump_dom(browser: &str, profile: &Path, file: &Path, fragment: &str) -> String {
    let url = format!("file://{}#{fragment}", file.display());
    let run = tokio::process::Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--virtual-time-budget=5000"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(["--dump-dom", &url])
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(90), run).await.expect("chromium timed out").unwrap();
    assert!(out.status.success(), "chromium failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// The browser to use, or `None` (with a message) to skip the test: only outside CI.
fn chromium_or_skip() -> Option<&'static str> {
    common::browser::chromium_or_skip("the replay viewer and the pages in a browser")
}

/// Serves the app on a local port and saves the pages of these games, as `user` sees them,
/// into `dir`.
async fn save_pages(app: &TestApp, user: &str, games: &[i64], dir: &Path) -> Vec<std::path::PathBuf> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let server = format!("http://{}", listener.local_addr().unwrap());
    let router = app.router.clone();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let mut client = app.logged_in(user).await;
    let mut pages = Vec::new();
    for g in games {
        pages.push(save_page(&mut client, *g, &server, dir).await);
    }
    pages
}

/// Saves a game page as the browser sees it, its scripts and styles loaded from `server`.
async fn save_page(client: &mut Client, game: i64, server: &str, dir: &Path) -> std::path::PathBuf {
    let r = client.get(&format!("/games/{game}")).await;
    assert_eq!(r.status, axum::http::StatusCode::OK, "{}", r.body);
    let html = r.body.replacen("<head>", &format!("<head><base href=\"{server}/\">"), 1);
    let path = dir.join(format!("game-{game}.html"));
    std::fs::write(&path, html).unwrap();
    path
}

/// How many times `needle` occurs on the drawn board (not in the legend under it).
fn count(dom: &str, needle: &str) -> usize {
    let start = dom.find("id=\"replay-board\"").expect("a board");
    let end = start + dom[start..].find("id=\"replay-info\"").expect("a legend");
    dom[start..end].matches(needle).count()
}

/// The text of the element with this id in a DOM dump.
fn text_of(dom: &str, id: &str) -> String {
    let at = dom.find(&format!("id=\"{id}\"")).unwrap_or_else(|| panic!("no #{id} in {dom}"));
    let start = at + dom[at..].find('>').unwrap() + 1;
    dom[start..start + dom[start..].find('<').unwrap()].to_string()
}

/// The texts of the bot lines the replay highlights as those of the move shown.
fn current_lines(dom: &str) -> Vec<String> {
    dom.match_indices("class=\"said debug current\"")
        .map(|(at, _)| {
            let code = at + dom[at..].find("<code>").unwrap() + "<code>".len();
            dom[code..code + dom[code..].find('<').unwrap()].to_string()
        })
        .collect()
}

/// The coordinate labels of the board along `axis` (`col` or `row`), in order.
fn labels(dom: &str, axis: &str) -> Vec<String> {
    dom.match_indices(&format!("class=\"coord {axis}\""))
        .map(|(at, _)| {
            let start = at + dom[at..].find('>').unwrap() + 1;
            dom[start..start + dom[start..].find('<').unwrap()].to_string()
        })
        .collect()
}

/// How many of the replay's bot lines are hidden (said with later moves).
fn hidden_lines(dom: &str) -> usize {
    let start = dom.find("id=\"replay-lines\"").expect("the lines");
    let end = start + dom[start..].find("</ol>").unwrap();
    dom[start..end].matches("hidden=\"\"").count()
}

#[tokio::test]
async fn the_replay_viewer_draws_every_game_at_its_last_position_and_autoplays_to_the_end() {
    let Some(browser) = chromium_or_skip() else { return };
    let app = setup().await;
    let (ada, bob) = (app.user("ada", Role::Student).await, app.user("bob", Role::Student).await);
    let seats = [BotId::A, BotId::B];
    let mut games = Vec::new();
    app.contest("c4", &[]).await;
    games.push(finished_match(&app, "c4", ada, bob, &[connect4_win(0, seats)]).await.games[0]);
    for (game, params, moves) in other_games() {
        contest(&app, game, game).await;
        let r = result(0, seats, params, moves.as_array().unwrap().clone(), Some(BotId::B), "no_moves");
        games.push(finished_match(&app, game, ada, bob, &[r]).await.games[0]);
    }
    // A stored game whose third move does not replay (there is no column 42).
    contest(&app, "c4-short", "connect4").await;
    let moves = ["3", "3", "42", "4"].map(|m| json!(m)).to_vec();
    let r = result(0, seats, json!({}), moves, Some(BotId::A), "four_in_a_row");
    games.push(finished_match(&app, "c4-short", ada, bob, &[r]).await.games[0]);

    let dir = tempfile::tempdir().unwrap();
    let pages = save_pages(&app, "ada", &games, dir.path()).await;
    let profile = dir.path().join("profile");

    // connect4 at the end: four red discs on the bottom row, three yellow; the result at once.
    let dom = dump_dom(browser, &profile, &pages[0], "last").await;
    assert_eq!(text_of(&dom, "move-counter"), "7 / 7", "{dom}");
    assert_eq!(count(&dom, "class=\"disc p0"), 4, "{dom}");
    assert_eq!(count(&dom, "class=\"disc p1"), 3, "{dom}");
    assert_eq!(text_of(&dom, "replay-result"), "Winner: nick-ada (four in a row)");
    // The protocol's column numbers above the grid; the winning line and the last disc marked.
    assert_eq!(labels(&dom, "col"), (0..9).map(|c| c.to_string()).collect::<Vec<_>>(), "{dom}");
    assert!(labels(&dom, "row").is_empty());
    assert_eq!(count(&dom, " win\""), 4, "{dom}");
    assert_eq!(count(&dom, "class=\"disc p0 last win\""), 1, "{dom}");
    assert_eq!(text_of(&dom, "replay-move"), "Move 7 by nick-ada: column 6, completing a line");
    // Ada's own lines beside the board: those of her last move highlighted, none hidden at the end;
    // Bob's never sent to her.
    assert_eq!(current_lines(&dom), ["thinking about move 7"], "{dom}");
    assert_eq!(hidden_lines(&dom), 0);
    assert!(!dom.contains("debug of b") && !dom.contains("thinking about move 2"));
    // Opened without a fragment it starts at the empty board, and autoplay reaches the end.
    let dom = dump_dom(browser, &profile, &pages[0], "").await;
    assert_eq!(text_of(&dom, "move-counter"), "0 / 7");
    assert_eq!(count(&dom, "class=\"disc p"), 0);
    let dom = dump_dom(browser, &profile, &pages[0], "play").await;
    assert_eq!(text_of(&dom, "move-counter"), "7 / 7", "{dom}");
    let dom = dump_dom(browser, &profile, &pages[0], "move=2").await;
    assert_eq!(text_of(&dom, "move-counter"), "2 / 7");
    assert_eq!(count(&dom, "class=\"disc p"), 2);
    assert_eq!(count(&dom, " win\""), 0);
    // The lines step with the replay: move 2 is Bob's, so nothing of Ada's is current, and her
    // lines of moves 3, 5 and 7 are not shown yet.
    assert_eq!(current_lines(&dom), Vec::<String>::new());
    assert_eq!(hidden_lines(&dom), 3, "{dom}");
    let dom = dump_dom(browser, &profile, &pages[0], "move=1").await;
    assert_eq!(current_lines(&dom), ["debug of a", "thinking about move 1"], "{dom}");
    assert_eq!(text_of(&dom, "replay-move"), "Move 1 by nick-ada: column 3");

    // checkers: the jumped White man is gone.
    let dom = dump_dom(browser, &profile, &pages[1], "last").await;
    assert_eq!(text_of(&dom, "move-counter"), "3 / 3", "{dom}");
    assert_eq!(count(&dom, "class=\"piece p0"), 12, "{dom}");
    assert_eq!(count(&dom, "class=\"piece p1"), 11, "{dom}");
    assert!(dom.contains("data-square=\"2,3\""));
    // Rows and columns numbered as the protocol writes squares; the move's path, its squares and
    // the captured man marked; the move in the protocol's notation.
    let to8 = (0..8).map(|c| c.to_string()).collect::<Vec<_>>();
    assert_eq!((labels(&dom, "col"), labels(&dom, "row")), (to8.clone(), to8));
    assert_eq!(count(&dom, "class=\"square dark last\""), 2, "{dom}");
    assert_eq!(count(&dom, "class=\"taken\" data-square=\"3,2\""), 1, "{dom}");
    assert_eq!(count(&dom, "class=\"path\""), 1);
    assert_eq!(text_of(&dom, "replay-move"), "Move 3 by nick-ada: 4,1 → 2,3, taking 3,2");

    // mathtricks: +3 *2 /2 for the first player, +3 *2 for the second.
    let dom = dump_dom(browser, &profile, &pages[2], "last").await;
    assert_eq!(
        (text_of(&dom, "total-0"), text_of(&dom, "total-1")),
        ("3".to_string(), "6".to_string()),
        "{dom}"
    );
    assert_eq!(count(&dom, "class=\"cell visited"), 7, "{dom}");
    assert_eq!(count(&dom, "class=\"cell visited last\""), 1, "{dom}");
    assert_eq!(text_of(&dom, "replay-move"), "Move 5 by nick-ada: to 2 1 (/2)");
    let to4: Vec<String> = (0..4).map(|c| c.to_string()).collect();
    assert_eq!((labels(&dom, "col"), labels(&dom, "row")), (to4.clone(), to4));

    // tron: two ticks, three cells of trail each.
    let dom = dump_dom(browser, &profile, &pages[3], "last").await;
    assert_eq!(count(&dom, "class=\"trail p0\""), 3, "{dom}");
    assert_eq!(count(&dom, "class=\"trail p1\""), 3, "{dom}");
    // Player 1 left at x 0 and came back at x 11: the crossing is drawn at both edges.
    assert_eq!(count(&dom, "class=\"wrap p0\""), 2, "{dom}");
    assert_eq!(count(&dom, "class=\"wrap p1\""), 0, "{dom}");
    // x along the top, y up the left side counted from the bottom, as in the protocol.
    assert_eq!(labels(&dom, "col"), (0..12).map(|c| c.to_string()).collect::<Vec<_>>());
    assert_eq!(labels(&dom, "row"), ["5", "4", "3", "2", "1", "0"], "the top row is y 5");
    assert_eq!(text_of(&dom, "replay-move"), "Move 2: nick-ada at 10 0, nick-bob at 3 0");

    // one-two-three: the board of the last move.
    let dom = dump_dom(browser, &profile, &pages[4], "last").await;
    assert_eq!(count(&dom, "class=\"cell p0\""), 2, "{dom}");
    assert_eq!(count(&dom, "class=\"cell p1 last\""), 3, "{dom}");
    assert_eq!(text_of(&dom, "replay-result"), "Winner: nick-bob (no moves left)");
    assert_eq!(
        text_of(&dom, "replay-move"),
        "Move 2 by nick-bob: row 1, column 4; row 2, column 4; row 3, column 4"
    );
    // Counted from 1, as the judge's messages count them.
    assert_eq!(
        (labels(&dom, "col").join(" "), labels(&dom, "row").join(" ")),
        ("1 2 3 4".into(), "1 2 3".into())
    );

    // The frames end before the move that does not replay, and the viewer says so.
    let dom = dump_dom(browser, &profile, &pages[5], "last").await;
    assert_eq!(text_of(&dom, "move-counter"), "2 / 2", "{dom}");
    assert_eq!(count(&dom, "class=\"disc p"), 2, "{dom}");
    assert!(text_of(&dom, "replay-short").contains("stops after move 2 of 4"), "{dom}");
}

/// The games of `botarena play GAME house:level1 house:random`.
fn play(game: &str, set: &[&str]) -> Vec<GameResult> {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_botarena"));
    cmd.args(["play", game, "house:level1", "house:random", "--seed", "5", "--json", "-"]);
    for s in set {
        cmd.args(["--set", s]);
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    serde_json::from_value(v["games"].clone()).unwrap()
}

#[tokio::test]
async fn replaying_real_games_in_the_viewer_ends_at_the_judges_score() {
    let Some(browser) = chromium_or_skip() else { return };
    let app = setup().await;
    let (ada, bob) = (app.user("ada", Role::Student).await, app.user("bob", Role::Student).await);
    let mut games = Vec::new();
    for (game, set) in
        [("checkers", vec![]), ("mathtricks", vec!["boards=7x5"]), ("one-two-three", vec!["boards=6x4"])]
    {
        contest(&app, game, game).await;
        let results = play(game, &set);
        let ids = finished_match(&app, game, ada, bob, &results).await.games;
        games.extend(ids.into_iter().zip(results).map(|(id, r)| (game, id, r)));
    }
    let dir = tempfile::tempdir().unwrap();
    let ids: Vec<i64> = games.iter().map(|g| g.1).collect();
    let pages = save_pages(&app, "ada", &ids, dir.path()).await;
    let profile = dir.path().join("profile");
    for ((game, id, r), page) in games.iter().zip(&pages) {
        let dom = dump_dom(browser, &profile, page, "last").await;
        let n = r.moves.len();
        assert_eq!(text_of(&dom, "move-counter"), format!("{n} / {n}"), "game {id}");
        let score: Vec<String> =
            r.score.as_ref().expect("these games keep a score").iter().map(|v| v.to_string()).collect();
        // The score is first seat first; so are the viewer's players.
        let seen: Vec<String> = match *game {
            // Kings count 3, men 1 (the round-limit score); after a win by capture, the material left.
            "checkers" => (0..2)
                .map(|p| {
                    let men = count(&dom, &format!("class=\"piece p{p}\""));
                    let kings = count(&dom, &format!("class=\"piece p{p} king\""));
                    (men + 3 * kings).to_string()
                })
                .collect(),
            "mathtricks" => (0..2).map(|p| text_of(&dom, &format!("total-{p}"))).collect(),
            // A cell the last move filled is also `last`.
            _ => (0..2).map(|p| count(&dom, &format!("class=\"cell p{p}")).to_string()).collect(),
        };
        assert_eq!(seen, score, "{game} game {id} ({} moves, {})", n, r.reason);
    }
}

/// A Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`: commands
/// on its fd 3, answers on its fd 4, each message ended by a NUL byte), for tests that click.
struct Cdp {
    child: tokio::process::Child,
    to: tokio::process::ChildStdin,
    from: tokio::io::BufReader<tokio::process::ChildStdout>,
    next: u64,
    session: Option<String>,
    /// The events that came while waiting for answers, oldest first.
    events: Vec<serde_json::Value>,
}

impl Cdp {
    async fn start(browser: &str, profile: &Path) -> Cdp {
        // The shell moves the pipes to fds 3 and 4, where the browser expects them.
        let command = format!(
            "exec {browser} --headless --no-sandbox --disable-gpu --no-first-run --remote-debugging-pipe \
             --user-data-dir='{}' --window-size=1280,2000 3<&0 4>&1 0</dev/null 1>/dev/null",
            profile.display()
        );
        let mut child = tokio::process::Command::new("sh")
            .args(["-c", &command])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let to = child.stdin.take().unwrap();
        let from = tokio::io::BufReader::new(child.stdout.take().unwrap());
        let mut cdp = Cdp { child, to, from, next: 0, session: None, events: Vec::new() };
        let target = cdp.call("Target.createTarget", json!({"url": "about:blank"})).await;
        let attached =
            cdp.call("Target.attachToTarget", json!({"targetId": target["targetId"], "flatten": true})).await;
        cdp.session = Some(attached["sessionId"].as_str().unwrap().to_string());
        cdp
    }

    /// Sends a command (to the page once attached) and returns its result; the events that come
    /// meanwhile are kept in `events`.
    async fn call(&mut self, method: &str, params: serde_json::Value) -> serde_json::Value {
        let answer = self.try_call(method, params).await;
        answer.unwrap_or_else(|error| panic!("{method}: {error}"))
    }

    /// [`Cdp::call`], the error answered (if any) returned rather than failed on.
    async fn try_call(
        &mut self,
        method: &str,
        params: serde_json::Value,
    ) -> Result<serde_json::Value, serde_json::Value> {
        use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
        self.next += 1;
        let mut msg = json!({"id": self.next, "method": method, "params": params});
        if let Some(s) = &self.session {
            msg["sessionId"] = json!(s);
        }
        let mut bytes = msg.to_string().into_bytes();
        bytes.push(0);
        self.to.write_all(&bytes).await.unwrap();
        let answer = async {
            loop {
                let mut buf = Vec::new();
                let n = self.from.read_until(0, &mut buf).await.unwrap();
                assert!(n > 0, "chromium closed the DevTools pipe");
                buf.pop();
                let v: serde_json::Value = serde_json::from_slice(&buf).unwrap();
                if v["id"] == json!(self.next) {
                    return match v.get("error") {
                        Some(_) => Err(v),
                        None => Ok(v["result"].clone()),
                    };
                }
                if v.get("method").is_some() {
                    self.events.push(v);
                }
            }
        };
        tokio::time::timeout(Duration::from_secs(60), answer)
            .await
            .unwrap_or_else(|_| panic!("{method} timed out"))
    }

    /// The value of a JavaScript expression in the page; asked again when the page navigated
    /// while it was evaluated (after a click that submits a form, say).
    async fn eval(&mut self, expression: &str) -> serde_json::Value {
        let params = json!({"expression": expression, "returnByValue": true, "awaitPromise": true});
        let mut tries = 0;
        let r = loop {
            match self.try_call("Runtime.evaluate", params.clone()).await {
                Ok(r) => break r,
                Err(e) if tries < 50 && e.to_string().contains("Inspected target navigated or closed") => {
                    tries += 1;
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => panic!("Runtime.evaluate: {e}"),
            }
        };
        assert!(r.get("exceptionDetails").is_none(), "{expression}: {r}");
        r["result"]["value"].clone()
    }

    /// Clicks the middle of the element `selector` with the mouse, as a person would.
    async fn click(&mut self, selector: &str) {
        let at = self
            .eval(&format!(
                "(() => {{ const r = document.querySelector({}).getBoundingClientRect(); \
                 return [r.x + r.width / 2, r.y + r.height / 2]; }})()",
                json!(selector)
            ))
            .await;
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": at[0], "y": at[1], "button": "left", "clickCount": 1}),
            )
            .await;
        }
    }

    /// Waits until the page at `path_and_query` has loaded (after a navigation or a click).
    async fn wait_for(&mut self, path_and_query: &str) {
        for _ in 0..300 {
            let at = self.eval("document.readyState + ' ' + location.pathname + location.search").await;
            if at == json!(format!("complete {path_and_query}")) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("{path_and_query} did not load");
    }
}

impl Drop for Cdp {
    fn drop(&mut self) {
        let _ = self.child.start_kill();
    }
}

#[tokio::test]
async fn a_student_opens_the_rules_page_and_puts_a_starter_into_the_submit_form() {
    let Some(browser) = chromium_or_skip() else { return };
    let app = setup().await;
    app.user("ada", Role::Student).await;
    app.contest("c4", &["submit_interval_s=0"]).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let server = format!("http://{}", listener.local_addr().unwrap());
    let router = app.router.clone();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let client = app.logged_in("ada").await;
    let (name, value) = client.cookie.as_deref().unwrap().split_once('=').unwrap();

    let dir = tempfile::tempdir().unwrap();
    let mut cdp = Cdp::start(browser, &dir.path().join("profile")).await;
    cdp.call("Network.setCookie", json!({"name": name, "value": value, "url": server, "httpOnly": true}))
        .await;
    cdp.call("Page.navigate", json!({"url": format!("{server}/contests/c4/rules")})).await;
    cdp.wait_for("/contests/c4/rules").await;
    let title = cdp.eval("document.querySelector('#game-rules h2').textContent").await;
    let doc = botarena::web::statement::game_doc(GameId::Connect4);
    assert_eq!(title.as_str().unwrap(), doc.lines().find_map(|l| l.strip_prefix("# ")).unwrap().trim());

    // The statement's link leads to the contest page with the Python starter in the form.
    cdp.eval("document.getElementById('starter-insert-python').click()").await;
    cdp.wait_for("/contests/c4?starter=python").await;
    let python = botarena::starters::starter(GameId::Connect4, "python").unwrap().source;
    let c = botarena::starters::starter(GameId::Connect4, "c").unwrap().source;
    assert_eq!(cdp.eval("document.getElementById('source').value").await, json!(python));
    assert_eq!(cdp.eval("document.getElementById('language').value").await, json!("python"));

    // On the contest page one click swaps in another starter, in place (no page load).
    let seen = cdp
        .eval(
            "window.stayed = true; document.getElementById('starter-c').click();
             [window.stayed === true, document.getElementById('source').value,
              document.getElementById('language').value, document.getElementById('starter-note').textContent]",
        )
        .await;
    assert_eq!(seen[0], json!(true), "the starter link navigated instead of filling the form");
    assert_eq!((&seen[1], &seen[2]), (&json!(c), &json!("c")));
    assert!(seen[3].as_str().unwrap().contains("main.c"), "{seen}");
    // Typed text is never replaced without asking; here the student says no.
    let kept = cdp
        .eval(
            "window.confirm = () => false; const s = document.getElementById('source'); s.value = 'my own bot';
             document.getElementById('starter-python').click(); s.value",
        )
        .await;
    assert_eq!(kept, json!("my own bot"));

    // The inserted starter is what gets submitted.
    cdp.eval(&format!(
        "document.getElementById('source').value = {}; document.querySelector('#submit-form button[type=submit]').click()",
        json!(c)
    ))
    .await;
    for _ in 0..300 {
        let path = cdp.eval("document.readyState === 'complete' ? location.pathname : ''").await;
        if path.as_str().unwrap().starts_with("/submissions/") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (language, source): (String, Vec<u8>) =
        sqlx::query_as("select language, source from submissions").fetch_one(&app.pool).await.unwrap();
    // Browsers send a textarea's lines ended by CRLF; the server keeps the text as sent.
    let source = String::from_utf8(source).unwrap().replace("\r\n", "\n");
    assert_eq!((language.as_str(), source.as_str()), ("c", c));
}

#[tokio::test]
async fn a_student_plays_connect4_against_a_house_bot_by_clicking() {
    let Some(browser) = chromium_or_skip() else { return };
    let app = setup().await;
    app.user("ada", Role::Student).await;
    app.contest("c4", &[]).await;
    app.state.practice.enable(botarena::service::practice::Runtime {
        launchers: std::sync::Arc::new(|_| Ok(common::queues::plain())),
        house_exe: std::path::PathBuf::from(env!("CARGO_BIN_EXE_botarena")),
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let server = format!("http://{}", listener.local_addr().unwrap());
    let router = app.router.clone();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let client = app.logged_in("ada").await;
    let (name, value) = client.cookie.as_deref().unwrap().split_once('=').unwrap();

    let dir = tempfile::tempdir().unwrap();
    let mut cdp = Cdp::start(browser, &dir.path().join("profile")).await;
    cdp.call("Network.setCookie", json!({"name": name, "value": value, "url": server, "httpOnly": true}))
        .await;
    // From the contest page to the "Play" form, first seat against house:random.
    cdp.call("Page.navigate", json!({"url": format!("{server}/contests/c4")})).await;
    cdp.wait_for("/contests/c4").await;
    cdp.click("#play-link").await;
    cdp.wait_for("/contests/c4/play").await;
    cdp.click("#opponent-random").await;
    cdp.click("#play-start").await;
    let mut path = json!("");
    for _ in 0..100 {
        path = cdp.eval("document.readyState === 'complete' ? location.pathname : ''").await;
        if path.as_str().unwrap().starts_with("/practice/") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(path.as_str().unwrap().starts_with("/practice/"), "the game's page opened: {path}");

    // Click columns, left to right, until the game is over; a full column is refused on the page
    // and the next one is tried.
    let state = "[document.getElementById('practice').dataset.status || '', \
                  Number(document.getElementById('practice').dataset.moves || 0), \
                  !document.getElementById('practice-error').hidden]";
    let mut column = 0;
    let mut clicks = 0;
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        let seen = cdp.eval(state).await;
        if seen[0] == "over" {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the game did not end: {seen}");
        if seen[0] != "your_turn" {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        let before = seen[1].as_u64().unwrap();
        cdp.click(&format!("#practice-board [data-col=\"{column}\"]")).await;
        clicks += 1;
        // The move is in (or refused, for a full column).
        for _ in 0..200 {
            let now = cdp.eval(state).await;
            if now[1].as_u64().unwrap() > before || now[2] == json!(true) || now[0] == "over" {
                if now[2] == json!(true) {
                    column = (column + 1) % 9;
                }
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }
    let status = cdp.eval("document.getElementById('practice-status').textContent").await;
    let status = status.as_str().unwrap();
    assert!(
        status.starts_with("You won") || status.contains("won") || status.starts_with("Draw"),
        "the page shows the result: {status}"
    );
    let moves = cdp.eval("Number(document.getElementById('practice').dataset.moves)").await;
    assert!(moves.as_u64().unwrap() >= 7, "a whole game was played by {clicks} clicks: {moves}");
    // The board shows the discs of both sides, and the log is offered.
    let discs = cdp.eval("document.querySelectorAll('#practice-board svg.board .disc').length").await;
    assert_eq!(discs, moves, "every move is a disc on the board");
    assert_eq!(cdp.eval("document.getElementById('practice-log').hidden").await, json!(false));
}

/// A done match of two won connect4 games in contest `c4` between `a` and `b`, with the
/// scoreboard refreshed so that the standings pages show it.
async fn ranked_match_of_two_wins(
    app: &TestApp,
    a: botarena::db::ids::UserId,
    b: botarena::db::ids::UserId,
) -> Inserted {
    let m = finished_match(
        app,
        "c4",
        a,
        b,
        &[connect4_win(0, [BotId::A, BotId::B]), connect4_win(1, [BotId::B, BotId::A])],
    )
    .await;
    let contest_id: botarena::db::ids::ContestId =
        sqlx::query_scalar("select id from contests where slug = 'c4'").fetch_one(&app.pool).await.unwrap();
    botarena::service::scoreboard::refresh(&mut app.pool.acquire().await.unwrap(), contest_id).await.unwrap();
    m
}

/// A finished game of each game but connect4: its name, the parameters and moves of its result.
fn other_games() -> Vec<(&'static str, serde_json::Value, serde_json::Value)> {
    vec![
        // Black steps, White steps, Black jumps over the White man.
        ("checkers", json!({}), json!(["2 5,0 4,1", "2 2,3 3,2", "2 4,1 2,3"])),
        (
            "mathtricks",
            json!({"seed": 1, "width": 4, "height": 4, "board": [
                ["+0", "+3", "-1", "*2"], ["+2", "*2", "/2", "-1"], ["-1", "/2", "*2", "+2"], ["*2", "-1", "+3", "+0"]]}),
            json!(["1 0", "2 3", "1 1", "2 2", "2 1"]),
        ),
        ("tron", json!({"width": 12, "height": 6, "ms": 100}), json!([[[11, 0], [2, 0]], [[10, 0], [3, 0]]])),
        (
            "one-two-three",
            json!({"cols": 4, "rows": 3}),
            json!([["AA--", "----", "----"], ["AA-B", "---B", "---B"]]),
        ),
    ]
}

/// What a page shown 390 px wide measures: `[scrollWidth, clientWidth, what sticks out on the
/// right (outside a box that scrolls sideways), tap targets smaller than 40 px, title]`.
const MEASURE: &str = "(() => { const w = document.documentElement.clientWidth;
  // Inside a box that scrolls sideways (a `.scroll` table, a `pre`), width is fine.
  const scrolls = (e) => e && e !== document.body
    && (getComputedStyle(e).overflowX !== 'visible' || scrolls(e.parentElement));
  const name = (e) => `${e.tagName.toLowerCase()}#${e.id}.${e.getAttribute('class') || ''}`;
  const out = [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > w + 0.5 && !scrolls(e.parentElement))
    .slice(0, 4).map((e) => `${name(e)}: ${Math.round(e.getBoundingClientRect().right)} px`);
  // Controls a finger taps: buttons, fields, the navigation's links, a practice board's columns,
  // squares and cells (their rectangles: a disc or a piece lies inside one; a replay's board is
  // looked at, not tapped).
  const small = [...document.querySelectorAll(
      'button, select, input:not([type=hidden]):not([type=radio]):not([type=checkbox]), .top a, label:has(> input[type=radio]), #practice-board rect[data-col], #practice-board rect[data-square], #practice-board rect[data-cell]')]
    .filter((e) => e.getClientRects().length > 0)
    .map((e) => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.height < 39.5 || r.width < 39.5)
    .slice(0, 4).map(([e, r]) => `${name(e)}: ${Math.round(r.width)}x${Math.round(r.height)}`);
  return [document.documentElement.scrollWidth, w, out, small, document.title]; })()";

/// Every page a student or an admin uses, at the width of a phone (390 by 844 CSS pixels): nothing
/// sticks out on the right, so the page never scrolls sideways (a wide table may scroll inside
/// its own box, `.scroll`, as on any phone), and what a finger taps is at least 40 px each way.
/// The pages: the login page, a student's, a game page and the practice pages of every game (a
/// game being played included), and an admin's. On the connect4 practice board a tap plays a
/// move. The width of each page is printed.
/// A contest of each game with a finished game, a long nickname, title and announcement, and
/// every kind of page a student or an admin sees: the fixture of the phone and catalog tests.
struct EveryPageKind {
    app: TestApp,
    ada: botarena::db::ids::UserId,
    /// Each contest's slug and a finished game of it.
    games: Vec<(&'static str, i64)>,
    student: Vec<String>,
    admin_pages: Vec<String>,
}

async fn every_page_kind() -> EveryPageKind {
    let app = setup().await;
    let (ada, bob) = (app.user("ada", Role::Student).await, app.user("bob", Role::Student).await);
    let root = app.user("root", Role::Admin).await;
    app.contest("c4", &[]).await;
    // Long words are what overflows a narrow screen: a nickname, a title, an announcement's link.
    sqlx::query("update users set nickname = 'Supercalifragilisticexpialidocious' where username = 'bob'")
        .execute(&app.pool)
        .await
        .unwrap();
    let m = ranked_match_of_two_wins(&app, ada, bob).await;
    let mut games = vec![("c4", m.games[0])];
    for (game, params, moves) in other_games() {
        contest(&app, game, game).await;
        let r = result(
            0,
            [BotId::A, BotId::B],
            params,
            moves.as_array().unwrap().clone(),
            Some(BotId::B),
            "no_moves",
        );
        games.push((game, finished_match(&app, game, ada, bob, &[r]).await.games[0]));
    }
    let admin = app.token(root).await;
    let long = "https://example.org/a/very/long/link/that/does/not/break/anywhere/on/its/own/".repeat(2);
    let r = app
        .api(
            "POST",
            "/api/contests/c4/announcements",
            Some(&admin),
            Some(json!({"body": format!("Read {long} first.")})),
        )
        .await;
    assert!(r.status.is_success(), "{}", r.body);
    let r = app
        .api("PATCH", "/api/contests/c4/settings", Some(&admin), Some(json!({"title": "Connect four: the second assignment of the course, with a title as long as some are"})))
        .await;
    assert!(r.status.is_success(), "{}", r.body);
    app.state.practice.enable(botarena::service::practice::Runtime {
        launchers: std::sync::Arc::new(|_| Ok(common::queues::plain())),
        house_exe: std::path::PathBuf::from(env!("CARGO_BIN_EXE_botarena")),
    });

    let [sa, sb] = m.submissions;
    let mut student = vec![
        "/contests".to_string(),
        "/contests/c4".into(),
        "/contests/c4/rules".into(),
        "/contests/c4/scoreboard".into(),
        "/contests/c4/scoreboard/matrix".into(),
        format!("/contests/c4/submissions/{sa}/matches"),
        format!("/submissions/{sa}"),
        "/contests/c4/mine".into(),
        "/contests/c4/test-matches".into(),
        "/profile".into(),
    ];
    for (slug, game) in &games {
        student.push(format!("/games/{game}"));
        student.push(format!("/contests/{slug}/play"));
    }
    let mut admin_pages = vec![
        "/admin/users".to_string(),
        "/admin/contests/new".into(),
        "/admin/contests/c4/settings".into(),
        "/admin/status".into(),
        "/admin/submissions".into(),
        "/admin/contests/c4/similarity".into(),
        format!("/admin/contests/c4/similarity/{sa}/{sb}"),
        format!("/submissions/{sa}"),
        format!("/games/{}", m.games[1]),
    ];
    admin_pages.extend(games.iter().map(|(slug, _)| format!("/contests/{slug}/rules")));
    EveryPageKind { app, ada, games, student, admin_pages }
}

#[tokio::test]
async fn every_page_fits_a_390_px_wide_screen() {
    let Some(browser) = chromium_or_skip() else { return };
    let EveryPageKind { app, ada, games, student, admin_pages } = every_page_kind().await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let server = format!("http://{}", listener.local_addr().unwrap());
    let router = app.router.clone();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let dir = tempfile::tempdir().unwrap();
    let mut cdp = Cdp::start(browser, &dir.path().join("profile")).await;
    cdp.call(
        "Emulation.setDeviceMetricsOverride",
        json!({"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": true}),
    )
    .await;
    cdp.call("Emulation.setTouchEmulationEnabled", json!({"enabled": true, "maxTouchPoints": 1})).await;
    let mut wide = Vec::new();
    let mut widths = Vec::new();
    // What else a phone's player finds wrong on the practice pages (said after every width).
    let mut wrong: Vec<String> = Vec::new();
    macro_rules! measure {
        ($who:expr, $page:expr) => {{
            let seen = cdp.eval(MEASURE).await;
            assert_eq!(seen[1], json!(390), "{}: {seen}", $page);
            let line = format!("{:>4} px  {} {}", seen[0], $who, $page);
            println!("width at 390 px: {line}");
            widths.push(line);
            let fine = |i: usize| seen[i].as_array().unwrap().is_empty();
            if seen[0].as_u64().unwrap() > 390 || !fine(2) || !fine(3) {
                wide.push(format!("{} {}: {seen}", $who, $page));
            }
        }};
    }

    cdp.open(&server, "/login", "").await;
    measure!("visitor", "/login");

    for (user, pages) in [("ada", &student[..]), ("root", &admin_pages[..])] {
        let client = app.logged_in(user).await;
        let (name, value) = client.cookie.as_deref().unwrap().split_once('=').unwrap();
        cdp.call("Network.setCookie", json!({"name": name, "value": value, "url": server, "httpOnly": true}))
            .await;
        for page in pages {
            cdp.open(&server, page, "#last").await;
            measure!(user, page);
        }
    }

    // A practice game of each game, being played; on connect4's board a tap plays a move.
    let client = app.logged_in("ada").await;
    let (name, value) = client.cookie.as_deref().unwrap().split_once('=').unwrap();
    cdp.call("Network.setCookie", json!({"name": name, "value": value, "url": server, "httpOnly": true}))
        .await;
    let state = "[document.getElementById('practice').dataset.status || '', \
                 Number(document.getElementById('practice').dataset.moves || 0), \
                 document.querySelectorAll('#practice-board svg.board').length]";
    for (slug, _) in &games {
        let random = botarena::service::practice::Opponent::parse("house:random").unwrap();
        let game =
            app.state.practice.start(ada, slug, random, botarena::games::Side::First, None).await.unwrap();
        let page = format!("/practice/{}", game.id);
        cdp.open(&server, &page, "").await;
        let mut seen = json!([]);
        for _ in 0..200 {
            seen = cdp.eval(state).await;
            if seen[2] == json!(1) && (seen[0] == "your_turn" || seen[0] == "playing" || seen[0] == "over") {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(seen[2], json!(1), "{slug}: the practice board is drawn: {seen}");
        measure!("ada", format!("{page} ({slug}, {})", seen[0].as_str().unwrap()));
        if *slug == "checkers" {
            // A tapped piece shows where it may go: the second squares of its legal moves.
            assert_eq!(seen[0], "your_turn", "{seen}");
            let legal = game.view().legal_moves;
            let squares = |m: &String| m.split(' ').skip(1).map(str::to_string).collect::<Vec<_>>();
            let from = squares(&legal[0])[0].clone();
            let mut to: Vec<String> =
                legal.iter().map(squares).filter(|s| s[0] == from).map(|s| s[1].clone()).collect();
            to.sort();
            to.dedup();
            let at = cdp
                .eval(&format!(
                    "(() => {{ const r = document.querySelector('#practice-board circle[data-square=\"{from}\"]').getBoundingClientRect();
                       return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
                ))
                .await;
            cdp.tap(&at).await;
            tokio::time::sleep(Duration::from_millis(200)).await;
            let shown = cdp
                .eval("[...document.querySelectorAll('#practice-board rect.target')].map((e) => e.dataset.square).sort()")
                .await;
            if shown != json!(to) {
                wrong.push(format!("checkers: the targets of {from} in {legal:?} are {to:?}, shown {shown}"));
            }
            // A refused square says when a capture is compulsory (the page's own words for the
            // server's legal moves), and only then.
            let said = cdp
                .eval(
                    "[BotarenaPlay.checkersRefusal(['2 5,0 3,2', '2 5,4 3,2']),
                      BotarenaPlay.checkersRefusal(['3 5,0 3,2 1,4']), BotarenaPlay.checkersRefusal(['2 5,0 4,1'])]",
                )
                .await;
            let expected = json!([
                "Not a legal move: a capture is compulsory: take with the piece on 5,0 or 5,4.",
                "Not a legal move: a capture is compulsory: take, the longest one (2 pieces), with the piece on 5,0.",
                "Not a legal move: pick one of your pieces that can move, then where it goes."
            ]);
            if said != expected {
                wrong.push(format!("checkers: refusals {said}"));
            }
        }
        if *slug == "tron" {
            // A game on a clock says so, and a finger steers it.
            let clock = cdp.eval("document.getElementById('practice-clock').textContent").await;
            let clock = clock.as_str().unwrap().to_string();
            if !clock.contains("on a clock") || clock.contains("per move") {
                wrong.push(format!("tron: the clock says {clock:?}"));
            }
            let buttons = cdp.eval("document.querySelectorAll('#practice-steer button').length").await;
            if buttons != json!(4) {
                wrong.push(format!("tron: {buttons} steering buttons"));
            }
        }
        if *slug == "c4" {
            assert_eq!(seen[0], "your_turn", "{seen}");
            let at = cdp
                .eval(
                    "(() => { const r = document.querySelector('#practice-board [data-col=\"4\"]').getBoundingClientRect();
                       return [r.x + r.width / 2, r.y + r.height / 2]; })()",
                )
                .await;
            cdp.tap(&at).await;
            for _ in 0..200 {
                seen = cdp.eval(state).await;
                if seen[1].as_u64().unwrap() > 0 {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            let moves = game.view().moves;
            if moves.first() != Some(&json!("4")) {
                wrong.push(format!("connect4: tapping column 4 played {moves:?} ({seen})"));
            }
        }
        game.leave();
        for _ in 0..200 {
            if game.is_over() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(game.is_over(), "{slug}: leaving ended the game");
    }
    println!("widths at 390 px:\n{}", widths.join("\n"));
    eprintln!("what else is wrong: {wrong:?}");
    assert!(
        wide.is_empty(),
        "pages wider than a 390 px screen, or with small tap targets:\n{}",
        wide.join("\n")
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The words of the page that came from no message catalog: with the pseudo-locale, every
/// message is wrapped in `⟦…⟧`, so what is left of the visible text without them is data (given
/// as `names`: users, titles, games, languages), numbers, a time's month and zone, or a mistake.
/// Code, the game's statement (a document with its own translations) and `translate="no"` are
/// not the catalogs' either.
const UNCATALOGUED: &str = "((names) => {
  const parts = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let n;
  while ((n = walk.nextNode())) {
    const e = n.parentElement;
    if (!e || e.closest('script, style, code, pre, kbd, samp, textarea, noscript, [translate=no], .statement')) continue;
    if (e.getClientRects().length === 0) continue;
    parts.push(n.textContent);
  }
  let text = parts.join('\\u0001'), before;
  do { before = text; text = text.replace(/⟦[^⟦⟧]*⟧/g, ' '); } while (text !== before);
  const data = new Set(names.flatMap((n) => [n, ...n.split(/[^\\p{L}\\p{N}+#]+/u)]));
  const month = /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|UTC)$/;
  // A compiler's name and version as the server reports them (`x86_64-linux-gnu-gcc-12`,
  // `12.2.0-14+deb12u1`, a commit hash), and a setting's value (`12x6x230,40x30x100`).
  const version = /^([\\w.,+-]*\\d[\\w.,+-]*|x86_64-[\\w.+-]+)$/;
  const left = text.split(/[\\s\\u0001]+/)
    .map((t) => t.replace(/^[^\\p{L}\\p{N}]+|[^\\p{L}\\p{N}+#]+$/gu, ''))
    .filter((t) => /\\p{L}/u.test(t) && !data.has(t) && !month.test(t) && !version.test(t));
  return [...new Set(left)]; })";

/// Every kind of page, as a student and as an admin sees it (the practice page of a game being
/// played included), in the pseudo-locale `en-XA`: every visible word comes from a message
/// catalog, except names, numbers and code (see [`UNCATALOGUED`]).
#[tokio::test]
async fn every_visible_word_of_every_page_comes_from_a_catalog() {
    let Some(browser) = chromium_or_skip() else { return };
    let EveryPageKind { app, ada, games, student, admin_pages } = every_page_kind().await;
    app.state.practice.enable(botarena::service::practice::Runtime {
        launchers: std::sync::Arc::new(|_| Ok(common::queues::plain())),
        house_exe: std::path::PathBuf::from(env!("CARGO_BIN_EXE_botarena")),
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let server = format!("http://{}", listener.local_addr().unwrap());
    let router = app.router.clone();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let dir = tempfile::tempdir().unwrap();
    let mut cdp = Cdp::start(browser, &dir.path().join("profile")).await;
    cdp.call("Network.setCookie", json!({"name": "lang", "value": "en-XA", "url": server})).await;
    let titles: Vec<String> =
        sqlx::query_scalar("select title from contests").fetch_all(&app.pool).await.unwrap();
    // Data: the fixture's names and announcement, the configured languages (names, compilers,
    // versions) and the settings' names (contracts, as in `--set`). Unit symbols are the
    // catalogs' (`unit-ms`…).
    let mut names: Vec<String> = [
        "botarena",
        "ada",
        "bob",
        "root",
        "nick-ada",
        "nick-bob",
        "nick-root",
        "staff",
        "Supercalifragilisticexpialidocious",
        "house:random",
        "house",
        "random",
        "level1",
        "level2",
        "Read",
        "first",
        "C",
        "C17",
        "C++",
        "C++17",
        "Rust",
        "edition",
        "Python",
        "python",
        "Java",
        "class",
        "Main",
        "gcc",
        "g++",
        "rustc",
        "javac",
        "OpenJDK",
        "Debian",
        "SHA-256",
        "English",
        "简体中文",
        "Română",
        "Български",
        "Suomi",
    ]
    .into_iter()
    .map(str::to_string)
    .collect();
    let link = "https://example.org/a/very/long/link/that/does/not/break/anywhere/on/its/own/";
    names.push(format!("{link}{}", link.trim_end_matches('/')));
    for game in botarena::games::GameId::ALL {
        names.extend(botarena::games::settings::defs(game).iter().map(|d| d.name.to_string()));
    }
    names.extend(botarena::db::contests::LIMITS.iter().map(|(n, _)| n.to_string()));
    names.extend(app.state.language_ids().iter().map(|l| format!("time_factor.{l}")));
    names.extend(titles);
    names.extend(["checkers", "connect4", "one-two-three", "mathtricks", "tron", "c4"].map(str::to_string));
    let mut found = Vec::new();
    let mut check = async |cdp: &mut Cdp, who: &str, page: &str| {
        let left = cdp.eval(&format!("{UNCATALOGUED}({})", json!(names))).await;
        let marked = cdp.eval("document.body.innerText.includes('⟦')").await;
        assert_eq!(marked, json!(true), "{page} is not in the pseudo-locale");
        if !left.as_array().unwrap().is_empty() {
            found.push(format!("{who} {page}: {left}"));
        }
    };
    cdp.open(&server, "/login", "").await;
    check(&mut cdp, "visitor", "/login").await;
    for (user, pages) in [("ada", &student[..]), ("root", &admin_pages[..])] {
        let client = app.logged_in(user).await;
        let (name, value) = client.cookie.as_deref().unwrap().split_once('=').unwrap();
        cdp.call("Network.setCookie", json!({"name": name, "value": value, "url": server, "httpOnly": true}))
            .await;
        for page in pages {
            cdp.open(&server, page, "").await;
            check(&mut cdp, user, page).await;
        }
    }
    let client = app.logged_in("ada").await;
    let (name, value) = client.cookie.as_deref().unwrap().split_once('=').unwrap();
    cdp.call("Network.setCookie", json!({"name": name, "value": value, "url": server, "httpOnly": true}))
        .await;
    for (slug, _) in &games {
        let random = botarena::service::practice::Opponent::parse("house:random").unwrap();
        let game =
            app.state.practice.start(ada, slug, random, botarena::games::Side::First, None).await.unwrap();
        let page = format!("/practice/{}", game.id);
        cdp.open(&server, &page, "").await;
        for _ in 0..200 {
            let drawn = cdp.eval("document.querySelectorAll('#practice-board svg.board').length").await;
            if drawn == json!(1) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        check(&mut cdp, "ada", &format!("{page} ({slug})")).await;
        game.leave();
        for _ in 0..200 {
            if game.is_over() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    assert!(found.is_empty(), "words from no catalog:\n{}", found.join("\n"));
}

/// Draws each character of the page on a canvas in the page's font and compares it with a
/// character no font has: those drawn the same have no glyph (a box). Returns them, and whether
/// a character of a script no installed font covers (Linear A) is found missing: the check works.
const MISSING_GLYPHS: &str = "(() => {
  const canvas = document.createElement('canvas');
  canvas.width = 48; canvas.height = 48;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  g.font = '32px ' + getComputedStyle(document.body).fontFamily;
  const draw = (c) => { g.clearRect(0, 0, 48, 48); g.fillText(c, 4, 36); return g.getImageData(0, 0, 48, 48).data.join(); };
  const none = draw('\\u{10FFFD}');
  const chars = [...new Set([...document.body.innerText].filter((c) => c.trim() && c.codePointAt(0) > 127))];
  return [chars.filter((c) => draw(c) === none), draw('\\u{10600}') === none, chars.length]; })()";

/// The contest page in each language, as a screenshot (kept in `target/screenshots/`): every
/// character of it has a glyph in the fonts the machine has (Chinese needs a CJK font).
#[tokio::test]
async fn the_contest_page_shows_every_glyph_in_every_language() {
    let Some(browser) = chromium_or_skip() else { return };
    let app = setup().await;
    app.user("ada", Role::Student).await;
    app.contest("c4", &[]).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let server = format!("http://{}", listener.local_addr().unwrap());
    let router = app.router.clone();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let dir = tempfile::tempdir().unwrap();
    let mut cdp = Cdp::start(browser, &dir.path().join("profile")).await;
    let client = app.logged_in("ada").await;
    let (name, value) = client.cookie.as_deref().unwrap().split_once('=').unwrap();
    cdp.call("Network.setCookie", json!({"name": name, "value": value, "url": server, "httpOnly": true}))
        .await;
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("../screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let mut missing = Vec::new();
    for tag in ["en", "zh-CN", "ro", "bg", "fi"] {
        cdp.call("Network.setCookie", json!({"name": "lang", "value": tag, "url": server})).await;
        cdp.open(&server, "/contests/c4", "").await;
        let lang = cdp.eval("document.documentElement.lang").await;
        assert_eq!(lang, json!(tag), "the page is in {tag}");
        let shot =
            cdp.call("Page.captureScreenshot", json!({"format": "png", "captureBeyondViewport": true})).await;
        let png = base64::Engine::decode(
            &base64::engine::general_purpose::STANDARD,
            shot["data"].as_str().unwrap(),
        )
        .unwrap();
        std::fs::write(shots.join(format!("contest-{tag}.png")), png).unwrap();
        let seen = cdp.eval(MISSING_GLYPHS).await;
        assert_eq!(seen[1], json!(true), "the check finds a glyph no font has: {seen}");
        if !seen[0].as_array().unwrap().is_empty() {
            missing.push(format!(
                "{tag}: {} of {} characters have no glyph: {}",
                seen[0].as_array().unwrap().len(),
                seen[2],
                seen[0]
            ));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

impl Cdp {
    /// A finger's tap at `at` (`[x, y]`): a touch that starts and ends there, which the page
    /// gets as a click, as on a phone.
    async fn tap(&mut self, at: &serde_json::Value) {
        let point = json!([{"x": at[0], "y": at[1]}]);
        self.call("Input.dispatchTouchEvent", json!({"type": "touchStart", "touchPoints": point})).await;
        self.call("Input.dispatchTouchEvent", json!({"type": "touchEnd", "touchPoints": []})).await;
    }
}

/// Records each Content-Security-Policy violation of a page in `window.__csp`, from before the
/// page's first script runs (given to `Page.addScriptToEvaluateOnNewDocument`).
const WATCH_CSP: &str = "window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(
  `${e.effectiveDirective} blocked ${e.blockedURI || '?'} at ${e.sourceFile || location.pathname}:${e.lineNumber} (${e.sample})`), true);";

impl Cdp {
    /// From now on, every page's CSP violations are recorded (by the page and in the console)
    /// and its exceptions and console errors reported, for [`Cdp::trouble`].
    async fn watch_policy(&mut self) {
        for domain in ["Page.enable", "Runtime.enable", "Log.enable"] {
            self.call(domain, json!({})).await;
        }
        self.call("Page.addScriptToEvaluateOnNewDocument", json!({"source": WATCH_CSP})).await;
    }

    /// What went wrong on the page shown, and in the console since the last call: CSP
    /// violations (seen by the page's listener, and the browser's console messages about the
    /// policy), uncaught exceptions, errors logged by scripts. Only a resource's failed load
    /// (a 404) is not trouble.
    async fn trouble(&mut self) -> Vec<String> {
        // Late violations (a script's timer, a socket's first message) have time to happen.
        tokio::time::sleep(Duration::from_millis(400)).await;
        let seen = self.eval("window.__csp || ['the violation listener is missing']").await;
        let mut out: Vec<String> =
            seen.as_array().unwrap().iter().map(|v| format!("listener: {}", v.as_str().unwrap())).collect();
        for e in self.events.drain(..) {
            let p = &e["params"];
            match e["method"].as_str().unwrap_or("") {
                "Log.entryAdded" => {
                    let text = p["entry"]["text"].as_str().unwrap_or("");
                    let policy =
                        text.contains("Content Security Policy") || text.contains("Content-Security-Policy");
                    if policy || (p["entry"]["level"] == "error" && p["entry"]["source"] != "network") {
                        out.push(format!("console ({}): {text}", p["entry"]["source"]));
                    }
                }
                "Runtime.exceptionThrown" => out.push(format!("exception: {}", p["exceptionDetails"])),
                "Runtime.consoleAPICalled" if p["type"] == "error" => {
                    out.push(format!("console.error: {}", p["args"]))
                }
                _ => {}
            }
        }
        out
    }

    /// Opens `path` (with `fragment`) and waits for it.
    async fn open(&mut self, server: &str, path: &str, fragment: &str) {
        self.call("Page.navigate", json!({"url": format!("{server}{path}{fragment}")})).await;
        self.wait_for(path).await;
    }

    /// Waits until a page whose path starts with `prefix` has loaded; its path.
    async fn wait_for_prefix(&mut self, prefix: &str) -> String {
        for _ in 0..300 {
            let at = self.eval("document.readyState === 'complete' ? location.pathname : ''").await;
            if at.as_str().unwrap().starts_with(prefix) {
                return at.as_str().unwrap().to_string();
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("no page {prefix}… loaded");
    }

    /// Logs in through the login form, as a person would.
    async fn log_in(&mut self, server: &str, user: &str) {
        self.open(server, "/login", "").await;
        self.eval(&format!(
            "document.getElementById('username').value = {}; document.getElementById('password').value = {};
             document.querySelector('form[action=\"/login\"] button[type=submit]').click()",
            json!(user),
            json!(format!("pw-{user}"))
        ))
        .await;
        self.wait_for_prefix("/contests").await;
    }
}

/// Every kind of page under the server's Content-Security-Policy (no inline script or style):
/// loaded in Chromium from the server itself, none has a violation, an exception or a script's
/// error, and each still does its work — the login and logout forms, the starter link, the
/// submit form, the replay drawing, a live game's stream, the practice board's socket and
/// clicks, the submission's progress requests, an admin's confirmation step. The watcher is
/// checked too: an inline script and a `style` attribute put into a page are caught (and the
/// script does not run).
#[tokio::test]
async fn no_page_breaks_the_content_security_policy_and_every_page_still_works() {
    let Some(browser) = chromium_or_skip() else { return };
    let app = setup().await;
    let (ada, bob) = (app.user("ada", Role::Student).await, app.user("bob", Role::Student).await);
    app.user("root", Role::Admin).await;
    app.contest("c4", &["submit_interval_s=0"]).await;
    let m = ranked_match_of_two_wins(&app, ada, bob).await;
    // The second game is being played, two moves in: its page follows it live.
    sqlx::query(
        r#"update games set status = 'running', result = null,
             progress = '{"moves": ["4", "4"], "params": {}, "lines": []}' where id = $1"#,
    )
    .bind(m.games[1])
    .execute(&app.pool)
    .await
    .unwrap();
    app.state.practice.enable(botarena::service::practice::Runtime {
        launchers: std::sync::Arc::new(|_| Ok(common::queues::plain())),
        house_exe: std::path::PathBuf::from(env!("CARGO_BIN_EXE_botarena")),
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let server = format!("http://{}", listener.local_addr().unwrap());
    let router = app.router.clone();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let dir = tempfile::tempdir().unwrap();
    let mut cdp = Cdp::start(browser, &dir.path().join("profile")).await;
    cdp.watch_policy().await;
    let [sa, sb] = m.submissions;
    let mut broken = Vec::new();
    macro_rules! check {
        ($what:expr) => {{
            let what = $what;
            let trouble = cdp.trouble().await;
            if !trouble.is_empty() {
                broken.push(format!("{what}:\n  {}", trouble.join("\n  ")));
            }
        }};
    }

    // A visitor: the login page and its form.
    cdp.open(&server, "/login", "").await;
    check!("/login");
    cdp.log_in(&server, "ada").await;
    check!("after logging in");

    // A student's pages.
    for page in [
        "/contests".to_string(),
        "/contests/c4/rules".into(),
        "/contests/c4/scoreboard".into(),
        "/contests/c4/scoreboard/matrix".into(),
        "/contests/c4/mine".into(),
        format!("/contests/c4/submissions/{sa}/matches"),
        "/contests/c4/test-matches".into(),
        "/profile".into(),
        "/contests/no-such-contest".into(),
    ] {
        cdp.open(&server, &page, "").await;
        check!(page);
    }
    // The replay draws the finished game at its end.
    cdp.open(&server, &format!("/games/{}", m.games[0]), "#last").await;
    let drawn = cdp
        .eval("[document.getElementById('move-counter')?.textContent, document.querySelectorAll('#replay-board .disc').length]")
        .await;
    assert_eq!(drawn, json!(["7 / 7", 7]), "the replay is drawn under the policy");
    check!("the replay");
    // The game being played: its page's stream brings the moves, and the board is drawn.
    cdp.open(&server, &format!("/games/{}", m.games[1]), "").await;
    let mut live = json!(null);
    for _ in 0..100 {
        live = cdp
            .eval("[document.getElementById('live').dataset.moves || '', document.querySelectorAll('#live-board .disc').length]")
            .await;
        if live[0] == "2" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(live, json!(["2", 2]), "the live page's event stream brought the game");
    check!("a live game");

    // The contest page: a starter fills the form in place, and the form submits.
    cdp.open(&server, "/contests/c4", "").await;
    let filled = cdp
        .eval("document.getElementById('starter-python').click(); [location.pathname, document.getElementById('language').value]")
        .await;
    assert_eq!(filled, json!(["/contests/c4", "python"]), "the starter link's script ran");
    check!("/contests/c4 and its starter link");
    cdp.eval("document.querySelector('#submit-form button[type=submit]').click()").await;
    let submission = cdp.wait_for_prefix("/submissions/").await;
    // The page asks for the submission's progress every 3 seconds: let it ask once.
    tokio::time::sleep(Duration::from_millis(3300)).await;
    check!(submission);

    // A practice game: the form, the board, a move by click, leaving.
    cdp.open(&server, "/contests/c4/play", "").await;
    check!("/contests/c4/play");
    cdp.click("#opponent-random").await;
    cdp.click("#play-start").await;
    let practice = cdp.wait_for_prefix("/practice/").await;
    let state = "[document.getElementById('practice').dataset.status || '', \
                 Number(document.getElementById('practice').dataset.moves || 0)]";
    let mut seen = json!([]);
    for _ in 0..200 {
        seen = cdp.eval(state).await;
        if seen[0] == "your_turn" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(seen[0], "your_turn", "the practice page's socket brought the game: {seen}");
    let before = seen[1].as_u64().unwrap();
    cdp.click("#practice-board [data-col=\"4\"]").await;
    for _ in 0..200 {
        seen = cdp.eval(state).await;
        if seen[1].as_u64().unwrap() > before {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(seen[1].as_u64().unwrap() > before, "the click played a move: {seen}");
    check!(practice.clone());
    // Leaving asks first: said no to, the game goes on; said yes to, it ends, and says so.
    let asked = cdp
        .eval(
            "window.asked = []; window.confirm = (q) => { window.asked.push(q); return false; };
             document.getElementById('practice-leave').click(); window.asked",
        )
        .await;
    assert_eq!(asked.as_array().map(Vec::len), Some(1), "{asked}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_ne!(cdp.eval(state).await[0], "over", "refusing the question kept the game");
    cdp.eval("window.confirm = () => true; document.getElementById('practice-leave').click()").await;
    for _ in 0..200 {
        seen = cdp.eval(state).await;
        if seen[0] == "over" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(seen[0], "over", "leaving ended the game: {seen}");
    let said = cdp.eval("document.getElementById('practice-status').textContent").await;
    assert!(said.as_str().unwrap().starts_with("You left the game"), "{said}");
    check!(format!("{practice} after leaving"));

    // Logging out through the navigation's form, and in as an admin.
    cdp.eval("document.querySelector('form[action=\"/logout\"] button').click()").await;
    cdp.wait_for_prefix("/login").await;
    check!("logging out");
    cdp.log_in(&server, "root").await;
    for page in [
        "/admin/users".to_string(),
        "/admin/contests/new".into(),
        "/admin/contests/c4/settings".into(),
        "/admin/status".into(),
        "/admin/submissions".into(),
        "/admin/contests/c4/similarity".into(),
        format!("/admin/contests/c4/similarity/{sa}/{sb}"),
        format!("/submissions/{sb}"),
        format!("/games/{}", m.games[0]),
    ] {
        cdp.open(&server, &page, "").await;
        check!(page);
    }
    // A rejudge asks first; its confirmation page posts the form again.
    cdp.open(&server, "/admin/contests/c4/settings", "").await;
    cdp.eval("document.querySelector('form[action=\"/admin/contests/c4/rejudge\"] button').click()").await;
    cdp.wait_for_prefix("/admin/contests/c4/rejudge").await;
    assert!(cdp.eval("!!document.getElementById('confirm-button')").await == json!(true));
    check!("the confirmation page");
    cdp.eval("document.getElementById('confirm-button').click()").await;
    cdp.wait_for_prefix("/admin/contests/c4/settings").await;
    check!("after confirming");
    let rejudged: i64 = sqlx::query_scalar("select count(*) from games where replaced_at is not null")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(rejudged > 0, "the confirmed rejudge was done");

    assert!(broken.is_empty(), "pages in trouble under the policy:\n{}", broken.join("\n"));

    // The watcher itself: what an inline script or style would do is caught, and blocked.
    cdp.open(&server, "/contests", "").await;
    cdp.eval(
        "const s = document.createElement('script'); s.textContent = 'window.inlineRan = true'; document.body.append(s);
         document.body.setAttribute('style', 'color: red'); true",
    )
    .await;
    assert_eq!(cdp.eval("window.inlineRan === true").await, json!(false), "an inline script ran");
    let caught = cdp.trouble().await.join("\n");
    assert!(caught.contains("listener: script-src-elem"), "{caught}");
    assert!(caught.contains("listener: style-src-attr"), "{caught}");
    assert!(caught.contains("console") && caught.contains("Content Security Policy"), "{caught}");
}
