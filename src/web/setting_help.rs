//! What each contest setting does, in the reader's language: shared by the admin's settings and new-contest pages.

use crate::games::{settings, GameId};
use crate::tr;

/// What a setting does, in the reader's language: the message the rules page explains it with
/// (`setting-<name>`, or the game's own `setting-<name>-<game>` where the game uses it
/// differently; `locales/*/rules.ftl`), the platform's settings that only admins set from
/// `locales/*/settings.ftl`. A setting no catalog explains keeps the English help of
/// `games::settings` or [`crate::db::contests::LIMITS`].
pub fn setting_help(game: Option<GameId>, name: &str) -> String {
    use GameId::*;
    let key = match (name, game) {
        ("start_ms", Some(g @ (OneTwoThree | Tron | Connect4))) => format!("setting-start_ms-{g}"),
        ("move_ms", Some(g @ (OneTwoThree | Tron))) => format!("setting-move_ms-{g}"),
        ("bank_ms", Some(Tron)) => "setting-bank_ms-tron".into(),
        ("games", Some(g)) if !settings::Settings::defaults(g).boards().is_empty() => {
            "setting-games-boards".into()
        }
        ("boards", Some(g @ (OneTwoThree | Tron))) => format!("setting-boards-{g}"),
        // The rules page's sentence is about the contest's factors; here the setting is explained.
        ("time_factor", _) => "admin-setting-time_factor".into(),
        _ => format!("setting-{name}"),
    };
    let text = tr!(&key);
    if text != key {
        return text;
    }
    let english = game
        .and_then(|g| settings::defs(g).into_iter().find(|d| d.name == name).map(|d| d.help.to_string()))
        .or_else(|| crate::db::contests::LIMITS.iter().find(|(n, _)| *n == name).map(|(_, h)| h.to_string()));
    english.unwrap_or(text)
}
