//! The command line: one binary, one subcommand per job. Each subcommand's arguments and its
//! `run` live in their own module here; the work itself lives in the library modules.

pub mod admin;
pub mod backup;
pub mod bench;
pub mod capacity;
pub mod contest;
pub mod house;
pub mod migrate;
pub mod play;
pub mod prune;
pub mod sandbox;
pub mod serve;
pub mod starter;
pub mod token;
pub mod users;
pub mod worker;

use clap::{Parser, Subcommand};

/// botarena: a self-hosted online judge for two-player game bots.
#[derive(Debug, Parser)]
#[command(name = "botarena", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a local match between two bots and print the result.
    Play(play::PlayArgs),
    /// Run a built-in bot that speaks a game's protocol on stdin/stdout.
    House(house::HouseArgs),
    /// Print a starter bot for a game in a language (or write it with -o FILE).
    Starter(starter::StarterArgs),
    /// Check the sandbox on this host, or measure its start cost.
    Sandbox(sandbox::SandboxArgs),
    /// Measure the judge's figures on this machine, each against its baseline (docs/bench.md).
    Bench(bench::BenchArgs),
    /// Cores, core-hours and times of a contest from the capacity model (docs/capacity.md).
    Capacity(capacity::CapacityArgs),
    /// Run the web server, the compile queue and a worker pool on this machine.
    Serve(serve::ServeArgs),
    /// Only a worker pool, for another machine (needs DATABASE_URL).
    Worker(worker::WorkerArgs),
    /// Apply the database migrations and exit.
    Migrate(migrate::MigrateArgs),
    /// Manage admin accounts.
    Admin(admin::AdminArgs),
    /// Manage user accounts (roster import).
    Users(users::UsersArgs),
    /// Manage contests.
    Contest(contest::ContestArgs),
    /// Manage API tokens.
    Token(token::TokenArgs),
    /// Write a consistent backup of the database to a file (pg_dump), also while serve runs.
    Backup(backup::BackupArgs),
    /// Load a backup into an empty database (a new data directory or DATABASE_URL), then migrate it.
    Restore(backup::RestoreArgs),
    /// Delete the games rejudges replaced before a date (audited; nothing else deletes a game).
    Prune(prune::PruneArgs),
}

/// Runs the parsed command; returns the process exit code.
pub fn run(cli: Cli) -> anyhow::Result<i32> {
    match cli.command {
        Command::Play(args) => play::run(args),
        Command::House(args) => house::run(args),
        Command::Starter(args) => starter::run(args),
        Command::Sandbox(args) => sandbox::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Capacity(args) => capacity::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Worker(args) => worker::run(args),
        Command::Migrate(args) => migrate::run(args),
        Command::Admin(args) => admin::run(args),
        Command::Users(args) => users::run(args),
        Command::Contest(args) => contest::run(args),
        Command::Token(args) => token::run(args),
        Command::Prune(args) => prune::run(args),
        Command::Backup(args) => backup::run_backup(args),
        Command::Restore(args) => backup::run_restore(args),
    }
}
