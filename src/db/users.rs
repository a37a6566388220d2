//! Accounts and failed-login bookkeeping.

use serde::Serialize;
use sqlx::PgConnection;
use time::OffsetDateTime;

use super::ids::UserId;

#[derive(sqlx::Type, Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[sqlx(type_name = "user_role", rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Student,
    Admin,
}

#[derive(Clone, Debug)]
pub struct User {
    pub id: UserId,
    pub username: String,
    pub display_name: Option<String>,
    pub nickname: Option<String>,
    pub role: Role,
    pub must_change_password: bool,
    /// Disabled by an admin: no login, no session, no API token (its data stays).
    pub disabled: bool,
    /// Sessions opened under another generation are over (see [`end_sessions`]).
    pub session_generation: i32,
}

impl User {
    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }

    /// The name shown to others: the nickname, else the username.
    pub fn shown_name(&self) -> &str {
        self.nickname.as_deref().unwrap_or(&self.username)
    }
}

pub async fn by_id(conn: &mut PgConnection, id: UserId) -> sqlx::Result<Option<User>> {
    sqlx::query_as!(
        User,
        r#"select id as "id: UserId", username, display_name, nickname, role as "role: Role", must_change_password,
                  disabled_at is not null as "disabled!", session_generation
           from users where id = $1"#,
        id as UserId
    )
    .fetch_optional(conn)
    .await
}

/// The user and their password hash, for logging in (house-bot accounts never log in).
pub async fn for_login(conn: &mut PgConnection, username: &str) -> sqlx::Result<Option<(User, String)>> {
    let row = sqlx::query!(
        r#"select id as "id: UserId", username, display_name, nickname, role as "role: Role", must_change_password,
                  disabled_at is not null as "disabled!", session_generation, password_hash
           from users where username = $1 and not is_house"#,
        username
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| {
        (
            User {
                id: r.id,
                username: r.username,
                display_name: r.display_name,
                nickname: r.nickname,
                role: r.role,
                must_change_password: r.must_change_password,
                disabled: r.disabled,
                session_generation: r.session_generation,
            },
            r.password_hash,
        )
    }))
}

/// Creates an account; `Ok(None)` when the username is taken.
pub async fn create(
    conn: &mut PgConnection,
    username: &str,
    display_name: Option<&str>,
    password_hash: &str,
    role: Role,
    must_change_password: bool,
) -> sqlx::Result<Option<UserId>> {
    sqlx::query_scalar!(
        r#"insert into users (username, display_name, password_hash, role, must_change_password)
           values ($1, $2, $3, $4, $5)
           on conflict (username) do nothing
           returning id as "id: UserId""#,
        username,
        display_name,
        password_hash,
        role as Role,
        must_change_password
    )
    .fetch_optional(conn)
    .await
}

pub async fn set_password(
    conn: &mut PgConnection,
    id: UserId,
    hash: &str,
    must_change: bool,
) -> sqlx::Result<()> {
    sqlx::query!(
        "update users set password_hash = $2, must_change_password = $3 where id = $1",
        id as UserId,
        hash,
        must_change
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets the nickname (already checked with [`clean_nickname`]) and its [`nickname_fold`];
/// `Ok(false)` when another user has it, or one that looks the same.
pub async fn set_nickname(conn: &mut PgConnection, id: UserId, nickname: &str) -> sqlx::Result<bool> {
    let fold = nickname_fold(nickname);
    let res = sqlx::query!(
        "update users set nickname = $2, nickname_fold = $3 where id = $1",
        id as UserId,
        nickname,
        fold
    )
    .execute(conn)
    .await;
    match res {
        Ok(_) => Ok(true),
        Err(e)
            if super::is_unique_violation(&e, "users_nickname_key")
                || super::is_unique_violation(&e, "users_nickname_fold_key") =>
        {
            Ok(false)
        }
        Err(e) => Err(e),
    }
}

/// The form of a nickname under which uniqueness is checked: the confusable skeleton of Unicode
/// TR39 (which maps `а` (Cyrillic) and `a`, `I` and `l`, `rn` and `m` alike and drops invisible
/// characters), lower-cased and folded again, so `Alice`, `alice` and `аlice` are one name.
pub fn nickname_fold(nickname: &str) -> String {
    let skeleton: String = unicode_security::skeleton(nickname).collect();
    unicode_security::skeleton(&skeleton.to_lowercase()).collect()
}

/// A nickname as it is stored (NFKC: full-width, ligature and other compatibility forms become
/// their plain letters), or why it is refused: 2 to 32 characters, no control, format or
/// invisible characters (zero-width spaces, bidi overrides, fillers), no space but the plain one
/// and none at either end, no pile of combining marks, nothing the house bots' `house:` names
/// could be confused with.
pub fn clean_nickname(nick: &str) -> Result<String, &'static str> {
    use unicode_normalization::UnicodeNormalization;
    use unicode_properties::{GeneralCategory as G, UnicodeGeneralCategory};
    use unicode_security::general_security_profile::{GeneralSecurityProfile, IdentifierType};
    let nick: String = nick.nfkc().collect();
    let n = nick.chars().count();
    if !(2..=32).contains(&n) {
        return Err("Use 2 to 32 characters.");
    }
    let invisible = |c: char| {
        matches!(
            c.general_category(),
            G::Control
                | G::Format
                | G::PrivateUse
                | G::Surrogate
                | G::Unassigned
                | G::LineSeparator
                | G::ParagraphSeparator
        ) || (c.general_category() == G::SpaceSeparator && c != ' ')
            || c.identifier_type() == Some(IdentifierType::Default_Ignorable)
    };
    if nick.chars().any(invisible) {
        return Err("No control, format or invisible characters (such as zero-width spaces or direction marks), and no spaces other than the plain one.");
    }
    if nick.trim() != nick {
        return Err("No spaces at either end.");
    }
    let mark =
        |c: char| matches!(c.general_category(), G::NonspacingMark | G::EnclosingMark | G::SpacingMark);
    let mut run = 0;
    for (i, c) in nick.chars().enumerate() {
        run = if mark(c) { run + 1 } else { 0 };
        if (i == 0 && run > 0) || run > 3 {
            return Err("No combining marks on their own or piled up.");
        }
    }
    if nickname_fold(&nick).starts_with(&nickname_fold("house:")) {
        return Err("Names starting with `house:` are the house bots'.");
    }
    Ok(nick)
}

/// Fills the fold of nicknames set before folds existed (the migration that added them cannot
/// compute them). Where two existing nicknames fold alike, the older account keeps the fold and
/// the other is left without one and reported, rather than renamed behind its owner's back; every
/// new nickname is then checked against both.
pub async fn fill_nickname_folds(conn: &mut PgConnection) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query!(
        r#"select id, nickname as "nickname!" from users
           where nickname is not null and nickname_fold is null order by id"#
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut clashes = Vec::new();
    for r in rows {
        let fold = nickname_fold(&r.nickname);
        let done = sqlx::query!(
            "update users set nickname_fold = $2
             where id = $1 and not exists (select 1 from users where nickname_fold = $2)",
            r.id,
            fold
        )
        .execute(&mut *conn)
        .await?;
        if done.rows_affected() == 0 {
            clashes.push(r.nickname);
        }
    }
    Ok(clashes)
}

#[cfg(test)]
mod nickname_tests {
    use super::*;

    #[test]
    fn lookalike_nicknames_fold_to_one_key() {
        let fold = |s: &str| nickname_fold(&clean_nickname(s).unwrap_or_else(|_| s.to_string()));
        for twin in ["аlice", "Alice", "AIice", "alice\u{200B}", "ａｌｉｃｅ", "ɑlice"] {
            assert_eq!(fold(twin), fold("alice"), "{twin}");
        }
        assert_eq!(fold("ALICE"), fold("ALlCE"));
        assert_eq!(fold("rnike"), fold("mike"));
        assert_ne!(fold("bob"), fold("alice"));
    }

    #[test]
    fn nicknames_are_nfkc_and_refuse_invisible_and_format_characters() {
        assert_eq!(clean_nickname("ｆｕｌｌ").unwrap(), "full");
        assert_eq!(clean_nickname("ﬁsh").unwrap(), "fish");
        assert_eq!(clean_nickname("Ada Lovelace").unwrap(), "Ada Lovelace");
        assert_eq!(clean_nickname("Łukasz 李").unwrap(), "Łukasz 李");
        for bad in [
            "alice\u{200B}",
            "\u{202E}ecila",
            "al\u{2066}ice",
            "a\u{00AD}b",
            "ab\u{3164}",
            "a\u{115F}b",
            "ab\u{FE0F}",
            "a\tb",
            "a\u{0}b",
            " alice",
            "a\u{2028}b",
            "\u{0301}ab",
            "a\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}",
            "x",
            "house:random",
            "hоuse:level1",
        ] {
            assert!(clean_nickname(bad).is_err(), "{bad:?} was accepted");
        }
    }
}

/// Failed logins are forgotten after this long without another from the same address.
pub const FORGET_FAILURES_AFTER: &str = "1 hour";

/// Recent failed logins seen from one client address.
#[derive(Clone, Copy, Debug, Default)]
pub struct LoginFailures {
    /// From this address, any username.
    pub address: i64,
    pub address_last: Option<OffsetDateTime>,
    /// From this address, for this username.
    pub username: i64,
    pub username_last: Option<OffsetDateTime>,
}

/// The failed logins of the last hour from `address`, in all and for `username`.
pub async fn login_failures(
    conn: &mut PgConnection,
    address: &str,
    username: &str,
) -> sqlx::Result<LoginFailures> {
    let r = sqlx::query!(
        r#"select coalesce(sum(failures), 0)::bigint as "address!",
                  max(last_failure_at) as address_last,
                  coalesce(sum(failures) filter (where username = $2), 0)::bigint as "username!",
                  max(last_failure_at) filter (where username = $2) as username_last
           from login_failures_by_address
           where address = $1 and last_failure_at > now() - $3::text::interval"#,
        address,
        username,
        FORGET_FAILURES_AFTER
    )
    .fetch_one(conn)
    .await?;
    Ok(LoginFailures {
        address: r.address,
        address_last: r.address_last,
        username: r.username,
        username_last: r.username_last,
    })
}

/// Makes the login attempts from `address` wait for each other until the transaction ends: the
/// throttle reads the address's failures and counts the new attempt as one step (see
/// `service::login`). A transaction-scoped advisory lock on the pair (class, hash of the address);
/// the two-key space does not meet the one-key locks of `db::games`.
pub async fn lock_login_address(conn: &mut PgConnection, address: &str) -> sqlx::Result<()> {
    sqlx::query!("select pg_advisory_xact_lock($1, hashtext($2))", LOGIN_LOCK_CLASS, address)
        .execute(conn)
        .await?;
    Ok(())
}

/// The first key of [`lock_login_address`]'s advisory locks ("lgn").
const LOGIN_LOCK_CLASS: i32 = 0x006c_676e;

/// Takes back one failure of `username` from `address`, counted for an attempt whose password was
/// never checked (the server was too busy to hash it).
pub async fn uncount_login_failure(
    conn: &mut PgConnection,
    address: &str,
    username: &str,
) -> sqlx::Result<()> {
    sqlx::query!(
        "update login_failures_by_address set failures = failures - 1
         where address = $1 and username = $2 and failures > 0",
        address,
        username
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Counts a failed login of `username` from `address` (starting again after a quiet hour).
pub async fn record_login_failure(
    conn: &mut PgConnection,
    address: &str,
    username: &str,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into login_failures_by_address (address, username, failures) values ($1, $2, 1)
         on conflict (address, username) do update
         set failures = case when login_failures_by_address.last_failure_at > now() - $3::text::interval
                             then login_failures_by_address.failures + 1 else 1 end,
             last_failure_at = now()",
        address,
        username,
        FORGET_FAILURES_AFTER
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Forgets the failed logins of `username` from `address` (after it logged in from there).
pub async fn clear_login_failures_from(
    conn: &mut PgConnection,
    address: &str,
    username: &str,
) -> sqlx::Result<()> {
    sqlx::query!(
        "delete from login_failures_by_address where address = $1 and username = $2",
        address,
        username
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Forgets every failed login of `username`, from anywhere (an admin reset its password).
pub async fn clear_login_failures(conn: &mut PgConnection, username: &str) -> sqlx::Result<()> {
    sqlx::query!("delete from login_failures_by_address where username = $1", username).execute(conn).await?;
    Ok(())
}

/// Locks a user's row until the transaction ends, so that two requests of one user (e.g. two
/// submissions at once) run one after the other.
pub async fn lock(conn: &mut PgConnection, id: UserId) -> sqlx::Result<()> {
    sqlx::query!("select id from users where id = $1 for update", id as UserId).fetch_one(conn).await?;
    Ok(())
}

/// The name a user is shown by: the nickname, or the username when there is none.
pub async fn shown_name(conn: &mut PgConnection, id: UserId) -> sqlx::Result<String> {
    sqlx::query_scalar!(
        r#"select coalesce(nickname, username) as "n!" from users where id = $1"#,
        id as UserId
    )
    .fetch_one(conn)
    .await
}

/// The id of a person's account (house-bot accounts act for no person and are left out).
pub async fn person_id(conn: &mut PgConnection, username: &str) -> sqlx::Result<Option<UserId>> {
    sqlx::query_scalar!(
        r#"select id as "id: UserId" from users where username = $1 and not is_house"#,
        username
    )
    .fetch_optional(conn)
    .await
}

/// Makes an existing user an admin with a new password (no change at first login).
pub async fn promote_to_admin(
    conn: &mut PgConnection,
    username: &str,
    password_hash: &str,
) -> sqlx::Result<()> {
    sqlx::query!(
        "update users set role = 'admin', password_hash = $2, must_change_password = false where username = $1",
        username,
        password_hash
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Notes a successful login (shown on the admin's users page).
pub async fn note_login(conn: &mut PgConnection, id: UserId) -> sqlx::Result<()> {
    sqlx::query!("update users set last_login_at = now() where id = $1", id as UserId).execute(conn).await?;
    Ok(())
}

/// Ends every open session of the user: each remembers the generation it was opened under, and
/// every request compares it with the user's row (so no cached session outlives this). Returns
/// the new generation, which a session to be kept open takes on.
pub async fn end_sessions(conn: &mut PgConnection, id: UserId) -> sqlx::Result<i32> {
    sqlx::query_scalar!(
        "update users set session_generation = session_generation + 1 where id = $1 returning session_generation",
        id as UserId
    )
    .fetch_one(conn)
    .await
}

/// Disables or re-enables a person's account (house-bot accounts are left out); `None` when there
/// is no such user, else its id and whether it was disabled before.
pub async fn set_disabled(
    conn: &mut PgConnection,
    username: &str,
    disabled: bool,
) -> sqlx::Result<Option<(UserId, bool)>> {
    let row = sqlx::query!(
        r#"update users u set disabled_at = case when $2 then coalesce(before.disabled_at, now()) end
           from (select id, disabled_at from users where username = $1 and not is_house for update) before
           where u.id = before.id
           returning u.id as "id: UserId", before.disabled_at is not null as "was_disabled!""#,
        username,
        disabled
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| (r.id, r.was_disabled)))
}

/// How the users page orders its list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
pub enum UserOrder {
    #[default]
    Username,
    /// The latest login first, those who never logged in last.
    LastLogin,
    /// The most submissions first.
    Submissions,
}

/// A line of the admin's users page.
#[derive(Clone, Debug)]
pub struct Listed {
    pub username: String,
    pub display_name: Option<String>,
    pub nickname: Option<String>,
    pub role: Role,
    pub last_login_at: Option<OffsetDateTime>,
    pub disabled_at: Option<OffsetDateTime>,
    /// In every contest.
    pub submissions: i64,
    /// How many users the search finds in all (the same on every line).
    pub total: i64,
}

/// `text` as a `like` pattern that matches it anywhere, its `%`, `_` and `\` taken literally.
fn contains_pattern(text: &str) -> String {
    let escaped = text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}

/// The people's accounts whose username, display name or nickname contains `query` (any case),
/// only the disabled ones if asked, in `order`, `limit` from `offset`.
pub async fn search(
    conn: &mut PgConnection,
    query: &str,
    only_disabled: bool,
    order: UserOrder,
    limit: i64,
    offset: i64,
) -> sqlx::Result<Vec<Listed>> {
    let order: &str = order.into();
    sqlx::query_as!(
        Listed,
        r#"select u.username, u.display_name, u.nickname, u.role as "role: Role", u.last_login_at, u.disabled_at,
                  coalesce(s.n, 0) as "submissions!", count(*) over () as "total!"
           from users u
           left join (select user_id, count(*) as n from submissions group by user_id) s on s.user_id = u.id
           where not u.is_house
             and (u.username ilike $1 or u.display_name ilike $1 or u.nickname ilike $1)
             and (not $2 or u.disabled_at is not null)
           order by case when $3 = 'last_login' then u.last_login_at end desc nulls last,
                    case when $3 = 'submissions' then coalesce(s.n, 0) end desc,
                    u.username
           limit $4 offset $5"#,
        contains_pattern(query),
        only_disabled,
        order,
        limit,
        offset
    )
    .fetch_all(conn)
    .await
}

#[cfg(test)]
mod search_tests {
    #[test]
    fn a_search_matches_its_text_literally() {
        assert_eq!(super::contains_pattern("ada"), "%ada%");
        assert_eq!(super::contains_pattern(r"5%_a\b"), r"%5\%\_a\\b%");
    }
}
