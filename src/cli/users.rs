//! `botarena users import <file.csv>`: import a roster (`username[,display name]` per line; the
//! initial password is the username, and must be changed at first login).

use crate::config::DbArgs;
use anyhow::Context;
use clap::{Args, Subcommand};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct UsersArgs {
    #[command(subcommand)]
    pub command: UsersCommand,
}

#[derive(Debug, Subcommand)]
pub enum UsersCommand {
    /// Import a roster CSV: `username[,display name]` per line (`-` reads standard input).
    Import {
        file: PathBuf,
        #[command(flatten)]
        db: DbArgs,
    },
}

pub fn run(args: UsersArgs) -> anyhow::Result<i32> {
    let UsersCommand::Import { file, db } = args.command;
    let text = if file.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).context("reading standard input")?
    } else {
        std::fs::read_to_string(&file).with_context(|| format!("cannot read {}", file.display()))?
    };
    super::migrate::with_db(&db, async |pool| {
        let report = crate::service::accounts::import_roster(pool, &text).await?;
        crate::db::audit::record(
            &mut *pool.acquire().await?,
            None,
            "users.import",
            "users",
            None,
            Some(serde_json::json!({"created": report.created})),
        )
        .await?;
        println!("created {} user(s); {} already existed", report.created.len(), report.existing.len());
        for (line, e) in &report.errors {
            eprintln!("line {line}: {e}");
        }
        Ok(if report.errors.is_empty() { 0 } else { 1 })
    })
}
