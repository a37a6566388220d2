//! Running bots: starting processes (through a [`launch::Launcher`], which the sandbox implements),
//! talking to them under the game's limits, and refereeing whole games and matches.
//!
//! - [`plain`]: the plain launcher (rlimits, process group, CPU pinning);
//! - [`bot`]: one bot's pipes: timestamped lines on a channel, non-blocking input;
//! - [`threads`]: the pool of threads that read the bots' pipes;
//! - [`table`]: the rules every game shares (clocks, forfeits, the end of a game);
//! - [`turn`], [`per_move`], [`realtime`]: the three kinds of protocol;
//! - [`matches`]: which games a match plays; [`log`]: the transcript.
//!
//! Entry points: `play_match(&MatchSpec, &dyn Launcher, &mut dyn FnMut(Progress))` and
//! `play_game(&MatchSpec, &GamePlan, &dyn Launcher)` in `adapters`, which return the results
//! of `result` and a [`GameLog`] per game (`to_text()` for the transcript file,
//! `to_text_for(Some(bot))` for what one student may see).

pub mod bot;
pub mod commands;
pub mod compile;
pub mod human;
pub mod languages;
pub mod launch;
pub mod log;
pub mod matches;
pub mod per_move;
pub mod plain;
pub mod realtime;
pub mod result;
pub mod sandbox;
pub mod table;
pub mod threads;
pub mod turn;
pub mod validity;

pub mod adapters;
pub use adapters::{play_game, play_game_with, play_match};

pub use log::GameLog;
pub use matches::{MatchSpec, Progress};
pub use plain::PlainLauncher;
pub use table::BotCommand;

/// The launcher `botarena play` uses: the sandbox, with whatever protections this machine can
/// give (a student's laptop without root gets rlimits, no_new_privs and seccomp); the ones that
/// are off are printed on standard error.
pub fn local_launcher() -> anyhow::Result<Box<dyn launch::Launcher>> {
    use launch::Launcher as _;
    let launcher = sandbox::SandboxLauncher::new(sandbox::SandboxConfig::default())?;
    let off: Vec<String> = launcher
        .protections()
        .into_iter()
        .filter(|p| !p.on)
        .map(|p| format!("{} ({})", p.name, p.note))
        .collect();
    if !off.is_empty() {
        eprintln!("warning: sandbox protections off on this machine: {}", off.join("; "));
    }
    if !launcher.counts_cpu_time() {
        eprintln!(
            "note: no cgroup counts the bots' CPU time here (run as root for it), so moves are timed by \
             the wall clock: what else runs on this machine counts against them, which a server does not do"
        );
    }
    Ok(Box::new(launcher))
}

/// The launcher of `serve` and `worker`: the sandbox, refusing to run untrusted code without full
/// isolation unless `allow_insecure` (the `--allow-insecure-sandbox` flag) says otherwise.
pub fn server_launcher(allow_insecure: bool) -> anyhow::Result<std::sync::Arc<dyn launch::Launcher>> {
    let launcher = sandbox::SandboxLauncher::new(sandbox::SandboxConfig::default())?;
    sandbox::require_full_isolation(&launcher, allow_insecure)?;
    Ok(std::sync::Arc::new(launcher))
}
