//! `botarena admin create <username>`: create an admin account (or make an existing user admin
//! with a new password).

use crate::config::DbArgs;
use crate::db::users::{self, Role};
use crate::service::password;
use anyhow::{bail, Context};
use clap::{Args, Subcommand};
use std::io::BufRead;

#[derive(Debug, Args)]
pub struct AdminArgs {
    #[command(subcommand)]
    pub command: AdminCommand,
}

#[derive(Debug, Subcommand)]
pub enum AdminCommand {
    /// Create an admin; the password is asked twice on the terminal.
    Create {
        username: String,
        /// Read the password from the first line of standard input instead.
        #[arg(long)]
        password_stdin: bool,
        #[command(flatten)]
        db: DbArgs,
    },
}

pub fn run(args: AdminArgs) -> anyhow::Result<i32> {
    let AdminCommand::Create { username, password_stdin, db } = args.command;
    if let Some(e) = crate::service::accounts::username_problem(&username) {
        bail!("bad username `{username}`: {e}");
    }
    let pw = if password_stdin {
        let mut line = String::new();
        std::io::stdin().lock().read_line(&mut line).context("reading the password from standard input")?;
        if line.is_empty() {
            bail!("--password-stdin: standard input is empty; give the password as its first line");
        }
        line.trim_end_matches(['\n', '\r']).to_string()
    } else {
        // rpassword asks on the controlling terminal; a script, a container or ssh without -t
        // has none, and its error ("No such device or address") does not say what to do.
        if let Err(e) = std::fs::OpenOptions::new().read(true).write(true).open("/dev/tty") {
            bail!(
                "no terminal to ask the password on ({e}): give it on standard input instead, \
                 `botarena admin create {username} --password-stdin < file-with-the-password`"
            );
        }
        let a = rpassword::prompt_password(format!("Password for {username}: "))
            .context("reading the password")?;
        let b = rpassword::prompt_password("Same password again: ").context("reading the password")?;
        if a != b {
            bail!("the two passwords differ");
        }
        a
    };
    if let Some(why) = password::weakness(&pw, &username) {
        bail!("password refused: {why}");
    }
    super::migrate::with_db(&db, async |pool| {
        let hash = password::hash(pw).await?;
        let mut conn = pool.acquire().await?;
        match users::create(&mut conn, &username, None, &hash, Role::Admin, false).await? {
            users::Created::LooksLike(other) => {
                bail!("`{username}` looks like the name of the account `{other}`: choose another username")
            }
            users::Created::New(id) => {
                crate::db::audit::record(
                    &mut conn,
                    None,
                    "admin.create",
                    &username,
                    None,
                    Some(serde_json::json!({"id": id})),
                )
                .await?;
                println!("admin {username} created");
            }
            users::Created::Exists => {
                crate::db::users::promote_to_admin(&mut conn, &username, &hash).await?;
                // Shown as staff from now on, as an admin created so is.
                let id = users::person_id(&mut conn, &username).await?.context("the account exists")?;
                if !users::set_nickname(&mut conn, id, &users::staff_nickname(&username)).await? {
                    eprintln!("note: `{username}` keeps its nickname: `staff: {username}` is taken");
                }
                crate::db::audit::record(&mut conn, None, "admin.promote", &username, None, None).await?;
                println!("{username} existed: now an admin, with the new password");
            }
        }
        Ok(0)
    })
}
