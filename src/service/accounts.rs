//! Accounts: importing a class roster (shared by the admin page and `botarena users import`),
//! which usernames and display names are accepted, a user's own password change, an admin's
//! password reset, and disabling and re-enabling an account (each shared by the admin pages and
//! `botarena users`).

use crate::db::audit;
use crate::db::ids::UserId;
use crate::db::tokens;
use crate::db::users::{self, Role};
use crate::service::password;
use sqlx::PgPool;

/// The outcome of a roster import.
#[derive(Debug, Default)]
pub struct ImportReport {
    pub created: Vec<String>,
    pub existing: Vec<String>,
    /// Line number and what is wrong with it.
    pub errors: Vec<(usize, LineProblem)>,
}

/// Why a line of a roster is refused. `Display` is the English of `botarena users import`; the
/// admin page words each in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineProblem {
    #[error("a quote is not closed")]
    QuoteNotClosed,
    #[error("a field could not be read")]
    Unreadable,
    /// The username, or the display name given with it, is refused.
    #[error("`{username}`: {problem}")]
    Name { username: String, problem: NameProblem },
    #[error("expected `username` or `username,display name`")]
    TooManyFields,
    #[error("`{username}` looks like the name of the account `{other}` (a student could pass for another)")]
    LooksLike { username: String, other: String },
}

/// Why a username or a display name is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameProblem {
    #[error("a username has 1 to 64 characters")]
    UsernameLength,
    #[error("a username may hold letters, digits and . _ - @ only")]
    UsernameChars,
    /// A name kept for the platform (or like one).
    #[error("{0}")]
    Reserved(users::Reserved),
    #[error("a display name has at most 200 characters")]
    DisplayLength,
    #[error("a display name may not hold control characters")]
    DisplayControl,
}

/// Splits one CSV line into trimmed fields (double quotes for fields holding commas, `""` for a
/// quote). The csv crate reads the fields; the one leniency it lacks is kept here: an opening
/// quote may follow spaces (`s1, "Lovelace, Ada"`). A line is one record, so a quote left open
/// is an error of that line, not a field running into the next lines.
fn csv_fields(line: &str) -> Result<Vec<String>, LineProblem> {
    use csv_core::{ReadFieldResult, ReaderBuilder, Terminator};
    // Only `\n` ends the record (a stray `\r` stays text); the line has none but the one added
    // here, so a record that does not end by it has a quote that is not closed.
    let mut reader = ReaderBuilder::new().terminator(Terminator::Any(b'\n')).build();
    let input = format!("{line}\n");
    // Unquoting only shortens a field, so this always has room.
    let mut field = vec![0u8; input.len()];
    let mut rest = input.as_str();
    let mut fields = Vec::new();
    loop {
        let blank = rest.len() - rest.trim_start().len();
        if rest[blank..].starts_with('"') {
            rest = &rest[blank..];
        }
        let (result, read, written) = reader.read_field(rest.as_bytes(), &mut field);
        rest = &rest[read..];
        match result {
            ReadFieldResult::Field { record_end } => {
                // Fields end at ASCII bytes, so each is whole UTF-8.
                fields.push(String::from_utf8_lossy(&field[..written]).trim().to_string());
                if record_end {
                    return Ok(fields);
                }
            }
            ReadFieldResult::InputEmpty | ReadFieldResult::End => return Err(LineProblem::QuoteNotClosed),
            ReadFieldResult::OutputFull => return Err(LineProblem::Unreadable),
        }
    }
}

/// Why a username is refused, if it is.
pub fn username_problem(name: &str) -> Option<NameProblem> {
    if name.is_empty() || name.len() > 64 {
        Some(NameProblem::UsernameLength)
    } else if !name.chars().all(|c| c.is_ascii_alphanumeric() || "._-@".contains(c)) {
        Some(NameProblem::UsernameChars)
    } else {
        None
    }
}

/// Why a display name is refused, if it is.
fn display_name_problem(name: &str) -> Option<NameProblem> {
    if name.chars().count() > 200 {
        Some(NameProblem::DisplayLength)
    } else if name.chars().any(char::is_control) {
        Some(NameProblem::DisplayControl)
    } else {
        None
    }
}

/// Imports `username[,display name]` lines: the initial password is the username, to be changed
/// at first login. Existing usernames are left alone. A first line `username,...` is a header.
/// Audited (the accounts created) as `actor`'s (`None`: the command line).
pub async fn import_roster(pool: &PgPool, actor: Option<UserId>, text: &str) -> anyhow::Result<ImportReport> {
    let report = import_lines(pool, text).await?;
    audit::record(
        &mut *pool.acquire().await?,
        actor,
        "users.import",
        "users",
        None,
        Some(serde_json::json!({"created": report.created})),
    )
    .await?;
    Ok(report)
}

/// The import of [`import_roster`], line by line.
async fn import_lines(pool: &PgPool, text: &str) -> anyhow::Result<ImportReport> {
    let mut report = ImportReport::default();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim().trim_start_matches('\u{feff}');
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields = match csv_fields(line) {
            Ok(f) => f,
            Err(e) => {
                report.errors.push((i + 1, e));
                continue;
            }
        };
        let username = fields[0].as_str();
        if i == 0 && username.eq_ignore_ascii_case("username") {
            continue;
        }
        let name_problem = username_problem(username)
            .or_else(|| users::reserved_problem(username).map(NameProblem::Reserved));
        if let Some(problem) = name_problem {
            report.errors.push((i + 1, LineProblem::Name { username: username.to_string(), problem }));
            continue;
        }
        if fields.len() > 2 {
            report.errors.push((i + 1, LineProblem::TooManyFields));
            continue;
        }
        let display = fields.get(1).map(String::as_str).filter(|d| !d.is_empty());
        if let Some(problem) = display.and_then(display_name_problem) {
            report.errors.push((i + 1, LineProblem::Name { username: username.to_string(), problem }));
            continue;
        }
        let hash = password::hash(username.to_string()).await?;
        match users::create(&mut *pool.acquire().await?, username, display, &hash, Role::Student, true)
            .await?
        {
            users::Created::New(_) => report.created.push(username.to_string()),
            users::Created::Exists => report.existing.push(username.to_string()),
            users::Created::LooksLike(other) => {
                report.errors.push((i + 1, LineProblem::LooksLike { username: username.to_string(), other }))
            }
        }
    }
    Ok(report)
}

/// Resets a forgotten password to the username, as at import: the user must choose a new one
/// (and may keep their nickname) at the next login. Their open sessions end and their login
/// throttle is lifted; audited as `actor`'s (`None`: the command line). `false` when there is
/// no such user.
pub async fn reset_password(pool: &PgPool, actor: Option<UserId>, username: &str) -> anyhow::Result<bool> {
    let Some((user, _)) = users::for_login(&mut *pool.acquire().await?, username).await? else {
        return Ok(false);
    };
    // Hashed before the transaction, so no connection waits for a hashing slot.
    let hash = password::hash(user.username.clone()).await?;
    let mut tx = pool.begin().await?;
    users::set_password(&mut tx, user.id, &hash, true).await?;
    users::end_sessions(&mut tx, user.id).await?;
    users::clear_login_failures(&mut tx, &user.username).await?;
    audit::record(&mut tx, actor, "users.reset_password", &audit_target(&user.username), None, None).await?;
    tx.commit().await?;
    Ok(true)
}

/// A user's own change of their password (already checked and hashed): every other session of the
/// account ends at once, and, if asked, every API token of the account is revoked. Returns the
/// account's new session generation, which the session that asked takes on to stay open.
pub async fn change_password(
    pool: &PgPool,
    user: UserId,
    hash: &str,
    revoke_tokens: bool,
) -> anyhow::Result<PasswordChanged> {
    let mut tx = pool.begin().await?;
    users::set_password(&mut tx, user, hash, false).await?;
    let generation = users::end_sessions(&mut tx, user).await?;
    let revoked_tokens = if revoke_tokens { tokens::revoke_all(&mut tx, user).await? } else { 0 };
    tx.commit().await?;
    Ok(PasswordChanged { generation, revoked_tokens })
}

/// A user's first login: their nickname and their own password (already checked and hashed)
/// in one transaction, which ends every other session of the account. The account's new
/// session generation, or `None` when the nickname is taken (nothing is changed then).
pub async fn first_login(
    pool: &PgPool,
    user: UserId,
    nickname: &str,
    hash: &str,
) -> anyhow::Result<Option<i32>> {
    let mut tx = pool.begin().await?;
    if !users::set_nickname(&mut tx, user, nickname).await? {
        return Ok(None);
    }
    users::set_password(&mut tx, user, hash, false).await?;
    let generation = users::end_sessions(&mut tx, user).await?;
    tx.commit().await?;
    Ok(Some(generation))
}

/// Changes a user's nickname (already cleaned); `false` when another account has it or one that
/// looks the same.
pub async fn set_nickname(pool: &PgPool, user: UserId, nickname: &str) -> anyhow::Result<bool> {
    Ok(users::set_nickname(&mut *pool.acquire().await?, user, nickname).await?)
}

/// Sets a user's own language and time zone, each `None` for no choice of their own (the
/// browser's language, the contest's time zone). Both are checked: a language of
/// [`Locale::OFFERED`](crate::locale::Locale) by its exact tag, a time zone of the IANA database.
pub async fn set_preferences(
    pool: &PgPool,
    user: UserId,
    locale: Option<&str>,
    time_zone: Option<&str>,
) -> Result<(), PreferenceError> {
    let locale = locale.map(offered_locale).transpose()?;
    let time_zone = time_zone.map(str::trim).filter(|z| !z.is_empty());
    if let Some(z) = time_zone {
        crate::locale::time_zone_named(z).map_err(|_| PreferenceError::TimeZone(z.to_string()))?;
    }
    let mut conn = pool.acquire().await.map_err(anyhow::Error::from)?;
    users::set_preferences(&mut conn, user, locale, time_zone).await.map_err(anyhow::Error::from)?;
    Ok(())
}

/// Sets a user's own language only (the footer's switch), keeping their time zone.
pub async fn set_locale(pool: &PgPool, user: UserId, locale: &str) -> Result<(), PreferenceError> {
    let locale = offered_locale(locale)?;
    let mut conn = pool.acquire().await.map_err(anyhow::Error::from)?;
    users::set_locale(&mut conn, user, locale).await.map_err(anyhow::Error::from)?;
    Ok(())
}

fn offered_locale(tag: &str) -> Result<&'static str, PreferenceError> {
    crate::locale::Locale::OFFERED
        .iter()
        .find(|l| l.tag() == tag)
        .map(|l| l.tag())
        .ok_or_else(|| PreferenceError::Locale(tag.to_string()))
}

/// Why [`set_preferences`] refused.
#[derive(Debug, thiserror::Error)]
pub enum PreferenceError {
    #[error("`{0}` is not one of the languages offered (en, zh-CN, ro, bg, fi)")]
    Locale(String),
    #[error("`{0}` is not a time zone of the IANA database")]
    TimeZone(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// What [`change_password`] did.
#[derive(Debug, Clone, Copy)]
pub struct PasswordChanged {
    /// The account's session generation from now on.
    pub generation: i32,
    pub revoked_tokens: u64,
}

/// The audit log target of what is done to an account.
pub fn audit_target(username: &str) -> String {
    format!("user:{username}")
}

/// What disabling or re-enabling an account did.
#[derive(Debug, PartialEq, Eq)]
pub enum Switched {
    NoSuchUser,
    /// It was so already: nothing changed (nor was audited).
    Already,
    Done,
}

/// Disables an account (its sessions end, its API tokens are revoked — enabling it again does not
/// bring them back —, its data stays: its submissions keep their place in the standings) or
/// enables it again; audited as `actor`'s (`None`: the command line).
pub async fn set_disabled(
    pool: &PgPool,
    actor: Option<UserId>,
    username: &str,
    disabled: bool,
) -> anyhow::Result<Switched> {
    let mut tx = pool.begin().await?;
    let Some((id, was_disabled)) = users::set_disabled(&mut tx, username, disabled).await? else {
        return Ok(Switched::NoSuchUser);
    };
    if was_disabled == disabled {
        return Ok(Switched::Already);
    }
    if disabled {
        users::end_sessions(&mut tx, id).await?;
        tokens::revoke_all(&mut tx, id).await?;
    }
    let action = if disabled { "users.disable" } else { "users.enable" };
    let value = |d: bool| Some(serde_json::json!({ "disabled": d }));
    audit::record(&mut tx, actor, action, &audit_target(username), value(was_disabled), value(disabled))
        .await?;
    tx.commit().await?;
    Ok(Switched::Done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_may_be_quoted_to_hold_commas_and_quotes() {
        assert_eq!(csv_fields("s1, Ada Lovelace").unwrap(), ["s1", "Ada Lovelace"]);
        assert_eq!(
            csv_fields(r#"s2,"Hopper, Grace ""Amazing""""#).unwrap(),
            ["s2", r#"Hopper, Grace "Amazing""#]
        );
        assert!(csv_fields(r#"s3,"open"#).is_err());
        // The leniencies of the hand-written reader the csv crate replaced.
        assert_eq!(csv_fields(r#"s4,  "Lovelace, Ada" "#).unwrap(), ["s4", "Lovelace, Ada"]);
        assert_eq!(csv_fields(r#" "s5" ,Ada"#).unwrap(), ["s5", "Ada"]);
        assert_eq!(csv_fields(r#"s6,"Hop"per"#).unwrap(), ["s6", "Hopper"]);
        assert_eq!(csv_fields(r#"s7,Ada "the" first"#).unwrap(), ["s7", r#"Ada "the" first"#]);
        assert_eq!(csv_fields("s8,a\rb,").unwrap(), ["s8", "a\rb", ""]);
        assert_eq!(csv_fields("s9,\u{a0}\"Zoë, Ünal\"").unwrap(), ["s9", "Zoë, Ünal"]);
        assert!(csv_fields(r#"s10,"a"""#).is_err());
        assert_eq!(csv_fields(r#"s11,"a""""#).unwrap(), ["s11", r#"a""#]);
    }

    #[test]
    fn usernames_are_plain_ids() {
        assert!(username_problem("s1234567").is_none());
        assert!(username_problem("a.b-c_d@x").is_none());
        assert!(username_problem("").is_some());
        assert!(username_problem("two words").is_some());
        assert!(username_problem("<script>").is_some());
        assert!(display_name_problem("Ada Lovelace").is_none());
        assert!(display_name_problem("Ada\0").is_some());
        assert!(display_name_problem(&"x".repeat(201)).is_some());
    }
}
