//! The commands that run a bot: a compiled submission from its build directory, or a house bot
//! (this very binary). Shared by `botarena play`, the compile queue's validity run and the game
//! workers.

use super::languages::Language;
use super::BotCommand;
use crate::games::settings::{Settings, Value};
use crate::games::{GameId, HouseLevel};
use anyhow::bail;
use std::path::{Path, PathBuf};

/// The command that runs a compiled submission in `dir` (also what workers use).
pub fn run_command(lang: &Language, label: &str, dir: &Path, memory_mib: u64) -> BotCommand {
    let argv = Language::expand(&lang.run, dir, memory_mib);
    BotCommand {
        label: label.to_string(),
        program: PathBuf::from(&argv[0]),
        args: argv[1..].to_vec(),
        env: vec![
            ("PATH".into(), "/usr/local/bin:/usr/bin:/bin".into()),
            ("LANG".into(), "C.UTF-8".into()),
            ("HOME".into(), dir.to_string_lossy().into_owned()),
        ],
        workdir: dir.to_path_buf(),
        readable: lang.readable.clone(),
        unlimited_address_space: !lang.address_space_limit,
        seed_per_game: false,
        language: Some(lang.id.clone()),
    }
}

/// Unpacks a compiled submission (the tar archive the compile stored) into an empty directory,
/// where [`run_command`] runs it.
pub fn unpack(artifact: &[u8], dir: &Path) -> std::io::Result<()> {
    let mut archive = tar::Archive::new(artifact);
    archive.set_preserve_permissions(true);
    archive.unpack(dir)
}

/// This very binary. The sandbox helper that starts a bot is this binary too, so the path
/// resolves inside the sandbox without exposing the build directory.
pub const SELF_EXE: &str = "/proc/self/exe";

/// A house bot: `program` (this very binary, [`SELF_EXE`], unless told otherwise) run as
/// `botarena house <game> <level> --seed N`, told the time limits; each game gives it a seed of
/// its own (`BotCommand::seed_per_game`). Like any bot it runs through the launcher, under the
/// game's limits.
pub fn house_bot(
    program: &Path,
    game: GameId,
    level: &str,
    settings: &Settings,
    dir: &Path,
) -> anyhow::Result<BotCommand> {
    if level.parse::<HouseLevel>().is_err() {
        bail!(
            "unknown house bot `house:{level}` (valid: {})",
            HouseLevel::ALL.map(|l| format!("house:{l}")).join(", ")
        );
    }
    Ok(BotCommand {
        label: format!("house:{level}"),
        program: program.to_path_buf(),
        args: vec!["house".into(), game.to_string(), level.into()],
        seed_per_game: true,
        // The protocols do not tell bots everything (connect4's board size, the time limits):
        // house bots read every numeric setting from `BOTARENA_<NAME>`.
        env: settings
            .values()
            .into_iter()
            .filter_map(|(name, v)| match v {
                Value::Int(n) => Some((format!("BOTARENA_{}", name.to_ascii_uppercase()), n.to_string())),
                Value::Boards(_) | Value::Factor(_) => None,
            })
            .collect(),
        workdir: dir.to_path_buf(),
        // A binary named by its path must be shown inside the sandbox; `/proc/self/exe` needs not.
        readable: if program.starts_with("/proc") { Vec::new() } else { vec![program.to_path_buf()] },
        ..Default::default()
    })
}
