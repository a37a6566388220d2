//! A ladder entrant's rating: the Weng–Lin Bayesian approximation (the Bradley–Terry variant of
//! `skillratings`), a skill `mu` and its uncertainty `sigma`, updated game by game. Entrants are
//! ranked by the conservative score `mu - 3 sigma`: a skill they have very probably at least,
//! so a newcomer with two lucky wins does not overtake a bot that has proved itself over a hundred.
//!
//! Bots do not change once submitted (a resubmission is a new entrant), so no dynamics term
//! widens `sigma` over time: the more games, the surer the rating.

use skillratings::weng_lin::{weng_lin, WengLinConfig, WengLinRating};
use skillratings::Outcomes;

/// The prior skill of a new entrant.
pub const PRIOR_MU: f64 = 25.0;
/// The prior uncertainty of a new entrant.
pub const PRIOR_SIGMA: f64 = 25.0 / 3.0;
/// The skill-class width: the win probability is `1 / (1 + e^-(mu_a - mu_b) / c)`, `c = sqrt(2
/// beta^2 + sigma_a^2 + sigma_b^2)`, so `c` rating points are one unit on the logit scale. Smaller
/// than the crate's default (25/6): with the prior `sigma` of 25/3, 1.5 is where the ladder orders
/// a simulated population best (`botarena bench`'s `ladder_accuracy`, see docs/bench.md).
pub const BETA: f64 = 1.5;

/// A skill estimate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub mu: f64,
    pub sigma: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::PRIOR
    }
}

/// One game's result, for the first of the two entrants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Rating {
    /// Where every new entrant starts.
    pub const PRIOR: Rating = Rating { mu: PRIOR_MU, sigma: PRIOR_SIGMA };

    /// The ranking score, `mu - 3 sigma`.
    pub fn conservative(&self) -> f64 {
        self.mu - 3.0 * self.sigma
    }

    /// The band of plausible skills, `mu ± 2 sigma` (about 95 %).
    pub fn band(&self) -> (f64, f64) {
        (self.mu - 2.0 * self.sigma, self.mu + 2.0 * self.sigma)
    }

    /// The rating scale's unit for a pair: the win probability is `1 / (1 + e^(-(mu_a - mu_b) / c))`.
    pub fn scale(&self, other: &Rating) -> f64 {
        (2.0 * BETA * BETA + self.sigma * self.sigma + other.sigma * other.sigma).sqrt()
    }

    /// The probability, under the model, that `self` beats `other`.
    pub fn win_probability(&self, other: &Rating) -> f64 {
        1.0 / (1.0 + (-(self.mu - other.mu) / self.scale(other)).exp())
    }
}

/// Both ratings after one game between `a` and `b` whose result for `a` is `outcome`.
pub fn update(a: Rating, b: Rating, outcome: Outcome) -> (Rating, Rating) {
    let outcome = match outcome {
        Outcome::Win => Outcomes::WIN,
        Outcome::Draw => Outcomes::DRAW,
        Outcome::Loss => Outcomes::LOSS,
    };
    let (a, b) =
        weng_lin(&a.into(), &b.into(), &outcome, &WengLinConfig { beta: BETA, ..Default::default() });
    (a.into(), b.into())
}

impl From<Rating> for WengLinRating {
    fn from(r: Rating) -> WengLinRating {
        WengLinRating { rating: r.mu, uncertainty: r.sigma }
    }
}

impl From<WengLinRating> for Rating {
    fn from(r: WengLinRating) -> Rating {
        Rating { mu: r.rating, sigma: r.uncertainty }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_raises_the_winner_lowers_the_loser_and_both_grow_surer() {
        let (a, b) = update(Rating::PRIOR, Rating::PRIOR, Outcome::Win);
        assert!(a.mu > PRIOR_MU && b.mu < PRIOR_MU, "{a:?} {b:?}");
        assert!(a.sigma < PRIOR_SIGMA && b.sigma < PRIOR_SIGMA);
        assert!((a.mu - PRIOR_MU + b.mu - PRIOR_MU).abs() < 1e-9, "equal priors move symmetrically");
        let (c, d) = update(Rating::PRIOR, Rating::PRIOR, Outcome::Draw);
        assert!((c.mu - PRIOR_MU).abs() < 1e-9 && (d.mu - PRIOR_MU).abs() < 1e-9);
        assert!(c.sigma < PRIOR_SIGMA);
    }

    #[test]
    fn the_conservative_score_ranks_a_proven_bot_above_a_lucky_newcomer() {
        let proven = Rating { mu: 30.0, sigma: 1.0 };
        let lucky = Rating { mu: 32.0, sigma: 6.0 };
        assert!(proven.conservative() > lucky.conservative());
        assert_eq!(proven.band(), (28.0, 32.0));
        let p = proven.win_probability(&Rating::PRIOR);
        assert!(p > 0.5 && p < 1.0);
        assert!((p + Rating::PRIOR.win_probability(&proven) - 1.0).abs() < 1e-12);
    }
}
