//! `botarena starter GAME LANGUAGE [-o FILE]`: a starter bot's source, on standard output or
//! into a file.

use crate::games::GameId;
use crate::starters::{self, LANGUAGES};
use anyhow::{bail, Context};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct StarterArgs {
    /// checkers, connect4, one-two-three, mathtricks or tron.
    pub game: GameId,
    /// c, cpp, rust, python or java.
    pub language: String,
    /// Write the program to FILE instead of standard output (into DIR/<file name> when FILE is
    /// a directory). An existing file is never overwritten.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

pub fn run(args: StarterArgs) -> anyhow::Result<i32> {
    let Some(starter) = starters::starter(args.game, &args.language) else {
        bail!("unknown language `{}` (valid: {})", args.language, LANGUAGES.join(", "));
    };
    let Some(mut path) = args.output else {
        std::io::stdout().lock().write_all(starter.source.as_bytes())?;
        return Ok(0);
    };
    if path.is_dir() {
        path.push(starter.file_name);
    }
    // `create_new` refuses an existing file: a student's own bot is never replaced by a starter.
    let mut file =
        std::fs::OpenOptions::new().write(true).create_new(true).open(&path).with_context(|| {
            if path.exists() {
                format!("{} already exists; choose another name or remove it first", path.display())
            } else {
                format!("cannot create {}", path.display())
            }
        })?;
    file.write_all(starter.source.as_bytes()).with_context(|| format!("writing {}", path.display()))?;
    eprintln!("wrote the {} starter for {} to {}", starter.language, starter.game, path.display());
    Ok(0)
}
