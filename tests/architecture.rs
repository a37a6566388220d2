//! The module graph runs one way (see `ARCHITECTURE.md`):
//!
//! ```text
//! cli → web, jobs → service, starters → db, judge, house → config, games, similarity, scratch
//! ```
//!
//! Each top-level module of `src/` may use only modules of a lower layer. The rules (`games`) are a
//! crate of their own (`crates/games`), so the compiler already keeps them from reaching up; this
//! test keeps the rest in order by reading every `crate::…` path in `src/`, and keeps all SQL in
//! `db`.
//!
//! `cargo test --test architecture -- --nocapture` prints the graph.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Layers from the top; a module may depend only on modules of a later (lower) layer.
const LAYERS: &[&[&str]] = &[
    &["cli"],
    &["web", "jobs"],
    &["service", "starters"],
    &["db", "judge", "house"],
    &["config", "games", "similarity", "scratch"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file of `src/` belongs to (`src/web/api.rs` → `web`, `src/config.rs` →
/// `config`); `None` for the crate root files.
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).unwrap();
    let first = rel.components().next()?.as_os_str().to_str()?.to_string();
    let name = first.strip_suffix(".rs").unwrap_or(&first).to_string();
    (name != "lib" && name != "main").then_some(name)
}

/// The code of a file without its comments (doc links are not dependencies).
fn code_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter(|l| !l.trim_start().starts_with("//"))
}

/// Every top-level module named by a `crate::` path in `line`, including the `crate::{a, b::c}` form.
fn crate_paths(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("crate::") {
        let preceded_by_ident =
            rest[..at].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$');
        rest = &rest[at + "crate::".len()..];
        if preceded_by_ident {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let name: String =
                    item.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if !name.is_empty() {
                    found.push(name);
                }
            }
        } else {
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                found.push(name);
            }
        }
    }
    found
}

/// Module → the other top-level modules it uses.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let Some(module) = module_of(&src, &file) else { continue };
        let text = fs::read_to_string(&file).unwrap();
        let uses = graph.entry(module.clone()).or_default();
        for line in code_lines(&text) {
            for used in crate_paths(line) {
                if used != module && used != "self" && used != "super" {
                    uses.insert(used);
                }
            }
        }
    }
    graph
}

#[test]
fn top_level_modules_depend_only_on_lower_layers() {
    let graph = module_graph();
    for (module, uses) in &graph {
        println!("{module} → {}", uses.iter().cloned().collect::<Vec<_>>().join(", "));
    }
    let mut wrong = Vec::new();
    for (module, uses) in &graph {
        let Some(from) = layer_of(module) else {
            wrong.push(format!("`{module}` is in no layer: add it to LAYERS (and ARCHITECTURE.md)"));
            continue;
        };
        for used in uses {
            match layer_of(used) {
                Some(to) if to > from => {}
                Some(_) => wrong.push(format!("`{module}` uses `{used}`, which is not below it")),
                None => wrong.push(format!("`{module}` uses `{used}`, which is in no layer")),
            }
        }
    }
    assert!(wrong.is_empty(), "the module graph does not run one way:\n{}", wrong.join("\n"));
}

#[test]
fn all_sql_lives_in_db() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut outside = Vec::new();
    for file in files {
        if module_of(&src, &file).as_deref() == Some("db") {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if line.contains("sqlx::query") || line.contains("query!(") || line.contains("query_as!(") {
                outside.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(outside.is_empty(), "SQL outside src/db/:\n{}", outside.join("\n"));
}

#[test]
fn the_path_parser_reads_single_and_grouped_uses() {
    assert_eq!(crate_paths("use crate::db::games;"), ["db"]);
    assert_eq!(crate_paths("use crate::{db, judge::result::GameResult};"), ["db", "judge"]);
    assert_eq!(crate_paths("let x = crate::web::rfc3339(&t) + crate::jobs::n();"), ["web", "jobs"]);
    assert_eq!(crate_paths("$crate::games::x; mycrate::web"), Vec::<String>::new());
}
