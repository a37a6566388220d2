//! Shared test harness: a fresh database per test (see `database.rs`), the whole HTTP
//! stack driven with `oneshot`, and a cookie-keeping client that fills in CSRF tokens like a
//! browser would.
#![allow(dead_code)]

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use botarena::config::WebConfig;
use botarena::db::ids::UserId;
use botarena::db::users::{self, Role};
use botarena::judge::languages::Languages;
use botarena::service::password;
use botarena::web::{app, AppState};
use sqlx::PgPool;
use std::sync::Arc;
use tokio::sync::Notify;
use tower::ServiceExt;

pub mod browser;
pub mod database;
pub mod queues;
pub mod raw_http;

pub struct TestApp {
    pub pool: PgPool,
    pub state: AppState,
    pub router: Router,
}

pub async fn setup() -> TestApp {
    setup_with(WebConfig::default()).await
}

pub async fn setup_with(config: WebConfig) -> TestApp {
    let pool = database::fresh_pool().await;
    let languages = Arc::new(Languages::load_default().expect("language config"));
    let state = AppState::new(pool.clone(), config, languages, Arc::new(Notify::new())).await.expect("state");
    TestApp { router: app(state.clone()), pool, state }
}

impl TestApp {
    /// A user that has finished the first-login step (password = `pw-<username>`).
    pub async fn user(&self, username: &str, role: Role) -> UserId {
        let hash = password::hash(format!("pw-{username}")).await.unwrap();
        let mut conn = self.pool.acquire().await.unwrap();
        let id = users::create(&mut conn, username, None, &hash, role, false).await.unwrap().id().unwrap();
        users::set_nickname(&mut conn, id, &format!("nick-{username}")).await.unwrap();
        id
    }

    /// A browser logged in as a user made by [`TestApp::user`].
    pub async fn logged_in(&self, username: &str) -> Client {
        let mut c = self.client();
        let resp = c.login(username, &format!("pw-{username}")).await;
        assert_eq!(resp.status, StatusCode::SEE_OTHER, "login of {username} failed: {}", resp.body);
        c
    }

    pub fn client(&self) -> Client {
        Client { router: self.router.clone(), cookie: None, peer: None }
    }

    pub async fn contest(&self, slug: &str, extra: &[&str]) {
        let ids: Vec<String> = self.state.language_ids();
        let set: Vec<String> = extra.iter().map(|s| s.to_string()).collect();
        let c = botarena::db::contests::NewContest::build(slug, "connect4", None, None, &set, &ids).unwrap();
        botarena::db::contests::create(&mut self.pool.acquire().await.unwrap(), &c).await.unwrap().unwrap();
    }

    /// Students made by [`TestApp::user`], each with an API token; the tokens, in order.
    pub async fn students(&self, names: &[&str]) -> Vec<String> {
        let mut tokens = Vec::new();
        for name in names {
            let id = self.user(name, Role::Student).await;
            tokens.push(self.token(id).await);
        }
        tokens
    }

    pub async fn token(&self, user_id: UserId) -> String {
        botarena::db::tokens::create(&mut self.pool.acquire().await.unwrap(), user_id, "test")
            .await
            .unwrap()
            .1
    }

    /// An API request with an optional bearer token and JSON body.
    pub async fn api(
        &self,
        method: &str,
        uri: &str,
        token: Option<&str>,
        body: Option<serde_json::Value>,
    ) -> Resp {
        let mut req = Request::builder().method(method).uri(uri);
        if let Some(t) = token {
            req = req.header(header::AUTHORIZATION, format!("Bearer {t}"));
        }
        let req = match body {
            Some(b) => req.header(header::CONTENT_TYPE, "application/json").body(Body::from(b.to_string())),
            None => req.body(Body::empty()),
        };
        send(&self.router, req.unwrap()).await
    }

    pub async fn raw_api(&self, method: &str, uri: &str, token: &str, body: &'static str) -> Resp {
        let req = Request::builder()
            .method(method)
            .uri(uri)
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body))
            .unwrap();
        send(&self.router, req).await
    }
}

pub struct Resp {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: String,
}

impl Resp {
    pub fn location(&self) -> &str {
        self.headers.get(header::LOCATION).and_then(|v| v.to_str().ok()).unwrap_or("")
    }
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
    /// The text inside the element with this id (tags stripped), if there is one.
    pub fn element(&self, id: &str) -> Option<String> {
        let at = self.body.find(&format!("id=\"{id}\""))?;
        let start = at + self.body[at..].find('>')? + 1;
        let rest = &self.body[start..];
        let tag_start = self.body[..at].rfind('<')? + 1;
        let tag: String = self.body[tag_start..].chars().take_while(|c| c.is_alphanumeric()).collect();
        let end = rest.find(&format!("</{tag}>")).unwrap_or(rest.len());
        let mut text = String::new();
        let mut in_tag = false;
        for ch in rest[..end].chars() {
            match ch {
                '<' => in_tag = true,
                '>' => in_tag = false,
                c if !in_tag => text.push(c),
                _ => {}
            }
        }
        Some(
            text.trim()
                .replace("&#x27;", "'")
                .replace("&#39;", "'")
                .replace("&quot;", "\"")
                .replace("&#34;", "\"")
                .replace("&lt;", "<")
                .replace("&#60;", "<")
                .replace("&gt;", ">")
                .replace("&#62;", ">")
                .replace("&#38;", "&")
                .replace("&amp;", "&"),
        )
    }
}

pub async fn send(router: &Router, req: Request<Body>) -> Resp {
    let resp = router.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let headers = resp.headers().clone();
    let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX).await.unwrap();
    Resp { status, headers, body: String::from_utf8_lossy(&bytes).into_owned() }
}

/// A browser: keeps the session cookie, reads CSRF tokens from the last page.
pub struct Client {
    router: Router,
    pub cookie: Option<String>,
    /// The peer address the server sees (`ConnectInfo`), as `serve` gives it; none by default.
    pub peer: Option<std::net::SocketAddr>,
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

impl Client {
    async fn go(&mut self, req: axum::http::request::Builder, body: Body) -> Resp {
        let req = match &self.cookie {
            Some(c) => req.header(header::COOKIE, c),
            None => req,
        };
        let mut req = req.body(body).unwrap();
        if let Some(peer) = self.peer {
            req.extensions_mut().insert(axum::extract::ConnectInfo(peer));
        }
        let resp = send(&self.router, req).await;
        if let Some(set) = resp.headers.get(header::SET_COOKIE).and_then(|v| v.to_str().ok()) {
            let pair = set.split(';').next().unwrap().to_string();
            self.cookie = if pair.ends_with('=') { None } else { Some(pair) };
        }
        resp
    }

    pub async fn get(&mut self, uri: &str) -> Resp {
        self.go(Request::builder().uri(uri), Body::empty()).await
    }

    /// A GET whose response body is left to read as it comes (a stream of events).
    pub async fn raw_get(&self, uri: &str) -> axum::response::Response {
        let mut req = Request::builder().uri(uri);
        if let Some(c) = &self.cookie {
            req = req.header(header::COOKIE, c);
        }
        self.router.clone().oneshot(req.body(Body::empty()).unwrap()).await.unwrap()
    }

    /// The CSRF token of this client's session, read from a page's form.
    pub async fn csrf(&mut self) -> String {
        for path in ["/login", "/profile", "/welcome"] {
            if let Some(t) = csrf_of(&self.get(path).await.body) {
                return t;
            }
        }
        String::new()
    }

    /// The page a form's POST redirects to (POST-redirect-GET), read as the browser would.
    pub async fn follow(&mut self, posted: Resp) -> Resp {
        assert_eq!(
            posted.status,
            StatusCode::SEE_OTHER,
            "a form's POST answers with a redirect: {}",
            posted.body
        );
        let to = posted.location().to_string();
        self.get(&to).await
    }

    pub async fn post_form(&mut self, uri: &str, fields: &[(&str, &str)]) -> Resp {
        let body: Vec<String> =
            fields.iter().map(|(k, v)| format!("{}={}", urlencode(k), urlencode(v))).collect();
        let req = Request::builder()
            .method("POST")
            .uri(uri)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
        self.go(req, Body::from(body.join("&"))).await
    }

    /// Posts a form with this session's CSRF token added.
    pub async fn submit_form(&mut self, uri: &str, fields: &[(&str, &str)]) -> Resp {
        let csrf = self.csrf().await;
        let mut all = vec![("csrf", csrf.as_str())];
        all.extend_from_slice(fields);
        self.post_form(uri, &all).await
    }

    pub async fn post_multipart(&mut self, uri: &str, fields: &[(&str, Option<&str>, &[u8])]) -> Resp {
        let boundary = "----botarenatestboundary";
        let mut body = Vec::new();
        for (name, filename, data) in fields {
            body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
            match filename {
                Some(f) => body.extend_from_slice(
                    format!("Content-Disposition: form-data; name=\"{name}\"; filename=\"{f}\"\r\nContent-Type: application/octet-stream\r\n\r\n").as_bytes(),
                ),
                None => body.extend_from_slice(format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n").as_bytes()),
            }
            body.extend_from_slice(data);
            body.extend_from_slice(b"\r\n");
        }
        body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
        let req = Request::builder()
            .method("POST")
            .uri(uri)
            .header(header::CONTENT_TYPE, format!("multipart/form-data; boundary={boundary}"));
        self.go(req, Body::from(body)).await
    }

    /// Submits a bot through the contest page's form.
    pub async fn submit_bot(&mut self, slug: &str, language: &str, source: &str) -> Resp {
        let page = self.get(&format!("/contests/{slug}")).await;
        let csrf = csrf_of(&page.body).unwrap_or_default();
        self.post_multipart(
            &format!("/contests/{slug}"),
            &[
                ("csrf", None, csrf.as_bytes()),
                ("language", None, language.as_bytes()),
                ("source", None, source.as_bytes()),
            ],
        )
        .await
    }

    pub async fn login(&mut self, username: &str, password: &str) -> Resp {
        let page = self.get("/login").await;
        let csrf = csrf_of(&page.body).unwrap_or_default();
        self.post_form("/login", &[("csrf", &csrf), ("username", username), ("password", password)]).await
    }
}

/// What `ask` answers once `done` holds of it, asked every 50 ms for at most 3 s (then its
/// last answer): for what another process writes in the database, which a server sees within the
/// second it keeps what it read (the scoreboard's head, a session).
pub async fn eventually<T, F, Fut>(mut ask: F, done: impl Fn(&T) -> bool) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = T>,
{
    let start = std::time::Instant::now();
    loop {
        let answer = ask().await;
        if done(&answer) || start.elapsed() > std::time::Duration::from_secs(3) {
            return answer;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

pub fn csrf_of(html: &str) -> Option<String> {
    let at = html.find("name=\"csrf\" value=\"")? + "name=\"csrf\" value=\"".len();
    Some(html[at..].split('"').next()?.to_string())
}
