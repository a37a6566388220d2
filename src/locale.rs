//! The languages the pages are written in ([`Locale`]) and time zones by their IANA names: what
//! a user or a contest may choose, shared by the web (`web::i18n`, which holds the catalogs), the
//! service and the command line.

use fluent_templates::LanguageIdentifier;
use jiff::tz::TimeZone;
use std::sync::OnceLock;

/// A language the pages are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Locale {
    #[serde(rename = "en")]
    En,
    #[serde(rename = "zh-CN")]
    ZhCn,
    #[serde(rename = "ro")]
    Ro,
    #[serde(rename = "bg")]
    Bg,
    #[serde(rename = "fi")]
    Fi,
    /// English with every message wrapped in `⟦…⟧`: not offered, but chosen by its tag.
    #[serde(rename = "en-XA")]
    Pseudo,
}

impl Locale {
    /// The languages offered to readers, in the order the switch lists them.
    pub const OFFERED: [Locale; 5] = [Locale::En, Locale::ZhCn, Locale::Ro, Locale::Bg, Locale::Fi];

    /// Its language tag (BCP 47), as in `lang=` and the catalogs' directories.
    pub fn tag(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::ZhCn => "zh-CN",
            Locale::Ro => "ro",
            Locale::Bg => "bg",
            Locale::Fi => "fi",
            Locale::Pseudo => "en-XA",
        }
    }

    /// Its name in itself, as the switch shows it.
    pub fn native_name(self) -> &'static str {
        match self {
            Locale::En => "English",
            Locale::ZhCn => "简体中文",
            Locale::Ro => "Română",
            Locale::Bg => "Български",
            Locale::Fi => "Suomi",
            Locale::Pseudo => "Pseudo",
        }
    }

    /// The locale a tag names: exactly (`en-XA`), else by its primary language (`zh-Hans-CN`,
    /// `zh` → zh-CN; `ro-RO` → ro), case-insensitive.
    pub fn from_tag(tag: &str) -> Option<Locale> {
        let tag = tag.trim();
        if tag.eq_ignore_ascii_case("en-XA") {
            return Some(Locale::Pseudo);
        }
        let primary = tag.split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Locale::En),
            "zh" => Some(Locale::ZhCn),
            "ro" => Some(Locale::Ro),
            "bg" => Some(Locale::Bg),
            "fi" => Some(Locale::Fi),
            _ => None,
        }
    }

    /// The best offered locale of an `Accept-Language` header, by its quality values (`q=0`
    /// refuses a language); none when it names none of ours.
    pub fn from_accept_language(header: &str) -> Option<Locale> {
        let mut wanted: Vec<(f32, usize, Locale)> = header
            .split(',')
            .enumerate()
            .filter_map(|(i, item)| {
                let mut parts = item.split(';');
                let locale = Locale::from_tag(parts.next()?)?;
                let q = parts
                    .find_map(|p| p.trim().strip_prefix("q=").map(|q| q.trim().parse::<f32>().unwrap_or(0.0)))
                    .unwrap_or(1.0);
                (q > 0.0).then_some((q, i, locale))
            })
            .collect();
        wanted.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        wanted.first().map(|w| w.2)
    }

    pub(crate) fn language_id(self) -> &'static LanguageIdentifier {
        static IDS: OnceLock<Vec<LanguageIdentifier>> = OnceLock::new();
        let ids = IDS.get_or_init(|| {
            Locale::OFFERED.iter().map(|l| l.tag().parse().expect("offered tags are valid")).collect()
        });
        let i = Locale::OFFERED.iter().position(|l| *l == self).unwrap_or(0);
        &ids[i]
    }

    /// How a date and time read in this language (a `strftime` pattern of `jiff`), the offset
    /// from UTC following.
    pub(crate) fn date_time_pattern(self) -> &'static str {
        match self {
            Locale::En | Locale::Pseudo => "%-d %b %Y, %H:%M",
            Locale::ZhCn => "%Y年%-m月%-d日 %H:%M",
            Locale::Ro => "%d.%m.%Y, %H:%M",
            Locale::Bg => "%d.%m.%Y, %H:%M",
            Locale::Fi => "%-d.%-m.%Y klo %H.%M",
        }
    }

    /// The decimal separator and the digit group separator of this language.
    pub(crate) fn number_marks(self) -> (char, char) {
        match self {
            Locale::En | Locale::ZhCn | Locale::Pseudo => ('.', ','),
            Locale::Ro => (',', '.'),
            // A narrow no-break space, as CLDR has it for both.
            Locale::Bg | Locale::Fi => (',', '\u{202f}'),
        }
    }
}

impl std::fmt::Display for Locale {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.tag())
    }
}

/// A time zone by its IANA name (`Europe/Bucharest`), or an error naming it.
pub fn time_zone_named(name: &str) -> Result<TimeZone, String> {
    jiff::tz::db().get(name.trim()).map_err(|_| format!("`{name}` is not a time zone of the IANA database"))
}

/// Every IANA time zone name the server knows, sorted (for the profile's list).
pub fn time_zone_names() -> Vec<String> {
    let mut names: Vec<String> = jiff::tz::db().available().map(|n| n.to_string()).collect();
    names.sort();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_best_offered_language() {
        assert_eq!(Locale::from_accept_language("zh-CN,zh;q=0.9,en;q=0.8"), Some(Locale::ZhCn));
        assert_eq!(Locale::from_accept_language("de-DE,ro;q=0.5,en;q=0.4"), Some(Locale::Ro));
        assert_eq!(Locale::from_accept_language("en;q=0.2, fi"), Some(Locale::Fi));
        assert_eq!(Locale::from_accept_language("bg;q=0, de"), None);
        assert_eq!(Locale::from_accept_language("zh-Hant-TW"), Some(Locale::ZhCn));
        assert_eq!(Locale::from_accept_language("en-XA"), Some(Locale::Pseudo));
    }

    #[test]
    fn time_zones_are_iana_names() {
        assert!(time_zone_named("Asia/Shanghai").is_ok());
        assert!(time_zone_named("Mars/Olympus").is_err());
        assert!(time_zone_names().iter().any(|n| n == "Europe/Helsinki"));
    }
}
