//! `botarena users`: list the accounts (`--json` for one array), import a roster (`username[,display name]` per line; the initial password
//! is the username, and must be changed at first login), disable or enable an account, reset a
//! password. Each is audited as done by the command line.

use crate::config::DbArgs;
use crate::service::accounts::{self, Switched};
use anyhow::{bail, Context};
use clap::{Args, Subcommand};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct UsersArgs {
    #[command(subcommand)]
    pub command: UsersCommand,
}

#[derive(Debug, Subcommand)]
pub enum UsersCommand {
    /// The people's accounts (not the house bots'): username, display name, nickname, role,
    /// submissions, last login and whether disabled, by username.
    List {
        /// One JSON array instead of lines.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Import a roster CSV: `username[,display name]` per line (`-` reads standard input).
    Import {
        file: PathBuf,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Disable an account: its logins are refused, its sessions end and its API tokens are revoked;
    /// its data stays.
    Disable {
        username: String,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Enable a disabled account again.
    Enable {
        username: String,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Reset a password to the username (changed at the next login); open sessions end.
    ResetPassword {
        username: String,
        #[command(flatten)]
        db: DbArgs,
    },
}

pub fn run(args: UsersArgs) -> anyhow::Result<i32> {
    match args.command {
        UsersCommand::List { json, db } => list(json, &db),
        UsersCommand::Import { file, db } => import(&file, &db),
        UsersCommand::Disable { username, db } => switch(&username, &db, true),
        UsersCommand::Enable { username, db } => switch(&username, &db, false),
        UsersCommand::ResetPassword { username, db } => super::migrate::with_db(&db, async |pool| {
            if !accounts::reset_password(pool, None, &username).await? {
                bail!("no user named `{username}`");
            }
            println!("the password of {username} is now their username; their sessions ended");
            Ok(0)
        }),
    }
}

fn list(json: bool, db: &DbArgs) -> anyhow::Result<i32> {
    let text = |t: Option<time::OffsetDateTime>| {
        t.and_then(|t| t.format(&time::format_description::well_known::Rfc3339).ok())
    };
    super::migrate::with_db(db, async |pool| {
        let all =
            crate::db::users::search(&mut *pool.acquire().await?, "", false, Default::default(), i64::MAX, 0)
                .await?;
        if json {
            let rows: Vec<serde_json::Value> = all
                .iter()
                .map(|u| {
                    serde_json::json!({
                        "username": u.username, "display_name": u.display_name, "nickname": u.nickname,
                        "role": u.role, "submissions": u.submissions, "last_login_at": text(u.last_login_at),
                        "disabled_at": text(u.disabled_at),
                    })
                })
                .collect();
            println!("{}", serde_json::to_string_pretty(&rows)?);
        } else {
            for u in &all {
                let disabled = text(u.disabled_at).map(|t| format!("disabled since {t}")).unwrap_or_default();
                println!(
                    "{}\t{}\t{}\t{}\t{} submission(s)\tlast login {}\t{disabled}",
                    u.username,
                    u.display_name.as_deref().unwrap_or("-"),
                    u.nickname.as_deref().unwrap_or("-"),
                    serde_json::to_value(u.role)?.as_str().unwrap_or_default(),
                    u.submissions,
                    text(u.last_login_at).unwrap_or_else(|| "never".into()),
                );
            }
        }
        Ok(0)
    })
}

fn import(file: &std::path::Path, db: &DbArgs) -> anyhow::Result<i32> {
    let text = if file.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).context("reading standard input")?
    } else {
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?
    };
    super::migrate::with_db(db, async |pool| {
        let report = accounts::import_roster(pool, None, &text).await?;
        println!("created {} user(s); {} already existed", report.created.len(), report.existing.len());
        for (line, e) in &report.errors {
            eprintln!("line {line}: {e}");
        }
        Ok(if report.errors.is_empty() { 0 } else { 1 })
    })
}

fn switch(username: &str, db: &DbArgs, disabled: bool) -> anyhow::Result<i32> {
    let what = if disabled { "disabled" } else { "enabled" };
    super::migrate::with_db(db, async |pool| {
        match accounts::set_disabled(pool, None, username, disabled).await? {
            Switched::NoSuchUser => bail!("no user named `{username}`"),
            Switched::Already => {
                println!("{username} was {what} already");
                Ok(0)
            }
            Switched::Done => {
                println!("{username} is {what}");
                Ok(0)
            }
        }
    })
}
