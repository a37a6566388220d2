//! Copy detection for a contest (`botarena-similarity` does the computing): a submission is
//! indexed when its compile ends, and compared at once with every other user's submission of the
//! contest through the stored fingerprints; the contest's starters and the base files an admin
//! adds never count as shared.
//!
//! Memory: reading a source is bounded by the library's budget (`PARSE_MAX_*`: a source over it is
//! read by the plain lexer, at most `MAX_TOKENS` tokens are kept, and the admin's page says which
//! ones), and at most [`AT_ONCE`] sources are read or compared at a time in the process, however
//! many compiles, reindexes and side-by-side views ask at once.

use crate::db;
use crate::db::ids::{ContestId, SubmissionId};
use crate::db::similarity::{Indexable, NewPair};
use crate::similarity as sim;
use sqlx::{Connection, PgConnection, PgPool};
use std::collections::HashSet;

/// Pairs below this similarity are not stored: ordinary bots share a few idioms.
pub const STORED_FLOOR: f32 = 0.1;

/// A pair needs at least this many shared fingerprints to be looked at (a handful is chance).
const MIN_SHARED: i64 = 3;

/// How many similarity computations (reading sources, comparing token sequences) run at once.
pub const AT_ONCE: usize = 2;

static WORK: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(AT_ONCE);

/// Runs `f` on a blocking thread once one of the [`AT_ONCE`] places is free; the place is the
/// thread's until `f` returns, even when the caller stops waiting (a page left before it loads).
async fn computed<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> anyhow::Result<T> {
    let place = WORK.acquire().await?;
    Ok(tokio::task::spawn_blocking(move || {
        let _place = place;
        f()
    })
    .await?)
}

/// The contest's base code as a set of k-gram hashes.
async fn base(conn: &mut PgConnection, contest: ContestId) -> sqlx::Result<HashSet<u64>> {
    Ok(db::similarity::base(conn, contest).await?.into_iter().map(|h| h as u64).collect())
}

/// Indexes submission `id` and stores its pairs with every other user's indexed submission of the
/// contest. Parsing runs on a blocking thread, [`AT_ONCE`] at most. Nothing to do for a submission
/// that is gone. `starters` (`(language, source)` of the contest game's starters) make the
/// contest's base code the first time one of its submissions is indexed.
pub async fn index(
    conn: &mut PgConnection,
    id: SubmissionId,
    starters: Vec<(String, String)>,
) -> anyhow::Result<()> {
    let Some(s) = db::similarity::indexable(conn, id).await? else { return Ok(()) };
    let mut base = base(conn, s.contest_id).await?;
    if base.is_empty() {
        base = set_base(conn, s.contest_id, starters).await?;
    }
    index_with(conn, s, base).await
}

/// Computes and stores the contest's base code: every k-gram of its starters and base files.
async fn set_base(
    conn: &mut PgConnection,
    contest: ContestId,
    starters: Vec<(String, String)>,
) -> anyhow::Result<HashSet<u64>> {
    let files = db::similarity::base_files(conn, contest).await?;
    let hashes = computed(move || {
        let added = files.into_iter().map(|f| (f.language, f.source));
        let mut all: Vec<i64> = starters
            .into_iter()
            .chain(added)
            .flat_map(|(language, source)| {
                let tokens: Vec<u32> = sim::token_hashes(&language, &source);
                sim::kgrams(&tokens)
            })
            .map(|h| h as i64)
            .collect();
        all.sort_unstable();
        all.dedup();
        all
    })
    .await?;
    db::similarity::set_base(conn, contest, &hashes).await?;
    Ok(hashes.iter().map(|&h| h as u64).collect())
}

async fn index_with(conn: &mut PgConnection, s: Indexable, base: HashSet<u64>) -> anyhow::Result<()> {
    let (language, source) = (s.language.clone(), String::from_utf8_lossy(&s.source).into_owned());
    let (tokens, over_budget, fingerprints, base) = computed(move || {
        let read = sim::tokenize(&language, &source);
        drop(source);
        let tokens: Vec<u32> = read.tokens.into_iter().map(|t| t.hash).collect();
        let fingerprints: Vec<i64> =
            sim::fingerprint_set(&tokens, &base).into_iter().map(|h| h as i64).collect();
        (tokens, read.over_budget, fingerprints, base)
    })
    .await?;
    let mut tx = conn.begin().await?;
    db::similarity::store(&mut tx, &s, &sim::to_bytes(&tokens), &fingerprints, over_budget.as_ref()).await?;
    let floor = (STORED_FLOOR, sim::MIN_FINGERPRINTS as i32);
    let others = db::similarity::sharing(&mut tx, &s, &fingerprints, MIN_SHARED, floor.0, floor.1).await?;
    let own = fingerprints.len();
    let masked = sim::mask(&tokens, &base, 1);
    let pairs: Vec<NewPair> = computed(move || {
        others
            .into_iter()
            .filter_map(|o| {
                let score = sim::similarity(o.shared as usize, own, o.fingerprints as usize) as f32;
                (score >= STORED_FLOOR).then(|| {
                    let theirs = sim::mask(&sim::from_bytes(&o.tokens), &base, 2);
                    let longest = sim::matches(&masked, &theirs).iter().map(|m| m.a.len()).max().unwrap_or(0);
                    let (a, b) = if s.id < o.id { (s.id, o.id) } else { (o.id, s.id) };
                    NewPair { a, b, shared: o.shared as i32, similarity: score, longest_run: longest as i32 }
                })
            })
            .collect()
    })
    .await?;
    db::similarity::store_pairs(&mut tx, s.contest_id, &pairs).await?;
    tx.commit().await?;
    Ok(())
}

/// Recomputes the contest's base code (`starters`, the `(language, source)` of its game's
/// starters, and the admin's base files) and reindexes all its submissions, oldest first: after
/// base code changed, or to index submissions made before copy detection existed. How many were
/// indexed.
pub async fn reindex(
    conn: &mut PgConnection,
    contest: ContestId,
    starters: Vec<(String, String)>,
) -> anyhow::Result<usize> {
    let base = set_base(conn, contest, starters).await?;
    let ids = db::similarity::submissions_of(conn, contest).await?;
    for id in &ids {
        if let Some(s) = db::similarity::indexable(conn, *id).await? {
            index_with(conn, s, base.clone()).await?;
        }
    }
    Ok(ids.len())
}

/// The two sources of a pair with their shared regions, as byte ranges of each source, in the
/// order of the first; for the side-by-side view.
pub struct SideBySide {
    pub a: (String, Vec<std::ops::Range<usize>>),
    pub b: (String, Vec<std::ops::Range<usize>>),
    /// Region k of `a` matches region `order[k]` of `b` (b's regions are in b's order).
    pub order: Vec<usize>,
    pub longest_run: usize,
}

/// Computes the shared regions of two sources of a contest, base code excluded.
pub async fn side_by_side(
    conn: &mut PgConnection,
    contest: ContestId,
    a: (&str, &[u8]),
    b: (&str, &[u8]),
) -> anyhow::Result<SideBySide> {
    let base = base(conn, contest).await?;
    let (la, sa) = (a.0.to_string(), String::from_utf8_lossy(a.1).into_owned());
    let (lb, sb) = (b.0.to_string(), String::from_utf8_lossy(b.1).into_owned());
    computed(move || {
        let (ta, tb) = (sim::tokens(&la, &sa), sim::tokens(&lb, &sb));
        let hash = |t: &[sim::Token]| t.iter().map(|t| t.hash).collect::<Vec<_>>();
        let tiles = sim::matches(&sim::mask(&hash(&ta), &base, 1), &sim::mask(&hash(&tb), &base, 2));
        let span = |tokens: &[sim::Token], r: &std::ops::Range<usize>| {
            tokens[r.start].span.start..tokens[r.end - 1].span.end
        };
        let regions_a: Vec<_> = tiles.iter().map(|m| span(&ta, &m.a)).collect();
        let mut by_b: Vec<usize> = (0..tiles.len()).collect();
        by_b.sort_by_key(|&k| tiles[k].b.start);
        let regions_b: Vec<_> = by_b.iter().map(|&k| span(&tb, &tiles[k].b)).collect();
        let mut order = vec![0; tiles.len()];
        for (pos_in_b, &k) in by_b.iter().enumerate() {
            order[k] = pos_in_b;
        }
        let longest_run = tiles.iter().map(|m| m.a.len()).max().unwrap_or(0);
        SideBySide { a: (sa, regions_a), b: (sb, regions_b), order, longest_run }
    })
    .await
}
/// Base files are code every student may use (a library the course hands out); at most this big.
pub const BASE_FILE_MAX: usize = 256 * 1024;

/// Why a base file was refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum BaseFileRefused {
    #[error("A base file needs a name and a source.")]
    Empty,
    /// `choices`: the server's languages.
    #[error("`{language}` is not a language of this server; one of: {choices}.")]
    UnknownLanguage { language: String, choices: String },
    #[error("A base file is at most {} KiB.", BASE_FILE_MAX / 1024)]
    TooLarge,
}

/// Adds a base file to a contest (what it holds never counts as shared); `languages`: the
/// server's. `Ok(Err(why))` when it has no name or source, an unknown language, or is too big.
/// The contest wants a reindex afterwards.
pub async fn add_base_file(
    pool: &PgPool,
    contest: ContestId,
    name: &str,
    language: &str,
    source: &str,
    languages: &[String],
) -> anyhow::Result<Result<i64, BaseFileRefused>> {
    let name = name.trim();
    if name.is_empty() || source.trim().is_empty() {
        return Ok(Err(BaseFileRefused::Empty));
    }
    if !languages.iter().any(|l| l == language) {
        let choices = languages.join(", ");
        return Ok(Err(BaseFileRefused::UnknownLanguage { language: language.to_string(), choices }));
    }
    if source.len() > BASE_FILE_MAX {
        return Ok(Err(BaseFileRefused::TooLarge));
    }
    Ok(Ok(db::similarity::add_base_file(&mut *pool.acquire().await?, contest, name, language, source).await?))
}

/// Removes a contest's base file; `false` when it has no such file. The contest wants a reindex
/// afterwards.
pub async fn remove_base_file(pool: &PgPool, contest: ContestId, id: i64) -> anyhow::Result<bool> {
    Ok(db::similarity::remove_base_file(&mut *pool.acquire().await?, contest, id).await?)
}
