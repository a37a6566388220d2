//! The rated ladder (`format=ladder`): instead of a match per pair, matches chosen one at a time
//! by a matchmaker between the contest's current submissions, rated by a Bayesian skill model.
//!
//! - [`rating`]: Weng–Lin's `mu` and `sigma`, updated game by game; the conservative score.
//! - [`matchmaker`]: whose turn, and against whom (with its starvation bound).
//! - [`simulation`]: a simulated population through both, against a simulated round robin:
//!   `botarena bench`'s `ladder_accuracy` and the capacity model's ladder.
//! - [`schedule`]: the ladder in the database: a tick rates the matches that ended, enters new
//!   submissions and makes the next matches within the contest's budget.

pub mod matchmaker;
pub mod rating;
pub mod schedule;
pub mod simulation;
