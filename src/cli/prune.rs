//! `botarena prune --contest SLUG --replaced-before DATE`: delete, on purpose, the games that
//! rejudges replaced before a date (their results, replays and logs), audited. Nothing else ever
//! deletes a judged game.

use crate::config::DbArgs;
use crate::db::contests::parse_deadline;
use crate::service::contests;
use clap::Args;

#[derive(Debug, Args)]
pub struct PruneArgs {
    /// The contest whose replaced games go.
    #[arg(long)]
    pub contest: String,
    /// Delete the games replaced before this time (RFC 3339, such as 2026-12-01T00:00:00Z).
    #[arg(long, value_name = "DATE")]
    pub replaced_before: String,
    /// Only count what would be deleted.
    #[arg(long)]
    pub dry_run: bool,
    #[command(flatten)]
    pub db: DbArgs,
}

pub fn run(args: PruneArgs) -> anyhow::Result<i32> {
    let before = parse_deadline(&args.replaced_before).map_err(anyhow::Error::msg)?;
    super::migrate::with_db(&args.db, async |pool| {
        let pruned = contests::prune_replaced(pool, &args.contest, before, args.dry_run).await?;
        let verb = if args.dry_run { "would delete" } else { "deleted" };
        println!(
            "{}: {verb} {} replaced game(s) of {} match(es), replaced before {}",
            args.contest,
            pruned.games,
            pruned.matches,
            crate::web::rfc3339(&before)
        );
        Ok(0)
    })
}
