//! Copy detection for bot sources, the way MOSS and JPlag do it, as a pure library (no database,
//! no I/O): the platform stores what it computes here and compares submissions in Postgres.
//!
//! 1. [`tokens`]: a source becomes a sequence of tokens by a real parser of its language
//!    (tree-sitter grammars for C, C++, Rust, Python and Java; a plain lexer for any other).
//!    Comments and whitespace are dropped, every identifier becomes `ID` and every literal `LIT`,
//!    so renaming variables, rewriting comments, reformatting and changing constants change
//!    nothing; keywords, operators and punctuation keep the program's shape.
//! 2. [`fingerprints`]: the hashes of the token k-grams ([`K`] tokens), winnowed (Schleimer,
//!    Wilkerson and Aiken, SIGMOD 2003): the smallest hash of every window of [`W`] k-grams. Any
//!    run of `W + K - 1` shared tokens shares a fingerprint; runs shorter than `K` never do. The
//!    fingerprints are a set, so moving functions around keeps them.
//! 3. [`similarity`]: the share of each side's fingerprints found in the other.
//! 4. [`matches`]: the shared regions of two token sequences (greedy string tiling, longest
//!    first), for the side-by-side view and the longest shared run.
//!
//! Base code (the contest's starters, files an admin adds) is fingerprinted the same way; its
//! k-grams never count as shared ([`mask`]).

use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// Tokens per k-gram: shared runs shorter than this are noise (`int i = 0 ; i <` is in every bot).
pub const K: usize = 12;
/// Winnowing window: every shared run of at least `W + K - 1` tokens shares a fingerprint.
pub const W: usize = 8;

/// One token: the hash of its normalized text and where it is in the source (bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub hash: u32,
    pub span: Range<usize>,
}

/// The languages with a real grammar; any other language id gets the plain lexer.
pub const PARSED: [&str; 5] = ["c", "cpp", "rust", "python", "java"];

fn grammar(language: &str) -> Option<tree_sitter::Language> {
    Some(match language {
        "c" => tree_sitter_c::LANGUAGE.into(),
        "cpp" => tree_sitter_cpp::LANGUAGE.into(),
        "rust" => tree_sitter_rust::LANGUAGE.into(),
        "python" => tree_sitter_python::LANGUAGE.into(),
        "java" => tree_sitter_java::LANGUAGE.into(),
        _ => return None,
    })
}

/// FNV-1a: a stable 32-bit hash of a token's normalized text (stable across builds and
/// machines, unlike `std`'s hasher, because the hashes are stored).
fn fnv(text: &[u8]) -> u32 {
    text.iter().fold(0x811c_9dc5u32, |h, &b| (h ^ b as u32).wrapping_mul(0x0100_0193))
}

fn token(text: &str, span: Range<usize>) -> Token {
    Token { hash: fnv(text.as_bytes()), span }
}

/// Node kinds of the grammars that are literals: one `LIT` token each, whatever is inside.
fn is_literal(kind: &str) -> bool {
    kind.ends_with("_literal")
        || matches!(kind, "string" | "integer" | "float" | "concatenated_string" | "system_lib_string")
}

/// What reading one source may cost, so that a hostile source cannot take the server's memory:
/// a source is parsed by its grammar only within [`PARSE_MAX_BYTES`], [`PARSE_MAX_TOKENS`] and
/// [`PARSE_MAX_DEPTH`] (as the plain lexer counts them, which costs a few bytes per token) and
/// [`PARSE_MAX_TIME`]; beyond any of them it is read by the plain lexer. Whatever read it, at
/// most [`MAX_TOKENS`] tokens are kept.
///
/// The parser's memory grows with the source's tokens and nesting (a megabyte of `[[[…]]]` took
/// half a gigabyte); the budget keeps one parse within a few dozen MiB, and the plain lexer's
/// memory is its tokens only (24 bytes each, at most [`MAX_TOKENS`]).
pub const PARSE_MAX_BYTES: usize = 256 * 1024;
/// See [`PARSE_MAX_BYTES`]: a bot of 256 KiB has about 50,000 tokens.
pub const PARSE_MAX_TOKENS: usize = 60_000;
/// See [`PARSE_MAX_BYTES`]: brackets (`(`, `[`, `{`) open at once. Hand-written code nests a
/// dozen deep; generated tables a few more.
pub const PARSE_MAX_DEPTH: usize = 200;
/// See [`PARSE_MAX_BYTES`]: a parse that takes longer is abandoned (a safety net: the grammars'
/// error recovery on garbage is the only thing that could).
pub const PARSE_MAX_TIME: std::time::Duration = std::time::Duration::from_secs(3);
/// The most tokens kept of one source (about 400 KiB of ordinary code): the index stores 4 bytes
/// per token, and the side-by-side view compares two sequences.
pub const MAX_TOKENS: usize = 100_000;

/// A source's tokens, and why it was not read whole by its grammar when it was over the budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tokenized {
    pub tokens: Vec<Token>,
    /// `None` when the source was read as usual (its grammar, or the plain lexer for a language
    /// without one); otherwise what was over the budget.
    pub over_budget: Option<OverBudget>,
}

/// How a source over the budget was read: by the plain lexer (`cause`: why its grammar did not
/// read it), and whether only its first [`MAX_TOKENS`] tokens were kept. `Display` says it in
/// English, for the admin: `300 KiB (over 256 KiB): read by the plain lexer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverBudget {
    pub cause: Option<Cause>,
    /// Only the first [`MAX_TOKENS`] tokens are indexed.
    pub truncated: bool,
}

/// Why a source was not read by its grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// Its size in KiB (rounded up), over [`PARSE_MAX_BYTES`] (`max_kib`).
    Size { kib: usize, max_kib: usize },
    /// Over [`PARSE_MAX_TOKENS`] (`max`) tokens.
    Tokens { max: usize },
    /// Brackets nested `depth` deep, over [`PARSE_MAX_DEPTH`] (`max`).
    Depth { depth: usize, max: usize },
    /// The parse took over [`PARSE_MAX_TIME`] (`seconds`).
    Slow { seconds: u64 },
}

impl std::fmt::Display for Cause {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Cause::Size { kib, max_kib } => write!(f, "{kib} KiB (over {max_kib} KiB)"),
            Cause::Tokens { max } => write!(f, "over {max} tokens"),
            Cause::Depth { depth, max } => write!(f, "brackets nested {depth} deep (over {max})"),
            Cause::Slow { seconds } => write!(f, "the parser took over {seconds} s"),
        }
    }
}

impl std::fmt::Display for OverBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let cut = format!("only its first {MAX_TOKENS} tokens are indexed");
        match (self.cause, self.truncated) {
            (Some(c), true) => write!(f, "{c}: read by the plain lexer; {cut}"),
            (Some(c), false) => write!(f, "{c}: read by the plain lexer"),
            (None, _) => f.write_str(&cut),
        }
    }
}

/// The tokens of `source` in `language` (a language id of the platform: `c`, `cpp`, `rust`,
/// `python`, `java`; others are lexed plainly). Never fails: a source that does not parse is
/// tokenized as far as the parser recovers, like MOSS does. See [`tokenize`] for the budget.
pub fn tokens(language: &str, source: &str) -> Vec<Token> {
    tokenize(language, source).tokens
}

/// [`tokens`], saying whether the source was over the budget ([`PARSE_MAX_BYTES`]).
pub fn tokenize(language: &str, source: &str) -> Tokenized {
    let plain = |cause: Option<Cause>| {
        let mut tokens = plain_tokens(source, MAX_TOKENS + 1);
        let truncated = tokens.len() > MAX_TOKENS;
        tokens.truncate(MAX_TOKENS);
        let over_budget = (cause.is_some() || truncated).then_some(OverBudget { cause, truncated });
        Tokenized { tokens, over_budget }
    };
    let Some(grammar) = grammar(language) else { return plain(None) };
    if let Some(cause) = over_parse_budget(source) {
        return plain(Some(cause));
    }
    match parse(&grammar, source) {
        Some(mut tokens) => {
            let over_budget = (tokens.len() > MAX_TOKENS).then(|| {
                tokens.truncate(MAX_TOKENS);
                OverBudget { cause: None, truncated: true }
            });
            Tokenized { tokens, over_budget }
        }
        None => plain(Some(Cause::Slow { seconds: PARSE_MAX_TIME.as_secs() })),
    }
}

/// Why `source` is over the parser's budget, if it is: its size, then (counted by the plain
/// lexer, stopping at the limit) its tokens and the depth of its brackets.
fn over_parse_budget(source: &str) -> Option<Cause> {
    if source.len() > PARSE_MAX_BYTES {
        return Some(Cause::Size { kib: source.len().div_ceil(1024), max_kib: PARSE_MAX_BYTES / 1024 });
    }
    let tokens = plain_tokens(source, PARSE_MAX_TOKENS + 1);
    if tokens.len() > PARSE_MAX_TOKENS {
        return Some(Cause::Tokens { max: PARSE_MAX_TOKENS });
    }
    let (mut depth, mut deepest) = (0usize, 0usize);
    for t in &tokens {
        match source.as_bytes()[t.span.start] {
            b'(' | b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    (deepest > PARSE_MAX_DEPTH).then_some(Cause::Depth { depth: deepest, max: PARSE_MAX_DEPTH })
}

/// The tokens of a parse by `grammar`, or `None` when it took over [`PARSE_MAX_TIME`].
fn parse(grammar: &tree_sitter::Language, source: &str) -> Option<Vec<Token>> {
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(grammar).ok()?;
    let started = std::time::Instant::now();
    let mut in_time = |_: &tree_sitter::ParseState| started.elapsed() > PARSE_MAX_TIME;
    let options = tree_sitter::ParseOptions::new().progress_callback(&mut in_time);
    let bytes = source.as_bytes();
    let tree = parser.parse_with_options(
        &mut |at: usize, _| bytes.get(at..).unwrap_or_default(),
        None,
        Some(options),
    )?;
    let mut out = Vec::new();
    let mut cursor = tree.walk();
    // A depth-first walk over the leaves; literals and comments are not entered.
    'walk: loop {
        let node = cursor.node();
        let kind = node.kind();
        let enter = if kind.contains("comment") {
            false
        } else if is_literal(kind) {
            out.push(token("LIT", node.byte_range()));
            false
        } else if node.child_count() == 0 {
            let span = node.byte_range();
            let text = &source[span.clone()];
            if kind.contains("identifier") || (node.is_named() && kind == "name") {
                out.push(token("ID", span));
            } else if !text.trim().is_empty() {
                // Keywords, operators, punctuation, primitive types: their own text.
                out.push(token(text, span));
            }
            false
        } else {
            true
        };
        if enter && cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    Some(out)
}

/// Only the hashes of [`tokens`]: what fingerprints, masks and matches work on.
pub fn token_hashes(language: &str, source: &str) -> Vec<u32> {
    tokens(language, source).into_iter().map(|t| t.hash).collect()
}

/// A lexer for languages without a grammar: words are `ID`, numbers and quoted strings `LIT`,
/// anything else one token per character; `//` and `#` line comments are skipped. At most `limit`
/// tokens, the first ones.
fn plain_tokens(source: &str, limit: usize) -> Vec<Token> {
    let bytes = source.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() && out.len() < limit {
        let c = bytes[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b'#' || (c == b'/' && bytes.get(i + 1) == Some(&b'/')) {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
        } else if c.is_ascii_digit() {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'.') {
                i += 1;
            }
            out.push(token("LIT", start..i));
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < bytes.len() && bytes[i] != c && bytes[i] != b'\n' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(bytes.len());
            out.push(token("LIT", start..i));
        } else if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 {
            while i < bytes.len()
                && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] >= 0x80)
            {
                i += 1;
            }
            out.push(token("ID", start..i));
        } else {
            i += 1;
            out.push(token(&source[start..i], start..i));
        }
    }
    out
}

/// The hash of every k-gram of `hashes` (a rolling polynomial hash), `len - K + 1` of them.
pub fn kgrams(hashes: &[u32]) -> Vec<u64> {
    const BASE: u64 = 0x100_0000_01b3;
    if hashes.len() < K {
        return Vec::new();
    }
    let top = (0..K - 1).fold(1u64, |p, _| p.wrapping_mul(BASE));
    let mut h = hashes[..K].iter().fold(0u64, |h, &t| h.wrapping_mul(BASE).wrapping_add(t as u64 + 1));
    let mut out = vec![h];
    for i in K..hashes.len() {
        h = h.wrapping_sub((hashes[i - K] as u64 + 1).wrapping_mul(top));
        h = h.wrapping_mul(BASE).wrapping_add(hashes[i] as u64 + 1);
        out.push(h);
    }
    out
}

/// The winnowed fingerprints of a token sequence: `(k-gram hash, index of its first token)`, the
/// rightmost smallest hash of each window of [`W`] k-grams, each position once.
pub fn fingerprints(hashes: &[u32]) -> Vec<(u64, usize)> {
    let grams = kgrams(hashes);
    let mut out: Vec<(u64, usize)> = Vec::new();
    if grams.is_empty() {
        return out;
    }
    let window = W.min(grams.len());
    for start in 0..=grams.len() - window {
        let (at, &h) = grams[start..start + window]
            .iter()
            .enumerate()
            .rev()
            .min_by_key(|(_, h)| **h)
            .map(|(i, h)| (start + i, h))
            .expect("a window is never empty");
        if out.last().is_none_or(|&(_, last)| last != at) {
            out.push((h, at));
        }
    }
    out
}

/// The distinct fingerprint hashes of a token sequence that are not base code's k-grams: the set
/// the platform stores and compares.
pub fn fingerprint_set(hashes: &[u32], base: &HashSet<u64>) -> Vec<u64> {
    let mut set: Vec<u64> =
        fingerprints(hashes).into_iter().map(|(h, _)| h).filter(|h| !base.contains(h)).collect();
    set.sort_unstable();
    set.dedup();
    set
}

/// How alike two submissions are, from `shared` fingerprints out of `a` and `b`: the larger of
/// the two shares (a copy padded with junk still has all of the original in it). A side with
/// fewer than [`MIN_FINGERPRINTS`] counts as having that many, so two tiny sources that share a
/// couple of idioms do not score as copies.
pub fn similarity(shared: usize, a: usize, b: usize) -> f64 {
    let share = |n: usize| shared as f64 / n.max(MIN_FINGERPRINTS) as f64;
    share(a).max(share(b)).min(1.0)
}

/// See [`similarity`]: about 90 tokens of code of one's own.
pub const MIN_FINGERPRINTS: usize = 20;

/// Replaces every token covered by a k-gram of base code with a value no other token has, so that
/// base code never matches (`salt` keeps two masked sequences from matching each other).
pub fn mask(hashes: &[u32], base: &HashSet<u64>, salt: u32) -> Vec<u32> {
    let mut out = hashes.to_vec();
    for (i, h) in kgrams(hashes).into_iter().enumerate() {
        if base.contains(&h) {
            for (j, t) in out[i..i + K].iter_mut().enumerate() {
                *t = 0x8000_0000 | salt.wrapping_shl(20) | ((i + j) as u32 & 0xF_FFFF);
            }
        }
    }
    out
}

/// A region of `a` and one of `b` (token indices) with the same tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    pub a: Range<usize>,
    pub b: Range<usize>,
}

/// The shared regions of two token sequences, at least [`K`] tokens each, none overlapping
/// another on either side: greedy string tiling (JPlag), longest first. A k-gram that occurs
/// more than 64 times in `b` (generated tables) is not followed, and at most
/// [`MAX_CANDIDATES`] shared runs are weighed (the first ones in `a`), so that the work and the
/// memory stay bounded whatever the two sequences are.
pub fn matches(a: &[u32], b: &[u32]) -> Vec<Match> {
    let (ga, gb) = (kgrams(a), kgrams(b));
    let mut at: HashMap<u64, Vec<usize>> = HashMap::new();
    for (j, h) in gb.iter().enumerate() {
        at.entry(*h).or_default().push(j);
    }
    let mut found = Vec::new();
    for (i, h) in ga.iter().enumerate() {
        let Some(js) = at.get(h).filter(|js| js.len() <= 64) else { continue };
        for &j in js {
            // Only maximal runs: one that extends to the left was found from its start.
            if i > 0 && j > 0 && a[i - 1] == b[j - 1] {
                continue;
            }
            let len = a[i..].iter().zip(&b[j..]).take_while(|(x, y)| x == y).count();
            if len >= K {
                found.push(Match { a: i..i + len, b: j..j + len });
            }
        }
        if found.len() >= MAX_CANDIDATES {
            break;
        }
    }
    found.sort_by(|x, y| y.a.len().cmp(&x.a.len()).then(x.a.start.cmp(&y.a.start)));
    let (mut used_a, mut used_b) = (vec![false; a.len()], vec![false; b.len()]);
    let mut tiles = Vec::new();
    for m in found {
        if used_a[m.a.clone()].iter().any(|u| *u) || used_b[m.b.clone()].iter().any(|u| *u) {
            continue;
        }
        used_a[m.a.clone()].iter_mut().for_each(|u| *u = true);
        used_b[m.b.clone()].iter_mut().for_each(|u| *u = true);
        tiles.push(m);
    }
    tiles.sort_by_key(|m| m.a.start);
    tiles
}

/// See [`matches`]: 32 bytes each, 8 MiB in all.
pub const MAX_CANDIDATES: usize = 250_000;

/// Token hashes as stored (4 bytes each, little-endian), and back.
pub fn to_bytes(hashes: &[u32]) -> Vec<u8> {
    hashes.iter().flat_map(|h| h.to_le_bytes()).collect()
}

pub fn from_bytes(bytes: &[u8]) -> Vec<u32> {
    bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

#[cfg(test)]
mod tests;
