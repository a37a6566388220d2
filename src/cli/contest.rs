//! `botarena contest create <slug> --game G [--title T] [--deadline RFC3339] [--set K=V]...`

use crate::config::DbArgs;
use crate::db::contests::{self, NewContest};
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
        let mut tx = pool.begin().await?;
        let Some(id) = contests::create(&mut tx, &contest).await? else {
            bail!("a contest with the slug `{}` exists already", contest.slug);
        };
        crate::service::house::sync(&mut tx, id).await?;
        crate::db::audit::record(
            &mut tx,
            None,
            "contest.create",
            &format!("contest {}", contest.slug),
            None,
            Some(serde_json::json!({"id": id, "game": contest.game.as_str(), "settings": contest.settings,
                                    "languages": contest.languages})),
        )
        .await?;
        tx.commit().await?;
        println!(
            "contest {} created ({}, languages {})",
            contest.slug,
            contest.game,
            contest.languages.join(", ")
        );
        Ok(0)
    })
}
