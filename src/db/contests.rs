//! Contests: a game with its settings, the platform's limits and a deadline.

use super::ids::ContestId;
use crate::games::settings::{SettingError, Settings, TimeFactor, TIME_FACTOR_PREFIX};
use crate::games::{GameId, HouseLevel};
use serde_json::Value;
use sqlx::PgConnection;
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

#[derive(Clone, Debug)]
pub struct Contest {
    pub id: ContestId,
    pub slug: String,
    pub title: String,
    pub game: GameId,
    pub deadline: Option<OffsetDateTime>,
    /// The game's settings, read from the stored JSON when the row is loaded.
    pub settings: Settings,
    pub languages: Vec<String>,
    pub submit_interval_s: i32,
    pub daily_budget_s: i32,
    pub scoreboard_refresh_s: i32,
    /// House-bot levels playing as extra opponents (see `service::house`).
    pub house_bots: Vec<HouseLevel>,
    /// Who students may play practice games against (`house,own` by default; see
    /// `service::practice`).
    pub practice_opponents: String,
    /// Its weight in the game slots' fair share between contests (see `db::queue`).
    pub share: f32,
    /// How the contest is played: `round_robin` or `ladder` (see `service::ladder`).
    pub format: String,
    /// A ladder's games per hour at most.
    pub ladder_games_per_hour: i32,
    /// A ladder's matches between the same two submissions at most.
    pub ladder_max_repeats: i32,
    /// The language of its pages for readers who chose none (a `locale::Locale` tag), if set.
    pub locale: Option<String>,
    /// The time zone its times are shown in (an IANA name); `None`: the server's.
    pub time_zone: Option<String>,
    pub created_at: OffsetDateTime,
}

impl Contest {
    /// Whether submissions are still accepted.
    pub fn is_open(&self, now: OffsetDateTime) -> bool {
        self.deadline.is_none_or(|d| now < d)
    }

    /// The settings as stored, `name = value` pairs, for display.
    pub fn settings_list(&self) -> Vec<(String, String)> {
        settings_pairs(&self.stored_settings())
    }

    /// The settings as the `contests.settings` column holds them (and the API shows them).
    pub fn stored_settings(&self) -> Value {
        stored(&self.settings)
    }
}

/// Stored settings (a contest's, or those a game was played under) as `name = value` pairs.
pub fn settings_pairs(settings: &Value) -> Vec<(String, String)> {
    match settings {
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| (k.clone(), v.as_str().map_or_else(|| v.to_string(), str::to_string)))
            .collect(),
        _ => Vec::new(),
    }
}

/// A field of the contest form (or a `--set` name) that failed validation, with why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub field: String,
    pub problem: FieldProblem,
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.problem)
    }
}

/// Why a field of the contest form is refused, with the values its message needs. `Display` is
/// the English of the command line (`botarena contest create/update`); the web words each in the
/// reader's language (`web::field_problem`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FieldProblem {
    #[error("use 1 to 64 lowercase letters, digits and dashes (not first)")]
    Slug,
    #[error("a contest with this slug exists")]
    SlugTaken,
    #[error("unknown game `{name}` (valid: {valid})")]
    UnknownGame { name: String, valid: String },
    #[error("at most {0} characters")]
    TitleTooLong(usize),
    #[error("`{0}` is not of the form KEY=VALUE")]
    NotKeyValue(String),
    #[error("enable at least one language")]
    NoLanguage,
    /// Languages that are not configured (comma-separated), and those that are.
    #[error("unknown language {unknown} (configured: {configured})")]
    UnknownLanguages { unknown: String, configured: String },
    /// The language of a `time_factor.LANGUAGE` that is not configured.
    #[error("unknown language `{language}` (configured: {configured})")]
    UnknownFactorLanguage { language: String, configured: String },
    #[error("no language is configured")]
    NoneConfigured,
    #[error("unknown house-bot level `{name}` (valid: {valid})")]
    HouseBot { name: String, valid: String },
    #[error("`{0}` is not a number between 0.01 and 100")]
    Share(String),
    #[error("`{0}` is not a number from 0.1 to 10 with at most two decimals")]
    TimeFactor(String),
    #[error("`{0}` is not round_robin or ladder")]
    Format(String),
    #[error("`{value}` is not a whole number between 1 and {max}")]
    Count { value: String, max: i32 },
    #[error("`{0}` is not a time zone of the IANA database")]
    TimeZone(String),
    #[error("`{0}` is not one of en, zh-CN, ro, bg, fi")]
    Language(String),
    #[error("unknown practice opponent `{0}` (valid: house, own, all, none)")]
    PracticeOpponent(String),
    #[error("`{0}` is not a whole number of seconds between 0 and 10000000")]
    Seconds(String),
    #[error("`{0}` is not a date and time such as 2026-12-31T23:59:00Z")]
    Deadline(String),
    /// The game's own check of one of its settings (`games::settings`).
    #[error(transparent)]
    Setting(SettingError),
}

/// The platform's own contest settings, set with the same `K=V` syntax as the game's.
pub const LIMITS: &[(&str, &str)] = &[
    ("submit_interval_s", "minimum seconds between two submissions of a user (default 60)"),
    ("daily_budget_s", "compute seconds a user's compiles and games may use per day (default 3600)"),
    ("scoreboard_refresh_s", "seconds between scoreboard recomputations (default 600)"),
    ("languages", "comma-separated language ids enabled (default: all configured)"),
    ("house_bots", "comma-separated house-bot levels that play as extra opponents (default: none)"),
    (
        "share",
        "the contest's weight when contests with queued games share the game slots, by the slot time their \
         games use: a contest of share 2 gets twice the slot time of one of share 1 (default 1)",
    ),
    (
        "practice_opponents",
        "who students may play practice games against in the browser: house (the house bots), own (their \
         own submission), all (any student's), comma-separated, or none (default house,own)",
    ),
    (
        "format",
        "round_robin (a match per pair of submissions) or ladder (matches chosen by a matchmaker, ranked \
         by a rating) (default round_robin)",
    ),
    ("ladder_games_per_hour", "a ladder's games per hour at most, 1 to 1000000 (default 600)"),
    (
        "time_zone",
        "the IANA time zone its times are shown in and a deadline without an offset is read in, e.g. \
         Asia/Shanghai (default: the server's)",
    ),
    (
        "language",
        "the language of its pages for readers who chose none: en, zh-CN, ro, bg or fi (default: the \
         server's)",
    ),
    (
        "ladder_max_repeats",
        "a ladder's matches between the same two submissions at most, 1 to 1000 (default 10)",
    ),
];

/// The contest formats.
pub const FORMATS: [&str; 2] = ["round_robin", "ladder"];

/// What `time_factor.LANGUAGE` does: one setting per language, stored with the game's settings
/// (see `games::settings::TimeFactor`), so that every game keeps the factors it was played under.
pub const TIME_FACTOR_HELP: &str = "multiplies the start time, move time and time bank of the bots in \
    LANGUAGE (a configured language id), e.g. time_factor.python=3; a number from 0.1 to 10 (default 1)";

/// The words of `practice_opponents`, in the order they are stored.
pub const PRACTICE_OPPONENTS: [&str; 3] = ["house", "own", "all"];

/// A validated contest, ready to insert.
#[derive(Clone, Debug)]
pub struct NewContest {
    pub slug: String,
    pub title: String,
    pub game: GameId,
    pub deadline: Option<OffsetDateTime>,
    pub settings: Settings,
    pub languages: Vec<String>,
    pub submit_interval_s: i32,
    pub daily_budget_s: i32,
    pub scoreboard_refresh_s: i32,
    pub house_bots: Vec<HouseLevel>,
    /// `house`, `own`, `all`, comma-separated in that order (empty: no practice games).
    pub practice_opponents: String,
    pub share: f32,
    pub format: String,
    pub ladder_games_per_hour: i32,
    pub ladder_max_repeats: i32,
    pub locale: Option<String>,
    pub time_zone: Option<String>,
}

/// Parses a deadline: RFC 3339, or the `YYYY-MM-DDTHH:MM` of an HTML `datetime-local` field (UTC).
pub fn parse_deadline(text: &str) -> Result<OffsetDateTime, String> {
    parse_deadline_in(text, None)
}

/// Parses a deadline: RFC 3339, or the `YYYY-MM-DDTHH:MM` of an HTML `datetime-local` field, read
/// in time zone `zone` (an IANA name; UTC without one).
pub fn parse_deadline_in(text: &str, zone: Option<&str>) -> Result<OffsetDateTime, String> {
    let text = text.trim();
    if let Ok(t) = OffsetDateTime::parse(text, &Rfc3339) {
        return Ok(t);
    }
    let local = time::macros::format_description!("[year]-[month]-[day]T[hour]:[minute]");
    let bad = || format!("`{text}` is not a date and time such as 2026-12-31T23:59:00Z");
    let wall = time::PrimitiveDateTime::parse(text, &local).map_err(|_| bad())?;
    let Some(zone) = zone else { return Ok(wall.assume_utc()) };
    let zone = crate::locale::time_zone_named(zone)?;
    let civil = jiff::civil::date(wall.year() as i16, wall.month() as i8, wall.day() as i8).at(
        wall.hour() as i8,
        wall.minute() as i8,
        0,
        0,
    );
    let zoned = civil.to_zoned_datetime(zone).map_err(|_| bad())?;
    OffsetDateTime::from_unix_timestamp(zoned.timestamp().as_second()).map_err(|_| bad())
}

/// A deadline as an HTML `datetime-local` field shows it, in time zone `zone` (UTC without one).
pub fn deadline_field(t: OffsetDateTime, zone: Option<&str>) -> String {
    let utc = || t.to_offset(time::UtcOffset::UTC);
    let local = zone.and_then(|z| crate::locale::time_zone_named(z).ok()).and_then(|zone| {
        let ts = jiff::Timestamp::from_second(t.unix_timestamp()).ok()?;
        let offset =
            time::UtcOffset::from_whole_seconds(ts.to_zoned_datetime(zone).offset().seconds()).ok()?;
        Some(t.to_offset(offset))
    });
    let t = local.unwrap_or_else(utc);
    format!("{:04}-{:02}-{:02}T{:02}:{:02}", t.year(), t.month() as u8, t.day(), t.hour(), t.minute())
}

impl NewContest {
    /// Validates everything, collecting one error per bad field. `known_languages` are the
    /// configured language ids.
    pub fn build(
        slug: &str,
        game: &str,
        title: Option<&str>,
        deadline: Option<&str>,
        assignments: &[String],
        known_languages: &[String],
    ) -> Result<NewContest, Vec<FieldError>> {
        let mut errors = Vec::new();
        let mut err =
            |field: &str, problem: FieldProblem| errors.push(FieldError { field: field.into(), problem });
        let slug = slug.trim();
        let slug_ok = !slug.is_empty()
            && slug.len() <= 64
            && slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            && !slug.starts_with('-');
        if !slug_ok {
            err("slug", FieldProblem::Slug);
        }
        let game_id = match game.trim().parse::<GameId>() {
            Ok(g) => Some(g),
            Err(_) => {
                let valid = GameId::ALL.iter().map(|g| g.as_str()).collect::<Vec<_>>().join(", ");
                err("game", FieldProblem::UnknownGame { name: game.trim().to_string(), valid });
                None
            }
        };
        let title = title.map(str::trim).filter(|t| !t.is_empty()).unwrap_or(slug).to_string();
        if title.chars().count() > 200 {
            err("title", FieldProblem::TitleTooLong(200));
        }
        let mut languages = known_languages.to_vec();
        let mut house_bots = Vec::new();
        let mut practice_opponents = "house,own".to_string();
        let mut share = 1.0f32;
        let mut format = "round_robin".to_string();
        let mut ladder = [("ladder_games_per_hour", 600i32, 1_000_000i32), ("ladder_max_repeats", 10, 1000)];
        let mut locale = None;
        let mut time_zone = None;
        let mut limits =
            [("submit_interval_s", 60i32), ("daily_budget_s", 3600), ("scoreboard_refresh_s", 600)];
        let mut game_assignments = Vec::new();
        for a in assignments.iter().map(|a| a.trim()).filter(|a| !a.is_empty()) {
            let Some((k, v)) = a.split_once('=') else {
                err("settings", FieldProblem::NotKeyValue(a.to_string()));
                continue;
            };
            let (k, v) = (k.trim(), v.trim());
            if k == "languages" {
                let list: Vec<String> =
                    v.split(',').map(|l| l.trim().to_string()).filter(|l| !l.is_empty()).collect();
                let unknown: Vec<&str> =
                    list.iter().filter(|l| !known_languages.contains(l)).map(String::as_str).collect();
                if list.is_empty() {
                    err("languages", FieldProblem::NoLanguage);
                } else if !unknown.is_empty() {
                    err(
                        "languages",
                        FieldProblem::UnknownLanguages {
                            unknown: unknown.join(", "),
                            configured: known_languages.join(", "),
                        },
                    );
                } else {
                    languages = list;
                }
            } else if k == "house_bots" {
                match parse_house_bots(v) {
                    Ok(list) => house_bots = list,
                    Err(m) => err(k, m),
                }
            } else if k == "share" {
                match v.parse::<f32>() {
                    Ok(x) if (0.01..=100.0).contains(&x) => share = x,
                    _ => err(k, FieldProblem::Share(v.to_string())),
                }
            } else if k.starts_with(TIME_FACTOR_PREFIX) {
                // Checked here to name the field; the language once all is applied (below).
                match TimeFactor::parse(v) {
                    Ok(_) => game_assignments.push(format!("{k}={v}")),
                    Err(_) => err(k, FieldProblem::TimeFactor(v.to_string())),
                }
            } else if k == "format" {
                match FORMATS.iter().find(|f| **f == v) {
                    Some(f) => format = f.to_string(),
                    None => err(k, FieldProblem::Format(v.to_string())),
                }
            } else if let Some(slot) = ladder.iter_mut().find(|(name, _, _)| *name == k) {
                match v.parse::<i32>() {
                    Ok(n) if (1..=slot.2).contains(&n) => slot.1 = n,
                    _ => err(k, FieldProblem::Count { value: v.to_string(), max: slot.2 }),
                }
            } else if k == "time_zone" {
                match v {
                    "" | "server" => time_zone = None,
                    _ => match crate::locale::time_zone_named(v) {
                        Ok(_) => time_zone = Some(v.to_string()),
                        Err(_) => err(k, FieldProblem::TimeZone(v.to_string())),
                    },
                }
            } else if k == "language" {
                match v {
                    "" | "server" => locale = None,
                    _ => match crate::locale::Locale::from_tag(v).filter(|l| l.tag() == v) {
                        Some(l) => locale = Some(l.tag().to_string()),
                        None => err(k, FieldProblem::Language(v.to_string())),
                    },
                }
            } else if k == "practice_opponents" {
                match parse_practice_opponents(v) {
                    Ok(list) => practice_opponents = list,
                    Err(m) => err(k, m),
                }
            } else if let Some(slot) = limits.iter_mut().find(|(name, _)| *name == k) {
                match v.parse::<i32>() {
                    Ok(n) if (0..=10_000_000).contains(&n) => slot.1 = n,
                    _ => err(k, FieldProblem::Seconds(v.to_string())),
                }
            } else {
                game_assignments.push(format!("{k}={v}"));
            }
        }
        let deadline = match deadline.map(str::trim).filter(|d| !d.is_empty()) {
            None => None,
            Some(d) => match parse_deadline_in(d, time_zone.as_deref()) {
                Ok(t) => Some(t),
                Err(_) => {
                    err("deadline", FieldProblem::Deadline(d.to_string()));
                    None
                }
            },
        };
        let settings = game_id.and_then(|g| {
            match Settings::from_assignments(g, game_assignments.iter().map(String::as_str)) {
                Ok(s) => Some(s),
                Err(whole) => {
                    // The game's check stops at the first bad value: each one is checked alone too, so
                    // that every bad field is named (the whole error when none is bad on its own).
                    let mut named = false;
                    for a in &game_assignments {
                        if let Err(e) = Settings::from_assignments(g, [a.as_str()]) {
                            err(a.split_once('=').map_or(a.as_str(), |(k, _)| k), FieldProblem::Setting(e));
                            named = true;
                        }
                    }
                    if !named {
                        err("settings", FieldProblem::Setting(whole));
                    }
                    None
                }
            }
        });
        // A factor is kept only when it is not 1, so setting 1 clears that of a language that is
        // no longer configured.
        for language in settings.iter().flat_map(|s| s.time_factors().keys()) {
            if !known_languages.contains(language) {
                err(
                    &format!("{TIME_FACTOR_PREFIX}{language}"),
                    FieldProblem::UnknownFactorLanguage {
                        language: language.clone(),
                        configured: known_languages.join(", "),
                    },
                );
            }
        }
        if languages.is_empty() {
            err("languages", FieldProblem::NoneConfigured);
        }
        match (game_id, settings) {
            (Some(game), Some(settings)) if errors.is_empty() => Ok(NewContest {
                slug: slug.to_string(),
                title,
                game,
                deadline,
                settings,
                languages,
                submit_interval_s: limits[0].1,
                daily_budget_s: limits[1].1,
                scoreboard_refresh_s: limits[2].1,
                house_bots,
                practice_opponents,
                share,
                format,
                ladder_games_per_hour: ladder[0].1,
                ladder_max_repeats: ladder[1].1,
                locale,
                time_zone,
            }),
            _ => Err(errors),
        }
    }
}

/// A `house_bots` value: comma-separated house-bot levels, each once, weakest first (empty or
/// `none` for none).
fn parse_house_bots(v: &str) -> Result<Vec<HouseLevel>, FieldProblem> {
    let mut list = Vec::new();
    for name in v.split(',').map(str::trim).filter(|l| !l.is_empty() && *l != "none") {
        let level: HouseLevel = name
            .parse()
            .map_err(|_| FieldProblem::HouseBot { name: name.to_string(), valid: HouseLevel::names() })?;
        list.push(level);
    }
    Ok(HouseLevel::ALL.iter().filter(|l| list.contains(l)).copied().collect())
}

/// A `practice_opponents` value: `house`, `own` and `all`, comma-separated (`none` or empty for
/// nobody), stored in that order.
fn parse_practice_opponents(v: &str) -> Result<String, FieldProblem> {
    let words: Vec<&str> = v.split(',').map(str::trim).filter(|w| !w.is_empty() && *w != "none").collect();
    if let Some(bad) = words.iter().find(|w| !PRACTICE_OPPONENTS.contains(w)) {
        return Err(FieldProblem::PracticeOpponent(bad.to_string()));
    }
    Ok(PRACTICE_OPPONENTS.iter().filter(|w| words.contains(w)).copied().collect::<Vec<_>>().join(","))
}

/// Inserts a contest; `Ok(None)` when the slug is taken.
pub async fn create(conn: &mut PgConnection, c: &NewContest) -> sqlx::Result<Option<ContestId>> {
    let settings = stored(&c.settings);
    sqlx::query_scalar!(
        r#"insert into contests (slug, title, game, deadline, settings, languages, submit_interval_s,
                               daily_budget_s, scoreboard_refresh_s, house_bots, practice_opponents, share,
                               format, ladder_games_per_hour, ladder_max_repeats, locale, time_zone)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
         on conflict (slug) do nothing
         returning id as "id: ContestId""#,
        c.slug,
        c.title,
        c.game as GameId,
        c.deadline,
        settings,
        &c.languages[..],
        c.submit_interval_s,
        c.daily_budget_s,
        c.scoreboard_refresh_s,
        c.house_bots.as_slice() as &[HouseLevel],
        c.practice_opponents,
        c.share,
        c.format,
        c.ladder_games_per_hour,
        c.ladder_max_repeats,
        c.locale,
        c.time_zone
    )
    .fetch_optional(conn)
    .await
}

/// A contest's settings as the `contests.settings` column (and each game's `settings`) holds them.
pub fn stored(settings: &Settings) -> Value {
    serde_json::to_value(settings).expect("settings serialize")
}

/// The settings of contest `slug` read from its column: stored settings that no longer read (a
/// setting this version does not know) are a decoding error of the row, named, rather than a
/// contest silently played under other settings.
pub(super) fn read_settings(game: GameId, stored: &Value, slug: &str) -> sqlx::Result<Settings> {
    Settings::from_stored(game, stored)
        .map_err(|e| sqlx::Error::Decode(format!("the stored settings of contest `{slug}`: {e}").into()))
}

/// A `contests` row as selected, before its settings are read.
struct ContestRow {
    id: ContestId,
    slug: String,
    title: String,
    game: GameId,
    deadline: Option<OffsetDateTime>,
    settings: Value,
    languages: Vec<String>,
    submit_interval_s: i32,
    daily_budget_s: i32,
    scoreboard_refresh_s: i32,
    house_bots: Vec<HouseLevel>,
    practice_opponents: String,
    share: f32,
    format: String,
    ladder_games_per_hour: i32,
    ladder_max_repeats: i32,
    locale: Option<String>,
    time_zone: Option<String>,
    created_at: OffsetDateTime,
}

impl TryFrom<ContestRow> for Contest {
    type Error = sqlx::Error;

    fn try_from(r: ContestRow) -> sqlx::Result<Contest> {
        let settings = read_settings(r.game, &r.settings, &r.slug)?;
        Ok(Contest {
            id: r.id,
            slug: r.slug,
            title: r.title,
            game: r.game,
            deadline: r.deadline,
            settings,
            languages: r.languages,
            submit_interval_s: r.submit_interval_s,
            daily_budget_s: r.daily_budget_s,
            scoreboard_refresh_s: r.scoreboard_refresh_s,
            house_bots: r.house_bots,
            practice_opponents: r.practice_opponents,
            share: r.share,
            format: r.format,
            ladder_games_per_hour: r.ladder_games_per_hour,
            ladder_max_repeats: r.ladder_max_repeats,
            locale: r.locale,
            time_zone: r.time_zone,
            created_at: r.created_at,
        })
    }
}

pub async fn list(conn: &mut PgConnection) -> sqlx::Result<Vec<Contest>> {
    sqlx::query_as!(
        ContestRow,
        r#"select id as "id: ContestId", slug, title, game as "game: GameId", deadline, settings, languages,
                submit_interval_s, daily_budget_s, scoreboard_refresh_s,
                house_bots as "house_bots: Vec<HouseLevel>", practice_opponents, share,
                format, ladder_games_per_hour, ladder_max_repeats, locale, time_zone, created_at
         from contests order by deadline desc nulls first, id desc"#
    )
    .fetch_all(conn)
    .await?
    .into_iter()
    .map(Contest::try_from)
    .collect()
}

pub async fn by_slug(conn: &mut PgConnection, slug: &str) -> sqlx::Result<Option<Contest>> {
    sqlx::query_as!(
        ContestRow,
        r#"select id as "id: ContestId", slug, title, game as "game: GameId", deadline, settings, languages,
                submit_interval_s, daily_budget_s, scoreboard_refresh_s,
                house_bots as "house_bots: Vec<HouseLevel>", practice_opponents, share,
                format, ladder_games_per_hour, ladder_max_repeats, locale, time_zone, created_at
         from contests where slug = $1"#,
        slug
    )
    .fetch_optional(conn)
    .await?
    .map(Contest::try_from)
    .transpose()
}

/// Replaces the settings and limits of a contest (the caller records the change in the audit log).
pub async fn update(conn: &mut PgConnection, id: ContestId, c: &NewContest) -> sqlx::Result<()> {
    let settings = stored(&c.settings);
    sqlx::query!(
        "update contests set title = $2, deadline = $3, settings = $4, languages = $5, submit_interval_s = $6,
                daily_budget_s = $7, scoreboard_refresh_s = $8, house_bots = $9, practice_opponents = $10,
                share = $11, format = $12, ladder_games_per_hour = $13, ladder_max_repeats = $14,
                locale = $15, time_zone = $16
         where id = $1",
        id as ContestId,
        c.title,
        c.deadline,
        settings,
        &c.languages[..],
        c.submit_interval_s,
        c.daily_budget_s,
        c.scoreboard_refresh_s,
        c.house_bots.as_slice() as &[HouseLevel],
        c.practice_opponents,
        c.share,
        c.format,
        c.ladder_games_per_hour,
        c.ladder_max_repeats,
        c.locale,
        c.time_zone
    )
    .execute(conn)
    .await?;
    super::scoreboard_serving::note_write();
    Ok(())
}

/// Reconstructs the `K=V` assignments of a stored contest, so that a settings change can be
/// validated as a whole (the stored values, then the changes).
pub fn assignments(c: &Contest) -> Vec<String> {
    let mut out: Vec<String> = c.settings_list().into_iter().map(|(k, v)| format!("{k}={v}")).collect();
    out.push(format!("submit_interval_s={}", c.submit_interval_s));
    out.push(format!("daily_budget_s={}", c.daily_budget_s));
    out.push(format!("scoreboard_refresh_s={}", c.scoreboard_refresh_s));
    out.push(format!("languages={}", c.languages.join(",")));
    let house_bots: Vec<&str> = c.house_bots.iter().map(|l| l.as_str()).collect();
    out.push(format!("house_bots={}", house_bots.join(",")));
    out.push(format!("practice_opponents={}", c.practice_opponents));
    out.push(format!("share={}", c.share));
    out.push(format!("format={}", c.format));
    out.push(format!("ladder_games_per_hour={}", c.ladder_games_per_hour));
    out.push(format!("ladder_max_repeats={}", c.ladder_max_repeats));
    out.push(format!("time_zone={}", c.time_zone.as_deref().unwrap_or("server")));
    out.push(format!("language={}", c.locale.as_deref().unwrap_or("server")));
    out
}

/// A contest's slug and title, for pages that start from one of its submissions or games.
pub async fn slug_and_title(conn: &mut PgConnection, id: ContestId) -> sqlx::Result<(String, String)> {
    let c = sqlx::query!("select slug, title from contests where id = $1", id as ContestId)
        .fetch_one(conn)
        .await?;
    Ok((c.slug, c.title))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::settings::GameSettings;

    fn langs() -> Vec<String> {
        vec!["c".into(), "python".into()]
    }

    #[test]
    fn a_contest_gets_the_games_defaults_and_the_platform_limits() {
        let c = NewContest::build("c4", "connect4", None, None, &[], &langs()).unwrap();
        assert_eq!(c.title, "c4");
        assert!(matches!(c.settings.game(), GameSettings::Connect4(g) if g.rows == 9));
        assert_eq!((c.submit_interval_s, c.daily_budget_s, c.scoreboard_refresh_s), (60, 3600, 600));
        assert_eq!(c.languages, langs());
    }

    #[test]
    fn game_settings_limits_and_languages_share_one_assignment_syntax() {
        let set = ["rows=6".to_string(), "submit_interval_s=5".into(), "languages=python".into()];
        let c =
            NewContest::build("c4", "connect4", Some("Four"), Some("2030-01-01T00:00:00Z"), &set, &langs())
                .unwrap();
        assert!(matches!(c.settings.game(), GameSettings::Connect4(g) if g.rows == 6));
        assert_eq!(c.submit_interval_s, 5);
        assert_eq!(c.languages, ["python"]);
        assert_eq!(c.deadline.unwrap().year(), 2030);
    }

    #[test]
    fn a_contest_share_is_a_positive_weight_defaulting_to_one() {
        let build =
            |v: &str| NewContest::build("c4", "connect4", None, None, &[format!("share={v}")], &langs());
        assert_eq!(build("2").unwrap().share, 2.0);
        assert_eq!(build("0.5").unwrap().share, 0.5);
        assert_eq!(NewContest::build("c4", "connect4", None, None, &[], &langs()).unwrap().share, 1.0);
        for bad in ["0", "-1", "lots", "1000"] {
            assert_eq!(build(bad).unwrap_err()[0].field, "share", "{bad}");
        }
    }

    #[test]
    fn a_contest_is_a_round_robin_unless_set_to_a_ladder_with_its_budget_and_repeats() {
        let build = |set: &[&str]| {
            let set: Vec<String> = set.iter().map(|s| s.to_string()).collect();
            NewContest::build("c4", "connect4", None, None, &set, &langs())
        };
        let c = build(&[]).unwrap();
        assert_eq!(
            (c.format.as_str(), c.ladder_games_per_hour, c.ladder_max_repeats),
            ("round_robin", 600, 10)
        );
        let c = build(&["format=ladder", "ladder_games_per_hour=120", "ladder_max_repeats=3"]).unwrap();
        assert_eq!((c.format.as_str(), c.ladder_games_per_hour, c.ladder_max_repeats), ("ladder", 120, 3));
        for (bad, field) in [
            ("format=swiss", "format"),
            ("ladder_games_per_hour=0", "ladder_games_per_hour"),
            ("ladder_max_repeats=1001", "ladder_max_repeats"),
        ] {
            assert_eq!(build(&[bad]).unwrap_err()[0].field, field, "{bad}");
        }
    }

    #[test]
    fn time_factors_are_set_per_configured_language_and_checked() {
        let build = |set: &[&str]| {
            let set: Vec<String> = set.iter().map(|s| s.to_string()).collect();
            NewContest::build("c4", "connect4", None, None, &set, &langs())
        };
        let c = build(&["time_factor.python=3", "move_ms=1000"]).unwrap();
        assert_eq!(c.settings.time_factor("python").to_string(), "3");
        assert_eq!(c.settings.time_factor("c"), TimeFactor::ONE);
        // Stored with the game's settings, and reconstructed from them for a later change.
        let stored = serde_json::to_value(&c.settings).unwrap();
        assert_eq!(stored["time_factor.python"], serde_json::json!(3));
        let errs = build(&["time_factor.python=0", "time_factor.c=fast"]).unwrap_err();
        let shown: Vec<String> = errs.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "time_factor.python: `0` is not a number from 0.1 to 10 with at most two decimals",
                "time_factor.c: `fast` is not a number from 0.1 to 10 with at most two decimals",
            ]
        );
        let errs = build(&["time_factor.cobol=2"]).unwrap_err();
        assert_eq!(
            errs[0].to_string(),
            "time_factor.cobol: unknown language `cobol` (configured: c, python)"
        );
        // 1 is the default: setting it keeps nothing, and clears a factor of a language gone from
        // the configuration (as a settings change adds it after the stored values).
        assert!(build(&["time_factor.python=1"]).unwrap().settings.time_factors().is_empty());
        assert!(build(&["time_factor.cobol=2", "time_factor.cobol=1"]).is_ok());
    }

    #[test]
    fn every_bad_field_is_reported_with_its_name() {
        let set =
            ["rows=99".to_string(), "languages=cobol".into(), "daily_budget_s=-1".into(), "oops".into()];
        let errs = NewContest::build("Bad slug", "connect4", None, Some("soon"), &set, &langs()).unwrap_err();
        let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
        for f in ["slug", "deadline", "languages", "daily_budget_s", "settings"] {
            assert!(fields.contains(&f), "{f} missing from {errs:?}");
        }
        let errs = NewContest::build("ok", "chess", None, None, &[], &langs()).unwrap_err();
        assert_eq!(errs[0].field, "game");
    }

    #[test]
    fn house_bots_are_known_levels_listed_once_in_level_order() {
        let build =
            |v: &str| NewContest::build("c4", "connect4", None, None, &[format!("house_bots={v}")], &langs());
        assert_eq!(
            build("level2, random,level2").unwrap().house_bots,
            [HouseLevel::Random, HouseLevel::Level2]
        );
        assert!(build("").unwrap().house_bots.is_empty());
        assert!(build("none").unwrap().house_bots.is_empty());
        assert_eq!(build("grandmaster").unwrap_err()[0].field, "house_bots");
        assert!(NewContest::build("c4", "connect4", None, None, &[], &langs())
            .unwrap()
            .house_bots
            .is_empty());
    }

    #[test]
    fn an_html_datetime_local_deadline_is_taken_as_utc() {
        let t = parse_deadline("2026-12-31T23:59").unwrap();
        assert_eq!((t.hour(), t.minute(), t.offset().is_utc()), (23, 59, true));
        assert!(parse_deadline("31/12/2026").is_err());
    }
}
