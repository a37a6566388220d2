//! The API's OpenAPI document: generated from the code (`botarena::web::openapi`), served at
//! `GET /api/openapi.json` without a token, and kept as a snapshot (`tests/snapshots/`), so that
//! a change of the API shows in review. After a deliberate change, review and accept the new
//! snapshot (`INSTA_UPDATE=always cargo test --test openapi`, or `cargo insta review`); under
//! `CI=true` a mismatch fails.

mod common;

use axum::http::StatusCode;
use common::*;

fn document() -> serde_json::Value {
    serde_json::to_value(botarena::web::openapi::document()).unwrap()
}

#[test]
fn the_openapi_document_matches_its_snapshot() {
    let text = botarena::web::openapi::document().to_pretty_json().unwrap();
    insta::assert_snapshot!("openapi", text);
}

/// Every endpoint of `docs/api.md`'s table is in the document, with its method, and nothing else.
#[test]
fn the_document_names_every_endpoint_of_the_api_docs() {
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/api.md")).unwrap();
    let mut documented: Vec<(String, String)> = docs
        .lines()
        .filter_map(|l| l.strip_prefix("| `")?.split_once('`').map(|(ep, _)| ep.to_string()))
        .filter_map(|ep| {
            let (method, path) = ep.split_once(' ')?;
            let path = path.split('?').next()?.to_string();
            path.starts_with("/api/").then(|| (method.to_lowercase(), path))
        })
        .collect();
    documented.sort();
    let doc = document();
    let mut generated: Vec<(String, String)> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, ops)| ops.as_object().unwrap().keys().map(move |m| (m.clone(), path.clone())))
        .filter(|(m, _)| ["get", "post", "put", "patch", "delete"].contains(&m.as_str()))
        .collect();
    generated.sort();
    assert_eq!(generated, documented);
}

#[test]
fn the_token_is_the_security_scheme_of_every_endpoint() {
    let doc = document();
    assert_eq!(doc["components"]["securitySchemes"]["token"]["scheme"], "bearer");
    assert_eq!(doc["security"], serde_json::json!([{"token": []}]));
}

#[tokio::test]
async fn the_document_is_served_without_a_token() {
    let app = setup().await;
    let r = app.api("GET", "/api/openapi.json", None, None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json(), document());
}
