//! How times are written: on pages and in the API. It imports only `i18n` of `src/web`, so that
//! the error mapping and the rendering can both use it.

/// Formats a time for pages, in the reader's time zone and language, with its offset:
/// `22 Nov 2026, 22:05 UTC+08:00` (see [`super::i18n::date_time`]).
pub fn when(t: &time::OffsetDateTime) -> String {
    super::i18n::date_time(t)
}

/// Formats a time for the API (RFC 3339).
pub fn rfc3339(t: &time::OffsetDateTime) -> String {
    t.format(&time::format_description::well_known::Rfc3339).unwrap_or_default()
}

/// A contest's deadline as pages show it: the time in the reader's zone with its offset, and while
/// it is ahead, how long is left (kept current by `static/countdown.js` in its last day).
#[derive(Clone, Debug)]
pub struct Deadline {
    /// `1 Dec 2026, 23:59 UTC+08:00`, or "none".
    pub text: String,
    /// RFC 3339, for `<time datetime>` and the countdown script.
    pub iso: String,
    /// "2 d 3 h 15 min left", while the deadline is ahead.
    pub left: Option<String>,
    /// The countdown's text with 88 hours and 99 minutes, which the script fills in.
    pub pattern: String,
}

impl Deadline {
    pub fn of(t: Option<&time::OffsetDateTime>) -> Deadline {
        match t {
            None => Deadline {
                text: crate::tr!("deadline-none"),
                iso: String::new(),
                left: None,
                pattern: String::new(),
            },
            Some(t) => Deadline {
                text: when(t),
                iso: rfc3339(t),
                left: super::i18n::countdown(t),
                pattern: crate::tr!("countdown-left", days = 0, hours = 88, minutes = 99),
            },
        }
    }
}

impl std::fmt::Display for Deadline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}
