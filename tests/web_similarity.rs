//! Copy detection in the platform: submissions indexed as they compile, a disguised copy caught,
//! an independent bot grown from the same starter not, base code added by an admin no longer
//! counted, and all of it for admins only.

mod common;

use axum::http::StatusCode;
use botarena::db::users::Role;
use common::queues::{compile_all, submit};
use common::*;
use serde_json::Value;

/// Ada's bot: the connect4 starter and a scoring function of her own.
fn ada_bot() -> String {
    let starter = botarena::starters::starter(botarena::games::GameId::Connect4, "python").unwrap().source;
    format!(
        "{starter}\n\n# Ada's own evaluation.\ndef score_window(window, me, other):\n    score = 0\n    \
         if window.count(me) == 4:\n        score += 100\n    elif window.count(me) == 3 and window.count(0) == 1:\n        \
         score += 5\n    elif window.count(me) == 2 and window.count(0) == 2:\n        score += 2\n    \
         if window.count(other) == 3 and window.count(0) == 1:\n        score -= 4\n    return score\n\n\
         def centre_bonus(board, me, cols):\n    centre = [row[cols // 2] for row in board]\n    return centre.count(me) * 3\n\n\
         def evaluate(board, me, other, rows, cols):\n    total = centre_bonus(board, me, cols)\n    for r in range(rows):\n        \
         for c in range(cols - 3):\n            total += score_window(board[r][c:c + 4], me, other)\n    \
         for c in range(cols):\n        column = [board[r][c] for r in range(rows)]\n        for r in range(rows - 3):\n            \
         total += score_window(column[r:r + 4], me, other)\n    return total\n"
    )
}

/// Bob's: Ada's with the usual disguises (names, constants, comments).
fn bob_bot() -> String {
    let mut s = ada_bot().replace("# Ada's own evaluation.", "# my heuristic, written from scratch");
    for (from, to) in [
        ("score_window", "rate_four"),
        ("window", "cells"),
        ("centre_bonus", "middle"),
        ("evaluate", "heuristic"),
        ("total", "acc"),
        ("100", "1000"),
        ("* 3", "* 4"),
    ] {
        s = s.replace(from, to);
    }
    s
}

/// Cyd's: the same starter and other code of her own.
fn cyd_bot() -> String {
    let starter = botarena::starters::starter(botarena::games::GameId::Connect4, "python").unwrap().source;
    format!(
        "{starter}\n\nimport random\n\nclass Memory:\n    def __init__(self):\n        self.seen = {{}}\n        self.hits = 0\n\n    \
         def remember(self, key, value):\n        if key in self.seen:\n            self.hits += 1\n        self.seen[key] = value\n\n\
         def shuffle_moves(moves, seed):\n    rng = random.Random(seed)\n    out = list(moves)\n    rng.shuffle(out)\n    \
         while out and out[0] is None:\n        out.pop(0)\n    return out\n"
    )
}

fn pair<'a>(v: &'a Value, a: &str, b: &str) -> Option<&'a Value> {
    v["pairs"].as_array().unwrap().iter().find(|p| {
        let names = [p["a"]["username"].as_str().unwrap(), p["b"]["username"].as_str().unwrap()];
        names == [a, b] || names == [b, a]
    })
}

#[tokio::test]
async fn a_disguised_copy_is_caught_and_a_bot_from_the_same_starter_is_not() {
    let app = setup().await;
    app.contest("c4", &["submit_interval_s=0"]).await;
    let tokens = app.students(&["ada", "bob", "cyd"]).await;
    let root = app.user("root", Role::Admin).await;
    let admin = app.token(root).await;
    let ada = submit(&app, "c4", &tokens[0], "python", &ada_bot()).await;
    let bob = submit(&app, "c4", &tokens[1], "python", &bob_bot()).await;
    submit(&app, "c4", &tokens[2], "python", &cyd_bot()).await;
    compile_all(&app).await;

    let r = app.api("GET", "/api/contests/c4/similarity", Some(&admin), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let v = r.json();
    assert_eq!((v["indexed"].as_i64(), v["submissions"].as_i64()), (Some(3), Some(3)), "{v}");
    let copy = pair(&v, "ada", "bob").unwrap_or_else(|| panic!("the copy was not found: {v}"));
    let score = copy["similarity"].as_f64().unwrap();
    println!("ada/bob (disguised copy): {score}, longest run {}", copy["longest_run"]);
    assert!(score >= 0.7, "{copy}");
    assert!(copy["longest_run"].as_i64().unwrap() >= 40, "{copy}");
    // Cyd shares only the starter with them: base code, never counted.
    for other in ["ada", "bob"] {
        let s = pair(&v, other, "cyd").map_or(0.0, |p| p["similarity"].as_f64().unwrap());
        println!("{other}/cyd (independent, same starter): {s}");
        assert!(s < 0.3, "{other} and cyd: {v}");
    }
    // A threshold above the copy's score lists nothing.
    let r = app.api("GET", "/api/contests/c4/similarity?min=1.01", Some(&admin), None).await;
    assert!(r.json()["pairs"].as_array().unwrap().iter().all(|p| p["similarity"].as_f64().unwrap() >= 1.0));

    // Admins only.
    let r = app.api("GET", "/api/contests/c4/similarity", Some(&tokens[2]), None).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    let mut cyd = app.logged_in("cyd").await;
    assert_eq!(cyd.get("/admin/contests/c4/similarity").await.status, StatusCode::FORBIDDEN);
    assert_eq!(
        cyd.get(&format!("/admin/contests/c4/similarity/{ada}/{bob}")).await.status,
        StatusCode::FORBIDDEN
    );

    // The page is linked from the contest's admin page and from the admin's line of the contest
    // page (students see neither link).
    let mut root = app.logged_in("root").await;
    for (page, id) in
        [("/admin/contests/c4/settings", "similarity-link"), ("/contests/c4", "admin-similarity-link")]
    {
        let html = root.get(page).await;
        let link = html.element(id).unwrap_or_else(|| panic!("no #{id} on {page}: {}", html.body));
        assert!(
            html.body.contains(&format!(r#"<a href="/admin/contests/c4/similarity" id="{id}">"#)),
            "{link}"
        );
    }
    assert!(cyd.get("/contests/c4").await.element("admin-similarity-link").is_none());

    // The page lists the pair; the side-by-side view marks and links the shared regions.
    let page = root.get("/admin/contests/c4/similarity").await;
    assert_eq!(page.status, StatusCode::OK);
    let row = page.element(&format!("pair-{ada}-{bob}")).unwrap_or_else(|| panic!("{}", page.body));
    assert!(row.contains("ada") && row.contains("bob"), "{row}");
    let view = root.get(&format!("/admin/contests/c4/similarity/{ada}/{bob}")).await;
    assert_eq!(view.status, StatusCode::OK);
    assert!(
        view.body.contains("id=\"a0\" href=\"#b") && view.body.contains("id=\"b0\" href=\"#a"),
        "{}",
        view.body
    );
    assert!(view.body.contains("def rate_four") && view.body.contains("def score_window"));

    // Ada's code handed out as base code: the pair is no longer a copy.
    let r = root
        .submit_form(
            "/admin/contests/c4/similarity/base",
            &[("name", "evaluation.py"), ("language", "python"), ("source", &ada_bot())],
        )
        .await;
    assert!(r.status.is_redirection() || r.status == StatusCode::OK, "{}", r.body);
    let v = eventually(
        || async { app.api("GET", "/api/contests/c4/similarity", Some(&admin), None).await.json() },
        |v: &Value| pair(v, "ada", "bob").is_none_or(|p| p["similarity"].as_f64().unwrap() < 0.3),
    )
    .await;
    assert!(pair(&v, "ada", "bob").is_none_or(|p| p["similarity"].as_f64().unwrap() < 0.3), "{v}");
    let page = root.get("/admin/contests/c4/similarity").await;
    assert!(page.element("base-files").unwrap().contains("evaluation.py"));
}
