//! The one-two-three validity tests run on every good compile of that game: the pass rate and
//! the failed inputs are stored with the submission and shown on its page and in the API.

mod common;

use botarena::db::users::Role;
use botarena::judge::validity;
use common::queues::{compile_all, submit};
use common::*;

const FILL_FIRST: &str = include_str!("bots/one-two-three/fill_first.py");
const ALWAYS_ERROR: &str = include_str!("bots/one-two-three/always_error.py");

#[tokio::test]
async fn every_one_two_three_submission_gets_its_validity_pass_rate() {
    let app = setup().await;
    let ids = app.state.language_ids();
    let c = botarena::db::contests::NewContest::build(
        "ott",
        "one-two-three",
        None,
        None,
        &["submit_interval_s=0".to_string()],
        &ids,
    )
    .unwrap();
    botarena::db::contests::create(&mut app.pool.acquire().await.unwrap(), &c).await.unwrap().unwrap();
    let ada = app.user("ada", Role::Student).await;
    let token = app.token(ada).await;
    let fill_first = submit(&app, "ott", &token, "python", FILL_FIRST).await;
    let always_error = submit(&app, "ott", &token, "python", ALWAYS_ERROR).await;
    compile_all(&app).await;

    let cases = validity::cases();
    let valid = cases.iter().filter(|c| c.valid).count() as u64;
    let total = cases.len() as u64;
    let report = |id: botarena::db::ids::SubmissionId| {
        let app = &app;
        let token = token.clone();
        async move {
            app.api("GET", &format!("/api/submissions/{id}"), Some(&token), None).await.json()["validity"]
                .clone()
        }
    };
    // A bot that always moves passes every valid position and no invalid input...
    let r = report(fill_first).await;
    assert_eq!((r["passed"].as_u64(), r["total"].as_u64()), (Some(valid), Some(total)), "{r}");
    assert!(r["failures"][0][1].as_str().unwrap().contains("expected `error`"), "{r}");
    // ...and one that always says `error` the other way round.
    let r = report(always_error).await;
    assert_eq!((r["passed"].as_u64(), r["total"].as_u64()), (Some(total - valid), Some(total)), "{r}");
    assert_eq!(r["score"], "none", "{r}");
    // Told in the statement's words, not as a board with an odd character.
    let why = r["failures"][0][1].as_str().unwrap();
    assert!(why.contains("answered `error`, but this position is valid"), "{r}");
    assert!(!why.contains("character"), "{r}");
    assert!(r["failures"][0][0].as_str().unwrap().contains("board"), "the case says what it tests: {r}");

    let mut page = app.logged_in("ada").await;
    let html = page.get(&format!("/submissions/{fill_first}")).await;
    let shown = html.element("validity").unwrap();
    assert!(shown.contains(&format!("{valid} of {total}")), "{shown}");
    assert!(html.element("validity-failures").unwrap().contains("a full board"));
}
