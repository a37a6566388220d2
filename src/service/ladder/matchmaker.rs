//! The ladder's matchmaker: whose turn it is to play, and against whom. Pure: it sees the
//! entrants (rating, games, when they last played, whether a match of theirs is already queued)
//! and how often each pair has met, and names the next pair; the database and the simulation of
//! `botarena bench` (`ladder_accuracy`) drive the same code.
//!
//! **Whose turn.** Turns alternate. On an even turn, the entrant whose last game (or, before its
//! first, its entry) is the oldest plays: a round of least-recently-played. On an odd turn, an
//! entrant still in its placement (fewer than `placement` games) plays first, the one with the
//! fewest games. Without one, the odd turn goes where a game buys the most order: to the entrant
//! with the largest `m^(2/3) / (games + 2)`, `m` the entrants whose `mu` lies within
//! `need_window` (in units of `sqrt(2) beta`) of its own (itself included), the oldest last game
//! on a tie. Kendall's tau counts discordant pairs, and an entrant in the crowded middle of the
//! table has many near neighbours whose order its error can swap, one in a sparse tail few: the
//! pairs it gets wrong grow as `m sigma`, and with a fixed number of games the sum of `m sigma` is
//! least with games in proportion to `m^(2/3)`, which this greedy choice tops up towards above the
//! even turns' equal share. Every `contender_every`-th odd turn is the contenders' instead: the
//! least recently played of the `contenders` best by `mu - 3 sigma`, so the top of the table,
//! where a rank matters most, is measured more finely (and its members meet each other, not only
//! the k nearest). So a newcomer plays its placement matches at once, and nobody starves: an
//! entrant that can still be matched waits at most `2 (N - 1)` turns between games, N the
//! entrants, whoever arrives meanwhile (everyone ahead of it in the least-recently-played order is
//! served, or skipped as busy, by an even turn and then lies behind it; a newcomer enters behind
//! it); the odd turns only ever serve it sooner. [`starvation_bound`] states it and the tests
//! check it.
//!
//! **Against whom.** Among the entrants not busy that the player has met fewer than
//! `max_repeats` times, an opponent is drawn with a probability that favours close ratings, above
//! and below alike: a Gaussian weight `exp(-d^2 / 2)` in `d = (mu_a - mu_b) / (width x c)`, `c`
//! the pair's scale (wider while either is uncertain); and with probability `random_share` a
//! uniformly random one instead, so the top meets the bottom now and then and no bot is only
//! ever matched by its neighbours.

use super::rating::{Rating, BETA};
use rand::Rng;

/// An entrant as the matchmaker sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entrant<K> {
    pub key: K,
    pub rating: Rating,
    /// Games played so far.
    pub games: u32,
    /// When it last played, or entered if it has not: any clock that only goes up (seconds, a
    /// turn number); only its order matters.
    pub last_played: i64,
    /// A match of it is queued or being played: it is not drawn until that one is over.
    pub busy: bool,
}

/// The matchmaker's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Matches between the same two entrants at most.
    pub max_repeats: u32,
    /// The share of opponents drawn uniformly at random (the floor of random opponents).
    pub random_share: f64,
    /// The Gaussian weight's width, in the pair's scale.
    pub width: f64,
    /// Games an entrant plays on the placement turns before it joins the common rotation.
    pub placement: u32,
    /// The entrants at the top of the ranking (by `mu - 3 sigma`) that get the contenders' turns.
    pub contenders: usize,
    /// Every `contender_every`-th odd turn (0: never) is a contenders' turn instead of a placement
    /// or need turn.
    pub contender_every: u64,
    /// The half-width of the window in which an entrant's neighbours are counted for the need
    /// turns, in units of `sqrt(2) beta` (the pair scale of two exactly known ratings); 0: no
    /// need turns (the odd turns without a placing entrant are least-recently-played).
    pub need_window: f64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_repeats: 10,
            random_share: 0.05,
            width: 0.3,
            placement: 8,
            contenders: 20,
            contender_every: 16,
            need_window: 0.5,
        }
    }
}

/// The most turns an entrant that can still be matched waits between two games, among `n`
/// entrants (see the module's documentation).
pub fn starvation_bound(n: usize) -> usize {
    2 * n.saturating_sub(1)
}

/// The next match on turn number `turn` (0, 1, 2, … over the contest's ladder matches): the
/// indices, in `entrants`, of the player whose turn it is and of its drawn opponent; `None` when
/// no free entrant has a free opponent it may still meet. `met(a, b)` is how many matches `a`
/// and `b` have played (or have queued) against each other.
pub fn next_match<K, R: Rng + ?Sized>(
    entrants: &[Entrant<K>],
    turn: u64,
    met: impl Fn(&K, &K) -> u32,
    config: &Config,
    rng: &mut R,
) -> Option<(usize, usize)> {
    let odd = turn % 2 == 1;
    let contenders_turn = odd
        && config.contender_every > 0
        && (turn / 2) % config.contender_every == config.contender_every - 1;
    let placing = odd && !contenders_turn && entrants.iter().any(|e| !e.busy && e.games < config.placement);
    let need_turn = odd && !contenders_turn && !placing && config.need_window > 0.0;
    let contender = contenders(entrants, if contenders_turn { config.contenders } else { 0 });
    let need = if need_turn { needs(entrants, config.need_window) } else { Vec::new() };
    // Lowest first. On a placement turn the placing entrants first, the fewest games first; on a
    // contenders' turn the contenders; on a need turn the greatest need; then the oldest last game.
    let key = |i: usize| -> (bool, f64, i64) {
        let e = &entrants[i];
        if contenders_turn {
            (!contender[i], 0.0, e.last_played)
        } else if need_turn {
            (false, -need[i], e.last_played)
        } else {
            let first = odd && e.games < config.placement;
            (!first, if first { e.games as f64 } else { 0.0 }, e.last_played)
        }
    };
    let before = |a: &usize, b: &usize| {
        let (x, y) = (key(*a), key(*b));
        x.0.cmp(&y.0).then(x.1.total_cmp(&y.1)).then(x.2.cmp(&y.2))
    };
    let mut order: Vec<usize> = (0..entrants.len()).filter(|&i| !entrants[i].busy).collect();
    // The first in the order nearly always has an opponent: find it by a scan, and sort only when
    // it has none.
    let first = order.iter().copied().min_by(before)?;
    if let Some(opponent) = draw_opponent(entrants, first, &met, config, rng) {
        return Some((first, opponent));
    }
    order.sort_by(before);
    order.into_iter().skip(1).find_map(|i| draw_opponent(entrants, i, &met, config, rng).map(|o| (i, o)))
}

/// Each entrant's need of a game on a need turn: `m^(2/3) / (games + 2)`, `m` the entrants
/// (itself included) whose `mu` lies within `window x sqrt(2) beta` of its own.
fn needs<K>(entrants: &[Entrant<K>], window: f64) -> Vec<f64> {
    let h = window * std::f64::consts::SQRT_2 * BETA;
    let mut mu: Vec<f64> = entrants.iter().map(|e| e.rating.mu).collect();
    mu.sort_by(f64::total_cmp);
    entrants
        .iter()
        .map(|e| {
            let m =
                mu.partition_point(|&x| x <= e.rating.mu + h) - mu.partition_point(|&x| x < e.rating.mu - h);
            (m as f64).powf(2.0 / 3.0) / (e.games as f64 + 2.0)
        })
        .collect()
}

/// Which entrants are among the `k` best by `mu - 3 sigma`.
fn contenders<K>(entrants: &[Entrant<K>], k: usize) -> Vec<bool> {
    let mut top = vec![false; entrants.len()];
    if k == 0 {
        return top;
    }
    let mut order: Vec<usize> = (0..entrants.len()).collect();
    let k = k.min(entrants.len());
    order.select_nth_unstable_by(k - 1, |&a, &b| {
        entrants[b].rating.conservative().total_cmp(&entrants[a].rating.conservative())
    });
    for &i in &order[..k] {
        top[i] = true;
    }
    top
}

/// An opponent for `entrants[player]`, drawn as the module's documentation says.
fn draw_opponent<K, R: Rng + ?Sized>(
    entrants: &[Entrant<K>],
    player: usize,
    met: &impl Fn(&K, &K) -> u32,
    config: &Config,
    rng: &mut R,
) -> Option<usize> {
    let me = &entrants[player];
    let eligible: Vec<usize> = (0..entrants.len())
        .filter(|&j| j != player && !entrants[j].busy && met(&me.key, &entrants[j].key) < config.max_repeats)
        .collect();
    if eligible.is_empty() {
        return None;
    }
    if rng.gen_bool(config.random_share.clamp(0.0, 1.0)) {
        return Some(eligible[rng.gen_range(0..eligible.len())]);
    }
    let weights: Vec<f64> = eligible
        .iter()
        .map(|&j| {
            let other = &entrants[j].rating;
            let d = (me.rating.mu - other.mu) / (config.width * me.rating.scale(other));
            (-d * d / 2.0).exp()
        })
        .collect();
    let total: f64 = weights.iter().sum();
    if !(total > 0.0 && total.is_finite()) {
        return Some(eligible[rng.gen_range(0..eligible.len())]);
    }
    let mut x = rng.gen_range(0.0..total);
    for (&j, w) in eligible.iter().zip(&weights) {
        if x < *w {
            return Some(j);
        }
        x -= w;
    }
    eligible.last().copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use std::collections::HashMap;

    fn population(n: usize) -> Vec<Entrant<usize>> {
        (0..n)
            .map(|i| Entrant {
                key: i,
                rating: Rating { mu: 10.0 + i as f64, sigma: 2.0 },
                games: 20,
                last_played: 0,
                busy: false,
            })
            .collect()
    }

    /// Plays `turns` turns (no results: ratings stay put), newcomers joining every `join_every`
    /// turns; returns the longest wait, in turns, of an entrant between two games (or from its
    /// entry to its first), and the most that a wait exceeded the bound of the entrants then.
    fn longest_wait(
        mut entrants: Vec<Entrant<usize>>,
        turns: u64,
        join_every: u64,
        config: &Config,
        odd_only: bool,
    ) -> (u64, i64) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut met: HashMap<(usize, usize), u32> = HashMap::new();
        let (mut longest, mut over) = (0, i64::MIN);
        for turn in 0..turns {
            if join_every > 0 && turn % join_every == 0 {
                let key = entrants.len();
                let mu = 10.0 + (key % 40) as f64;
                entrants.push(Entrant {
                    key,
                    rating: Rating { mu, sigma: 8.0 },
                    games: 0,
                    last_played: turn as i64,
                    busy: false,
                });
            }
            let pair_met = |a: &usize, b: &usize| *met.get(&((*a).min(*b), (*a).max(*b))).unwrap_or(&0);
            let number = if odd_only { 2 * turn + 1 } else { turn };
            let (a, b) = next_match(&entrants, number, pair_met, config, &mut rng).expect("a match");
            for i in [a, b] {
                let wait = turn - entrants[i].last_played as u64;
                longest = longest.max(wait);
                over = over.max(wait as i64 - starvation_bound(entrants.len()) as i64);
                entrants[i].last_played = turn as i64;
                entrants[i].games += 2;
            }
            let (ka, kb) = (entrants[a].key, entrants[b].key);
            *met.entry((ka.min(kb), ka.max(kb))).or_default() += 1;
        }
        (longest, over)
    }

    #[test]
    fn nobody_waits_longer_than_the_bound_even_while_newcomers_keep_arriving() {
        let config = Config { max_repeats: 1000, ..Config::default() };
        let (steady, over) = longest_wait(population(50), 2000, 0, &config, false);
        assert!(over <= 0 && steady >= 20, "longest wait {steady}, over the bound by {over}");
        // A newcomer every third turn, more than the placement turns can serve: every entrant,
        // old or new, still plays within the bound of the entrants at the time.
        let (joining, over) = longest_wait(population(50), 600, 3, &config, false);
        assert!(over <= 0, "longest wait {joining}, over the bound by {over}");
        // Without the alternation (every turn a placement turn), the old entrants would wait for
        // as long as newcomers keep coming.
        let placing_only = Config { contender_every: 0, ..config };
        let (_, over) = longest_wait(population(50), 600, 3, &placing_only, true);
        assert!(over > 0, "the bound is not trivially met");
    }

    #[test]
    fn a_newcomer_plays_its_placement_games_at_once() {
        let mut entrants = population(30);
        for (i, e) in entrants.iter_mut().enumerate() {
            e.last_played = i as i64;
        }
        entrants.push(Entrant { key: 99, rating: Rating::PRIOR, games: 0, last_played: 100, busy: false });
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let (a, b) = next_match(&entrants, 1, |_, _| 0, &Config::default(), &mut rng).unwrap();
        assert_eq!(entrants[a].key, 99, "the placement turn is the newcomer's");
        assert_ne!(b, a);
        let (a, _) = next_match(&entrants, 2, |_, _| 0, &Config::default(), &mut rng).unwrap();
        assert_eq!(entrants[a].key, 0, "an even turn is the least recently played one's");
    }

    #[test]
    fn a_contenders_turn_goes_to_the_least_recently_played_of_the_top() {
        let mut entrants = population(100);
        for (i, e) in entrants.iter_mut().enumerate() {
            e.last_played = i as i64;
        }
        // Without need turns, an odd turn with no one placing is least-recently-played.
        let config = Config { contenders: 5, contender_every: 2, need_window: 0.0, ..Config::default() };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
        // Turn 3 is the second odd turn: a contenders' turn; 95..100 are the best, 95 played first.
        let (a, _) = next_match(&entrants, 3, |_, _| 0, &config, &mut rng).unwrap();
        assert_eq!(a, 95);
        let (a, _) = next_match(&entrants, 1, |_, _| 0, &config, &mut rng).unwrap();
        assert_eq!(a, 0, "no one is placing: least recently played");
    }

    #[test]
    fn a_need_turn_goes_to_the_crowded_middle_unless_it_has_played_much_more() {
        // 0..30 a sparse table (one point apart), 30..40 a crowd at 50 (a twentieth apart).
        let mut entrants = population(40);
        for (i, e) in entrants.iter_mut().enumerate() {
            e.last_played = i as i64;
            if i >= 30 {
                e.rating.mu = 50.0 + (i - 30) as f64 / 20.0;
            }
        }
        let config = Config { contender_every: 0, ..Config::default() };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let (a, _) = next_match(&entrants, 1, |_, _| 0, &config, &mut rng).unwrap();
        assert_eq!(a, 30, "the crowd's least recently played");
        let (a, _) = next_match(&entrants, 2, |_, _| 0, &config, &mut rng).unwrap();
        assert_eq!(a, 0, "an even turn is still the least recently played one's");
        // Ten in the window at 60 games need a game less than three (itself and its two neighbours
        // one point away) at 20: 10^(2/3) / 62 < 3^(2/3) / 22.
        for e in &mut entrants[30..] {
            e.games = 60;
        }
        let (a, _) = next_match(&entrants, 1, |_, _| 0, &config, &mut rng).unwrap();
        assert_eq!(a, 1, "the least recently played of the sparse ones with two neighbours");
    }

    #[test]
    fn opponents_come_from_above_and_below_and_now_and_then_from_far_away() {
        let entrants = population(101);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let (mut above, mut below, mut far) = (0, 0, 0);
        for _ in 0..2000 {
            let o = draw_opponent(&entrants, 50, &|_: &usize, _: &usize| 0, &Config::default(), &mut rng)
                .unwrap();
            assert_ne!(o, 50);
            let d = o as i64 - 50;
            above += (d > 0) as u32;
            below += (d < 0) as u32;
            far += (d.abs() > 30) as u32;
        }
        assert!(above > 800 && below > 800, "above {above}, below {below}");
        // Only the random draws land more than 30 places away: random_share x 40 % of them.
        assert!(far > 15 && far < 80, "far {far}");
        // The leader's opponents all come from below: it is never left without a game.
        let o = draw_opponent(&entrants, 100, &|_: &usize, _: &usize| 0, &Config::default(), &mut rng);
        assert!(o.is_some_and(|o| o < 100));
    }

    #[test]
    fn a_pair_that_met_max_repeats_times_is_not_drawn_and_busy_entrants_are_skipped() {
        let mut entrants = population(3);
        let config = Config { max_repeats: 2, random_share: 0.0, ..Config::default() };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let met = |a: &usize, b: &usize| if (*a).min(*b) == 0 && (*a).max(*b) == 1 { 2 } else { 0 };
        for _ in 0..50 {
            let (a, b) = next_match(&entrants, 0, met, &config, &mut rng).unwrap();
            assert!(!(a.min(b) == 0 && a.max(b) == 1), "0 and 1 have met twice");
        }
        entrants[2].busy = true;
        assert_eq!(next_match(&entrants, 0, met, &config, &mut rng), None, "only 0 and 1 are free");
        entrants[2].busy = false;
        entrants[0].busy = true;
        let (a, b) = next_match(&entrants, 0, met, &config, &mut rng).unwrap();
        assert_eq!((a.min(b), a.max(b)), (1, 2));
    }
}
