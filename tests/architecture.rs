//! The module graph runs one way (see `ARCHITECTURE.md`):
//!
//! ```text
//! cli → web, jobs → service, starters → db, judge, house → config, games, similarity, scratch
//! ```
//!
//! Each top-level module of `src/` may use only modules of a lower layer. The rules (`games`) are a
//! crate of their own (`crates/games`), so the compiler already keeps them from reaching up; this
//! test keeps the rest in order by reading every `crate::…` path in `src/`, and keeps all SQL in
//! `db`. Inside two modules it reads the files' own import graph: the sandbox's
//! (`src/judge/sandbox`) and the web server's (`src/web`: areas, shared files, assembly).
//!
//! Every platform rule lives once, in `service`: `web` and `jobs` call no `db` function that
//! writes (`web_and_jobs_write_through_the_service_only`), but those that read, and for the
//! jobs the queue's own mechanics.
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
    &["locale"],
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
    // A `#[macro_export]` macro is named `crate::name!` (or imported as `crate::name`), not a module.
    let macros: BTreeSet<String> = files
        .iter()
        .flat_map(|f| {
            let text = fs::read_to_string(f).unwrap();
            let lines: Vec<String> = text.lines().map(str::to_string).collect();
            lines
                .windows(2)
                .filter(|w| w[0].trim() == "#[macro_export]")
                .filter_map(|w| {
                    w[1].trim().strip_prefix("macro_rules! ").map(|n| n.trim_end_matches(" {").to_string())
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let Some(module) = module_of(&src, &file) else { continue };
        let text = fs::read_to_string(&file).unwrap();
        let uses = graph.entry(module.clone()).or_default();
        for line in code_lines(&text) {
            for used in crate_paths(line) {
                if used != module && used != "self" && used != "super" && !macros.contains(&used) {
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

/// Issue 30's rule for the size of a room: no file of `src/` over this many lines.
const MAX_FILE_LINES: usize = 800;

/// Files of `src/` still over [`MAX_FILE_LINES`], each waiting to be split; one that fits again
/// must leave the list.
const STILL_TOO_LONG: &[&str] = &[];

#[test]
fn no_source_file_is_over_800_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut wrong = Vec::new();
    for file in files {
        let name = file.strip_prefix(root).unwrap().to_string_lossy().to_string();
        let lines = fs::read_to_string(&file).unwrap().lines().count();
        let listed = STILL_TOO_LONG.contains(&name.as_str());
        if lines > MAX_FILE_LINES && !listed {
            wrong.push(format!("{name}: {lines} lines (split it by role)"));
        }
        if lines <= MAX_FILE_LINES && listed {
            wrong.push(format!("{name}: {lines} lines now: take it off STILL_TOO_LONG"));
        }
    }
    assert!(wrong.is_empty(), "files over {MAX_FILE_LINES} lines:\n{}", wrong.join("\n"));
}

/// The module of a file under a module's directory `dir`, as the path from it
/// (`zygote/client.rs` → `["zygote", "client"]`, `zygote/mod.rs` → `["zygote"]`, `mod.rs` → `[]`).
fn submodule_of(dir: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(dir).unwrap().with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().to_string()).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Reads the path that starts at `at` (identifiers joined by `::`, maybe ending in a `{…}` group,
/// nested or not) after `prefix`, adds every full path it names to `out`, and returns where it ends.
fn read_path(s: &[char], mut at: usize, prefix: &[String], out: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix.to_vec();
    loop {
        while at < s.len() && s[at].is_whitespace() {
            at += 1;
        }
        if at < s.len() && s[at] == '{' {
            at += 1;
            loop {
                while at < s.len() && (s[at].is_whitespace() || s[at] == ',') {
                    at += 1;
                }
                if at >= s.len() || s[at] == '}' {
                    return at + 1;
                }
                let before = at;
                at = read_path(s, at, &path, out);
                if at == before {
                    at += 1; // not a path (`as`, a stray character): skip it
                }
            }
        }
        let start = at;
        while at < s.len() && (is_ident(s[at]) || s[at] == '*') {
            at += 1;
        }
        if at > start {
            path.push(s[start..at].iter().collect());
        }
        if at > start && s.get(at..at + 2) == Some(&[':', ':']) {
            at += 2;
        } else {
            if path.len() > prefix.len() {
                out.push(path);
            }
            return at;
        }
    }
}

/// The paths of two or more segments a file's code names (`super::wire::HelperSpec`, each item
/// of `use super::{seccomp, wire::send}`, `client::Zygote`), comments and its `tests` module
/// left out (there `super` is the file itself).
fn named_paths(text: &str) -> Vec<Vec<String>> {
    let code: Vec<&str> = text
        .lines()
        .take_while(|l| !l.trim_start().starts_with("mod tests"))
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect();
    let s: Vec<char> = code.join("\n").chars().collect();
    let mut found = Vec::new();
    let mut at = 0;
    while at < s.len() {
        let starts =
            is_ident(s[at]) && (at == 0 || !(is_ident(s[at - 1]) || s[at - 1] == ':' || s[at - 1] == '\''));
        if !starts {
            at += 1;
            continue;
        }
        let mut paths = Vec::new();
        at = read_path(&s, at, &[], &mut paths).max(at + 1);
        found.extend(paths.into_iter().filter(|p| p.len() > 1));
    }
    found
}

/// The file of the module `modules` (the files of a module's directory, as [`submodule_of`]
/// names them) that `path`, named in the file of `from`, leads to: its deepest module that is
/// one of them. `crate::judge::sandbox` is the directory's own path; None for a path that leads
/// out of the directory.
fn resolve(
    path: &[String],
    from: &[String],
    modules: &BTreeSet<Vec<String>>,
    own: &[&str],
) -> Option<Vec<String>> {
    let (mut module, rest): (Vec<String>, &[String]) = match path[0].as_str() {
        "crate" if path.len() > own.len() && path[1..=own.len()].iter().zip(own).all(|(a, b)| a == b) => {
            (Vec::new(), &path[own.len() + 1..])
        }
        "crate" => return None,
        "self" => (from.to_vec(), &path[1..]),
        "super" => {
            let mut module = from.to_vec();
            let mut rest = path;
            while rest.first().is_some_and(|p| p == "super") {
                module.pop()?;
                rest = &rest[1..];
            }
            (module, rest)
        }
        first if modules.contains(&[from, &[first.to_string()]].concat()) => (from.to_vec(), path),
        _ => return None,
    };
    for segment in rest {
        if segment == "self" {
            continue;
        }
        let deeper = [module.as_slice(), std::slice::from_ref(segment)].concat();
        if !modules.contains(&deeper) {
            break;
        }
        module = deeper;
    }
    Some(module)
}

/// File → the other files of the directory `dir` (the module `crate::` + `own`) it names.
fn file_graph(dir: &Path, own: &[&str]) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut files = Vec::new();
    rust_files(dir, &mut files);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| submodule_of(dir, f)).collect();
    let mut graph = BTreeMap::new();
    for file in &files {
        let from = submodule_of(dir, file);
        let uses: BTreeSet<Vec<String>> = named_paths(&fs::read_to_string(file).unwrap())
            .iter()
            .filter_map(|path| resolve(path, &from, &modules, own))
            .filter(|to| *to != from)
            .collect();
        graph.insert(from, uses);
    }
    graph
}

/// A circle of `graph`, if it has one, as the files along it.
fn a_circle(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Option<Vec<Vec<String>>> {
    fn visit(
        node: &Vec<String>,
        graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        done: &mut BTreeSet<Vec<String>>,
        path: &mut Vec<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut circle = path[at..].to_vec();
            circle.push(node.clone());
            return Some(circle);
        }
        if !done.insert(node.clone()) {
            return None;
        }
        path.push(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(circle) = visit(next, graph, done, path) {
                return Some(circle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|node| visit(node, graph, &mut done, &mut Vec::new()))
}

#[test]
fn the_sandbox_files_import_one_way() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/judge/sandbox");
    let graph = file_graph(&dir, &["judge", "sandbox"]);
    let name = |m: &Vec<String>| if m.is_empty() { "mod".to_string() } else { m.join("/") };
    for (file, uses) in &graph {
        println!("{} → {}", name(file), uses.iter().map(name).collect::<Vec<_>>().join(", "));
    }
    // The helper and the zygote share what they exchange through `wire`, not through each other.
    let wire = graph.get(&vec!["wire".to_string()]).expect("sandbox/wire.rs");
    assert!(wire.is_empty(), "wire.rs uses other files of the sandbox: {wire:?}");
    if let Some(circle) = a_circle(&graph) {
        panic!(
            "the sandbox's files import each other: {}",
            circle.iter().map(name).collect::<Vec<_>>().join(" → ")
        );
    }
}

#[test]
fn the_file_graph_reads_paths_and_finds_circles() {
    let paths = named_paths(
        "use super::{seccomp, wire::{send, HelperSpec}};\n\
         use crate::judge::sandbox::zygote::client::Zygote;\n// super::not_code\n\
         let x: Vec<io::Result<'a>> = client::start();\nmod tests {\n    use super::*;\n}",
    );
    let text = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        paths,
        [
            text(&["super", "seccomp"]),
            text(&["super", "wire", "send"]),
            text(&["super", "wire", "HelperSpec"]),
            text(&["crate", "judge", "sandbox", "zygote", "client", "Zygote"]),
            text(&["io", "Result"]),
            text(&["client", "start"]),
        ]
    );
    let modules: BTreeSet<Vec<String>> =
        [text(&[]), text(&["wire"]), text(&["zygote"]), text(&["zygote", "client"])].into_iter().collect();
    let own = ["judge", "sandbox"];
    let from_client = text(&["zygote", "client"]);
    assert_eq!(
        resolve(&text(&["super", "super", "wire", "send"]), &from_client, &modules, &own),
        Some(text(&["wire"]))
    );
    assert_eq!(
        resolve(&text(&["crate", "judge", "sandbox", "zygote", "client", "Zygote"]), &[], &modules, &own),
        Some(from_client.clone())
    );
    assert_eq!(
        resolve(&text(&["client", "Zygote"]), &text(&["zygote"]), &modules, &own),
        Some(from_client.clone())
    );
    assert_eq!(resolve(&text(&["crate", "judge", "threads"]), &[], &modules, &own), None);
    assert_eq!(resolve(&text(&["super", "launch", "Launcher"]), &[], &modules, &own), None);
    let graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = [
        (text(&["a"]), [text(&["b"])].into_iter().collect()),
        (text(&["b"]), [text(&["c"])].into_iter().collect()),
        (text(&["c"]), [text(&["a"])].into_iter().collect()),
    ]
    .into_iter()
    .collect();
    assert_eq!(a_circle(&graph), Some(vec![text(&["a"]), text(&["b"]), text(&["c"]), text(&["a"])]));
    let one_way: BTreeMap<_, _> = graph.into_iter().filter(|(k, _)| *k != text(&["c"])).collect();
    assert_eq!(a_circle(&one_way), None);
}

/// The files of `src/web` that every area shares: the state, the extractors, rendering, errors,
/// input checks, the API's types, a form's one-time message (`flash`), and the pieces more than
/// one area's pages show. They import
/// only each other, never an area's handlers.
const WEB_SHARED: &[&str] = &[
    "api_types",
    "client",
    "confirm",
    "error",
    "extract",
    "field_errors",
    "flash",
    "format",
    "headers",
    "i18n",
    "input",
    "markdown",
    "move_rules",
    "opponent_menu",
    "render",
    "scoreboard_view",
    "session_cache",
    "setting_help",
    "state",
    "submit",
];

/// The files of `src/web` that put the areas together: `mod.rs` (the routers), the `mod.rs` of an
/// area's directory (its routers) and `openapi.rs` (the document's paths). Only they may name
/// them.
fn web_assembly(file: &[String]) -> bool {
    file.is_empty()
        || file == ["openapi"]
        || (file.len() == 1 && !WEB_SHARED.contains(&file[0].as_str()) && {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web").join(&file[0]);
            dir.is_dir()
        })
}

/// The files of `src/web` import one way. The graph is the file-level one: each `.rs` file is a
/// node (a directory module such as `admin_contest/` counts as its files, its `mod.rs` among
/// them), and `super::x`, `crate::web::x` and `self::x` paths are its edges. Besides having no
/// circle: the shared files ([`WEB_SHARED`]) import only each other; an area's handlers (every
/// other file but the assembly) import shared files and files of their own directory, never
/// another area's; and nothing but the assembly imports the assembly.
#[test]
fn the_web_files_import_one_way() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web");
    let graph = file_graph(&dir, &["web"]);
    let name = |m: &Vec<String>| if m.is_empty() { "mod".to_string() } else { m.join("/") };
    for (file, uses) in &graph {
        println!("{} → {}", name(file), uses.iter().map(name).collect::<Vec<_>>().join(", "));
    }
    if let Some(circle) = a_circle(&graph) {
        panic!(
            "the files of src/web import each other in a circle: {}",
            circle.iter().map(name).collect::<Vec<_>>().join(" → ")
        );
    }
    for shared in WEB_SHARED {
        assert!(
            graph.contains_key(&vec![shared.to_string()]),
            "WEB_SHARED names src/web/{shared}.rs, which is gone"
        );
    }
    let shared = |f: &[String]| f.len() == 1 && WEB_SHARED.contains(&f[0].as_str());
    let mut wrong = Vec::new();
    for (file, uses) in &graph {
        for used in uses {
            let why = if web_assembly(used) && !web_assembly(file) {
                "only the routers' assembly may"
            } else if shared(file) && !shared(used) {
                "a shared file imports only shared files"
            } else if !shared(file) && !web_assembly(file) && !shared(used) && used.first() != file.first() {
                "an area imports shared files, not another area's"
            } else {
                continue;
            };
            wrong.push(format!("{} uses {}: {why}", name(file), name(used)));
        }
    }
    assert!(wrong.is_empty(), "the files of src/web import the wrong way:\n{}", wrong.join("\n"));
}

/// The tokens of Rust code: identifiers (keywords included), `::`, and every other character
/// but white space on its own; comments and the contents of string and character literals left
/// out (a string becomes `""`), and so is a lifetime's quote.
fn tokens(code: &str) -> Vec<String> {
    let s: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut at = 0;
    // Skips a string literal whose opening quote is at `at` (`hashes` the `#`s of a raw one).
    let skip_string = |mut at: usize, raw: bool, hashes: usize| -> usize {
        at += 1;
        while at < s.len() {
            match s[at] {
                '\\' if !raw => at += 2,
                '"' if s[at + 1..].iter().take(hashes).filter(|&&c| c == '#').count() == hashes => {
                    return at + 1 + hashes;
                }
                _ => at += 1,
            }
        }
        at
    };
    while at < s.len() {
        let c = s[at];
        if c.is_whitespace() {
            at += 1;
        } else if s[at..].starts_with(&['/', '/']) {
            while at < s.len() && s[at] != '\n' {
                at += 1;
            }
        } else if s[at..].starts_with(&['/', '*']) {
            let (mut depth, mut i) = (1, at + 2);
            while i < s.len() && depth > 0 {
                if s[i..].starts_with(&['/', '*']) {
                    (depth, i) = (depth + 1, i + 2);
                } else if s[i..].starts_with(&['*', '/']) {
                    (depth, i) = (depth - 1, i + 2);
                } else {
                    i += 1;
                }
            }
            at = i;
        } else if c == '"' {
            at = skip_string(at, false, 0);
            out.push("\"\"".to_string());
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}'), or a lifetime's quote.
            if s.get(at + 1) == Some(&'\\') {
                at += 2;
                while at < s.len() && s[at] != '\'' {
                    at += 1;
                }
                at += 1;
            } else if s.get(at + 2) == Some(&'\'') {
                at += 3;
            } else {
                at += 1;
            }
        } else if is_ident(c) {
            let start = at;
            while at < s.len() && is_ident(s[at]) {
                at += 1;
            }
            let word: String = s[start..at].iter().collect();
            let hashes = s[at..].iter().take_while(|&&c| c == '#').count();
            if matches!(word.as_str(), "r" | "br") && s.get(at + hashes) == Some(&'"') {
                at = skip_string(at + hashes, true, hashes);
                out.push("\"\"".to_string());
            } else if word == "b" && s.get(at) == Some(&'"') {
                at = skip_string(at, false, 0);
                out.push("\"\"".to_string());
            } else if word == "b" && s.get(at) == Some(&'\'') {
                at += if s.get(at + 1) == Some(&'\\') { 4 } else { 3 };
            } else {
                out.push(word);
            }
        } else if s[at..].starts_with(&[':', ':']) {
            out.push("::".to_string());
            at += 2;
        } else {
            out.push(c.to_string());
            at += 1;
        }
    }
    out
}

fn is_word(token: &str) -> bool {
    token.chars().next().is_some_and(is_ident)
}

/// Reads the tree of a `use` declaration starting at token `at` under `prefix`; adds each name
/// it binds, with the full path it stands for, to `names` (`use a::{self, b as c}` binds `a` and
/// `c`), and returns where the tree ends.
fn read_use_tree(
    t: &[String],
    mut at: usize,
    prefix: &[String],
    names: &mut BTreeMap<String, Vec<String>>,
) -> usize {
    let mut path = prefix.to_vec();
    while at < t.len() {
        match t[at].as_str() {
            "{" => {
                at += 1;
                while at < t.len() && t[at] != "}" {
                    if t[at] == "," {
                        at += 1;
                    } else {
                        at = read_use_tree(t, at, &path, names);
                    }
                }
                return at + 1;
            }
            "*" => return at + 1,
            word if is_word(word) => {
                path.push(word.to_string());
                at += 1;
                if t.get(at).is_some_and(|t| t == "::") {
                    at += 1;
                    continue;
                }
                if path.last().is_some_and(|p| p == "self") {
                    path.pop();
                }
                let mut name = path.last().cloned().unwrap_or_default();
                if t.get(at).is_some_and(|t| t == "as") {
                    name = t.get(at + 1).cloned().unwrap_or_default();
                    at += 2;
                }
                names.insert(name, path);
                return at;
            }
            _ => return at + 1,
        }
    }
    at
}

/// Every `db` function a file's code names (called, or passed as a function), as its path in
/// `db` (`games::claim`, `queue::claim_next`): paths of the file's code resolved through its
/// `use` declarations. A path naming a module, a type or a constant is left out (its last name
/// is not lower case), and so is the file's `tests` module.
fn db_functions_named(text: &str) -> BTreeSet<String> {
    let code: Vec<&str> = text.lines().take_while(|l| !l.trim_start().starts_with("mod tests")).collect();
    let t = tokens(&code.join("\n"));
    let mut names: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut paths: Vec<Vec<String>> = Vec::new();
    let mut at = 0;
    while at < t.len() {
        if t[at] == "use" {
            at = read_use_tree(&t, at + 1, &[], &mut names);
            continue;
        }
        let continues = at > 0 && (t[at - 1] == "::" || t[at - 1] == ".");
        if !is_word(&t[at]) || continues {
            at += 1;
            continue;
        }
        let mut path = vec![t[at].clone()];
        at += 1;
        while t.get(at).is_some_and(|t| t == "::") {
            match t.get(at + 1).map(String::as_str) {
                Some(word) if is_word(word) => {
                    path.push(word.to_string());
                    at += 2;
                }
                // A turbofish (`claim_next::<CompileJob>`) ends the path.
                _ => break,
            }
        }
        paths.push(path);
    }
    let mut found = BTreeSet::new();
    for path in paths {
        let full = match names.get(&path[0]) {
            _ if path[0] == "crate" => path,
            Some(bound) => [bound.as_slice(), &path[1..]].concat(),
            None => continue,
        };
        let function = full.last().is_some_and(|n| n.starts_with(|c: char| c.is_lowercase()));
        if full.len() >= 4 && full[0] == "crate" && full[1] == "db" && function {
            found.insert(full[2..].join("::"));
        }
    }
    found
}

#[test]
fn the_db_function_reader_resolves_uses_and_ignores_text() {
    let text = r##"
        use crate::db::games::{self, GameStatus};
        use crate::db::{queue as q, submissions::by_id, users::{self as people}};
        use crate::service::contests;
        use crate::db;
        fn f() {
            games::claim(conn, "games::finish(", 'x', b'\'', r#"users::lock("#);
            let s = q::claim_next::<CompileJob>(conn).await?.map(by_id);
            people::User::is_admin(&u); /* db::tokens::create( */ GameStatus::Done;
            db::announcements::mark_read(conn); contests::create(conn); x.games::not_a_path;
            crate::db::games::MAX_ATTEMPTS; games::Side { a: 1 }; // db::audit::record(
        }
        mod tests { use crate::db::users; fn t() { users::create() } }
    "##;
    let found: Vec<_> = db_functions_named(text).into_iter().collect();
    assert_eq!(
        found,
        [
            "announcements::mark_read",
            "games::claim",
            "queue::claim_next",
            "submissions::by_id",
            "users::User::is_admin"
        ]
    );
}

/// The `db` functions that only read (or compute, touching no database), which `web` and `jobs`
/// may call directly. [`reads_write_nothing`] checks each against its SQL.
const DB_READS: &[&str] = &[
    "announcements::of_contest",
    "announcements::read_at",
    "announcements::unread_counts",
    "audit::history",
    "contests::NewContest::build",
    "contests::by_slug",
    "contests::deadline_field",
    "contests::list",
    "contests::settings_pairs",
    "contests::slug_and_title",
    "contests::stored",
    "games::first_opponent",
    "games::game",
    "games::game_page_info",
    "games::games_of_submission",
    "games::live",
    "games::matches_of_submission",
    "games::progress",
    "games::side",
    "ladder::active",
    "ladder::history",
    "ladder::standings",
    "scoreboard::freezes_due",
    "scoreboard::frozen_at",
    "scoreboard::history",
    "scoreboard::pairings",
    "scoreboard::scoreboard",
    "scoreboard::scoreboards_due",
    "scoreboard_serving::head",
    "scoreboard_serving::owners",
    "scoreboard_serving::snapshot",
    "scoreboard_serving::writes",
    "similarity::base_files",
    "similarity::coverage",
    "similarity::indexable",
    "similarity::over_budget",
    "similarity::pair",
    "similarity::pairs",
    "submissions::by_id",
    "submissions::current_ids",
    "submissions::current_of",
    "submissions::current_source",
    "submissions::of_contest",
    "submissions::of_user",
    "submissions::owners",
    "submissions::search",
    "test_matches::game_waiting",
    "test_matches::of_user",
    "test_matches::outcomes",
    "test_matches::queued_ahead",
    "tokens::list",
    "users::User::is_admin",
    "users::UserOrder::default",
    "users::by_id",
    "users::clean_nickname",
    "users::for_login",
    "users::search",
    "users::shown_name",
    "workers::queue_state",
];

/// The queue's own mechanics, which `jobs` (and only `jobs`) call directly: claiming a job (its
/// subject marked with it), renewing its lease, putting it back after a failure of the judge or
/// when draining, giving up the jobs that used their attempts, and the worker's heartbeat in
/// `workers`. Storing what a job produced, and scheduling what comes next, is the service's.
const QUEUE_MECHANICS: &[&str] = &[
    "games::claim",
    "games::fail_exhausted",
    "games::give_back",
    "games::release",
    "queue::claim_next",
    "queue::extend_lease",
    "queue::extend_leases",
    "queue::release",
    "submissions::fail_exhausted",
    "submissions::fail_validity_exhausted",
    "submissions::release",
    "workers::worker_seen",
];

/// What `web` and `jobs` may not do through `db`: each (file, function) whose function is not
/// one of [`DB_READS`], nor for a file of `src/jobs` one of [`QUEUE_MECHANICS`].
fn db_writes_outside_service(files: &[(String, String)], reads: &[&str], queue: &[&str]) -> Vec<String> {
    let mut wrong = Vec::new();
    for (name, text) in files {
        for function in db_functions_named(text) {
            let jobs = name.starts_with("src/jobs/");
            if !(reads.contains(&function.as_str()) || (jobs && queue.contains(&function.as_str()))) {
                wrong.push(format!(
                    "{name} calls db::{function}: a write goes through the service \
                     (a function that only reads belongs in DB_READS{})",
                    if jobs { ", a job's own claim or lease in QUEUE_MECHANICS" } else { "" }
                ));
            }
        }
    }
    wrong
}

/// The files of `src/web` and `src/jobs`, by their path from the repository, with their text.
fn web_and_jobs() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src/web"), &mut files);
    rust_files(&root.join("src/jobs"), &mut files);
    files.sort();
    files
        .into_iter()
        .map(|f| {
            (f.strip_prefix(root).unwrap().to_string_lossy().to_string(), fs::read_to_string(&f).unwrap())
        })
        .collect()
}

#[test]
fn web_and_jobs_write_through_the_service_only() {
    let files = web_and_jobs();
    for (name, text) in &files {
        let called: Vec<String> = db_functions_named(text).into_iter().collect();
        if !called.is_empty() {
            println!("{name} → db::{}", called.join(", db::"));
        }
    }
    let wrong = db_writes_outside_service(&files, DB_READS, QUEUE_MECHANICS);
    assert!(wrong.is_empty(), "web and jobs must leave writes to the service:\n{}", wrong.join("\n"));
}

#[test]
fn a_planted_write_from_the_web_is_found_and_named() {
    let mut files = web_and_jobs();
    let pages =
        files.iter_mut().find(|(name, _)| name == "src/web/contests.rs").expect("src/web/contests.rs");
    pages.1.push_str(
        "\nasync fn planted(c: &mut sqlx::PgConnection) { crate::db::users::lock(c, id).await; }\n",
    );
    let jobs = files.iter_mut().find(|(name, _)| name == "src/jobs/games.rs").expect("src/jobs/games.rs");
    jobs.1.push_str("\nuse crate::db::games::set_matches_done as s;\nfn planted() { s(c, &[]) }\n");
    let wrong = db_writes_outside_service(&files, DB_READS, QUEUE_MECHANICS);
    assert_eq!(wrong.len(), 2, "{wrong:#?}");
    assert!(wrong[0].starts_with("src/jobs/games.rs calls db::games::set_matches_done:"), "{}", wrong[0]);
    assert!(wrong[1].starts_with("src/web/contests.rs calls db::users::lock:"), "{}", wrong[1]);
    // The queue's mechanics are the jobs' own, not the web's.
    let web = [("src/web/x.rs".to_string(), "fn f() { crate::db::queue::claim_next(c) }".to_string())];
    assert_eq!(db_writes_outside_service(&web, DB_READS, QUEUE_MECHANICS).len(), 1);
}

/// The text of function `name` in `text` (from its `fn` line to the closing brace at the same
/// indentation), if it has one.
fn function_text<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|l| {
        let l = l.trim_start();
        let l = l.strip_prefix("pub ").unwrap_or(l);
        let l = l.strip_prefix("async ").unwrap_or(l);
        l.strip_prefix("fn ").and_then(|l| l.strip_prefix(name)).is_some_and(|r| r.starts_with(['(', '<']))
    })?;
    let indent = &lines[start][..lines[start].len() - lines[start].trim_start().len()];
    let end = (start..lines.len()).find(|&i| lines[i] == format!("{indent}}}"))?;
    let from = lines[..start].iter().map(|l| l.len() + 1).sum::<usize>();
    let to = lines[..=end].iter().map(|l| l.len() + 1).sum::<usize>();
    text.get(from..to.min(text.len()))
}

/// SQL and calls that write, lock or start a transaction.
const WRITING: &[&str] =
    &["insert into", "update ", "delete from", "for share", "advisory", "notify", ".begin()", "lock("];

#[test]
fn reads_write_nothing() {
    let db = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/db");
    let mut wrong = Vec::new();
    for read in DB_READS {
        let (module, path) = read.split_once("::").unwrap();
        let (ty, function) = path.rsplit_once("::").map_or((None, path), |(t, f)| (Some(t), f));
        let mut files = Vec::new();
        if db.join(module).is_dir() {
            rust_files(&db.join(module), &mut files);
        } else {
            files.push(db.join(format!("{module}.rs")));
        }
        let texts: Vec<String> = files.iter().map(|f| fs::read_to_string(f).unwrap()).collect();
        let Some(body) = texts.iter().find_map(|t| function_text(t, function)) else {
            // A derived function of a type (`Default`) has no SQL.
            let derived = ty.is_some_and(|ty| {
                texts
                    .iter()
                    .any(|t| t.contains(&format!("enum {ty} ")) || t.contains(&format!("struct {ty} ")))
            });
            if derived {
                continue;
            }
            wrong.push(format!("db::{read} is listed in DB_READS but not found in src/db/{module}"));
            continue;
        };
        let lower = body.to_lowercase();
        if let Some(w) = WRITING.iter().find(|w| lower.contains(*w)) {
            wrong.push(format!("db::{read} is listed in DB_READS but its code has `{}`", w.trim()));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let tokens = fs::read_to_string(db.join("tokens.rs")).unwrap();
    let user_for = function_text(&tokens, "user_for").expect("db::tokens::user_for");
    assert!(WRITING.iter().any(|w| user_for.to_lowercase().contains(w)), "a write is seen as one");
}
