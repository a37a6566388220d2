//! The reader's language and time zone, and the message catalogs (Fluent, `locales/{tag}/*.ftl`,
//! built into the binary).
//!
//! Every request runs inside [`scope`] (a middleware of `web::app`), which records what the request
//! says (a `lang` cookie set by the footer's switch, `Accept-Language`); the extractors that find the
//! user add their profile's choice ([`choose_for_user`]), and a page of a contest adds the contest's
//! defaults ([`offer_contest_defaults`]). [`locale`] and [`time_zone`] then pick, for pages: the
//! profile, the cookie, `Accept-Language`, the contest, the server; for `/api`: `Accept-Language`
//! first (a message follows the request's language), then the same. Outside a request (a
//! command, a test rendering a template) the server's defaults hold.
//!
//! Messages are looked up with [`t`] and [`tr!`](crate::tr) in Rust and the `t`, `t1`… filters in
//! templates. The pseudo-locale `en-XA` shows every English message wrapped in `⟦…⟧`, so a test
//! can see any text on a page that did not come from a catalog.

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};
use jiff::tz::TimeZone;
use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

pub use crate::locale::{time_zone_named, Locale};

fluent_templates::static_loader! {
    static CATALOGS = {
        locales: "./locales",
        fallback_language: "en",
        // No invisible isolation marks around arguments: every language here is written left to
        // right, and the marks would end up in attributes and in the API's messages.
        customise: |bundle| {
            bundle.set_use_isolating(false);
            bundle.set_formatter(Some(number_formatter(&bundle.locales[0])));
        },
    };
}

/// The server's defaults: its language and time zone (`--language`, `--time-zone` of `serve`).
#[derive(Clone, Debug)]
pub struct Defaults {
    pub locale: Locale,
    pub time_zone: TimeZone,
}

static SERVER_DEFAULTS: OnceLock<Defaults> = OnceLock::new();

/// Sets the server's defaults once, at start; later calls keep the first.
pub fn set_server_defaults(defaults: Defaults) {
    let _ = SERVER_DEFAULTS.set(defaults);
}

fn server_defaults() -> Defaults {
    SERVER_DEFAULTS
        .get()
        .cloned()
        .unwrap_or_else(|| Defaults { locale: Locale::En, time_zone: TimeZone::system() })
}

/// What a request has said about its reader so far.
#[derive(Default)]
struct Request {
    api: bool,
    profile: Option<Locale>,
    cookie: Option<Locale>,
    accept: Option<Locale>,
    contest: Option<Locale>,
    profile_zone: Option<TimeZone>,
    contest_zone: Option<TimeZone>,
}

tokio::task_local! {
    static REQUEST: RefCell<Request>;
}

/// The name of the cookie the footer's language switch sets.
pub const COOKIE: &str = "lang";

/// Runs `f` (a request's handling) with what its headers say about the reader: the `lang` cookie
/// and `Accept-Language`; `api` for `/api`, whose messages follow `Accept-Language` first.
pub async fn scope<F: std::future::Future>(headers: &axum::http::HeaderMap, api: bool, f: F) -> F::Output {
    let accept = headers
        .get(axum::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(Locale::from_accept_language);
    let cookie = headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().strip_prefix(COOKIE)?.strip_prefix('='))
        .find_map(Locale::from_tag);
    let request = Request { api, cookie, accept, ..Request::default() };
    REQUEST.scope(RefCell::new(request), f).await
}

/// The middleware form of [`scope`]: the answer says which language it is in
/// (`Content-Language`) and that it depends on the request's `Accept-Language` and cookies.
pub async fn middleware(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::http::{header, HeaderValue};
    let api = req.uri().path().starts_with("/api/");
    let headers = req.headers().clone();
    scope(&headers, api, async move {
        let mut response = next.run(req).await;
        let h = response.headers_mut();
        h.insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(locale().tag()));
        h.append(header::VARY, HeaderValue::from_static("Accept-Language, Cookie"));
        response
    })
    .await
}

/// Records the logged-in user's own choices (from their profile), if they made any.
pub fn choose_for_user(locale: Option<&str>, time_zone: Option<&str>) {
    let _ = REQUEST.try_with(|r| {
        let mut r = r.borrow_mut();
        r.profile = locale.and_then(Locale::from_tag);
        r.profile_zone = time_zone.and_then(|z| time_zone_named(z).ok());
    });
}

/// Records a contest's defaults, which count when the reader has chosen nothing stronger.
pub fn offer_contest_defaults(locale: Option<&str>, time_zone: Option<&str>) {
    let _ = REQUEST.try_with(|r| {
        let mut r = r.borrow_mut();
        r.contest = locale.and_then(Locale::from_tag);
        r.contest_zone = time_zone.and_then(|z| time_zone_named(z).ok());
    });
}

/// The language of the current request's reader (see the module's documentation for the order).
pub fn locale() -> Locale {
    REQUEST
        .try_with(|r| {
            let r = r.borrow();
            let chosen =
                if r.api { r.accept.or(r.profile).or(r.cookie) } else { r.profile.or(r.cookie).or(r.accept) };
            chosen.or(r.contest)
        })
        .ok()
        .flatten()
        .unwrap_or_else(|| server_defaults().locale)
}

/// Whether the reader chose the language themselves (profile or cookie), as opposed to a browser
/// default: the statement page says when it has no translation for a chosen language.
pub fn locale_is_chosen() -> bool {
    REQUEST.try_with(|r| r.borrow().profile.is_some() || r.borrow().cookie.is_some()).unwrap_or(false)
}

/// The time zone the current request's times are shown in: the reader's own, else the contest's,
/// else the server's.
pub fn time_zone() -> TimeZone {
    REQUEST
        .try_with(|r| {
            let r = r.borrow();
            r.profile_zone.clone().or_else(|| r.contest_zone.clone())
        })
        .ok()
        .flatten()
        .unwrap_or_else(|| server_defaults().time_zone)
}

/// The message `key` in the reader's language.
pub fn t(key: &str) -> String {
    lookup(locale(), key, None)
}

/// The message `key` with its arguments, in the reader's language (use [`tr!`](crate::tr)).
pub fn t_args<'a>(key: &str, args: impl IntoIterator<Item = (&'static str, FluentValue<'a>)>) -> String {
    let args: Args = args.into_iter().map(|(name, value)| (Cow::Borrowed(name), value)).collect();
    lookup(locale(), key, Some(&args))
}

/// A message's named arguments.
pub type Args<'a> = HashMap<Cow<'static, str>, FluentValue<'a>>;

/// The message `key` in `locale` (for tests and for rendering a page in a given language).
pub fn lookup(locale: Locale, key: &str, args: Option<&Args>) -> String {
    match CATALOGS.try_lookup_complete(locale.language_id(), key, args) {
        Some(text) if locale == Locale::Pseudo => format!("⟦{text}⟧"),
        Some(text) => text,
        None => {
            tracing::warn!(key, locale = %locale, "no such message in the catalogs");
            key.to_string()
        }
    }
}

/// An argument of a message: a number (plural rules and the locale's digits apply) or a text.
pub fn arg<'a>(v: impl Into<FluentValue<'a>>) -> FluentValue<'a> {
    v.into()
}

/// A message with named arguments, in the reader's language:
/// `tr!("games-played", count = n, name = &user)`.
#[macro_export]
macro_rules! tr {
    ($key:expr) => {
        $crate::web::i18n::t($key)
    };
    ($key:expr, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::web::i18n::t_args($key, [$((stringify!($name), $crate::web::i18n::arg($value))),+])
    };
}

/// The messages `keys` in the reader's language as a JSON object, for a page's script (in a
/// `<script type="application/json">` block: `<` is escaped so that no text can end the block).
pub fn messages_json(keys: &[&str]) -> String {
    let map: serde_json::Map<String, serde_json::Value> =
        keys.iter().map(|k| (k.to_string(), serde_json::Value::String(t(k)))).collect();
    serde_json::Value::Object(map).to_string().replace('<', "\\u003c")
}

/// A number written the way the reader's language writes it: `1,234.5` in English, `1.234,5` in
/// Romanian, `1 234,5` in Bulgarian and Finnish.
pub fn number(n: impl Into<f64>) -> String {
    format_number(locale(), n.into())
}

fn format_number(locale: Locale, n: f64) -> String {
    let (decimal, group) = locale.number_marks();
    let text = if n.fract() == 0.0 && n.abs() < 1e15 { format!("{}", n as i64) } else { format!("{n:.2}") };
    let (sign, digits) = text.strip_prefix('-').map_or(("", text.as_str()), |d| ("-", d));
    let (whole, fraction) = digits.split_once('.').map_or((digits, None), |(w, f)| (w, Some(f)));
    let mut out = String::from(sign);
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 && whole.len() > 4 {
            out.push(group);
        }
        out.push(c);
    }
    if let Some(f) = fraction {
        out.push(decimal);
        out.push_str(f);
    }
    out
}

/// The Fluent formatter of numbers for a catalog's language (see [`format_number`]); Fluent keeps
/// the number for choosing plural forms.
fn number_formatter<M>(id: &LanguageIdentifier) -> fn(&FluentValue, &M) -> Option<String> {
    fn with(locale: Locale, v: &FluentValue) -> Option<String> {
        match v {
            FluentValue::Number(n) if n.options.minimum_fraction_digits.is_none() => {
                Some(format_number(locale, n.value))
            }
            _ => None,
        }
    }
    match Locale::from_tag(&id.to_string()).unwrap_or(Locale::En) {
        Locale::Ro => |v, _| with(Locale::Ro, v),
        Locale::Bg => |v, _| with(Locale::Bg, v),
        Locale::Fi => |v, _| with(Locale::Fi, v),
        _ => |v, _| with(Locale::En, v),
    }
}

/// A time in the reader's time zone and language, with its offset from UTC:
/// `22 Nov 2026, 22:05 UTC+08:00`, `2026年11月22日 22:05 UTC+08:00`.
pub fn date_time(t: &time::OffsetDateTime) -> String {
    let locale = locale();
    let zone = time_zone();
    let Ok(ts) = jiff::Timestamp::from_second(t.unix_timestamp()) else { return String::new() };
    let zoned = ts.to_zoned_datetime(zone);
    let offset = zoned.offset().seconds();
    let offset = if offset == 0 {
        "UTC".to_string()
    } else {
        let sign = if offset < 0 { '-' } else { '+' };
        format!("UTC{sign}{:02}:{:02}", offset.abs() / 3600, offset.abs() % 3600 / 60)
    };
    format!("{} {offset}", zoned.strftime(locale.date_time_pattern()))
}

/// How long until `t`, in days, hours and minutes, as the reader's language says it ("closes in
/// …"); `None` once it has passed.
pub fn countdown(t: &time::OffsetDateTime) -> Option<String> {
    let left = (*t - time::OffsetDateTime::now_utc()).whole_minutes();
    (left > 0).then(|| {
        crate::tr!("countdown-left", days = left / 1440, hours = left % 1440 / 60, minutes = left % 60)
    })
}

/// The template filters of the catalogs: `{{ "key"|t }}`, `{{ "key"|t1("name", value) }}`,
/// `{{ "key"|t2("a", x, "b", y) }}`, `{{ "key"|t3(…) }}`, and `{{ n|num }}` for a number in the
/// reader's digits. Templates import them with `use crate::web::i18n::filters;`.
pub mod filters {
    use crate::web::i18n::{arg, t_args};
    use fluent_templates::fluent_bundle::FluentValue;
    use std::fmt::Display;

    pub fn t(key: impl Display, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(crate::web::i18n::t(&key.to_string()))
    }

    pub fn t1<'a>(
        key: impl Display,
        _: &dyn askama::Values,
        name: &'static str,
        value: impl Into<FluentValue<'a>>,
    ) -> askama::Result<String> {
        Ok(t_args(&key.to_string(), [(name, arg(value))]))
    }

    #[allow(clippy::too_many_arguments)]
    pub fn t2<'a, 'b>(
        key: impl Display,
        _: &dyn askama::Values,
        name: &'static str,
        value: impl Into<FluentValue<'a>>,
        name2: &'static str,
        value2: impl Into<FluentValue<'b>>,
    ) -> askama::Result<String> {
        let args: [(&'static str, FluentValue); 2] = [(name, arg(value)), (name2, arg(value2))];
        Ok(t_args(&key.to_string(), args))
    }

    #[allow(clippy::too_many_arguments)]
    pub fn t3<'a, 'b, 'c>(
        key: impl Display,
        _: &dyn askama::Values,
        name: &'static str,
        value: impl Into<FluentValue<'a>>,
        name2: &'static str,
        value2: impl Into<FluentValue<'b>>,
        name3: &'static str,
        value3: impl Into<FluentValue<'c>>,
    ) -> askama::Result<String> {
        let args: [(&'static str, FluentValue); 3] =
            [(name, arg(value)), (name2, arg(value2)), (name3, arg(value3))];
        Ok(t_args(&key.to_string(), args))
    }

    /// A message holding markup of its own (a link inside a sentence): shown as HTML. The
    /// catalogs are ours; every text argument is escaped first.
    pub fn th(key: impl Display, _: &dyn askama::Values) -> askama::Result<askama::filters::Safe<String>> {
        Ok(askama::filters::Safe(crate::web::i18n::t(&key.to_string())))
    }

    pub fn th1<'a>(
        key: impl Display,
        _: &dyn askama::Values,
        name: &'static str,
        value: impl Into<FluentValue<'a>>,
    ) -> askama::Result<askama::filters::Safe<String>> {
        Ok(askama::filters::Safe(t_args(&key.to_string(), [(name, escaped(value.into()))])))
    }

    #[allow(clippy::too_many_arguments)]
    pub fn th2<'a, 'b>(
        key: impl Display,
        _: &dyn askama::Values,
        name: &'static str,
        value: impl Into<FluentValue<'a>>,
        name2: &'static str,
        value2: impl Into<FluentValue<'b>>,
    ) -> askama::Result<askama::filters::Safe<String>> {
        let args: [(&'static str, FluentValue); 2] =
            [(name, escaped(value.into())), (name2, escaped(value2.into()))];
        Ok(askama::filters::Safe(t_args(&key.to_string(), args)))
    }

    fn escaped(v: FluentValue<'_>) -> FluentValue<'static> {
        match v {
            FluentValue::String(s) => FluentValue::String(
                s.replace('&', "&amp;")
                    .replace('<', "&lt;")
                    .replace('>', "&gt;")
                    .replace('"', "&quot;")
                    .into(),
            ),
            FluentValue::Number(n) => FluentValue::Number(n),
            _ => FluentValue::None,
        }
    }

    pub fn num(n: impl Display, _: &dyn askama::Values) -> askama::Result<String> {
        let text = n.to_string();
        Ok(text.parse::<f64>().map(crate::web::i18n::number).unwrap_or(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_with_each_languages_marks() {
        assert_eq!(format_number(Locale::En, 1234567.0), "1,234,567");
        assert_eq!(format_number(Locale::En, 1234.0), "1234");
        assert_eq!(format_number(Locale::Ro, -12345.5), "-12.345,50");
        assert_eq!(format_number(Locale::Fi, 25.25), "25,25");
        assert_eq!(format_number(Locale::Bg, 98765.0), "98\u{202f}765");
    }

    #[test]
    fn messages_follow_the_language_and_plural_rules() {
        let args: Args = [("days", 1), ("hours", 2), ("minutes", 3)]
            .into_iter()
            .map(|(k, v)| (Cow::Borrowed(k), FluentValue::from(v)))
            .collect();
        for locale in Locale::OFFERED {
            let text = lookup(locale, "countdown-left", Some(&args));
            assert!(text.contains('1') && text.contains('2') && text.contains('3'), "{locale}: {text}");
            assert!(!text.contains('\u{2068}'), "no isolation marks: {text:?}");
        }
        assert!(lookup(Locale::Pseudo, "countdown-left", Some(&args)).starts_with('⟦'));
    }

    #[test]
    fn times_are_shown_in_the_zone_with_its_offset() {
        let t = time::macros::datetime!(2026-12-01 15:59 UTC);
        let shanghai = time_zone_named("Asia/Shanghai").unwrap();
        let shown = REQUEST.sync_scope(RefCell::new(Request::default()), || {
            offer_contest_defaults(Some("zh-CN"), Some("Asia/Shanghai"));
            assert_eq!(time_zone(), shanghai);
            date_time(&t)
        });
        assert_eq!(shown, "2026年12月1日 23:59 UTC+08:00");
    }
}
