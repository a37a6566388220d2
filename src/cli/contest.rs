//! `botarena contest create <slug> --game G [--title T] [--deadline RFC3339] [--set K=V]...`

use crate::config::DbArgs;
use crate::db::contests::NewContest;
use crate::judge::languages::Languages;
use anyhow::bail;
use clap::{Args, Subcommand};

#[derive(Debug, Args)]
pub struct ContestArgs {
    #[command(subcommand)]
    pub command: ContestCommand,
}

#[derive(Debug, Subcommand)]
pub enum ContestCommand {
    /// Create a contest with the game's default settings, changed by `--set`.
    Create {
        slug: String,
        /// checkers, connect4, one-two-three, mathtricks or tron.
        #[arg(long)]
        game: String,
        #[arg(long)]
        title: Option<String>,
        /// When submissions close, RFC 3339 (`2026-12-31T23:59:00Z`).
        #[arg(long)]
        deadline: Option<String>,
        /// A game setting (as `botarena play --set`), or submit_interval_s, daily_budget_s,
        /// scoreboard_refresh_s, languages=c,cpp,...
        #[arg(long = "set", value_name = "KEY=VALUE")]
        set: Vec<String>,
        #[command(flatten)]
        db: DbArgs,
    },
}

pub fn run(args: ContestArgs) -> anyhow::Result<i32> {
    let ContestCommand::Create { slug, game, title, deadline, set, db } = args.command;
    let languages = Languages::load_default()?;
    let ids: Vec<String> = languages.all().iter().map(|l| l.id.clone()).collect();
    let contest = match NewContest::build(&slug, &game, title.as_deref(), deadline.as_deref(), &set, &ids) {
        Ok(c) => c,
        Err(errors) => {
            for e in &errors {
                eprintln!("error: {e}");
            }
            bail!("the contest was not created");
        }
    };
    super::migrate::with_db(&db, async |pool| {
        if crate::service::contests::create(pool, None, &contest).await?.is_none() {
            bail!("a contest with the slug `{}` exists already", contest.slug);
        }
        println!(
            "contest {} created ({}, languages {})",
            contest.slug,
            contest.game,
            contest.languages.join(", ")
        );
        Ok(0)
    })
}
