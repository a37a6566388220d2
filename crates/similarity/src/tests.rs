//! Real bots (the product's starters, in every language with a grammar) against disguised copies
//! of themselves and against independent bots grown from the same starter.

use super::*;

/// The starter of `game` in `language`, as students get it.
fn starter(game: &str, language: &str) -> &'static str {
    macro_rules! starters {
        ($($g:literal),*) => {
            match (game, language) {
                $(
                    ($g, "c") => include_str!(concat!("../../../starters/", $g, "/main.c")),
                    ($g, "cpp") => include_str!(concat!("../../../starters/", $g, "/main.cpp")),
                    ($g, "rust") => include_str!(concat!("../../../starters/", $g, "/main.rs")),
                    ($g, "python") => include_str!(concat!("../../../starters/", $g, "/main.py")),
                    ($g, "java") => include_str!(concat!("../../../starters/", $g, "/Main.java")),
                )*
                _ => panic!("no starter {game} {language}"),
            }
        };
    }
    starters!("checkers", "connect4", "mathtricks", "one-two-three")
}

/// The similarity of two sources, base code excluded, and their longest shared run in tokens.
fn compare(language: &str, a: &str, b: &str, base: &[&str]) -> (f64, usize) {
    let base: HashSet<u64> = base.iter().flat_map(|s| kgrams(&token_hashes(language, s))).collect();
    let (ta, tb) = (token_hashes(language, a), token_hashes(language, b));
    let (fa, fb) = (fingerprint_set(&ta, &base), fingerprint_set(&tb, &base));
    let fb_set: HashSet<u64> = fb.iter().copied().collect();
    let shared = fa.iter().filter(|h| fb_set.contains(h)).count();
    let longest =
        matches(&mask(&ta, &base, 1), &mask(&tb, &base, 2)).iter().map(|m| m.a.len()).max().unwrap_or(0);
    (similarity(shared, fa.len(), fb.len()), longest)
}

/// Functions (methods in Java) in reverse order: the same program, rearranged. A program of one
/// function has its global declarations reversed instead.
fn reorder_functions(language: &str, source: &str) -> String {
    let function = |k: &str| matches!(k, "function_definition" | "function_item" | "method_declaration");
    reorder(language, source, &function)
        .or_else(|| reorder(language, source, &|k: &str| k == "declaration"))
        .unwrap_or_else(|| panic!("nothing to reorder in the {language} source"))
}

fn reorder(language: &str, source: &str, function: &dyn Fn(&str) -> bool) -> Option<String> {
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&grammar(language).unwrap()).unwrap();
    let tree = parser.parse(source, None).unwrap();
    // The functions of the first parent that has at least two.
    let mut stack = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        let mut cursor = node.walk();
        let children: Vec<_> = node.children(&mut cursor).collect();
        let fns: Vec<_> = children.iter().filter(|c| function(c.kind())).map(|c| c.byte_range()).collect();
        if fns.len() >= 2 {
            let mut out = String::new();
            let mut at = 0;
            for (slot, take) in fns.iter().zip(fns.iter().rev()) {
                out.push_str(&source[at..slot.start]);
                out.push_str(&source[take.clone()]);
                at = slot.end;
            }
            out.push_str(&source[at..]);
            return Some(out);
        }
        stack.extend(children);
    }
    None
}

/// The usual disguises of a copied bot: functions reordered, every identifier renamed, every
/// number changed, comments removed and others written, whitespace redone.
fn disguise(language: &str, source: &str) -> String {
    let source = reorder_functions(language, source);
    let (id, lit) = (fnv(b"ID"), fnv(b"LIT"));
    let mut names: HashMap<String, String> = HashMap::new();
    let mut out = String::new();
    let mut last = 0;
    for (n, t) in tokens(language, &source).into_iter().enumerate() {
        let gap = &source[last..t.span.start];
        if let Some(line) = gap.rsplit('\n').next().filter(|_| gap.contains('\n')) {
            // A new line keeps its indentation (Python needs it), and now and then a new comment.
            let comment = if language == "python" { "# see above" } else { "// see above" };
            out.push_str(if n % 7 == 0 { comment } else { "" });
            out.push('\n');
            out.push_str(&line[..line.len() - line.trim_start().len()]);
        } else if !gap.is_empty() {
            out.push_str("  ");
        }
        let text = &source[t.span.clone()];
        if t.hash == id {
            let fresh = format!("q{}_{}", names.len(), text.len());
            out.push_str(names.entry(text.to_string()).or_insert(fresh));
        } else if t.hash == lit && text.parse::<u64>().is_ok() {
            out.push_str(&(text.parse::<u64>().unwrap() + 3).to_string());
        } else {
            out.push_str(text);
        }
        last = t.span.end;
    }
    out
}

#[test]
fn a_disguised_copy_scores_high_in_every_language() {
    for language in PARSED {
        for game in ["checkers", "connect4", "mathtricks"] {
            let original = starter(game, language);
            let copy = disguise(language, original);
            assert_ne!(copy, original);
            let (score, longest) = compare(language, original, &copy, &[]);
            println!("{language} {game}: disguised copy {score:.2}, longest run {longest} tokens");
            assert!(score >= 0.75, "{language} {game}: {score:.2}\n{copy}");
            assert!(longest >= 2 * K, "{language} {game}: longest run {longest}");
        }
    }
}

#[test]
fn independent_bots_grown_from_one_starter_score_low_once_the_starter_is_base_code() {
    for language in PARSED {
        let base = starter("connect4", language);
        // Two students keep the starter and write their own code around it; here their own code
        // is two unrelated programs of the language.
        let x = format!("{base}\n{}", starter("mathtricks", language));
        let y = format!("{base}\n{}", starter("one-two-three", language));
        let (with_base, _) = compare(language, &x, &y, &[]);
        let (score, longest) = compare(language, &x, &y, &[base]);
        println!(
            "{language}: independent {score:.2} (longest run {longest}); without base code {with_base:.2}"
        );
        assert!(score < 0.3, "{language}: independent bots score {score:.2}");
        assert!(with_base > score + 0.2, "{language}: the starter made no difference ({with_base:.2})");
        // A disguised copy of one of them is still caught with the starter excluded.
        let (copied, _) = compare(language, &x, &disguise(language, &x), &[base]);
        assert!(copied >= 0.75, "{language}: a disguised copy of a starter-grown bot scores {copied:.2}");
    }
}

#[test]
fn comments_whitespace_names_and_constants_do_not_change_the_tokens() {
    let a = "int main() { int x = 1; /* one */ return x + 2; }";
    let b = "int main()\n{\n    // entry\n    int total=7;\n    return total+9;\n}\n";
    assert_eq!(token_hashes("c", a), token_hashes("c", b));
    assert_ne!(token_hashes("c", a), token_hashes("c", "int main() { int x = 1; return x - 2; }"));
    let p = "def f(a):\n    return a * 2  # twice\n";
    let q = "def g(zz):\n    # doubled\n    return zz * 5\n";
    assert_eq!(token_hashes("python", p), token_hashes("python", q));
}

#[test]
fn an_unknown_language_is_lexed_plainly() {
    let a = token_hashes("pascal", "begin x := 10; writeln('hi') end. // c");
    let b = token_hashes("pascal", "begin   total := 99;\nwriteln(\"yo\") end.");
    assert_eq!(a, b);
    assert_eq!(a.len(), 12);
}

#[test]
fn winnowing_keeps_a_fingerprint_of_every_long_enough_shared_run() {
    // 200 tokens of which a run of W + K - 1 is put, shifted, into another sequence.
    let a: Vec<u32> = (0..200).map(|i| i * 7919 % 1009).collect();
    let run = &a[50..50 + W + K - 1];
    let mut b: Vec<u32> = (0..60).map(|i| 5000 + i).collect();
    b.extend_from_slice(run);
    b.extend((0..60).map(|i| 9000 + i));
    let fa: HashSet<u64> = fingerprints(&a).into_iter().map(|(h, _)| h).collect();
    assert!(fingerprints(&b).iter().any(|(h, _)| fa.contains(h)));
    // A sequence shorter than K has no fingerprint at all.
    assert!(fingerprints(&a[..K - 1]).is_empty());
    let m = matches(&a, &b);
    assert_eq!(m, vec![Match { a: 50..50 + W + K - 1, b: 60..60 + W + K - 1 }]);
    assert_eq!(from_bytes(&to_bytes(&a)), a);
}

#[test]
fn a_source_over_the_parsers_budget_is_read_by_the_plain_lexer_and_says_why() {
    // Nested far deeper than any program: the plain lexer reads it, and says why.
    let deep = format!("x = {}1{}\n", "[".repeat(PARSE_MAX_DEPTH + 1), "]".repeat(PARSE_MAX_DEPTH + 1));
    let t = tokenize("python", &deep);
    assert!(t.over_budget.unwrap().to_string().contains("nested 201 deep"), "{:?}", t.over_budget);
    assert_eq!(t.tokens.len(), 2 + 2 * (PARSE_MAX_DEPTH + 1) + 1);
    // Exactly at the depth allowed, the grammar reads it.
    let ok = format!("x = {}1{}\n", "[".repeat(PARSE_MAX_DEPTH), "]".repeat(PARSE_MAX_DEPTH));
    assert_eq!(tokenize("python", &ok).over_budget, None);
    // Too large, too many tokens.
    let big = "int x;\n".repeat(PARSE_MAX_BYTES / 7 + 1);
    assert!(tokenize("c", &big).over_budget.unwrap().to_string().contains("KiB (over 256 KiB)"));
    let many = "a+".repeat(PARSE_MAX_TOKENS / 2 + 1);
    assert!(tokenize("c", &many).over_budget.unwrap().to_string().contains("over 60000 tokens"));
    // The plain lexer keeps the first MAX_TOKENS tokens, and says so.
    let huge = "[".repeat(MAX_TOKENS + 5);
    let t = tokenize("python", &huge);
    assert_eq!(t.tokens.len(), MAX_TOKENS);
    let why = t.over_budget.unwrap().to_string();
    assert!(why.ends_with(&format!("only its first {MAX_TOKENS} tokens are indexed")), "{why}");
    // A language without a grammar is cut the same way.
    let t = tokenize("pascal", &"x ".repeat(MAX_TOKENS + 1));
    assert_eq!(t.tokens.len(), MAX_TOKENS);
    assert!(t.over_budget.is_some());
    // Every real bot is read by its grammar.
    for language in PARSED {
        let s = starter("connect4", language);
        assert_eq!(tokenize(language, s).over_budget, None, "{language}");
        assert_eq!(tokens(language, s), tokenize(language, s).tokens);
    }
}

#[test]
fn the_shared_runs_weighed_are_bounded() {
    // Two sequences where one 12-token run recurs after 13 distinct tokens each time: every
    // occurrence in `a` meets up to 64 in `b`, more candidates than are weighed.
    let block = |n: u32, m: u32| -> Vec<u32> {
        (0..n).flat_map(|i| std::iter::once(1_000_000 + i * 100 + m).chain(1..=K as u32)).collect()
    };
    let (a, b) = (block(20_000, 1), block(64, 2));
    let tiles = matches(&a, &b);
    assert!(!tiles.is_empty() && tiles.len() <= 64);
}
