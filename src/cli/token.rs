//! `botarena token create <username>`: print a new API token for a user.

use crate::config::DbArgs;
use crate::db::tokens;
use anyhow::bail;
use clap::{Args, Subcommand};

#[derive(Debug, Args)]
pub struct TokenArgs {
    #[command(subcommand)]
    pub command: TokenCommand,
}

#[derive(Debug, Subcommand)]
pub enum TokenCommand {
    /// Create a token and print it (it is not stored in clear, so it cannot be shown again).
    Create {
        username: String,
        /// A name to recognise the token by on the profile page.
        #[arg(long, default_value = "command line")]
        name: String,
        #[command(flatten)]
        db: DbArgs,
    },
}

pub fn run(args: TokenArgs) -> anyhow::Result<i32> {
    let TokenCommand::Create { username, name, db } = args.command;
    super::migrate::with_db(&db, async |pool| {
        let mut conn = pool.acquire().await?;
        // House-bot accounts act for no person: they get no token, as they cannot log in.
        let Some(id) = crate::db::users::person_id(&mut conn, &username).await? else {
            bail!("no user named `{username}`");
        };
        let (_, token) = tokens::create(&mut conn, id, &name).await?;
        crate::db::audit::record(
            &mut conn,
            None,
            "token.create",
            &username,
            None,
            Some(serde_json::json!({"name": name})),
        )
        .await?;
        println!("{token}");
        Ok(0)
    })
}
