//! The statement page of a contest (`/contests/{slug}/rules`), its starter downloads, the
//! server's own binary, the submit form's starter links, and the game page's stderr tail.

mod common;
mod game_fixtures;

use axum::http::{header, StatusCode};
use botarena::db::contests::{self, NewContest};
use botarena::db::users::Role;
use botarena::games::settings::Settings;
use botarena::games::GameId;
use botarena::judge::result::{BotId, ForfeitKind};
use botarena::judge::{BotCommand, MatchSpec, PlainLauncher};
use common::*;
use game_fixtures::finished_match;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

async fn contest(app: &TestApp, slug: &str, game: &str, set: &[&str]) {
    let set: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    let c =
        NewContest::build(slug, game, Some("The contest"), None, &set, &app.state.language_ids()).unwrap();
    contests::create(&mut app.pool.acquire().await.unwrap(), &c).await.unwrap().unwrap();
}

/// The first heading of a game's docs page, as the statement shows it.
fn doc_title(game: GameId) -> String {
    let doc = botarena::web::statement::game_doc(game);
    doc.lines()
        .find_map(|l| l.strip_prefix("# "))
        .expect("a docs page starts with a title")
        .trim()
        .to_string()
}

#[tokio::test]
async fn every_games_statement_page_shows_its_rules_settings_languages_starters_and_play_command() {
    let app = setup().await;
    app.user("ada", Role::Student).await;
    let mut c = app.logged_in("ada").await;
    for game in GameId::ALL {
        let slug = format!("s-{game}");
        contest(&app, &slug, game.as_str(), &[]).await;
        let r = c.get(&format!("/contests/{slug}/rules")).await;
        assert_eq!(r.status, StatusCode::OK, "{game}: {}", r.body);
        let rules = r.element("game-rules").unwrap();
        assert!(rules.starts_with(&doc_title(game)), "{game}: the docs page is not rendered: {rules}");
        for def in botarena::games::settings::defs(game) {
            let line =
                r.element(&format!("setting-{}", def.name)).unwrap_or_else(|| panic!("{game}: {}", def.name));
            assert!(line.len() > def.name.len() + 10, "{game}: {} has no meaning: {line}", def.name);
        }
        for id in app.state.language_ids() {
            assert!(r.element(&format!("language-{id}")).is_some(), "{game}: language {id}");
            assert!(r.element(&format!("starter-download-{id}")).is_some(), "{game}: starter {id}");
        }
        // Defaults everywhere: the plain command.
        assert_eq!(r.element("play-command").unwrap(), format!("./botarena play {game} main.c house:random"));
    }
}

/// The first heading of a markdown page.
fn title_of(page: &str) -> String {
    page.lines().find_map(|l| l.strip_prefix("# ")).expect("a title").trim().to_string()
}

#[tokio::test]
async fn the_statement_is_in_the_readers_language_or_in_english_with_a_note_saying_so() {
    let app = setup().await;
    let ada = app.user("ada", Role::Student).await;
    contest(&app, "ck", "checkers", &[]).await;
    contest(&app, "tr", "tron", &[]).await;
    let mut c = app.logged_in("ada").await;
    // An English reader: the English statement, no note.
    let r = c.get("/contests/ck/rules").await;
    assert!(r.body.contains(r#"id="game-rules" lang="en""#), "{}", r.body);
    assert!(r.element("statement-not-translated").is_none());
    botarena::service::accounts::set_locale(&app.pool, ada, "zh-CN").await.unwrap();
    // Checkers is translated into Chinese: the page and its statement are in Chinese.
    let r = c.get("/contests/ck/rules").await;
    assert!(r.body.contains(r#"<html lang="zh-CN">"#), "{}", r.body);
    assert!(r.body.contains(r#"id="game-rules" lang="zh-CN""#), "{}", r.body);
    let (chinese, translated) = botarena::web::statement::statement_markdown(GameId::Checkers, Some("zh-CN"));
    assert!(translated);
    assert!(r.element("game-rules").unwrap().starts_with(&title_of(chinese)));
    assert!(r.element("statement-not-translated").is_none());
    assert!(r.element("toc").unwrap().contains("本页内容"), "the page around it is Chinese too");
    // Tron is not: the English statement, marked English, under a note in Chinese.
    let r = c.get("/contests/tr/rules").await;
    assert!(r.body.contains(r#"id="game-rules" lang="en""#), "{}", r.body);
    assert!(r.element("game-rules").unwrap().starts_with(&doc_title(GameId::Tron)));
    let note = r.element("statement-not-translated").expect("a note");
    assert!(note.contains("英文"), "{note}");
    let move_ms = r.element("setting-move_ms").unwrap();
    // The unit as Chinese writes it (`unit-ms`).
    assert!(move_ms.contains("1000 毫秒") && move_ms.contains("本游戏不使用"), "{move_ms}");
}

#[tokio::test]
async fn the_settings_languages_and_play_command_shown_are_the_contests_own() {
    let app = setup().await;
    app.user("ada", Role::Student).await;
    let set = ["move_ms=1234", "rows=6", "submit_interval_s=17", "daily_budget_s=999", "languages=python,c"];
    contest(&app, "c4", "connect4", &set).await;
    let mut c = app.logged_in("ada").await;
    let r = c.get("/contests/c4/rules").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let move_ms = r.element("setting-move_ms").unwrap();
    assert!(move_ms.contains("1234 ms") && move_ms.contains("default 5000 ms"), "{move_ms}");
    assert!(move_ms.contains("move_timeout"), "the forfeit is named: {move_ms}");
    let rows = r.element("setting-rows").unwrap();
    assert!(rows.contains('6') && rows.contains("default 9"), "{rows}");
    assert!(!r.element("setting-cols").unwrap().contains("default"), "unchanged settings show no default");
    assert!(r.element("setting-submit_interval_s").unwrap().contains("17 s"));
    assert!(r.element("setting-daily_budget_s").unwrap().contains("999 s"));
    assert!(r.element("setting-memory_mib").unwrap().contains("350 MiB"));
    // Only the enabled languages, with versions asked of the compilers and this contest's memory.
    assert!(r.element("language-java").is_none() && r.element("starter-download-java").is_none());
    let python = r.element("language-python").unwrap();
    assert!(python.contains("Python 3."), "the version is the interpreter's own: {python}");
    assert!(python.contains("main.py") && python.contains("-m py_compile main.py"), "{python}");
    let gcc = r.element("language-c").unwrap();
    assert!(gcc.contains("gcc") && gcc.contains("-o bot main.c"), "{gcc}");
    // The exact command: every setting that differs from the game's default, and only those.
    let command = r.element("play-command").unwrap();
    assert_eq!(command, "./botarena play connect4 main.py house:random --set move_ms=1234 --set rows=6");
    let sets: Vec<&str> = command.split(" --set ").skip(1).collect();
    let played = Settings::from_assignments(GameId::Connect4, sets).unwrap();
    let stored: serde_json::Value = sqlx::query_scalar("select settings from contests where slug = 'c4'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(serde_json::to_value(&played).unwrap(), stored);
}

#[tokio::test]
async fn raw_html_in_a_docs_page_would_be_text_and_the_page_escapes_it() {
    // The renderer is tested on hostile input here too, as the page uses it.
    let html = botarena::web::markdown::markdown_html("x <img src=x onerror=alert(1)> y\n\n<div>z</div>\n");
    assert!(!html.contains("<img") && !html.contains("<div>"), "{html}");
}

#[tokio::test]
async fn starters_download_with_their_file_name_for_enabled_languages_only() {
    let app = setup().await;
    app.user("ada", Role::Student).await;
    contest(&app, "t", "tron", &["languages=python,java"]).await;
    let mut c = app.logged_in("ada").await;
    for (language, file) in [("python", "main.py"), ("java", "Main.java")] {
        let r = c.get(&format!("/contests/t/starters/{language}")).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let disposition = r.headers.get(header::CONTENT_DISPOSITION).unwrap().to_str().unwrap();
        assert_eq!(disposition, format!("attachment; filename=\"{file}\""));
        assert_eq!(r.body, botarena::starters::starter(GameId::Tron, language).unwrap().source);
    }
    let r = c.get("/contests/t/starters/c").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert!(r.body.contains("not enabled in this contest") && r.body.contains("python, java"), "{}", r.body);
    assert_eq!(c.get("/contests/nope/starters/c").await.status, StatusCode::NOT_FOUND);
    assert_eq!(c.get("/contests/nope/rules").await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_statement_starters_and_binary_need_a_login_like_the_contest_page() {
    let app = setup().await;
    contest(&app, "c4", "connect4", &[]).await;
    let mut anonymous = app.client();
    for path in ["/contests/c4", "/contests/c4/rules", "/contests/c4/starters/c", "/download/botarena"] {
        let r = anonymous.get(path).await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{path}");
        assert!(r.location().starts_with("/login"), "{path} -> {}", r.location());
    }
}

#[tokio::test]
async fn the_binary_offered_is_the_running_executable_with_the_hash_the_page_shows() {
    let app = setup().await;
    app.user("ada", Role::Student).await;
    contest(&app, "c4", "connect4", &[]).await;
    let mut c = app.logged_in("ada").await;
    let page = c.get("/contests/c4/rules").await;
    let shown = page.element("binary-sha256").expect("the hash is shown");
    assert_eq!(shown.len(), 64);
    let local = std::fs::read("/proc/self/exe").unwrap();
    assert_eq!(shown, format!("{:x}", Sha256::digest(&local)));
    // The download, byte for byte (the test's own executable is the one running the server).
    let req = axum::http::Request::builder()
        .uri("/download/botarena")
        .header(header::COOKIE, c.cookie.clone().unwrap())
        .body(axum::body::Body::empty())
        .unwrap();
    let resp = tower::ServiceExt::oneshot(app.router.clone(), req).await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    let disposition = resp.headers().get(header::CONTENT_DISPOSITION).unwrap().to_str().unwrap();
    assert_eq!(disposition, "attachment; filename=\"botarena\"");
    let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX).await.unwrap();
    assert_eq!(format!("{:x}", Sha256::digest(&bytes)), shown);
}

#[tokio::test]
async fn the_contest_page_links_the_rules_and_fills_the_form_with_a_starter() {
    let app = setup().await;
    app.user("ada", Role::Student).await;
    contest(&app, "m", "mathtricks", &["languages=c,python"]).await;
    let mut c = app.logged_in("ada").await;
    let r = c.get("/contests/m").await;
    assert!(r.body.contains("href=\"/contests/m/rules\" id=\"rules-link\""), "{}", r.body);
    assert!(r.element("starter-python").is_some() && r.element("starter-java").is_none());
    // The statement's "put it into the submit form" link, followed without JavaScript.
    let rules = c.get("/contests/m/rules").await;
    assert!(rules
        .body
        .contains("href=\"/contests/m?starter=python#submit-form\" id=\"starter-insert-python\""));
    let r = c.get("/contests/m?starter=python").await;
    assert_eq!(r.status, StatusCode::OK);
    let source = botarena::starters::starter(GameId::Mathtricks, "python").unwrap().source;
    assert_eq!(r.element("source").unwrap(), source.trim());
    assert!(r.body.contains("<option value=\"python\" selected>"), "the language is chosen too");
    let r = c.get("/contests/m?starter=java").await;
    assert!(r.element("form-error").unwrap().contains("no starter bot for `java`"), "{}", r.body);
    assert_eq!(r.element("source").unwrap(), "");
}

fn bot(file: &str) -> BotCommand {
    let path: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bots/connect4").join(file);
    BotCommand {
        label: file.to_string(),
        program: PathBuf::from("/usr/bin/python3"),
        args: vec![path.display().to_string()],
        workdir: std::env::temp_dir(),
        ..Default::default()
    }
}

#[tokio::test]
async fn a_crashed_bots_game_page_shows_its_own_stderr_to_its_owner_and_admins_only() {
    let app = setup().await;
    let ada = app.user("ada", Role::Student).await;
    let bob = app.user("bob", Role::Student).await;
    app.user("root", Role::Admin).await;
    contest(&app, "c4", "connect4", &[]).await;
    // A real game: ada's bot raises an exception on its third move.
    let spec = MatchSpec {
        game: GameId::Connect4,
        settings: Settings::from_assignments(GameId::Connect4, ["games=1"]).unwrap(),
        bots: [bot("crash.py"), bot("leftmost.py")],
        seed: 1,
        cpus: None,
    };
    let (result, logs) = tokio::task::spawn_blocking(move || {
        botarena::judge::play_match(&spec, &PlainLauncher::new(), &mut |_| {})
    })
    .await
    .unwrap();
    let game = &result.games[0];
    let forfeit = game.forfeit.as_ref().expect("the crash is a forfeit");
    assert_eq!((forfeit.bot, forfeit.kind), (BotId::A, ForfeitKind::Exited), "{forfeit:?}");
    let id = finished_match(&app, "c4", ada, bob, &result.games).await.games[0];
    sqlx::query("update games set log = $1 where id = $2")
        .bind(serde_json::to_string(&logs[0]).unwrap())
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();

    for who in ["ada", "root"] {
        let r = app.logged_in(who).await.get(&format!("/games/{id}")).await;
        let tail = r.element("stderr-lines").unwrap_or_else(|| panic!("{who} sees no stderr: {}", r.body));
        assert!(tail.contains("RuntimeError: this bot crashes on purpose"), "{tail}");
        assert!(tail.contains("Traceback"), "more than the last line: {tail}");
        assert!(r.element("forfeit").unwrap().contains("exited"));
        // Counted from 1 where people read it.
        assert!(r.body.contains("connect4, game 1 of its match"), "{}", r.body);
    }
    let r = app.logged_in("bob").await.get(&format!("/games/{id}")).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.element("stderr-tail").is_none() && !r.body.contains("crashes on purpose"), "{}", r.body);
}
