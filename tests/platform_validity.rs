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
    // In Bulgarian the page says what each failed case was and why, without an English word.
    let r = page.submit_form("/profile/preferences", &[("locale", "bg"), ("time_zone", "")]).await;
    assert_eq!(r.status, axum::http::StatusCode::SEE_OTHER, "{}", r.body);
    let fills = page.get(&format!("/submissions/{fill_first}")).await.element("validity-failures").unwrap();
    assert!(fills.contains("пълна дъска"), "{fills}");
    assert!(fills.contains("за невалиден вход се очаква `error`"), "{fills}");
    let errors =
        page.get(&format!("/submissions/{always_error}")).await.element("validity-failures").unwrap();
    assert!(errors.contains("отговорът е `error`, но тази позиция е валидна"), "{errors}");
    assert!(errors.contains("(първият пример от условието)") && errors.contains("е на ход"), "{errors}");
    for table in [&fills, &errors] {
        for word in ["expected", "answered", "board", "full", "to move", "valid", "legal", "got"] {
            assert!(!table.contains(word), "English `{word}` on the Bulgarian page: {table}");
        }
    }
    // The API's failures stay English, whatever the token owner's language.
    let r = report(always_error).await;
    assert!(r["failures"][0][1].as_str().unwrap().contains("answered `error`"), "{r}");

    // A report stored before the typed failures shows its English words as they are.
    let mut conn = app.pool.acquire().await.unwrap();
    sqlx::query("update submissions set validity = validity - 'failure_codes' where id = $1")
        .bind(always_error)
        .execute(&mut *conn)
        .await
        .unwrap();
    let table = page.get(&format!("/submissions/{always_error}")).await.element("validity-failures").unwrap();
    assert!(table.contains("answered `error`, but this position is valid"), "{table}");
}
