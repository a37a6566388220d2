//! The service layer: what the platform does, independent of how it is asked — the web pages,
//! the JSON API, the command line and the background jobs all call it. It sits between them and
//! the storage (`db`) and the judge (`judge`); nothing here knows about HTTP or clap.
//!
//! - [`password`]: hashing and checking passwords (bounded, so logins cannot exhaust memory).
//! - [`scheduler`]: the matches a newly compiled submission must play.
//! - [`house`]: the house bots' accounts and submissions that follow a contest's settings.
//! - [`rejudge`]: replaying a contest's current matches.
//! - [`scoreboard`]: computing, storing and freezing a contest's standings.

pub mod house;
pub mod metrics;
pub mod password;
pub mod rejudge;
pub mod scheduler;
pub mod scoreboard;
