//! Serving the stored scoreboard snapshot at static-file speed: the scoreboard page's table rows
//! and the API's JSON are rendered once per snapshot and kept in this process, keyed by the
//! contest and the snapshot's version (`computed_at` and the row's `xmin`, read on every request
//! with the contest in one indexed lookup, so several servers sharing a database each notice a
//! refresh made by any of them). What differs per viewer is cheap: the navigation bar, the "find
//! me" link and the own-row highlight (a class added to one `<tr>` of the cached page by a string
//! substitution; no JavaScript needed).
//!
//! Responses carry an `ETag` (contest, `computed_at`, version, and for a page a hash of what the
//! viewer's page shows of them) and `Last-Modified` (`computed_at`), and are answered `304 Not
//! Modified` when the client has them; compression is the app's `CompressionLayer`.

use super::api_types::Scoreboard;
use super::error::{AppError, Result};
use super::render::{matches_path, when};
use crate::db;
use crate::db::ids::{ContestId, SubmissionId, UserId};
use crate::db::scoreboard::ScoreRow;
use crate::db::scoreboard_serving::Head;
use crate::judge::languages::Languages;
use crate::service::scoreboard;
use askama::Template;
use axum::body::Bytes;
use axum::http::{header, HeaderMap, HeaderValue};
use sqlx::PgPool;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use time::OffsetDateTime;

/// Rows of students per scoreboard page.
pub const PAGE_ROWS: usize = 100;

/// One snapshot, rendered.
pub struct Rendered {
    pub contest_id: ContestId,
    pub computed_at: OffsetDateTime,
    /// The head's `next_refresh_at` when rendered (a change of the contest's interval or freeze
    /// renders again).
    pub next_refresh_at: Option<OffsetDateTime>,
    pub version: i64,
    /// `contest-computed_at-version`: the part of every `ETag` of this snapshot.
    pub tag: String,
    pub last_modified: HeaderValue,
    /// `GET /api/contests/{slug}/scoreboard` with every row.
    pub json: Bytes,
    /// `{"computed_at":"…","rows":`: the JSON before the rows.
    json_head: Vec<u8>,
    /// The JSON of each row, for a window of them (`?offset=&limit=`).
    row_json: Vec<String>,
    /// The students' table rows, `PAGE_ROWS` a page (at least one page, maybe empty).
    pub pages: Vec<String>,
    /// The house bots' table rows (shown on every page).
    pub house: String,
    pub students: usize,
    /// Each user's row among the students: its page (0-based), submission and rank.
    pub own: HashMap<UserId, (usize, SubmissionId, u64)>,
}

impl Rendered {
    /// The API's JSON of rows `offset..offset + limit` (every row by default).
    pub fn json_window(&self, offset: usize, limit: Option<usize>) -> Bytes {
        let n = self.row_json.len();
        let start = offset.min(n);
        let end = limit.map_or(n, |l| start.saturating_add(l).min(n));
        if start == 0 && end == n {
            return self.json.clone();
        }
        with_rows(&self.json_head, &self.row_json[start..end]).into()
    }

    /// Rows in the whole snapshot, house bots included.
    pub fn row_count(&self) -> usize {
        self.row_json.len()
    }

    /// Page `index` (0-based) of the students' rows, with `me`'s row marked.
    pub fn page_rows(&self, index: usize, me: Option<SubmissionId>) -> String {
        let rows = &self.pages[index.min(self.pages.len() - 1)];
        match me {
            Some(id) => {
                let tag = format!("<tr id=\"s{id}\">");
                rows.replacen(&tag, &format!("<tr id=\"s{id}\" class=\"me\">"), 1)
            }
            None => rows.clone(),
        }
    }
}

/// The table rows of the scoreboard page.
pub struct StandingRow {
    pub rank: u64,
    pub nickname: String,
    pub submission: Option<SubmissionId>,
    pub link: Option<String>,
    pub points: i64,
    pub matches: String,
    pub games: String,
    pub language: String,
    pub submitted: String,
}

#[derive(Template)]
#[template(path = "judging/standing_rows.html")]
struct StandingRows<'a> {
    rows: &'a [StandingRow],
}

/// The rendered snapshots of this process, by contest.
#[derive(Default)]
pub struct Cache {
    /// Off only to measure the cost of rendering on every request (`botarena bench
    /// --uncached-scoreboard`): then every request reads and renders the snapshot.
    pub disabled: std::sync::atomic::AtomicBool,
    /// By contest and the reader's language and time zone ([`reader`]), which its times and words
    /// are rendered in.
    map: Mutex<HashMap<(ContestId, String), Arc<Rendered>>>,
    /// Each contest's head (id, title, snapshot version) by slug: when it was read, and this
    /// process's count of snapshot and contest writes then (`db::scoreboard_serving::writes`).
    heads: Mutex<HashMap<String, (Instant, u64, Head)>>,
}

/// How long a contest's head is trusted without asking the database again, unless this process
/// wrote a snapshot or a contest since: a refresh by another process (every ten minutes) shows up
/// at most this late, and a burst of requests for one scoreboard costs one lookup a second
/// instead of one each.
const HEAD_FRESH: Duration = Duration::from_secs(1);

impl Cache {
    fn disabled(&self) -> bool {
        self.disabled.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The contest of `slug` and its snapshot's version, as read at most `HEAD_FRESH` ago and
    /// before any write of this process (an unknown slug is asked every time).
    pub async fn head(&self, pool: &PgPool, slug: &str) -> Result<Head> {
        let writes = db::scoreboard_serving::writes();
        if !self.disabled() {
            let heads = self.heads.lock().expect("scoreboard heads lock");
            if let Some((at, seen, head)) = heads.get(slug) {
                if *seen == writes && at.elapsed() < HEAD_FRESH {
                    return Ok(head.clone());
                }
            }
        }
        let head = db::scoreboard_serving::head(&mut *pool.acquire().await?, slug)
            .await?
            .ok_or_else(|| AppError::not_found("contest"))?;
        let mut heads = self.heads.lock().expect("scoreboard heads lock");
        // Slugs of deleted or renamed contests do not pile up.
        heads.retain(|_, (at, _, _)| at.elapsed() < HEAD_FRESH);
        heads.insert(slug.to_string(), (Instant::now(), writes, head.clone()));
        Ok(head)
    }

    /// The rendered snapshot of `head`'s contest: the cached one if it is still the stored one,
    /// else read (computed first if the contest has none yet), rendered and kept.
    pub async fn get(&self, pool: &PgPool, languages: &Languages, head: &Head) -> Result<Arc<Rendered>> {
        if !self.disabled() {
            if let (Some(at), Some(version)) = (head.computed_at, head.version) {
                let map = self.map.lock().expect("scoreboard cache lock");
                if let Some(r) = map.get(&(head.contest_id, reader())) {
                    if r.computed_at == at
                        && r.version == version
                        && r.next_refresh_at == head.next_refresh_at
                    {
                        return Ok(r.clone());
                    }
                }
            }
        }
        let mut conn = pool.acquire().await?;
        let (computed_at, version, rows) =
            match db::scoreboard_serving::snapshot(&mut conn, head.contest_id).await? {
                Some(s) => s,
                None => {
                    scoreboard::refresh(&mut conn, head.contest_id).await?;
                    db::scoreboard_serving::snapshot(&mut conn, head.contest_id).await?.ok_or_else(|| {
                        AppError::Internal(anyhow::anyhow!("the snapshot just stored is gone"))
                    })?
                }
            };
        let ids: Vec<SubmissionId> =
            rows.iter().filter(|r| !r.house).filter_map(|r| r.submission_id).collect();
        let owners = db::scoreboard_serving::owners(&mut conn, &ids).await?;
        drop(conn);
        let rendered = Arc::new(render(languages, head, computed_at, version, rows, owners)?);
        if !self.disabled() {
            let mut map = self.map.lock().expect("scoreboard cache lock");
            // Keep the newer one when two requests rendered different snapshots at once.
            let key = (head.contest_id, reader());
            let newer = map.get(&key).is_none_or(|old| old.computed_at <= computed_at);
            if newer {
                map.insert(key, rendered.clone());
            }
        }
        Ok(rendered)
    }
}

/// The stored snapshot of a contest's scoreboard, computed now if it has none yet; shared by
/// the scoreboard's refresh, the matrix and the standings CSV.
pub async fn snapshot(pool: &PgPool, contest_id: ContestId) -> Result<(OffsetDateTime, Vec<ScoreRow>)> {
    let mut conn = pool.acquire().await?;
    Ok(match db::scoreboard::scoreboard(&mut conn, contest_id).await? {
        Some(s) => s,
        None => scoreboard::refresh(&mut conn, contest_id).await?,
    })
}

/// When the snapshot computed at `computed_at` is due again at the latest; none while frozen.
pub fn next_refresh(
    c: &crate::db::contests::Contest,
    computed_at: OffsetDateTime,
    frozen: bool,
) -> Option<OffsetDateTime> {
    (!frozen).then(|| computed_at + time::Duration::seconds(c.scoreboard_refresh_s.into()))
}

/// The API's JSON: `head` (`{"computed_at":"…","rows":`) and the JSON of `rows` as an array.
fn with_rows(head: &[u8], rows: &[String]) -> Vec<u8> {
    let mut out = Vec::with_capacity(head.len() + 3 + rows.iter().map(|r| r.len() + 1).sum::<usize>());
    out.extend_from_slice(head);
    out.push(b'[');
    for (i, r) in rows.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(r.as_bytes());
    }
    out.extend_from_slice(b"]}");
    out
}

/// `won/drawn/lost` of a snapshot row's counts.
/// What a rendering depends on besides the snapshot: the reader's language and time zone.
fn reader() -> String {
    let zone = super::i18n::time_zone();
    format!("{}.{}", super::i18n::locale().tag(), zone.iana_name().unwrap_or("UTC"))
}

fn wdl(w: &db::scoreboard::Wdl) -> String {
    format!("{}/{}/{}", w.won, w.drawn, w.lost)
}

/// Table rows of the scoreboard page for `rows` (e.g. the finals' standings), rendered now.
pub fn table_rows(languages: &Languages, slug: &str, rows: &[ScoreRow]) -> Result<String> {
    let rows: Vec<StandingRow> = rows
        .iter()
        .map(|r| StandingRow {
            rank: r.rank,
            nickname: r.nickname.clone(),
            submission: r.submission_id,
            link: r.submission_id.map(|id| matches_path(slug, id)),
            points: r.points,
            matches: wdl(&r.matches),
            games: wdl(&r.games),
            language: languages.name_of(&r.language),
            submitted: when(&r.submitted_at),
        })
        .collect();
    StandingRows { rows: &rows }
        .render()
        .map_err(|e| AppError::Internal(anyhow::anyhow!("rendering the finals' standings: {e}")))
}

fn render(
    languages: &Languages,
    head: &Head,
    computed_at: OffsetDateTime,
    version: i64,
    rows: Vec<ScoreRow>,
    owners: Vec<(SubmissionId, UserId)>,
) -> Result<Rendered> {
    let internal =
        |e: &dyn std::fmt::Display| AppError::Internal(anyhow::anyhow!("rendering the scoreboard: {e}"));
    let row_json = rows
        .iter()
        .map(serde_json::to_string)
        .collect::<std::result::Result<Vec<_>, _>>()
        .map_err(|e| internal(&e))?;
    let next_refresh_at = head.next_refresh_at;
    let json = serde_json::to_vec(&Scoreboard { computed_at, next_refresh_at, rows: Vec::new() })
        .map_err(|e| internal(&e))?;
    // `{"computed_at":"…","next_refresh_at":…,"rows":[]}` with the rows put in.
    let json_head = json[..json.len() - 3].to_vec();
    let full = with_rows(&json_head, &row_json);

    let owner_of: HashMap<SubmissionId, UserId> = owners.into_iter().collect();
    let (mut students, mut house) = (Vec::new(), Vec::new());
    let mut own = HashMap::new();
    for r in rows {
        let row = StandingRow {
            rank: r.rank,
            nickname: r.nickname,
            submission: r.submission_id,
            link: r.submission_id.map(|id| matches_path(&head.slug, id)),
            points: r.points,
            matches: wdl(&r.matches),
            games: wdl(&r.games),
            language: languages.name_of(&r.language),
            submitted: when(&r.submitted_at),
        };
        if r.house {
            house.push(row);
        } else {
            if let Some(user) = r.submission_id.and_then(|id| owner_of.get(&id)) {
                own.insert(*user, (students.len() / PAGE_ROWS, r.submission_id.expect("owned"), r.rank));
            }
            students.push(row);
        }
    }
    let mut pages = Vec::new();
    for chunk in students.chunks(PAGE_ROWS) {
        pages.push(StandingRows { rows: chunk }.render().map_err(|e| internal(&e))?);
    }
    if pages.is_empty() {
        pages.push(String::new());
    }
    let house = StandingRows { rows: &house }.render().map_err(|e| internal(&e))?;
    let next = next_refresh_at.map_or(0, |t| t.unix_timestamp());
    let tag = format!(
        "{}-{}-{}-{next}-{}",
        head.contest_id,
        computed_at.unix_timestamp_nanos() / 1000,
        version,
        reader()
    );
    Ok(Rendered {
        contest_id: head.contest_id,
        computed_at,
        next_refresh_at,
        version,
        tag,
        last_modified: HeaderValue::from_str(&http_date(computed_at)).map_err(|e| internal(&e))?,
        json: full.into(),
        json_head,
        row_json,
        pages,
        house,
        students: students.len(),
        own,
    })
}

/// An HTTP date (RFC 9110, IMF-fixdate): `Sun, 06 Nov 1994 08:49:37 GMT`.
pub fn http_date(t: OffsetDateTime) -> String {
    let f = time::macros::format_description!(
        "[weekday repr:short], [day] [month repr:short] [year] [hour]:[minute]:[second] GMT"
    );
    t.to_offset(time::UtcOffset::UTC).format(&f).unwrap_or_default()
}

fn parse_http_date(s: &str) -> Option<OffsetDateTime> {
    let f = time::macros::format_description!(
        "[weekday repr:short], [day] [month repr:short] [year] [hour]:[minute]:[second] GMT"
    );
    time::PrimitiveDateTime::parse(s.trim(), &f).ok().map(|t| t.assume_utc())
}

/// An entity tag of this snapshot and `extra` (what else the response depends on).
pub fn etag(r: &Rendered, extra: impl Hash) -> HeaderValue {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    extra.hash(&mut h);
    HeaderValue::from_str(&format!("\"{}-{:x}\"", r.tag, h.finish())).expect("an ASCII tag")
}

/// Whether the client already has this response: `If-None-Match` naming `etag` (or `*`), or, only
/// without `If-None-Match`, `If-Modified-Since` not before `computed_at` (to the second).
pub fn not_modified(headers: &HeaderMap, etag: &HeaderValue, computed_at: OffsetDateTime) -> bool {
    if let Some(inm) = headers.get(header::IF_NONE_MATCH) {
        let Ok(inm) = inm.to_str() else { return false };
        let mine = etag.to_str().unwrap_or_default();
        return inm.split(',').map(str::trim).any(|t| t == "*" || t.trim_start_matches("W/") == mine);
    }
    headers
        .get(header::IF_MODIFIED_SINCE)
        .and_then(|v| v.to_str().ok())
        .and_then(parse_http_date)
        .is_some_and(|since| computed_at.unix_timestamp() <= since.unix_timestamp())
}

/// The validators and caching headers of a snapshot's response: revalidated on every use.
pub fn validators(r: &Rendered, etag: HeaderValue) -> [(header::HeaderName, HeaderValue); 3] {
    [
        (header::ETAG, etag),
        (header::LAST_MODIFIED, r.last_modified.clone()),
        (header::CACHE_CONTROL, HeaderValue::from_static("private, no-cache")),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_http_date_reads_back() {
        let t = time::macros::datetime!(2026-11-22 14:05:09.123 UTC);
        let s = http_date(t);
        assert_eq!(s, "Sun, 22 Nov 2026 14:05:09 GMT");
        assert_eq!(parse_http_date(&s).unwrap().unix_timestamp(), t.unix_timestamp());
    }
}
