//! Why a contest form's field (or a setting of `PATCH /api/contests/{slug}/settings`) is refused,
//! in the reader's language: the typed reasons of `db::contests::FieldProblem` and of the game's
//! own checks (`games::settings::SettingError`), each a message of `locales/*/admin.ftl`. The
//! field's name and the values quoted stay as they were written.

use crate::db::contests::{FieldError, FieldProblem};
use crate::games::settings::{SettingError, Side, ValueProblem};
use crate::tr;

/// `field: why`, in the reader's language.
pub fn field_error(e: &FieldError) -> String {
    tr!("admin-field-error", field = e.field.as_str(), problem = problem(&e.problem))
}

/// What is wrong with a field, in the reader's language.
pub fn problem(p: &FieldProblem) -> String {
    use FieldProblem as P;
    match p {
        P::Slug => tr!("admin-field-slug"),
        P::SlugTaken => tr!("admin-new-slug-taken"),
        P::UnknownGame { name, valid } => {
            tr!("admin-field-unknown-game", name = name.as_str(), valid = valid.as_str())
        }
        P::TitleTooLong(max) => tr!("admin-field-title-long", max = *max),
        P::NotKeyValue(text) => tr!("admin-field-not-key-value", text = text.as_str()),
        P::NoLanguage => tr!("admin-field-no-language"),
        P::UnknownLanguages { unknown, configured } => {
            tr!("admin-field-unknown-languages", unknown = unknown.as_str(), configured = configured.as_str())
        }
        P::UnknownFactorLanguage { language, configured } => tr!(
            "admin-field-unknown-factor-language",
            language = language.as_str(),
            configured = configured.as_str()
        ),
        P::NoneConfigured => tr!("admin-field-none-configured"),
        P::HouseBot { name, valid } => {
            tr!("admin-field-house-bot", name = name.as_str(), valid = valid.as_str())
        }
        P::Share(v) => tr!("admin-field-share", value = v.as_str()),
        P::TimeFactor(v) => tr!("admin-field-time-factor", value = v.as_str()),
        P::Format(v) => tr!("admin-field-format", value = v.as_str()),
        P::Count { value, max } => tr!("admin-field-count", value = value.as_str(), max = *max),
        P::TimeZone(v) => tr!("admin-field-time-zone", value = v.as_str()),
        P::Language(v) => tr!("admin-field-language", value = v.as_str()),
        P::PracticeOpponent(v) => tr!("admin-field-practice-opponent", name = v.as_str()),
        P::Seconds(v) => tr!("admin-field-seconds", value = v.as_str()),
        P::Deadline(v) => tr!("admin-field-deadline", value = v.as_str()),
        P::Setting(e) => setting_error(e),
    }
}

/// A game setting refused by the game's check, in the reader's language.
pub fn setting_error(e: &SettingError) -> String {
    match e {
        SettingError::Unknown { game, name, valid } => tr!(
            "admin-field-unknown-setting",
            name = name.as_str(),
            game = game.as_str(),
            valid = valid.as_str()
        ),
        SettingError::BadValue { name, value, why } => tr!(
            "admin-field-bad-value",
            name = name.as_str(),
            value = value.as_str(),
            why = value_problem(name, why)
        ),
        SettingError::NotKeyValue(text) => tr!("admin-field-not-key-value", text = text.as_str()),
    }
}

/// Why the value of setting `name` is refused, in the reader's language.
fn value_problem(name: &str, why: &ValueProblem) -> String {
    use ValueProblem as V;
    match why {
        V::NotWholeNumber => tr!("admin-value-not-whole"),
        // The one range with a reason of its own: connect4's columns (see `games::settings`).
        V::OutOfRange { min, max, because: Some(_) } if name == "cols" => {
            tr!("admin-value-range-cols", min = *min, max = *max)
        }
        V::OutOfRange { min, max, .. } => tr!("admin-value-range", min = *min, max = *max),
        V::BoardForm { form } => tr!("admin-value-board-form", form = *form),
        V::BoardNumbers { form } => tr!("admin-value-board-numbers", form = *form),
        V::SideOutOfRange { side: Side::Width, min, max } => tr!("admin-value-width", min = *min, max = *max),
        V::SideOutOfRange { side: Side::Height, min, max } => {
            tr!("admin-value-height", min = *min, max = *max)
        }
        V::SidesEven => tr!("admin-value-even"),
        V::TickOutOfRange { min, max } => tr!("admin-value-tick", min = *min, max = *max),
        V::FactorName => tr!("admin-value-factor-name"),
        V::Factor => tr!("admin-value-factor"),
    }
}
