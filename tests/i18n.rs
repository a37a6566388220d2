//! The message catalogs (`locales/{tag}/*.ftl`): every language has every message of every other,
//! with the same arguments; every message the code and templates name exists; none is left unused;
//! each renders in every language, and the pseudo-locale wraps it.

mod common;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use botarena::db::users::Role;
use botarena::locale::Locale;
use botarena::web::i18n::{lookup, Args};
use common::*;
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
            } else if !line.starts_with([' ', '}']) {
                // A message goes on over indented lines and the `}` closing one of its selectors.
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

/// The quoted words of a text that look like message ids (`"word-word…"`), wherever they are
/// (a template's `title="{{ "key"|t }}"` holds one inside another quote).
fn id_like_literals(text: &str) -> BTreeSet<String> {
    let id_char = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_';
    text.match_indices('"')
        .filter_map(|(i, _)| {
            let rest = &text[i + 1..];
            let id: String = rest.chars().take_while(|c| id_char(*c)).collect();
            let closed = rest[id.len()..].starts_with('"');
            (closed && id.contains('-') && id.starts_with(|c: char| c.is_ascii_lowercase())).then_some(id)
        })
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
        // Comments (the documentation's examples) name no message.
        let text: String =
            text.lines().filter(|l| !l.trim_start().starts_with("//")).map(|l| format!("{l}\n")).collect();
        // A template's `"id"|t…` and the code's `tr!("id"…)` must name a message.
        for (marker, id_at) in [("\"|t", 0usize), ("\"|th", 0), ("tr!(\"", 1)] {
            for (i, _) in text.match_indices(marker) {
                // `include_str!("…")` is not `tr!`.
                if id_at == 1 && text[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
                    continue;
                }
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

/// A GET with these extra headers, with the client's session.
async fn get_with(app: &TestApp, client: Option<&Client>, uri: &str, headers: &[(&str, &str)]) -> Resp {
    let mut req = Request::builder().uri(uri);
    if let Some(cookie) = client.and_then(|c| c.cookie.as_deref()) {
        req = req.header(header::COOKIE, cookie);
    }
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    send(&app.router, req.body(Body::empty()).unwrap()).await
}

/// The English messages that are whole phrases of their own (two words or more, no argument):
/// none of them may be on a page in another language.
fn english_phrases() -> Vec<String> {
    catalog(Locale::En)
        .into_iter()
        .filter(|(_, (_, args))| args.is_empty())
        .map(|(id, _)| lookup(Locale::En, &id, None))
        .filter(|t| {
            t.split_whitespace().count() >= 2 && t.len() >= 10 && !t.contains('<') && !t.contains('\n')
        })
        .collect()
}

/// The text of a page without its tags, its scripts and the game's statement (a document of its
/// own, shown in English where it has no translation).
fn visible_text(html: &str) -> String {
    let mut html = html.to_string();
    for (open, close) in [
        ("<script", "</script>"),
        ("<style", "</style>"),
        ("<article class=\"card statement\"", "</article>"),
    ] {
        while let Some(a) = html.find(open) {
            let b = html[a..].find(close).map_or(html.len(), |b| a + b + close.len());
            html.replace_range(a..b, " ");
        }
    }
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.push(' ');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&#x27;", "'")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
}

#[tokio::test]
async fn pages_follow_accept_language_and_carry_no_english_phrase() {
    let app = setup().await;
    app.user("ada", Role::Student).await;
    app.contest("c4", &[]).await;
    let ada = app.logged_in("ada").await;
    let phrases = english_phrases();
    assert!(phrases.len() > 20, "{} English phrases", phrases.len());
    let mut found = Vec::new();
    for locale in [Locale::ZhCn, Locale::Ro, Locale::Bg, Locale::Fi] {
        let pages: [(&str, Option<&Client>); 6] = [
            ("/login", None),
            ("/contests", Some(&ada)),
            ("/contests/c4", Some(&ada)),
            ("/contests/c4/rules", Some(&ada)),
            ("/contests/c4/scoreboard", Some(&ada)),
            ("/profile", Some(&ada)),
        ];
        for (page, who) in pages {
            let r = get_with(
                &app,
                who,
                page,
                &[("accept-language", &format!("{};q=0.9, en;q=0.5", locale.tag()))],
            )
            .await;
            assert_eq!(r.status, StatusCode::OK, "{page}: {}", r.body);
            assert!(r.body.contains(&format!("<html lang=\"{}\">", locale.tag())), "{page} in {locale}");
            assert_eq!(r.headers.get(header::CONTENT_LANGUAGE).unwrap(), locale.tag());
            let text = visible_text(&r.body);
            for p in phrases.iter().filter(|p| text.contains(p.as_str())) {
                found.push(format!("{locale} {page}: “{p}”"));
            }
        }
    }
    assert!(found.is_empty(), "English on pages in other languages:\n{}", found.join("\n"));
}

#[tokio::test]
async fn a_contest_in_shanghai_shows_its_deadline_at_plus_eight_and_a_reader_may_choose_their_zone() {
    let app = setup().await;
    let ada = app.user("ada", Role::Student).await;
    app.contest("c4", &["time_zone=Asia/Shanghai"]).await;
    sqlx::query("update contests set deadline = '2030-12-31T15:59:00Z'").execute(&app.pool).await.unwrap();
    let mut client = app.logged_in("ada").await;
    let page = client.get("/contests/c4").await.body;
    assert!(page.contains("23:59 UTC+08:00"), "the deadline in the contest's zone: {page}");
    assert!(page.contains("class=\"countdown\""), "with a countdown");
    assert!(page.contains("Asia/Shanghai"), "the footer names the zone");
    let token = app.token(ada).await;
    let api = app.api("GET", "/api/contests/c4", Some(&token), None).await;
    assert!(api.body.contains("\"2030-12-31T15:59:00Z\""), "the API stays UTC: {}", api.body);

    // The reader's own zone wins; a name that is no zone is refused, naming it.
    let r = client
        .submit_form("/profile/preferences", &[("locale", "fi"), ("time_zone", "Europe/Helsinki")])
        .await;
    let page = client.follow(r).await.body;
    assert!(page.contains("<html lang=\"fi\">"), "the profile's language is used at once");
    let page = client.get("/contests/c4").await.body;
    assert!(page.contains("17.59 UTC+02:00"), "Helsinki's time, written the Finnish way: {page}");
    let r =
        client.submit_form("/profile/preferences", &[("locale", ""), ("time_zone", "Mars/Olympus")]).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body.contains("Mars/Olympus"), "{}", r.body);
    let kept: (Option<String>, Option<String>) =
        sqlx::query_as("select locale, time_zone from users where username = 'ada'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(kept, (Some("fi".into()), Some("Europe/Helsinki".into())), "a refused change changes nothing");
}

#[tokio::test]
async fn the_footer_switch_keeps_the_language_in_a_cookie_and_on_the_profile() {
    let app = setup().await;
    app.user("ada", Role::Student).await;
    // A visitor: a cookie for a year, back to the page it was sent from.
    let req = Request::builder()
        .method("POST")
        .uri("/language")
        .header(header::HOST, "arena.example")
        .header(header::REFERER, "http://arena.example/login?next=/contests")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from("lang=bg"))
        .unwrap();
    let r = send(&app.router, req).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert_eq!(r.location(), "/login?next=/contests");
    let cookie = r.headers.get(header::SET_COOKIE).unwrap().to_str().unwrap();
    assert!(cookie.starts_with("lang=bg;") && cookie.contains("Max-Age=31536000"), "{cookie}");
    let page = get_with(&app, None, "/login", &[("cookie", "lang=bg"), ("accept-language", "fi")]).await;
    assert!(page.body.contains("<html lang=\"bg\">"), "the switch wins over the browser");
    // A language not offered is refused; a logged-in reader's choice is kept on the profile.
    let mut ada = app.logged_in("ada").await;
    let r = ada.submit_form("/language", &[("lang", "de")]).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = ada.submit_form("/language", &[("lang", "zh-CN")]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let kept: Option<String> = sqlx::query_scalar("select locale from users where username = 'ada'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(kept.as_deref(), Some("zh-CN"));
}

/// The reader chooses `locale` on their profile.
async fn choose(client: &mut Client, locale: &str) {
    let r = client.submit_form("/profile/preferences", &[("locale", locale), ("time_zone", "")]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
}

#[tokio::test]
async fn refused_fields_roster_lines_and_units_are_in_the_readers_language() {
    let app = setup().await;
    let staff = app.user("staff", Role::Admin).await;
    app.contest("c4", &[]).await;
    let mut admin = app.logged_in("staff").await;
    // Two bad settings at once: each named, each said in the reader's language.
    let bad = [("rows", "abc"), ("daily_budget_s", "-1")];
    for (locale, rows, budget) in [
        (
            "fi",
            "virheellinen arvo `abc` asetukselle `rows`: ei ole kokonaisluku",
            "`-1` ei ole kokonainen sekuntimäärä",
        ),
        ("zh-CN", "`rows` 的值 `abc` 无效：不是整数", "`-1` 不是 0 到 10000000 之间的整数秒数"),
    ] {
        choose(&mut admin, locale).await;
        let r = admin.submit_form("/admin/contests/c4/settings", &bad).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
        let errors = r.element("settings-errors").unwrap_or_else(|| panic!("no errors: {}", r.body));
        for (field, why) in [("rows", rows), ("daily_budget_s", budget)] {
            assert!(
                errors.contains(field) && errors.contains(why),
                "{locale}: {field}: {why} not in {errors}"
            );
        }
        assert!(!errors.contains("not a whole number"), "{locale}: English left: {errors}");
    }
    // The API's message follows Accept-Language; its code stays.
    let token = app.token(staff).await;
    let req = Request::builder()
        .method("PATCH")
        .uri("/api/contests/c4/settings")
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::ACCEPT_LANGUAGE, "fi")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(r#"{"rows": "abc", "daily_budget_s": -1}"#))
        .unwrap();
    let r = send(&app.router, req).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    let json = r.json();
    assert_eq!(json["error"], "invalid_setting");
    let message = json["message"].as_str().unwrap();
    assert!(
        message.contains("rows: virheellinen arvo") && message.contains("daily_budget_s: `-1` ei ole"),
        "{message}"
    );

    // A new contest with a bad slug and a bad share, in Chinese.
    let r = admin
        .submit_form(
            "/admin/contests/new",
            &[
                ("slug", "Bad Slug"),
                ("game", "connect4"),
                ("settings", "share=lots"),
                ("languages", "python"),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    let slug = r.element("slug-error").unwrap_or_default();
    assert!(slug.contains("请使用 1 到 64 个小写字母"), "{slug}");
    let settings = r.element("settings-error").unwrap_or_default();
    assert!(settings.contains("share：`lots` 不是 0.01 到 100 之间的数"), "{settings}");

    // A roster with a bad line, in Bulgarian: the line and why.
    choose(&mut admin, "bg").await;
    let r = admin.submit_form("/admin/users", &[("csv", "s1\nbad name\nhouse2\n")]).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    let errors = r.element("import-errors").unwrap_or_else(|| panic!("no errors: {}", r.body));
    assert!(errors.contains("ред 2: `bad name`: потребителското име може да съдържа само букви"), "{errors}");
    assert!(errors.contains("ред 3: `house2`:") && !errors.contains("house bots"), "{errors}");

    // Units next to numbers, in Chinese: the rules page's times and sizes.
    choose(&mut admin, "zh-CN").await;
    let page = admin.get("/contests/c4/rules").await.body;
    let text = visible_text(&page);
    assert!(text.contains("5000 毫秒（5 秒）"), "move_ms in Chinese units: {text}");
    assert!(text.contains("60 秒") && text.contains("3600 秒") && text.contains("350 MiB"), "{text}");
    assert!(!text.contains(" ms (") && !text.contains("60 s "), "{text}");
}
