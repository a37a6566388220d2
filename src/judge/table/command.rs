//! What a seat runs ([`BotCommand`]) and within which limits ([`Limits`]).

use std::path::PathBuf;
use std::time::Duration;

use crate::games::settings::{Settings, TimeFactor};

/// How to run one bot: what `botarena play` and the workers build from a submission or a
/// house bot, and what a [`Launcher`](crate::judge::launch::Launcher) gets (with the game's limits added).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BotCommand {
    /// How the bot is named in results and logs (`bots/mine.c`, `house:random`).
    pub label: String,
    pub program: PathBuf,
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
    pub workdir: PathBuf,
    /// Directories the language runtime needs to read.
    pub readable: Vec<PathBuf>,
    /// See [`LaunchSpec::unlimited_address_space`](crate::judge::launch::LaunchSpec::unlimited_address_space) (the JVM).
    pub unlimited_address_space: bool,
    /// A house bot: each game appends `--seed N`, N derived from the match seed, the game's
    /// index and the seat ([`crate::judge::matches::house_bot_seed`]), so every game of a match differs
    /// and the same match seed replays the same games.
    pub seed_per_game: bool,
    /// The language of a submission (`python`), whose contest may give it a time factor
    /// (`time_factor.python`); `None` for house bots and ready executables (factor 1).
    pub language: Option<String>,
}

/// The time and memory limits of a game, from its settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Time to answer the first message (`OK`, tron's name).
    pub start: Duration,
    /// Time per move (for one-two-three, per whole process run).
    pub per_move: Duration,
    /// Thinking time per game; `None` when the bank is off (`bank_ms = 0`).
    pub bank: Option<Duration>,
    pub memory_mib: u64,
}

impl Limits {
    pub fn from_settings(settings: &Settings) -> Limits {
        let c = settings.common();
        Limits {
            start: Duration::from_millis(c.start_ms),
            per_move: Duration::from_millis(c.move_ms),
            bank: (c.bank_ms > 0).then(|| Duration::from_millis(c.bank_ms)),
            memory_mib: c.memory_mib,
        }
    }

    /// These limits with the start time, move time and bank multiplied by `factor` (a
    /// language's time factor); memory stays.
    pub fn scaled(self, factor: TimeFactor) -> Limits {
        Limits {
            start: factor.scale(self.start),
            per_move: factor.scale(self.per_move),
            bank: self.bank.map(|b| factor.scale(b)),
            memory_mib: self.memory_mib,
        }
    }
}
