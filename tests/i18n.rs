//! The message catalogs (`locales/{tag}/*.ftl`): every language has every message of every other,
//! with the same arguments; every message the code and templates name exists; none is left unused;
//! each renders in every language, and the pseudo-locale wraps it.

use botarena::locale::Locale;
use botarena::web::i18n::{lookup, Args};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One catalog: message id → the `$arguments` its text uses, by file.
type Catalog = BTreeMap<String, (String, BTreeSet<String>)>;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Reads every `.ftl` file of a language: the id of each message (a line `id = …` at the start of
/// a line) and the arguments of its text (its own line and the indented lines after it).
fn catalog(locale: Locale) -> Catalog {
    let dir = root().join("locales").join(locale.tag());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
        .collect();
    files.sort();
    let mut out = Catalog::new();
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&file).unwrap();
        let mut current: Option<String> = None;
        for line in text.lines() {
            let starts_message = !line.starts_with([' ', '#']) && line.contains(" =");
            if starts_message {
                let id = line.split(" =").next().unwrap().trim().to_string();
                assert!(
                    id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
                    "{name}: `{id}` is not a message id"
                );
                let old = out.insert(id.clone(), (name.clone(), BTreeSet::new()));
                assert!(old.is_none(), "{}/{name}: `{id}` is defined twice", locale.tag());
                current = Some(id);
            } else if !line.starts_with(' ') {
                current = None;
            }
            if let Some(id) = &current {
                let args = &mut out.get_mut(id).unwrap().1;
                for part in line.split('$').skip(1) {
                    let arg: String =
                        part.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                    if !arg.is_empty() {
                        args.insert(arg);
                    }
                }
            }
        }
    }
    out
}

#[test]
fn every_language_has_every_message_with_the_same_arguments() {
    let english = catalog(Locale::En);
    assert!(english.len() > 20, "the English catalog is read: {} messages", english.len());
    let mut problems = Vec::new();
    for locale in Locale::OFFERED.into_iter().filter(|l| *l != Locale::En) {
        let other = catalog(locale);
        for (id, (file, args)) in &english {
            match other.get(id) {
                None => problems.push(format!("{}: no `{id}` (English has it in {file})", locale.tag())),
                Some((their_file, _)) if their_file != file => {
                    problems.push(format!("{}: `{id}` is in {their_file}, not {file}", locale.tag()))
                }
                Some((_, their_args)) if their_args != args => problems
                    .push(format!("{}: `{id}` uses {their_args:?}, English uses {args:?}", locale.tag())),
                Some(_) => {}
            }
        }
        for id in other.keys().filter(|id| !english.contains_key(*id)) {
            problems.push(format!("{}: `{id}` is not in the English catalog", locale.tag()));
        }
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}

/// Every file under `dir` (recursively) ending in one of `extensions`.
fn files(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, extensions, out);
        } else if path.extension().is_some_and(|e| extensions.iter().any(|x| e == *x)) {
            out.push(path);
        }
    }
}

/// The string literals of a text that look like message ids (`"word-word…"`).
fn id_like_literals(text: &str) -> BTreeSet<String> {
    text.split('"')
        .skip(1)
        .step_by(2)
        .filter(|s| {
            s.contains('-')
                && s.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
        })
        .map(str::to_string)
        .collect()
}

/// Ids the code builds from a prefix and a value (a status, an end reason, a setting's name):
/// their messages count as used.
const BUILT_PREFIXES: &[&str] = &["reason-", "status-", "setting-", "forfeit-", "outcome-"];

#[test]
fn every_message_named_exists_and_every_message_is_used() {
    let english = catalog(Locale::En);
    let mut sources = Vec::new();
    files(&root().join("src"), &["rs"], &mut sources);
    files(&root().join("templates"), &["html"], &mut sources);
    let mut named = BTreeSet::new();
    let mut missing = Vec::new();
    for file in &sources {
        let text = std::fs::read_to_string(file).unwrap();
        // A template's `"id"|t…` and the code's `tr!("id"…)` must name a message.
        for (marker, id_at) in [("\"|t", 0usize), ("\"|th", 0), ("tr!(\"", 1)] {
            for (i, _) in text.match_indices(marker) {
                let id = if id_at == 0 {
                    text[..i].rsplit('"').next().unwrap_or_default()
                } else {
                    text[i + marker.len()..].split('"').next().unwrap_or_default()
                };
                if !english.contains_key(id) {
                    missing.push(format!("{}: `{id}`", file.strip_prefix(root()).unwrap().display()));
                }
            }
        }
        named.extend(id_like_literals(&text));
    }
    let mut scripts = Vec::new();
    files(&root().join("static"), &["js"], &mut scripts);
    for file in &scripts {
        named.extend(id_like_literals(&std::fs::read_to_string(file).unwrap()));
    }
    assert!(missing.is_empty(), "messages named but not in the English catalog:\n{}", missing.join("\n"));
    let unused: Vec<&String> = english
        .keys()
        .filter(|id| !named.contains(*id) && !BUILT_PREFIXES.iter().any(|p| id.starts_with(p)))
        .collect();
    assert!(unused.is_empty(), "messages no code or template names: {unused:?}");
}

#[test]
fn every_message_renders_in_every_language_and_the_pseudo_locale_marks_it() {
    let english = catalog(Locale::En);
    for (id, (_, args)) in &english {
        // Numbers for every argument: plural selectors need them, and a number reads in any text.
        let values: Args = args
            .iter()
            .map(|a| {
                (std::borrow::Cow::Owned(a.clone()), fluent_templates::fluent_bundle::FluentValue::from(3))
            })
            .collect();
        for locale in Locale::OFFERED {
            let text = lookup(locale, id, Some(&values));
            assert!(!text.is_empty() && text != *id, "{}: `{id}` does not render: {text:?}", locale.tag());
            assert!(!text.contains("{$") && !text.contains("{ $"), "{}: `{id}`: {text}", locale.tag());
        }
        let pseudo = lookup(Locale::Pseudo, id, Some(&values));
        assert!(pseudo.starts_with('⟦') && pseudo.ends_with('⟧'), "`{id}`: {pseudo}");
    }
}
