//! A contest's settings page: the form with every setting, its default and help, validated and
//! audited by `service::contests::change_settings`, and the audit history.

use crate::db::contests::{deadline_field, Contest, FieldError};
use crate::db::{self, audit};
use crate::games::settings;
use crate::games::GameId;
use crate::service::contests;
use crate::tr;
use crate::web::error::{PageResult, Result};
use crate::web::extract::{check_csrf, contest_or_404, PageUser};
use crate::web::i18n::filters;
use crate::web::input::{FormPairs, Path};
use crate::web::render::{render, when, Nav};
use crate::web::setting_help::setting_help;
use crate::web::state::AppState;
use askama::Template;
use axum::extract::{Query, State};
use axum::response::{IntoResponse, Redirect};
use serde::Deserialize;
use serde_json::Value;

/// A row of the settings form.
struct Field {
    name: String,
    value: String,
    default: String,
    help: String,
    /// The deadline's row: the time zone its value is read in (a `datetime-local` field).
    zone: Option<String>,
}

/// One changed value of an audit entry, as the history table shows it.
struct HistoryLine {
    who: String,
    at: String,
    action: String,
    setting: String,
    old: String,
    new: String,
}

#[derive(Template)]
#[template(path = "admin/contest_settings.html")]
struct SettingsPage {
    nav: Nav,
    slug: String,
    title: String,
    game: String,
    frozen: Option<String>,
    refresh_s: i32,
    /// The finals' state in a sentence once started; before, whether they may start (the deadline
    /// passed).
    finals: Option<String>,
    deadline_passed: bool,
    notice: Option<String>,
    fields: Vec<Field>,
    errors: Vec<FieldError>,
    history: Vec<HistoryLine>,
}

/// The zone a contest's deadline is shown and read in on the settings page: its own (the
/// `time_zone` setting, as stored or as sent back), else UTC (how `NewContest::build` reads a
/// deadline without an offset).
fn deadline_zone(values: &[(String, String)]) -> Option<String> {
    values
        .iter()
        .rev()
        .find(|(k, _)| k == "time_zone")
        .map(|(_, v)| v.clone())
        .filter(|z| !z.is_empty() && z != "server" && crate::locale::time_zone_named(z).is_ok())
}

/// The form's rows: title and deadline, every setting of the game (with its default), every
/// platform setting of [`crate::db::contests::LIMITS`], and a time factor per configured
/// `language` (and per language that still has one stored); values from `values` (stored, or as
/// sent back; the deadline as the form shows it, see [`deadline_field`]).
fn fields(game: GameId, values: &[(String, String)], languages: &[String]) -> Vec<Field> {
    let value =
        |name: &str| values.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()).unwrap_or_default();
    let zone = deadline_zone(values);
    let mut out = vec![
        Field {
            name: "title".into(),
            value: value("title"),
            default: String::new(),
            help: tr!("admin-setting-title"),
            zone: None,
        },
        Field {
            name: "deadline".into(),
            value: value("deadline"),
            default: tr!("deadline-none"),
            help: tr!("admin-setting-deadline", zone = zone.as_deref().unwrap_or("UTC")),
            zone: Some(zone.clone().unwrap_or_else(|| "UTC".into())),
        },
    ];
    for d in settings::defs(game) {
        out.push(Field {
            name: d.name.into(),
            value: value(d.name),
            default: d.default.into(),
            help: setting_help(Some(game), d.name),
            zone: None,
        });
    }
    for (name, _) in crate::db::contests::LIMITS {
        out.push(Field {
            name: (*name).into(),
            value: value(name),
            default: String::new(),
            help: setting_help(Some(game), name),
            zone: None,
        });
    }
    let mut factors: Vec<String> =
        languages.iter().map(|l| format!("{}{l}", settings::TIME_FACTOR_PREFIX)).collect();
    for (k, _) in values {
        if k.starts_with(settings::TIME_FACTOR_PREFIX) && !factors.contains(k) {
            factors.push(k.clone());
        }
    }
    for name in factors {
        let v = value(&name);
        out.push(Field {
            value: if v.is_empty() { "1".into() } else { v },
            name,
            default: "1".into(),
            help: setting_help(Some(game), "time_factor"),
            zone: None,
        });
    }
    out
}

fn shown(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => "—".into(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    }
}

/// The stored settings as the form shows them: the deadline in the contest's zone, as a
/// `datetime-local` field holds it.
fn form_values(c: &Contest) -> Vec<(String, String)> {
    let mut values = contests::setting_values(c);
    let shown = deadline_field_of(c);
    for (k, v) in &mut values {
        if k == "deadline" {
            v.clone_from(&shown);
        }
    }
    values
}

/// The contest's deadline as the form shows it (empty for none).
fn deadline_field_of(c: &Contest) -> String {
    c.deadline.map(|t| deadline_field(t, c.time_zone.as_deref())).unwrap_or_default()
}

/// An audit entry's action as the history says it (an unknown one as recorded).
fn action_text(action: &str) -> String {
    let key = match action {
        "contest.create" => "admin-action-create",
        "contest.settings" => "admin-action-settings",
        "contest.rejudge" => "admin-action-rejudge",
        "contest.freeze" => "admin-action-freeze",
        "contest.unfreeze" => "admin-action-unfreeze",
        "contest.announce" => "admin-action-announce",
        "contest.prune" => "admin-action-prune",
        _ => return action.to_string(),
    };
    tr!(key)
}

fn history_lines(entries: Vec<audit::Entry>) -> Vec<HistoryLine> {
    let mut out = Vec::new();
    for e in entries {
        let keys = |v: &Option<Value>| {
            v.as_ref().and_then(Value::as_object).map(|m| m.keys().cloned().collect::<Vec<_>>())
        };
        let mut names = keys(&e.old_value).unwrap_or_default();
        for k in keys(&e.new_value).unwrap_or_default() {
            if !names.contains(&k) {
                names.push(k);
            }
        }
        if names.is_empty() {
            names.push(String::new());
        }
        for name in names {
            out.push(HistoryLine {
                who: e.actor.to_string(),
                at: when(&e.at),
                action: action_text(&e.action),
                old: shown(e.old_value.as_ref().and_then(|v| v.get(&name))),
                new: shown(e.new_value.as_ref().and_then(|v| v.get(&name))),
                setting: name,
            });
        }
    }
    out
}

async fn settings_view(state: &AppState, who: &PageUser, c: &Contest) -> Result<SettingsPage> {
    let game = c.game;
    let mut conn = state.pool.acquire().await?;
    let history = history_lines(audit::history(&mut conn, &contests::audit_target(&c.slug), 500).await?);
    let frozen = db::scoreboard::frozen_at(&mut conn, c.id).await?;
    let finals = crate::service::finals::standings(&mut conn, c.id).await?.map(|f| {
        tr!(
            "finals-admin-state",
            started = when(&f.started_at),
            top = f.top_k,
            over = f.matches - f.unfinished,
            matches = f.matches
        )
    });
    Ok(SettingsPage {
        nav: who.nav().await?,
        slug: c.slug.clone(),
        title: c.title.clone(),
        game: c.game.to_string(),
        frozen: frozen.as_ref().map(when),
        refresh_s: c.scoreboard_refresh_s,
        finals,
        deadline_passed: !c.is_open(time::OffsetDateTime::now_utc()),
        notice: None,
        fields: fields(game, &form_values(c), &state.language_ids()),
        errors: vec![],
        history,
    })
}

/// What the last action did, shown above the form after its redirect.
#[derive(Deserialize, Default)]
pub(super) struct Done {
    saved: Option<usize>,
    rejudged: Option<usize>,
    frozen: Option<u8>,
    unfrozen: Option<u8>,
    finals: Option<usize>,
}

impl SettingsPage {
    /// A refused field with why, in the reader's language.
    fn error_text(&self, e: &FieldError) -> String {
        crate::web::field_errors::field_error(e)
    }

    /// Where the finals' table is: the scoreboard's.
    fn finals_href(&self) -> String {
        format!("/contests/{}/scoreboard#finals", self.slug)
    }
}

impl Done {
    fn notice(&self) -> Option<String> {
        if let Some(n) = self.saved {
            Some(tr!("admin-notice-saved", count = n))
        } else if let Some(n) = self.rejudged {
            Some(tr!("admin-notice-rejudged", count = n))
        } else if self.frozen.is_some() {
            Some(tr!("admin-notice-frozen"))
        } else if self.unfrozen.is_some() {
            Some(tr!("admin-notice-unfrozen"))
        } else {
            self.finals.map(|n| tr!("finals-notice-started", matches = n))
        }
    }
}

pub(super) async fn settings_page(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
    Query(done): Query<Done>,
) -> PageResult {
    who.require_admin()?;
    let c = contest_or_404(&state, &slug).await?;
    let mut page = settings_view(&state, &who, &c).await?;
    page.notice = done.notice();
    Ok(render(&page))
}

pub(super) async fn save_settings_form(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
    FormPairs(form): FormPairs,
) -> PageResult {
    who.require_admin()?;
    let csrf = form.iter().find(|(k, _)| k == "csrf").map(|(_, v)| v.as_str()).unwrap_or_default();
    check_csrf(&who.session, csrf).await?;
    let stored = contest_or_404(&state, &slug).await?;
    // The deadline as shown (in the contest's zone, to the minute) and sent back unchanged is no
    // change: it is not read again (in a zone changed by the same save, or losing its seconds).
    let shown_deadline = deadline_field_of(&stored);
    let changes: Vec<(String, String)> = form
        .iter()
        .filter(|(k, v)| k != "csrf" && !(k == "deadline" && v.trim() == shown_deadline))
        .map(|(k, v)| (k.clone(), v.trim().to_string()))
        .collect();
    match contests::change_settings(&state.pool, Some(&who.user), &slug, &changes, &state.language_ids())
        .await?
    {
        Ok(changed) => {
            Ok(Redirect::to(&format!("/admin/contests/{slug}/settings?saved={}", changed.len()))
                .into_response())
        }
        Err(errors) => {
            let c = contest_or_404(&state, &slug).await?;
            let mut page = settings_view(&state, &who, &c).await?;
            let game = c.game;
            let mut values = form_values(&c);
            values.retain(|(k, _)| !changes.iter().any(|(n, _)| n == k));
            values.extend(changes);
            page.fields = fields(game, &values, &state.language_ids());
            page.errors = errors;
            Ok((axum::http::StatusCode::BAD_REQUEST, render(&page)).into_response())
        }
    }
}
