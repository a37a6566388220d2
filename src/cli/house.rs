//! `botarena house <game> <level>`: a built-in bot on stdin/stdout.

use crate::games::GameId;
use clap::Args;

#[derive(Debug, Args)]
pub struct HouseArgs {
    /// The game the bot plays.
    pub game: GameId,
    /// `random`, `level1` or `level2`.
    pub level: String,
    /// Seed for the bot's random choices (default: from the clock).
    #[arg(long, env = "BOTARENA_HOUSE_SEED")]
    pub seed: Option<u64>,
    /// Arguments the game's protocol passes to bots (connect4's `first`/`second`).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub protocol_args: Vec<String>,
}

pub fn run(args: HouseArgs) -> anyhow::Result<i32> {
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    });
    crate::house::run(args.game, &args.level, &args.protocol_args, seed)?;
    Ok(0)
}
