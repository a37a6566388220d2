//! Accounts and failed-login bookkeeping.

use serde::Serialize;
use sqlx::{Connection, PgConnection};
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
    /// The language chosen on the profile (a tag of `web::i18n::Locale`), if any.
    pub locale: Option<String>,
    /// The time zone chosen on the profile (an IANA name), if any.
    pub time_zone: Option<String>,
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
                  disabled_at is not null as "disabled!", session_generation, locale, time_zone
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
                  disabled_at is not null as "disabled!", session_generation, locale, time_zone, password_hash
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
                locale: r.locale,
                time_zone: r.time_zone,
            },
            r.password_hash,
        )
    }))
}

/// Sets a user's own language and time zone (`None`: no choice of their own).
pub async fn set_preferences(
    conn: &mut PgConnection,
    id: UserId,
    locale: Option<&str>,
    time_zone: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query!(
        "update users set locale = $2, time_zone = $3 where id = $1",
        id as UserId,
        locale,
        time_zone
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets a user's own language only (the footer's switch).
pub async fn set_locale(conn: &mut PgConnection, id: UserId, locale: &str) -> sqlx::Result<()> {
    sqlx::query!("update users set locale = $2 where id = $1", id as UserId, locale).execute(conn).await?;
    Ok(())
}

/// What [`create`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Created {
    New(UserId),
    /// The username is taken (exactly).
    Exists,
    /// The username looks like this other account's username or nickname (see [`name_keys`]).
    LooksLike(String),
}

impl Created {
    /// The new account's id, if one was made.
    pub fn id(&self) -> Option<UserId> {
        match self {
            Created::New(id) => Some(*id),
            _ => None,
        }
    }
}

/// Creates an account and takes its name keys. An admin is given the nickname `staff: <username>`
/// at once, so that they are shown as staff wherever names are shown (and no student can take a
/// name like it: see [`reserved_problem`]).
pub async fn create(
    conn: &mut PgConnection,
    username: &str,
    display_name: Option<&str>,
    password_hash: &str,
    role: Role,
    must_change_password: bool,
) -> sqlx::Result<Created> {
    let mut tx = conn.begin().await?;
    let nickname = (role == Role::Admin).then(|| staff_nickname(username));
    let res = sqlx::query_scalar!(
        r#"insert into users (username, display_name, password_hash, role, must_change_password, nickname)
           values ($1, $2, $3, $4, $5, $6)
           on conflict (username) do nothing
           returning id as "id: UserId""#,
        username,
        display_name,
        password_hash,
        role as Role,
        must_change_password,
        nickname
    )
    .fetch_optional(&mut *tx)
    .await;
    let id = match res {
        Ok(Some(id)) => id,
        Ok(None) => return Ok(Created::Exists),
        Err(e) if super::is_unique_violation(&e, "users_nickname_key") => {
            return Ok(Created::LooksLike(nickname.unwrap_or_default()))
        }
        Err(e) => return Err(e),
    };
    let mut keys = name_keys(username);
    keys.extend(nickname.as_deref().map(name_keys).unwrap_or_default());
    take_keys(&mut tx, id, &keys).await?;
    if let Some(other) = keys_taken_by_other(&mut tx, id, &keys).await? {
        return Ok(Created::LooksLike(other));
    }
    tx.commit().await?;
    Ok(Created::New(id))
}

/// The nickname an admin is shown by.
pub fn staff_nickname(username: &str) -> String {
    format!("staff: {username}")
}

/// Takes the keys that no account holds yet for `id` (a key another account holds is left to it).
async fn take_keys(conn: &mut PgConnection, id: UserId, keys: &[String]) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into name_keys (key, user_id) select k, $2 from unnest($1::text[]) k on conflict (key) do nothing",
        keys,
        id as UserId
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The username of another account that holds one of `keys`, if any.
async fn keys_taken_by_other(
    conn: &mut PgConnection,
    id: UserId,
    keys: &[String],
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar!(
        "select u.username from name_keys k join users u on u.id = k.user_id
         where k.key = any($1) and k.user_id <> $2 order by u.id limit 1",
        keys,
        id as UserId
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

/// Sets the nickname (already checked with [`clean_nickname`]) and its [`name_keys`];
/// `Ok(false)` when another account has it, or a name (nickname or username) that looks the
/// same. In a transaction of its own (a savepoint within the caller's): the user's keys are taken
/// under the unique index of `name_keys`, so two people asking for look-alike names at once
/// cannot both get them.
pub async fn set_nickname(conn: &mut PgConnection, id: UserId, nickname: &str) -> sqlx::Result<bool> {
    let mut tx = conn.begin().await?;
    let username = sqlx::query_scalar!("select username from users where id = $1 for update", id as UserId)
        .fetch_one(&mut *tx)
        .await?;
    let res = sqlx::query!("update users set nickname = $2 where id = $1", id as UserId, nickname)
        .execute(&mut *tx)
        .await;
    match res {
        Ok(_) => {}
        Err(e) if super::is_unique_violation(&e, "users_nickname_key") => return Ok(false),
        Err(e) => return Err(e),
    }
    sqlx::query!("delete from name_keys where user_id = $1", id as UserId).execute(&mut *tx).await?;
    // The username's keys first, as they were (a key an older account held before keys existed
    // stays that account's: see [`fill_name_keys`]).
    take_keys(&mut tx, id, &name_keys(&username)).await?;
    let keys = name_keys(nickname);
    take_keys(&mut tx, id, &keys).await?;
    if keys_taken_by_other(&mut tx, id, &keys).await?.is_some() {
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}

/// The keys under which a name (a username or a nickname) is unique among all accounts: two names
/// sharing a key look alike. Each is a confusable skeleton of Unicode TR39 (UTS #39), which maps
/// `а` (Cyrillic) and `a`, `I` and `l`, `rn` and `m`, `0` and `O` alike and drops invisible
/// characters, taken of the NFKC form (full-width and other compatibility forms become plain
/// letters):
///
/// - of the case-folded form, so that `ALICE` is `alice` (folded first: a skeleton taken of the
///   capitals would turn the `I` into `l`, and `ALICE` into `allce`);
/// - and of the case-folded skeleton, so that `AIice` (capital I) is `Alice`, and so `alice`.
///
/// Case folding is `to_uppercase().to_lowercase()`, which folds `ß` into `ss` and a final `ς` into
/// `σ` as full case folding does. Each key is folded and skeletonized once more, until its letters
/// are what a skeleton makes of lower case.
pub fn name_keys(name: &str) -> Vec<String> {
    use unicode_normalization::UnicodeNormalization;
    let nfkc: String = name.nfkc().collect();
    let fold = |s: &str| s.to_uppercase().to_lowercase();
    let skeleton = |s: &str| unicode_security::skeleton(s).collect::<String>();
    let folded_first = skeleton(&fold(&skeleton(&fold(&nfkc))));
    let skeleton_first = skeleton(&fold(&skeleton(&nfkc)));
    let mut keys = vec![folded_first];
    if skeleton_first != keys[0] {
        keys.push(skeleton_first);
    }
    keys
}

/// Which names kept for the platform a name is (or looks like), see [`reserved_problem`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reserved {
    /// `admin`, `root`, `system`.
    Words,
    /// Starting with `house`: the house bots'.
    House,
    /// Starting with `staff`: the admins'.
    Staff,
}

impl Reserved {
    /// Why, in English (the command line's; the web has a message for each).
    pub fn sentence(self) -> &'static str {
        match self {
            Reserved::Words => "`admin`, `root` and `system` are reserved (nor may a name look like them).",
            Reserved::House => {
                "Names starting with `house` are the house bots' (nor may a name look like them)."
            }
            Reserved::Staff => "Names starting with `staff` are the admins' (nor may a name look like them).",
        }
    }
}

impl std::fmt::Display for Reserved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.sentence())
    }
}

/// Names no student may take (a username of a roster or a nickname), compared by [`name_keys`]:
/// `admin`, `root`, `system`, anything starting with `house` (the house bots are `house:<level>`)
/// and `staff` alone or followed by anything but a letter or digit (admins are shown as
/// `staff: <username>`). The usernames of admins are reserved too, by their accounts' keys.
pub fn reserved_problem(name: &str) -> Option<Reserved> {
    let keys = name_keys(name);
    let key = |w: &str| name_keys(w).swap_remove(0);
    let reserved = ["admin", "root", "system"].map(key);
    let (house, staff) = (key("house"), key("staff"));
    for k in &keys {
        if reserved.contains(k) {
            return Some(Reserved::Words);
        }
        if k.starts_with(&house) {
            return Some(Reserved::House);
        }
        if let Some(rest) = k.strip_prefix(&staff) {
            if rest.chars().next().is_none_or(|c| !c.is_alphanumeric()) {
                return Some(Reserved::Staff);
            }
        }
    }
    None
}

/// A nickname as it is stored (NFKC: full-width, ligature and other compatibility forms become
/// their plain letters), or why it is refused: 2 to 32 characters, no control, format or
/// invisible characters (zero-width spaces, bidi overrides, fillers), no space but the plain one
/// and none at either end, no pile of combining marks, letters of one script (Latin, Cyrillic,
/// Greek, Han... each alone; digits and punctuation go with any), each a letter in common use
/// (UTS #39's general security profile: no small capitals or other phonetic letters that
/// imitate plain ones), and, unless `staff` (an admin's), none of the [`reserved_problem`] names.
pub fn clean_nickname(nick: &str, staff: bool) -> Result<String, &'static str> {
    use unicode_normalization::UnicodeNormalization;
    use unicode_properties::{GeneralCategory as G, UnicodeGeneralCategory};
    use unicode_security::general_security_profile::{GeneralSecurityProfile, IdentifierType};
    use unicode_security::MixedScript;
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
    if !nick.as_str().is_single_script() {
        return Err("Use the letters of one script only (Latin, Cyrillic, Greek, Chinese... each alone; digits and punctuation go with any): a name mixing scripts can imitate another's.");
    }
    if nick.chars().any(|c| (c.is_alphabetic() || mark(c)) && !c.identifier_allowed()) {
        return Err("Use letters in common use only (Unicode's general security profile): small capitals and other phonetic or historic letters can imitate plain ones.");
    }
    if !staff {
        if let Some(problem) = reserved_problem(&nick) {
            return Err(problem.sentence());
        }
    }
    Ok(nick)
}

/// Gives the accounts that have no name keys theirs (the accounts of before keys existed, whose
/// migration could not compute them, and house-bot accounts), admins first, then the oldest
/// first. Where an existing name looks like an account's that already holds the key, it keeps
/// its name (nobody is renamed behind their back) and is reported; the key stays the first
/// holder's, so no new look-alike of either can be taken.
pub async fn fill_name_keys(conn: &mut PgConnection) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query!(
        r#"select u.id as "id: UserId", u.username, u.nickname from users u
           where not exists (select 1 from name_keys k where k.user_id = u.id)
           order by u.role = 'admin' desc, u.id"#
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut clashes = Vec::new();
    for r in rows {
        let mut keys = name_keys(&r.username);
        keys.extend(r.nickname.as_deref().map(name_keys).unwrap_or_default());
        take_keys(conn, r.id, &keys).await?;
        if keys_taken_by_other(conn, r.id, &keys).await?.is_some() {
            clashes.push(r.nickname.unwrap_or(r.username));
        }
    }
    Ok(clashes)
}

#[cfg(test)]
mod nickname_tests {
    use super::*;

    /// Whether two names share a key (look alike).
    fn alike(a: &str, b: &str) -> bool {
        let b = name_keys(b);
        name_keys(a).iter().any(|k| b.contains(k))
    }

    #[test]
    fn lookalike_names_share_a_key() {
        for twin in ["аlice", "Alice", "ALICE", "AIice", "alice\u{200B}", "ａｌｉｃｅ", "ɑlice", "ΑLICE"]
        {
            assert!(alike(twin, "alice"), "{twin}");
        }
        assert!(alike("rnike", "mike"));
        assert!(alike("Straße", "STRASSE"));
        assert!(alike("s1001", "sl0Ol"));
        assert!(!alike("bob", "alice"));
        assert!(!alike("李雷", "李明"));
        assert!(!alike("Иван", "Ivan"));
    }

    #[test]
    fn nicknames_are_nfkc_and_refuse_invisible_and_format_characters() {
        assert_eq!(clean_nickname("ｆｕｌｌ", false).unwrap(), "full");
        assert_eq!(clean_nickname("ﬁsh", false).unwrap(), "fish");
        assert_eq!(clean_nickname("Ada Lovelace", false).unwrap(), "Ada Lovelace");
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
        ] {
            assert!(clean_nickname(bad, false).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn one_script_of_common_letters_and_no_reserved_name() {
        for good in ["李雷", "Иван", "Jää", "Ελένη", "Ștefan", "Йордан 2", "Åsa-Lena", "山田 花子", "Staffan"]
        {
            assert_eq!(clean_nickname(good, false).as_deref(), Ok(good), "{good}");
        }
        let refused = |name: &str, why: &str| {
            let e = clean_nickname(name, false).expect_err(name);
            assert!(e.contains(why), "{name}: {e}");
        };
        refused("boь", "one script");
        refused("Łukasz 李", "one script");
        refused("ʙob", "common use");
        for name in
            ["admin", "ADMIN", "аdmin", "Root", "system", "house", "house:level1", "hоuse:x", "Housemate"]
        {
            assert!(clean_nickname(name, false).is_err(), "{name}");
            assert!(reserved_problem(name).is_some(), "{name}");
        }
        for name in ["staff", "staff: admin", "STAFF admin", "staff-x"] {
            refused(name, "admins'");
        }
        // An admin's own nickname is theirs to choose.
        assert_eq!(clean_nickname("staff: ada", true).as_deref(), Ok("staff: ada"));
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
