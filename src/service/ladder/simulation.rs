//! A simulated ladder against a simulated round robin, for `botarena bench`'s `ladder_accuracy`
//! and the capacity model: `n` entrants with hidden strengths `s` drawn from a standard normal
//! (the logit scale), each game won by `i` over `j` with probability `1 / (1 + e^(s_j - s_i))`
//! (no draws), no processes. The ladder goes through the real matchmaker and rating code, a
//! match of `games_per_match` games at a time, until the entrants have played on average `share`
//! of the matches a round robin gives each (`n - 1`); the round robin plays every pair once,
//! with the same model and seed, and ranks by games won.

use super::matchmaker::{next_match, Config, Entrant};
use super::rating::{update, Outcome, Rating};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

/// What a simulation measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcomes {
    pub entrants: usize,
    /// Kendall's tau-b between the ladder's order (by `mu - 3 sigma`) and the true order.
    pub ladder_tau: f64,
    /// Kendall's tau-b between the round robin's order (by games won) and the true order.
    pub round_robin_tau: f64,
    /// How many of the true ten strongest the ladder ranks in its top ten.
    pub top_ten: usize,
    /// The longest wait of an entrant without a game (from the start, between two games, and from
    /// its last game to the end), in matches played by the whole ladder.
    pub longest_wait: f64,
    /// The mean of the same waits.
    pub mean_wait: f64,
    /// Ladder matches and games played.
    pub matches: u64,
    pub games: u64,
}

/// Simulates `n` entrants (see the module's documentation).
pub fn simulate(n: usize, share: f64, games_per_match: u32, config: &Config, seed: u64) -> Outcomes {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let strength: Vec<f64> = (0..n).map(|_| standard_normal(&mut rng)).collect();
    let wins = |rng: &mut ChaCha8Rng, i: usize, j: usize| {
        rng.gen_bool(1.0 / (1.0 + (strength[j] - strength[i]).exp()))
    };

    // The round robin: every pair once, `games_per_match` games, ranked by games won.
    let mut rr_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut won = vec![0.0; n];
    for i in 0..n {
        for j in i + 1..n {
            for _ in 0..games_per_match {
                let w = if wins(&mut rr_rng, i, j) { i } else { j };
                won[w] += 1.0;
            }
        }
    }

    // The ladder.
    let mut entrants: Vec<Entrant<usize>> = (0..n)
        .map(|key| Entrant { key, rating: Rating::PRIOR, games: 0, last_played: 0, busy: false })
        .collect();
    let mut met: HashMap<(usize, usize), u32> = HashMap::new();
    let target = (share * n as f64 * (n - 1) as f64 / 2.0).round() as u64;
    let mut waits: Vec<f64> = Vec::new();
    let mut matches = 0;
    for turn in 0..target {
        let pair_met = |a: &usize, b: &usize| *met.get(&((*a).min(*b), (*a).max(*b))).unwrap_or(&0);
        let Some((a, b)) = next_match(&entrants, turn, pair_met, config, &mut rng) else { break };
        for g in 0..games_per_match {
            let (first, second) = if g % 2 == 0 { (a, b) } else { (b, a) };
            let outcome = if wins(&mut rng, first, second) { Outcome::Win } else { Outcome::Loss };
            let (r1, r2) = update(entrants[first].rating, entrants[second].rating, outcome);
            entrants[first].rating = r1;
            entrants[second].rating = r2;
        }
        let now = turn as i64 + 1;
        for i in [a, b] {
            waits.push((now - entrants[i].last_played) as f64);
            entrants[i].last_played = now;
            entrants[i].games += games_per_match;
        }
        *met.entry((a.min(b), a.max(b))).or_default() += 1;
        matches += 1;
    }
    let end = matches as i64;
    waits.extend(entrants.iter().map(|e| (end - e.last_played) as f64).filter(|w| *w > 0.0));

    let score: Vec<f64> = entrants.iter().map(|e| e.rating.conservative()).collect();
    let mut by_truth: Vec<usize> = (0..n).collect();
    by_truth.sort_by(|&a, &b| strength[b].total_cmp(&strength[a]));
    let mut by_ladder: Vec<usize> = (0..n).collect();
    by_ladder.sort_by(|&a, &b| score[b].total_cmp(&score[a]));
    let top_ten = by_ladder.iter().take(10).filter(|i| by_truth[..10.min(n)].contains(i)).count();
    Outcomes {
        entrants: n,
        ladder_tau: kendall_tau(&strength, &score),
        round_robin_tau: kendall_tau(&strength, &won),
        top_ten,
        longest_wait: waits.iter().copied().fold(0.0, f64::max),
        mean_wait: waits.iter().sum::<f64>() / waits.len().max(1) as f64,
        matches,
        games: matches * games_per_match as u64,
    }
}

/// A standard normal draw (Box–Muller).
fn standard_normal(rng: &mut impl Rng) -> f64 {
    let u: f64 = rng.gen_range(f64::EPSILON..1.0);
    let v: f64 = rng.gen_range(0.0..1.0);
    (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
}

/// Kendall's tau-b of two scorings of the same items (ties count for neither side).
pub fn kendall_tau(a: &[f64], b: &[f64]) -> f64 {
    let (mut concordant, mut discordant, mut ties_a, mut ties_b, mut pairs) = (0i64, 0i64, 0i64, 0i64, 0i64);
    for i in 0..a.len() {
        for j in i + 1..a.len() {
            let x = (a[i] - a[j]).signum() as i64 * ((a[i] != a[j]) as i64);
            let y = (b[i] - b[j]).signum() as i64 * ((b[i] != b[j]) as i64);
            pairs += 1;
            ties_a += (x == 0) as i64;
            ties_b += (y == 0) as i64;
            match x * y {
                1 => concordant += 1,
                -1 => discordant += 1,
                _ => {}
            }
        }
    }
    let denominator = (((pairs - ties_a) as f64) * ((pairs - ties_b) as f64)).sqrt();
    if denominator > 0.0 {
        (concordant - discordant) as f64 / denominator
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kendall_tau_is_one_for_the_same_order_minus_one_reversed_and_counts_ties() {
        let a = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(kendall_tau(&a, &[10.0, 20.0, 30.0, 40.0]), 1.0);
        assert_eq!(kendall_tau(&a, &[4.0, 3.0, 2.0, 1.0]), -1.0);
        // One swapped pair of six: (5 - 1) / 6.
        assert!((kendall_tau(&a, &[1.0, 3.0, 2.0, 4.0]) - 4.0 / 6.0).abs() < 1e-12);
        // A tie in b: 5 concordant, 0 discordant, over sqrt(6 x 5).
        assert!((kendall_tau(&a, &[1.0, 2.0, 2.0, 4.0]) - 5.0 / 30f64.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn a_small_ladder_orders_its_entrants_nearly_as_well_as_a_round_robin() {
        // 60 entrants, each playing on average half of its round robin matches.
        let o = simulate(60, 0.5, 2, &Config::default(), 11);
        assert_eq!(o.matches, (0.5f64 * 60.0 * 59.0 / 2.0).round() as u64);
        assert!(o.round_robin_tau > 0.8, "{o:?}");
        assert!(o.ladder_tau > 0.8 * o.round_robin_tau, "{o:?}");
        assert!(o.longest_wait <= 3.0 * o.mean_wait, "{o:?}");
    }
}
