//! The statement page of a contest (`/contests/{slug}/rules`): the game's page from `docs/games/`
//! rendered to HTML, this contest's actual settings with what each means, the languages with
//! their exact commands and versions, the starter bots, and how to test a bot locally with the
//! server's own binary (`/download/botarena`). Works without JavaScript.

use super::error::{AppError, PageResult};
use super::extract::{contest_or_404, PageUser};
use super::format::Deadline;
use super::input::Path;
use super::markdown::markdown_html;
use super::render::{render, Nav};
use super::state::{AppState, ExeInfo};
use crate::games::settings::{Settings, TimeFactor, TIME_FACTOR_PREFIX};
use crate::games::GameId;
use crate::starters;
use crate::web::i18n::{filters, Locale};
use askama::Template;
use axum::extract::{Request, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use std::time::Duration;
use tower::ServiceExt;
use tower_http::services::ServeFile;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/contests/{slug}/rules", get(rules))
        .route("/contests/{slug}/starters/{language}", get(starter_download))
        .route("/download/botarena", get(download_binary))
}

/// The running executable is what `/download/botarena` serves and what its hash is taken of.
use crate::judge::commands::SELF_EXE;

/// A game's page in `docs/games/`, built into the binary.
pub fn game_doc(game: GameId) -> &'static str {
    match game {
        GameId::Checkers => include_str!("../../docs/games/checkers.md"),
        GameId::Connect4 => include_str!("../../docs/games/connect4.md"),
        GameId::OneTwoThree => include_str!("../../docs/games/one-two-three.md"),
        GameId::Mathtricks => include_str!("../../docs/games/mathtricks.md"),
        GameId::Tron => include_str!("../../docs/games/tron.md"),
    }
}

/// The translations of each game's page, in the language of the course the game comes from: a
/// language tag (BCP 47) and the page, `docs/games/{game}.{tag}.md`. The English page is the
/// reference; `tests/docs.rs` keeps each translation's structure (headings, lists, code, tables)
/// the same as the English one's.
pub fn translations(game: GameId) -> &'static [(&'static str, &'static str)] {
    match game {
        GameId::Checkers => &[("zh-CN", include_str!("../../docs/games/checkers.zh-CN.md"))],
        GameId::Connect4 => &[("ro", include_str!("../../docs/games/connect4.ro.md"))],
        GameId::OneTwoThree => &[("bg", include_str!("../../docs/games/one-two-three.bg.md"))],
        GameId::Mathtricks => &[("bg", include_str!("../../docs/games/mathtricks.bg.md"))],
        GameId::Tron => &[("fi", include_str!("../../docs/games/tron.fi.md"))],
    }
}

/// A game's statement in the reader's language `lang` (a language tag such as `ro`, `fi-FI`,
/// `zh-CN`) when the page is translated into it, else the English page; and whether it is a
/// translation. Tags are matched on their primary language, case-insensitively (`zh-TW` gets the
/// simplified Chinese page too: closer to the reader than English).
pub fn statement_markdown(game: GameId, lang: Option<&str>) -> (&'static str, bool) {
    let primary = |tag: &str| tag.split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
    let wanted = lang.map(primary).filter(|p| !p.is_empty());
    match translations(game).iter().find(|(tag, _)| wanted.as_deref() == Some(primary(tag).as_str())) {
        Some((_, page)) => (page, true),
        None => (game_doc(game), false),
    }
}

/// The tag of the translation [`statement_markdown`] picks for `lang` (`en` when none).
fn translation_tag(game: GameId, lang: &str) -> &'static str {
    let (page, translated) = statement_markdown(game, Some(lang));
    translations(game).iter().find(|(_, p)| translated && std::ptr::eq(*p, page)).map_or("en", |(tag, _)| tag)
}

/// A setting as the statement shows it.
struct SettingLine {
    name: String,
    value: String,
    meaning: String,
    /// The game's default, when this contest changed it.
    default: Option<String>,
}

struct LanguageLine {
    id: String,
    name: String,
    version: String,
    file: String,
    compile: Option<String>,
    run: String,
    /// Why the language cannot be used here (its compiler is not installed), if so.
    unavailable: Option<String>,
}

struct StarterLine {
    language: String,
    name: String,
    file: String,
}

#[derive(Template)]
#[template(path = "contests/rules.html")]
struct RulesPage {
    nav: Nav,
    slug: String,
    title: String,
    game: String,
    deadline: Deadline,
    open: bool,
    rules_html: String,
    /// The statement's language tag (`lang=` of its container): a translation's, or `en`.
    statement_lang: &'static str,
    /// Whether to say that the statement is not translated into the reader's language.
    statement_note: bool,
    settings: Vec<SettingLine>,
    platform: Vec<SettingLine>,
    languages: Vec<LanguageLine>,
    starters: Vec<StarterLine>,
    version: String,
    platform_name: String,
    exe: Option<ExeInfo>,
    exe_error: String,
    play_command: String,
    play_file: String,
}

impl RulesPage {
    /// "Download botarena (version, platform, size) and check it:", with the download link.
    fn download_html(&self, exe: &ExeInfo) -> String {
        let mib = exe.bytes / 1048576;
        crate::tr!(
            "rules-local-download",
            version = self.version.as_str(),
            platform = self.platform_name.as_str(),
            mib = mib
        )
    }
}

/// A number of milliseconds for people: `2,000 ms (2 s)` (the units from the catalogs).
fn ms(n: u64) -> String {
    if n >= 1000 && n.is_multiple_of(100) {
        let s = n as f64 / 1000.0;
        crate::tr!("unit-ms-seconds", n = n, s = s)
    } else {
        crate::tr!("unit-ms", n = n)
    }
}

/// A setting's value with its unit.
fn shown_value(name: &str, value: &str) -> String {
    match (name.strip_suffix("_ms"), value.parse::<u64>()) {
        (Some(_), Ok(n)) => ms(n),
        _ if name == "memory_mib" => match value.parse::<u64>() {
            Ok(n) => crate::tr!("unit-mib", n = n),
            Err(_) => value.to_string(),
        },
        _ => value.to_string(),
    }
}

/// What a game setting means for a player of `game`, with the forfeit its overrun gives: the
/// message `setting-{name}` of the catalogs (`locales/*/rules.ftl`), or the game's own variant of
/// it where the game uses the setting differently (`setting-{name}-{game}`).
fn meaning(game: GameId, name: &str, settings: &Settings) -> String {
    match meaning_key(game, name, settings) {
        Some(key) => crate::tr!(&key),
        None => crate::games::settings::defs(game)
            .into_iter()
            .find(|d| d.name == name)
            .map_or_else(String::new, |d| d.help.to_string()),
    }
}

/// The catalog's message for a setting of `game` (see [`meaning`]); none for a setting the
/// catalogs do not explain.
fn meaning_key(game: GameId, name: &str, settings: &Settings) -> Option<String> {
    use GameId::*;
    let no_bank = settings.common().bank_ms == 0;
    let key = match (name, game) {
        ("start_ms", OneTwoThree | Tron | Connect4) => format!("setting-start_ms-{game}"),
        ("move_ms", OneTwoThree | Tron) => format!("setting-move_ms-{game}"),
        ("bank_ms", Tron) => "setting-bank_ms-tron".into(),
        ("bank_ms", OneTwoThree) if no_bank => "setting-bank_ms-none-one-two-three".into(),
        ("bank_ms", _) if no_bank => "setting-bank_ms-none".into(),
        ("games", _) if !settings.boards().is_empty() => "setting-games-boards".into(),
        ("boards", OneTwoThree | Tron) => format!("setting-boards-{game}"),
        (
            "start_ms" | "move_ms" | "bank_ms" | "memory_mib" | "games" | "max_rounds" | "rows" | "cols"
            | "connect" | "boards",
            _,
        ) => format!("setting-{name}"),
        _ => return None,
    };
    Some(key)
}

/// The contest's game settings, in the game's display order, with meanings and changed defaults.
fn setting_lines(game: GameId, settings: &Settings) -> Vec<SettingLine> {
    let defaults = Settings::defaults(game);
    crate::games::settings::defs(game)
        .into_iter()
        .filter_map(|d| {
            let value = settings.get(d.name)?.to_string();
            let default = defaults.get(d.name).map(|v| v.to_string()).filter(|v| *v != value);
            Some(SettingLine {
                name: d.name.to_string(),
                value: shown_value(d.name, &value),
                meaning: meaning(game, d.name, settings),
                default: default.map(|v| shown_value(d.name, &v)),
            })
        })
        .collect()
}

/// The contest's time factors: a line per language of the contest (`(id, name)`) whose factor
/// is not 1, with the limits its bots get; one line saying so when every language has the same.
fn time_factor_lines(settings: &Settings, languages: &[(String, String)]) -> Vec<SettingLine> {
    let c = settings.common();
    let lines: Vec<SettingLine> = languages
        .iter()
        .filter(|(id, _)| settings.time_factor(id) != TimeFactor::ONE)
        .map(|(id, name)| {
            let f = settings.time_factor(id);
            let scaled = |ms: u64| f.scale(Duration::from_millis(ms)).as_millis() as u64;
            // The limits are written as settings are (`start_ms 15000`), not as prose numbers.
            let (factor, start, per_move) =
                (f.to_string(), scaled(c.start_ms).to_string(), scaled(c.move_ms).to_string());
            let meaning = if c.bank_ms == 0 {
                crate::tr!(
                    "setting-time_factor",
                    language = name.as_str(),
                    factor = factor.as_str(),
                    start = start,
                    per_move = per_move
                )
            } else {
                let bank = scaled(c.bank_ms).to_string();
                crate::tr!(
                    "setting-time_factor-bank",
                    language = name.as_str(),
                    factor = factor.as_str(),
                    start = start,
                    per_move = per_move,
                    bank = bank
                )
            };
            SettingLine {
                name: format!("{TIME_FACTOR_PREFIX}{id}"),
                value: factor,
                meaning,
                default: Some("1".into()),
            }
        })
        .collect();
    if !lines.is_empty() {
        return lines;
    }
    vec![SettingLine {
        name: format!("{TIME_FACTOR_PREFIX}LANGUAGE"),
        value: "1".into(),
        meaning: crate::tr!("setting-time_factor-none"),
        default: None,
    }]
}

/// The `--set` options that make `botarena play` use exactly these settings: one per setting
/// that differs from the game's default (`games` only when the boards do not already imply it),
/// and one per language time factor (`botarena play` applies it to a source file in that language).
pub fn play_sets(game: GameId, settings: &Settings) -> Vec<String> {
    let defaults = Settings::defaults(game);
    let mut sets: Vec<String> = crate::games::settings::defs(game)
        .into_iter()
        .filter(|d| d.name != "games" && settings.get(d.name) != defaults.get(d.name))
        .filter_map(|d| settings.get(d.name).map(|v| format!("{}={v}", d.name)))
        .chain(settings.time_factors().iter().map(|(l, f)| format!("{TIME_FACTOR_PREFIX}{l}={f}")))
        .collect();
    let implied = Settings::from_assignments(game, sets.iter().map(String::as_str)).map(|s| s.common().games);
    if implied.ok() != Some(settings.common().games) {
        sets.push(format!("games={}", settings.common().games));
    }
    sets
}

/// A command for the page: `{dir}` becomes the current directory, `{memory_mib}` this contest's
/// limit.
fn shown_command(argv: &[String], memory_mib: u64) -> String {
    argv.iter()
        .map(|a| {
            let a = a
                .replace("{dir}/", "")
                .replace("{dir}", ".")
                .replace("{memory_mib}", &memory_mib.to_string());
            if a.is_empty() || a.contains(' ') {
                format!("'{a}'")
            } else {
                a
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

async fn rules(State(state): State<AppState>, who: PageUser, Path(slug): Path<String>) -> PageResult {
    let c = contest_or_404(&state, &slug).await?;
    let (game, settings) = (c.game, &c.settings);
    let memory_mib = settings.common().memory_mib;
    let versions = state.facts.versions(state.languages.all()).await;
    let languages = c
        .languages
        .iter()
        .filter_map(|id| state.languages.get(id))
        .map(|l| LanguageLine {
            id: l.id.clone(),
            name: l.name.clone(),
            version: versions.get(&l.id).cloned().unwrap_or_else(|| crate::tr!("rules-version-unknown")),
            file: l.source.clone(),
            compile: l.compile.as_ref().map(|argv| shown_command(argv, memory_mib)),
            run: shown_command(&l.run, memory_mib),
            unavailable: unavailable_text(l),
        })
        .collect();
    let starters = starters::in_languages(c.game, &c.languages)
        .into_iter()
        .map(|s| StarterLine {
            language: s.language.to_string(),
            name: state.language_name(s.language),
            file: s.file_name.to_string(),
        })
        .collect::<Vec<_>>();
    let play_file = starters
        .first()
        .map(|s| s.file.clone())
        .or_else(|| c.languages.first().and_then(|l| state.languages.get(l)).map(|l| l.source.clone()))
        .unwrap_or_else(|| "main.c".into());
    let mut play_command = format!("./botarena play {game} {play_file} house:random");
    for s in play_sets(game, settings) {
        play_command.push_str(&format!(" --set {s}"));
    }
    let platform = vec![
        SettingLine {
            name: "submit_interval_s".into(),
            value: crate::tr!("unit-s", n = c.submit_interval_s),
            meaning: crate::tr!("setting-submit_interval_s"),
            default: None,
        },
        SettingLine {
            name: "daily_budget_s".into(),
            value: crate::tr!("unit-s", n = c.daily_budget_s),
            meaning: crate::tr!("setting-daily_budget_s"),
            default: None,
        },
        SettingLine {
            name: "max_source_bytes".into(),
            value: crate::tr!("unit-kib", n = state.config.max_source_bytes / 1024),
            meaning: crate::tr!("setting-max_source_bytes"),
            default: None,
        },
    ];
    let (exe, exe_error) = match state.facts.exe().await {
        Ok(info) => (Some(info.clone()), String::new()),
        Err(e) => {
            tracing::warn!("the executable offered for download cannot be hashed: {e}");
            (None, crate::tr!("rules-exe-error"))
        }
    };
    // The statement in the reader's language when it is translated, else in English with a note
    // (none for readers of English and of the pseudo-locale, which is English).
    let reader = crate::web::i18n::locale();
    let (statement, translated) = statement_markdown(game, Some(reader.tag()));
    let statement_lang = if translated { translation_tag(game, reader.tag()) } else { "en" };
    let statement_note = !translated && !matches!(reader, Locale::En | Locale::Pseudo);
    Ok(render(&RulesPage {
        nav: who.nav().await?,
        slug: c.slug.clone(),
        title: c.title.clone(),
        game: c.game.to_string(),
        deadline: Deadline::of(c.deadline.as_ref()),
        open: c.is_open(time::OffsetDateTime::now_utc()),
        rules_html: markdown_html(statement),
        statement_lang,
        statement_note,
        settings: {
            let mut lines = setting_lines(game, settings);
            let names: Vec<(String, String)> =
                c.languages.iter().map(|id| (id.clone(), state.language_name(id))).collect();
            lines.extend(time_factor_lines(settings, &names));
            lines
        },
        platform,
        languages,
        starters,
        version: format!("botarena {}", env!("CARGO_PKG_VERSION")),
        platform_name: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
        exe,
        exe_error,
        play_command,
        play_file,
    }))
}

/// A starter bot as a file download, for a language enabled in the contest.
async fn starter_download(
    State(state): State<AppState>,
    _who: PageUser,
    Path((slug, language)): Path<(String, String)>,
) -> PageResult {
    let c = contest_or_404(&state, &slug).await?;
    if !c.languages.contains(&language) {
        return Err(AppError::NotFound(crate::tr!(
            "error-language-not-enabled",
            language = language.as_str(),
            enabled = c.languages.join(", ")
        ))
        .into());
    }
    let s = starters::in_languages(c.game, std::slice::from_ref(&language)).into_iter().next().ok_or_else(
        || {
            AppError::NotFound(crate::tr!(
                "error-no-starter",
                language = state.language_name(&language),
                game = c.game.to_string()
            ))
        },
    )?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{}\"", s.file_name)),
        ],
        s.source,
    )
        .into_response())
}

/// The running executable itself, so a student can run the same referee at home.
async fn download_binary(_who: PageUser, req: Request) -> PageResult {
    let Ok(resp) = ServeFile::new(SELF_EXE).oneshot(req).await;
    let mut resp = resp.into_response();
    if resp.status().is_success() {
        let h = resp.headers_mut();
        h.insert(header::CONTENT_TYPE, header::HeaderValue::from_static("application/octet-stream"));
        h.insert(
            header::CONTENT_DISPOSITION,
            header::HeaderValue::from_static("attachment; filename=\"botarena\""),
        );
    }
    Ok(resp)
}

/// Why `l` cannot be used on this server, in the reader's language (see
/// `judge::languages::Language::unavailable`, the same in English for logs and the command line).
fn unavailable_text(l: &crate::judge::languages::Language) -> Option<String> {
    let missing = l.missing.as_deref()?;
    let program = std::path::Path::new(missing).file_name().map_or(missing.into(), |p| p.to_string_lossy());
    Some(match &l.package {
        Some(package) => {
            crate::tr!("contest-language-missing-package", program = &*program, package = package.as_str())
        }
        None => crate::tr!("contest-language-missing", program = &*program),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_statement_is_in_the_readers_language_when_translated_and_in_english_otherwise() {
        for (game, lang) in [
            (GameId::Checkers, "zh-CN"),
            (GameId::Connect4, "ro"),
            (GameId::OneTwoThree, "bg"),
            (GameId::Mathtricks, "bg"),
            (GameId::Tron, "fi"),
        ] {
            let (page, translated) = statement_markdown(game, Some(lang));
            assert!(translated, "{game} {lang}");
            assert_ne!(page, game_doc(game), "{game} {lang}");
            assert!(page.starts_with("# "), "{game} {lang}");
            // Region, script and case do not matter; the primary language does.
            for tag in [lang.to_uppercase(), format!("{lang}-XX"), lang.replace('-', "_")] {
                assert_eq!(statement_markdown(game, Some(&tag)), (page, true), "{game} {tag}");
            }
            // Another language, none, or a malformed tag: the English page.
            for other in [Some("en"), Some("de-DE"), None, Some(""), Some("-")] {
                assert_eq!(statement_markdown(game, other), (game_doc(game), false), "{game} {other:?}");
            }
        }
        assert_eq!(statement_markdown(GameId::Tron, Some("bg")), (game_doc(GameId::Tron), false));
        assert!(statement_markdown(GameId::Checkers, Some("zh-Hant-TW")).1);
        assert!(!statement_markdown(GameId::Checkers, Some("zhx")).1);
    }

    /// A setting the game's own statement says "has no effect" on is explained as not used on
    /// the rules page too, never with another game's meaning.
    #[test]
    fn each_setting_is_explained_as_its_own_game_uses_it() {
        let mut unused = 0;
        for game in GameId::ALL {
            let settings = Settings::defaults(game);
            for line in game_doc(game).lines() {
                let cells: Vec<&str> = line.split('|').map(str::trim).collect();
                let Some(name) = cells.get(1).and_then(|c| c.strip_prefix('`')?.strip_suffix('`')) else {
                    continue;
                };
                let said = meaning(game, name, &settings);
                if cells.get(3).is_some_and(|c| c.starts_with("has no effect")) {
                    unused += 1;
                    assert!(said.starts_with("Not used by this game"), "{game} {name}: {said}");
                }
            }
        }
        assert_eq!(unused, 4, "connect4's and one-two-three's start_ms, tron's move_ms and bank_ms");
        let c4 = meaning(GameId::Connect4, "start_ms", &Settings::defaults(GameId::Connect4));
        assert!(c4.contains("no start message"), "{c4}");
        let checkers = meaning(GameId::Checkers, "start_ms", &Settings::defaults(GameId::Checkers));
        assert!(checkers.contains("START with OK"), "{checkers}");
    }

    #[test]
    fn the_play_command_sets_exactly_what_differs_from_the_defaults() {
        let s = Settings::from_assignments(GameId::Tron, ["boards=12x6x230", "move_ms=2000"]).unwrap();
        assert_eq!(play_sets(GameId::Tron, &s), ["move_ms=2000", "boards=12x6x230"]);
        let s = Settings::from_assignments(GameId::Tron, ["boards=12x6x230", "games=4"]).unwrap();
        assert_eq!(play_sets(GameId::Tron, &s), ["boards=12x6x230", "games=4"]);
        assert!(play_sets(GameId::Connect4, &Settings::defaults(GameId::Connect4)).is_empty());
        let s =
            Settings::from_assignments(GameId::Connect4, ["time_factor.python=3", "time_factor.java=1.5"])
                .unwrap();
        assert_eq!(play_sets(GameId::Connect4, &s), ["time_factor.java=1.5", "time_factor.python=3"]);
        for (game, sets) in [
            (GameId::Checkers, vec!["bank_ms=0", "games=4"]),
            (GameId::Connect4, vec!["rows=6"]),
            (GameId::Checkers, vec!["time_factor.python=2.5", "move_ms=1000"]),
        ] {
            let s = Settings::from_assignments(game, sets.iter().copied()).unwrap();
            let again =
                Settings::from_assignments(game, play_sets(game, &s).iter().map(String::as_str)).unwrap();
            assert_eq!(again, s);
        }
    }

    #[test]
    fn the_rules_name_each_languages_time_factor_with_the_limits_it_gives() {
        let langs = [("c".to_string(), "C".to_string()), ("python".into(), "Python 3".into())];
        let s =
            Settings::from_assignments(GameId::Checkers, ["time_factor.python=3", "move_ms=1000"]).unwrap();
        let lines = time_factor_lines(&s, &langs);
        assert_eq!(lines.len(), 1);
        assert_eq!((lines[0].name.as_str(), lines[0].value.as_str()), ("time_factor.python", "3"));
        assert_eq!(
            lines[0].meaning,
            "Bots written in Python 3 get 3 times the time limits above: start_ms 15000, move_ms 3000, \
             bank_ms 270000."
        );
        // A factor of a language the contest does not enable is not shown.
        let s = Settings::from_assignments(GameId::Checkers, ["time_factor.java=2"]).unwrap();
        let lines = time_factor_lines(&s, &langs);
        assert_eq!((lines.len(), lines[0].value.as_str()), (1, "1"));
        assert!(lines[0].meaning.contains("same time limits"));
    }

    #[test]
    fn commands_are_shown_relative_to_the_bots_directory_with_the_contests_memory() {
        let argv: Vec<String> =
            ["java", "-XX:MaxRAM={memory_mib}m", "-cp", "{dir}", "Main"].map(String::from).to_vec();
        assert_eq!(shown_command(&argv, 256), "java -XX:MaxRAM=256m -cp . Main");
        let argv: Vec<String> = ["gcc", "-o", "{dir}/bot", "{dir}/main.c"].map(String::from).to_vec();
        assert_eq!(shown_command(&argv, 1), "gcc -o bot main.c");
    }
}
