//! How one side of a game — a stored submission or a house bot — becomes a command the judge can
//! start: the same for a round-robin game, a test match and a practice game, so a bot plays the
//! same everywhere.

use crate::db::games::Side;
use crate::games::settings::Settings;
use crate::games::GameId;
use crate::judge::commands::{house_bot, run_command, unpack};
use crate::judge::languages::Languages;
use crate::judge::BotCommand;
use anyhow::Context;
use std::path::Path;

/// The command of `side` in a game of `game` under `settings`, its files unpacked into `dir` (an
/// empty directory that must outlive the game). A house bot is `house_exe`'s `house` command.
pub fn command(
    side: &Side,
    game: GameId,
    settings: &Settings,
    languages: &Languages,
    house_exe: &Path,
    dir: &Path,
) -> anyhow::Result<BotCommand> {
    if let Some(level) = &side.house_level {
        return house_bot(house_exe, game, level, settings, dir);
    }
    let lang = languages
        .get(&side.language)
        .with_context(|| format!("language `{}` is not configured here", side.language))?;
    let artifact = side.artifact.as_deref().context("the submission has no compiled bot")?;
    unpack(artifact, dir).context("unpacking a bot")?;
    let label = format!("{} (#{})", side.nickname, side.submission_id);
    Ok(run_command(lang, &label, dir, settings.common().memory_mib))
}
