//! botarena: a self-hosted online judge for two-player game bots.
//!
//! - [`games`]: the rules, pure and deterministic (the `botarena-games` crate in `crates/games`).
//! - [`similarity`]: copy detection's tokens and fingerprints (`crates/similarity`).
//! - [`judge`]: running bots (processes, limits, protocols, the referee).
//! - [`house`]: built-in bots.
//! - [`starters`]: the starter bots students copy, embedded from `starters/`.
//! - [`cli`]: the command line.
//! - [`config`]: typed configuration of the platform (flags and environment).
//! - [`db`]: PostgreSQL (embedded cluster or `DATABASE_URL`), migrations, queries.
//! - [`web`]: the axum server: pages and the JSON API.
//! - [`service`]: what the platform does (accounts, scheduling, rejudges, standings), called by
//!   the web, the jobs and the command line.
//! - [`scratch`]: the process's temporary directories, and the removal of dead processes' ones.
//! - [`jobs`]: background work in Postgres (the compile and game queues, the scoreboard refresher).

/// The rules live in their own crate (`crates/games`), so nothing in them can depend on the
/// judge, the database or the web server; re-exported here under their old path.
pub use botarena_games as games;
/// Copy detection's computing (tokens, fingerprints, shared regions), pure like the rules: the
/// `botarena-similarity` crate in `crates/similarity`.
pub use botarena_similarity as similarity;

pub mod cli;
pub mod config;
pub mod db;
pub mod house;
pub mod jobs;
pub mod judge;
pub mod locale;
pub mod scratch;
pub mod service;
pub mod starters;
pub mod web;
