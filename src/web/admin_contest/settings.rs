//! A contest's settings page: the form with every setting, its default and help, validated and
//! audited by `service::contests::change_settings`, and the audit history.

use crate::db::contests::{Contest, FieldError};
use crate::db::{self, audit};
use crate::games::settings;
use crate::games::GameId;
use crate::service::contests;
use crate::web::error::{PageResult, Result};
use crate::web::extract::{check_csrf, contest_or_404, PageUser};
use crate::web::input::{FormPairs, Path};
use crate::web::render::{render, when, Nav};
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

/// The form's rows: title and deadline, every setting of the game (with its default), every
/// platform setting of [`crate::db::contests::LIMITS`], and a time factor per configured
/// `language` (and per language that still has one stored); values from `values` (stored, or as
/// sent back).
fn fields(game: GameId, values: &[(String, String)], languages: &[String]) -> Vec<Field> {
    let value =
        |name: &str| values.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()).unwrap_or_default();
    let mut out = vec![
        Field {
            name: "title".into(),
            value: value("title"),
            default: String::new(),
            help: "shown on the contest's pages".into(),
        },
        Field {
            name: "deadline".into(),
            value: value("deadline"),
            default: "none".into(),
            help: "UTC, e.g. 2026-12-31T23:59:00Z; empty for none; no submissions after it".into(),
        },
    ];
    for d in settings::defs(game) {
        out.push(Field {
            name: d.name.into(),
            value: value(d.name),
            default: d.default.into(),
            help: d.help.into(),
        });
    }
    for (name, help) in crate::db::contests::LIMITS {
        out.push(Field {
            name: (*name).into(),
            value: value(name),
            default: String::new(),
            help: (*help).into(),
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
            help: crate::db::contests::TIME_FACTOR_HELP.into(),
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
                action: e.action.clone(),
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
        format!(
            "Started {} among the top {}: {} of {} final matches over.",
            when(&f.started_at),
            f.top_k,
            f.matches - f.unfinished,
            f.matches
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
        fields: fields(game, &contests::setting_values(c), &state.language_ids()),
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

impl Done {
    fn notice(&self) -> Option<String> {
        if let Some(n) = self.saved {
            Some(format!("Saved: {n} setting(s) changed. They apply to games scheduled from now on."))
        } else if let Some(n) = self.rejudged {
            Some(format!("Rejudge: {n} match(es) queued again under the current settings."))
        } else if self.frozen.is_some() {
            Some("The standings are frozen.".into())
        } else if self.unfrozen.is_some() {
            Some("The standings are no longer frozen and were recomputed.".into())
        } else if let Some(n) = self.finals {
            Some(format!("The finals started: {n} match(es) queued."))
        } else {
            None
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
    let changes: Vec<(String, String)> =
        form.iter().filter(|(k, _)| k != "csrf").map(|(k, v)| (k.clone(), v.trim().to_string())).collect();
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
            let mut values = contests::setting_values(&c);
            values.retain(|(k, _)| !changes.iter().any(|(n, _)| n == k));
            values.extend(changes);
            page.fields = fields(game, &values, &state.language_ids());
            page.errors = errors;
            Ok((axum::http::StatusCode::BAD_REQUEST, render(&page)).into_response())
        }
    }
}
