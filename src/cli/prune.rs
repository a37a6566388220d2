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
    /// Delete the games replaced before this time: a day (2026-12-01, its start in UTC) or a
    /// time (RFC 3339, such as 2026-12-01T12:00:00Z).
    #[arg(long, value_name = "DATE")]
    pub replaced_before: String,
    /// Only count what would be deleted.
    #[arg(long)]
    pub dry_run: bool,
    #[command(flatten)]
    pub db: DbArgs,
}

pub fn run(args: PruneArgs) -> anyhow::Result<i32> {
    let before = parse_day(&args.replaced_before)
        .map_or_else(|| parse_deadline(&args.replaced_before), Ok)
        .map_err(anyhow::Error::msg)?;
    super::migrate::with_db(&args.db, async |pool| {
        let pruned = contests::prune_replaced(pool, &args.contest, before, args.dry_run).await?;
        let verb = if args.dry_run { "would delete" } else { "deleted" };
        println!(
            "{}: {verb} {} replaced game(s) of {} match(es), replaced before {}",
            args.contest,
            pruned.games,
            pruned.matches,
            crate::web::render::rfc3339(&before)
        );
        Ok(0)
    })
}

/// A plain day (`2026-12-01`) as its first instant in UTC.
fn parse_day(text: &str) -> Option<time::OffsetDateTime> {
    let day = time::macros::format_description!("[year]-[month]-[day]");
    time::Date::parse(text.trim(), &day).ok().map(|d| d.midnight().assume_utc())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_day_is_its_first_instant_in_utc() {
        assert_eq!(super::parse_day("2026-12-01"), Some(time::macros::datetime!(2026-12-01 0:00 UTC)));
        assert_eq!(super::parse_day("2026-12-01T12:00:00Z"), None);
        assert_eq!(super::parse_day("yesterday"), None);
    }
}
