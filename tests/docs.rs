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
