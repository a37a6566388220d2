//! The web server's figures: the scoreboard page and API against a static file of the same size
//! served by the same server, in one run. The real app (`web::app`) listens on a loopback port
//! against a throwaway database (`DATABASE_URL`'s server, or the embedded cluster in a temporary
//! data directory) holding a contest whose stored snapshot has `--entrants` synthetic rows; a
//! few keep-alive connections of hyper's client ask for the page (logged in) or the API (with a
//! token) and for the static file in turns, and the figure is requests per second of each.

use super::{Bench, Figure};
use crate::config::{DbArgs, WebConfig};
use crate::db::ids::SubmissionId;
use crate::db::scoreboard::{ScoreRow, Wdl};
use crate::db::{self, Database};
use crate::judge::languages::Languages;
use crate::web::{app, AppState};
use anyhow::{bail, Context};
use axum::body::Bytes;
use axum::http::{header, HeaderMap, Method, Request, StatusCode};
use http_body_util::{BodyExt, Full};
use hyper_util::rt::TokioIo;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub const SCOREBOARD_PAGE_RPS: &str = "scoreboard_page_rps";
pub const SCOREBOARD_API_RPS: &str = "scoreboard_api_rps";

/// Keep-alive connections asking at once.
const CONNECTIONS: usize = 8;

/// The running server and what the figures ask it.
pub struct Kit {
    rt: tokio::runtime::Runtime,
    addr: SocketAddr,
    cookie: String,
    token: String,
    /// Sizes of the page and of the API's answer; a static file of each size.
    page_static: String,
    api_static: String,
    db: Option<Database>,
    /// `DATABASE_URL` and the database made on its server, dropped at the end.
    throwaway: Option<(String, String)>,
    dirs: Vec<tempfile::TempDir>,
}

impl Drop for Kit {
    fn drop(&mut self) {
        if let Some(db) = self.db.take() {
            self.rt.block_on(db.close());
        }
        if let Some((url, name)) = self.throwaway.take() {
            let dropped = self.rt.block_on(async {
                use sqlx::Connection;
                let mut admin = sqlx::PgConnection::connect(&url).await?;
                sqlx::Executor::execute(
                    &mut admin,
                    format!("drop database if exists {name} with (force)").as_str(),
                )
                .await
            });
            if let Err(e) = dropped {
                eprintln!("botarena bench: could not drop the database {name}: {e}");
            }
        }
    }
}

const PAGE: &str = "/contests/bench/scoreboard";
const API: &str = "/api/contests/bench/scoreboard";

impl Kit {
    pub fn new(entrants: usize, uncached: bool) -> anyhow::Result<Kit> {
        let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
        let data = tempfile::Builder::new().prefix("botarena-bench-db-").tempdir()?;
        let statics = tempfile::Builder::new().prefix("botarena-bench-static-").tempdir()?;
        // A throwaway database on DATABASE_URL's server, or the embedded cluster in `data`.
        let (database_url, throwaway) = match std::env::var("DATABASE_URL").ok() {
            Some(url) => {
                let (bench_url, name) = rt.block_on(throwaway_database(&url))?;
                (Some(bench_url), Some((url, name)))
            }
            None => (None, None),
        };
        let db =
            rt.block_on(Database::connect(&DbArgs { data_dir: data.path().join("data"), database_url }))?;
        let mut kit = Kit {
            rt,
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            cookie: String::new(),
            token: String::new(),
            page_static: String::new(),
            api_static: String::new(),
            db: None,
            throwaway,
            dirs: vec![data, statics],
        };
        let pool = db.pool.clone();
        kit.db = Some(db);
        let static_dir = kit.dirs[1].path().to_path_buf();
        let (addr, token) = kit.rt.block_on(async {
            kit.db.as_ref().expect("set").migrate().await?;
            let languages = Arc::new(Languages::load_default()?);
            let state =
                AppState::new(pool.clone(), WebConfig::default(), languages, Default::default()).await?;
            state.scoreboards.disabled.store(uncached, Ordering::Relaxed);
            let mut conn = pool.acquire().await?;
            let ids = state.language_ids();
            let c = db::contests::NewContest::build("bench", "connect4", None, None, &[], &ids)
                .map_err(|e| anyhow::anyhow!("{e:?}"))?;
            let contest = db::contests::create(&mut conn, &c).await?.context("the contest exists")?;
            let hash = crate::service::password::hash("bench-password".to_string()).await?;
            let user = db::users::create(&mut conn, "bench", None, &hash, db::users::Role::Admin, false)
                .await?
                .id()
                .context("the user exists")?;
            let (_, token) = db::tokens::create(&mut conn, user, "bench").await?;
            db::scoreboard::store_scoreboard(&mut conn, contest, &synthetic_rows(entrants)).await?;
            drop(conn);
            // `app` reads it when it is built.
            std::env::set_var("BOTARENA_STATIC_DIR", &static_dir);
            let router = app(state);
            let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?;
            let addr = listener.local_addr()?;
            let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
                let _ = tcp.set_nodelay(true);
            });
            tokio::spawn(async move {
                let service = router.into_make_service_with_connect_info::<SocketAddr>();
                let _ = axum::serve(listener, service).await;
            });
            anyhow::Ok((addr, token))
        })?;
        kit.addr = addr;
        kit.token = token;
        kit.cookie = kit.rt.block_on(kit.log_in())?;
        // Static files of the sizes of the page and of the API's answer.
        let page = kit.rt.block_on(kit.fetch(PAGE, true))?;
        let api = kit.rt.block_on(kit.fetch(API, false))?;
        for (name, size) in [("page.html", page), ("api.json", api)] {
            std::fs::write(static_dir.join(name), "x".repeat(size))?;
        }
        kit.page_static = "/static/page.html".into();
        kit.api_static = "/static/api.json".into();
        Ok(kit)
    }

    /// Logs in through the login form; the session cookie.
    async fn log_in(&self) -> anyhow::Result<String> {
        let mut conn = connect(self.addr).await?;
        let (_, headers, body) = conn.send(get("/login", None, None)?).await?;
        let cookie = session_cookie(&headers).context("no session cookie from /login")?;
        let body = String::from_utf8_lossy(&body).to_string();
        let at = body.find("name=\"csrf\" value=\"").context("no CSRF field on /login")? + 19;
        let csrf = body[at..].split('"').next().unwrap_or_default().to_string();
        let form = format!("csrf={csrf}&username=bench&password=bench-password");
        let req = Request::builder()
            .method(Method::POST)
            .uri("/login")
            .header(header::HOST, "localhost")
            .header(header::COOKIE, &cookie)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Full::new(Bytes::from(form)))?;
        let (status, headers, _) = conn.send(req).await?;
        if status != StatusCode::SEE_OTHER {
            bail!("logging in: {status}");
        }
        Ok(session_cookie(&headers).unwrap_or(cookie))
    }

    /// The page's cookie or the API's token.
    fn credentials(&self, page: bool) -> (Option<String>, Option<String>) {
        if page {
            (Some(self.cookie.clone()), None)
        } else {
            (None, Some(self.token.clone()))
        }
    }

    /// The size of an answer, checking that it is a 200.
    async fn fetch(&self, path: &str, page: bool) -> anyhow::Result<usize> {
        let mut conn = connect(self.addr).await?;
        let (cookie, token) = self.credentials(page);
        let (status, _, body) = conn.send(get(path, cookie.as_deref(), token.as_deref())?).await?;
        if status != StatusCode::OK {
            bail!("GET {path}: {status}: {}", String::from_utf8_lossy(&body));
        }
        Ok(body.len())
    }

    /// Requests per second of `path` and of the static file, in alternating rounds.
    fn compare(
        &self,
        path: &str,
        page: bool,
        static_path: &str,
        rounds: usize,
        round: Duration,
    ) -> anyhow::Result<(f64, f64)> {
        self.rt.block_on(async {
            let (mut n, mut t, mut sn, mut st) = (0, Duration::ZERO, 0, Duration::ZERO);
            for _ in 0..rounds {
                let (k, d) = self.drive(static_path, false, round).await?;
                (sn, st) = (sn + k, st + d);
                let (k, d) = self.drive(path, page, round).await?;
                (n, t) = (n + k, t + d);
            }
            anyhow::Ok((n as f64 / t.as_secs_f64(), sn as f64 / st.as_secs_f64()))
        })
    }

    /// `CONNECTIONS` keep-alive connections asking for `path` for `time`; requests answered.
    async fn drive(&self, path: &str, page: bool, time: Duration) -> anyhow::Result<(u64, Duration)> {
        let done = Arc::new(AtomicU64::new(0));
        let started = Instant::now();
        let deadline = started + time;
        let mut tasks = Vec::new();
        for _ in 0..CONNECTIONS {
            let mut conn = connect(self.addr).await?;
            let (cookie, token) = self.credentials(page);
            let path = path.to_string();
            let done = done.clone();
            tasks.push(tokio::spawn(async move {
                while Instant::now() < deadline {
                    let (status, _, _) = conn.send(get(&path, cookie.as_deref(), token.as_deref())?).await?;
                    if status != StatusCode::OK {
                        bail!("GET {path}: {status}");
                    }
                    done.fetch_add(1, Ordering::Relaxed);
                }
                anyhow::Ok(())
            }));
        }
        for t in tasks {
            t.await??;
        }
        Ok((done.load(Ordering::Relaxed), started.elapsed()))
    }
}

/// A database of its own on `url`'s server: its URL and name.
async fn throwaway_database(url: &str) -> anyhow::Result<(String, String)> {
    use sqlx::Connection;
    let name = format!("botarena_bench_{}", uuid::Uuid::new_v4().simple());
    let mut admin = sqlx::PgConnection::connect(url).await.context("connecting to DATABASE_URL")?;
    sqlx::Executor::execute(&mut admin, format!("create database {name}").as_str()).await?;
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let base = match base.rfind('/') {
        Some(i) if i > base.find("//").map_or(0, |j| j + 1) => &base[..i],
        _ => base,
    };
    let bench_url = match query {
        Some(q) => format!("{base}/{name}?{q}"),
        None => format!("{base}/{name}"),
    };
    Ok((bench_url, name))
}

/// `n` entrants' rows, in rank order, like a refresh stores them.
fn synthetic_rows(n: usize) -> Vec<ScoreRow> {
    let at = time::OffsetDateTime::now_utc();
    (0..n)
        .map(|i| {
            let won = (n - i) as u32;
            ScoreRow {
                rank: i as u64 + 1,
                nickname: format!("student-{i:04}"),
                points: 3 * i64::from(won),
                matches: Wdl { won, drawn: 1, lost: i as u32 },
                games: Wdl { won: 2 * won, drawn: 3, lost: 2 * i as u32 },
                submission_id: Some(SubmissionId(1_000_000 + i as i64)),
                language: ["c", "cpp", "python", "rust", "java"][i % 5].to_string(),
                submitted_at: at,
                house: false,
            }
        })
        .collect()
}

fn get(path: &str, cookie: Option<&str>, token: Option<&str>) -> anyhow::Result<Request<Full<Bytes>>> {
    let mut req = Request::builder().method(Method::GET).uri(path).header(header::HOST, "localhost");
    if let Some(c) = cookie {
        req = req.header(header::COOKIE, c);
    }
    if let Some(t) = token {
        req = req.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    Ok(req.body(Full::new(Bytes::new()))?)
}

fn session_cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("botarena_session="))
        .map(|v| v.split(';').next().unwrap_or(v).to_string())
}

/// One keep-alive HTTP/1.1 connection.
struct Conn(hyper::client::conn::http1::SendRequest<Full<Bytes>>);

async fn connect(addr: SocketAddr) -> anyhow::Result<Conn> {
    let stream = tokio::net::TcpStream::connect(addr).await?;
    stream.set_nodelay(true)?;
    let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
    tokio::spawn(conn);
    Ok(Conn(sender))
}

impl Conn {
    async fn send(&mut self, req: Request<Full<Bytes>>) -> anyhow::Result<(StatusCode, HeaderMap, Bytes)> {
        self.0.ready().await?;
        let resp = self.0.send_request(req).await?;
        let (parts, body) = resp.into_parts();
        let bytes = body.collect().await?.to_bytes();
        Ok((parts.status, parts.headers, bytes))
    }
}

fn figure(b: &mut Bench, name: &'static str, page: bool) -> anyhow::Result<Figure> {
    let (rounds, round) = if b.quick { (2, Duration::from_millis(200)) } else { (5, Duration::from_secs(2)) };
    let kit = b.web()?;
    let (path, static_path) =
        if page { (PAGE, kit.page_static.clone()) } else { (API, kit.api_static.clone()) };
    let (rps, static_rps) = kit.compare(path, page, &static_path, rounds, round)?;
    let mut f = Figure::new(name, rps, "requests/s", "static_file_rps", static_rps);
    if b.uncached_scoreboard {
        f.note = Some("measured with the scoreboard's render cache off (--uncached-scoreboard)".into());
    }
    Ok(f)
}

/// The scoreboard page (logged in, page 1) against a static file of its size.
pub fn scoreboard_page_rps(b: &mut Bench) -> anyhow::Result<Figure> {
    figure(b, SCOREBOARD_PAGE_RPS, true)
}

/// `GET /api/contests/{slug}/scoreboard` (every row) against a static file of its size.
pub fn scoreboard_api_rps(b: &mut Bench) -> anyhow::Result<Figure> {
    figure(b, SCOREBOARD_API_RPS, false)
}
