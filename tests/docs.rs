//! The documentation in `docs/` is the specification users get with the repository: these tests keep
//! it whole (every game has its page, every relative link leads somewhere) and keep the repository
//! free of references to a specification that lives outside it.

use botarena::games::GameId;
use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The tracked files of the checkout, or `None` when this is not a git checkout (a source tarball)
/// or git is missing.
fn tracked_files() -> Option<Vec<PathBuf>> {
    let out = Command::new("git").arg("-C").arg(root()).args(["ls-files", "-z"]).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?;
    Some(text.split('\0').filter(|p| !p.is_empty()).map(PathBuf::from).collect())
}

/// Lines outside fenced code blocks, with their 1-based numbers.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            out.push((i + 1, line));
        }
    }
    out
}

/// The line with its inline code spans (`...`) removed, so that code is never read as a link.
fn without_code_spans(line: &str) -> String {
    line.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// The targets of the inline links `[text](target)` of a Markdown text, with their line numbers.
fn link_targets(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in prose_lines(text) {
        let line = without_code_spans(line);
        let mut rest = line.as_str();
        while let Some(i) = rest.find("](") {
            let after = &rest[i + 2..];
            let Some(end) = after.find(')') else { break };
            let target = after[..end].split_whitespace().next().unwrap_or("").to_string();
            out.push((n, target));
            rest = &after[end..];
        }
    }
    out
}

/// The Markdown files whose links are checked: the README and everything under `docs/`.
fn markdown_files() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let mut dirs = vec![root().join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display())) {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn no_tracked_file_outside_migrations_refers_to_the_specification_outside_the_repository() {
    let Some(files) = tracked_files() else {
        eprintln!("not a git checkout: skipped");
        return;
    };
    // Built from pieces so that this file does not match itself.
    let needles = [concat!("shared", "/spec"), concat!("..", "/shared")];
    let mut offenders = Vec::new();
    for file in files.iter().filter(|f| !f.starts_with("migrations")) {
        // A file deleted in the work tree but still tracked has nothing to check.
        let Ok(bytes) = std::fs::read(root().join(file)) else { continue };
        let text = String::from_utf8_lossy(&bytes);
        for (n, line) in text.lines().enumerate() {
            if needles.iter().any(|needle| line.contains(needle)) {
                offenders.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "these lines point outside the repository; point to docs/ instead:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn every_relative_link_in_the_readme_and_the_docs_points_to_an_existing_file() {
    let mut broken = Vec::new();
    let files = markdown_files();
    assert!(files.len() > 5, "docs/ should hold the documentation, found {files:?}");
    for file in &files {
        let text =
            std::fs::read_to_string(file).unwrap_or_else(|e| panic!("reading {}: {e}", file.display()));
        for (n, target) in link_targets(&text) {
            let external = ["http://", "https://", "mailto:"].iter().any(|s| target.starts_with(s));
            if external || target.starts_with('#') {
                continue;
            }
            let path = target.split('#').next().unwrap_or("");
            let dir = file.parent().expect("a file has a directory");
            if path.is_empty() || !dir.join(path).exists() {
                broken.push(format!("{}:{n}: {target}", file.strip_prefix(root()).unwrap_or(file).display()));
            }
        }
    }
    assert!(broken.is_empty(), "links to files that do not exist:\n{}", broken.join("\n"));
}

#[test]
fn every_game_has_a_page_with_one_title_and_every_forfeit_kind_explained() {
    let kinds = [
        "start_timeout",
        "move_timeout",
        "time_bank",
        "illegal_move",
        "bad_output",
        "unexpected_output",
        "exited",
        "memory_limit",
        "output_limit",
        "sandbox_violation",
    ];
    for game in GameId::ALL {
        let path = root().join("docs/games").join(format!("{game}.md"));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        // The page is embedded and rendered on each contest's rules page: one `# ` title, first.
        assert!(text.starts_with("# "), "{} must start with its `# ` title", path.display());
        let titles: Vec<_> = prose_lines(&text).into_iter().filter(|(_, l)| l.starts_with("# ")).collect();
        assert_eq!(titles.len(), 1, "{} must have exactly one `# ` title, found {titles:?}", path.display());
        for section in ["## Bot protocol", "### Example exchange", "## Forfeits", "## Matches and scoring"] {
            assert!(text.contains(section), "{} has no section `{section}`", path.display());
        }
        for kind in kinds {
            let row = format!("| `{kind}` |");
            assert!(text.contains(&row), "{} does not say what `{kind}` means in {game}", path.display());
        }
    }
}

#[test]
fn links_are_found_outside_code_and_not_inside_it() {
    let text = "see [a](a.md) and `[b](b.md)`\n```\n[c](c.md)\n```\n[d](d.md#x) [e](https://e)\n";
    let targets: Vec<String> = link_targets(text).into_iter().map(|(_, t)| t).collect();
    assert_eq!(targets, ["a.md", "d.md#x", "https://e"]);
}

/// One piece of a Markdown page's structure: what a translation must keep exactly as the English
/// page has it. Prose is free; headings' levels, lists' shapes, code blocks, tables' shapes and
/// the code spans (`start_ms`, `TURN`, …) of each section and of each table cell, and the number
/// of bold phrases of each section (a bold that does not render shows its `**`) are not.
#[derive(Debug, PartialEq)]
enum Piece {
    Heading(u8),
    /// Ordered or not, and the number of items (a nested list is a piece of its own, after).
    List(bool, usize),
    /// Info string and text, byte for byte.
    Code(String, String),
    /// Column alignments, then each row's cells, each cell as its code spans, sorted.
    Table(Vec<String>, Vec<Vec<Vec<String>>>),
    /// The code spans of a section's prose (outside tables), sorted, and its number of bold
    /// phrases: at each heading and at the end.
    Section(Vec<String>, usize),
}

/// The structure of a Markdown page, each piece with the heading it is under (for messages).
fn structure(markdown: &str) -> Vec<(Piece, String)> {
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
    let mut out = Vec::new();
    let mut heading = String::from("(top)");
    let mut in_heading = None::<String>;
    let mut spans = Vec::new();
    let mut strong = 0;
    let mut lists: Vec<(bool, usize, usize)> = Vec::new(); // ordered, items, index in `out`
    let mut code = None::<(String, String)>;
    let mut table = None::<(Vec<String>, Vec<Vec<Vec<String>>>)>;
    let flush = |spans: &mut Vec<String>, strong: &mut usize, out: &mut Vec<(Piece, String)>, at: &str| {
        spans.sort();
        out.push((Piece::Section(std::mem::take(spans), std::mem::take(strong)), at.to_string()));
    };
    for event in Parser::new_ext(markdown, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                flush(&mut spans, &mut strong, &mut out, &heading);
                out.push((Piece::Heading(level as u8), heading.clone()));
                in_heading = Some(String::new());
            }
            Event::End(TagEnd::Heading(_)) => heading = in_heading.take().unwrap_or_default(),
            Event::Start(Tag::Strong) => strong += 1,
            Event::Start(Tag::List(start)) => {
                lists.push((start.is_some(), 0, out.len()));
                out.push((Piece::List(start.is_some(), 0), heading.clone()));
            }
            Event::Start(Tag::Item) => {
                if let Some(l) = lists.last_mut() {
                    l.1 += 1;
                }
            }
            Event::End(TagEnd::List(_)) => {
                let (ordered, items, at) = lists.pop().expect("a list ends after it starts");
                out[at].0 = Piece::List(ordered, items);
            }
            Event::Start(Tag::CodeBlock(kind)) => {
                let info = match kind {
                    pulldown_cmark::CodeBlockKind::Fenced(info) => info.to_string(),
                    pulldown_cmark::CodeBlockKind::Indented => String::new(),
                };
                code = Some((info, String::new()));
            }
            Event::End(TagEnd::CodeBlock) => {
                let (info, text) = code.take().expect("a code block ends after it starts");
                out.push((Piece::Code(info, text), heading.clone()));
            }
            Event::Start(Tag::Table(aligns)) => {
                table = Some((aligns.iter().map(|a| format!("{a:?}")).collect(), Vec::new()));
            }
            Event::Start(Tag::TableHead | Tag::TableRow) => {
                if let Some((_, rows)) = table.as_mut() {
                    rows.push(Vec::new());
                }
            }
            Event::Start(Tag::TableCell) => {
                if let Some(row) = table.as_mut().and_then(|(_, rows)| rows.last_mut()) {
                    row.push(Vec::new());
                }
            }
            Event::End(TagEnd::TableCell) => {
                if let Some(cell) = table.as_mut().and_then(|(_, rows)| rows.last_mut()?.last_mut()) {
                    cell.sort();
                }
            }
            Event::End(TagEnd::Table) => {
                let (aligns, rows) = table.take().expect("a table ends after it starts");
                out.push((Piece::Table(aligns, rows), heading.clone()));
            }
            Event::Text(text) => {
                if let Some((_, body)) = code.as_mut() {
                    body.push_str(&text);
                } else if let Some(h) = in_heading.as_mut() {
                    h.push_str(&text);
                }
            }
            Event::Code(span) => {
                if let Some(cell) = table.as_mut().and_then(|(_, rows)| rows.last_mut()?.last_mut()) {
                    cell.push(span.to_string());
                } else {
                    spans.push(span.to_string());
                }
            }
            _ => {}
        }
    }
    flush(&mut spans, &mut strong, &mut out, &heading);
    out
}

/// Where a translation's structure first differs from the English page's, if it does.
fn structure_difference(english: &str, translation: &str) -> Option<String> {
    let (a, b) = (structure(english), structure(translation));
    for (i, ((pa, ha), (pb, hb))) in a.iter().zip(&b).enumerate() {
        if let (Piece::Code(_, ta), Piece::Code(_, tb)) = (pa, pb) {
            // A long block: name its first differing line rather than print both whole.
            let line = ta.lines().zip(tb.lines()).position(|(la, lb)| la != lb);
            if let Some(n) = line.filter(|_| ta.lines().count() > 3) {
                let (la, lb) = (ta.lines().nth(n), tb.lines().nth(n));
                return Some(format!(
                    "piece {i}, the code block under \"{ha}\" in English and \"{hb}\" in the translation \
                     differs at its line {}:\n  English:     {la:?}\n  translation: {lb:?}",
                    n + 1
                ));
            }
        }
        if pa != pb {
            return Some(format!(
                "piece {i}, under \"{ha}\" in English and \"{hb}\" in the translation:\n  English:     \
                 {pa:?}\n  translation: {pb:?}"
            ));
        }
    }
    (a.len() != b.len()).then(|| {
        let longer = if a.len() > b.len() { (&a, "English") } else { (&b, "the translation") };
        let (piece, at) = &longer.0[a.len().min(b.len())];
        format!("{} has more: first {piece:?} under \"{at}\"", longer.1)
    })
}

/// The translated game pages: `docs/games/{game}.{lang}.md`, as (game, lang, path).
fn translated_pages() -> Vec<(GameId, String, PathBuf)> {
    let dir = root().join("docs/games");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("").to_string();
        let Some(stem) = name.strip_suffix(".md") else { continue };
        let Some((game, lang)) = stem.split_once('.') else { continue };
        let game: GameId = game.parse().unwrap_or_else(|_| panic!("{name}: `{game}` is not a game"));
        out.push((game, lang.to_string(), path));
    }
    out.sort_by(|a, b| a.2.cmp(&b.2));
    out
}

#[test]
fn every_translated_game_page_has_the_structure_of_the_english_page_and_says_which_one_rules() {
    let pages = translated_pages();
    assert!(pages.len() >= 5, "docs/games should hold the translated pages, found {pages:?}");
    let mut wrong = Vec::new();
    for (game, lang, path) in &pages {
        let name = path.strip_prefix(root()).unwrap_or(path).display().to_string();
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {name}: {e}"));
        let english = botarena::web::statement::game_doc(*game);
        if let Some(diff) = structure_difference(english, &text) {
            wrong.push(format!("{name} does not have the structure of {game}.md: {diff}"));
        }
        // A title first, then the note that the English page is the reference, with a link to it.
        let mut lines = text.lines().filter(|l| !l.trim().is_empty());
        let (title, note) = (lines.next().unwrap_or(""), lines.next().unwrap_or(""));
        if !title.starts_with("# ") {
            wrong.push(format!("{name} must start with its `# ` title"));
        }
        if !note.starts_with("> ") || !note.contains(&format!("]({game}.md)")) {
            wrong.push(format!("{name}: the line after the title must be a `> ` note linking to {game}.md"));
        }
        // The page built into the server is this file.
        let built = botarena::web::statement::translations(*game).iter().find(|(tag, _)| tag == lang);
        if built.map(|(_, page)| *page) != Some(text.as_str()) {
            wrong.push(format!(
                "{name} is not the `{lang}` page of `translations({game})` in src/web/statement.rs"
            ));
        }
    }
    for game in GameId::ALL {
        for (lang, _) in botarena::web::statement::translations(game) {
            if !pages.iter().any(|(g, l, _)| *g == game && l == lang) {
                wrong.push(format!(
                    "translations({game}) has `{lang}` but docs/games/{game}.{lang}.md is missing"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_translation_that_drifts_from_the_english_page_is_caught() {
    let english = botarena::web::statement::game_doc(GameId::Checkers);
    assert_eq!(structure_difference(english, english), None);
    // Prose may change freely.
    let reworded = english.replace("Two bots play", "Deux bots jouent");
    assert_ne!(reworded, english);
    assert_eq!(structure_difference(english, &reworded), None);
    let planted = [
        ("a heading of another level", english.replacen("## Moves", "### Moves", 1)),
        ("a heading more", english.replacen("## Moves", "## Moves\n\n## More", 1)),
        ("a byte of a code block", english.replacen("< PLACE 2 2,1 3,0", "< PLACE 2 2,1 3,1", 1)),
        ("a code block's language", english.replacen("```sh", "```bash", 1)),
        (
            "a list item fewer",
            english.replacen("- A step is `2 r1,c1 r2,c2`.", "A step is `2 r1,c1 r2,c2`.", 1),
        ),
        (
            "a table column more",
            english.replacen(
                "| setting | default | meaning |\n| --- | --- | --- |",
                "| setting | default | meaning | x |\n| --- | --- | --- | --- |",
                1,
            ),
        ),
        ("a table row fewer", english.replacen("| `games` | 2 | games per match |\n", "", 1)),
        ("a code span in a cell", english.replacen("| `bank_ms` | 90000 |", "| `bank` | 90000 |", 1)),
        ("a code span in prose", english.replacen("Game id: `checkers`.", "Game id: checkers.", 1)),
        ("a bold phrase fewer", english.replacen("**Chains.**", "Chains.", 1)),
        (
            "a table's alignment",
            english.replacen(
                "| kind | in checkers |\n| --- | --- |",
                "| kind | in checkers |\n| :-: | --- |",
                1,
            ),
        ),
    ];
    for (what, text) in planted {
        assert_ne!(text, english, "{what}: the plant did not take");
        assert!(structure_difference(english, &text).is_some(), "{what} is not caught");
    }
}
