//! `botarena play`: a local match, exactly as `docs/cli.md` describes. It runs the very
//! referee (and launcher) the workers run; this module only turns arguments into bots and prints.

use crate::games::settings::{Settings, TIME_FACTOR_PREFIX};
use crate::games::GameId;
use crate::judge::commands::{house_bot, run_command, SELF_EXE};
use crate::judge::compile::{self, CompileOutcome};
use crate::judge::languages::Languages;
use crate::judge::launch::Launcher;
use crate::judge::matches::default_cpus;
use crate::judge::result::{BotId, GameResult, MatchResult};
use crate::judge::{self, BotCommand, MatchSpec, Progress};
use anyhow::{bail, Context};
use clap::Args;
use std::io::{IsTerminal, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// checkers, connect4, one-two-three, mathtricks or tron.
    pub game: GameId,
    /// A source file, an executable, or `house:<level>`.
    pub bot_a: String,
    /// A source file, an executable, or `house:<level>`.
    pub bot_b: String,
    /// A game or limit setting, `NAME=VALUE` (repeatable); `time_factor.LANGUAGE=F` multiplies
    /// the time limits of a source file in LANGUAGE.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Number of games (default: the game's match format, sides swapped).
    #[arg(long)]
    pub games: Option<u32>,
    /// Seed for random boards and house bots (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Write the result as JSON to PATH (`-` for standard output).
    #[arg(long, value_name = "PATH")]
    pub json: Option<String>,
    /// Write each game's transcript into DIR.
    #[arg(long, value_name = "DIR")]
    pub log_dir: Option<PathBuf>,
}

pub fn run(args: PlayArgs) -> anyhow::Result<i32> {
    let game = args.game;
    let mut assignments = args.set.clone();
    if let Some(n) = args.games {
        assignments.push(format!("games={n}"));
    }
    let settings = Settings::from_assignments(game, assignments.iter().map(String::as_str))?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let launcher = judge::local_launcher()?;
    let workspace = crate::scratch::dir("play-")?;
    let languages = Languages::load_default()?;
    if let Some(unknown) = settings.time_factors().keys().find(|l| languages.get(l).is_none()) {
        bail!(
            "bad setting `{TIME_FACTOR_PREFIX}{unknown}`: unknown language `{unknown}` (languages: {})",
            languages.ids()
        );
    }
    let prepare = |arg: &str, bot: BotId| {
        let dir = workspace.path().join(bot.as_str());
        std::fs::create_dir(&dir)?;
        prepare_bot(arg, game, &settings, &languages, launcher.as_ref(), &dir)
            .with_context(|| format!("bot {} ({arg})", bot.as_str()))
    };
    let bots = [prepare(&args.bot_a, BotId::A)?, prepare(&args.bot_b, BotId::B)?];
    let spec = MatchSpec { game, settings, bots, seed, cpus: default_cpus() };

    let human = args.json.is_none();
    let mut indicator = Indicator::new();
    let (result, logs) = judge::play_match(&spec, launcher.as_ref(), &mut |p| match &p {
        Progress::GameStarted { index, total } => indicator.show(&format!("game {}/{total}…", index + 1)),
        Progress::GameFinished { result, .. } => {
            indicator.clear();
            if human {
                println!("{}", describe_game(result, &spec));
            }
        }
    });
    indicator.clear();

    if let Some(dir) = &args.log_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        for (g, log) in result.games.iter().zip(&logs) {
            let path = dir.join(format!("game-{}.log", g.index + 1));
            std::fs::write(&path, log.to_text()).with_context(|| format!("writing {}", path.display()))?;
        }
    }
    match args.json.as_deref() {
        Some("-") => {
            let mut out = std::io::stdout().lock();
            serde_json::to_writer_pretty(&mut out, &result)?;
            writeln!(out)?;
        }
        Some(path) => {
            let text = serde_json::to_string_pretty(&result)?;
            std::fs::write(path, text + "\n").with_context(|| format!("writing {path}"))?;
        }
        None => println!("{}", describe_match(&result)),
    }
    Ok(0)
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// Turns a bot argument into a command: `house:<level>`, a source file (compiled into `dir`), or
/// an executable.
fn prepare_bot(
    arg: &str,
    game: GameId,
    settings: &Settings,
    languages: &Languages,
    launcher: &dyn Launcher,
    dir: &Path,
) -> anyhow::Result<BotCommand> {
    if let Some(level) = arg.strip_prefix("house:") {
        return house_bot(Path::new(SELF_EXE), game, level, settings, dir);
    }
    let path = Path::new(arg);
    let meta = std::fs::metadata(path).with_context(|| format!("cannot read {arg}"))?;
    if !meta.is_file() {
        bail!("{arg} is not a file");
    }
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    if let Some(lang) = languages.by_extension(ext) {
        let source = std::fs::read(path)?;
        match compile::compile(launcher, lang, &source, dir)? {
            CompileOutcome::Ok { .. } => Ok(run_command(lang, arg, dir, settings.common().memory_mib)),
            CompileOutcome::Error { log } => {
                bail!("{arg} does not compile ({}):\n{}", lang.name, log.trim_end())
            }
        }
    } else if meta.permissions().mode() & 0o111 != 0 {
        let program = path.canonicalize()?;
        let parent = program.parent().unwrap_or(Path::new("/")).to_path_buf();
        Ok(BotCommand {
            label: arg.to_string(),
            program,
            workdir: parent.clone(),
            readable: vec![parent],
            ..Default::default()
        })
    } else {
        bail!(
            "{arg}: not an executable, and `.{ext}` is not a known source extension (languages: {})",
            languages.ids()
        )
    }
}

/// "game 1: mine.c (first) vs house:random — mine.c wins, no_moves, 12 : 0" (a score pair as
/// everywhere: `-175 : -16`, never `-175--16`).
fn describe_game(g: &GameResult, spec: &MatchSpec) -> String {
    let label = |b: BotId| spec.bot(b).label.clone();
    let mut s = format!("game {}: {} (first) vs {} — ", g.index + 1, label(g.seats[0]), label(g.seats[1]));
    match g.winner {
        Some(w) => s.push_str(&format!("{} wins, {}", label(w), g.reason)),
        None => s.push_str(&format!("draw, {}", g.reason)),
    }
    if let Some(score) = &g.score {
        s.push_str(&format!(", {}", score_pair(&score[0], &score[1])));
    }
    if let Some(f) = &g.forfeit {
        s.push_str(&format!(" ({} forfeited: {}: {})", label(f.bot), f.kind.as_str(), f.detail));
    }
    s
}

/// Two scores or points as a pair, `-175 : -16`.
fn score_pair(a: impl std::fmt::Display, b: impl std::fmt::Display) -> String {
    format!("{a} : {b}")
}

fn describe_match(m: &MatchResult) -> String {
    let label = |b: BotId| m.bots[&b].label.clone();
    let (wa, wb) = (m.summary.wins[&BotId::A], m.summary.wins[&BotId::B]);
    let verdict = match wa.cmp(&wb) {
        std::cmp::Ordering::Greater => format!("{} wins the match", label(BotId::A)),
        std::cmp::Ordering::Less => format!("{} wins the match", label(BotId::B)),
        std::cmp::Ordering::Equal => "the match is drawn".to_string(),
    };
    format!(
        "match: {} {wa}, {} {wb}, draws {} — {verdict} (points {})",
        label(BotId::A),
        label(BotId::B),
        m.summary.draws,
        score_pair(m.summary.points[&BotId::A], m.summary.points[&BotId::B])
    )
}

/// A one-line progress indicator on standard error, only when it is a terminal.
struct Indicator {
    on: bool,
}

impl Indicator {
    fn new() -> Indicator {
        Indicator { on: std::io::stderr().is_terminal() }
    }
    fn show(&mut self, text: &str) {
        if self.on {
            eprint!("\r\x1b[2K{text}");
        }
    }
    fn clear(&mut self) {
        if self.on {
            eprint!("\r\x1b[2K");
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_negative_score_pair_reads_as_two_numbers() {
        assert_eq!(super::score_pair(-175, -16), "-175 : -16");
        assert_eq!(super::score_pair(0u32, 3u32), "0 : 3");
    }
}
