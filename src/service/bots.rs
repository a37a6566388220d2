//! How one side of a game — a stored submission or a house bot — becomes a command the judge can
//! start: the same for a round-robin game, a test match and a practice game, so a bot plays the
//! same everywhere.

use crate::db::games::Side;
use crate::db::ids::SubmissionId;
use crate::games::settings::Settings;
use crate::games::GameId;
use crate::judge::commands::{house_bot, run_command, unpack};
use crate::judge::languages::Languages;
use crate::judge::BotCommand;
use anyhow::Context;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use tempfile::TempDir;
use time::OffsetDateTime;

/// The command of `side` in a game of `game` under `settings`, its files unpacked into `dir`. A
/// house bot is `house_exe`'s `house` command.
fn command_in(
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
    let label = format!("{} (#{})", side.nickname, side.submission_id);
    Ok(run_command(lang, &label, dir, settings.common().memory_mib))
}

/// The bots a game slot unpacked for its last games, kept for its next ones: a round robin plays
/// each bot many times in a row (a newcomer against every opponent), and unpacking both bots
/// before every game (a scratch directory made, the archive written out, made readable, removed
/// after) was a share of a quick game; so was reading the builds from the database, which the
/// slot's claims no longer ask for ([`Unpacked::kept`]). A bot's directory is read-only to it (the
/// sandbox shows its workdir read-only), so a game cannot leave anything in it for the next. An
/// entry is a submission and the time its build was stored: a build stored again (a recompile)
/// is unpacked afresh.
#[derive(Default)]
pub struct Unpacked {
    /// The most recently used last.
    kept: VecDeque<Kept>,
    /// The workdir of house bots, which have no files of their own.
    empty: Option<TempDir>,
    /// Builds that cannot be told from another (no time stored), unpacked for one game only.
    unkept: Vec<TempDir>,
}

struct Kept {
    submission: SubmissionId,
    compiled_at: OffsetDateTime,
    dir: TempDir,
}

impl Kept {
    /// Whether this is `side`'s build.
    fn is(&self, side: &Side) -> bool {
        self.submission == side.submission_id && Some(self.compiled_at) == side.compiled_at
    }
}

impl Unpacked {
    /// Bots kept unpacked: the distinct bots of several matches.
    pub const KEEP: usize = 48;

    /// The builds a claim need not read, the most recently used [`Unpacked::SURE`]: those stay
    /// unpacked through the claimed batch's games whatever they unpack (each unpacking makes way
    /// for one of the least recently used).
    pub fn kept(&self) -> Vec<(SubmissionId, OffsetDateTime)> {
        self.kept.iter().rev().take(Self::SURE).map(|k| (k.submission, k.compiled_at)).collect()
    }

    /// How many builds [`Unpacked::kept`] names: what stays of [`Unpacked::KEEP`] after the
    /// current game's and a whole batch's bots are unpacked (`jobs::games` checks that its
    /// batches fit).
    pub const SURE: usize = 30;

    /// Whether `side`'s build is kept unpacked.
    pub fn has(&self, side: &Side) -> bool {
        self.kept.iter().any(|k| k.is(side))
    }

    /// The commands of a game's two sides ([`Unpacked::command`]). The directories stay until
    /// the next call.
    pub fn commands(
        &mut self,
        sides: &[Side; 2],
        game: GameId,
        settings: &Settings,
        languages: &Languages,
        house_exe: &Path,
    ) -> anyhow::Result<[BotCommand; 2]> {
        self.unkept.clear();
        let [a, b] = sides;
        Ok([
            self.command(a, game, settings, languages, house_exe)?,
            self.command(b, game, settings, languages, house_exe)?,
        ])
    }

    /// The command of `side` in a game of `game` under `settings`, its files unpacked unless they
    /// still are (a side that comes without its build must be kept); a house bot is
    /// `house_exe`'s `house` command. Its directory stays while `self` lives, unless a later
    /// call needs its place.
    pub fn command(
        &mut self,
        side: &Side,
        game: GameId,
        settings: &Settings,
        languages: &Languages,
        house_exe: &Path,
    ) -> anyhow::Result<BotCommand> {
        let dir = match side.house_level {
            Some(_) => self.empty_dir()?,
            None => self.unpacked(side)?,
        };
        command_in(side, game, settings, languages, house_exe, &dir)
    }

    /// The directory of `side`'s files, unpacked now unless they still are; it becomes the most
    /// recently used.
    fn unpacked(&mut self, side: &Side) -> anyhow::Result<PathBuf> {
        let kept = match self.kept.iter().position(|k| k.is(side)).and_then(|i| self.kept.remove(i)) {
            Some(kept) => kept,
            None => {
                let artifact = side.artifact.as_deref().context("the submission has no compiled bot")?;
                let dir = crate::scratch::dir("bot-")?;
                unpack(artifact, dir.path()).context("unpacking a bot")?;
                self.kept.retain(|k| k.submission != side.submission_id);
                match side.compiled_at {
                    Some(compiled_at) => Kept { submission: side.submission_id, compiled_at, dir },
                    // A build that cannot be told from another is not kept: used once.
                    None => return Ok(self.once(dir)),
                }
            }
        };
        if self.kept.len() >= Self::KEEP {
            self.kept.pop_front();
        }
        let dir = kept.dir.path().to_path_buf();
        self.kept.push_back(kept);
        Ok(dir)
    }

    /// Keeps `dir` for the current game only (until the next call that unpacks).
    fn once(&mut self, dir: TempDir) -> PathBuf {
        let path = dir.path().to_path_buf();
        self.unkept.push(dir);
        path
    }

    fn empty_dir(&mut self) -> anyhow::Result<PathBuf> {
        let dir = match self.empty.take() {
            Some(dir) => dir,
            None => crate::scratch::dir("house-")?,
        };
        Ok(self.empty.insert(dir).path().to_path_buf())
    }
}
