//! The ladder's figures of `botarena bench` (`service::ladder::simulation`): a simulated
//! population of 1,000 entrants (300 with `--quick`) through the real matchmaker and rating code
//! until each has played on average 5 % of its round robin matches, against a round robin
//! simulated with the same model and seed. Simulated once on first use and handed out one by one.

use super::{Bench, Figure};
use crate::service::ladder::matchmaker::Config;
use crate::service::ladder::simulation::{simulate, Outcomes};

pub const LADDER_ACCURACY: &str = "ladder_accuracy";
pub const LADDER_TOP_TEN: &str = "ladder_top_ten";
pub const LADDER_LONGEST_WAIT: &str = "ladder_longest_wait";

/// Entrants of the simulation (`--quick`: fewer, a rougher figure).
pub const ENTRANTS: usize = 1000;
pub const QUICK_ENTRANTS: usize = 300;
/// The share of its round robin matches an entrant plays on average.
pub const SHARE: f64 = 0.05;
/// The simulation's seed: the same population every run.
pub const SEED: u64 = 33;

/// Simulates the ladder at `entrants` with the matchmaker's default settings, two games a match.
pub fn measure(entrants: usize) -> Outcomes {
    simulate(entrants, SHARE, 2, &Config::default(), SEED)
}

pub fn ladder_accuracy(bench: &mut Bench) -> anyhow::Result<Figure> {
    let o = bench.ladder();
    Ok(Figure::new(LADDER_ACCURACY, o.ladder_tau, "kendall_tau", "round_robin_tau", o.round_robin_tau))
}

pub fn ladder_top_ten(bench: &mut Bench) -> anyhow::Result<Figure> {
    let o = bench.ladder();
    Ok(Figure::new(LADDER_TOP_TEN, o.top_ten as f64, "entrants", "true_top_ten", 10.0))
}

pub fn ladder_longest_wait(bench: &mut Bench) -> anyhow::Result<Figure> {
    let o = bench.ladder();
    Ok(Figure::new(LADDER_LONGEST_WAIT, o.longest_wait, "matches", "mean_wait", o.mean_wait))
}
