//! The service layer: what the platform does, independent of how it is asked — the web pages,
//! the JSON API, the command line and the background jobs all call it. It sits between them and
//! the storage (`db`) and the judge (`judge`); nothing here knows about HTTP or clap.
//!
//! - [`accounts`]: importing a roster, the rules of usernames, password changes and resets,
//!   disabling accounts.
//! - [`contests`]: creating a contest and its admin actions — settings, rejudge, freeze,
//!   disqualify, announcements — audited.
//! - [`announcements`]: a contest's announcements as a visit of its page sees (and marks read).
//! - [`tokens`]: API tokens — issuing, listing, revoking, and whose a presented one is.
//! - [`login`]: the login throttle, whose count is taken before a password is checked.
//! - [`password`]: hashing and checking passwords (bounded, so logins cannot exhaust memory).
//! - [`practice`]: a person against a bot in the browser (with [`bots`]: how a side of a game
//!   becomes a command the judge starts).
//! - [`submissions`]: the rules of a new submission (deadline, language, size, interval, the
//!   daily compute budget shared with test matches), and storing its compile and validity run.
//! - [`scheduler`]: the matches a newly compiled submission must play.
//! - [`matches`]: a claimed game's match started, its result recorded once, the match scored.
//! - [`house`]: the house bots' accounts and submissions that follow a contest's settings.
//! - [`rejudge`]: replaying a contest's current matches.
//! - [`scoreboard`]: computing, storing and freezing a contest's standings.
//! - [`test_matches`]: a full match of a student's current submission against an opponent they
//!   pick, on demand, outside the standings.
//! - [`ladder`]: the rated ladder: ratings, the matchmaker and its simulation.
//! - [`figures`]: the platform's benchmark figures on synthetic data (`botarena bench`).

pub mod accounts;
pub mod announcements;
pub mod bots;
pub mod capacity;
pub mod contests;
pub mod figures;
pub mod finals;
pub mod house;
pub mod ladder;
pub mod login;
pub mod matches;
pub mod metrics;
pub mod password;
pub mod practice;
pub mod rejudge;
pub mod scheduler;
pub mod scoreboard;
pub mod similarity;
pub mod submissions;
pub mod test_matches;
pub mod tokens;
